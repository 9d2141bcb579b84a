// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Frame inspection of `<linux/zstd.h>`, with zstd 1.5.2's exact results: the header
//! struct is cleared first, fewer than 5 bytes always ask for 5, and skippable frames
//! report only their type and content size.

use crate::errors::encode;
use crate::raw;
use crate::types::{ZSTD_frame, ZSTD_frameHeader, ZSTD_skippableFrame};
use core::ffi::c_void;
use zstd_kernel::frame::header::FRAME_HEADER_PREFIX;
use zstd_kernel::{
    find_frame_compressed_size, get_frame_header, ErrorCode, FrameHeaderProgress, FrameType,
};

/// `zstd_find_frame_compressed_size()`: the size of the zstd or skippable frame at the
/// start of `src`.
///
/// # Safety
/// `src` must point to `src_size` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn zstd_find_frame_compressed_size(
    src: *const c_void,
    src_size: usize,
) -> usize {
    // SAFETY: forwarded caller contract.
    let Some(src) = (unsafe { raw::src(src, src_size) }) else {
        return encode(ErrorCode::GENERIC);
    };
    if src.len() < FRAME_HEADER_PREFIX {
        return encode(ErrorCode::srcSize_wrong);
    }
    find_frame_compressed_size(src).unwrap_or_else(encode)
}

/// `zstd_get_frame_header()`: 0 and the header in `*params`; or the number of bytes the
/// header needs when `src` is shorter; or an error.
///
/// # Safety
/// `params` must point to a writable `zstd_frame_header`; `src` to `src_size` readable
/// bytes.
#[no_mangle]
pub unsafe extern "C" fn zstd_get_frame_header(
    params: *mut ZSTD_frameHeader,
    src: *const c_void,
    src_size: usize,
) -> usize {
    if params.is_null() {
        return encode(ErrorCode::GENERIC);
    }
    // SAFETY: `params` is valid for writes (caller's contract). Like C's memset, this
    // also clears the struct's tail padding; all-zero is a valid value of it.
    let out = unsafe {
        core::ptr::write_bytes(params, 0, 1);
        &mut *params
    };
    if src_size < FRAME_HEADER_PREFIX {
        return FRAME_HEADER_PREFIX;
    }
    // SAFETY: forwarded caller contract.
    let Some(src) = (unsafe { raw::src(src, src_size) }) else {
        return encode(ErrorCode::GENERIC);
    };
    match get_frame_header(src) {
        Err(e) => encode(e),
        Ok(FrameHeaderProgress::Incomplete(n)) => n,
        Ok(FrameHeaderProgress::Complete(h)) => {
            if h.frame_type == FrameType::Skippable {
                out.frameContentSize = h.frame_content_size;
                out.frameType = ZSTD_skippableFrame;
            } else {
                out.frameContentSize = h.frame_content_size;
                out.windowSize = h.window_size;
                out.blockSizeMax = h.block_size_max;
                out.frameType = ZSTD_frame;
                out.headerSize = h.header_size;
                out.dictID = h.dict_id;
                out.checksumFlag = h.checksum_flag;
            }
            0
        }
    }
}
