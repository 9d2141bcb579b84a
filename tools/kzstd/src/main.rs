//! kzstd: a zstd-style command-line tool over the kernel's Rust zstd crates.

mod bench;
mod compress;

use clap::Parser;
use std::io::Read;
use std::process::ExitCode;

/// zstd-compatible CLI built from the same crates that run in the kernel.
#[derive(Parser, Debug)]
#[command(name = "kzstd", version, about)]
struct Cli {
    /// Print the XXH64 (seed 0) of each FILE (`-` is stdin), as `xxh64sum` does.
    #[arg(long = "xxh64")]
    xxh64: bool,
    /// Input files.
    files: Vec<String>,
}

fn read_input(name: &str) -> std::io::Result<Vec<u8>> {
    if name == "-" {
        let mut v = Vec::new();
        std::io::stdin().read_to_end(&mut v)?;
        Ok(v)
    } else {
        std::fs::read(name)
    }
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if compress::wants_compression(&args) {
        return compress::run(args);
    }
    let cli = Cli::parse();
    let mut status = ExitCode::SUCCESS;
    if cli.xxh64 {
        for f in &cli.files {
            match read_input(f) {
                Ok(d) => println!("{:016x}  {f}", xxhash::xxh64(&d, 0)),
                Err(e) => {
                    eprintln!("kzstd: {f}: {e}");
                    status = ExitCode::FAILURE;
                }
            }
        }
    }
    status
}
