// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Links Linux 6.12's own C decoder (lib/zstd, compiled in userspace by
//! `capi/kref/build.sh`) into the fuzz targets as a second oracle beside libzstd, every
//! global symbol renamed with a `kzref_` prefix: the two C libraries share internal names
//! (`HUF_*`, `FSE_*`, `ZSTD_*`). Without it (no kernel source), the targets build
//! against libzstd alone.

use std::env;
use std::fs;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(kernel_c)");
    println!("cargo:rerun-if-changed=build.rs");
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("..");
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    // Position-independent, as the fuzz targets are linked.
    let built = Command::new("bash")
        .arg(root.join("capi/kref/build.sh"))
        .args(["fuzz", "-fPIC"])
        .output();
    let lib = match built {
        Ok(o) if o.status.success() => PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()),
        _ => {
            println!("cargo:warning=the kernel's C (capi/kref/build.sh) did not build: libzstd is the only oracle");
            return;
        }
    };
    println!("cargo:rerun-if-changed={}", lib.display());
    let nm = Command::new("nm")
        .args(["--defined-only", "--extern-only", "--format=posix"])
        .arg(&lib)
        .output()
        .expect("nm");
    let mut map = String::new();
    for line in String::from_utf8_lossy(&nm.stdout).lines() {
        // Member headers end with ':'; symbol lines are "name type value size".
        if line.ends_with(':') {
            continue;
        }
        if let Some(name) = line.split_whitespace().next() {
            map.push_str(&format!("{name} kzref_{name}\n"));
        }
    }
    let syms = out.join("kzref.syms");
    fs::write(&syms, map).unwrap();
    let renamed = out.join("libkzref.a");
    let st = Command::new("objcopy")
        .arg(format!("--redefine-syms={}", syms.display()))
        .arg(&lib)
        .arg(&renamed)
        .status()
        .expect("objcopy");
    assert!(st.success(), "objcopy failed");
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=static=kzref");
    println!("cargo:rustc-cfg=kernel_c");
}
