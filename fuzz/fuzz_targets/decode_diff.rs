#![no_main]
// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Arbitrary bytes through our single-shot decoder and C libzstd's: whatever C decodes,
//! ours must decode to the same bytes; whatever ours decodes, C must accept too.
//!
//! One known difference is allowed: C's single-shot path skips an RFC 8878 check that
//! its streaming path makes (a raw or RLE block larger than the window); ours makes it
//! on both paths. So when only C's single shot accepts, C's streaming decoder decides.

use libfuzzer_sys::fuzz_target;
use std::io::Read;
use zstd_kernel::{dctx_workspace_bound, DCtx};

/// Output capacity for both decoders.
const CAP: usize = 1 << 20;

fuzz_target!(|data: &[u8]| {
    let mut ws = vec![0u8; dctx_workspace_bound()];
    let mut dctx = DCtx::new(&mut ws).unwrap();
    let mut dst = vec![0u8; CAP];
    let ours = dctx.decompress(&mut dst, data).map(|n| dst[..n].to_vec());
    let mut c = zstd::bulk::Decompressor::new().unwrap();
    // The kernel decoder's window limit (ZSTD_WINDOWLOG_LIMIT_DEFAULT, 2^27) for C too.
    c.window_log_max(27).unwrap();
    let theirs = c.decompress(data, CAP);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "ours and C decode differently"),
        (Err(e), Ok(b)) => {
            let mut s = Vec::new();
            let streamed = zstd::stream::read::Decoder::with_buffer(data)
                .and_then(|d| d.take(CAP as u64 + 1).read_to_end(&mut s));
            assert!(
                streamed.is_err(),
                "C decodes {} bytes (streaming too), ours fails: {e:?}",
                b.len()
            );
        }
        (Ok(a), Err(e)) => panic!("ours decodes {} bytes, C fails: {e}", a.len()),
        (Err(_), Err(_)) => {}
    }
});
