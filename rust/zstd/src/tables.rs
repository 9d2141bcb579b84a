// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Tables RFC 8878 defines for sequences (§3.1.1.3.2.1, §3.1.1.3.2.2): code baselines and
//! extra bits, and the predefined FSE distributions. Shared by the decoder and the encoder.

/// Largest literal-length, match-length and offset codes.
pub(crate) const MAX_LL: usize = 35;
pub(crate) const MAX_ML: usize = 52;
/// Largest offset code a decoder accepts (RFC: up to 31).
pub(crate) const MAX_OF: usize = 31;

/// Literal-length code -> (baseline, extra bits).
#[rustfmt::skip]
pub(crate) const LL_BASE: [(u32, u8); MAX_LL + 1] = [
    (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0),
    (8, 0), (9, 0), (10, 0), (11, 0), (12, 0), (13, 0), (14, 0), (15, 0),
    (16, 1), (18, 1), (20, 1), (22, 1), (24, 2), (28, 2), (32, 3), (40, 3),
    (48, 4), (64, 6), (128, 7), (256, 8), (512, 9), (1024, 10), (2048, 11), (4096, 12),
    (8192, 13), (16384, 14), (32768, 15), (65536, 16),
];

/// Match-length code -> (baseline, extra bits).
#[rustfmt::skip]
pub(crate) const ML_BASE: [(u32, u8); MAX_ML + 1] = [
    (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0), (9, 0), (10, 0),
    (11, 0), (12, 0), (13, 0), (14, 0), (15, 0), (16, 0), (17, 0), (18, 0),
    (19, 0), (20, 0), (21, 0), (22, 0), (23, 0), (24, 0), (25, 0), (26, 0),
    (27, 0), (28, 0), (29, 0), (30, 0), (31, 0), (32, 0), (33, 0), (34, 0),
    (35, 1), (37, 1), (39, 1), (41, 1), (43, 2), (47, 2), (51, 3), (59, 3),
    (67, 4), (83, 4), (99, 5), (131, 7), (259, 8), (515, 9), (1027, 10), (2051, 11),
    (4099, 12), (8195, 13), (16387, 14), (32771, 15), (65539, 16),
];

/// Predefined literal-length distribution, accuracy log 6 (-1 = "less than 1").
pub(crate) const LL_DEFAULT_NORM: [i16; MAX_LL + 1] = [
    4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1,
    -1, -1, -1, -1,
];
pub(crate) const LL_DEFAULT_LOG: u32 = 6;

/// Predefined match-length distribution, accuracy log 6.
pub(crate) const ML_DEFAULT_NORM: [i16; MAX_ML + 1] = [
    1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1,
];
pub(crate) const ML_DEFAULT_LOG: u32 = 6;

/// Predefined offset distribution, accuracy log 5 (codes 0..=28).
pub(crate) const OF_DEFAULT_NORM: [i16; 29] = [
    1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1,
];
pub(crate) const OF_DEFAULT_LOG: u32 = 5;

/// Largest FSE accuracy logs a frame may use (RFC §3.1.1.3.2.2).
pub(crate) const LL_MAX_LOG: u32 = 9;
pub(crate) const ML_MAX_LOG: u32 = 9;
pub(crate) const OF_MAX_LOG: u32 = 8;

/// Largest Huffman code length for literals.
pub(crate) const HUF_MAX_LOG: u32 = 11;

/// Largest block content size (128 KiB).
pub(crate) const BLOCK_SIZE_MAX: usize = 1 << 17;

/// zstd frame magic number and the skippable-frame magic range.
pub(crate) const MAGIC: u32 = 0xFD2F_B528;
pub(crate) const SKIPPABLE_MAGIC_MIN: u32 = 0x184D_2A50;
pub(crate) const SKIPPABLE_MAGIC_MASK: u32 = 0xFFFF_FFF0;
/// zstd dictionary magic number.
pub(crate) const DICT_MAGIC: u32 = 0xEC30_A437;

/// Repeat offsets at the start of a frame (RFC §3.1.2.5).
pub(crate) const REP_START: [u32; 3] = [1, 4, 8];

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(norm: &[i16]) -> i32 {
        norm.iter().map(|&n| i32::from(n.abs())).sum()
    }

    #[test]
    fn predefined_distributions_fill_their_tables() {
        assert_eq!(sum(&LL_DEFAULT_NORM), 1 << LL_DEFAULT_LOG);
        assert_eq!(sum(&ML_DEFAULT_NORM), 1 << ML_DEFAULT_LOG);
        assert_eq!(sum(&OF_DEFAULT_NORM), 1 << OF_DEFAULT_LOG);
    }

    #[test]
    fn baselines_are_contiguous() {
        for t in [&LL_BASE[..], &ML_BASE[..]] {
            for w in t.windows(2) {
                assert_eq!(w[0].0 + (1 << w[0].1), w[1].0);
            }
        }
    }
}
