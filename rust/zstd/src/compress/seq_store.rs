// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Where match finders put a block's sequences and literals for the block writer.
//!
//! A sequence is RFC 8878 §3.1.1.3.2's triple: `lit_len` literals, then a match of
//! `match_len` bytes at `off_base`, which is the raw Offset_Value of the format:
//! 1..=3 are repeat-offset codes (read with the literal-length-zero rule of §3.1.2.5) and
//! larger values are `offset + 3`. Match finders keep their repeat offsets with the same
//! rule, so the block writer emits `off_base` as it is.

use crate::tables::BLOCK_SIZE_MAX;
use crate::workspace::Carver;

/// Smallest match length the format codes (Match_Length code 0).
pub(crate) const MIN_MATCH: u32 = 3;

/// One sequence as the match finders emit it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sequence {
    pub lit_len: u32,
    pub match_len: u32,
    pub off_base: u32,
}

/// Most sequences one block can hold: every match is at least `MIN_MATCH` bytes.
pub const MAX_SEQUENCES: usize = BLOCK_SIZE_MAX / MIN_MATCH as usize + 1;

/// Bytes of one stored sequence: Offset_Value (u32), then the low 16 bits of the literal
/// and match lengths. At most one sequence of a block can have a length of 64 KiB or
/// more (two would exceed the 128 KiB block), so its high bits are kept aside.
const ENTRY: usize = 8;

/// Most sequences a block of `block_size` bytes can hold when matches are at least
/// `min_match` long (finders never emit 3-byte matches unless `min_match` is 3).
pub const fn max_sequences(block_size: usize, min_match: u32) -> usize {
    block_size / if min_match <= 3 { 3 } else { 4 } + 1
}

/// The stored form of a sequence (the low 16 bits of each length).
#[inline(always)]
fn entry(lit_len: u32, match_len: u32, off_base: u32) -> [u8; ENTRY] {
    (u64::from(off_base) | u64::from(lit_len as u16) << 32 | u64::from(match_len as u16) << 48)
        .to_le_bytes()
}

/// A block's sequences and literals, in workspace memory.
pub struct SeqStore<'a> {
    lits: &'a mut [u8],
    seqs: &'a mut [[u8; ENTRY]],
    n_lits: usize,
    n_seqs: usize,
    /// Sequence holding a length of 64 KiB or more, with the lengths' high bits.
    long: Option<(usize, u32, u32)>,
    overflow: bool,
}

impl<'a> SeqStore<'a> {
    /// Workspace bytes a store for blocks of up to `BLOCK_SIZE_MAX` needs.
    pub const fn workspace_size() -> usize {
        Self::workspace_size_for(BLOCK_SIZE_MAX, MIN_MATCH)
    }

    /// Workspace bytes for blocks of up to `block_size` bytes and matches of at least
    /// `min_match` bytes.
    pub const fn workspace_size_for(block_size: usize, min_match: u32) -> usize {
        block_size + max_sequences(block_size, min_match) * ENTRY
    }

    /// Carves a store for blocks of up to `BLOCK_SIZE_MAX` out of a workspace.
    pub fn new(c: &mut Carver<'a>) -> Option<Self> {
        Self::new_for(c, BLOCK_SIZE_MAX, MIN_MATCH)
    }

    /// Carves a store sized by [`SeqStore::workspace_size_for`].
    pub fn new_for(c: &mut Carver<'a>, block_size: usize, min_match: u32) -> Option<Self> {
        Some(Self {
            lits: c.bytes(block_size)?,
            seqs: c.table::<ENTRY>(max_sequences(block_size, min_match))?,
            n_lits: 0,
            n_seqs: 0,
            long: None,
            overflow: false,
        })
    }

    /// Empties the store for the next block.
    pub fn reset(&mut self) {
        self.n_lits = 0;
        self.n_seqs = 0;
        self.long = None;
        self.overflow = false;
    }

