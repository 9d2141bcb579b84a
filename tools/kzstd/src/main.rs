// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! kzstd: a zstd-style command-line tool over the kernel's Rust zstd crates.
//!
//! `main.rs` parses arguments; each mode lives in its own file.

mod decompress;
mod io;
mod xxh64;

mod bench;
mod compress;

use clap::Parser;
use std::process::ExitCode;

/// zstd-compatible CLI built from the same crates that run in the kernel.
#[derive(Parser, Debug)]
#[command(name = "kzstd", version, about)]
pub struct Cli {
    /// Decompress FILEs (default output name: FILE without `.zst`).
    #[arg(short = 'd', long = "decompress", visible_alias = "uncompress")]
    pub decompress: bool,
    /// Test: decompress FILEs and discard the output.
    #[arg(short = 't', long = "test")]
    pub test: bool,
    /// Use DICT as the dictionary.
    #[arg(short = 'D', value_name = "DICT")]
    pub dict: Option<String>,
    /// Write to standard output.
    #[arg(short = 'c', long = "stdout")]
    pub stdout: bool,
    /// Write the result to OUT (single input only).
    #[arg(short = 'o', value_name = "OUT")]
    pub output: Option<String>,
    /// Overwrite existing output files.
    #[arg(short = 'f', long = "force")]
    pub force: bool,
    /// Quiet: print only errors.
    #[arg(short = 'q', long = "quiet")]
    pub quiet: bool,
    /// Memory limit for decompression (largest window), e.g. 128MB, 512KiB. Default 128 MiB.
    #[arg(long = "memory", short = 'M', value_name = "SIZE", value_parser = parse_size)]
    pub memory: Option<u64>,
    /// Print the XXH64 (seed 0) of each FILE (`-` is stdin), as `xxh64sum` does.
    #[arg(long = "xxh64")]
    pub xxh64: bool,
    /// Input files (`-` is standard input).
    pub files: Vec<String>,
}

/// Parses a size with zstd's suffixes (K, KB, KiB, M, MB, MiB, G, GB, GiB: powers of 1024).
pub fn parse_size(s: &str) -> Result<u64, String> {
    let digits = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let (num, suffix) = s.split_at(digits);
    let n: u64 = num.parse().map_err(|_| format!("invalid size: {s}"))?;
    let shift = match suffix {
        "" => 0,
        "K" | "KB" | "KiB" | "k" => 10,
        "M" | "MB" | "MiB" => 20,
        "G" | "GB" | "GiB" => 30,
        _ => return Err(format!("invalid size suffix: {s}")),
    };
    n.checked_mul(1 << shift)
        .ok_or_else(|| format!("size too large: {s}"))
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if compress::wants_compression(&args) {
        return compress::run(args);
    }
    let cli = Cli::parse();
    let ok = if cli.xxh64 {
        xxh64::run(&cli)
    } else if cli.decompress || cli.test {
        decompress::run(&cli)
    } else {
        eprintln!("kzstd: compression is not available yet; use -d, -t or --xxh64");
        false
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
