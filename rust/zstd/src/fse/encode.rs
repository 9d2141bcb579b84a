// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! FSE encoding tables (RFC 8878 §4.1.1): the symbol spread that decoders also build,
//! the encoder's state transitions, and the Normalized Counts header writer.

use super::normalize::highbit;
use crate::bits::writer::{low_bits32, BitWriter};
use crate::workspace::Carver;

/// Largest accuracy log an encoding table holds (sequence codes use at most 9).
pub(crate) const MAX_LOG: u32 = 9;
/// Largest alphabet (match-length codes 0..=52).
pub(crate) const MAX_SYMBOLS: usize = 64;
const STATES: usize = 1 << MAX_LOG;
/// Bytes of the build scratch: the symbol of every cell, then the symbols in order
/// (plus the 8 bytes the last write of that list may pass it).
const SCRATCH: usize = 2 * STATES + 8;

/// Bytes of the per-symbol entries, which come first in a table.
const SYMBOL_BYTES: usize = 8 * MAX_SYMBOLS;
/// Bytes of a table: symbol entries, then next states.
const TABLE_BYTES: usize = SYMBOL_BYTES + 2 * STATES;

/// An encoding table: per symbol `s`, at `8 s`, `delta_find_state` (i32) and
/// `delta_nb_bits` (u32); then per cell `i`, at `SYMBOL_BYTES + 2 i`, the next state (as
/// `table_size + cell`, u16, by `cumulative + rank`); all little-endian. One array, so
/// masked offsets are provably inside it.
type Table = [u8; TABLE_BYTES];

/// An encoding table in workspace memory.
pub(crate) struct CTable<'a> {
    t: &'a mut Table,
    /// Scratch for building (see [`SCRATCH`]).
    spread: &'a mut [u8; SCRATCH],
    log: u32,
}

/// The `K` bytes of `t` at `o` (zeros past the end, which masked offsets never reach).
#[inline(always)]
fn bytes<const K: usize>(t: &Table, o: usize) -> [u8; K] {
    t.get(o..o.wrapping_add(K))
        .and_then(|c| c.first_chunk::<K>())
        .copied()
        .unwrap_or([0; K])
}

