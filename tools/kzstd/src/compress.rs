// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Compression front end of kzstd: zstd-style options, one frame per file.

use clap::Parser;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::process::ExitCode;
use zstd_kernel::compress::{cctx_workspace_bound, compress_bound, get_params, max_clevel, CCtx};

/// Options of `kzstd [-#] [--ultra] [--fast[=#]] [--no-check] [-f] [-q] [-v] [-c | -o OUT] FILE...`
/// and `kzstd -b# [-e#] [-i#] FILE...` (after `-19` style arguments are rewritten).
#[derive(Parser, Debug)]
#[command(
    name = "kzstd",
    about = "zstd-compatible compressor on the kernel's Rust zstd"
)]
pub struct Opts {
    /// Compression level (`-#`; default 3).
    #[arg(long = "level", allow_hyphen_values = true)]
    pub level: Option<i32>,
    /// Allow levels above 19.
    #[arg(long)]
    pub ultra: bool,
    /// Fast (negative) levels: `--fast=N` is level -N.
    #[arg(long, num_args = 0..=1, default_missing_value = "1")]
    pub fast: Option<u32>,
    /// Do not add a content checksum.
    #[arg(long = "no-check")]
    pub no_check: bool,
    /// Overwrite existing output files.
    #[arg(short = 'f', long = "force")]
    pub force: bool,
    /// Quiet.
    #[arg(short = 'q', long)]
    pub quiet: bool,
    /// Verbose.
    #[arg(short = 'v', long)]
    pub verbose: bool,
    /// Write to standard output.
    #[arg(short = 'c', long = "stdout")]
    pub stdout: bool,
    /// Output file (one input only).
    #[arg(short = 'o')]
    pub output: Option<String>,
    /// Benchmark from this level (`-b#`).
    #[arg(long = "bench", num_args = 0..=1, default_missing_value = "3", allow_hyphen_values = true)]
    pub bench: Option<i32>,
    /// Benchmark up to this level (`-e#`).
    #[arg(long = "bench-end", allow_hyphen_values = true)]
    pub bench_end: Option<i32>,
    /// Benchmark: minimum seconds per measurement (`-i#`).
    #[arg(long = "bench-time")]
    pub bench_time: Option<u32>,
    /// Input files (`-` or none: standard input).
    pub files: Vec<String>,
}

/// Rewrites zstd's short forms (`-19`, `-b1`, `-e5`) into long options clap parses.
pub fn preprocess(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut out = Vec::new();
    for a in args {
        let s = a.to_string_lossy().into_owned();
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if let Some(rest) = s.strip_prefix('-').filter(|r| digits(r)) {
            out.push(format!("--level={rest}").into());
        } else if let Some(rest) = s.strip_prefix("-b").filter(|r| r.is_empty() || digits(r)) {
            out.push(if rest.is_empty() {
                "--bench".into()
            } else {
                format!("--bench={rest}").into()
            });
        } else if let Some(rest) = s.strip_prefix("-e").filter(|r| digits(r)) {
            out.push(format!("--bench-end={rest}").into());
        } else if let Some(rest) = s.strip_prefix("-i").filter(|r| digits(r)) {
            out.push(format!("--bench-time={rest}").into());
        } else {
            out.push(a);
        }
    }
    out
}

/// True when the arguments ask for compression or benchmarking (not for a mode that
/// another front end handles: decompression, testing, listing, hashing, help).
pub fn wants_compression(args: &[OsString]) -> bool {
    !args.iter().skip(1).any(|a| {
        let s = a.to_string_lossy();
        matches!(
            s.as_ref(),
            "--xxh64"
                | "-d"
                | "--decompress"
                | "--uncompress"
                | "-t"
                | "--test"
                | "-l"
                | "--list"
                | "-h"
                | "--help"
                | "-V"
                | "--version"
        ) || (s.starts_with("-d") && !s.starts_with("--"))
    })
}

/// The level the options select.
pub fn level_of(o: &Opts) -> Result<i32, String> {
    let level = match o.fast {
        Some(n) => -(n.max(1) as i32),
        None => o.level.unwrap_or(3),
    };
    if level > 19 && !o.ultra {
        return Err(format!("level {level} requires --ultra"));
    }
    Ok(level.min(max_clevel()))
}

