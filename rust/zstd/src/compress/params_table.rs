// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The published default parameter tables of zstd (`clevels.h` of zstd 1.5.6, the
//! kernel's copy): one row per level 0..=22 for four source-size classes. Row 0 is the
//! base of the negative ("fast") levels.

use crate::params::{CParams, Strategy, Strategy::*};

/// A row of the tables.
const fn cp(w: u32, c: u32, h: u32, s: u32, l: u32, tl: u32, strategy: Strategy) -> CParams {
    CParams::new(w, c, h, s, l, tl, strategy)
}

/// `[size class][level]`; size class 0 = large/unknown, 1 = <= 256 KiB, 2 = <= 128 KiB,
/// 3 = <= 16 KiB.
#[rustfmt::skip]
pub(crate) const DEFAULT_CPARAMS: [[CParams; 23]; 4] = [
    // any source larger than 256 KiB, or unknown
    [
        cp(19, 12, 13, 1, 6, 1, Fast),
        cp(19, 13, 14, 1, 7, 0, Fast),
        cp(20, 15, 16, 1, 6, 0, Fast),
        cp(21, 16, 17, 1, 5, 0, Dfast),
        cp(21, 18, 18, 1, 5, 0, Dfast),
        cp(21, 18, 19, 3, 5, 2, Greedy),
        cp(21, 18, 19, 3, 5, 4, Lazy),
        cp(21, 19, 20, 4, 5, 8, Lazy),
        cp(21, 19, 20, 4, 5, 16, Lazy2),
        cp(22, 20, 21, 4, 5, 16, Lazy2),
        cp(22, 21, 22, 5, 5, 16, Lazy2),
        cp(22, 21, 22, 6, 5, 16, Lazy2),
        cp(22, 22, 23, 6, 5, 32, Lazy2),
        cp(22, 22, 22, 4, 5, 32, Btlazy2),
        cp(22, 22, 23, 5, 5, 32, Btlazy2),
        cp(22, 23, 23, 6, 5, 32, Btlazy2),
        cp(22, 22, 22, 5, 5, 48, Btopt),
        cp(23, 23, 22, 5, 4, 64, Btopt),
        cp(23, 23, 22, 6, 3, 64, Btultra),
        cp(23, 24, 22, 7, 3, 256, Btultra2),
        cp(25, 25, 23, 7, 3, 256, Btultra2),
        cp(26, 26, 24, 7, 3, 512, Btultra2),
        cp(27, 27, 25, 9, 3, 999, Btultra2),
    ],
    // sources up to 256 KiB
    [
        cp(18, 12, 13, 1, 5, 1, Fast),
        cp(18, 13, 14, 1, 6, 0, Fast),
        cp(18, 14, 14, 1, 5, 0, Dfast),
        cp(18, 16, 16, 1, 4, 0, Dfast),
        cp(18, 16, 17, 3, 5, 2, Greedy),
        cp(18, 17, 18, 5, 5, 2, Greedy),
        cp(18, 18, 19, 3, 5, 4, Lazy),
        cp(18, 18, 19, 4, 4, 4, Lazy),
        cp(18, 18, 19, 4, 4, 8, Lazy2),
        cp(18, 18, 19, 5, 4, 8, Lazy2),
        cp(18, 18, 19, 6, 4, 8, Lazy2),
        cp(18, 18, 19, 5, 4, 12, Btlazy2),
        cp(18, 19, 19, 7, 4, 12, Btlazy2),
        cp(18, 18, 19, 4, 4, 16, Btopt),
        cp(18, 18, 19, 4, 3, 32, Btopt),
        cp(18, 18, 19, 6, 3, 128, Btopt),
        cp(18, 19, 19, 6, 3, 128, Btultra),
        cp(18, 19, 19, 8, 3, 256, Btultra),
        cp(18, 19, 19, 6, 3, 128, Btultra2),
        cp(18, 19, 19, 8, 3, 256, Btultra2),
        cp(18, 19, 19, 10, 3, 512, Btultra2),
        cp(18, 19, 19, 12, 3, 512, Btultra2),
        cp(18, 19, 19, 13, 3, 999, Btultra2),
    ],
    // sources up to 128 KiB
    [
        cp(17, 12, 12, 1, 5, 1, Fast),
        cp(17, 12, 13, 1, 6, 0, Fast),
        cp(17, 13, 15, 1, 5, 0, Fast),
        cp(17, 15, 16, 2, 5, 0, Dfast),
        cp(17, 17, 17, 2, 4, 0, Dfast),
        cp(17, 16, 17, 3, 4, 2, Greedy),
        cp(17, 16, 17, 3, 4, 4, Lazy),
        cp(17, 16, 17, 3, 4, 8, Lazy2),
        cp(17, 16, 17, 4, 4, 8, Lazy2),
        cp(17, 16, 17, 5, 4, 8, Lazy2),
        cp(17, 16, 17, 6, 4, 8, Lazy2),
        cp(17, 17, 17, 5, 4, 8, Btlazy2),
        cp(17, 18, 17, 7, 4, 12, Btlazy2),
        cp(17, 18, 17, 3, 4, 12, Btopt),
        cp(17, 18, 17, 4, 3, 32, Btopt),
        cp(17, 18, 17, 6, 3, 256, Btopt),
        cp(17, 18, 17, 6, 3, 128, Btultra),
        cp(17, 18, 17, 8, 3, 256, Btultra),
        cp(17, 18, 17, 10, 3, 512, Btultra),
        cp(17, 18, 17, 5, 3, 256, Btultra2),
        cp(17, 18, 17, 7, 3, 512, Btultra2),
        cp(17, 18, 17, 9, 3, 512, Btultra2),
        cp(17, 18, 17, 11, 3, 999, Btultra2),
    ],
    // sources up to 16 KiB
    [
        cp(14, 12, 13, 1, 5, 1, Fast),
        cp(14, 14, 15, 1, 5, 0, Fast),
        cp(14, 14, 15, 1, 4, 0, Fast),
        cp(14, 14, 15, 2, 4, 0, Dfast),
        cp(14, 14, 14, 4, 4, 2, Greedy),
        cp(14, 14, 14, 3, 4, 4, Lazy),
        cp(14, 14, 14, 4, 4, 8, Lazy2),
        cp(14, 14, 14, 6, 4, 8, Lazy2),
        cp(14, 14, 14, 8, 4, 8, Lazy2),
        cp(14, 15, 14, 5, 4, 8, Btlazy2),
        cp(14, 15, 14, 9, 4, 8, Btlazy2),
        cp(14, 15, 14, 3, 4, 12, Btopt),
        cp(14, 15, 14, 4, 3, 24, Btopt),
        cp(14, 15, 14, 5, 3, 32, Btultra),
        cp(14, 15, 15, 6, 3, 64, Btultra),
        cp(14, 15, 15, 7, 3, 256, Btultra),
        cp(14, 15, 15, 5, 3, 48, Btultra2),
        cp(14, 15, 15, 6, 3, 128, Btultra2),
        cp(14, 15, 15, 7, 3, 256, Btultra2),
        cp(14, 15, 15, 8, 3, 256, Btultra2),
        cp(14, 15, 15, 8, 3, 512, Btultra2),
        cp(14, 15, 15, 9, 3, 512, Btultra2),
        cp(14, 15, 15, 10, 3, 999, Btultra2),
    ],
];
