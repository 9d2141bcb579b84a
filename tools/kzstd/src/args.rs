// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! kzstd's one command line: clap options plus zstd's short forms (`-19`, `-b1`, `-T2`,
//! `-M64MB`, `--long`) rewritten into options clap parses.

use clap::{ArgAction, Parser};
use std::ffi::OsString;

/// zstd-compatible tool on the kernel's Rust zstd crates.
#[derive(Parser, Debug, Default)]
#[command(
    name = "kzstd",
    version,
    about = "zstd-compatible tool on the kernel's Rust zstd crates.\n\
Default mode: compress each FILE into FILE.zst (or with -c / -o).",
    after_help = "Levels: -1 .. -19 (default 3), -20 .. -22 with --ultra, --fast[=#] for negative \
levels. Short forms as in zstd: -#, -b#, -e#, -i#, -T#, -M#."
)]
pub struct Cli {
    /// Mode: decompress FILEs (output name: FILE without `.zst`).
    #[arg(
        short = 'd',
        long = "decompress",
        visible_alias = "uncompress",
        group = "mode"
    )]
    pub decompress: bool,
    /// Mode: test compressed FILEs (decompress and discard).
    #[arg(short = 't', long = "test", group = "mode")]
    pub test: bool,
    /// Mode: list information about compressed FILEs (-v for details).
    #[arg(short = 'l', long = "list", group = "mode")]
    pub list: bool,
    /// Mode: benchmark levels `-b#` to `-e#` (ratio, compression and decompression speed).
    #[arg(long = "bench", value_name = "#", num_args = 0..=1, default_missing_value = "3",
          allow_hyphen_values = true, group = "mode")]
    pub bench: Option<i32>,
    /// Mode: print the XXH64 (seed 0) of each FILE, as `xxh64sum` does.
    #[arg(long = "xxh64", group = "mode")]
    pub xxh64: bool,

    /// Compression level, also written `-#` as in zstd (`-19`); default 3.
    #[arg(long = "level", value_name = "#", allow_hyphen_values = true)]
    pub level: Option<i32>,
    /// Allow compression levels 20 to 22.
    #[arg(long)]
    pub ultra: bool,
    /// Negative (fastest) compression levels: --fast=# is level -#.
    #[arg(long, value_name = "#", num_args = 0..=1, default_missing_value = "1")]
    pub fast: Option<u32>,
    /// Long-distance window: window log # (default 27) when compressing; when
    /// decompressing, accept windows up to 2^#.
    #[arg(long, value_name = "#", num_args = 0..=1, default_missing_value = "27")]
    pub long: Option<u32>,
    /// Add a content checksum (default).
    #[arg(short = 'C', long = "check", overrides_with = "no_check")]
    pub check: bool,
    /// Do not add a content checksum.
    #[arg(long = "no-check", overrides_with = "check")]
    pub no_check: bool,
    /// Threads: accepted for compatibility; kzstd compresses on one thread.
    #[arg(short = 'T', long = "threads", value_name = "#", default_value_t = 1)]
    pub threads: u32,
    /// Benchmark up to level # (`-e#`).
    #[arg(long = "bench-end", value_name = "#", allow_hyphen_values = true)]
    pub bench_end: Option<i32>,
    /// Benchmark: seconds per measurement (`-i#`).
    #[arg(long = "bench-time", value_name = "#")]
    pub bench_time: Option<u32>,

    /// Use DICT as the dictionary (zstd format or raw content).
    #[arg(short = 'D', value_name = "DICT")]
    pub dict: Option<String>,
    /// Largest window accepted when decompressing, e.g. 128MB, 512KiB (default 128 MiB).
    #[arg(long = "memory", short = 'M', value_name = "SIZE", value_parser = parse_size)]
    pub memory: Option<u64>,

    /// Write to standard output.
    #[arg(short = 'c', long = "stdout")]
    pub stdout: bool,
    /// Write the result to OUT (one input only).
    #[arg(short = 'o', value_name = "OUT")]
    pub output: Option<String>,
    /// Overwrite existing output files.
    #[arg(short = 'f', long = "force")]
    pub force: bool,
    /// Keep input files (default).
    #[arg(short = 'k', long = "keep", overrides_with = "rm")]
    pub keep: bool,
    /// Remove each input file after it was processed successfully.
    #[arg(long = "rm", overrides_with = "keep")]
    pub rm: bool,
    /// Operate recursively on directories.
    #[arg(short = 'r')]
    pub recursive: bool,
    /// More messages (repeat for more).
    #[arg(short = 'v', long = "verbose", action = ArgAction::Count)]
    pub verbose: u8,
    /// Fewer messages (repeat to silence summaries and errors' details).
    #[arg(short = 'q', long = "quiet", action = ArgAction::Count)]
    pub quiet: u8,
    /// Show progress even when standard error is not a terminal.
    #[arg(long = "progress", overrides_with = "no_progress")]
    pub progress: bool,
    /// Never show progress.
    #[arg(long = "no-progress", overrides_with = "progress")]
    pub no_progress: bool,

    /// Input files or, with -r, directories (`-` or none: standard input).
    pub files: Vec<String>,
}

