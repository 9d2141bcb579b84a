// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Every code variant of the decoder's and the encoder's hot loops (`zstd_ffi::cpu`),
//! forced one at a time: each decodes every decodecorpus frame (with and without
//! dictionaries) to its published SHA-256, single shot and streaming, damaged frames give
//! every variant the same result (the same bytes or the same error), and every encoder
//! variant writes the baseline's bytes.

// The zstd crate's fixture helpers (`../shared`, SHA256SUMS.decoded, SHA-256 in hex).
#[path = "../../zstd/tests/common/mod.rs"]
mod common;

use common::{sha256_hex as hex, sums};
use std::path::PathBuf;
use zstd_ffi::cpu::{decoder_dispatch, encoder_dispatch, Variant};
use zstd_kernel::compress::get_params;
use zstd_kernel::decompress::{Dispatch, GENERIC};
use zstd_kernel::{
    cctx_workspace_bound, compress_bound, cstream_workspace_bound, dctx_workspace_bound,
    dstream_workspace_bound, get_frame_header, CCtx, CStream, DCtx, DDict, DStream, Error,
    FrameHeaderProgress, CONTENTSIZE_UNKNOWN,
};

fn testdata() -> PathBuf {
    common::shared().join("testdata")
}

/// The variants this CPU runs (the test says which it had to skip).
fn variants() -> Vec<(Variant, Dispatch)> {
    let mut v = Vec::new();
    for x in Variant::ALL {
        match decoder_dispatch(x) {
            Some(d) => v.push((x, d)),
            None => eprintln!("variant {x:?}: not supported by this CPU, skipped"),
        }
    }
    v
}

fn capacity(src: &[u8]) -> usize {
    match get_frame_header(src) {
        Ok(FrameHeaderProgress::Complete(h)) if h.frame_content_size != CONTENTSIZE_UNKNOWN => {
            (h.frame_content_size as usize).min(64 << 20)
        }
        _ => 4 << 20,
    }
}

fn single(d: Dispatch, src: &[u8], dict: Option<&DDict>, cap: usize) -> Result<Vec<u8>, Error> {
    let mut ws = vec![0u8; dctx_workspace_bound()];
    let mut dctx = DCtx::new(&mut ws)?;
    dctx.set_dispatch(d);
    let mut dst = vec![0u8; cap];
    let n = match dict {
        Some(dd) => dctx.decompress_using_ddict(&mut dst, src, dd)?,
        None => dctx.decompress(&mut dst, src)?,
    };
    dst.truncate(n);
    Ok(dst)
}

fn streamed<'a>(
    d: Dispatch,
    src: &[u8],
    dict: Option<&'a DDict<'a>>,
    chunk: usize,
) -> Result<Vec<u8>, Error> {
    let mut ws = vec![0u8; dstream_workspace_bound(8 << 20)];
    let mut ds = DStream::new(&mut ws)?;
    ds.set_dispatch(d);
    ds.set_ddict(dict);
    let mut out = Vec::new();
    let mut buf = vec![0u8; 4096];
    let mut ip = 0;
    loop {
        let end = (ip + chunk).min(src.len());
        let (mut cpos, mut opos) = (0, 0);
        let left = ds.decompress_stream(&mut buf, &mut opos, &src[ip..end], &mut cpos)?;
        ip += cpos;
        out.extend_from_slice(&buf[..opos]);
        if left == 0 && ip == src.len() {
            return Ok(out);
        }
        if cpos == 0 && opos == 0 && ip == src.len() {
            return Err(Error::srcSize_wrong);
        }
    }
}

fn check_set(set: &str) {
    let dir = testdata().join("decodecorpus").join(set);
    let dict_bytes = std::fs::read(dir.join("dictionary")).ok();
    let mut dws = vec![0u8; DDict::workspace_bound(dict_bytes.as_ref().map_or(0, |d| d.len()))];
    let dict = dict_bytes
        .as_deref()
        .map(|d| DDict::new(d, &mut dws).unwrap());
    let vs = variants();
    let mut n = 0;
    for (i, (name, want)) in sums(&dir).into_iter().enumerate() {
        let src = std::fs::read(dir.join(&name)).unwrap();
        for &(v, d) in &vs {
            let got = single(d, &src, dict.as_ref(), capacity(&src))
                .unwrap_or_else(|e| panic!("{set}/{name} {v:?}: {e:?}"));
            assert_eq!(hex(&got), want, "{set}/{name} {v:?}");
            if i % 4 == 0 {
                let s = streamed(d, &src, dict.as_ref(), 1 + i % 5000)
                    .unwrap_or_else(|e| panic!("{set}/{name} {v:?} streaming: {e:?}"));
                assert_eq!(hex(&s), want, "{set}/{name} {v:?} streaming");
            }
        }
        n += 1;
    }
    assert!(n >= 100, "{set}: only {n} frames");
}

#[test]
fn every_variant_decodes_plain_small() {
    check_set("plain-small");
}

