// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Row hash tables for `greedy`, `lazy` and `lazy2` (the search zstd uses at levels 5-12
//! with large windows): the hash picks a row of 16, 32 or 64 recent positions, kept as a
//! ring, each with an 8-bit tag (more hash bits). A search compares the tag byte of every
//! entry of the row at once (8 per `u64`) and only loads the data of candidates whose
//! tag agrees, newest first.

use super::count::{count, read64};
use super::lazy::{Finder, Tail};
use super::View;

/// Tag bits taken from the hash besides the row number.
const TAG_BITS: u32 = 8;
/// After a jump of more than this many positions (a long match), insert only the first
/// and last ones the jump passed.
const SKIP_THRESHOLD: u32 = 384;
const INSERT_AFTER_START: u32 = 96;
const INSERT_BEFORE_END: u32 = 32;

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
    /// Sum of bytes loaded early (kept so those loads stay; see `find_best`).
    pub sink: u32,
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
    fn bits(&self) -> u32 {
        self.hash_log
            .wrapping_sub(self.row_log)
            .wrapping_add(TAG_BITS)
    }

    /// Inserts index `i` whose first 8 bytes are `x`.
    #[inline(always)]
    fn insert<const MLS: u32>(&mut self, i: u32, x: u64) {
        let bits = self.bits();
        insert::<MLS>(self.idx, self.tags, self.heads, bits, self.row_log, i, x);
    }

    /// Inserts indices `[from, to)` (history; positions without 8 bytes are skipped).
    pub(super) fn insert_range(&mut self, v: &View<'_>, mls: u32, from: u32, to: u32) {
        for i in from..to {
            if let Some(x) = v.read64_any(i) {
                match mls {
                    5 => self.insert::<5>(i, x),
                    6 => self.insert::<6>(i, x),
                    _ => self.insert::<4>(i, x),
                }
            }
        }
        self.next = self.next.max(to);
    }

    /// Inserts the indices below `target` not inserted yet (only the ends of a long jump).
    #[inline(always)]
    fn update<const MLS: u32>(&mut self, v: &View<'_>, target: u32) {
        let (bits, rlog) = (self.bits(), self.row_log);
        let (idx, tags, heads) = (&mut *self.idx, &mut *self.tags, &mut *self.heads);
        let (src, base) = (v.src, v.base);
        let mut put = |i: u32| {
            let x = if i >= base {
                read64(src, i.wrapping_sub(base) as usize)
            } else {
                v.read64_any(i)
            };
            if let Some(x) = x {
                insert::<MLS>(idx, tags, heads, bits, rlog, i, x);
            }
        };
        let mut i = self.next;
        if target.wrapping_sub(i) > SKIP_THRESHOLD && target > i {
            let bound = i + INSERT_AFTER_START;
            while i < bound {
                put(i);
                i += 1;
            }
            i = target - INSERT_BEFORE_END;
        }
        while i < target {
            put(i);
            i += 1;
        }
        self.next = self.next.max(target);
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

impl Finder for Rows<'_> {
    #[inline(always)]
    fn skip_to(&mut self, cur: u32) {
        self.next = self.next.max(cur);
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
        self.update::<MLS>(v, cur);
        let Some(x) = read64(v.src, ip) else {
            return (0, 0);
        };
        let (row, tag) = row_hash::<MLS>(x, self.bits());
        // Load the next position's row now, so it is in cache when needed (no prefetch
        // instruction is available in safe Rust).
        if let Some(xn) = read64(v.src, ip + 1) {
            let first = row_hash::<MLS>(xn, self.bits()).0 << self.row_log;
            let t = self.tags.get(first).copied().unwrap_or(0) as u32;
            let e = self.idx.get(first).map_or(0, |e| e[0]) as u32;
            self.sink = self.sink.wrapping_add(t ^ e);
        }
        let rlog = self.row_log;
        let entries = 1usize << rlog;
        let rmask = entries - 1;
        let first = row << rlog;
        let (Some(tags), Some(idx), Some(&head)) = (
            self.tags.get(first..first + entries),
            self.idx.get(first..first + entries),
            self.heads.get(row),
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
        let mut left = self.attempts;
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
        self.insert::<MLS>(cur, x);
        self.next = self.next.max(cur + 1);
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
