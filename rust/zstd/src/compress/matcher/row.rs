// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Row hash tables for `greedy`, `lazy` and `lazy2` (the search zstd uses at levels 5-12
//! with large windows): the hash picks a row of 16, 32 or 64 recent positions, kept as a
//! ring, each with an 8-bit tag (more hash bits). A search compares the tag byte of every
//! entry of the row at once (8 per `u64`) and only loads the data of candidates whose
//! tag agrees, newest first.
//!
//! With a large window the rows spread over megabytes and nearly every row touched
//! misses the caches. As C does, a position's rows are prefetched (see
//! [`crate::prefetch`]) when the position 8 before it is inserted or searched, so that
//! its own insert or search finds them in the cache.

use super::count::{count, load64, read64};
use super::lazy::{dispatch, Finder, Tail};
use super::{log_or, Args, View};
use crate::compress::seq_store::SeqStore;
use crate::prefetch::Prefetch;

/// Tag bits taken from the hash besides the row number.
const TAG_BITS: u32 = 8;
/// After a jump of more than this many positions (a long match), insert only the first
/// and last ones the jump passed.
const SKIP_THRESHOLD: u32 = 384;
const INSERT_AFTER_START: u32 = 96;
const INSERT_BEFORE_END: u32 = 32;
/// Positions ahead whose rows are prefetched.
const LOOKAHEAD: usize = 8;

const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const ONES: u64 = 0x0101_0101_0101_0101;

/// Row tables over the workspace.
pub(super) struct Rows<'t> {
    /// Positions: row `r` is `idx[r << row_log ..][.. 1 << row_log]`.
    pub idx: &'t mut [[u8; 4]],
    /// The tag of each position entry.
    pub tags: &'t mut [u8],
    /// Ring head (newest entry) of each row.
    pub heads: &'t mut [u8],
    /// log2 of the number of entries (rows * row size).
    pub hash_log: u32,
    /// log2 of the row size: 4, 5 or 6.
    pub row_log: u32,
    /// First index not inserted yet.
    pub next: u32,
    /// Candidates compared per search.
    pub attempts: u32,
}

/// The row search with prefetch hints `pf`.
struct Search<'r, 't, P, const RL: u32> {
    rows: &'r mut Rows<'t>,
    pf: P,
}

/// One piece of a block searched over the row tables: a job of the encoder's dispatch
/// ([`crate::compress::Hot`]), whose runner brings the prefetch hints.
pub(crate) struct RowsJob<'a, 'b> {
    pub(super) rows: Rows<'a>,
    /// Lazy evaluation steps: 0 (`greedy`), 1 (`lazy`) or 2 (`lazy2`).
    pub(super) depth: u32,
    pub(super) mls: u32,
    pub(super) ext: bool,
    pub(super) args: &'a Args<'a, 'a>,
    pub(super) rep: &'a mut [u32; 3],
    pub(super) seqs: &'a mut SeqStore<'b>,
    /// The anchor and position reached, and the first index not inserted.
    pub(super) done: &'a mut ((usize, usize), u32),
}

impl RowsJob<'_, '_> {
    /// Searches the piece, with prefetch hints `pf`.
    #[inline(always)]
    pub(crate) fn run<P: Prefetch>(self, pf: P) {
        let mut rows = self.rows;
        // One search per row size, as C's: the row's size and mask are constants (for
        // the dispatch that gives hints; see `Prefetch::HINTS`).
        macro_rules! search {
            ($rl:literal) => {
                dispatch(
                    &mut Search::<P, $rl> {
                        rows: &mut rows,
                        pf,
                    },
                    self.depth,
                    self.mls,
                    self.ext,
                    self.args,
                    self.rep,
                    self.seqs,
                )
            };
        }
        // `row_log` is 4 to 6 (`Layout`); any other value would only mislead the
        // search, whose candidates are compared before use.
        let res = match rows.row_log {
            _ if !P::HINTS => search!(0),
            4 => search!(4),
            5 => search!(5),
            _ => search!(6),
        };
        *self.done = (res, rows.next);
    }
}

