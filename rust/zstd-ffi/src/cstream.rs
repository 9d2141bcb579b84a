// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Streaming compression of `<linux/zstd.h>`: `zstd_cstream` in a caller's workspace.

use crate::compress::resolve_cparams;
use crate::errors::encode;
use crate::handle::{self, Kind};
use crate::raw;
use crate::types::{ZSTD_compressionParameters, ZSTD_inBuffer, ZSTD_outBuffer, ZSTD_parameters};
use core::ffi::{c_ulonglong, c_void};
use zstd_kernel::compress::{cstream_workspace_bound, CStream};
use zstd_kernel::params::Params;
use zstd_kernel::{ErrorCode, CONTENTSIZE_UNKNOWN};

/// A `zstd_cstream`: the core stream, and whether the current frame has seen a call yet.
/// zstd 1.5.2 fixes an unknown content size at the first call of a frame, and when that
/// call is `zstd_end_stream()` the whole (empty) input is known: the frame then says
/// "0 bytes". `fresh` lets us write the same header.
pub struct CstreamObj {
    /// Built in place in the handle (`None` only until `zstd_init_cstream` built it).
    core: Option<CStream<'static>>,
    fresh: bool,
}

/// A live stream's parts.
struct Stream<'a> {
    core: &'a mut CStream<'static>,
    fresh: &'a mut bool,
}

/// The kernel API's pledged size: 0 means unknown.
fn pledged(size: c_ulonglong) -> u64 {
    if size == 0 {
        CONTENTSIZE_UNKNOWN
    } else {
        size
    }
}

/// `zstd_cstream_workspace_bound()` (an error result for invalid parameters).
///
/// # Safety
/// `cparams` must point to a readable `zstd_compression_parameters`.
#[no_mangle]
pub unsafe extern "C" fn zstd_cstream_workspace_bound(
    cparams: *const ZSTD_compressionParameters,
) -> usize {
    if cparams.is_null() {
        return encode(ErrorCode::GENERIC);
    }
    // SAFETY: non-NULL and readable (caller's contract); plain integers, any bits valid.
    match resolve_cparams(&unsafe { cparams.read() }, None) {
        Ok(cp) => handle::bound::<CstreamObj>(cstream_workspace_bound(&cp)),
        Err(e) => encode(e),
    }
}

/// `zstd_init_cstream()`: a stream at the start of `workspace` for `parameters`;
/// `pledged_src_size` 0 means unknown. NULL when the workspace is NULL or too small or
/// the parameters are invalid.
///
/// # Safety
/// `parameters` must point to readable `zstd_parameters`; `workspace` must be NULL or
/// point to `workspace_size` writable bytes that outlive the stream and are used by
/// nothing else meanwhile.
#[no_mangle]
pub unsafe extern "C" fn zstd_init_cstream(
    parameters: *const ZSTD_parameters,
    pledged_src_size: c_ulonglong,
    workspace: *mut c_void,
    workspace_size: usize,
) -> *mut c_void {
    if parameters.is_null() {
        return core::ptr::null_mut();
    }
    // SAFETY: non-NULL and readable (caller's contract); plain integers, any bits valid.
    let raw = unsafe { parameters.read() };
    let Ok(cparams) = resolve_cparams(&raw.cParams, None) else {
        return core::ptr::null_mut();
    };
    let p = Params {
        cparams,
        fparams: raw.fParams.to_core(),
    };
    let empty = CstreamObj {
        core: None,
        fresh: pledged_src_size == 0,
    };
    // SAFETY: forwarded caller contract.
    let h = unsafe {
        handle::emplace_in(
            workspace,
            workspace_size,
            Kind::CStream,
            empty,
            None,
            |rest, obj| {
                CStream::new_in(&mut obj.core, &p, pledged(pledged_src_size), rest).ok()?;
                obj.core
                    .as_mut()?
                    .set_dispatch(crate::cpu::best_encoder_dispatch());
                Some(())
            },
        )
    };
    h.map_or(core::ptr::null_mut(), |h| h.as_ptr().cast())
}

/// The stream behind a C pointer.
///
/// # Safety
/// `cstream` must be a live stream used by nothing else during the call.
unsafe fn stream<'a>(cstream: *mut c_void) -> Result<Stream<'a>, ErrorCode> {
    // SAFETY: forwarded caller contract.
    let h = unsafe { handle::get::<CstreamObj>(cstream, Kind::CStream) };
    let obj = &mut h.ok_or(ErrorCode::GENERIC)?.value;
    Ok(Stream {
        core: obj.core.as_mut().ok_or(ErrorCode::GENERIC)?,
        fresh: &mut obj.fresh,
    })
}

