// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Reading an FSE table description: accuracy log and normalized counts
//! (RFC 8878 §4.1.1).

use crate::error::Error;

/// Normalized counts read from a description; `-1` means "less than 1". `S` (a power of
/// two up to 256) bounds the alphabet: 64 for the sequence codes keeps 384 bytes of
/// kernel stack free where those are read.
pub(crate) struct NormalizedCounts<const S: usize = 256> {
    pub counts: [i16; S],
    /// Largest symbol with a count (counts beyond it are zero).
    pub max_symbol: usize,
    pub table_log: u32,
    /// Whether a count is -1 (the table build then takes its general path).
    pub less_than_one: bool,
}

/// The 8 bytes of `src` at `ip`, little-endian; bytes past the end read as zeros.
/// `src` holds at least 8 bytes.
#[inline(always)]
fn window(src: &[u8], ip: usize) -> u64 {
    // Positions stay near `src.len()`: masking changes none and lets `ip + 8` not wrap.
    let ip = ip & (usize::MAX >> 1);
    if let Some(b) = src.get(ip..ip + 8) {
        return load8(b);
    }
    // Past the last full window: the last 8 bytes, shifted down (inline: a call would
    // take the reader's registers).
    let last = src.len().saturating_sub(8);
    let shift = ip.wrapping_sub(last).wrapping_mul(8);
    match src.get(last..) {
        Some(b) if shift < 64 => load8(b) >> shift,
        _ => 0,
    }
}

/// The first 8 bytes of `b` (zeros if fewer), little-endian.
#[inline(always)]
fn load8(b: &[u8]) -> u64 {
    match b.first_chunk::<8>() {
        Some(a) => u64::from_le_bytes(*a),
        None => 0,
    }
}