impl Cli {
    /// zstd's display level: 2 by default, -q lowers it, -v raises it.
    pub fn display_level(&self) -> i32 {
        2 + i32::from(self.verbose) - i32::from(self.quiet)
    }

    /// The compression level the options select.
    pub fn compression_level(&self, max: i32) -> Result<i32, String> {
        let level = match self.fast {
            Some(n) => -(n.clamp(1, 1 << 17) as i32),
            None => self.level.unwrap_or(3),
        };
        if level > 19 && !self.ultra {
            return Err(format!("level {level} requires --ultra"));
        }
        if level > max {
            return Err(format!("level {level} is above the maximum ({max})"));
        }
        Ok(level)
    }
}

/// Parses the process arguments.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(rewrite(args))
}

/// Rewrites zstd's attached-number short forms into long options.
pub fn rewrite(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let mut out = Vec::new();
    let mut rest_are_files = false;
    for (i, a) in args.into_iter().enumerate() {
        let s = a.to_string_lossy().into_owned();
        if i == 0 || rest_are_files {
            out.push(a);
            continue;
        }
        if s == "--" {
            rest_are_files = true;
            out.push(a);
        } else if let Some(r) = s.strip_prefix('-').filter(|r| digits(r)) {
            out.push(format!("--level={r}").into());
        } else if let Some(r) = s.strip_prefix("-b").filter(|r| r.is_empty() || digits(r)) {
            out.push(if r.is_empty() {
                "--bench".into()
            } else {
                format!("--bench={r}").into()
            });
        } else if let Some(r) = s.strip_prefix("-e").filter(|r| digits(r)) {
            out.push(format!("--bench-end={r}").into());
        } else if let Some(r) = s.strip_prefix("-i").filter(|r| digits(r)) {
            out.push(format!("--bench-time={r}").into());
        } else if let Some(r) = s.strip_prefix("-T").filter(|r| digits(r)) {
            out.push(format!("--threads={r}").into());
        } else {
            out.push(a);
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    fn p(a: &[&str]) -> Cli {
        parse(a.iter().map(OsString::from)).unwrap()
    }

    #[test]
    fn short_forms_are_rewritten() {
        let c = p(&["kzstd", "-19", "--ultra", "-T2", "-f", "x"]);
        assert_eq!((c.level, c.threads), (Some(19), 2));
        assert!(c.force && c.ultra);
        let c = p(&["kzstd", "-b1", "-e5", "-i2", "x"]);
        assert_eq!(
            (c.bench, c.bench_end, c.bench_time),
            (Some(1), Some(5), Some(2))
        );
        assert!(p(&["kzstd", "-22", "x"]).compression_level(22).is_err());
        assert_eq!(p(&["kzstd", "--fast=4"]).compression_level(22), Ok(-4));
        assert_eq!(p(&["kzstd", "--long"]).long, Some(27));
        assert_eq!(p(&["kzstd", "--long=24"]).long, Some(24));
        assert_eq!(p(&["kzstd", "-M64MB"]).memory, Some(64 << 20));
        assert_eq!(p(&["kzstd", "-vv", "-q"]).display_level(), 3);
        assert_eq!(p(&["kzstd", "--", "-19"]).files, ["-19"]);
    }

    #[test]
    fn modes_exclude_each_other_and_flags_override() {
        assert!(parse(["kzstd", "-d", "-l", "x"].map(OsString::from)).is_err());
        assert!(parse(["kzstd", "-t", "--xxh64", "x"].map(OsString::from)).is_err());
        let c = p(&["kzstd", "--rm", "-k"]);
        assert!(c.keep && !c.rm);
        let c = p(&["kzstd", "-k", "--rm"]);
        assert!(c.rm && !c.keep);
    }
}