impl CTable<'_> {
    /// Builds the table for `norm` (a valid distribution summing to `1 << log`).
    pub(crate) fn build(&mut self, norm: &[i16], log: u32) {
        self.log = log;
        build(self.t, self.spread, norm, log);
    }

    /// The state that starts encoding with `s` (the last symbol of the stream); it costs
    /// no bits.
    #[inline]
    pub(crate) fn init_state(&self, s: u8) -> u32 {
        init_state(self.t, s)
    }

    /// Encodes `s` from `state`: writes the state's low bits and moves to the state
    /// that represents `s`.
    #[inline(always)]
    pub(crate) fn encode(&self, w: &mut BitWriter<'_>, state: &mut u32, s: u8) {
        encode(self.t, w, state, s);
    }

    /// Writes the final state, which the decoder reads first.
    #[inline]
    pub(crate) fn flush_state(&self, w: &mut BitWriter<'_>, state: u32) {
        w.add(u64::from(state), self.log);
    }
}
/// Builds table `t` for `norm` (a valid distribution summing to `1 << log`), with
/// `scratch` (see [`SCRATCH`]). Entries of symbols past `norm` are left as they were: a
/// valid stream has none.
fn build(t: &mut Table, scratch: &mut [u8; SCRATCH], norm: &[i16], log: u32) {
    let size = 1usize << log;
    let mask = size - 1;
    let n = norm.len().min(MAX_SYMBOLS);
    let norm = &norm[..n];
    let (spread, sorted) = scratch.split_at_mut(STATES);
    // Next cell of each symbol in the order of states; indexed by a masked symbol,
    // unchecked (the spread holds symbols of `norm` only). The cells of a valid
    // distribution sum to `size <= 512`: no wrap.
    let mut cumul = [0u16; MAX_SYMBOLS];
    let mut cells = 0u16;
    let mut high = size - 1;
    for (s, &p) in norm.iter().enumerate() {
        cumul[s & (MAX_SYMBOLS - 1)] = cells;
        // The symbols in order, 8 copies a write whatever the count (a count of 0
        // writes too: the next symbol's write covers it), for the spread below. The
        // list is of no use when "less than 1" symbols take the top cells.
        let run = (s as u64).wrapping_mul(0x0101_0101_0101_0101).to_le_bytes();
        let mut k = 0;
        loop {
            let at = usize::from(cells).wrapping_add(k) & (STATES - 1);
            if let Some(d) = sorted.get_mut(at..at + 8) {
                d.copy_from_slice(&run);
            }
            k += 8;
            if k >= p.max(0) as usize {
                break;
            }
        }
        if p == -1 {
            cells = cells.wrapping_add(1);
            spread[high & (STATES - 1)] = s as u8;
            high = high.wrapping_sub(1);
        } else {
            cells = cells.wrapping_add(p.max(0) as u16);
        }
    }
    // RFC §4.1.1: cells are visited with step (size/2 + size/8 + 3), skipping the
    // top cells that hold "less than 1" symbols. `pos` and `step` are below `size`: no
    // wrap.
    let step = (size >> 1) + (size >> 3) + 3;
    let mut pos = 0usize;
    if high == mask {
        // No such cells: nothing to skip, and the cells take the symbols in order from
        // the list, in a loop of fixed length (one loop a symbol mispredicts about once
        // a symbol, which on small blocks costs more than the instructions).
        for &s in sorted.iter().take(size) {
            spread[pos & (STATES - 1)] = s;
            pos = pos.wrapping_add(step) & mask;
        }
    } else {
        for (s, &p) in norm.iter().enumerate() {
            for _ in 0..p.max(0) {
                spread[pos & (STATES - 1)] = s as u8;
                pos = pos.wrapping_add(step) & mask;
                while pos > high {
                    pos = pos.wrapping_add(step) & mask;
                }
            }
        }
    }
    let Some(spread) = spread.get(..size) else {
        return;
    };
    // The state of cell `u` is `size + u` (below 1024: no wrap).
    let mut state = size as u16;
    for &s in spread {
        let at = &mut cumul[usize::from(s) & (MAX_SYMBOLS - 1)];
        let o = SYMBOL_BYTES + 2 * (*at as usize & (STATES - 1));
        *at = at.wrapping_add(1);
        if let Some(d) = t.get_mut(o..o + 2) {
            d.copy_from_slice(&state.to_le_bytes());
        }
        state = state.wrapping_add(1);
    }
    let mut total = 0i32;
    for (s, &p) in norm.iter().enumerate() {
        let (dfs, dnb) = match p {
            0 => (0i32, ((log + 1) << 16).wrapping_sub(size as u32)),
            -1 | 1 => {
                let r = (total - 1, (log << 16).wrapping_sub(size as u32));
                total += 1;
                r
            }
            p => {
                let p = p as u32;
                let max_bits_out = log - highbit(p - 1);
                let min_state_plus = p << max_bits_out;
                let r = (
                    total - p as i32,
                    (max_bits_out << 16).wrapping_sub(min_state_plus),
                );
                total += p as i32;
                r
            }
        };
        let (d, n) = (dfs.to_le_bytes(), dnb.to_le_bytes());
        if let Some(e) = t.get_mut(8 * s..8 * s + 8) {
            e.copy_from_slice(&[d[0], d[1], d[2], d[3], n[0], n[1], n[2], n[3]]);
        }
    }
}

/// Symbol `s`'s `delta_find_state` and `delta_nb_bits`.
#[inline(always)]
fn symbol(t: &Table, s: u8) -> (i32, u32) {
    let e = bytes::<8>(t, 8 * (s as usize & (MAX_SYMBOLS - 1)));
    (
        i32::from_le_bytes([e[0], e[1], e[2], e[3]]),
        u32::from_le_bytes([e[4], e[5], e[6], e[7]]),
    )
}

/// The state of cell `i`.
#[inline(always)]
fn next(t: &Table, i: u32) -> u32 {
    let o = SYMBOL_BYTES + 2 * (i as usize & (STATES - 1));
    u32::from(u16::from_le_bytes(bytes::<2>(t, o)))
}

#[inline(always)]
fn init_state(t: &Table, s: u8) -> u32 {
    let (dfs, dnb) = symbol(t, s);
    let nb = dnb.wrapping_add(1 << 15) >> 16;
    let value = (nb << 16).wrapping_sub(dnb);
    next(t, ((value >> nb) as i32).wrapping_add(dfs) as u32)
}

