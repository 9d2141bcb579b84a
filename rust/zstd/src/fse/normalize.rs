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
/// an impossible request (more present symbols than slots).
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
    if n > norm.len() || n > count.len() || total == 0 {
        return false;
    }
    let (norm, count) = (&mut norm[..n], &count[..n]);
    let mut sum = 0i32;
    let half = u64::from(total) / 2;
    for (p, &c) in norm.iter_mut().zip(count) {
        *p = if c == 0 {
            0
        } else {
            let scaled = ((u64::from(c) << log) + half) / u64::from(total);
            if scaled == 0 {
                if low_prob {
                    -1
                } else {
                    1
                }
            } else {
                scaled as i16
            }
        };
        sum += i32::from(p.abs());
    }
    // Fix the rounding error one slot at a time, each time where it costs least:
    // a slot given to symbol s saves about count[s]/norm[s] bits, a slot taken costs
    // about count[s]/(norm[s]-1).
    while sum != target {
        let grow = sum < target;
        let Some(best) = (if grow {
            pick::<true>(norm, count)
        } else {
            pick::<false>(norm, count)
        }) else {
            return false;
        };
        // `best < n`; norms are below 2^15 and `sum` at most `n * 2^15`: no wrap.
        if let Some(p) = norm.get_mut(best) {
            let d = if grow { 1 } else { -1 };
            *p = p.wrapping_add(d);
            sum = sum.wrapping_add(i32::from(d));
        }
    }
    true
}

/// The first symbol with the largest `count / norm` (`GROW`: the one a slot more helps
/// most) or the smallest `count / (norm - 1)` (a slot less hurts least), among those
/// that can take the change; `None` if none can.
#[inline(always)]
fn pick<const GROW: bool>(norm: &[i16], count: &[u32]) -> Option<usize> {
    let d = if GROW { 0 } else { 1 };
    let mut best = usize::MAX;
    // The ratio to beat as `bc / bn`, set so that any candidate beats it: a candidate's
    // norm is positive, hence its count too.
    let (mut bc, mut bn) = if GROW { (0u64, 1u64) } else { (1, 0) };
    let n = norm.len().min(count.len());
    for s in 0..n {
        let p = norm[s];
        if p <= d {
            continue;
        }
        let (c, q) = (u64::from(count[s]), (p - d) as u64);
        // Counts below 2^32 times norms below 2^15: no wrap.
        let (l, r) = (c.wrapping_mul(bn), bc.wrapping_mul(q));
        let better = if GROW { l > r } else { l < r };
        if better {
            (best, bc, bn) = (s, c, q);
        }
    }
    (best != usize::MAX).then_some(best)
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
    fn table_log_stays_in_range() {
        assert_eq!(optimal_table_log(9, 10_000, 35, 2), 9);
        assert!(optimal_table_log(9, 3, 35, 2) >= 5);
        assert_eq!(optimal_table_log(6, 100, 12, 2), 5);
    }
}
