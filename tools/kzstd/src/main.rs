// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! kzstd: a zstd-style command-line tool over the kernel's Rust zstd crates.
//!
//! `args.rs` holds the one argument parser; each mode lives in its own file and
//! `files.rs` turns the operands into the inputs every mode walks.

mod args;
mod bench;
mod codec;
mod compress;
mod cpu;
mod decompress;
mod files;
mod io;
mod list;
mod progress;
mod units;
mod xxh64;

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match args::parse(std::env::args_os()) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let ok = if cli.xxh64 {
        xxh64::run(&cli)
    } else if cli.list {
        list::run(&cli)
    } else if cli.bench.is_some() {
        bench::run(&cli)
    } else if cli.decompress || cli.test {
        decompress::run(&cli)
    } else {
        compress::run(&cli)
    };
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