/// Row and tag of the first `MLS` bytes of `x`.
#[inline(always)]
fn row_hash<const MLS: u32>(x: u64, bits: u32) -> (usize, u8) {
    let k = match MLS {
        5 => x << 24,
        6 => x << 16,
        _ => x << 32,
    };
    let h = k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits.clamp(TAG_BITS + 1, 63));
    ((h >> TAG_BITS) as usize, h as u8)
}

/// One bit per byte of `w` that is zero (bit `k` for byte `k`).
#[inline(always)]
fn zero_bytes(w: u64) -> u64 {
    let z = !(((w & LOW7).wrapping_add(LOW7)) | w | LOW7);
    (z >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

impl Rows<'_> {
    /// Hash bits of a row and its tag (`row_hash` clamps them, so a wrapped value from
    /// inconsistent logs is harmless).
    #[inline(always)]
    fn bits<const RL: u32>(&self) -> u32 {
        self.hash_log
            .wrapping_sub(self.rlog::<RL>())
            .wrapping_add(TAG_BITS)
    }

    /// log2 of the row size: `RL`, or the tables' when 0.
    #[inline(always)]
    fn rlog<const RL: u32>(&self) -> u32 {
        log_or::<RL>(self.row_log)
    }

    /// Inserts index `i` whose first 8 bytes are `x`.
    #[inline(always)]
    fn insert<const MLS: u32, const RL: u32>(&mut self, i: u32, x: u64) {
        let bits = self.bits::<RL>();
        insert::<MLS>(
            self.idx,
            self.tags,
            self.heads,
            bits,
            self.rlog::<RL>(),
            i,
            x,
        );
    }

    /// Inserts indices `[from, to)` (history; positions without 8 bytes are skipped).
    pub(super) fn insert_range(&mut self, v: &View<'_>, mls: u32, from: u32, to: u32) {
        for i in from..to {
            if let Some(x) = v.read64_any(i) {
                match mls {
                    5 => self.insert::<5, 0>(i, x),
                    6 => self.insert::<6, 0>(i, x),
                    _ => self.insert::<4, 0>(i, x),
                }
            }
        }
        self.next = self.next.max(to);
    }

    /// Prefetches the rows of the position whose first 8 bytes are `x`.
    #[inline(always)]
    fn prefetch<const MLS: u32, P: Prefetch, const RL: u32>(&self, pf: P, x: u64) {
        let (bits, rlog) = (self.bits::<RL>(), self.rlog::<RL>());
        prefetch_row::<MLS, P>(pf, self.idx, self.tags, bits, rlog, x);
    }

    /// Inserts the indices below `target` not inserted yet (only the ends of a long jump).
    /// A search inserts its own position itself; a run of several (the positions a match
    /// covered) goes out of line, where its loop has the registers to itself.
    #[inline(always)]
    fn update<const MLS: u32, P: Prefetch, const RL: u32>(
        &mut self,
        v: &View<'_>,
        target: u32,
        pf: P,
    ) {
        if self.next < target {
            self.update_run::<MLS, P, RL>(v, target, pf);
        }
    }

    /// [`Self::update`]'s run: all of `[next, target)`, or after a long jump its first
    /// and last positions.
    #[inline(never)]
    fn update_run<const MLS: u32, P: Prefetch, const RL: u32>(
        &mut self,
        v: &View<'_>,
        target: u32,
        pf: P,
    ) {
        let from = self.next;
        self.next = target;
        if target.wrapping_sub(from) > SKIP_THRESHOLD {
            self.insert_span::<MLS, P, RL>(v, from, from + INSERT_AFTER_START, pf);
            self.insert_span::<MLS, P, RL>(v, target - INSERT_BEFORE_END, target, pf);
        } else {
            self.insert_span::<MLS, P, RL>(v, from, target, pf);
        }
    }

    /// Inserts indices `[from, to)`, prefetching the rows of the position
    /// [`LOOKAHEAD`] ahead of each; positions without 8 readable bytes are skipped.
    #[inline(always)]
    fn insert_span<const MLS: u32, P: Prefetch, const RL: u32>(
        &mut self,
        v: &View<'_>,
        from: u32,
        to: u32,
        pf: P,
    ) {
        let mut i = from;
        // The older segment's (rare: after a dictionary or a window's older segment).
        while i < to && i < v.base {
            if let Some(x) = v.read64_any(i) {
                self.insert::<MLS, RL>(i, x);
            }
            i += 1;
        }
        if i >= to {
            return;
        }
        // The current segment's, as local positions: up to `ahead`, with the lookahead
        // position's 8 bytes readable, then up to `stop`, with their own (positions are
        // below 2^32: no sum here wraps).
        let (bits, rlog, base, src) = (self.bits::<RL>(), self.rlog::<RL>(), v.base, v.src);
        let (idx, tags, heads) = (&mut *self.idx, &mut *self.tags, &mut *self.heads);
        let end = to.wrapping_sub(base) as usize;
        let stop = end.min(src.len().saturating_sub(7));
        let ahead = stop.min(src.len().saturating_sub(LOOKAHEAD + 7));
        let Some(lim) = src.get(..stop.wrapping_add(7)) else {
            return;
        };
        let mut p = i.wrapping_sub(base) as usize;
        while p < ahead {
            let xa = load64(src, p.wrapping_add(LOOKAHEAD));
            prefetch_row::<MLS, P>(pf, idx, tags, bits, rlog, xa);
            let x = load64(lim, p);
            insert::<MLS>(idx, tags, heads, bits, rlog, base.wrapping_add(p as u32), x);
            p += 1;
        }
        while p < stop {
            let x = load64(lim, p);
            insert::<MLS>(idx, tags, heads, bits, rlog, base.wrapping_add(p as u32), x);
            p += 1;
        }
    }
}

/// Prefetches the row of the position whose first 8 bytes are `x` (`bits` and `rlog` as
/// [`insert`]'s): its tags and its positions (4 bytes an entry: two cache lines from 32
/// entries on).
#[inline(always)]
fn prefetch_row<const MLS: u32, P: Prefetch>(
    pf: P,
    idx: &[[u8; 4]],
    tags: &[u8],
    bits: u32,
    rlog: u32,
    x: u64,
) {
    let first = row_hash::<MLS>(x, bits).0 << (rlog & 7);
    pf.read(tags, first);
    pf.read(idx, first);
    if rlog >= 5 {
        pf.read(idx, first.wrapping_add(16));
        if rlog >= 6 {
            pf.read(idx, first.wrapping_add(32));
            pf.read(idx, first.wrapping_add(48));
        }
    }
}

/// Inserts index `i` whose first 8 bytes are `x` into the row tables (`bits`: hash bits
/// of a row and its tag; `rlog`: log2 of the row size).
#[inline(always)]
fn insert<const MLS: u32>(
    idx: &mut [[u8; 4]],
    tags: &mut [u8],
    heads: &mut [u8],
    bits: u32,
    rlog: u32,
    i: u32,
    x: u64,
) {
    let (row, tag) = row_hash::<MLS>(x, bits);
    // `row_log` is 4 to 6 (masked: a shift cannot overflow).
    let rlog = rlog & 7;
    let rmask = (1usize << rlog).wrapping_sub(1);
    let Some(head) = heads.get_mut(row) else {
        return;
    };
    let pos = (*head as usize).wrapping_sub(1) & rmask;
    *head = pos as u8;
    let slot = row.wrapping_shl(rlog) | pos;
    if let (Some(e), Some(t)) = (idx.get_mut(slot), tags.get_mut(slot)) {
        *e = i.to_le_bytes();
        *t = tag;
    }
}

impl<P: Prefetch, const RL: u32> Finder for Search<'_, '_, P, RL> {
    #[inline(always)]
    fn skip_to(&mut self, cur: u32) {
        self.rows.next = self.rows.next.max(cur);
    }

    /// Longest match for local position `ip`: `(length, offset)`, length 0 when none
    /// reaches 4 bytes. Inserts `ip`.
    #[inline(always)]
    fn find_best<const EXT: bool, const MLS: u32>(
        &mut self,
        v: &View<'_>,
        ip: usize,
        lowest: u32,
    ) -> (usize, u32) {
        let cur = v.pos(ip);
        let pf = self.pf;
        let rows = &mut *self.rows;
        rows.update::<MLS, P, RL>(v, cur, pf);
        let Some(x) = read64(v.src, ip) else {
            return (0, 0);
        };
        let (row, tag) = row_hash::<MLS>(x, rows.bits::<RL>());
        if let Some(xa) = read64(v.src, ip.wrapping_add(LOOKAHEAD)) {
            rows.prefetch::<MLS, P, RL>(pf, xa);
        }
        let rlog = rows.rlog::<RL>();
        let entries = 1usize << rlog;
        let rmask = entries - 1;
        let first = row << rlog;
        let (Some(tags), Some(idx), Some(&head)) = (
            rows.tags.get(first..first + entries),
            rows.idx.get(first..first + entries),
            rows.heads.get(row),
        ) else {
            return (0, 0);
        };
        let head = head as usize & rmask;
        let mut mask = 0u64;
        for (k, w) in tags.as_chunks::<8>().0.iter().enumerate() {
            let d = u64::from_le_bytes(*w) ^ (tag as u64).wrapping_mul(ONES);
            mask |= zero_bytes(d) << (8 * k);
        }
        // Newest first: bit `b` stands for entry `(head + b) & rmask`.
        mask = if entries == 64 {
            mask.rotate_right(head as u32)
        } else {
            ((mask | (mask << entries)) >> head) & ((1u64 << entries) - 1)
        };
        let end = v.src.len();
        let mut best = 3usize;
        let mut best_off = 0u32;
        let mut left = rows.attempts;
        let Some(mut tail) = Tail::new(v.src, ip) else {
            return (0, 0);
        };
        // A candidate is valid (`lowest <= m < cur`) when its distance `d = cur - m`
        // is in `1..=span`: one comparison.
        let span = cur.saturating_sub(lowest);
        let mut adj = tail.adj(cur);
        while mask != 0 && left > 0 {
            let b = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let m = idx
                .get((head + b) & rmask)
                .map_or(0, |e| u32::from_le_bytes(*e));
            let d = cur.wrapping_sub(m);
            if d.wrapping_sub(1) >= span {
                if m < lowest {
                    break;
                }
                continue;
            }
            left -= 1;
            let len = if !EXT || m >= v.base {
                if tail.differs(m.wrapping_add(adj)).unwrap_or(true) {
                    continue;
                }
                count(v.src, m.wrapping_sub(v.base) as usize, ip)
            } else {
                v.match_len::<EXT>(m, ip)
            };
            if len > best {
                best = len;
                best_off = d;
                // A match stays within `src` (`ip + len <= end`, far below
                // `usize::MAX`) and `len > 3`: these sums cannot wrap.
                if ip.wrapping_add(len) >= end {
                    break;
                }
                // Unreadable: no match can be longer than `best` here.
                if !tail.set_best(v.src, ip, len) {
                    break;
                }
                adj = tail.adj(cur);
            }
        }
        rows.insert::<MLS, RL>(cur, x);
        rows.next = rows.next.max(cur + 1);
        if best >= 4 {
            (best, best_off)
        } else {
            (0, 0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_zero_bytes() {
        assert_eq!(zero_bytes(0), 0xFF);
        assert_eq!(zero_bytes(u64::MAX), 0);
        assert_eq!(zero_bytes(0x0100_FF00_0080_0001), 0b0101_1010);
    }
}
