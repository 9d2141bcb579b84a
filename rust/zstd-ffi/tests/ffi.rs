// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The exported functions called from Rust as C would call them: workspaces from the
//! heap, buffers by pointer, a counting `zstd_custom_mem`. Small inputs, so the test can
//! also run under Miri (`cargo +nightly miri test -p zstd-ffi --test ffi`), which checks
//! the crate's `unsafe` code (alignment, bounds, aliasing, leaks).

use core::ffi::c_void;
use std::alloc::{alloc, dealloc, Layout};
use std::sync::atomic::{AtomicIsize, Ordering};
use zstd_ffi::compress::*;
use zstd_ffi::cstream::*;
use zstd_ffi::decompress::*;
use zstd_ffi::errors::*;
use zstd_ffi::frame::*;
use zstd_ffi::types::*;
use zstd_ffi::xxhash::*;

fn text(n: usize, seed: u64) -> Vec<u8> {
    let words: [&[u8]; 8] = [
        b"zstd ", b"kernel ", b"frame ", b"block ", b"the ", b"\n", b"42 ", b"page ",
    ];
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut v = Vec::with_capacity(n + 8);
    while v.len() < n {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        v.extend_from_slice(words[(s >> 60) as usize & 7]);
    }
    v.truncate(n);
    v
}

/// A workspace as the kernel would allocate it (8-byte aligned).
struct Ws(Vec<u64>);
impl Ws {
    fn new(bytes: usize) -> Self {
        Ws(vec![0u64; bytes.div_ceil(8)])
    }
    fn ptr(&mut self) -> *mut c_void {
        self.0.as_mut_ptr().cast()
    }
    fn len(&self) -> usize {
        self.0.len() * 8
    }
}

static OUTSTANDING: AtomicIsize = AtomicIsize::new(0);
const HDR: usize = 16;

/// A `ZSTD_customMem` allocator that counts outstanding blocks.
///
/// # Safety
/// Called by the library as `customAlloc`; any size is accepted.
unsafe extern "C" fn test_alloc(_opaque: *mut c_void, size: usize) -> *mut c_void {
    let layout = Layout::from_size_align(size + HDR, 16).unwrap();
    // SAFETY: the layout has non-zero size.
    let p = unsafe { alloc(layout) };
    if p.is_null() {
        return p.cast();
    }
    OUTSTANDING.fetch_add(1, Ordering::SeqCst);
    // SAFETY: `p` has room for the size header before the user block.
    unsafe {
        p.cast::<usize>().write(size);
        p.add(HDR).cast()
    }
}

/// The matching `customFree`.
///
/// # Safety
/// `address` is null or came from `test_alloc` and was not freed yet.
unsafe extern "C" fn test_free(_opaque: *mut c_void, address: *mut c_void) {
    if address.is_null() {
        return;
    }
    OUTSTANDING.fetch_sub(1, Ordering::SeqCst);
    // SAFETY: `address` came from `test_alloc`, which put the size HDR bytes before it.
    unsafe {
        let p = address.cast::<u8>().sub(HDR);
        let size = p.cast::<usize>().read();
        dealloc(p, Layout::from_size_align(size + HDR, 16).unwrap());
    }
}

fn mem() -> ZSTD_customMem {
    ZSTD_customMem {
        customAlloc: Some(test_alloc),
        customFree: Some(test_free),
        opaque: core::ptr::null_mut(),
    }
}

fn compress(level: i32, src: &[u8]) -> Vec<u8> {
    let p = zstd_get_params(level, src.len() as u64);
    // SAFETY: valid parameters, workspace and buffers of the stated sizes.
    unsafe {
        let mut ws = Ws::new(zstd_cctx_workspace_bound(&p.cParams));
        let cctx = zstd_init_cctx(ws.ptr(), ws.len());
        assert!(!cctx.is_null());
        let mut dst = vec![0u8; zstd_ffi::params::zstd_compress_bound(src.len())];
        let r = zstd_compress_cctx(
            cctx,
            dst.as_mut_ptr().cast(),
            dst.len(),
            src.as_ptr().cast(),
            src.len(),
            &p,
        );
        assert_eq!(zstd_is_error(r), 0, "{:?}", r.wrapping_neg());
        dst.truncate(r);
        dst
    }
}

