// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Multiplicative hashes of the first `MLS` bytes of a position (3..=8), as zstd's match
//! finders use: multiply by a large odd constant and keep the top `log` bits.

/// Golden-ratio style multipliers for 3..=8 input bytes (zstd's published constants).
const PRIME3: u32 = 506_832_829;
const PRIME4: u32 = 2_654_435_761;
const PRIME5: u64 = 889_523_592_379;
const PRIME6: u64 = 227_718_039_650_203;
const PRIME7: u64 = 58_295_818_150_454_627;
const PRIME8: u64 = 0xCF1B_BCDC_B7A5_6463;

/// Hash of the low `MLS` bytes of `x` (an 8-byte little-endian load) into `log` bits.
/// `log` is clamped to 1..=32.
#[inline(always)]
pub(super) fn hash<const MLS: u32>(x: u64, log: u32) -> usize {
    let l = log.clamp(1, 32);
    match MLS {
        5 => ((x << 24).wrapping_mul(PRIME5) >> (64 - l)) as usize,
        6 => ((x << 16).wrapping_mul(PRIME6) >> (64 - l)) as usize,
        7 => ((x << 8).wrapping_mul(PRIME7) >> (64 - l)) as usize,
        8 => (x.wrapping_mul(PRIME8) >> (64 - l)) as usize,
        3 => (((x as u32) << 8).wrapping_mul(PRIME3) >> (32 - l)) as usize,
        _ => ((x as u32).wrapping_mul(PRIME4) >> (32 - l)) as usize,
    }
}

/// [`hash`] with the byte count chosen at run time.
#[inline]
pub(super) fn hash_dyn(x: u64, log: u32, mls: u32) -> usize {
    match mls {
        5 => hash::<5>(x, log),
        6 => hash::<6>(x, log),
        7 => hash::<7>(x, log),
        8 => hash::<8>(x, log),
        _ => hash::<4>(x, log),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_only_the_first_mls_bytes_and_fit_the_log() {
        let a = u64::from_le_bytes(*b"abcdefgh");
        let b = u64::from_le_bytes(*b"abcdeXYZ");
        assert_eq!(hash::<5>(a, 17), hash::<5>(b, 17));
        assert_eq!(hash::<4>(a, 17), hash::<4>(b, 17));
        assert!(hash::<8>(a, 12) < 1 << 12);
        assert!(hash_dyn(a, 20, 6) < 1 << 20);
    }
}
