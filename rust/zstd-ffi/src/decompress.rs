// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Decompression of `<linux/zstd.h>`: `zstd_dctx` (workspace or caller's allocator),
//! `zstd_ddict` by reference, and `zstd_dstream`.

use crate::cpu;
use crate::errors::encode;
use crate::handle::{self, Kind};
use crate::raw;
use crate::types::{ZSTD_customMem, ZSTD_inBuffer, ZSTD_outBuffer};
use core::ffi::c_void;
use zstd_kernel::frame::header::{FRAME_HEADER_PREFIX, FRAME_HEADER_SIZE_MAX};
use zstd_kernel::{
    dctx_workspace_bound, dstream_workspace_bound, find_frame_compressed_size, get_frame_header,
    DCtx, DDict, DStream, ErrorCode, FrameHeaderProgress, FrameType, CONTENTSIZE_ERROR,
};

/// A `zstd_dctx`.
pub type DctxObj = DCtx<'static>;
/// A `zstd_ddict`: the core dictionary over the caller's dictionary bytes.
pub type DdictObj = DDict<'static>;

/// Calls without progress after which a stream reports it is stuck (zstd 1.5.2's
/// `ZSTD_NO_FORWARD_PROGRESS_MAX`).
const NO_FORWARD_PROGRESS_MAX: u32 = 16;

/// A `zstd_dstream`: the core stream, zstd 1.5.2's count of calls without progress, and
/// its "hostage byte".
///
/// zstd never reports the last input byte of a frame as consumed before all of the
/// frame's output is delivered, and kernel callers rely on it: squashfs and btrfs treat
/// "input used up, frame not finished" as corruption. So when a call leaves the output
/// full and has used up the input, one consumed byte is reported as not consumed
/// (`hostage`); the caller presents it again with the next call, which skips it.
pub struct DstreamObj {
    core: DStream<'static>,
    no_progress: u32,
    /// The byte at the caller's `input->pos` was already taken by the core.
    hostage: bool,
    /// The frame ended while the hostage could not be handed back (no input given):
    /// the next call with input takes the byte and reports the end of the frame.
    done_after_hostage: bool,
    /// The first bytes of the current frame, to tell (as zstd 1.5.2 does) a window the
    /// workspace cannot hold (`memory_allocation`) from one above the decoder's default
    /// limit (`frameParameter_windowTooLarge`).
    head: [u8; FRAME_HEADER_SIZE_MAX],
    head_len: usize,
}

/// zstd 1.5.2's default largest window for streams (`ZSTD_WINDOWLOG_LIMIT_DEFAULT`, plus
/// one byte as in its check).
const WINDOW_SIZE_LIMIT_DEFAULT: u64 = (1 << 27) + 1;

impl DstreamObj {
    /// Remembers the frame's first bytes among those the core just took.
    fn note_head(&mut self, taken: &[u8]) {
        let n = taken.len().min(self.head.len() - self.head_len);
        self.head[self.head_len..self.head_len + n].copy_from_slice(&taken[..n]);
        self.head_len += n;
    }

    /// The 1.5.2 code for a window the core refused, given the bytes the failing call
    /// was offered.
    fn window_error(&self, offered: &[u8]) -> ErrorCode {
        let mut hdr = [0u8; FRAME_HEADER_SIZE_MAX];
        hdr[..self.head_len].copy_from_slice(&self.head[..self.head_len]);
        let n = offered.len().min(hdr.len() - self.head_len);
        hdr[self.head_len..self.head_len + n].copy_from_slice(&offered[..n]);
        match get_frame_header(&hdr[..self.head_len + n]) {
            Ok(FrameHeaderProgress::Complete(h)) if h.window_size <= WINDOW_SIZE_LIMIT_DEFAULT => {
                ErrorCode::memory_allocation
            }
            _ => ErrorCode::frameParameter_windowTooLarge,
        }
    }
}

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
            Some(DstreamObj {
                core: {
                    let mut d = DStream::new(rest).ok()?;
                    d.set_dispatch(cpu::best_decoder_dispatch());
                    d
                },
                no_progress: 0,
                hostage: false,
                done_after_hostage: false,
                head: [0; FRAME_HEADER_SIZE_MAX],
                head_len: 0,
            })
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
    h.value.core.reset();
    h.value.no_progress = 0;
    h.value.hostage = false;
    h.value.done_after_hostage = false;
    h.value.head_len = 0;
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
    let (in_before, out_before) = (inp.pos, out.pos);
    let s = &mut h.value;
    if s.done_after_hostage {
        if inp.pos == inp.size {
            return 1;
        }
        inp.pos += 1;
        s.hostage = false;
        s.done_after_hostage = false;
        return 0;
    }
    // The core continues after the byte it already has.
    let mut core_pos = inp.pos + usize::from(s.hostage && inp.pos < inp.size);
    let released = core_pos > inp.pos;
    let start = core_pos;
    let r = s
        .core
        .decompress_stream(dst, &mut out.pos, src, &mut core_pos);
    let hint = match r {
        Err(e) => {
            let e = if e == ErrorCode::frameParameter_windowTooLarge {
                s.window_error(src.get(start..).unwrap_or(&[]))
            } else {
                e
            };
            s.hostage = false;
            s.head_len = 0;
            return encode(e);
        }
        Ok(hint) => hint,
    };
    if hint == 0 {
        s.head_len = 0;
    } else {
        s.note_head(src.get(start..core_pos).unwrap_or(&[]));
    }
    if s.hostage && !released {
        // Still owed: the caller gave no input this time.
        inp.pos = core_pos;
        if hint == 0 {
            s.done_after_hostage = true;
            return 1;
        }
    } else if hint != 0 && core_pos == inp.size && core_pos > inp.pos && out.pos == out.size {
        inp.pos = core_pos - 1;
        s.hostage = true;
    } else {
        inp.pos = core_pos;
        s.hostage = false;
    }
    if hint != 0 && inp.pos == in_before && out.pos == out_before {
        s.no_progress += 1;
        if s.no_progress >= NO_FORWARD_PROGRESS_MAX {
            if out.pos == out.size {
                return encode(ErrorCode::dstSize_tooSmall);
            }
            if inp.pos == inp.size {
                return encode(ErrorCode::srcSize_wrong);
            }
        }
    } else {
        s.no_progress = 0;
    }
    hint
}
