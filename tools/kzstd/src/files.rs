// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Operands to inputs, as zstd treats them: `-` (or nothing) is standard input,
//! directories are walked with `-r` and refused without it, and `--rm` removes an input
//! only after its output was written and closed.

use crate::args::Cli;
use std::path::Path;

/// The inputs of a command line, and whether every operand was usable.
pub fn inputs(cli: &Cli) -> (Vec<String>, bool) {
    if cli.files.is_empty() {
        return (vec!["-".to_string()], true);
    }
    let mut out = Vec::new();
    let mut ok = true;
    for f in &cli.files {
        if f != "-" && Path::new(f).is_dir() {
            if cli.recursive {
                walk(Path::new(f), &mut out);
            } else {
                eprintln!("kzstd: {f} is a directory -- ignored");
                ok = false;
            }
        } else {
            out.push(f.clone());
        }
    }
    (out, ok)
}

/// Regular files under `dir`, depth first, in name order.
fn walk(dir: &Path, out: &mut Vec<String>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        eprintln!("kzstd: {}: cannot read directory", dir.display());
        return;
    };
    let mut entries: Vec<_> = rd.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if p.is_file() {
            out.push(p.to_string_lossy().into_owned());
        }
    }
}

/// Whether an output may be (over)written: refused when it exists without `-f`.
pub fn check_overwrite(cli: &Cli, out: &str) -> Result<(), String> {
    if !cli.force && Path::new(out).exists() {
        return Err(format!("{out} already exists; not overwritten (use -f)"));
    }
    Ok(())
}

/// After a successful run from `input` into the file `output`: removes the input for
/// `--rm` (never standard input, never when the output went to standard output).
pub fn remove_source(cli: &Cli, input: &str, output: Option<&str>) -> Result<(), String> {
    if !cli.rm || input == "-" || output.is_none() {
        return Ok(());
    }
    std::fs::remove_file(input).map_err(|e| format!("cannot remove {input}: {e}"))
}

/// Size of a regular file input (`None` for stdin and what cannot be sized).
pub fn input_size(input: &str) -> Option<u64> {
    if input == "-" {
        return None;
    }
    std::fs::metadata(input)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len())
}