    /// True when something did not fit since the last reset: the block must then be
    /// stored raw.
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    /// Runs a match finder's loop `f` on a [`Sink`] of the store and a local copy of the
    /// repeat offsets: both stay in registers while it runs and are written back once.
    #[inline(always)]
    pub(crate) fn with_sink<R>(
        &mut self,
        rep: &mut [u32; 3],
        f: impl FnOnce(&mut Sink<'_>, &mut [u32; 3]) -> R,
    ) -> R {
        let mut r = *rep;
        let mut k = self.sink();
        let res = f(&mut k, &mut r);
        let st = k.finish();
        self.set(st);
        *rep = r;
        res
    }

    /// A writer holding the store's counters as values; [`SeqStore::set`] takes them back.
    #[inline(always)]
    pub(crate) fn sink(&mut self) -> Sink<'_> {
        let st = self.state();
        Sink {
            lits: &mut *self.lits,
            seqs: &mut *self.seqs,
            st,
        }
    }

    #[inline(always)]
    fn state(&self) -> SinkState {
        SinkState {
            n_lits: self.n_lits,
            n_seqs: self.n_seqs,
            long: self.long,
            overflow: self.overflow,
        }
    }

    /// Takes back the counters of a [`Sink`] made by [`SeqStore::sink`].
    #[inline(always)]
    pub(crate) fn set(&mut self, st: SinkState) {
        self.n_lits = st.n_lits;
        self.n_seqs = st.n_seqs;
        self.long = st.long;
        self.overflow = st.overflow;
    }

    /// Appends a sequence: `literals` then a match. Returns false (and stores nothing)
    /// when the block would overflow the store, which a match finder that respects the
    /// block size never causes.
    pub fn push(&mut self, literals: &[u8], match_len: u32, off_base: u32) -> bool {
        let (st, ok) = push_slow(
            self.lits,
            self.seqs,
            self.state(),
            literals,
            match_len,
            off_base,
        );
        self.set(st);
        ok
    }

    /// [`push`](Self::push) with the literals `src[start..end]`, short runs copied as 32
    /// bytes (see [`Sink::push_from`]).
    #[inline(always)]
    pub(crate) fn push_from(
        &mut self,
        src: &[u8],
        start: usize,
        end: usize,
        match_len: u32,
        off_base: u32,
    ) -> bool {
        let mut k = self.sink();
        let ok = k.push_from(src, start, end, match_len, off_base);
        let st = k.finish();
        self.set(st);
        ok
    }

    /// Appends the block's last literals, which no match follows.
    pub fn push_literals(&mut self, literals: &[u8]) -> bool {
        let end = self.n_lits + literals.len();
        match self.lits.get_mut(self.n_lits..end) {
            Some(dst) => {
                dst.copy_from_slice(literals);
                self.n_lits = end;
                true
            }
            None => {
                self.overflow = true;
                false
            }
        }
    }

    /// All literals of the block, in order.
    pub fn literals(&self) -> &[u8] {
        &self.lits[..self.n_lits]
    }

    /// Number of sequences.
    pub fn len(&self) -> usize {
        self.n_seqs
    }

    /// True when the block has no sequence.
    pub fn is_empty(&self) -> bool {
        self.n_seqs == 0
    }

    /// Sequence `i` (`i < len()`).
    #[inline(always)]
    pub fn get(&self, i: usize) -> Sequence {
        let e = self.seqs.get(i).copied().unwrap_or([0; ENTRY]);
        let mut s = Sequence {
            lit_len: u32::from(u16::from_le_bytes([e[4], e[5]])),
            match_len: u32::from(u16::from_le_bytes([e[6], e[7]])),
            off_base: u32::from_le_bytes([e[0], e[1], e[2], e[3]]),
        };
        if let Some((at, ll_hi, ml_hi)) = self.long {
            if at == i {
                s.lit_len |= ll_hi << 16;
                s.match_len |= ml_hi << 16;
            }
        }
        s
    }

