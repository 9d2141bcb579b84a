// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Compression parameters with the layout and meaning of the kernel's
//! `zstd_compression_parameters`, `zstd_frame_parameters` and `zstd_parameters`.

/// Match-finding strategy (`zstd_strategy`, C values 1..=9).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strategy {
    Fast = 1,
    Dfast = 2,
    Greedy = 3,
    Lazy = 4,
    Lazy2 = 5,
    Btlazy2 = 6,
    Btopt = 7,
    Btultra = 8,
    Btultra2 = 9,
}

impl Strategy {
    /// The strategy for C's numeric value.
    pub fn from_u32(v: u32) -> Option<Self> {
        use Strategy::*;
        Some(match v {
            1 => Fast,
            2 => Dfast,
            3 => Greedy,
            4 => Lazy,
            5 => Lazy2,
            6 => Btlazy2,
            7 => Btopt,
            8 => Btultra,
            9 => Btultra2,
            _ => return None,
        })
    }
}

/// `zstd_compression_parameters` (C field order).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CParams {
    pub window_log: u32,
    pub chain_log: u32,
    pub hash_log: u32,
    pub search_log: u32,
    pub min_match: u32,
    pub target_length: u32,
    pub strategy: Strategy,
}

/// `zstd_frame_parameters` (C ints; non-zero means on).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FrameParams {
    pub content_size_flag: i32,
    pub checksum_flag: i32,
    pub no_dict_id_flag: i32,
}

/// `zstd_parameters`: compression and frame parameters together.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    pub cparams: CParams,
    pub fparams: FrameParams,
}
