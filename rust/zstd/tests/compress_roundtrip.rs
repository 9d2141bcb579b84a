// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Our frames decode with the C library (and with our decoder) to the original input: every level on corpus
//! slices, upstream's golden compression inputs, dictionaries, streaming, random inputs.

mod rng;
use rng::Xorshift;
mod enc;

use enc::*;
use proptest::prelude::*;
use zstd_kernel::compress::{
    cctx_workspace_bound, compress_bound, cstream_workspace_bound, get_cparams, get_params, CCtx,
    CDict, CStream,
};
use zstd_kernel::params::Params;

fn compress(src: &[u8], p: &Params) -> Vec<u8> {
    let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
    let mut cctx = CCtx::new(&mut ws).unwrap();
    let mut dst = vec![0u8; compress_bound(src.len())];
    let n = cctx.compress(&mut dst, src, p).unwrap();
    dst.truncate(n);
    dst
}

fn check_level(src: &[u8], level: i32, checksum: bool) -> usize {
    let mut p = get_params(level, src.len() as u64);
    p.fparams.checksum_flag = i32::from(checksum);
    let frame = compress(src, &p);
    assert!(frame.len() <= compress_bound(src.len()));
    assert_eq!(
        c_decompress(&frame, src.len()),
        src,
        "level {level}, {} bytes",
        src.len()
    );
    frame.len()
}

#[test]
fn corpus_slices_every_level() {
    for name in CORPUS {
        let data = corpus(name, 1 << 20);
        for level in -5..=22 {
            let len = if level <= 12 { data.len() } else { 256 << 10 };
            check_level(&data[..len], level, level % 2 == 0);
        }
    }
}

#[test]
fn golden_compression_inputs_every_level() {
    let dir = shared().join("testdata/golden/golden-compression");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let data = std::fs::read(e.unwrap().path()).unwrap();
        for level in -5..=22 {
            check_level(&data, level, true);
        }
        n += 1;
    }
    assert_eq!(n, 4);
}

#[test]
fn small_windows_and_unknown_sizes() {
    let data = corpus("linux-src.tar", 1 << 20);
    for wlog in [10, 11, 12, 17] {
        for level in [1, 3, 5, 8] {
            let mut p = get_params(level, 0);
            p.cparams.window_log = wlog;
            p.fparams.content_size_flag = 0;
            let frame = compress(&data, &p);
            assert_eq!(c_decompress(&frame, data.len()), data);
        }
    }
}

#[test]
fn workspace_too_small_is_an_error() {
    let p = get_params(3, 1 << 20);
    // The bound includes up to 63 bytes to start the tables at a cache line: 64 fewer
    // is less than the tables need wherever the workspace starts.
    let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams) - 64];
    let mut cctx = CCtx::new(&mut ws).unwrap();
    let mut dst = vec![0u8; 1000];
    assert_eq!(
        cctx.compress(&mut dst, b"hello", &p),
        Err(zstd_kernel::Error::memory_allocation)
    );
    let p = get_params(3, 100);
    let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
    let mut cctx = CCtx::new(&mut ws).unwrap();
    let src = [7u8; 100];
    assert_eq!(
        cctx.compress(&mut [0u8; 5], &src, &p),
        Err(zstd_kernel::Error::dstSize_tooSmall)
    );
}

fn dict_roundtrip(dict: &[u8], samples: &[&[u8]], level: i32) {
    let cp = get_cparams(level, 4096, dict.len());
    let mut dws = vec![0u8; CDict::workspace_bound(dict.len(), &cp)];
    let cdict = CDict::new(dict, cp, &mut dws).unwrap();
    let mut ws = vec![0u8; cctx_workspace_bound(&cp)];
    let mut cctx = CCtx::new(&mut ws).unwrap();
    for s in samples {
        let mut dst = vec![0u8; compress_bound(s.len())];
        let n = cctx.compress_using_cdict(&mut dst, s, &cdict).unwrap();
        assert_eq!(
            c_decompress_dict(&dst[..n], s.len(), dict),
            *s,
            "level {level}"
        );
    }
}