    /// Sequences `a..b` and literals `la..lb` as a store of their own (a part of the block
    /// written as a block of its own); empty and overflowed when out of range.
    pub(crate) fn part(&mut self, a: usize, b: usize, la: usize, lb: usize) -> SeqStore<'_> {
        let long = self
            .long
            .filter(|l| (a..b).contains(&l.0))
            .map(|(at, ll, ml)| (at - a, ll, ml));
        match (self.lits.get_mut(la..lb), self.seqs.get_mut(a..b)) {
            (Some(lits), Some(seqs)) if lb <= self.n_lits && b <= self.n_seqs => SeqStore {
                n_lits: lits.len(),
                n_seqs: seqs.len(),
                lits,
                seqs,
                long,
                overflow: self.overflow,
            },
            _ => SeqStore {
                lits: &mut [],
                seqs: &mut [],
                n_lits: 0,
                n_seqs: 0,
                long: None,
                overflow: true,
            },
        }
    }

    /// Replaces the Offset_Value of sequence `i`.
    pub(crate) fn set_off_base(&mut self, i: usize, off_base: u32) {
        if let Some(e) = self.seqs.get_mut(i) {
            e[..4].copy_from_slice(&off_base.to_le_bytes());
        }
    }

    /// The stored entries, for loops that decode them with [`decode`], and the index of
    /// the one sequence whose lengths need [`SeqStore::get`] (`usize::MAX`: none).
    #[inline(always)]
    pub(crate) fn entries(&self) -> (&[[u8; ENTRY]], usize) {
        let n = self.n_seqs.min(self.seqs.len());
        (&self.seqs[..n], self.long.map_or(usize::MAX, |l| l.0))
    }

    /// The sequences, in order.
    pub fn sequences(
        &self,
    ) -> impl ExactSizeIterator<Item = Sequence> + DoubleEndedIterator<Item = Sequence> + '_ {
        let long = self.long;
        let n = self.n_seqs.min(self.seqs.len());
        self.seqs[..n].iter().enumerate().map(move |(i, e)| {
            let mut s = Sequence {
                lit_len: u32::from(u16::from_le_bytes([e[4], e[5]])),
                match_len: u32::from(u16::from_le_bytes([e[6], e[7]])),
                off_base: u32::from_le_bytes([e[0], e[1], e[2], e[3]]),
            };
            if let Some((at, ll_hi, ml_hi)) = long {
                if at == i {
                    s.lit_len |= ll_hi << 16;
                    s.match_len |= ml_hi << 16;
                }
            }
            s
        })
    }
}

/// A stored entry's sequence, with the low 16 bits of its lengths (exact except for the
/// entry [`SeqStore::entries`] names).
#[inline(always)]
pub(crate) fn decode(e: &[u8; ENTRY]) -> Sequence {
    Sequence {
        lit_len: u32::from(u16::from_le_bytes([e[4], e[5]])),
        match_len: u32::from(u16::from_le_bytes([e[6], e[7]])),
        off_base: u32::from_le_bytes([e[0], e[1], e[2], e[3]]),
    }
}

/// The counters of a store, moved in and out of a [`Sink`].
#[derive(Clone, Copy)]
pub(crate) struct SinkState {
    n_lits: usize,
    n_seqs: usize,
    long: Option<(usize, u32, u32)>,
    overflow: bool,
}

/// A [`SeqStore`] borrowed by a match finder's loop, its counters held by value.
pub(crate) struct Sink<'s> {
    lits: &'s mut [u8],
    seqs: &'s mut [[u8; ENTRY]],
    st: SinkState,
}

