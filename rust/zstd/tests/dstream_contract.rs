// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! `DStream`'s caller-facing contract against C libzstd's `ZSTD_decompressStream`: a
//! stream called again and again without progress gives up on the same call as C's, with
//! the 1.5.2 code of C's reason (the kernel's `zstd_decompress_stream` semantics), and
//! waits for a frame header as long as C does. (The hostage byte is checked against the
//! kernel's C by `make capi-test`.)

use zstd::zstd_safe::zstd_sys;
use zstd_kernel::{dstream_workspace_bound, DStream, Error};

/// Calls C's stream until it fails (at most 100 times); returns the failing call's number
/// and its code, mapped to 1.5.2's (which Linux 6.12's codes are).
fn c_stuck(z: &[u8], out_cap: usize) -> Option<(usize, Error)> {
    let mut out = vec![0u8; out_cap];
    // SAFETY: the stream is created, used with live buffers and freed here.
    unsafe {
        let ds = zstd_sys::ZSTD_createDStream();
        let mut i = zstd_sys::ZSTD_inBuffer {
            src: z.as_ptr().cast(),
            size: z.len(),
            pos: 0,
        };
        let mut o = zstd_sys::ZSTD_outBuffer {
            dst: out.as_mut_ptr().cast(),
            size: out.len(),
            pos: 0,
        };
        for call in 1..=100 {
            let r = zstd_sys::ZSTD_decompressStream(ds, &mut o, &mut i);
            if zstd_sys::ZSTD_isError(r) != 0 {
                zstd_sys::ZSTD_freeDStream(ds);
                let e = match zstd_sys::ZSTD_getErrorCode(r) {
                    zstd_sys::ZSTD_ErrorCode::ZSTD_error_noForwardProgress_destFull => {
                        Error::dstSize_tooSmall
                    }
                    zstd_sys::ZSTD_ErrorCode::ZSTD_error_noForwardProgress_inputEmpty => {
                        Error::srcSize_wrong
                    }
                    c => panic!("C: {c:?}"),
                };
                return Some((call, e));
            }
            // Empty the output once full, but never grant room again: no progress.
            if o.pos == o.size {
                o.size = o.pos;
            }
        }
        zstd_sys::ZSTD_freeDStream(ds);
        None
    }
}

fn ours_stuck(z: &[u8], out_cap: usize) -> Option<(usize, Error)> {
    let mut ws = vec![0u8; dstream_workspace_bound(1 << 20)];
    let mut ds = DStream::new(&mut ws).unwrap();
    let mut out = vec![0u8; out_cap];
    let (mut ip, mut op) = (0, 0);
    let mut size = out_cap;
    for call in 1..=100 {
        if let Err(e) = ds.decompress_stream(&mut out[..size], &mut op, z, &mut ip) {
            return Some((call, e));
        }
        if op == size {
            size = op;
        }
    }
    None
}

#[test]
fn stuck_streams_give_up_with_c() {
    let data: Vec<u8> = (0..200_000u32).map(|i| (i * 7 % 251) as u8).collect();
    let z = zstd::bulk::compress(&data, 3).unwrap();
    // Truncated input: no more input will come.
    for cut in [0, 3, 5, 20, z.len() / 2, z.len() - 1] {
        let c = c_stuck(&z[..cut], 1 << 20);
        assert_eq!(ours_stuck(&z[..cut], 1 << 20), c, "cut {cut}");
        // While the frame header is incomplete, C waits for input forever.
        assert_eq!(c.map(|c| c.1), (cut >= 20).then_some(Error::srcSize_wrong));
    }
    // No output room: the whole frame offered, 1000 bytes of room, then none.
    let c = c_stuck(&z, 1000);
    assert_eq!(ours_stuck(&z, 1000), c);
    assert_eq!(c, Some((17, Error::dstSize_tooSmall)));
}
