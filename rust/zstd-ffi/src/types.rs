// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The structs of `<linux/zstd.h>` as C lays them out.
//!
//! These are the raw, C-facing forms: enum-typed C fields are plain `u32`s here (C may
//! store any value in them) and are validated when converted to the core's types.
//! `tests/layout.rs` checks every size and offset against the C ABI probe compiled from
//! `include/linux/zstd.h`.

use core::ffi::{c_int, c_uint, c_ulonglong, c_void};
use zstd_kernel::params::{CParams, FrameParams, Params, Strategy};
use zstd_kernel::ErrorCode;

/// `ZSTD_compressionParameters` / `zstd_compression_parameters`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZSTD_compressionParameters {
    /// Log2 of the window.
    pub windowLog: c_uint,
    /// Log2 of the match finder's chain table or tree.
    pub chainLog: c_uint,
    /// Log2 of the hash table.
    pub hashLog: c_uint,
    /// Log2 of the candidates a search visits.
    pub searchLog: c_uint,
    /// Shortest match searched for.
    pub minMatch: c_uint,
    /// Length that ends a search; for `fast`, the acceleration.
    pub targetLength: c_uint,
    /// `ZSTD_strategy`, 1..=9.
    pub strategy: c_uint,
}

/// `ZSTD_frameParameters` / `zstd_frame_parameters`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZSTD_frameParameters {
    /// Non-zero: the header holds the content size when known.
    pub contentSizeFlag: c_int,
    /// Non-zero: the frame ends with a checksum.
    pub checksumFlag: c_int,
    /// Non-zero: the header leaves out the dictionary ID.
    pub noDictIDFlag: c_int,
}

/// `ZSTD_parameters` / `zstd_parameters`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZSTD_parameters {
    /// Compression parameters.
    pub cParams: ZSTD_compressionParameters,
    /// Frame parameters.
    pub fParams: ZSTD_frameParameters,
}

/// `ZSTD_inBuffer` / `zstd_in_buffer`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ZSTD_inBuffer {
    /// Start of the input.
    pub src: *const c_void,
    /// Bytes of the buffer.
    pub size: usize,
    /// Bytes already consumed (input) or written (output); the call advances it.
    pub pos: usize,
}

/// `ZSTD_outBuffer` / `zstd_out_buffer`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ZSTD_outBuffer {
    /// Start of the output.
    pub dst: *mut c_void,
    /// Bytes of the buffer.
    pub size: usize,
    /// Bytes already consumed (input) or written (output); the call advances it.
    pub pos: usize,
}

/// `ZSTD_allocFunction`.
pub type ZSTD_allocFunction =
    Option<unsafe extern "C" fn(opaque: *mut c_void, size: usize) -> *mut c_void>;
/// `ZSTD_freeFunction`.
pub type ZSTD_freeFunction =
    Option<unsafe extern "C" fn(opaque: *mut c_void, address: *mut c_void)>;

/// `ZSTD_customMem` / `zstd_custom_mem`: the only allocator the `*_advanced` and
/// `*_byreference` constructors use.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ZSTD_customMem {
    /// Allocates `size` bytes; NULL on failure.
    pub customAlloc: ZSTD_allocFunction,
    /// Frees what `customAlloc` returned.
    pub customFree: ZSTD_freeFunction,
    /// Passed to both functions.
    pub opaque: *mut c_void,
}

/// `ZSTD_frameType_e`.
pub const ZSTD_frame: c_uint = 0;
/// `ZSTD_frameType_e`.
pub const ZSTD_skippableFrame: c_uint = 1;

/// `ZSTD_frameHeader` / `zstd_frame_header`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZSTD_frameHeader {
    /// Content size; `ZSTD_CONTENTSIZE_UNKNOWN` when absent.
    pub frameContentSize: c_ulonglong,
    /// Window_Size (0 for skippable frames).
    pub windowSize: c_ulonglong,
    /// min(Window_Size, 128 KiB).
    pub blockSizeMax: c_uint,
    /// `ZSTD_frameType_e`.
    pub frameType: c_uint,
    /// Bytes of the header.
    pub headerSize: c_uint,
    /// Dictionary_ID (0: none).
    pub dictID: c_uint,
    /// Non-zero: the frame ends with a checksum.
    pub checksumFlag: c_uint,
}

impl ZSTD_compressionParameters {
    /// The core's parameters; an unknown strategy is `parameter_outOfBound`.
    pub fn to_core(&self) -> Result<CParams, ErrorCode> {
        Ok(CParams {
            window_log: self.windowLog,
            chain_log: self.chainLog,
            hash_log: self.hashLog,
            search_log: self.searchLog,
            min_match: self.minMatch,
            target_length: self.targetLength,
            strategy: Strategy::from_u32(self.strategy).ok_or(ErrorCode::parameter_outOfBound)?,
        })
    }

    /// C's form of the core's parameters.
    pub fn from_core(c: &CParams) -> Self {
        Self {
            windowLog: c.window_log,
            chainLog: c.chain_log,
            hashLog: c.hash_log,
            searchLog: c.search_log,
            minMatch: c.min_match,
            targetLength: c.target_length,
            strategy: c.strategy as c_uint,
        }
    }
}

impl ZSTD_frameParameters {
    /// The core's frame parameters.
    pub fn to_core(&self) -> FrameParams {
        FrameParams {
            content_size_flag: self.contentSizeFlag,
            checksum_flag: self.checksumFlag,
            no_dict_id_flag: self.noDictIDFlag,
        }
    }

    /// C's form of the core's frame parameters.
    pub fn from_core(f: &FrameParams) -> Self {
        Self {
            contentSizeFlag: f.content_size_flag,
            checksumFlag: f.checksum_flag,
            noDictIDFlag: f.no_dict_id_flag,
        }
    }
}

impl ZSTD_parameters {
    /// The core's parameters; an unknown strategy is `parameter_outOfBound`.
    pub fn to_core(&self) -> Result<Params, ErrorCode> {
        Ok(Params {
            cparams: self.cParams.to_core()?,
            fparams: self.fParams.to_core(),
        })
    }

    /// C's form of the core's parameters.
    pub fn from_core(p: &Params) -> Self {
        Self {
            cParams: ZSTD_compressionParameters::from_core(&p.cparams),
            fParams: ZSTD_frameParameters::from_core(&p.fparams),
        }
    }
}
