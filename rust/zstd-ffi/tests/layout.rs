// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The Rust `#[repr(C)]` side against the C headers: compiles the ABI probe
//! (`capi/abi/probe.c`) against `include/linux/*.h` with the system C compiler and checks
//! every size, alignment, field offset and enum value the Rust side relies on.
//! (`capi/abi/check.sh` checks the same probe against pristine Linux 6.12 headers.)

use std::collections::HashMap;
use std::mem::{align_of, offset_of, size_of};
use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;
use xxhash::{Xxh32State, Xxh64State};
use zstd_ffi::errors::KERNEL_CODES;
use zstd_ffi::types::*;

/// The probe's facts, computed once for all tests.
fn probe() -> &'static HashMap<String, u64> {
    static FACTS: OnceLock<HashMap<String, u64>> = OnceLock::new();
    FACTS.get_or_init(run_probe)
}

fn run_probe() -> HashMap<String, u64> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("abi-probe");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let status = Command::new(&cc)
        .args(["-std=gnu11", "-o"])
        .arg(&out)
        .arg("-I")
        .arg(root.join("include"))
        .arg("-I")
        .arg(root.join("capi/userspace"))
        .arg(root.join("capi/abi/probe.c"))
        .status()
        .unwrap_or_else(|e| panic!("cannot run the C compiler `{cc}` (install gcc): {e}"));
    assert!(status.success(), "probe.c does not compile");
    let text = String::from_utf8(Command::new(&out).output().unwrap().stdout).unwrap();
    let mut facts = HashMap::new();
    for line in text.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        match w.as_slice() {
            ["type", name @ .., "size", s, "align", a] => {
                let name = name.join(" ");
                facts.insert(format!("{name} size"), s.parse().unwrap());
                facts.insert(format!("{name} align"), a.parse().unwrap());
            }
            [field, "offset", o, "size", s] => {
                facts.insert(format!("{field} offset"), o.parse().unwrap());
                facts.insert(format!("{field} size"), s.parse().unwrap());
            }
            ["value", name, v] => {
                if let Ok(v) = v.parse::<i64>() {
                    facts.insert(name.to_string(), v as u64);
                }
            }
            _ => {}
        }
    }
    facts
}

macro_rules! check_type {
    ($facts:expr, $c:literal, $t:ty) => {
        assert_eq!($facts[concat!($c, " size")], size_of::<$t>() as u64, $c);
        assert_eq!($facts[concat!($c, " align")], align_of::<$t>() as u64, $c);
    };
}

macro_rules! check_fields {
    ($facts:expr, $c:literal, $t:ty, [$($f:ident),*]) => {
        check_type!($facts, $c, $t);
        let mut n = 0;
        $(
            let key = concat!($c, ".", stringify!($f));
            assert_eq!($facts[&format!("{key} offset")], offset_of!($t, $f) as u64, "{}", key);
            n += 1;
        )*
        // Every C field is covered.
        let c_fields = $facts.keys().filter(|k| k.starts_with(concat!($c, ".")) && k.ends_with(" offset")).count();
        assert_eq!(c_fields, n, "{} has fields the Rust side lacks", $c);
    };
}

#[test]
fn rust_layouts_match_the_c_headers() {
    let f = probe();
    check_fields!(
        f,
        "ZSTD_compressionParameters",
        ZSTD_compressionParameters,
        [
            windowLog,
            chainLog,
            hashLog,
            searchLog,
            minMatch,
            targetLength,
            strategy
        ]
    );
    check_fields!(
        f,
        "ZSTD_frameParameters",
        ZSTD_frameParameters,
        [contentSizeFlag, checksumFlag, noDictIDFlag]
    );
    check_fields!(f, "ZSTD_parameters", ZSTD_parameters, [cParams, fParams]);
    check_fields!(f, "ZSTD_inBuffer", ZSTD_inBuffer, [src, size, pos]);
    check_fields!(f, "ZSTD_outBuffer", ZSTD_outBuffer, [dst, size, pos]);
    check_fields!(
        f,
        "ZSTD_customMem",
        ZSTD_customMem,
        [customAlloc, customFree, opaque]
    );
    check_fields!(
        f,
        "ZSTD_frameHeader",
        ZSTD_frameHeader,
        [
            frameContentSize,
            windowSize,
            blockSizeMax,
            frameType,
            headerSize,
            dictID,
            checksumFlag
        ]
    );
    check_type!(f, "ZSTD_allocFunction", ZSTD_allocFunction);
    check_type!(f, "ZSTD_freeFunction", ZSTD_freeFunction);
    // The core's parameter structs are also #[repr(C)] with C's layout.
    check_type!(
        f,
        "ZSTD_compressionParameters",
        zstd_kernel::params::CParams
    );
    check_type!(f, "ZSTD_parameters", zstd_kernel::params::Params);
    // Enums are passed as C `unsigned int`.
    for e in ["ZSTD_ErrorCode", "ZSTD_strategy", "ZSTD_frameType_e"] {
        assert_eq!(f[&format!("{e} size")], 4, "{e}");
    }
    // The xxhash states have private fields: size and alignment here, field-level
    // compatibility in capi/tests/diff_xxhash.c (states shared with the kernel's C).
    check_type!(f, "struct xxh32_state", Xxh32State);
    check_type!(f, "struct xxh64_state", Xxh64State);
}

#[test]
fn enum_values_match_the_c_headers() {
    let f = probe();
    for c in KERNEL_CODES {
        assert_eq!(
            f[&format!("ZSTD_error_{c:?}")],
            u64::from(c.code()),
            "{c:?}"
        );
    }
    let n_c_codes = f.keys().filter(|k| k.starts_with("ZSTD_error_")).count();
    assert_eq!(n_c_codes, KERNEL_CODES.len());
    use zstd_kernel::params::Strategy;
    for (name, s) in [
        ("ZSTD_fast", Strategy::Fast),
        ("ZSTD_dfast", Strategy::Dfast),
        ("ZSTD_greedy", Strategy::Greedy),
        ("ZSTD_lazy", Strategy::Lazy),
        ("ZSTD_lazy2", Strategy::Lazy2),
        ("ZSTD_btlazy2", Strategy::Btlazy2),
        ("ZSTD_btopt", Strategy::Btopt),
        ("ZSTD_btultra", Strategy::Btultra),
        ("ZSTD_btultra2", Strategy::Btultra2),
    ] {
        assert_eq!(f[name], s as u64, "{name}");
    }
    assert_eq!(f["ZSTD_frame"], u64::from(ZSTD_frame));
    assert_eq!(f["ZSTD_skippableFrame"], u64::from(ZSTD_skippableFrame));
}
