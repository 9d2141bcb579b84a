// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Reading an FSE table description: accuracy log and normalized counts
//! (RFC 8878 §4.1.1).

use crate::bits::ForwardReader;
use crate::error::Error;

/// Normalized counts read from a description; `-1` means "less than 1".
pub(crate) struct NormalizedCounts {
    pub counts: [i16; 256],
    /// Largest symbol with a count (counts beyond it are zero).
    pub max_symbol: usize,
    pub table_log: u32,
}

/// Reads a table description from the start of `src`, accepting accuracy logs up to
/// `max_log` and symbols up to `max_symbol`. Returns the counts and the bytes used.
pub(crate) fn read_counts(
    src: &[u8],
    max_symbol: usize,
    max_log: u32,
    out: &mut NormalizedCounts,
) -> Result<usize, Error> {
    if src.is_empty() {
        return Err(Error::srcSize_wrong);
    }
    let mut r = ForwardReader::new(src);
    let table_log = r.read(4) + 5;
    if table_log > max_log {
        return Err(Error::tableLog_tooLarge);
    }
    let mut remaining: i32 = (1 << table_log) + 1;
    let mut threshold: i32 = 1 << table_log;
    let mut nb_bits = table_log + 1;
    let mut symbol = 0usize;
    let mut previous_zero = false;
    // Symbols the repeat flags skip stay zero; callers read `counts[..=max_symbol]` only.
    out.counts[..=max_symbol.min(255)].fill(0);
    while remaining > 1 {
        if previous_zero {
            // Repeat flags: 2 bits each, 3 means "3 more zeros and another flag".
            loop {
                let flag = r.read(2) as usize;
                symbol += flag;
                if flag != 3 {
                    break;
                }
                if symbol > max_symbol {
                    return Err(Error::corruption_detected);
                }
            }
            if symbol > max_symbol {
                return Err(Error::corruption_detected);
            }
        }
        // Reads past the end give zeros; the end check below rejects them. The loop ends
        // without it: a count of zero moves `symbol` on, any other lowers `remaining`.
        if symbol > max_symbol {
            return Err(Error::corruption_detected);
        }
        let max = 2 * threshold - 1 - remaining;
        let bits = r.peek(nb_bits) as i32;
        let low = bits & (threshold - 1);
        let count = if low < max {
            r.skip(nb_bits - 1);
            low
        } else {
            r.skip(nb_bits);
            if bits >= threshold {
                bits - max
            } else {
                bits
            }
        } - 1;
        remaining -= count.abs();
        out.counts[symbol] = count as i16;
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
    if remaining != 1 || r.bytes_used() > src.len() {
        return Err(Error::corruption_detected);
    }
    out.max_symbol = symbol - 1;
    out.table_log = table_log;
    Ok(r.bytes_used())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_oversized_log_and_truncation() {
        let mut n = NormalizedCounts {
            counts: [0; 256],
            max_symbol: 0,
            table_log: 0,
        };
        // accuracy log 5 + 15 = 20 > 9
        assert_eq!(
            read_counts(&[0x0F], 35, 9, &mut n),
            Err(Error::tableLog_tooLarge)
        );
        assert!(read_counts(&[0x00], 35, 9, &mut n).is_err());
    }
}