#[inline(always)]
fn encode(t: &Table, w: &mut BitWriter<'_>, state: &mut u32, s: u8) {
    encode_low(t, w, state, s, low_bits32);
}

/// [`encode`] with `low(v, n)` taking the low `n` (at most 31) bits of `v`: a 32-bit
/// operation, so that its result needs no zero extension.
#[inline(always)]
fn encode_low<L: Fn(u32, u32) -> u32>(
    t: &Table,
    w: &mut BitWriter<'_>,
    state: &mut u32,
    s: u8,
    low: L,
) {
    let (dfs, dnb) = symbol(t, s);
    let nb = state.wrapping_add(dnb) >> 16;
    w.add_fast(u64::from(low(*state, nb & 31)), nb & 31);
    *state = next(t, ((*state >> (nb & 31)) as i32).wrapping_add(dfs) as u32);
}

/// What a sequence table holds, so that a block that repeats a table already built skips
/// building it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Held {
    /// Nothing known.
    Unknown,
    /// The field's predefined distribution.
    Predefined,
    /// The distribution with this identity (see `compress::entropy::SeqTable`).
    Table(u64),
}

/// The three sequence tables (literal lengths, offsets, match lengths) in one array, so
/// the sequence encoder addresses all three from one base register, and a fourth, the
/// Huffman weights' scratch table.
pub(crate) struct CTables<'a> {
    t: &'a mut [Table; 4],
    spread: &'a mut [u8; SCRATCH],
    log: [u32; 3],
    held: [Held; 3],
}

impl<'a> CTables<'a> {
    /// Workspace bytes.
    pub(crate) const WORKSPACE: usize = 4 * TABLE_BYTES + SCRATCH;

    /// Carves (empty) tables.
    pub(crate) fn new(c: &mut Carver<'a>) -> Option<Self> {
        let t = c.array::<{ 4 * TABLE_BYTES }>()?;
        let (t, _) = t.as_chunks_mut::<TABLE_BYTES>();
        Some(Self {
            t: t.try_into().ok()?,
            spread: c.array()?,
            log: [0; 3],
            held: [Held::Unknown; 3],
        })
    }

    /// Makes table `k` (0..3) the one for `norm` (a valid distribution summing to
    /// `1 << log`) known as `what`: built unless it holds that already.
    pub(crate) fn build(&mut self, k: usize, norm: &[i16], log: u32, what: Held) {
        if let (Some(t), Some(l), Some(h)) =
            (self.t.get_mut(k), self.log.get_mut(k), self.held.get_mut(k))
        {
            if what == Held::Unknown || *h != what || *l != log {
                *l = log;
                build(t, self.spread, norm, log);
                *h = what;
            }
        }
    }

    /// The scratch table as a [`CTable`] (for the Huffman weights).
    pub(crate) fn scratch(&mut self) -> CTable<'_> {
        let [.., t] = &mut *self.t;
        CTable {
            t,
            spread: self.spread,
            log: 0,
        }
    }

    /// Becomes a copy of `o`'s sequence tables and what they hold.
    pub(crate) fn copy_from(&mut self, o: &CTables<'_>) {
        // One copy of the three: each `memcpy` call has a start-up cost.
        self.t[..3].copy_from_slice(&o.t[..3]);
        self.log = o.log;
        self.held = o.held;
    }

    /// The built tables, for encoding.
    pub(crate) fn encoder(&self) -> SeqEncoder<'_> {
        SeqEncoder {
            t: self.t,
            log: self.log,
        }
    }
}

/// Encoding with the three sequence tables; `K` (0..3) picks one at compile time, an
/// offset from the one base.
pub(crate) struct SeqEncoder<'t> {
    t: &'t [Table; 4],
    log: [u32; 3],
}

impl SeqEncoder<'_> {
    /// [`CTable::init_state`] with table `K`.
    #[inline(always)]
    pub(crate) fn init_state<const K: usize>(&self, s: u8) -> u32 {
        init_state(&self.t[K], s)
    }

    /// [`CTable::encode`] with table `K`, `low` taking a value's low bits (a table's
    /// mask, or `bzhi` where the CPU has it).
    #[inline(always)]
    pub(crate) fn encode<const K: usize, L: Fn(u32, u32) -> u32>(
        &self,
        w: &mut BitWriter<'_>,
        state: &mut u32,
        s: u8,
        low: L,
    ) {
        encode_low(&self.t[K], w, state, s, low);
    }

    /// [`CTable::flush_state`] with table `K`.
    #[inline(always)]
    pub(crate) fn flush_state<const K: usize>(&self, w: &mut BitWriter<'_>, state: u32) {
        w.add(u64::from(state), self.log[K]);
    }
}

