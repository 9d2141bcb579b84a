// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Decompression of `<linux/zstd.h>`: `zstd_dctx` (workspace or caller's allocator),
//! `zstd_ddict` by reference, and `zstd_dstream`.

use crate::cpu;
use crate::errors::encode;
use crate::handle::{self, Kind};
use crate::raw;
use crate::types::{ZSTD_customMem, ZSTD_inBuffer, ZSTD_outBuffer};
use core::ffi::c_void;
use zstd_kernel::frame::header::FRAME_HEADER_PREFIX;
use zstd_kernel::{
    dctx_workspace_bound, dstream_workspace_bound, find_frame_compressed_size, get_frame_header,
    DCtx, DDict, DStream, ErrorCode, FrameHeaderProgress, FrameType, CONTENTSIZE_ERROR,
};

/// A `zstd_dctx`.
pub type DctxObj = DCtx<'static>;
/// A `zstd_ddict`: the core dictionary over the caller's dictionary bytes.
pub type DdictObj = DDict<'static>;

/// A `zstd_dstream`: the core stream, which keeps zstd's streaming contract (the
/// "hostage byte", the count of calls without progress).
pub type DstreamObj = DStream<'static>;

/// zstd 1.5.2's default largest window for streams (`ZSTD_WINDOWLOG_LIMIT_DEFAULT`, plus
/// one byte as in its check): a smaller window the workspace cannot hold is
/// `memory_allocation` for a stream in a fixed workspace, a larger one
/// `frameParameter_windowTooLarge`.
const WINDOW_SIZE_LIMIT_DEFAULT: u64 = (1 << 27) + 1;

/// A context in `ws` running the best code variant for this CPU.
fn new_dctx(ws: &'static mut [u8]) -> Option<DctxObj> {
    let mut d = DCtx::new(ws).ok()?;
    d.set_dispatch(cpu::best_decoder_dispatch());
    Some(d)
}

/// `zstd_dctx_workspace_bound()`.
#[no_mangle]
pub extern "C" fn zstd_dctx_workspace_bound() -> usize {
    handle::bound::<DctxObj>(dctx_workspace_bound())
}

/// `zstd_init_dctx()`: a context at the start of `workspace`, or NULL when `workspace` is
/// NULL or smaller than `zstd_dctx_workspace_bound()` needs.
///
/// # Safety
/// `workspace` must be NULL or point to `workspace_size` writable bytes that outlive the
/// context and are used by nothing else meanwhile.
#[no_mangle]
pub unsafe extern "C" fn zstd_init_dctx(
    workspace: *mut c_void,
    workspace_size: usize,
) -> *mut c_void {
    // SAFETY: forwarded caller contract.
    let h = unsafe {
        handle::emplace(workspace, workspace_size, Kind::DCtx, None, |rest| {
            new_dctx(rest)
        })
    };
    h.map_or(core::ptr::null_mut(), |h| h.as_ptr().cast())
}

/// `zstd_create_dctx_advanced()`: a context allocated through `custom_mem`; NULL when it
/// has no allocator or allocation fails.
#[no_mangle]
pub extern "C" fn zstd_create_dctx_advanced(custom_mem: ZSTD_customMem) -> *mut c_void {
    handle::create(custom_mem, dctx_workspace_bound(), Kind::DCtx, |ws| {
        new_dctx(ws)
    })
    .map_or(core::ptr::null_mut(), |h| h.as_ptr().cast())
}

/// `zstd_free_dctx()`: 0; an error for contexts that live in a caller's workspace.
///
/// # Safety
/// `dctx` must be NULL or a live context from this library, not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn zstd_free_dctx(dctx: *mut c_void) -> usize {
    // SAFETY: forwarded caller contract.
    if dctx.is_null() || unsafe { handle::destroy::<DctxObj>(dctx, Kind::DCtx) } {
        0
    } else {
        encode(ErrorCode::memory_allocation)
    }
}

/// The destination bytes decoding `src` can touch: `capacity`, or less when every frame
/// in `src` declares its content size (the decoder never writes past the content, and
/// kernel callers may pass an unbounded capacity, as `lib/decompress_unzstd.c` does).
pub fn dst_bound(src: &[u8], capacity: usize) -> usize {
    let mut total = 0u64;
    let mut rest = src;
    while rest.len() >= FRAME_HEADER_PREFIX {
        let Ok(FrameHeaderProgress::Complete(h)) = get_frame_header(rest) else {
            return capacity;
        };
        if h.frame_type == FrameType::Frame {
            if h.frame_content_size >= CONTENTSIZE_ERROR {
                return capacity;
            }
            total = total.saturating_add(h.frame_content_size);
            // The frames declare at least the capacity: no need to walk the rest (a
            // page's single frame is then parsed once here, not twice).
            if total >= capacity as u64 {
                return capacity;
            }
        }
        let Some(next) = find_frame_compressed_size(rest)
            .ok()
            .and_then(|n| rest.get(n..))
        else {
            return capacity;
        };
        rest = next;
    }
    usize::try_from(total).map_or(capacity, |t| t.min(capacity))
}