#[test]
fn one_shot_round_trip_and_errors() {
    let src = text(3000, 1);
    let frame = compress(3, &src);
    // SAFETY: as above; every pointer/length pair describes a live buffer.
    unsafe {
        let mut ws = Ws::new(zstd_dctx_workspace_bound());
        let dctx = zstd_init_dctx(ws.ptr(), ws.len());
        assert!(!dctx.is_null());
        let mut out = vec![0u8; src.len()];
        let r = zstd_decompress_dctx(
            dctx,
            out.as_mut_ptr().cast(),
            out.len(),
            frame.as_ptr().cast(),
            frame.len(),
        );
        assert_eq!(r, src.len());
        assert_eq!(out, src);
        let r = zstd_decompress_dctx(
            dctx,
            out.as_mut_ptr().cast(),
            10,
            frame.as_ptr().cast(),
            frame.len(),
        );
        assert_eq!(zstd_get_error_code(r), 70);
        // A dctx is not a dstream: refused, not misread.
        let mut o = ZSTD_outBuffer {
            dst: out.as_mut_ptr().cast(),
            size: out.len(),
            pos: 0,
        };
        let mut i = ZSTD_inBuffer {
            src: frame.as_ptr().cast(),
            size: frame.len(),
            pos: 0,
        };
        assert_eq!(
            zstd_is_error(zstd_decompress_stream(dctx, &mut o, &mut i)),
            1
        );
        // Workspace contexts are not freed by zstd_free_dctx.
        assert_eq!(zstd_is_error(zstd_free_dctx(dctx)), 1);
        assert!(zstd_init_dctx(ws.ptr(), 100).is_null());
        assert!(zstd_init_dctx(core::ptr::null_mut(), ws.len()).is_null());
        // Unaligned workspaces work (the context is placed at the next aligned byte).
        let un = ws.ptr().cast::<u8>().add(3).cast();
        assert!(!zstd_init_dctx(un, ws.len() - 3).is_null());

        let mut h = ZSTD_frameHeader::default();
        assert_eq!(
            zstd_get_frame_header(&mut h, frame.as_ptr().cast(), frame.len()),
            0
        );
        assert_eq!(h.frameContentSize, src.len() as u64);
        assert_eq!(zstd_get_frame_header(&mut h, frame.as_ptr().cast(), 3), 5);
        assert_eq!(
            zstd_find_frame_compressed_size(frame.as_ptr().cast(), frame.len()),
            frame.len()
        );
    }
}

#[test]
fn streams_with_one_byte_buffers() {
    let src = text(700, 2);
    let p = zstd_get_params(1, 0);
    // SAFETY: as above.
    unsafe {
        let mut ws = Ws::new(zstd_cstream_workspace_bound(&p.cParams));
        let cs = zstd_init_cstream(&p, 0, ws.ptr(), ws.len());
        assert!(!cs.is_null());
        let mut frame = vec![0u8; 2000];
        let mut o = ZSTD_outBuffer {
            dst: frame.as_mut_ptr().cast(),
            size: 0,
            pos: 0,
        };
        let mut i = ZSTD_inBuffer {
            src: src.as_ptr().cast(),
            size: 0,
            pos: 0,
        };
        while i.pos < src.len() {
            i.size = i.pos + 1;
            o.size = o.pos + 1;
            assert_eq!(zstd_is_error(zstd_compress_stream(cs, &mut o, &mut i)), 0);
        }
        loop {
            o.size = o.pos + 1;
            let left = zstd_end_stream(cs, &mut o);
            assert_eq!(zstd_is_error(left), 0);
            if left == 0 {
                break;
            }
        }
        let n = o.pos;
        let mut dws = Ws::new(zstd_dstream_workspace_bound(1 << p.cParams.windowLog));
        let ds = zstd_init_dstream(0, dws.ptr(), dws.len());
        assert!(!ds.is_null());
        let mut out = vec![0u8; src.len()];
        let mut o = ZSTD_outBuffer {
            dst: out.as_mut_ptr().cast(),
            size: 0,
            pos: 0,
        };
        let mut i = ZSTD_inBuffer {
            src: frame.as_ptr().cast(),
            size: 0,
            pos: 0,
        };
        let mut r = 1;
        while r != 0 {
            i.size = (i.pos + 1).min(n);
            o.size = (o.pos + 1).min(out.len());
            r = zstd_decompress_stream(ds, &mut o, &mut i);
            assert_eq!(zstd_is_error(r), 0);
        }
        assert_eq!(out, src);
        assert_eq!(zstd_reset_dstream(ds), 5);
    }
}

