#![no_main]
// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Arbitrary bytes through our single-shot decoder and C libzstd's: whatever C decodes,
//! ours must decode to the same bytes; whatever ours decodes, C must accept too.
//!
//! C is libzstd and, when `build.rs` could build it, Linux 6.12's own lib/zstd (zstd
//! 1.5.2). Where the two C versions differ, ours must agree with one of them:
//! - C's single-shot path skips an RFC 8878 check that its streaming path makes (a raw
//!   or RLE block larger than the window); ours makes it on both paths. So when only C's
//!   single shot accepts, C's streaming decoder decides.
//! - libzstd 1.5.5 and later decode 4-stream Huffman literals in fast loops that do not
//!   check that each stream is read to its end; the kernel's C and ours reject such
//!   streams. When only libzstd accepts, the kernel's C decides.
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

#[cfg(kernel_c)]
mod kernel {
    use std::ffi::c_void;

    extern "C" {
        fn kzref_kref_zstd_dctx_workspace_bound() -> usize;
        fn kzref_kref_zstd_init_dctx(ws: *mut c_void, size: usize) -> *mut c_void;
        fn kzref_kref_zstd_decompress_dctx(
            dctx: *mut c_void,
            dst: *mut c_void,
            cap: usize,
            src: *const c_void,
            len: usize,
        ) -> usize;
        fn kzref_kref_zstd_is_error(code: usize) -> u32;
    }

    /// The kernel's `zstd_decompress_dctx()` on `data`: the bytes, or `None` on error.
    pub fn decode(data: &[u8], cap: usize) -> Option<Vec<u8>> {
        // SAFETY: the workspace has the size the kernel's C asks for and outlives the
        // context; `dst` and `data` are valid for the lengths passed.
        unsafe {
            let mut ws = vec![0u8; kzref_kref_zstd_dctx_workspace_bound()];
            let dctx = kzref_kref_zstd_init_dctx(ws.as_mut_ptr().cast(), ws.len());
            assert!(!dctx.is_null());
            let mut dst = vec![0u8; cap];
            let n = kzref_kref_zstd_decompress_dctx(
                dctx,
                dst.as_mut_ptr().cast(),
                cap,
                data.as_ptr().cast(),
                data.len(),
            );
            if kzref_kref_zstd_is_error(n) != 0 {
                return None;
            }
            dst.truncate(n);
            Some(dst)
        }
    }
}

/// What the kernel's C decodes `data` to (`None`: it fails), when it is linked.
fn kernel(data: &[u8]) -> Option<Option<Vec<u8>>> {
    #[cfg(kernel_c)]
    return Some(kernel::decode(data, CAP));
    #[cfg(not(kernel_c))]
    {
        let _ = data;
        None
    }
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
                streamed.is_err() || kernel(data) == Some(None),
                "C decodes {} bytes (streaming too; the kernel's C: {:?}), ours fails: {e:?}",
                b.len(),
                kernel(data).map(|k| k.map(|v| v.len()))
            );
        }
        (Ok(a), Err(e)) => assert!(
            kernel(data).as_ref() == Some(&Some(a.clone())),
            "ours decodes {} bytes, C fails: {e}",
            a.len()
        ),
        (Err(_), Err(_)) => {}
    }
});
