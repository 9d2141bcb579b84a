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
    pub windowLog: c_uint,
    pub chainLog: c_uint,
    pub hashLog: c_uint,
    pub searchLog: c_uint,
    pub minMatch: c_uint,
    pub targetLength: c_uint,
    /// `ZSTD_strategy`, 1..=9.
    pub strategy: c_uint,
}

/// `ZSTD_frameParameters` / `zstd_frame_parameters`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZSTD_frameParameters {
    pub contentSizeFlag: c_int,
    pub checksumFlag: c_int,
    pub noDictIDFlag: c_int,
}

/// `ZSTD_parameters` / `zstd_parameters`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ZSTD_parameters {
    pub cParams: ZSTD_compressionParameters,
    pub fParams: ZSTD_frameParameters,
}

/// `ZSTD_inBuffer` / `zstd_in_buffer`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ZSTD_inBuffer {
    pub src: *const c_void,
    pub size: usize,
    pub pos: usize,
}

/// `ZSTD_outBuffer` / `zstd_out_buffer`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ZSTD_outBuffer {
    pub dst: *mut c_void,
    pub size: usize,
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
    pub customAlloc: ZSTD_allocFunction,
    pub customFree: ZSTD_freeFunction,
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
    pub frameContentSize: c_ulonglong,
    pub windowSize: c_ulonglong,
    pub blockSizeMax: c_uint,
    /// `ZSTD_frameType_e`.
    pub frameType: c_uint,
    pub headerSize: c_uint,
    pub dictID: c_uint,
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