/// Compresses `src` into one frame with our encoder.
pub fn compress_frame(src: &[u8], level: i32, checksum: bool) -> Result<Vec<u8>, String> {
    let mut p = get_params(level, src.len() as u64);
    p.fparams.checksum_flag = i32::from(checksum);
    let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
    let mut cctx = CCtx::new(&mut ws).map_err(|e| format!("{e:?}"))?;
    let mut dst = vec![0u8; compress_bound(src.len())];
    let n = cctx
        .compress(&mut dst, src, &p)
        .map_err(|e| format!("{e:?}"))?;
    dst.truncate(n);
    Ok(dst)
}

fn read_all(name: &str) -> std::io::Result<Vec<u8>> {
    if name == "-" {
        let mut v = Vec::new();
        std::io::stdin().read_to_end(&mut v)?;
        Ok(v)
    } else {
        std::fs::read(name)
    }
}

/// Runs a compression command line (already known to be one).
pub fn run(args: Vec<OsString>) -> ExitCode {
    let o = match Opts::try_parse_from(preprocess(args)) {
        Ok(o) => o,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(1);
        }
    };
    if o.bench.is_some() {
        return crate::bench::run(&o);
    }
    let level = match level_of(&o) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("kzstd: {e}");
            return ExitCode::from(1);
        }
    };
    let files = if o.files.is_empty() {
        vec!["-".to_string()]
    } else {
        o.files.clone()
    };
    if o.output.is_some() && files.len() > 1 {
        eprintln!("kzstd: -o needs exactly one input file");
        return ExitCode::from(1);
    }
    let mut status = ExitCode::SUCCESS;
    for f in &files {
        if let Err(e) = compress_file(&o, f, level) {
            eprintln!("kzstd: {f}: {e}");
            status = ExitCode::from(1);
        }
    }
    status
}

fn compress_file(o: &Opts, f: &str, level: i32) -> Result<(), String> {
    let src = read_all(f).map_err(|e| e.to_string())?;
    let frame = compress_frame(&src, level, !o.no_check)?;
    let to_stdout = o.stdout || (f == "-" && o.output.is_none());
    let out_name = o.output.clone().unwrap_or_else(|| format!("{f}.zst"));
    if to_stdout {
        std::io::stdout()
            .write_all(&frame)
            .map_err(|e| e.to_string())?;
    } else {
        if !o.force && std::path::Path::new(&out_name).exists() {
            return Err(format!(
                "{out_name} already exists; not overwritten (use -f)"
            ));
        }
        std::fs::write(&out_name, &frame).map_err(|e| e.to_string())?;
    }
    if !o.quiet && (o.verbose || !to_stdout) {
        let pct = if src.is_empty() {
            100.0
        } else {
            frame.len() as f64 * 100.0 / src.len() as f64
        };
        let dest = if to_stdout {
            "stdout".to_string()
        } else {
            out_name
        };
        eprintln!(
            "{f:20} : {pct:6.2}%   ({} B => {} B, {dest})",
            src.len(),
            frame.len()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_forms_are_rewritten() {
        let a =
            preprocess(["kzstd", "-19", "--ultra", "-b1", "-e5", "-f", "x"].map(OsString::from));
        let o = Opts::try_parse_from(a).unwrap();
        assert_eq!(o.level, Some(19));
        assert_eq!((o.bench, o.bench_end), (Some(1), Some(5)));
        assert!(o.force && o.ultra);
        let o =
            Opts::try_parse_from(preprocess(["kzstd", "-22", "x"].map(OsString::from))).unwrap();
        assert!(level_of(&o).is_err());
        let o = Opts::try_parse_from(preprocess(["kzstd", "--fast=4", "x"].map(OsString::from)))
            .unwrap();
        assert_eq!(level_of(&o), Ok(-4));
        assert!(!wants_compression(
            &["kzstd", "-d", "x"].map(OsString::from)
        ));
        assert!(wants_compression(&["kzstd", "-3", "x"].map(OsString::from)));
    }

    #[test]
    fn frames_decode_with_c() {
        let src: Vec<u8> = (0..100_000u32)
            .flat_map(|i| (i % 251).to_le_bytes())
            .collect();
        for level in [-2, 1, 3, 19] {
            let f = compress_frame(&src, level, true).unwrap();
            assert_eq!(zstd::bulk::decompress(&f, src.len()).unwrap(), src);
        }
    }
}
