// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! kzstd's compression command line: levels (`-#`, `--ultra`, `--fast`), `-c`, `-o`,
//! `-f`, `--no-check`, stdin, and `-b`; every output decodes with the C library.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

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
    (0..200_000u32)
        .flat_map(|i| format!("{} kernel page {}\n", i % 977, i % 13).into_bytes())
        .take(300_000)
        .collect()
}

#[test]
fn compresses_files_stdout_and_stdin() {
    let d = tmpdir("cli-compress");
    let src = d.join("in.txt");
    let data = data();
    std::fs::write(&src, &data).unwrap();
    for args in [
        vec!["-1"],
        vec!["-19"],
        vec!["--ultra", "-22"],
        vec!["--fast=3"],
        vec!["--no-check"],
        vec![],
    ] {
        let out = kzstd()
            .args(&args)
            .arg("-q")
            .arg("-f")
            .arg(&src)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let frame = std::fs::read(d.join("in.txt.zst")).unwrap();
        assert_eq!(
            zstd::bulk::decompress(&frame, data.len()).unwrap(),
            data,
            "{args:?}"
        );
    }
    // Without -f an existing output is kept and reported.
    let out = kzstd().arg("-q").arg(&src).output().unwrap();
    assert!(!out.status.success());
    // Levels above 19 need --ultra.
    let out = kzstd().args(["-20", "-c"]).arg(&src).output().unwrap();
    assert!(!out.status.success());
    // -c and -o.
    let out = kzstd().args(["-3", "-c"]).arg(&src).output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        zstd::bulk::decompress(&out.stdout, data.len()).unwrap(),
        data
    );
    let o = d.join("named.zst");
    assert!(kzstd()
        .args(["-5", "-q", "-o"])
        .arg(&o)
        .arg(&src)
        .status()
        .unwrap()
        .success());
    assert_eq!(
        zstd::bulk::decompress(&std::fs::read(&o).unwrap(), data.len()).unwrap(),
        data
    );
    // stdin to stdout.
    let mut child = kzstd()
        .arg("-2")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&data).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        zstd::bulk::decompress(&out.stdout, data.len()).unwrap(),
        data
    );
    // Our own decoder reads what we wrote.
    let back = kzstd().args(["-d", "-c"]).arg(&o).output().unwrap();
    assert!(back.status.success());
    assert_eq!(back.stdout, data);
}

#[test]
fn bench_prints_one_line_per_level() {
    let d = tmpdir("cli-bench");
    let src = d.join("bench.txt");
    std::fs::write(&src, &data()[..50_000]).unwrap();
    let out = kzstd()
        .args(["-b1", "-e2", "-i0"])
        .arg(&src)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(" 1#bench.txt") && text.contains(" 2#bench.txt"),
        "{text}"
    );
    assert!(text.contains("MB/s"));
    // The code variant the contexts run: the CPU's best, as the FFI shim picks it.
    #[cfg(target_arch = "x86_64")]
    let bmi2 = std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt");
    #[cfg(not(target_arch = "x86_64"))]
    let bmi2 = false;
    let want = if bmi2 { "code: bmi2" } else { "code: baseline" };
    assert!(text.contains(want), "{text}");
}

/// `-D` compresses with a dictionary (raw content here) in one call, as the kernel's
/// `zstd_compress_using_cdict`: the C library decodes each frame with the dictionary,
/// not without it, and pages that resemble the dictionary come out smaller with it.
/// `--long` is refused with it.
#[test]
fn dictionary_frames_decode_with_c() {
    let d = tmpdir("cli-dict");
    let data = data();
    let dict = &data[..64 << 10];
    std::fs::write(d.join("dict"), dict).unwrap();
    let mut dec = zstd::bulk::Decompressor::with_dictionary(dict).unwrap();
    for (k, level) in [1, 3, 9, 19].into_iter().enumerate() {
        // A page, and a piece larger than the small inputs that search the dictionary's
        // tables in place.
        for len in [4096, 100_000] {
            let at = 70_000 + k * 9_000;
            let piece = &data[at..at + len];
            let src = d.join("in");
            std::fs::write(&src, piece).unwrap();
            let run = |dict: bool| {
                let mut c = kzstd();
                c.args(["-q", "-f", "-c", &format!("-{level}")]);
                if dict {
                    c.arg("-D").arg(d.join("dict"));
                }
                let out = c.arg(&src).output().unwrap();
                assert!(
                    out.status.success(),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                out.stdout
            };
            let (with, without) = (run(true), run(false));
            assert_eq!(dec.decompress(&with, len).unwrap(), piece, "level {level}");
            assert!(zstd::bulk::decompress(&with, len).is_err(), "level {level}");
            if len == 4096 {
                assert!(
                    with.len() < without.len(),
                    "level {level}: {} bytes",
                    with.len()
                );
            }
        }
    }
    let refused = kzstd()
        .args(["-q", "-f", "--long=20", "-D"])
        .arg(d.join("dict"))
        .arg(d.join("in"))
        .output()
        .unwrap();
    assert!(!refused.status.success());
}
