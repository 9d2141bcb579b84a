// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! kzstd's everyday zstd flags, each checked against what Debian's `zstd` CLI does with
//! the same command line: `-k`/`--rm`, `-l`/`-lv`, `-r`, `-T#`, `--long[=#]`, `-v`,
//! `--progress`, and `--help` naming every mode.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const TOOLS: [&str; 2] = ["zstd", "kzstd"];

fn tool(name: &str) -> Command {
    if name == "zstd" {
        let ok = Command::new("zstd")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        assert!(
            ok,
            "Debian's zstd CLI is required (scripts/setup.sh installs it)"
        );
        Command::new("zstd")
    } else {
        Command::new(env!("CARGO_BIN_EXE_kzstd"))
    }
}

fn tmpdir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("flags")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn text(n: usize, seed: u32) -> Vec<u8> {
    let mut v = Vec::new();
    let mut s = seed | 1;
    while v.len() < n {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        v.extend_from_slice(format!("line {} of kzstd flag tests\n", s % 5000).as_bytes());
    }
    v.truncate(n);
    v
}

fn run(mut c: Command, dir: &Path) -> Output {
    c.current_dir(dir).stdin(Stdio::null()).output().unwrap()
}

/// Relative paths of the files under `dir`.
fn tree(dir: &Path) -> BTreeSet<String> {
    fn walk(base: &Path, d: &Path, out: &mut BTreeSet<String>) {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(base, &p, out);
            } else {
                out.insert(p.strip_prefix(base).unwrap().to_string_lossy().into_owned());
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(dir, dir, &mut out);
    out
}

#[test]
fn help_shows_every_mode_and_flag() {
    let o = tool("kzstd").arg("--help").output().unwrap();
    assert!(o.status.success());
    let help = String::from_utf8(o.stdout).unwrap();
    for flag in [
        "Default mode: compress",
        "--decompress",
        "--test",
        "--list",
        "--bench",
        "--xxh64",
        "--level",
        "--ultra",
        "--fast",
        "--long",
        "--threads",
        "--keep",
        "--rm",
        "-r ",
        "--verbose",
        "--quiet",
        "--progress",
        "--no-check",
        "--memory",
        "--stdout",
    ] {
        assert!(help.contains(flag), "--help lacks {flag}:\n{help}");
    }
    assert!(!help.contains("not available"));
}

#[test]
fn keep_and_rm_like_zstd() {
    let mut seen = Vec::new();
    for t in TOOLS {
        let d = tmpdir(&format!("rm-{t}"));
        for f in ["a", "b", "c", "e"] {
            std::fs::write(d.join(f), text(50_000, 7)).unwrap();
        }
        let mut steps = Vec::new();
        for args in [
            &["-q", "a"][..],
            &["-q", "--rm", "b"],
            &["-q", "-c", "--rm", "c"],
            &["-q", "--rm", "-k", "e"],
        ] {
            let mut c = tool(t);
            c.args(args);
            if args.contains(&"-c") {
                c.stdout(Stdio::null());
            }
            let st = c.current_dir(&d).status().unwrap();
            steps.push((args.join(" "), st.success(), tree(&d)));
        }
        // Decompressing with --rm removes the frame and restores the file.
        std::fs::remove_file(d.join("a")).unwrap();
        let o = run(
            {
                let mut c = tool(t);
                c.args(["-q", "-d", "--rm", "a.zst"]);
                c
            },
            &d,
        );
        steps.push(("-d --rm".into(), o.status.success(), tree(&d)));
        assert_eq!(std::fs::read(d.join("a")).unwrap(), text(50_000, 7));
        seen.push(steps);
    }
    assert_eq!(seen[0], seen[1], "zstd (left) and kzstd (right) differ");
    // The expected facts, independently of zstd: --rm removed b, kept c (stdout), kept e.
    let after = &seen[1][3].2;
    assert!(!after.contains("b") && after.contains("b.zst"));
    assert!(after.contains("c") && after.contains("e"));
}

#[test]
fn list_matches_zstd() {
    let d = tmpdir("list");
    std::fs::write(d.join("plain"), text(300_000, 3)).unwrap();
    std::fs::write(d.join("tiny"), b"tiny").unwrap();
    // One frame with content size and checksum, by each tool.
    for t in TOOLS {
        let o = run(
            {
                let mut c = tool(t);
                c.args(["-q", "-f", "-o", &format!("{t}.zst"), "plain"]);
                c
            },
            &d,
        );
        assert!(o.status.success());
    }
    // Unknown size, no checksum (from standard input), then concatenated with a
    // skippable frame and a checksummed frame.
    let piped = Command::new("zstd")
        .args(["-q", "-c", "--no-check", "-"])
        .stdin(std::fs::File::open(d.join("plain")).unwrap())
        .output()
        .unwrap();
    std::fs::write(d.join("stdin.zst"), &piped.stdout).unwrap();
    let mut multi = piped.stdout.clone();
    multi.extend_from_slice(&[0x53, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 1, 2, 3]);
    multi.extend_from_slice(&std::fs::read(d.join("zstd.zst")).unwrap());
    std::fs::write(d.join("multi.zst"), multi).unwrap();
    let o = run(
        {
            let mut c = tool("zstd");
            c.args(["-q", "-f", "tiny"]);
            c
        },
        &d,
    );
    assert!(o.status.success());

    let files = [
        "zstd.zst",
        "kzstd.zst",
        "stdin.zst",
        "multi.zst",
        "tiny.zst",
    ];
    let mut cases: Vec<Vec<&str>> = files.iter().map(|f| vec!["-l", f]).collect();
    cases.push([&["-l"][..], &files].concat());
    cases.extend(["zstd.zst", "kzstd.zst", "stdin.zst", "multi.zst"].map(|f| vec!["-lv", f]));
    for args in &cases {
        let out: Vec<Output> = TOOLS
            .iter()
            .map(|t| {
                let mut c = tool(t);
                c.args(args);
                run(c, &d)
            })
            .collect();
        assert!(out[1].status.success(), "{args:?}");
        let (a, b) = (
            String::from_utf8_lossy(&out[0].stdout),
            String::from_utf8_lossy(&out[1].stdout),
        );
        assert_eq!(a, b, "{args:?}: zstd (left) and kzstd (right) differ");
        assert!(b.lines().count() >= 2, "{args:?}: {b}");
    }
    // Errors: not a zstd file, missing file, standard input; both tools fail.
    for args in [&["-l", "plain"][..], &["-l", "missing.zst"], &["-l", "-"]] {
        for t in TOOLS {
            let mut c = tool(t);
            c.args(args);
            assert!(!run(c, &d).status.success(), "{t} {args:?} succeeded");
        }
    }
}

#[test]
fn recursive_like_zstd() {
    let mut trees = Vec::new();
    for t in TOOLS {
        let d = tmpdir(&format!("r-{t}"));
        std::fs::create_dir_all(d.join("top/sub/deeper")).unwrap();
        std::fs::write(d.join("top/one"), text(20_000, 1)).unwrap();
        std::fs::write(d.join("top/sub/two"), text(30_000, 2)).unwrap();
        std::fs::write(d.join("top/sub/deeper/three"), text(1_000, 3)).unwrap();
        // A directory without -r is refused and nothing is written.
        let mut c = tool(t);
        c.args(["-q", "top"]);
        let no_r = run(c, &d).status.success();
        let before = tree(&d);
        let mut c = tool(t);
        c.args(["-q", "-r", "top"]);
        let with_r = run(c, &d).status.success();
        let compressed = tree(&d);
        // Decompress everything back with -d -r --rm after removing the originals:
        // files without the .zst suffix are refused, so remove them first.
        for f in ["top/one", "top/sub/two", "top/sub/deeper/three"] {
            std::fs::remove_file(d.join(f)).unwrap();
        }
        let mut c = tool(t);
        c.args(["-q", "-d", "-r", "--rm", "top"]);
        let back = run(c, &d).status.success();
        assert_eq!(
            std::fs::read(d.join("top/sub/two")).unwrap(),
            text(30_000, 2)
        );
        trees.push((no_r, before, with_r, compressed, back, tree(&d)));
    }
    assert_eq!(trees[0], trees[1], "zstd (left) and kzstd (right) differ");
    let (no_r, _, with_r, compressed, _, _) = &trees[1];
    assert!(!no_r && *with_r);
    assert!(compressed.contains("top/sub/deeper/three.zst"));
}

#[test]
fn threads_and_long_window_like_zstd() {
    let d = tmpdir("long");
    // 3 MiB of noise twice: only a window above 3 MiB finds the repeat.
    let mut noise = Vec::with_capacity(3 << 20);
    let mut s: u64 = 0x9e37_79b9_7f4a_7c15;
    while noise.len() < 3 << 20 {
        s ^= s << 7;
        s ^= s >> 9;
        noise.extend_from_slice(&s.to_le_bytes());
    }
    let input = [noise.clone(), noise].concat();
    std::fs::write(d.join("in"), &input).unwrap();
    let mut sizes = Vec::new();
    for t in TOOLS {
        for args in [
            &["-T2"][..],
            &["-T0"],
            &["--threads=2"],
            &["--long=23", "-T2"],
        ] {
            let frame = d.join(format!("{t}.zst"));
            // From standard input: the frame declares its window, not a single segment.
            let st = tool(t)
                .args(args)
                .args(["-q", "-c", "-"])
                .stdin(std::fs::File::open(d.join("in")).unwrap())
                .stdout(std::fs::File::create(&frame).unwrap())
                .status()
                .unwrap();
            assert!(st.success(), "{t} {args:?}");
            sizes.push((t, args.join(" "), std::fs::metadata(&frame).unwrap().len()));
        }
        // The last frame has an 8 MiB window: refused under --memory=4MB by both
        // decoders (an explicit --memory wins over --long), accepted with 8 MB.
        for u in TOOLS {
            let dec = |extra: &[&str]| {
                tool(u)
                    .args(["-d", "-c", "-q"])
                    .args(extra)
                    .arg(d.join(format!("{t}.zst")))
                    .output()
                    .unwrap()
            };
            for refused in [&["--memory=4MB"][..], &["--memory=4MB", "--long=23"]] {
                assert!(
                    !dec(refused).status.success(),
                    "{u} {refused:?} on {t}'s frame"
                );
            }
            for accepted in [&["--memory=8MB"][..], &["--long=23"]] {
                let ok = dec(accepted);
                assert!(
                    ok.status.success() && ok.stdout == input,
                    "{u} {accepted:?} on {t}'s frame"
                );
            }
        }
    }
    for (t, args, n) in &sizes {
        let long = args.starts_with("--long");
        let limit = if long {
            input.len() * 55 / 100
        } else {
            input.len()
        };
        assert!((*n as usize) < limit + 1024, "{t} {args}: {n} bytes");
        assert!(
            long || *n as usize > input.len() * 95 / 100,
            "{t} {args}: {n} bytes"
        );
    }
}

#[test]
fn verbose_and_progress_like_zstd() {
    let d = tmpdir("verbose");
    std::fs::write(d.join("f"), text(120_000, 5)).unwrap();
    let mut lines = Vec::new();
    for t in TOOLS {
        let o = tool(t)
            .args(["-v", "-c", "f"])
            .current_dir(&d)
            .output()
            .unwrap();
        assert!(o.status.success());
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        // The summary line names the input and the output (standard output).
        let summary = err
            .lines()
            .find(|l| l.starts_with("f "))
            .unwrap_or_else(|| panic!("{t}: no summary in {err:?}"))
            .to_string();
        lines.push(summary);
        let o = tool(t)
            .args(["-c", "--progress", "f"])
            .current_dir(&d)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains('\r') && err.contains("Read"), "{t}: {err:?}");
        let o = tool(t)
            .args(["-q", "-c", "--no-progress", "f"])
            .current_dir(&d)
            .output()
            .unwrap();
        assert!(
            o.stderr.is_empty(),
            "{t}: {:?}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    // Same input and output names, same layout up to the ratio and the sizes.
    let shape = |l: &str| {
        let (name, rest) = l.split_once(':').unwrap();
        (
            name.to_string(),
            rest.ends_with(", /*stdout*\\)") || rest.contains("/*stdout*\\"),
        )
    };
    assert_eq!(shape(&lines[0]), shape(&lines[1]), "{lines:?}");
}
