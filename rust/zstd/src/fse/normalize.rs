// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Turning symbol counts into an FSE distribution whose probabilities sum to
//! `1 << table_log` (RFC 8878 §4.1.1), and choosing `table_log`.

/// Highest set bit of a non-zero value (`floor(log2(v))`).
#[inline(always)]
pub(crate) const fn highbit(v: u32) -> u32 {
    31 - (v | 1).leading_zeros()
}

/// Accuracy log for `total` symbols drawn from `0..=max_symbol`, at most `max_log`:
/// small inputs get small tables (their headers cost more than the precision wins),
/// but the table must still be able to give every present symbol a slot.
pub(crate) fn optimal_table_log(max_log: u32, total: usize, max_symbol: u32, minus: u32) -> u32 {
    let total = total.max(2) as u32;
    let src_bits = highbit(total - 1);
    let max_bits_src = src_bits.saturating_sub(minus);
    let min_bits = (src_bits + 1).min(highbit(max_symbol.max(1)) + 2);
    let mut log = max_log;
    if max_bits_src < log {
        log = max_bits_src;
    }
    if min_bits > log {
        log = min_bits;
    }
    log.clamp(5, 12).min(max_log.max(5))
}

/// Normalizes `count[..=max_symbol]` (summing to `total`, no symbol holding all of it)
/// to `1 << log` into `norm`. A present symbol too rare for one full slot gets `-1`
/// ("less than 1", RFC §4.1.1) when `low_prob` is set, else 1. Returns false only for
/// an impossible request (more present symbols than slots, or more than 256 symbols).
pub(crate) fn normalize(
    norm: &mut [i16],
    count: &[u32],
    max_symbol: usize,
    total: u32,
    log: u32,
    low_prob: bool,
) -> bool {
    let target = 1i32 << log;
    let n = max_symbol + 1;
    if n > norm.len() || n > count.len() || n > 256 || total == 0 {
        return false;
    }
    let (norm, count) = (&mut norm[..n], &count[..n]);
    // `round(c * 2^log / total)` for every symbol: a symbol's numerator is below 2^31
    // when `total << log` is (sequence codes: at most a block's sequences, below 2^17),
    // and then divides by a multiplication (see `reciprocal`). One division a table,
    // where a division a symbol took most of the time.
    let half = u64::from(total) / 2;
    let low = if low_prob { -1 } else { 1 };
    let small = (u64::from(total) << log) + half < 1 << 31;
    let (m, k) = reciprocal(total);
    let mut sum = 0i32;
    // No branch on the count: zero counts are frequent and irregular. 0 -> 0; a present
    // symbol rounded to 0 -> `low`, which takes one slot.
    let mut one = |p: &mut i16, c: u32, scaled: i16| {
        let present = c != 0;
        *p = if scaled == 0 {
            low & -i16::from(present)
        } else {
            scaled
        };
        let slots = if scaled == 0 {
            i32::from(present)
        } else {
            i32::from(scaled)
        };
        // At most 256 symbols of at most 2^12 slots: no wrap.
        sum = sum.wrapping_add(slots);
    };
    if small {
        for (p, &c) in norm.iter_mut().zip(count) {
            let num = (u64::from(c) << log) + half;
            one(p, c, (num.wrapping_mul(m) >> (k & 63)) as i16);
        }
    } else {
        for (p, &c) in norm.iter_mut().zip(count) {
            let num = (u64::from(c) << log) + half;
            one(p, c, (num / u64::from(total)) as i16);
        }
    }
    // Fix the rounding error one slot at a time, each time where it costs least:
    // a slot given to symbol s saves about count[s]/norm[s] bits, a slot taken costs
    // about count[s]/(norm[s]-1). Each step moves `sum` one toward `target`, so the
    // direction holds throughout.
    if sum < target {
        fix::<true>(norm, count, sum, target)
    } else if sum > target {
        fix::<false>(norm, count, sum, target)
    } else {
        true
    }
}

/// `(m, k)` such that `n / d == (n * m) >> k` for every `n < 2^31` (`d >= 1`), with no
/// wrap: `k = 31 + ceil(log2(d))`, `m = ceil(2^k / d)`. `m * d - 2^k < d <= 2^(k - 31)`,
/// so `n * m / 2^k` exceeds `n / d` by less than `1 / d` (not enough to pass the next
/// integer), and `n * m < 2^31 * (2^32 + 1)`.
fn reciprocal(d: u32) -> (u64, u32) {
    let d = d.max(1);
    let k = 31 + (32 - (d - 1).leading_zeros());
    ((1u64 << k).div_ceil(u64::from(d)), k)
}