#[test]
fn every_variant_decodes_plain_large() {
    check_set("plain-large");
}

#[test]
fn every_variant_decodes_with_dictionaries() {
    check_set("dict-a");
    check_set("dict-b");
}

/// Damaged frames: every variant returns what the baseline returns.
#[test]
fn variants_agree_on_damaged_frames() {
    let dir = testdata().join("decodecorpus/plain-small");
    let vs = variants();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut rng = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut compared = 0;
    for (name, _) in sums(&dir).into_iter().take(60) {
        let src = std::fs::read(dir.join(&name)).unwrap();
        for _ in 0..20 {
            let mut bad = src.clone();
            for _ in 0..1 + rng() % 3 {
                let at = (rng() as usize) % bad.len();
                bad[at] ^= 1 << (rng() % 8);
            }
            let results: Vec<_> = vs
                .iter()
                .map(|&(_, d)| single(d, &bad, None, 1 << 20))
                .collect();
            for (r, &(v, _)) in results.iter().zip(&vs) {
                assert_eq!(
                    r, &results[0],
                    "{name} damaged: {v:?} differs from baseline"
                );
            }
            compared += 1;
        }
    }
    assert!(compared >= 1000);
}

/// The encoder's variants this CPU runs.
fn encoder_variants() -> Vec<(Variant, zstd_kernel::compress::Dispatch)> {
    Variant::ALL
        .into_iter()
        .filter_map(|x| encoder_dispatch(x).map(|d| (x, d)))
        .collect()
}

/// One frame of `src` at `level` with dispatch `d`, single shot and streamed in pieces
/// of `chunk` bytes with a flush after each.
fn compress_both(
    d: zstd_kernel::compress::Dispatch,
    src: &[u8],
    level: i32,
    chunk: usize,
) -> (Vec<u8>, Vec<u8>) {
    let p = get_params(level, src.len() as u64);
    let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
    let mut cctx = CCtx::new(&mut ws).unwrap();
    cctx.set_dispatch(d);
    let mut one = vec![0u8; compress_bound(src.len())];
    let n = cctx.compress(&mut one, src, &p).unwrap();
    one.truncate(n);
    let mut sws = vec![0u8; cstream_workspace_bound(&p.cparams)];
    let mut cs = CStream::new(&p, CONTENTSIZE_UNKNOWN, &mut sws).unwrap();
    cs.set_dispatch(d);
    let mut out = vec![0u8; compress_bound(src.len()) + 64 * (src.len() / chunk + 2)];
    let mut opos = 0;
    for piece in src.chunks(chunk) {
        let mut ipos = 0;
        while ipos < piece.len() {
            cs.compress_stream(&mut out, &mut opos, piece, &mut ipos)
                .unwrap();
        }
        while cs.flush_stream(&mut out, &mut opos).unwrap() != 0 {}
    }
    while cs.end_stream(&mut out, &mut opos).unwrap() != 0 {}
    out.truncate(opos);
    (one, out)
}

/// Every encoder variant writes the same bytes as the baseline, single shot and
/// streamed, at fast, lazy and optimal levels, on the decoded decodecorpus frames and
/// zstd's golden compression inputs; the frames decode back to the input.
#[test]
fn every_encoder_variant_writes_the_baseline_bytes() {
    let vs = encoder_variants();
    let mut inputs = Vec::new();
    for set in ["plain-small", "plain-large"] {
        let dir = testdata().join("decodecorpus").join(set);
        for (name, _) in sums(&dir).into_iter().step_by(7) {
            let src = std::fs::read(dir.join(&name)).unwrap();
            inputs.push(single(GENERIC, &src, None, capacity(&src)).unwrap());
        }
    }
    let golden = testdata().join("golden/golden-compression");
    for e in std::fs::read_dir(&golden).unwrap() {
        inputs.push(std::fs::read(e.unwrap().path()).unwrap());
    }
    let mut compared = 0;
    for (i, src) in inputs.iter().enumerate() {
        let level = [-3, 1, 2, 3, 5, 9, 13, 19][i % 8];
        let chunk = 1000 + 37 * i;
        let (one, streamed) = compress_both(vs[0].1, src, level, chunk);
        for (out, cap) in [(&one, src.len()), (&streamed, src.len())] {
            assert_eq!(
                &single(GENERIC, out, None, cap.max(1)).unwrap(),
                src,
                "input {i}"
            );
        }
        for &(v, d) in &vs[1..] {
            let (o, s) = compress_both(d, src, level, chunk);
            assert!(
                o == one,
                "input {i} level {level}: {v:?} single shot differs"
            );
            assert!(
                s == streamed,
                "input {i} level {level}: {v:?} streamed differs"
            );
            compared += 1;
        }
    }
    assert!(inputs.len() >= 30);
    if vs.len() < 2 {
        eprintln!("only the baseline encoder runs on this CPU");
    } else {
        assert!(compared >= 30);
    }
}