#[test]
fn dictionaries_trained_raw_and_golden() {
    let data = corpus("linux-src.tar", 2 << 20);
    let pages: Vec<&[u8]> = data.chunks(4096).collect();
    let trained = zstd::dict::from_samples(&pages[..200], 16 << 10).unwrap();
    let golden = std::fs::read(
        shared().join("testdata/golden/golden-dictionaries/http-dict-missing-symbols"),
    )
    .unwrap();
    let http = std::fs::read(shared().join("testdata/golden/golden-compression/http")).unwrap();
    for level in [-3, 1, 3, 5, 9, 12, 19] {
        dict_roundtrip(&trained, &pages[200..260], level);
        dict_roundtrip(&data[..32 << 10], &pages[100..130], level);
        dict_roundtrip(
            &golden,
            &[&http[..], &http[..500], b"GET / HTTP/1.1"],
            level,
        );
    }
    // A trained dictionary helps: pages compress smaller than without it.
    let cp = get_cparams(3, 4096, trained.len());
    let mut dws = vec![0u8; CDict::workspace_bound(trained.len(), &cp)];
    let cdict = CDict::new(&trained, cp, &mut dws).unwrap();
    assert_eq!(
        cdict.dict_id(),
        u32::from_le_bytes(trained[4..8].try_into().unwrap())
    );
    let mut ws = vec![0u8; cctx_workspace_bound(&cp)];
    let mut cctx = CCtx::new(&mut ws).unwrap();
    let (mut with, mut without) = (0, 0);
    for p in &pages[200..260] {
        let mut dst = vec![0u8; compress_bound(p.len())];
        with += cctx.compress_using_cdict(&mut dst, p, &cdict).unwrap();
        without += compress(p, &get_params(3, 4096)).len();
    }
    println!("60 pages: {with} bytes with the dictionary, {without} without");
    assert!(with < without);
}

/// Streams `src` with the given chunk sizes, output buffer size and flush points;
/// checks every flushed prefix decodes to the input so far.
fn stream(
    src: &[u8],
    p: &Params,
    pledged: u64,
    chunks: &[usize],
    out_size: usize,
    flush_every: usize,
) -> Vec<u8> {
    let mut ws = vec![0u8; cstream_workspace_bound(&p.cparams)];
    let mut cs = CStream::new(p, pledged, &mut ws).unwrap();
    let mut frame = Vec::new();
    let mut out = vec![0u8; out_size];
    let mut fed = 0usize;
    let mut k = 0;
    while fed < src.len() {
        let n = chunks[k % chunks.len()].min(src.len() - fed);
        let input = &src[fed..fed + n];
        let mut ip = 0;
        loop {
            let mut op = 0;
            cs.compress_stream(&mut out, &mut op, input, &mut ip)
                .unwrap();
            frame.extend_from_slice(&out[..op]);
            if ip == input.len() {
                break;
            }
            assert_eq!(op, out.len(), "input left although output had room");
        }
        fed += n;
        k += 1;
        if flush_every > 0 && k % flush_every == 0 {
            loop {
                let mut op = 0;
                let left = cs.flush_stream(&mut out, &mut op).unwrap();
                frame.extend_from_slice(&out[..op]);
                if left == 0 {
                    break;
                }
            }
            let mut d = zstd::stream::raw::Decoder::new().unwrap();
            let mut prefix = vec![0u8; fed + 1];
            let mut ib = zstd::stream::raw::InBuffer::around(&frame);
            let mut ob = zstd::stream::raw::OutBuffer::around(&mut prefix[..]);
            use zstd::stream::raw::Operation;
            while ib.pos() < frame.len() {
                d.run(&mut ib, &mut ob).unwrap();
            }
            let got = ob.pos();
            assert_eq!(&prefix[..got], &src[..fed], "flushed prefix");
            assert_eq!(got, fed, "flushed prefix is complete");
        }
    }
    loop {
        let mut op = 0;
        let left = cs.end_stream(&mut out, &mut op).unwrap();
        frame.extend_from_slice(&out[..op]);
        if left == 0 {
            break;
        }
    }
    frame
}