/// Moves `sum` to `target` one slot a step (`GROW`: adding), each step at the first
/// symbol with the largest `count / norm` (a slot more helps most) or the smallest
/// `count / (norm - 1)` (a slot less hurts least) among those that can take it; false
/// if none can.
fn fix<const GROW: bool>(norm: &mut [i16], count: &[u32], sum: i32, target: i32) -> bool {
    // Sequence codes (at most 53 symbols) and Huffman weights take a 64-entry list of
    // candidates, cleared inline (256 entries are cleared by a call to `memset`).
    if norm.len() <= 64 {
        fix_with::<GROW, 64>(norm, count, sum, target)
    } else {
        fix_with::<GROW, 256>(norm, count, sum, target)
    }
}

/// [`fix`] with room for `N` candidates (a power of two, at least `norm.len()`, at most
/// 256).
fn fix_with<const GROW: bool, const N: usize>(
    norm: &mut [i16],
    count: &[u32],
    mut sum: i32,
    target: i32,
) -> bool {
    let d = if GROW { 0 } else { 1 };
    // The symbols that can take a change, in order: only picked norms move (away from
    // `d` when growing, towards it when shrinking), so no other symbol joins later.
    // Scanning these alone matters on small blocks, whose many rare symbols (norm 1
    // or -1) each add a step when shrinking.
    let mut cand = [0u8; N];
    let mut nc = 0usize;
    for (s, &p) in norm.iter().enumerate().take(N) {
        cand[nc & (N - 1)] = s as u8;
        nc += usize::from(p > d);
    }
    let cand = &cand[..nc.min(N)];
    while sum != target {
        let mut best = usize::MAX;
        // The ratio to beat as `bc / bn`, set so that any candidate beats it: a
        // candidate's norm is positive, hence its count too.
        let (mut bc, mut bn) = if GROW { (0u64, 1u64) } else { (1, 0) };
        for &s in cand {
            let s = usize::from(s);
            let (Some(&p), Some(&c)) = (norm.get(s), count.get(s)) else {
                continue;
            };
            // A shrinking norm may have reached `d`: it then takes part with a quotient
            // that never wins.
            let ok = p > d;
            let (c, q) = (u64::from(c), (p.max(d + 1) - d) as u64);
            // Counts below 2^32 times norms below 2^15: no wrap.
            let (l, r) = (c.wrapping_mul(bn), bc.wrapping_mul(q));
            let better = ok & if GROW { l > r } else { l < r };
            if better {
                (best, bc, bn) = (s, c, q);
            }
        }
        let Some(p) = norm.get_mut(best) else {
            return false;
        };
        // Norms are below 2^15 and `sum` at most `n * 2^15`: no wrap.
        let step = if GROW { 1 } else { -1 };
        *p = p.wrapping_add(step);
        sum = sum.wrapping_add(i32::from(step));
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_to_table_size_and_keeps_every_symbol() {
        let count = [1000u32, 1, 0, 37, 5, 2, 900, 0, 1];
        let total: u32 = count.iter().sum();
        for log in 5..=9 {
            for low in [false, true] {
                let mut norm = [0i16; 9];
                assert!(normalize(&mut norm, &count, 8, total, log, low));
                let s: i32 = norm.iter().map(|&v| i32::from(v.abs())).sum();
                assert_eq!(s, 1 << log);
                for (c, n) in count.iter().zip(norm) {
                    assert_eq!(*c == 0, n == 0);
                }
            }
        }
    }

    #[test]
    fn corrects_rounding_among_symbols_past_64() {
        // 64 rare symbols, each rounded up to a whole slot, then 36 frequent ones: the
        // slots in excess can only come from symbols past 64.
        let mut count = [1u32; 100];
        for (i, c) in count.iter_mut().enumerate().skip(64) {
            *c = 50 + 7 * i as u32;
        }
        let total: u32 = count.iter().sum();
        let mut norm = [0i16; 100];
        assert!(normalize(&mut norm, &count, 99, total, 8, false));
        let s: i32 = norm.iter().map(|&v| i32::from(v)).sum();
        assert_eq!(s, 1 << 8);
        assert!(norm[..64].iter().all(|&v| v == 1));
        assert!(norm[64..].iter().all(|&v| v > 1));
    }

    #[test]
    fn reciprocal_divides_exactly() {
        let mut rng = crate::test_rng::Xorshift(0x2545_F491_4F6C_DD1D);
        let check = |d: u32, n: u64| {
            let (m, k) = reciprocal(d);
            assert_eq!(n.wrapping_mul(m) >> k, n / u64::from(d), "{n} / {d}");
        };
        for i in 0..7000u32 {
            let d = if i < 5000 {
                i + 1
            } else {
                1 + rng.below(1 << 18) as u32
            };
            for n in [0, 1, u64::from(d) - 1, u64::from(d), (1 << 31) - 1] {
                check(d, n);
            }
            for _ in 0..50 {
                check(d, rng.below(1 << 31) as u64);
            }
        }
    }

    #[test]
    fn table_log_stays_in_range() {
        assert_eq!(optimal_table_log(9, 10_000, 35, 2), 9);
        assert!(optimal_table_log(9, 3, 35, 2) >= 5);
        assert_eq!(optimal_table_log(6, 100, 12, 2), 5);
    }
}
