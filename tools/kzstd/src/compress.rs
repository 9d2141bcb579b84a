// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Compression (the default mode): each input streamed through a `CStream` into one
//! frame, `FILE.zst` beside it unless `-c` / `-o`; the frame declares the content size
//! when the input is a regular file, as zstd's frames do. With `-D` each input is read
//! whole and compressed in one call with the dictionary digested for its size
//! (`zstd_compress_using_cdict`: no checksum, the dictionary's ID announced), as the
//! kernel's consumers use dictionaries.

use crate::args::Cli;
use crate::files::{check_overwrite, input_size, inputs, remove_source};
use crate::io::{open_input, read_input};
use crate::progress::Progress;
use crate::units::column;
use std::io::{BufWriter, IsTerminal, Read, Write};
use zstd_kernel::compress::{
    cctx_workspace_bound, cstream_workspace_bound, get_cparams, get_params, max_clevel, CCtx, CDict,
};
use zstd_kernel::{compress_bound, CStream, CONTENTSIZE_UNKNOWN};

const CHUNK: usize = 1 << 17;
/// CStream's largest window (its buffer indices are 32-bit).
const MAX_WINDOW_LOG: u32 = 31;

/// Bytes in and out of one input.
struct Sizes {
    read: u64,
    written: u64,
}

/// The window log `--long=#` asks for, shrunk to a known input size as zstd does.
fn long_window(log: u32, size: Option<u64>) -> u32 {
    match size {
        Some(s) => {
            let need = 64 - s.max(1).saturating_sub(1).leading_zeros();
            log.min(need.max(10))
        }
        None => log,
    }
}

/// `src` compressed in one call with the dictionary `dict` digested for its size.
fn compress_with_dict(src: &[u8], dict: &[u8], level: i32) -> Result<Vec<u8>, String> {
    let cp = get_cparams(level, src.len() as u64, dict.len());
    let mut dws = vec![0u8; CDict::workspace_bound(dict.len(), &cp)];
    let cdict = CDict::new(dict, cp, &mut dws).map_err(|e| e.message().to_string())?;
    let mut ws = vec![0u8; cctx_workspace_bound(&cp)];
    let mut cctx = CCtx::new(&mut ws).map_err(|e| e.message().to_string())?;
    cctx.set_dispatch(crate::cpu::encoder());
    let mut dst = vec![0u8; compress_bound(src.len())];
    let n = cctx
        .compress_using_cdict(&mut dst, src, &cdict)
        .map_err(|e| e.message().to_string())?;
    dst.truncate(n);
    Ok(dst)
}

fn compress_one(
    cli: &Cli,
    input: &str,
    level: i32,
    dict: Option<&[u8]>,
) -> Result<(Sizes, Option<String>), String> {
    let to_stdout =
        cli.stdout || cli.output.as_deref() == Some("-") || (input == "-" && cli.output.is_none());
    let out_name =
        (!to_stdout).then(|| cli.output.clone().unwrap_or_else(|| format!("{input}.zst")));
    if to_stdout && !cli.force && std::io::stdout().is_terminal() {
        return Err("stdout is a terminal, not writing compressed data to it (use -f)".into());
    }
    if let Some(o) = &out_name {
        check_overwrite(cli, o)?;
    }
    let size = input_size(input);
    let mut params = get_params(level, size.unwrap_or(0));
    params.fparams.checksum_flag = i32::from(!cli.no_check);
    if let Some(log) = cli.long {
        params.cparams.window_log = long_window(log, size);
    }
    let mut ws = vec![0u8; cstream_workspace_bound(&params.cparams)];
    let mut cs = CStream::new(&params, size.unwrap_or(CONTENTSIZE_UNKNOWN), &mut ws)
        .map_err(|e| e.message().to_string())?;
    cs.set_dispatch(crate::cpu::encoder());
    let mut reader = open_input(input).map_err(|e| e.to_string())?;
    let mut sink: Box<dyn Write> = match &out_name {
        None => Box::new(std::io::stdout().lock()),
        Some(o) => Box::new(BufWriter::new(
            std::fs::File::create(o).map_err(|e| format!("{o}: {e}"))?,
        )),
    };
    let mut progress = Progress::new(cli, input, size);
    if let Some(d) = dict {
        let mut src = Vec::new();
        reader.read_to_end(&mut src).map_err(|e| e.to_string())?;
        let frame = compress_with_dict(&src, d, level)?;
        let written = sink.write_all(&frame).and_then(|()| sink.flush());
        progress.finish();
        drop(sink);
        if let Err(e) = written {
            if let Some(o) = &out_name {
                let _ = std::fs::remove_file(o);
            }
            return Err(e.to_string());
        }
        let sizes = Sizes {
            read: src.len() as u64,
            written: frame.len() as u64,
        };
        return Ok((sizes, out_name));
    }
    let mut inbuf = vec![0u8; CHUNK];
    let mut outbuf = vec![0u8; compress_bound(CHUNK)];
    let mut sizes = Sizes {
        read: 0,
        written: 0,
    };
    let result = (|| -> Result<(), String> {
        loop {
            let n = reader.read(&mut inbuf).map_err(|e| e.to_string())?;
            if n == 0 {
                break;
            }
            let mut ip = 0;
            while ip < n {
                let (before, mut op) = (ip, 0);
                cs.compress_stream(&mut outbuf, &mut op, &inbuf[..n], &mut ip)
                    .map_err(|e| e.message().to_string())?;
                sink.write_all(&outbuf[..op]).map_err(|e| e.to_string())?;
                sizes.written += op as u64;
                if ip == before && op == 0 {
                    return Err("compressor made no progress".into());
                }
            }
            sizes.read += n as u64;
            progress.update(sizes.read, sizes.written);
        }
        loop {
            let mut op = 0;
            let left = cs
                .end_stream(&mut outbuf, &mut op)
                .map_err(|e| e.message().to_string())?;
            sink.write_all(&outbuf[..op]).map_err(|e| e.to_string())?;
            sizes.written += op as u64;
            if left == 0 {
                break;
            }
        }
        sink.flush().map_err(|e| e.to_string())
    })();
    progress.finish();
    drop(sink);
    if let Err(e) = result {
        if let Some(o) = &out_name {
            let _ = std::fs::remove_file(o);
        }
        return Err(e);
    }
    Ok((sizes, out_name))
}

