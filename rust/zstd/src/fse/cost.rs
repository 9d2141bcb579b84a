// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Bit-cost estimates used to choose between entropy-coding modes (RFC 8878 §3.1.1.3.2.1:
//! predefined, RLE, FSE-compressed or repeated tables), in 1/256 bit units.

use super::normalize::highbit;

/// `log2(1 + i / 256) * 256` for `i` in `0..256`, computed bit by bit by repeated squaring.
const LOG2_FRAC: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        // x in Q30, 1 <= x < 2
        let mut x: u64 = (256 + i as u64) << 22;
        let mut r = 0u16;
        let mut b = 0;
        while b < 8 {
            x = (x * x) >> 30;
            r <<= 1;
            if x >= 2 << 30 {
                x >>= 1;
                r |= 1;
            }
            b += 1;
        }
        t[i] = r;
        i += 1;
    }
    t
};

/// `log2(v) * 256`, with 8 fractional bits, for `v >= 1`.
#[inline]
pub(crate) fn log2_q8(v: u32) -> u32 {
    let v = v.max(1);
    let hb = highbit(v);
    let frac = if hb >= 8 {
        (v >> (hb - 8)) & 255
    } else {
        (v << (8 - hb)) & 255
    };
    (hb << 8) + u32::from(LOG2_FRAC[frac as usize])
}

/// Shannon cost of coding `count` with its own statistics.
#[cfg(test)]
pub(crate) fn entropy_cost(count: &[u32], total: u32) -> u64 {
    let lt = log2_q8(total);
    count
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| u64::from(c) * u64::from(lt - log2_q8(c).min(lt)))
        .sum()
}

/// Cost of coding `count` with the distribution `norm` of accuracy `log`, or `None`
/// when a present symbol has no probability there.
pub(crate) fn table_cost(norm: &[i16], log: u32, count: &[u32]) -> Option<u64> {
    let full = log << 8;
    let mut cost = 0u64;
    for (s, &c) in count.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let p = *norm.get(s)?;
        let bits = match p {
            0 => return None,
            -1 => full,
            p => full - log2_q8(p as u32).min(full),
        };
        // Even a symbol with probability 1/2 or more costs a fraction of a bit.
        cost += u64::from(c) * u64::from(bits.max(16));
    }
    Some(cost)
}

/// Whether the distribution `norm` codes every symbol present in `count` (the
/// condition under which [`table_cost`] has a value), without pricing them.
pub(crate) fn covers(norm: &[i16], count: &[u32]) -> bool {
    count.len() <= norm.len() && count.iter().zip(norm).all(|(&c, &p)| c == 0 || p != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn covers_exactly_when_a_cost_exists() {
        let norm = [4i16, 0, -1, 3, 1];
        for count in [
            &[5u32, 0, 1, 2, 7][..],
            &[5, 1, 1],
            &[0, 0, 0, 0, 0, 9],
            &[1, 0, 0, 0, 1],
            &[],
        ] {
            assert_eq!(covers(&norm, count), table_cost(&norm, 4, count).is_some());
        }
    }

    #[test]
    fn log2_is_close() {
        for v in [1u32, 2, 3, 5, 100, 1000, 65535, 1 << 20, 123_456_789] {
            let exact = (v as f64).log2() * 256.0;
            assert!((log2_q8(v) as f64 - exact).abs() <= 2.0, "{v}");
        }
    }

    #[test]
    fn costs_rank_distributions() {
        let count = [100u32, 50, 25, 25];
        let e = entropy_cost(&count, 200);
        assert_eq!(e / 256, 350);
        let good = table_cost(&[16, 8, 4, 4], 5, &count).unwrap();
        let bad = table_cost(&[4, 4, 8, 16], 5, &count).unwrap();
        assert!(good < bad);
        assert!(table_cost(&[32, 0, 0, 0], 5, &count).is_none());
    }
}