/// The output descriptor and its buffer, checked as zstd 1.5.2 does.
///
/// # Safety
/// `output` must point to a writable descriptor whose `dst` holds `size` writable bytes.
unsafe fn out_buf<'a>(
    output: *mut ZSTD_outBuffer,
) -> Result<(&'a mut ZSTD_outBuffer, &'a mut [u8]), ErrorCode> {
    if output.is_null() {
        return Err(ErrorCode::GENERIC);
    }
    // SAFETY: valid, writable descriptor (caller's contract).
    let out = unsafe { &mut *output };
    if out.pos > out.size {
        return Err(ErrorCode::dstSize_tooSmall);
    }
    // SAFETY: `dst` holds `size` writable bytes (caller's contract).
    let dst = unsafe { raw::dst(out.dst, out.size) }.ok_or(ErrorCode::dstBuffer_null)?;
    Ok((out, dst))
}

/// `zstd_reset_cstream()`: starts a new frame with the same parameters; 0 means unknown
/// size. Returns 0 or an error.
///
/// # Safety
/// `cstream` is a live stream.
#[no_mangle]
pub unsafe extern "C" fn zstd_reset_cstream(
    cstream: *mut c_void,
    pledged_src_size: c_ulonglong,
) -> usize {
    // SAFETY: forwarded caller contract.
    let r = unsafe { stream(cstream) }.and_then(|s| {
        *s.fresh = pledged_src_size == 0;
        s.core.reset(pledged(pledged_src_size))
    });
    r.map_or_else(encode, |()| 0)
}

/// `zstd_compress_stream()`: consumes input, produces output; returns a hint of the
/// input size that completes the next block, or an error.
///
/// # Safety
/// `cstream` is a live stream; `output`/`input` point to descriptors of buffers holding
/// `size` writable/readable bytes.
#[no_mangle]
pub unsafe extern "C" fn zstd_compress_stream(
    cstream: *mut c_void,
    output: *mut ZSTD_outBuffer,
    input: *mut ZSTD_inBuffer,
) -> usize {
    // SAFETY: forwarded caller contract; the descriptors and buffers are distinct.
    let r = unsafe { stream(cstream) }.and_then(|s| {
        // SAFETY: forwarded caller contract.
        let (out, dst) = unsafe { out_buf(output) }?;
        if input.is_null() {
            return Err(ErrorCode::GENERIC);
        }
        // SAFETY: valid, writable descriptor (caller's contract).
        let inp = unsafe { &mut *input };
        if inp.pos > inp.size {
            return Err(ErrorCode::srcSize_wrong);
        }
        // SAFETY: `src` holds `size` readable bytes (caller's contract).
        let src = unsafe { raw::src(inp.src, inp.size) }.ok_or(ErrorCode::GENERIC)?;
        *s.fresh = false;
        s.core.compress_stream(dst, &mut out.pos, src, &mut inp.pos)
    });
    r.unwrap_or_else(encode)
}

/// `zstd_flush_stream()`: ends the current block; returns the bytes still buffered
/// (0 when all is in `output`), or an error.
///
/// # Safety
/// `cstream` is a live stream; `output` points to a descriptor of a buffer holding
/// `size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn zstd_flush_stream(
    cstream: *mut c_void,
    output: *mut ZSTD_outBuffer,
) -> usize {
    // SAFETY: forwarded caller contract.
    let r = unsafe { stream(cstream) }.and_then(|s| {
        // SAFETY: forwarded caller contract.
        let (out, dst) = unsafe { out_buf(output) }?;
        *s.fresh = false;
        s.core.flush_stream(dst, &mut out.pos)
    });
    r.unwrap_or_else(encode)
}

/// `zstd_end_stream()`: ends the frame; call until it returns 0.
///
/// # Safety
/// As for [`zstd_flush_stream`].
#[no_mangle]
pub unsafe extern "C" fn zstd_end_stream(
    cstream: *mut c_void,
    output: *mut ZSTD_outBuffer,
) -> usize {
    // SAFETY: forwarded caller contract.
    let r = unsafe { stream(cstream) }.and_then(|s| {
        // SAFETY: forwarded caller contract.
        let (out, dst) = unsafe { out_buf(output) }?;
        if *s.fresh {
            // First call of a frame of unknown size, and it ends the frame: it is empty.
            s.core.reset(0)?;
            *s.fresh = false;
        }
        s.core.end_stream(dst, &mut out.pos)
    });
    r.unwrap_or_else(encode)
}