impl Sink<'_> {
    /// The counters, for [`SeqStore::set`].
    #[inline(always)]
    pub(crate) fn finish(self) -> SinkState {
        self.st
    }

    /// [`SeqStore::push`].
    #[inline(always)]
    pub(crate) fn push(&mut self, literals: &[u8], match_len: u32, off_base: u32) -> bool {
        let (st, ok) = push_slow(self.lits, self.seqs, self.st, literals, match_len, off_base);
        self.st = st;
        ok
    }

    /// [`push`](Self::push) with the literals `src[start..end]` (none when that is out of
    /// range). Short runs are copied as 32 bytes when both buffers have room: the bytes
    /// past the run are overwritten by the next literals. The common case (at most 32
    /// literals, a match shorter than 64 KiB) takes one branch and three range checks.
    #[inline(always)]
    pub(crate) fn push_from(
        &mut self,
        src: &[u8],
        start: usize,
        end: usize,
        match_len: u32,
        off_base: u32,
    ) -> bool {
        // `start > end` wraps to a huge length and takes the careful path.
        let len = end.wrapping_sub(start);
        let (nl, ns) = (self.st.n_lits, self.st.n_seqs);
        if len <= 32 && match_len.wrapping_sub(MIN_MATCH) <= 0xFFFF - MIN_MATCH && off_base != 0 {
            // Positions and counts are below 2^32 (a block's literals, positions of
            // `u32` indices): masked so, `x + 32` cannot overflow and each 32-byte range
            // takes one comparison. A masked value that differs fails the range checks
            // or reads other bytes of `src`, never past either buffer.
            let (nl32, s32) = (nl & U32_MAX, start & U32_MAX);
            if let (Some(d), Some(s), Some(slot)) = (
                self.lits
                    .get_mut(nl32..nl32 + 32)
                    .and_then(|d| d.first_chunk_mut::<32>()),
                src.get(s32..s32 + 32).and_then(|s| s.first_chunk::<32>()),
                self.seqs.get_mut(ns),
            ) {
                *d = *s;
                *slot = entry(len as u32, match_len, off_base);
                // Both stay below their buffers' lengths (32 bytes of room were there).
                self.st.n_lits = nl.wrapping_add(len);
                self.st.n_seqs = ns.wrapping_add(1);
                return true;
            }
        }
        self.push(src.get(start..end).unwrap_or(&[]), match_len, off_base)
    }
}

/// The largest value below 2^32.
const U32_MAX: usize = u32::MAX as usize;

/// Appends a sequence outside the hot loops' common case; the counters go in and out
/// by value so that no caller has to keep them in memory.
#[inline(never)]
fn push_slow(
    lits: &mut [u8],
    seqs: &mut [[u8; ENTRY]],
    mut st: SinkState,
    literals: &[u8],
    match_len: u32,
    off_base: u32,
) -> (SinkState, bool) {
    let ll = literals.len() as u32;
    let long = literals.len() > 0xFFFF || match_len > 0xFFFF;
    let end = st.n_lits.wrapping_add(literals.len());
    let (Some(slot), Some(dst)) = (seqs.get_mut(st.n_seqs), lits.get_mut(st.n_lits..end)) else {
        st.overflow = true;
        return (st, false);
    };
    if match_len < MIN_MATCH || off_base == 0 || (long && st.long.is_some()) {
        st.overflow = true;
        return (st, false);
    }
    // Repeat matches often follow none: no call for them.
    if !literals.is_empty() {
        dst.copy_from_slice(literals);
    }
    st.n_lits = end;
    if long {
        st.long = Some((st.n_seqs, ll >> 16, match_len >> 16));
    }
    *slot = entry(ll, match_len, off_base);
    st.n_seqs += 1;
    (st, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_sequences_and_literals() {
        let mut ws = [0u8; SeqStore::workspace_size()];
        let mut c = Carver::new(&mut ws);
        let mut s = SeqStore::new(&mut c).unwrap();
        assert!(s.push(b"abc", 5, 7));
        assert!(s.push(b"", 4, 1));
        assert!(s.push_literals(b"xy"));
        assert_eq!(s.literals(), b"abcxy");
        let v: [Sequence; 2] = [s.sequences().next().unwrap(), s.sequences().nth(1).unwrap()];
        assert_eq!(
            v[0],
            Sequence {
                lit_len: 3,
                match_len: 5,
                off_base: 7
            }
        );
        assert_eq!(
            v[1],
            Sequence {
                lit_len: 0,
                match_len: 4,
                off_base: 1
            }
        );
        assert!(!s.push_literals(&[0u8; BLOCK_SIZE_MAX]));
        assert!(s.overflowed());
        s.reset();
        assert!(s.is_empty() && !s.overflowed());
        let big = [7u8; 70_000];
        assert!(s.push(&big, 60_000, 9));
        assert!(!s.push(&big[..1], 70_000, 9));
        assert_eq!(s.get(0).lit_len, 70_000);
        assert_eq!(s.get(0).match_len, 60_000);
    }
}