#[test]
fn streaming_with_chunks_flushes_and_small_windows() {
    let data = corpus("x86-elf.bin", 1 << 20);
    let cases: [(i32, u32, &[usize], usize, usize); 7] = [
        (1, 17, &[1000, 7, 65536, 200_000], 4096, 3),
        // btlazy2 through a wrapping window: trees over the older segment.
        (13, 17, &[40_000, 4096], 4096, 4),
        (3, 17, &[131_072], 1 << 20, 0),
        (3, 10, &[3000, 1], 100, 5),
        (5, 12, &[50_000], 777, 2),
        (-3, 20, &[10_000], 65536, 7),
        (12, 18, &[300_000], 1 << 18, 1),
    ];
    for (level, wlog, chunks, out_size, flush) in cases {
        let mut p = get_params(level, 0);
        p.cparams.window_log = wlog;
        p.fparams.checksum_flag = 1;
        for pledged in [u64::MAX, data.len() as u64] {
            let frame = stream(&data, &p, pledged, chunks, out_size, flush);
            assert_eq!(
                c_decompress(&frame, data.len()),
                data,
                "level {level} wlog {wlog}"
            );
        }
    }
}

#[test]
fn streaming_pledged_size_mismatch_and_reuse() {
    let p = get_params(3, 0);
    let mut ws = vec![0u8; cstream_workspace_bound(&p.cparams)];
    let mut cs = CStream::new(&p, 10, &mut ws).unwrap();
    let mut out = vec![0u8; 1000];
    let (mut op, mut ip) = (0, 0);
    cs.compress_stream(&mut out, &mut op, b"12345", &mut ip)
        .unwrap();
    assert_eq!(
        cs.end_stream(&mut out, &mut op),
        Err(zstd_kernel::Error::srcSize_wrong)
    );
    cs.reset(3).unwrap();
    let (mut op, mut ip) = (0, 0);
    assert_eq!(
        cs.compress_stream(&mut out, &mut op, b"12345", &mut ip),
        Err(zstd_kernel::Error::srcSize_wrong)
    );
    // Empty frame, then a second frame on the same stream.
    cs.reset(u64::MAX).unwrap();
    let mut op = 0;
    assert_eq!(cs.end_stream(&mut out, &mut op).unwrap(), 0);
    assert_eq!(c_decompress(&out[..op], 10), b"");
    let (mut op, mut ip) = (0, 0);
    cs.compress_stream(&mut out, &mut op, b"again", &mut ip)
        .unwrap();
    assert_eq!(cs.end_stream(&mut out, &mut op).unwrap(), 0);
    assert_eq!(c_decompress(&out[..op], 10), b"again");
}