/// Reads a table description from the start of `src`, accepting accuracy logs up to
/// `max_log` (at most 15) and symbols up to `max_symbol`. Returns the counts and the bytes
/// used.
///
/// The bits are read from a 64-bit window reloaded at the byte holding the next unread
/// bit before each field: a count takes at most 16 bits of the 57 a reload makes ready.
pub(crate) fn read_counts<const S: usize>(
    src: &[u8],
    max_symbol: usize,
    max_log: u32,
    out: &mut NormalizedCounts<S>,
) -> Result<usize, Error> {
    const { assert!(S.is_power_of_two() && S <= 256) };
    if src.is_empty() {
        return Err(Error::srcSize_wrong);
    }
    let max_symbol = max_symbol.min(S - 1);
    // The reader loads 8 bytes at a time: a shorter description is read from a copy.
    let src_len = src.len();
    let mut pad = [0u8; 8];
    let src = if src_len < 8 {
        pad[..src_len].copy_from_slice(src);
        &pad[..]
    } else {
        src
    };
    let table_log = (window(src, 0) & 15) as u32 + 5;
    if table_log > max_log.min(15) {
        return Err(Error::tableLog_tooLarge);
    }
    // The window holds the 8 bytes at `ip`, `bc` of its bits are consumed. It is reloaded
    // when fewer bits are left than the next field may take (16 for a count, 26 for a
    // batch of repeat flags).
    let mut ip = 0usize;
    let mut win = window(src, 0);
    let mut bc = 4u32;
    // Probability points still to give out, plus one; the loop ends when it is 1.
    // `threshold` = 2^high is the largest power of two not above it (it starts at
    // 2^table_log, `remaining` below 2 * threshold), and counts take high + 1 bits.
    let mut remaining: u32 = (1 << table_log) + 1;
    let mut threshold = 1u32 << table_log;
    let mut symbol = 0usize;
    let mut less_than_one = false;
    // Symbols the repeat flags skip stay zero; callers read `counts[..=max_symbol]` only.
    // Up to 64 counts (128 bytes) are cleared whole, in stores the compiler writes out,
    // where clearing a variable length calls `memset` (a call a table, on 4 KiB pages
    // about as costly as the stores).
    if S <= 64 {
        out.counts = [0; S];
    } else {
        out.counts[..=max_symbol].fill(0);
    }
    while remaining > 1 {
        if bc > 48 {
            ip = ip.wrapping_add((bc >> 3) as usize);
            bc &= 7;
            win = window(src, ip);
        }
        // Reads past the end give zeros; the end check below rejects them. The loop ends
        // without it: a count of zero moves `symbol` on, any other lowers `remaining`.
        if symbol > max_symbol {
            return Err(Error::corruption_detected);
        }
        // high <= 15 and bc <= 48: the count's bits are in the window. remaining <
        // 2 * threshold, so max >= 0.
        let max = (2 * threshold - 1).wrapping_sub(remaining);
        let bits = ((win >> bc) as u32) & (2 * threshold - 1);
        let low = bits & (threshold - 1);
        // The value is the count plus one (0: "less than 1").
        let high = threshold.trailing_zeros();
        // Selects, not branches: which form a count takes follows the data.
        let short = low < max;
        let long = if bits >= threshold {
            bits.wrapping_sub(max)
        } else {
            bits
        };
        let value = if short { low } else { long };
        bc += high + u32::from(!short);
        // symbol <= max_symbol < S.
        out.counts[symbol & (S - 1)] = (value as i16).wrapping_sub(1);
        symbol += 1;
        if value == 1 {
            // A zero count: repeat flags follow, 2 bits each, 3 meaning "3 more zeros
            // and another flag". A run of 2k one bits is k flags of 3; longer runs are
            // taken 12 flags at a time. `symbol` is checked at the top of the loop.
            loop {
                if bc > 32 {
                    ip = ip.wrapping_add((bc >> 3) as usize);
                    bc &= 7;
                    win = window(src, ip);
                }
                let w = win >> bc;
                let ones = (!w).trailing_zeros();
                if ones >= 24 {
                    symbol = symbol.wrapping_add(36);
                    if symbol > max_symbol {
                        return Err(Error::corruption_detected);
                    }
                    bc += 24;
                    continue;
                }
                let pairs = ones / 2;
                // symbol <= max_symbol + 36 + 3 * 11 + 3: no wrap.
                symbol = symbol
                    .wrapping_add(3 * pairs as usize)
                    .wrapping_add(((w >> (2 * pairs)) & 3) as usize);
                bc += 2 * pairs + 2;
                break;
            }
            continue;
        }
        let points = if value == 0 {
            less_than_one = true;
            1
        } else {
            value - 1
        };
        if points >= remaining {
            return Err(Error::corruption_detected);
        }
        remaining -= points;
        threshold = 1 << (31 - (remaining | 1).leading_zeros());
    }
    let pos = ip.wrapping_mul(8).wrapping_add(bc as usize);
    let used = pos.div_ceil(8);
    if remaining != 1 || used > src_len {
        return Err(Error::corruption_detected);
    }
    out.max_symbol = symbol - 1;
    out.table_log = table_log;
    out.less_than_one = less_than_one;
    Ok(used)
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate std;
    use std::vec;
    use std::vec::Vec;

    #[test]
    fn rejects_oversized_log_and_truncation() {
        let mut n = NormalizedCounts {
            counts: [0; 256],
            max_symbol: 0,
            table_log: 0,
            less_than_one: false,
        };
        // accuracy log 5 + 15 = 20 > 9
        assert_eq!(
            read_counts(&[0x0F], 35, 9, &mut n),
            Err(Error::tableLog_tooLarge)
        );
        assert!(read_counts(&[0x00], 35, 9, &mut n).is_err());
    }

    fn new_counts() -> NormalizedCounts {
        NormalizedCounts {
            counts: [0; 256],
            max_symbol: 0,
            table_log: 0,
            less_than_one: false,
        }
    }

    /// RFC 8878 §4.1.1 read literally, one bit at a time: what `read_counts` must agree
    /// with on every input.
    fn reference(
        src: &[u8],
        max_symbol: usize,
        max_log: u32,
    ) -> Result<(usize, Vec<i16>, u32), Error> {
        if src.is_empty() {
            return Err(Error::srcSize_wrong);
        }
        let mut pos = 0usize;
        let mut read = |n: u32| -> i32 {
            let mut v = 0;
            for i in 0..n {
                let bit = src.get(pos / 8).map_or(0, |b| (b >> (pos % 8)) & 1);
                v |= i32::from(bit) << i;
                pos += 1;
            }
            v
        };
        let log = read(4) as u32 + 5;
        if log > max_log {
            return Err(Error::tableLog_tooLarge);
        }
        let mut counts = vec![0i16; max_symbol + 1];
        let mut remaining = (1i32 << log) + 1;
        let mut threshold = 1i32 << log;
        let mut nb_bits = log + 1;
        let mut symbol = 0usize;
        let mut previous_zero = false;
        while remaining > 1 {
            if previous_zero {
                loop {
                    let flag = read(2) as usize;
                    symbol += flag;
                    if flag != 3 {
                        break;
                    }
                }
            }
            if symbol > max_symbol {
                return Err(Error::corruption_detected);
            }
            let max = 2 * threshold - 1 - remaining;
            let low = read(nb_bits - 1);
            let count = if low < max {
                low
            } else {
                let v = low + (read(1) << (nb_bits - 1));
                if v >= threshold {
                    v - max
                } else {
                    v
                }
            } - 1;
            remaining -= count.abs();
            counts[symbol] = count as i16;
            symbol += 1;
            previous_zero = count == 0;
            if remaining < 1 {
                return Err(Error::corruption_detected);
            }
            while remaining < threshold {
                nb_bits -= 1;
                threshold >>= 1;
            }
        }
        let used = pos.div_ceil(8);
        if used > src.len() {
            return Err(Error::corruption_detected);
        }
        counts.truncate(symbol);
        Ok((used, counts, log))
    }

    fn ours(src: &[u8], max_symbol: usize, max_log: u32) -> Result<(usize, Vec<i16>, u32), Error> {
        let mut n = new_counts();
        // Garbage where the reader must write zeros.
        n.counts = [0x5555; 256];
        let used = read_counts(src, max_symbol, max_log, &mut n)?;
        Ok((used, n.counts[..=n.max_symbol].to_vec(), n.table_log))
    }

    use crate::test_rng::Xorshift as Rng;

    /// A valid distribution of accuracy `log` over up to 256 symbols, with zero runs
    /// of every length (long ones need several batches of repeat flags).
    fn distribution(rng: &mut Rng, log: u32) -> Vec<i16> {
        let slots = 1usize << log;
        let mut norm = Vec::new();
        let mut present = Vec::new();
        while norm.len() < 256 && present.len() < slots {
            let run = match rng.below(4) {
                0 => rng.below(120),
                1 => rng.below(4),
                _ => 0,
            };
            norm.resize(norm.len() + run.min(255 - norm.len()), 0);
            present.push(norm.len());
            norm.push(if rng.below(4) == 0 { -1 } else { 1 });
            if rng.below(12) == 0 {
                break;
            }
        }
        let mut left = slots - present.len();
        let positive: Vec<usize> = present.iter().copied().filter(|&s| norm[s] > 0).collect();
        if positive.is_empty() {
            // All "less than 1": the last symbol takes the rest.
            let s = *present.last().unwrap();
            norm[s] = 1 + left as i16;
            return norm;
        }
        while left > 0 {
            let s = positive[rng.below(positive.len() as u64)];
            let add = 1 + rng.below(left as u64);
            norm[s] += add as i16;
            left -= add;
        }
        norm
    }

    #[test]
    fn reads_what_the_writer_wrote() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for i in 0..4000 {
            let log = 5 + (i % 5) as u32;
            let norm = distribution(&mut rng, log);
            let mut buf = [0u8; 512];
            let n = crate::fse::encode::write_ncount(&mut buf, &norm, log).unwrap();
            // Exactly the description (its end read through the tail path), then with
            // bytes after it.
            for src in [&buf[..n], &buf[..n + 9]] {
                let got = ours(src, 255, 9).unwrap();
                assert_eq!(got, (n, norm.clone(), log), "case {i}");
                assert_eq!(Ok(got), reference(src, 255, 9));
            }
        }
    }

    #[test]
    fn agrees_with_the_reference_on_damaged_input() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        for i in 0..20000 {
            let log = 5 + (i % 5) as u32;
            let norm = distribution(&mut rng, log);
            let mut buf = [0u8; 512];
            let n = crate::fse::encode::write_ncount(&mut buf, &norm, log).unwrap();
            let mut src = buf[..n + rng.below(10)].to_vec();
            match rng.below(3) {
                0 => {
                    let b = rng.below(src.len() as u64);
                    src[b] ^= 1 << rng.below(8);
                }
                1 => src.truncate(1 + rng.below(src.len() as u64)),
                _ => src.iter_mut().for_each(|b| *b = rng.next() as u8),
            }
            let max_symbol = [12, 31, 35, 52, 255][rng.below(5)];
            let max_log = [6, 8, 9][rng.below(3)];
            assert_eq!(
                ours(&src, max_symbol, max_log),
                reference(&src, max_symbol, max_log),
                "case {i}: {src:02x?}"
            );
        }
    }
}