#[test]
fn dictionaries_and_heap_contexts_return_all_memory() {
    let dict = text(2000, 3);
    let src = dict[500..1500].to_vec();
    let before = OUTSTANDING.load(Ordering::SeqCst);
    // SAFETY: as above; the dictionary outlives the objects that reference it.
    unsafe {
        let cp = zstd_get_cparams(3, src.len() as u64, dict.len());
        let cd = zstd_create_cdict_byreference(dict.as_ptr().cast(), dict.len(), cp, mem());
        let dd = zstd_create_ddict_byreference(dict.as_ptr().cast(), dict.len(), mem());
        let cc = zstd_create_cctx_advanced(mem());
        let dc = zstd_create_dctx_advanced(mem());
        assert!(!cd.is_null() && !dd.is_null() && !cc.is_null() && !dc.is_null());
        let mut frame = vec![0u8; 2000];
        let r = zstd_compress_using_cdict(
            cc,
            frame.as_mut_ptr().cast(),
            frame.len(),
            src.as_ptr().cast(),
            src.len(),
            cd,
        );
        assert_eq!(zstd_is_error(r), 0);
        assert!(r < 100, "the dictionary holds the content: {r} bytes");
        let mut out = vec![0u8; src.len()];
        let d = zstd_decompress_using_ddict(
            dc,
            out.as_mut_ptr().cast(),
            out.len(),
            frame.as_ptr().cast(),
            r,
            dd,
        );
        assert_eq!(d, src.len());
        assert_eq!(out, src);
        for p in [
            zstd_free_cctx(cc),
            zstd_free_dctx(dc),
            zstd_free_cdict(cd),
            zstd_free_ddict(dd),
        ] {
            assert_eq!(p, 0);
        }
        let none = ZSTD_customMem {
            customAlloc: None,
            customFree: None,
            opaque: core::ptr::null_mut(),
        };
        assert!(zstd_create_cctx_advanced(none).is_null());
        assert!(zstd_create_ddict_byreference(dict.as_ptr().cast(), dict.len(), none).is_null());
    }
    assert_eq!(OUTSTANDING.load(Ordering::SeqCst), before);
}

#[test]
fn xxhash_and_error_names() {
    // SAFETY: valid buffers and states.
    unsafe {
        assert_eq!(xxh64(b"abc".as_ptr().cast(), 3, 0), 0x44BC_2CF5_AD77_0999);
        let mut st = core::mem::MaybeUninit::<xxhash::Xxh32State>::uninit();
        xxh32_reset(st.as_mut_ptr(), 0);
        assert_eq!(xxh32_update(st.as_mut_ptr(), b"a".as_ptr().cast(), 1), 0);
        assert_eq!(xxh32_update(st.as_mut_ptr(), core::ptr::null(), 1), -22);
        assert_eq!(xxh32_digest(st.as_ptr()), 0x550D_7456);
        let name = std::ffi::CStr::from_ptr(zstd_get_error_name(usize::MAX - 69));
        assert_eq!(name.to_str().unwrap(), "Destination buffer is too small");
    }
}
