// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! `--xxh64`: print the XXH64 (seed 0) of each input.

use crate::args::Cli;
use crate::io::read_input;

pub fn run(cli: &Cli) -> bool {
    let (files, mut ok) = crate::files::inputs(cli);
    for f in &files {
        match read_input(f) {
            Ok(d) => println!("{:016x}  {f}", xxhash::xxh64(&d, 0)),
            Err(e) => {
                eprintln!("kzstd: {f}: {e}");
                ok = false;
            }
        }
    }
    ok
}
