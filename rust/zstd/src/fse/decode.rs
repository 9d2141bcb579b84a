// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! FSE decoding tables (RFC 8878 §4.1.1 "FSE table construction").
//!
//! One entry is 8 little-endian bytes: `new_state_base: u16`, `nb_bits: u8`,
//! `extra_bits: u8`, `base: u32`. For sequences, `base`/`extra_bits` are the symbol's
//! baseline and extra-bit count (§3.1.1.3.2.1), so decoding a code and its value needs
//! a single table load; for other alphabets `base` is the symbol itself.

use crate::error::Error;

/// One decoding-table entry (see the module doc for the layout).
pub(crate) type Entry = [u8; 8];

/// An entry's fields, unpacked from its 64-bit value.
#[derive(Clone, Copy)]
pub(crate) struct Decoded {
    pub new_state: usize,
    pub nb_bits: u32,
    pub extra_bits: u32,
    pub base: u32,
}

#[inline(always)]
pub(crate) fn unpack(e: &Entry) -> Decoded {
    // Field by field, so each is one narrow load from the table.
    Decoded {
        new_state: usize::from(u16::from_le_bytes([e[0], e[1]])),
        nb_bits: u32::from(e[2]),
        extra_bits: u32::from(e[3]),
        base: u32::from_le_bytes([e[4], e[5], e[6], e[7]]),
    }
}

#[inline(always)]
fn pack(new_state: u32, nb_bits: u32, extra_bits: u8, base: u32) -> Entry {
    let v = u64::from(new_state & 0xFFFF)
        | (u64::from(nb_bits & 0xFF) << 16)
        | (u64::from(extra_bits) << 24)
        | (u64::from(base) << 32);
    v.to_le_bytes()
}

/// Builds the decoding table for `counts` (at most `N` symbols, `N` a power of two) at
/// accuracy `table_log` into `table[..1 << table_log]`; `value(symbol)` gives each
/// symbol's (base, extra bits). `less_than_one`: whether a count may be -1 (a hint: the
/// table is right either way, only the path taken first differs).
pub(crate) fn build_table<const N: usize, F: Fn(usize) -> (u32, u8)>(
    counts: &[i16],
    table_log: u32,
    less_than_one: bool,
    table: &mut [Entry],
    value: F,
) -> Result<(), Error> {
    if table_log > 15 {
        return Err(Error::tableLog_tooLarge);
    }
    let size = 1usize << table_log;
    let table = table.get_mut(..size).ok_or(Error::tableLog_tooLarge)?;
    if counts.len() > N || N > 256 {
        return Err(Error::maxSymbolValue_tooLarge);
    }
    // Next state number of each symbol; only symbols of `counts` are read.
    let mut next = [0u16; N];
    let mask = size - 1;
    let step = (size >> 1) + (size >> 3) + 3;
    // Most descriptions have no "less than 1" symbol: then one pass over the symbols
    // takes their next state numbers and spreads them (every position is free, so none
    // is skipped). A negative count leaves it for the general pass below.
    let mut pos = 0usize;
    let mut total = 0usize;
    let mut plain = !less_than_one;
    if plain {
        let mut s = 0usize;
        while let Some(&c) = counts.get(s) {
            let sym = s;
            s += 1;
            if c <= 0 {
                if c < 0 {
                    plain = false;
                    break;
                }
                continue;
            }
            next[sym & (N - 1)] = c as u16;
            // At most 256 counts below 2^15: no wrap.
            total = total.wrapping_add(c as usize);
            let (base, extra) = value(sym);
            let e = pack(sym as u32, 0, extra, base);
            for _ in 0..c {
                table[pos & mask] = e;
                pos = (pos + step) & mask;
            }
        }
    }
    if !plain {
        pos = 0;
        total = 0;
        let mut high = size as isize - 1;
        // Symbols with probability "less than 1" take the last cells, one each.
        for (s, &c) in counts.iter().enumerate() {
            if c == -1 {
                if high < 0 {
                    return Err(Error::corruption_detected);
                }
                let (base, extra) = value(s);
                table[high as usize] = pack(s as u32, 0, extra, base);
                high -= 1;
                next[s & (N - 1)] = 1;
                total += 1;
            } else if c < -1 {
                return Err(Error::corruption_detected);
            } else {
                next[s & (N - 1)] = c as u16;
                total += c as usize;
            }
        }
        // Checked before the spread: its skip loop needs a free cell to end.
        if total != size {
            return Err(Error::corruption_detected);
        }
        // Spread the others with the RFC's step, skipping the cells taken above.
        for (s, &c) in counts.iter().enumerate() {
            let (base, extra) = value(s);
            let e = pack(s as u32, 0, extra, base);
            for _ in 0..c.max(0) {
                table[pos] = e;
                pos = (pos + step) & mask;
                while pos as isize > high {
                    pos = (pos + step) & mask;
                }
            }
        }
    }
    // With the counts summing to the table size, the spread wrote every cell once (the
    // step is odd, so it visits every position), so each cell's symbol has a count: its
    // next state number is at least 1.
    if total != size || pos != 0 {
        return Err(Error::corruption_detected);
    }
    // Cells hold their symbol in the `new_state` field until now, and already their
    // value (computed once per symbol): only the first three bytes are written.
    for e in table.iter_mut() {
        let s = usize::from(e[0]) & (N - 1);
        // 1 <= n <= 2 * size - 1 (see above): 0 <= nb_bits <= table_log, and
        // n << nb_bits is in [size, 2 * size).
        let n = u32::from(next[s]);
        next[s] = next[s].wrapping_add(1);
        let nb_bits = table_log.wrapping_sub(31u32.wrapping_sub((n | 1).leading_zeros()));
        let new_state = n.wrapping_shl(nb_bits).wrapping_sub(size as u32) as u16;
        let [a, b] = new_state.to_le_bytes();
        e[0] = a;
        e[1] = b;
        e[2] = nb_bits as u8;
    }
    Ok(())
}

/// A one-cell table that always yields `symbol` and reads no state bits (RLE mode).
pub(crate) fn rle_table(table: &mut [Entry], base: u32, extra: u8) -> Result<(), Error> {
    let e = table.first_mut().ok_or(Error::GENERIC)?;
    *e = pack(0, 0, extra, base);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{OF_DEFAULT_LOG, OF_DEFAULT_NORM};

    #[test]
    fn predefined_offset_table_matches_rfc_sample() {
        // RFC 8878 Appendix A, offset codes: state 0 -> symbol 0, 5 bits, baseline 0;
        // state 1 -> symbol 6, 4 bits, baseline 0; state 2 -> symbol 9, 5 bits.
        let mut t = [[0u8; 8]; 32];
        build_table::<64, _>(&OF_DEFAULT_NORM, OF_DEFAULT_LOG, true, &mut t, |s| {
            (s as u32, 0)
        })
        .unwrap();
        let d0 = unpack(&t[0]);
        assert_eq!((d0.base, d0.nb_bits, d0.new_state), (0, 5, 0));
        let d1 = unpack(&t[1]);
        assert_eq!((d1.base, d1.nb_bits, d1.new_state), (6, 4, 0));
        let d2 = unpack(&t[2]);
        assert_eq!((d2.base, d2.nb_bits, d2.new_state), (9, 5, 0));
        let d31 = unpack(&t[31]);
        assert_eq!((d31.base, d31.nb_bits, d31.new_state), (24, 5, 0));
    }
}
