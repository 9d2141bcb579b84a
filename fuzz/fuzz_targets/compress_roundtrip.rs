#![no_main]
// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Arbitrary input compressed by us at a fuzzer-chosen level (-7..=22), single shot and
//! streamed in fuzzer-chosen chunks with flushes, must decode with C libzstd to the input.
//! The single shot runs with every code variant of the entropy-coding loops (baseline
//! and, when the CPU has it, BMI2, with the row search's prefetch hints), which must
//! write the same bytes; the stream runs BMI2.
//! Pages of the input compressed with its first third as a digested dictionary must
//! decode with C given that dictionary.

use libfuzzer_sys::fuzz_target;
use zstd_kernel::compress::{get_cparams, get_params, Hot, GENERIC};
use zstd_kernel::{
    cctx_workspace_bound, compress_bound, cstream_workspace_bound, CCtx, CDict, CStream,
    Prefetch, CONTENTSIZE_UNKNOWN,
};

/// Prefetch hints as zstd-ffi's `CpuPrefetch` gives them (`prefetcht0`), checked: every
/// hint names an entry of the table it is given.
#[derive(Clone, Copy)]
struct Hints;

impl Prefetch for Hints {
    fn read<T>(self, s: &[T], i: usize) {
        assert!(i < s.len(), "hint at {i} past a table of {}", s.len());
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing architecturally and never faults.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(s.as_ptr().wrapping_add(i).cast());
        }
    }
}

/// The BMI2 variant with prefetch hints, as zstd-ffi's `cpu` module runs it (baseline
/// without BMI2).
fn bmi2(h: Hot) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
    {
        // SAFETY: the CPU has the features `run_bmi2` is compiled for.
        return unsafe { h.run_bmi2(Hints) };
    }
    h.run(Hints)
}

fuzz_target!(|data: &[u8]| {
    let Some((&ctl, src)) = data.split_first() else {
        return;
    };
    let level = i32::from(ctl % 30) - 7;
    let chunk = 1 + (usize::from(ctl) * 131) % 4099;
    let mut p = get_params(level, src.len() as u64);
    p.fparams.checksum_flag = i32::from(ctl & 1);

    let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
    let mut cctx = CCtx::new(&mut ws).unwrap();
    cctx.set_dispatch(GENERIC);
    let mut dst = vec![0u8; compress_bound(src.len())];
    let n = cctx.compress(&mut dst, src, &p).unwrap();
    // A fresh context (a reused one would continue after the first frame's indices).
    let mut cctx = CCtx::new(&mut ws).unwrap();
    cctx.set_dispatch(bmi2);
    let mut dst2 = vec![0u8; compress_bound(src.len())];
    let n2 = cctx.compress(&mut dst2, src, &p).unwrap();
    assert!(
        dst[..n] == dst2[..n2],
        "BMI2 and baseline variants differ, level {level}"
    );
    let back = zstd::bulk::decompress(&dst[..n], src.len()).expect("C rejects our frame");
    assert_eq!(back, src, "single shot, level {level}");

    // The parameters of a 128 KiB input (window log 17): at the optimal parser's levels
    // blocks are then also cut by their sequences.
    if level >= 13 {
        let mut p = get_params(level, 128 << 10);
        p.fparams.content_size_flag = i32::from(ctl & 2);
        let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
        let mut cctx = CCtx::new(&mut ws).unwrap();
        cctx.set_dispatch(bmi2);
        let n = cctx.compress(&mut dst2, src, &p).unwrap();
        let back = zstd::bulk::decompress(&dst2[..n], src.len()).expect("C rejects our frame");
        assert_eq!(back, src, "single shot, level {level}, window log 17");
    }

    // A digested dictionary (the input's first third, as raw content), pages of the rest
    // through one context (as zram): the dictionary attached or copied, tables reused.
    if src.len() >= 48 {
        let (dict, rest) = src.split_at(src.len() / 3);
        let page = 1 + usize::from(ctl) * 37 % 4096;
        let cp = get_cparams(level, page as u64, dict.len());
        let mut dws = vec![0u8; CDict::workspace_bound(dict.len(), &cp)];
        let cdict = CDict::new(dict, cp, &mut dws).unwrap();
        let mut ws = vec![0u8; cctx_workspace_bound(&cp)];
        let mut cctx = CCtx::new(&mut ws).unwrap();
        cctx.set_dispatch(bmi2);
        let mut d = zstd::bulk::Decompressor::with_dictionary(dict).unwrap();
        for piece in rest.chunks(page) {
            let n = cctx.compress_using_cdict(&mut dst2, piece, &cdict).unwrap();
            let back = d
                .decompress(&dst2[..n], piece.len())
                .expect("C rejects our dictionary frame");
            assert_eq!(back, piece, "dictionary, level {level}, page {page}");
        }
    }

    // Streaming: unknown size, chunked input, a flush after every chunk but the last.
    let mut sws = vec![0u8; cstream_workspace_bound(&p.cparams)];
    let mut cs = CStream::new(&p, CONTENTSIZE_UNKNOWN, &mut sws).unwrap();
    cs.set_dispatch(bmi2);
    let mut out = vec![0u8; compress_bound(src.len()) + 64 * (src.len() / chunk + 2)];
    let mut opos = 0;
    for (k, piece) in src.chunks(chunk).enumerate() {
        let mut ipos = 0;
        while ipos < piece.len() {
            cs.compress_stream(&mut out, &mut opos, piece, &mut ipos)
                .unwrap();
        }
        if k % 2 == 0 {
            while cs.flush_stream(&mut out, &mut opos).unwrap() != 0 {}
        }
    }
    while cs.end_stream(&mut out, &mut opos).unwrap() != 0 {}
    let back = zstd::stream::decode_all(&out[..opos]).expect("C rejects our stream");
    assert_eq!(back, src, "streamed, level {level}, chunk {chunk}");
});