/// Runs `f` on the context and the (dst, src) slices, converting the result for C.
///
/// # Safety
/// A live `zstd_dctx`, `dst_capacity` writable bytes at `dst`, `src_size` readable
/// bytes at `src`, as the calling C function requires.
unsafe fn with_dctx(
    dctx: *mut c_void,
    dst: *mut c_void,
    dst_capacity: usize,
    src: *const c_void,
    src_size: usize,
    f: impl FnOnce(&mut DctxObj, &mut [u8], &[u8]) -> Result<usize, ErrorCode>,
) -> usize {
    // SAFETY: forwarded caller contract (the context is used only here during the call).
    let Some(h) = (unsafe { handle::get::<DctxObj>(dctx, Kind::DCtx) }) else {
        return encode(ErrorCode::GENERIC);
    };
    // SAFETY: forwarded caller contract.
    let Some(src) = (unsafe { raw::src(src, src_size) }) else {
        return encode(ErrorCode::GENERIC);
    };
    // SAFETY: forwarded caller contract; `dst_bound` only shortens the slice.
    let Some(dst) = (unsafe { raw::dst(dst, dst_bound(src, dst_capacity)) }) else {
        return encode(ErrorCode::dstBuffer_null);
    };
    f(&mut h.value, dst, src).unwrap_or_else(encode)
}

/// `zstd_decompress_dctx()`: decompresses every frame of `src` (skippable frames
/// allowed) into `dst`; returns the decompressed size.
///
/// # Safety
/// `dctx` is a live context; `dst` holds `dst_capacity` writable bytes; `src` holds
/// `src_size` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn zstd_decompress_dctx(
    dctx: *mut c_void,
    dst: *mut c_void,
    dst_capacity: usize,
    src: *const c_void,
    src_size: usize,
) -> usize {
    // SAFETY: forwarded caller contract.
    unsafe {
        with_dctx(dctx, dst, dst_capacity, src, src_size, |d, dst, src| {
            d.decompress(dst, src)
        })
    }
}

/// `zstd_create_ddict_byreference()`: a dictionary that keeps using `dict` (which must
/// outlive it), allocated through `custom_mem`; NULL on failure.
///
/// # Safety
/// `dict` must point to `dict_size` readable bytes that stay unchanged until the
/// dictionary is freed.
#[no_mangle]
pub unsafe extern "C" fn zstd_create_ddict_byreference(
    dict: *const c_void,
    dict_size: usize,
    custom_mem: ZSTD_customMem,
) -> *mut c_void {
    // SAFETY: forwarded caller contract; the bytes outlive the dictionary.
    let Some(dict) = (unsafe { raw::src(dict, dict_size) }) else {
        return core::ptr::null_mut();
    };
    handle::create(
        custom_mem,
        DDict::workspace_bound(dict.len()),
        Kind::DDict,
        |ws| DDict::new(dict, ws).ok(),
    )
    .map_or(core::ptr::null_mut(), |h| h.as_ptr().cast())
}

/// `zstd_free_ddict()`: 0 (NULL is allowed).
///
/// # Safety
/// `ddict` must be NULL or a live dictionary from this library, not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn zstd_free_ddict(ddict: *mut c_void) -> usize {
    // SAFETY: forwarded caller contract.
    if ddict.is_null() || unsafe { handle::destroy::<DdictObj>(ddict, Kind::DDict) } {
        0
    } else {
        encode(ErrorCode::GENERIC)
    }
}

/// `zstd_decompress_using_ddict()`; a NULL `ddict` decodes without a dictionary.
///
/// # Safety
/// As for [`zstd_decompress_dctx`]; `ddict` is NULL or a live dictionary.
#[no_mangle]
pub unsafe extern "C" fn zstd_decompress_using_ddict(
    dctx: *mut c_void,
    dst: *mut c_void,
    dst_capacity: usize,
    src: *const c_void,
    src_size: usize,
    ddict: *const c_void,
) -> usize {
    if ddict.is_null() {
        // As in zstd: no dictionary object means no dictionary.
        // SAFETY: forwarded caller contract.
        return unsafe { zstd_decompress_dctx(dctx, dst, dst_capacity, src, src_size) };
    }
    // SAFETY: the dictionary is only read (possibly by several contexts at once);
    // forwarded caller contract.
    let Some(dd) = (unsafe { handle::get_shared::<DdictObj>(ddict, Kind::DDict) }) else {
        return encode(ErrorCode::dictionary_wrong);
    };
    let dd: &DdictObj = &dd.value;
    // SAFETY: forwarded caller contract.
    unsafe {
        with_dctx(dctx, dst, dst_capacity, src, src_size, |d, dst, src| {
            d.decompress_using_ddict(dst, src, dd)
        })
    }
}

/// `zstd_dstream_workspace_bound()`: workspace for frames with windows up to
/// `max_window_size`.
#[no_mangle]
pub extern "C" fn zstd_dstream_workspace_bound(max_window_size: usize) -> usize {
    handle::bound::<DstreamObj>(dstream_workspace_bound(max_window_size))
}

