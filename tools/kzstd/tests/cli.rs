// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! kzstd's command line against Debian's `zstd` CLI (when installed) and the C library:
//! `-d`, `-t`, `-c`, `-o`, `-D`, `--memory`, `-f`, stdin, and error reporting.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kzstd() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kzstd"))
}

fn tmpdir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn data() -> Vec<u8> {
    let mut v = Vec::new();
    let mut s: u32 = 12345;
    while v.len() < 400_000 {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        if s.is_multiple_of(3) {
            v.extend_from_slice(b"kernel zstd command line test ");
        } else {
            v.push(s as u8);
        }
    }
    v
}

fn run(mut c: Command) -> Output {
    c.output().unwrap()
}

fn have_zstd_cli() -> bool {
    Command::new("zstd")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn decompress_modes_match_the_original() {
    let d = tmpdir("modes");
    let original = data();
    let z = zstd::bulk::compress(&original, 5).unwrap();
    let f = d.join("a.zst");
    std::fs::write(&f, &z).unwrap();

    // -d: default name strips .zst
    let o = run({
        let mut c = kzstd();
        c.arg("-d").arg("-q").arg(&f);
        c
    });
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read(d.join("a")).unwrap() == original);

    // existing output without -f is refused, with -f overwritten
    let o = run({
        let mut c = kzstd();
        c.arg("-d").arg(&f);
        c
    });
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("already exists"));
    std::fs::write(d.join("a"), b"junk").unwrap();
    assert!(run({
        let mut c = kzstd();
        c.args(["-d", "-f", "-q"]).arg(&f);
        c
    })
    .status
    .success());
    assert!(std::fs::read(d.join("a")).unwrap() == original);

    // -c to stdout, -o, stdin
    let o = run({
        let mut c = kzstd();
        c.args(["-d", "-c"]).arg(&f);
        c
    });
    assert!(o.status.success() && o.stdout == original);
    let out = d.join("named.bin");
    assert!(run({
        let mut c = kzstd();
        c.args(["-d", "-q", "-o"]).arg(&out).arg(&f);
        c
    })
    .status
    .success());
    assert!(std::fs::read(&out).unwrap() == original);
    let o = run({
        let mut c = kzstd();
        c.arg("-d").stdin(std::fs::File::open(&f).unwrap());
        c
    });
    assert!(o.status.success() && o.stdout == original);

    // -t
    let o = run({
        let mut c = kzstd();
        c.arg("-t").arg(&f);
        c
    });
    assert!(o.status.success());
}

fn expect_error(args: &[&str], file: &Path, needle: &str) {
    let o = kzstd().args(args).arg(file).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
    assert!(
        err.contains(&format!("kzstd: {}: ", file.display())) && err.contains(needle),
        "{args:?}: {err}"
    );
}

#[test]
fn errors_name_the_file_and_exit_1() {
    let d = tmpdir("errors");
    let original = data();
    let mut c = zstd::bulk::Compressor::new(3).unwrap();
    c.set_parameter(zstd::stream::raw::CParameter::ChecksumFlag(true))
        .unwrap();
    let z = c.compress(&original).unwrap();
    let trunc = d.join("trunc.zst");
    std::fs::write(&trunc, &z[..z.len() / 2]).unwrap();
    expect_error(&["-t"], &trunc, "Truncated input");
    let mut bad = z.clone();
    let n = bad.len();
    bad[n - 2] ^= 0x40; // inside the checksum
    let badf = d.join("bad.zst");
    std::fs::write(&badf, &bad).unwrap();
    expect_error(&["-t"], &badf, "Restored data doesn't match checksum");
    let notz = d.join("plain.zst");
    std::fs::write(&notz, b"hello, not zstd").unwrap();
    expect_error(&["-t"], &notz, "Unknown frame descriptor");
    // Output of a failed decode is removed.
    expect_error(&["-d", "-q"], &badf, "checksum");
    assert!(!d.join("bad").exists());
    // A window beyond --memory
    let mut c = zstd::bulk::Compressor::new(3).unwrap();
    c.set_parameter(zstd::stream::raw::CParameter::WindowLog(20))
        .unwrap();
    c.set_parameter(zstd::stream::raw::CParameter::ContentSizeFlag(false))
        .unwrap();
    let big = c.compress(&original).unwrap();
    let bigf = d.join("big.zst");
    std::fs::write(&bigf, &big).unwrap();
    expect_error(&["-t", "--memory=64KB"], &bigf, "too much memory");
    let o = kzstd()
        .args(["-t", "-q", "--memory=1MiB"])
        .arg(&bigf)
        .output()
        .unwrap();
    assert!(o.status.success());
}

#[test]
fn dictionary_and_debian_zstd_cli() {
    let d = tmpdir("cli");
    let samples: Vec<Vec<u8>> = (0..200u32)
        .map(|i| {
            format!("sample {i} of kernel zstd dictionary text {}", i * 7)
                .repeat(8)
                .into_bytes()
        })
        .collect();
    let dict = zstd::dict::from_samples(&samples, 4096).unwrap();
    let dictf = d.join("dict");
    std::fs::write(&dictf, &dict).unwrap();
    let original = samples.concat();
    let z = zstd::bulk::Compressor::with_dictionary(7, &dict)
        .unwrap()
        .compress(&original)
        .unwrap();
    let f = d.join("x.zst");
    std::fs::write(&f, &z).unwrap();
    let o = kzstd()
        .args(["-d", "-c", "-D"])
        .arg(&dictf)
        .arg(&f)
        .output()
        .unwrap();
    assert!(o.status.success() && o.stdout == original);
    expect_error(&["-d", "-c"], &f, "Dictionary mismatch");

    if !have_zstd_cli() {
        eprintln!("zstd CLI not installed: skipping the comparison with it");
        return;
    }
    // Frames made by Debian's zstd CLI, several levels and options; same output as it.
    let src = d.join("input.bin");
    std::fs::write(&src, data()).unwrap();
    for args in [
        &["-1"][..],
        &["-19"],
        &["--fast=3"],
        &["-3", "--no-check"],
        &["-6", "--long=24"],
    ] {
        let zf = d.join("cli.zst");
        let st = Command::new("zstd")
            .args(args)
            .args(["-q", "-f", "-o"])
            .arg(&zf)
            .arg(&src)
            .status()
            .unwrap();
        assert!(st.success());
        let ours = kzstd().args(["-d", "-c"]).arg(&zf).output().unwrap();
        let theirs = Command::new("zstd")
            .args(["-d", "-c", "--long=27"])
            .arg(&zf)
            .output()
            .unwrap();
        assert!(
            ours.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&ours.stderr)
        );
        assert!(ours.stdout == theirs.stdout, "{args:?}");
    }
}