/// Writes the Normalized Counts header of RFC 8878 §4.1.1 for `norm` (accuracy `log`)
/// into `dst`; returns its size, or `None` when `dst` is too small (or `log` is outside
/// the format's 5..=15).
pub(crate) fn write_ncount(dst: &mut [u8], norm: &[i16], log: u32) -> Option<usize> {
    if !(5..=15).contains(&log) {
        return None;
    }
    let mut out = 0usize;
    let mut acc: u64 = u64::from(log - 5);
    let mut nbits: u32 = 4;
    let mut emit = |acc: &mut u64, nbits: &mut u32, out: &mut usize| -> Option<()> {
        while *nbits >= 8 {
            *dst.get_mut(*out)? = *acc as u8;
            *out += 1;
            *acc >>= 8;
            *nbits -= 8;
        }
        Some(())
    };
    let size = 1i32 << log;
    let mut remaining = size + 1;
    let mut threshold = size;
    let mut bits = log + 1;
    let mut s = 0usize;
    let mut prev_zero = false;
    let n = norm.len();
    while s < n && remaining > 1 {
        if prev_zero {
            let start = s;
            while s < n && norm[s] == 0 {
                s += 1;
            }
            if s == n {
                return None;
            }
            let mut zeros = s - start;
            while zeros >= 3 {
                acc |= 3 << nbits;
                nbits += 2;
                zeros -= 3;
                emit(&mut acc, &mut nbits, &mut out)?;
            }
            acc |= (zeros as u64) << nbits;
            nbits += 2;
            emit(&mut acc, &mut nbits, &mut out)?;
        }
        let p = i32::from(norm[s]);
        s += 1;
        // Here `1 <= remaining <= size + 1`, `threshold <= size <= 2^15` and `nbits < 8`
        // (emitted down to a partial byte), `bits <= 16`: `max` and `nbits` do not wrap,
        // the shift stays below 64.
        let max = threshold
            .wrapping_mul(2)
            .wrapping_sub(1)
            .wrapping_sub(remaining);
        remaining -= p.abs();
        let mut v = p + 1;
        if v >= threshold {
            v += max;
        }
        acc |= (v as u64).wrapping_shl(nbits);
        nbits = nbits.wrapping_add(bits);
        if v < max {
            nbits -= 1;
        }
        prev_zero = v == 1;
        if remaining < 1 {
            return None;
        }
        while remaining < threshold {
            bits -= 1;
            threshold >>= 1;
        }
        emit(&mut acc, &mut nbits, &mut out)?;
    }
    if remaining != 1 {
        return None;
    }
    if nbits > 0 {
        *dst.get_mut(out)? = acc as u8;
        out += 1;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{LL_DEFAULT_LOG, LL_DEFAULT_NORM};

    #[test]
    fn encoding_walks_valid_states() {
        let mut ws = [0u8; CTables::WORKSPACE];
        let mut c = Carver::new(&mut ws);
        let mut t = CTables::new(&mut c).unwrap();
        t.build(2, &LL_DEFAULT_NORM, LL_DEFAULT_LOG, Held::Unknown);
        let e = t.encoder();
        let mut buf = [0u8; 256];
        let mut w = BitWriter::new(&mut buf);
        let mut st = e.init_state::<2>(3);
        for s in [0u8, 1, 35, 2, 16, 0, 0, 24] {
            e.encode::<2, _>(&mut w, &mut st, s, low_bits32);
            w.flush();
            assert!((64..128).contains(&st));
        }
        e.flush_state::<2>(&mut w, st);
        assert!(w.finish().is_some());
    }

    #[test]
    fn ncount_header_of_predefined_table() {
        let mut dst = [0u8; 64];
        let n = write_ncount(&mut dst, &LL_DEFAULT_NORM, LL_DEFAULT_LOG).unwrap();
        assert!(n > 4 && n < 40);
        assert_eq!(dst[0] & 15, 1);
    }
}
