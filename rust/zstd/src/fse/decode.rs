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
const fn pack(new_state: u32, nb_bits: u32, extra_bits: u8, base: u32) -> Entry {
    let v = (new_state & 0xFFFF) as u64
        | (((nb_bits & 0xFF) as u64) << 16)
        | ((extra_bits as u64) << 24)
        | ((base as u64) << 32);
    v.to_le_bytes()
}

/// Cells of an alphabet of at most 64 symbols before their state fields: the symbol in
/// the state's place, its (base, extra bits) from `values` (zero past its end).
pub(crate) const fn symbol_cells(values: &[(u32, u8)]) -> [Entry; 64] {
    let mut t = [[0u8; 8]; 64];
    let mut s = 0;
    while s < values.len() && s < 64 {
        t[s] = pack(s as u32, 0, values[s].1, values[s].0);
        s += 1;
    }
    t
}

/// The (base, extra bits) a [`symbol_cells`] cell holds.
#[inline(always)]
pub(crate) fn cell_value(e: &Entry) -> (u32, u8) {
    (u32::from_le_bytes([e[4], e[5], e[6], e[7]]), e[3])
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
    set_states(table, table_log, |s| {
        let s = s & (N - 1);
        let n = next[s];
        next[s] = n.wrapping_add(1);
        n
    });
    Ok(())
}

/// Gives each cell of `table` (of accuracy `table_log`, in state order) its state fields.
/// Cells hold their symbol in the `new_state` field until now, and already their value:
/// only the first three bytes are written. `next(symbol)` yields the symbol's next state
/// number and counts it; callers guarantee it is in [1, 2 * size) (every cell's symbol
/// has a count of at least 1), so 0 <= nb_bits <= table_log and n << nb_bits is in
/// [size, 2 * size).
#[inline(always)]
fn set_states(table: &mut [Entry], table_log: u32, mut next: impl FnMut(usize) -> u16) {
    let size = 1u32 << (table_log & 31);
    for e in table.iter_mut() {
        let n = u32::from(next(usize::from(e[0])));
        let nb_bits = table_log.wrapping_sub(31u32.wrapping_sub((n | 1).leading_zeros()));
        let new_state = n.wrapping_shl(nb_bits).wrapping_sub(size) as u16;
        let [a, b] = new_state.to_le_bytes();
        e[0] = a;
        e[1] = b;
        e[2] = nb_bits as u8;
    }
}

/// Largest accuracy log of [`build_sorted`]'s tables (the sequence tables': 9, 8, 9).
pub(crate) const SORTED_MAX_LOG: u32 = 9;

/// Bytes of [`Spread::sorted`]: a table's cells, plus the 8 the last write may pass them.
const SORTED_BYTES: usize = (1 << SORTED_MAX_LOG) + 8;

/// Scratch of [`build_sorted`], kept in the decoder's workspace so that no table build
/// clears it first.
pub(crate) struct Spread<'a> {
    /// The symbols in order, each as many times as its count.
    sorted: &'a mut [u8; SORTED_BYTES],
    /// Per symbol, its next state number (256 of them, so a byte indexes it as it is).
    next: &'a mut [[u8; 2]; 256],
}

impl<'a> Spread<'a> {
    /// Workspace bytes [`Spread::carve`] takes.
    pub(crate) const BYTES: usize = SORTED_BYTES + 256 * 2;

    pub(crate) fn carve(c: &mut crate::workspace::Carver<'a>) -> Option<Self> {
        Some(Self {
            sorted: c.array::<SORTED_BYTES>()?,
            next: c.table::<2>(256)?.try_into().ok()?,
        })
    }
}