/// Compresses every input; false when any failed.
pub fn run(cli: &Cli) -> bool {
    let dict = match &cli.dict {
        Some(d) => match read_input(d) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("kzstd: {d}: {e}");
                return false;
            }
        },
        None => None,
    };
    if dict.is_some() && cli.long.is_some() {
        eprintln!("kzstd: -D: --long is not supported with a dictionary");
        return false;
    }
    let level = match cli.compression_level(max_clevel()) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("kzstd: {e}");
            return false;
        }
    };
    if let Some(log) = cli.long {
        if !(10..=MAX_WINDOW_LOG).contains(&log) {
            eprintln!("kzstd: --long={log}: window log must be 10..{MAX_WINDOW_LOG}");
            return false;
        }
    }
    let (files, mut ok) = inputs(cli);
    if cli.output.is_some() && files.len() > 1 {
        eprintln!("kzstd: -o needs exactly one input file");
        return false;
    }
    if cli.threads != 1 && cli.display_level() >= 3 {
        eprintln!("kzstd: -T{}: compressing on one thread", cli.threads);
    }
    let (mut total_in, mut total_out, mut done) = (0u64, 0u64, 0u32);
    for f in &files {
        match compress_one(cli, f, level, dict.as_deref()) {
            Ok((s, out)) => {
                if let Err(e) = remove_source(cli, f, out.as_deref()) {
                    eprintln!("kzstd: {e}");
                    ok = false;
                }
                let summary =
                    cli.display_level() >= 3 || (cli.display_level() >= 2 && out.is_some());
                if summary && files.len() == 1 {
                    let pct = s.written as f64 * 100.0 / s.read.max(1) as f64;
                    eprintln!(
                        "{:20} :{pct:6.2}%   ({} => {}, {})",
                        f,
                        column(s.read, 6),
                        column(s.written, 6),
                        out.as_deref().unwrap_or("/*stdout*\\")
                    );
                }
                total_in += s.read;
                total_out += s.written;
                done += 1;
            }
            Err(e) => {
                eprintln!("kzstd: {f}: {e}");
                ok = false;
            }
        }
    }
    if files.len() > 1 && cli.display_level() >= 2 {
        let pct = total_out as f64 * 100.0 / total_in.max(1) as f64;
        eprintln!(
            "{done:3} files compressed : {pct:.2}% ({} => {})",
            column(total_in, 6),
            column(total_out, 6)
        );
    }
    ok
}

#[cfg(test)]
mod tests {
    use super::long_window;

    #[test]
    fn long_window_fits_known_sizes() {
        assert_eq!(long_window(27, None), 27);
        assert_eq!(long_window(27, Some(1 << 20)), 20);
        assert_eq!(long_window(27, Some((1 << 20) + 1)), 21);
        assert_eq!(long_window(24, Some(1 << 30)), 24);
        assert_eq!(long_window(27, Some(0)), 10);
    }
}