/// `zstd_init_dstream()`: a stream at the start of `workspace`, or NULL. As in Linux,
/// `max_window_size` is not used: the workspace size limits the windows accepted.
///
/// # Safety
/// `workspace` must be NULL or point to `workspace_size` writable bytes that outlive the
/// stream and are used by nothing else meanwhile.
#[no_mangle]
pub unsafe extern "C" fn zstd_init_dstream(
    max_window_size: usize,
    workspace: *mut c_void,
    workspace_size: usize,
) -> *mut c_void {
    let _ = max_window_size;
    // SAFETY: forwarded caller contract.
    let h = unsafe {
        handle::emplace(workspace, workspace_size, Kind::DStream, None, |rest| {
            let mut d = DStream::new(rest).ok()?;
            d.set_dispatch(cpu::best_decoder_dispatch());
            Some(d)
        })
    };
    h.map_or(core::ptr::null_mut(), |h| h.as_ptr().cast())
}

/// `zstd_reset_dstream()`: abandons the frame in progress. Returns, like zstd 1.5.2,
/// the input size a frame needs to start (5), not 0 as the kernel's comment says.
///
/// # Safety
/// `dstream` is a live stream.
#[no_mangle]
pub unsafe extern "C" fn zstd_reset_dstream(dstream: *mut c_void) -> usize {
    // SAFETY: forwarded caller contract.
    let Some(h) = (unsafe { handle::get::<DstreamObj>(dstream, Kind::DStream) }) else {
        return encode(ErrorCode::GENERIC);
    };
    h.value.reset();
    zstd_kernel::frame::header::FRAME_HEADER_PREFIX
}

/// `zstd_decompress_stream()`: decodes from `input` into `output`, advancing both
/// positions; 0 when a frame is fully decoded and flushed, else a hint of the input
/// bytes wanted next, or an error.
///
/// # Safety
/// `dstream` is a live stream; `output` and `input` point to buffers descriptors whose
/// `dst`/`src` hold `size` writable/readable bytes.
#[no_mangle]
pub unsafe extern "C" fn zstd_decompress_stream(
    dstream: *mut c_void,
    output: *mut ZSTD_outBuffer,
    input: *mut ZSTD_inBuffer,
) -> usize {
    // SAFETY: forwarded caller contract.
    let Some(h) = (unsafe { handle::get::<DstreamObj>(dstream, Kind::DStream) }) else {
        return encode(ErrorCode::GENERIC);
    };
    if output.is_null() || input.is_null() {
        return encode(ErrorCode::GENERIC);
    }
    // SAFETY: both descriptors are valid, distinct and writable (caller's contract).
    let (out, inp) = unsafe { (&mut *output, &mut *input) };
    if inp.pos > inp.size {
        return encode(ErrorCode::srcSize_wrong);
    }
    if out.pos > out.size {
        return encode(ErrorCode::dstSize_tooSmall);
    }
    // SAFETY: the descriptors' buffers hold `size` bytes (caller's contract).
    let (Some(dst), Some(src)) = (unsafe { raw::dst(out.dst, out.size) }, unsafe {
        raw::src(inp.src, inp.size)
    }) else {
        return encode(ErrorCode::GENERIC);
    };
    let s = &mut h.value;
    match s.decompress_stream(dst, &mut out.pos, src, &mut inp.pos) {
        Ok(hint) => hint,
        Err(ErrorCode::frameParameter_windowTooLarge)
            if s.refused_window()
                .is_some_and(|w| w <= WINDOW_SIZE_LIMIT_DEFAULT) =>
        {
            encode(ErrorCode::memory_allocation)
        }
        Err(e) => encode(e),
    }
}

#[cfg(test)]
mod tests {
    use super::dst_bound;
    use std::vec;
    use std::vec::Vec;

    /// A frame declaring its content size (single segment, 1-byte size) with one raw block.
    fn frame(content: &[u8]) -> Vec<u8> {
        let n = content.len();
        let mut f = vec![0x28, 0xB5, 0x2F, 0xFD, 0x20, n as u8];
        f.extend_from_slice(&[((n << 3) | 1) as u8, (n >> 5) as u8, 0]);
        f.extend_from_slice(content);
        f
    }

    #[test]
    fn dst_bound_is_the_declared_content_within_the_capacity() {
        let one = frame(b"hello");
        let two = [one.clone(), frame(b"world!")].concat();
        assert_eq!(dst_bound(&one, 100), 5);
        assert_eq!(dst_bound(&two, 100), 11);
        // The capacity is reached within the first frame, or only with the second.
        assert_eq!(dst_bound(&two, 3), 3);
        assert_eq!(dst_bound(&two, 7), 7);
        // A frame without its content size, or cut short: the capacity.
        let unknown = [
            0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x00, 0x29, 0, 0, b'h', b'e', b'l', b'l', b'o',
        ];
        assert_eq!(dst_bound(&[one.as_slice(), &unknown].concat(), 100), 100);
        assert_eq!(dst_bound(&two[..two.len() - 1], 100), 100);
    }
}