/// [`build_table`] for at most 64 symbols, whose cells `cells` gives (see
/// [`symbol_cells`]), and accuracy logs up to [`SORTED_MAX_LOG`], in three loops whose
/// trip counts do not depend on the counts (so their branches predict): the symbols
/// are laid out in order, 8 bytes a write whatever their count; the cells take them
/// from that list in the RFC's spread order; then each cell gets its state. The loop
/// per symbol of [`build_table`] mispredicts about once a symbol, which on 4 KiB pages
/// costs more time than the table's instructions. A count of -1 ("less than 1", whose
/// cells come last) leaves the work to [`build_table`].
pub(crate) fn build_sorted(
    counts: &[i16],
    table_log: u32,
    table: &mut [Entry],
    cells: &[Entry; 64],
    sp: &mut Spread<'_>,
) -> Result<(), Error> {
    if table_log > SORTED_MAX_LOG {
        return Err(Error::tableLog_tooLarge);
    }
    let size = 1usize << table_log;
    let table = table.get_mut(..size).ok_or(Error::tableLog_tooLarge)?;
    if counts.len() > 64 {
        return Err(Error::maxSymbolValue_tooLarge);
    }
    const LAST: usize = (1 << SORTED_MAX_LOG) - 1;
    let mut pos = 0usize;
    for (s, &c) in counts.iter().enumerate() {
        if c < 0 {
            let value = |s: usize| cell_value(&cells[s & 63]);
            return build_table::<64, _>(counts, table_log, true, table, value);
        }
        sp.next[s & 255] = (c as u16).to_le_bytes();
        // A count of 0 writes too: the next symbol's write covers it.
        let run = (s as u64).wrapping_mul(0x0101_0101_0101_0101).to_le_bytes();
        let mut k = 0;
        loop {
            let at = pos.wrapping_add(k) & LAST;
            if let Some(d) = sp.sorted.get_mut(at..at + 8) {
                d.copy_from_slice(&run);
            }
            k += 8;
            if k >= c as usize {
                break;
            }
        }
        // At most 64 counts below 2^15: no wrap.
        pos = pos.wrapping_add(c as usize);
    }
    // Counts summing to the table size fill `sorted[..size]` exactly (a larger sum
    // wrapped its writes, and is rejected here).
    if pos != size {
        return Err(Error::corruption_detected);
    }
    let mask = size - 1;
    let step = (size >> 1) + (size >> 3) + 3;
    let mut at = 0usize;
    for &s in sp.sorted.iter().take(size) {
        table[at & mask] = cells[usize::from(s) & 63];
        at = at.wrapping_add(step) & mask;
    }
    // The step is odd, so the spread visited every cell once, each with a symbol of
    // count at least 1.
    let next = &mut *sp.next;
    set_states(table, table_log, |s| {
        let n = u16::from_le_bytes(next[s & 255]);
        next[s & 255] = n.wrapping_add(1).to_le_bytes();
        n
    });
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

    #[test]
    fn sorted_spread_builds_the_same_tables() {
        use crate::tables::LL_BASE;
        use crate::test_rng::Xorshift;
        let cells = symbol_cells(&LL_BASE);
        let value = |s: usize| cell_value(&cells[s & 63]);
        let mut sorted = [0u8; SORTED_BYTES];
        let mut next = [[0u8; 2]; 256];
        let mut sp = Spread {
            sorted: &mut sorted,
            next: &mut next,
        };
        let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..3000 {
            let log = 5 + rng.below(5) as u32;
            let size = 1usize << log;
            // 2..=36 symbols; random shares leave some at 0 and give others long runs.
            let n = 2 + rng.below(35);
            let mut counts = [0i16; 36];
            for _ in 0..size {
                counts[rng.below(n as u64)] += 1;
            }
            let c = &counts[..n];
            let (mut a, mut b) = ([[0u8; 8]; 512], [[0xAAu8; 8]; 512]);
            build_table::<64, _>(c, log, false, &mut a, value).unwrap();
            build_sorted(c, log, &mut b, &cells, &mut sp).unwrap();
            assert_eq!(a[..size], b[..size], "counts {c:?} log {log}");
            // Counts that do not sum to the table size are an error, not a table.
            counts[0] += 1;
            assert!(build_sorted(&counts[..n], log, &mut b, &cells, &mut sp).is_err());
        }
        // A count of -1 leaves the table to the general builder.
        let (mut a, mut b) = ([[0u8; 8]; 64], [[0u8; 8]; 64]);
        let c = [-1i16, 27, -1, 2, 0, 1];
        build_table::<64, _>(&c, 5, true, &mut a, value).unwrap();
        build_sorted(&c, 5, &mut b, &cells, &mut sp).unwrap();
        assert_eq!(a[..32], b[..32]);
    }
}
