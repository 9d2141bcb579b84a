// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Compression parameters with the layout and meaning of the kernel's
//! `zstd_compression_parameters`, `zstd_frame_parameters` and `zstd_parameters`.

/// Match-finding strategy (`zstd_strategy`, C values 1..=9).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strategy {
    /// One hash table, one candidate a position.
    Fast = 1,
    /// Two hash tables (short and long matches).
    Dfast = 2,
    /// Hash chains, first match taken.
    Greedy = 3,
    /// Hash chains, one position of lookahead.
    Lazy = 4,
    /// Hash chains, two positions of lookahead.
    Lazy2 = 5,
    /// Binary tree, two positions of lookahead.
    Btlazy2 = 6,
    /// Binary tree, optimal parsing.
    Btopt = 7,
    /// Binary tree, optimal parsing with more accurate prices.
    Btultra = 8,
    /// As `Btultra`, with a first pass that seeds the statistics.
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
    /// Log2 of the window: how far back matches may reach (`windowLog`).
    pub window_log: u32,
    /// Log2 of the chain table or binary tree of the match finder (`chainLog`).
    pub chain_log: u32,
    /// Log2 of the hash table (`hashLog`).
    pub hash_log: u32,
    /// Log2 of the candidates a search visits (`searchLog`).
    pub search_log: u32,
    /// Shortest match searched for (`minMatch`).
    pub min_match: u32,
    /// Match length that ends a search early; for the optimal parser, the length it
    /// aims for (`targetLength`; for `fast`, the acceleration).
    pub target_length: u32,
    /// Match finder and parser.
    pub strategy: Strategy,
}

impl CParams {
    /// Parameters in the column order of zstd's level tables.
    #[allow(clippy::too_many_arguments)]
    pub const fn new(
        window_log: u32,
        chain_log: u32,
        hash_log: u32,
        search_log: u32,
        min_match: u32,
        target_length: u32,
        strategy: Strategy,
    ) -> Self {
        Self {
            window_log,
            chain_log,
            hash_log,
            search_log,
            min_match,
            target_length,
            strategy,
        }
    }
}

/// `zstd_frame_parameters` (C ints; non-zero means on).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FrameParams {
    /// Write the content size into the header when it is known.
    pub content_size_flag: i32,
    /// End the frame with an XXH64 checksum of its content.
    pub checksum_flag: i32,
    /// Leave the dictionary ID out of the header.
    pub no_dict_id_flag: i32,
}

/// `zstd_parameters`: compression and frame parameters together.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    /// Compression parameters.
    pub cparams: CParams,
    /// Frame parameters.
    pub fparams: FrameParams,
}
