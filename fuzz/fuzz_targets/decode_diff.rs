#![no_main]
// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Arbitrary bytes through our single-shot decoder and C libzstd's: whatever C decodes,
//! ours must decode to the same bytes; whatever ours decodes, C must accept too.
//!
//! One known difference is allowed: C's single-shot path skips an RFC 8878 check that
//! its streaming path makes (a raw or RLE block larger than the window); ours makes it
//! on both paths. So when only C's single shot accepts, C's streaming decoder decides.
//!
//! Ours runs with every code variant of its hot loops (baseline and, when the CPU has
//! it, BMI2), which must agree exactly.

use libfuzzer_sys::fuzz_target;
use std::io::Read;
use zstd_kernel::decompress::{Dispatch, Hot, GENERIC};
use zstd_kernel::{dctx_workspace_bound, DCtx, Error};

/// Output capacity for both decoders.
const CAP: usize = 1 << 20;

/// The BMI2 variant, as zstd-ffi's `cpu` module runs it (baseline without BMI2).
fn bmi2(h: Hot) -> Result<usize, Error> {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
    {
        // SAFETY: the CPU has the features `run_bmi2` is compiled for.
        return unsafe { h.run_bmi2() };
    }
    h.run()
}

fn ours(data: &[u8], d: Dispatch) -> Result<Vec<u8>, Error> {
    let mut ws = vec![0u8; dctx_workspace_bound()];
    let mut dctx = DCtx::new(&mut ws).unwrap();
    dctx.set_dispatch(d);
    let mut dst = vec![0u8; CAP];
    dctx.decompress(&mut dst, data).map(|n| dst[..n].to_vec())
}

fuzz_target!(|data: &[u8]| {
    let ours = ours(data, bmi2);
    assert_eq!(
        ours,
        self::ours(data, GENERIC),
        "BMI2 and baseline variants differ"
    );
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