fn input_strategy() -> impl Strategy<Value = Vec<u8>> {
    let sizes = prop_oneof![
        0usize..300,
        131_000usize..131_200,
        262_100usize..262_200,
        0usize..(2 << 20)
    ];
    (sizes, 0u8..3, any::<u64>()).prop_map(|(n, kind, seed)| {
        let mut rng = Xorshift(seed | 1);
        let mut next = move || rng.next();
        match kind {
            0 => (0..n).map(|_| next() as u8).collect(),
            1 => {
                let period = (next() % 300 + 1) as usize;
                let pat: Vec<u8> = (0..period).map(|_| next() as u8).collect();
                (0..n)
                    .map(|i| {
                        if next() % 50 == 0 {
                            next() as u8
                        } else {
                            pat[i % period]
                        }
                    })
                    .collect()
            }
            _ => {
                const WORDS: [&str; 12] = [
                    "the ", "kernel ", "zstd ", "block ", "page ", "\n", "struct ", "return ",
                    "0x1f, ", "if (", ") {\n", "memory ",
                ];
                let mut v = Vec::with_capacity(n);
                while v.len() < n {
                    v.extend_from_slice(WORDS[(next() % 12) as usize].as_bytes());
                }
                v.truncate(n);
                v
            }
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn random_inputs_round_trip(src in input_strategy(), level in -5i32..=22, chunk in 1usize..200_000) {
        let level = if src.len() > (512 << 10) && level > 12 { level - 10 } else { level };
        check_level(&src, level, true);
        let mut p = get_params(level, 0);
        p.fparams.checksum_flag = 1;
        let frame = stream(&src, &p, src.len() as u64, &[chunk, chunk / 3 + 1], 1 << 16, 4);
        prop_assert_eq!(c_decompress(&frame, src.len()), src);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    /// Any sequence of streaming calls (tiny output buffers, resets, flushes, ends in
    /// any order) returns results or errors, never panics; a frame that the calls
    /// complete decodes to what was fed since the last reset.
    #[test]
    fn streaming_call_sequences_never_panic(ops in proptest::collection::vec((0u8..5, 0usize..70_000, 0usize..300), 1..40), level in -2i32..=6, wlog in 10u32..=18) {
        let data = corpus("anon-mem.bin", 1 << 20);
        let mut p = get_params(level, 0);
        p.cparams.window_log = wlog;
        p.fparams.checksum_flag = 1;
        let mut ws = vec![0u8; cstream_workspace_bound(&p.cparams)];
        let mut cs = CStream::new(&p, u64::MAX, &mut ws).unwrap();
        let (mut frame, mut fed, mut pos) = (Vec::new(), Vec::new(), 0usize);
        for (op, n, out_len) in ops {
            let mut out = vec![0u8; out_len];
            let mut op_pos = 0;
            match op {
                0 | 1 => {
                    let input = &data[pos % data.len()..(pos % data.len() + n).min(data.len())];
                    let mut ip = 0;
                    if cs.compress_stream(&mut out, &mut op_pos, input, &mut ip).is_ok() {
                        fed.extend_from_slice(&input[..ip]);
                        pos += ip;
                    }
                }
                2 => {
                    let _ = cs.flush_stream(&mut out, &mut op_pos);
                }
                3 => {
                    if let Ok(0) = cs.end_stream(&mut out, &mut op_pos) {
                        frame.extend_from_slice(&out[..op_pos]);
                        prop_assert_eq!(c_decompress(&frame, fed.len()), fed.clone());
                        frame.clear();
                        fed.clear();
                        continue;
                    }
                }
                _ => {
                    cs.reset(u64::MAX).unwrap();
                    frame.clear();
                    fed.clear();
                    continue;
                }
            }
            frame.extend_from_slice(&out[..op_pos]);
        }
    }
}

/// The optimal parser (levels 16-22) through one context: a frame's output does not
/// depend on the frames compressed before it (tables are kept between frames, the
/// parser's statistics are not), and every frame decodes with C.
#[test]
fn optimal_parser_frames_do_not_depend_on_earlier_frames() {
    let data = corpus("x86-elf.bin", 200_000);
    let other = corpus("linux-src.tar", 150_000);
    for level in 16..=22 {
        let p = get_params(level, data.len() as u64);
        let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
        let mut cctx = CCtx::new(&mut ws).unwrap();
        let mut frames = Vec::new();
        for src in [&data[..], &other[..50_000], &data[..]] {
            let mut dst = vec![0u8; compress_bound(src.len())];
            let n = cctx.compress(&mut dst, src, &p).unwrap();
            dst.truncate(n);
            assert_eq!(c_decompress(&dst, src.len()), src, "level {level}");
            frames.push(dst);
        }
        assert_eq!(frames[0], frames[2], "level {level}");
        assert_eq!(frames[0], compress(&data, &p), "level {level}");
    }
}
