// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Helpers shared by the decoder's integration tests.
#![allow(dead_code)]

use sha2::{Digest, Sha256};
use std::path::PathBuf;
use zstd_kernel::{dctx_workspace_bound, dstream_workspace_bound, DCtx, DDict, DStream, Error};

/// `../shared` from the repository root.
pub fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

pub fn sha256_hex(d: &[u8]) -> String {
    Sha256::digest(d)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// (file name, expected hash) from a `SHA256SUMS.decoded`.
pub fn sums(dir: &std::path::Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(dir.join("SHA256SUMS.decoded")).unwrap();
    text.lines()
        .filter_map(|l| {
            let (h, n) = l.split_once("  ")?;
            Some((n.trim_start_matches('*').to_string(), h.to_string()))
        })
        .collect()
}

/// Single-shot decode with a fresh context; `cap` bytes of output room.
pub fn decode(src: &[u8], dict: Option<&[u8]>, cap: usize) -> Result<Vec<u8>, Error> {
    let mut ws = vec![0u8; dctx_workspace_bound()];
    let mut dctx = DCtx::new(&mut ws)?;
    let mut dst = vec![0u8; cap];
    let n = match dict {
        Some(d) => {
            let mut dws = vec![0u8; DDict::workspace_bound(d.len())];
            let dd = DDict::new(d, &mut dws)?;
            dctx.decompress_using_ddict(&mut dst, src, &dd)?
        }
        None => dctx.decompress(&mut dst, src)?,
    };
    dst.truncate(n);
    Ok(dst)
}

/// Streaming decode feeding `in_chunk` bytes and offering `out_chunk` bytes at a time.
pub fn decode_stream(
    src: &[u8],
    dict: Option<&[u8]>,
    max_window: usize,
    in_chunk: usize,
    out_chunk: usize,
) -> Result<Vec<u8>, Error> {
    let mut ws = vec![0u8; dstream_workspace_bound(max_window)];
    let mut dws = vec![0u8; DDict::workspace_bound(dict.map_or(0, |d| d.len()))];
    let dd = match dict {
        Some(d) => Some(DDict::new(d, &mut dws)?),
        None => None,
    };
    let mut ds = DStream::new(&mut ws)?;
    ds.set_ddict(dd.as_ref());
    let mut out = Vec::new();
    let mut buf = vec![0u8; out_chunk];
    let mut ip = 0;
    let mut last;
    let mut stalls = 0;
    loop {
        let end = (ip + in_chunk).min(src.len());
        let chunk = &src[ip..end];
        let mut cpos = 0;
        let mut opos = 0;
        last = ds.decompress_stream(&mut buf, &mut opos, chunk, &mut cpos)?;
        ip += cpos;
        out.extend_from_slice(&buf[..opos]);
        if ip == src.len() && opos == 0 && cpos == 0 {
            stalls += 1;
            if stalls > 2 {
                break;
            }
        } else {
            stalls = 0;
        }
        if ip == src.len() && last == 0 {
            break;
        }
    }
    if last != 0 {
        return Err(Error::srcSize_wrong);
    }
    Ok(out)
}
