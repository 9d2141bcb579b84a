// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The encoder's prefetch hints (`zstd_kernel::prefetch`): a dispatch whose runner brings
//! hints gets them in the row search of levels 5-12 with large windows, and nowhere else,
//! and the output is the same bytes as without them (C's decoder checks it too).

mod enc;

use enc::{c_decompress, corpus};
use std::sync::atomic::{AtomicUsize, Ordering};
use zstd_kernel::compress::{get_params, Hot, GENERIC};
use zstd_kernel::{cctx_workspace_bound, compress_bound, CCtx, Prefetch};

/// Hints counted, per thread's test (each test runs in its own thread; the counter is
/// read only by the test that reset it, see `hints`).
static HINTS: AtomicUsize = AtomicUsize::new(0);
static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[derive(Clone, Copy)]
struct Counting;

impl Prefetch for Counting {
    fn read<T>(self, s: &[T], i: usize) {
        // A hint names an entry of its table.
        assert!(i < s.len(), "hint at {i} past a table of {}", s.len());
        HINTS.fetch_add(1, Ordering::Relaxed);
    }
}

fn counting(h: Hot<'_, '_, '_>) -> Option<usize> {
    h.run(Counting)
}

fn compress(src: &[u8], level: i32, hinted: bool) -> Vec<u8> {
    let p = get_params(level, src.len() as u64);
    let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
    let mut c = CCtx::new(&mut ws).unwrap();
    if hinted {
        c.set_dispatch(counting);
    }
    let mut dst = vec![0u8; compress_bound(src.len())];
    let n = c.compress(&mut dst, src, &p).unwrap();
    dst.truncate(n);
    dst
}

/// (frame with hints, hints given, frame without).
fn hints(src: &[u8], level: i32) -> (Vec<u8>, usize, Vec<u8>) {
    let _g = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    HINTS.store(0, Ordering::Relaxed);
    let hinted = compress(src, level, true);
    let n = HINTS.load(Ordering::Relaxed);
    (hinted, n, compress(src, level, false))
}

#[test]
fn row_search_gets_hints_and_same_output() {
    let src = corpus("linux-src.tar", 1 << 20);
    for level in [5, 7, 9, 12] {
        let (hinted, n, plain) = hints(&src, level);
        assert_eq!(hinted, plain, "level {level}: hints changed the output");
        assert_eq!(c_decompress(&hinted, src.len()), src, "level {level}");
        // Every position inserted or searched hints its rows 8 ahead: at least one hint
        // for every few bytes.
        assert!(
            n > src.len() / 8,
            "level {level}: {n} hints for {} bytes",
            src.len()
        );
    }
    // The default dispatch gives none (`GENERIC` runs `NoPrefetch`).
    let p = get_params(9, src.len() as u64);
    let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
    let mut c = CCtx::new(&mut ws).unwrap();
    c.set_dispatch(GENERIC);
    let mut dst = vec![0u8; compress_bound(src.len())];
    let n = c.compress(&mut dst, &src, &p).unwrap();
    assert_eq!(&dst[..n], &hints(&src, 9).2[..]);
}

#[test]
fn other_searches_get_none() {
    let src = corpus("x86-elf.bin", 1 << 20);
    // Fast, dfast, the chain search of small windows, btlazy2 and the optimal parser.
    for (level, len) in [
        (1, src.len()),
        (3, src.len()),
        (9, 16 << 10),
        (15, 256 << 10),
        (19, 256 << 10),
    ] {
        let (hinted, n, plain) = hints(&src[..len], level);
        assert_eq!(hinted, plain, "level {level}");
        assert_eq!(n, 0, "level {level}: {n} hints outside the row search");
    }
}
