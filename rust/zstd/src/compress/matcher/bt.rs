// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Sorted binary trees for the optimal parser's candidates (`opt.rs`, levels 16-22) and
//! for history (dictionary content) at btlazy2's and the optimal parser's levels: each
//! hash bucket roots a binary search tree of earlier positions ordered by the bytes that
//! follow them. Inserting a position walks the tree from the root, splitting it into the
//! positions that sort before and after the new one, and sees the longest matches on the
//! way (`2^search_log` nodes at most). btlazy2 defers this sorting (`dubt.rs`).

use super::count::{count_order32, read64};
use super::hash::hash;
use super::{get, set, View};

/// Hash heads plus tree nodes (`tree[2 * (i & mask)]` = smaller, `+ 1` = larger child).
pub(super) struct Tree<'t> {
    pub hash: &'t mut [[u8; 4]],
    pub hash_log: u32,
    pub tree: &'t mut [[u8; 4]],
    /// Nodes kept: `2^node_log` (half the entries of the chain table).
    pub node_log: u32,
    /// First index not inserted yet.
    pub next: u32,
    /// Nodes compared per insertion.
    pub attempts: u32,
}

impl Tree<'_> {
    /// The hash and node logs: `HL` and `NL`, or the tree's own where 0 (as
    /// [`super::log_or`], written out: through it the walk's register allocation moved,
    /// btrfs:15 +0.4% instructions).
    #[inline(always)]
    fn logs<const HL: u32, const NL: u32>(&self) -> (u32, u32) {
        (
            if HL != 0 { HL } else { self.hash_log },
            if NL != 0 { NL } else { self.node_log },
        )
    }

    /// Inserts index `cur`. Moves `next` past the positions a self-overlapping match
    /// covers (runs), whose insertion would cost a full compare each. A very long match
    /// also skips `min(192, length - 384)` positions, as C's tree update does: its length
    /// checked against the data only then (the tree's is never shorter, see
    /// [`Self::insert_with`]).
    #[inline(always)]
    fn insert<const EXT: bool, const MLS: u32, const HL: u32, const NL: u32>(
        &mut self,
        v: &View<'_>,
        cur: u32,
        lowest: u32,
    ) {
        let (len, off) =
            self.insert_with::<EXT, MLS, HL, NL, _>(v, cur, lowest, 0, usize::MAX, &mut |_, _| {});
        if len > 384 {
            let ip = cur.wrapping_sub(v.base) as usize;
            let real = v.match_len::<EXT>(cur.wrapping_sub(off), ip);
            if real > 384 {
                self.next = self
                    .next
                    .max(cur.saturating_add((real - 384).min(192) as u32));
            }
        }
    }

    /// [`Self::insert`] (without the long-match skip), also telling `found` every match
    /// longer than `beat` and all seen before it as `(length, offset)` (the optimal
    /// parser's candidates), and stopping after one longer than `stop`. Returns the
    /// longest: `(length, offset)`, length 0 when under 4 bytes. Those lengths rest on
    /// the tree's ordering (a node's first bytes taken as matching, as its place in the
    /// tree promises): never shorter than the data's, and checked against the data by
    /// whoever uses them.
    #[inline(always)]
    pub(super) fn insert_with<
        const EXT: bool,
        const MLS: u32,
        const HL: u32,
        const NL: u32,
        F: FnMut(usize, u32),
    >(
        &mut self,
        v: &View<'_>,
        cur: u32,
        lowest: u32,
        beat: usize,
        stop: usize,
        found: &mut F,
    ) -> (usize, u32) {
        let x = if cur >= v.base {
            read64(v.src, (cur - v.base) as usize)
        } else {
            v.read64_any(cur)
        };
        let Some(x) = x else {
            return (0, 0);
        };
        // Local position of `cur` in the current segment (or its extension from ext).
        let ip = cur.wrapping_sub(v.base) as usize;
        // As C's trees: at least 4 bytes hashed (3-byte matches come from the parser's
        // own 3-byte table), so a bucket's tree holds fewer positions.
        let (hash_log, node_log) = self.logs::<HL, NL>();
        let h = if MLS <= 4 {
            hash::<4>(x, hash_log)
        } else {
            hash::<MLS>(x, hash_log)
        };
        let mut m = get(self.hash, h);
        set(self.hash, h, cur);
        let mask = (1u32 << (node_log & 31)).wrapping_sub(1);
        let oldest = cur.saturating_sub(mask);
        // The nodes as a power-of-two slice: masked slots are provably inside it.
        let tmask = 2 * mask as usize + 1;
        let Some(tree) = self.tree.get_mut(..tmask.wrapping_add(1)) else {
            return (0, 0);
        };
        let node = 2 * (cur & mask) as usize;
        // Where the next smaller / larger node hangs.
        let mut smaller = node;
        let mut larger = node + 1;
        let (mut common_s, mut common_l) = (0usize, 0usize);
        let mut best = beat;
        let mut best_off = 0u32;
        let mut match_end = cur.saturating_add(9);
        let end = v.src.len();
        let mut left = self.attempts;
        // Index 0 is the null child, so it never joins a tree.
        let floor = lowest.max(oldest).max(1);
        // Without an older segment every position inserted is in the current one.
        let cur_in = !EXT || cur >= v.base;
        if !cur_in {
            left = 0;
        }
        // Trees hold earlier indices only (each joins its tree when inserted, in
        // increasing order, and a frame on dirty tables starts above them): a node is
        // checked against the window's floor, and against `cur` once it matches longer.
        while left > 0 && m >= floor {
            left -= 1;
            let known = common_s.min(common_l);
            // `known` bytes of `cur` are known to match and lie before the end of the
            // block (`ip + known <= end`), and a count stops at the end: these sums stay
            // at most `end` and cannot wrap.
            let (len, order) = if cur_in {
                let c = m.wrapping_add(known as u32);
                let (n, order) = if !EXT || c >= v.base {
                    // One segment: positions below 2^32, one comparison a read.
                    count_order32(
                        v.src,
                        c.wrapping_sub(v.base) as usize,
                        ip.wrapping_add(known),
                    )
                } else {
                    (v.match_len::<EXT>(c, ip.wrapping_add(known)), None)
                };
                (known.wrapping_add(n), order)
            } else {
                (0, None)
            };
            let longer = len > best;
            if longer {
                if m >= cur {
                    break;
                }
                best = len;
                best_off = cur - m;
                found(len, best_off);
                match_end = match_end.max(m.saturating_add(len as u32));
            }
            let children = 2 * (m & mask) as usize;
            if ip.wrapping_add(len) >= end || !cur_in || (longer && len > stop) {
                // Cannot order `m` (the match runs to the end): drop the rest.
                break;
            }
            let before = order.unwrap_or_else(|| {
                let mb = v.byte::<EXT>(m.wrapping_add(len as u32));
                mb < v.src.get(ip.wrapping_add(len)).copied()
            });
            if before {
                // `m` sorts before `cur`: it and its smaller subtree go left.
                set(tree, smaller & tmask, m);
                common_s = len;
                smaller = children + 1;
                m = get(tree, smaller & tmask);
            } else {
                set(tree, larger & tmask, m);
                common_l = len;
                larger = children;
                m = get(tree, larger & tmask);
            }
        }
        // The walk stopped at a node older than the kept ones but inside the window
        // (a hash head, or a child linked when it was younger): compared and linked in,
        // as in C (see [`link_old`]). A walk that broke off stopped at a node above
        // `floor`. Only two-segment walks (a dictionary, a stream's older window) take
        // this step: in the one-segment walk its test alone moved the register
        // allocation (btrfs:15 +2.9% instructions), and one segment reaches past its
        // tree only in inputs longer than the tree's 2^(chain_log - 1) positions.
        if EXT && m >= lowest.max(1) && m < floor && left > 0 && cur_in {
            let known = common_s.min(common_l);
            (best, best_off, match_end, smaller, larger) = link_old::<EXT, F>(
                tree,
                v,
                (m, cur, ip, known),
                (best, best_off, match_end),
                (smaller, larger),
                found,
            );
        }
        set(tree, smaller & tmask, 0);
        set(tree, larger & tmask, 0);
        self.next = self.next.max(match_end - 8);
        if best < 4 || best_off == 0 {
            return (0, 0);
        }
        (best, best_off)
    }

    /// Inserts every index below `target` not inserted yet.
    #[inline(always)]
    pub(super) fn update<const EXT: bool, const MLS: u32, const HL: u32, const NL: u32>(
        &mut self,
        v: &View<'_>,
        target: u32,
        lowest: u32,
    ) {
        let mut i = self.next.max(lowest);
        while i < target {
            self.next = i + 1;
            self.insert::<EXT, MLS, HL, NL>(v, i, lowest);
            i = self.next;
        }
    }

    /// Inserts indices `[from, to)` as history (positions without 8 bytes are skipped).
    pub(super) fn insert_range(&mut self, v: &View<'_>, mls: u32, from: u32, to: u32, lowest: u32) {
        let mut i = from;
        while i < to {
            self.next = i + 1;
            match mls {
                5 => self.insert::<true, 5, 0, 0>(v, i, lowest),
                6 => self.insert::<true, 6, 0, 0>(v, i, lowest),
                3 => self.insert::<true, 3, 0, 0>(v, i, lowest),
                _ => self.insert::<true, 4, 0, 0>(v, i, lowest),
            };
            i = self.next;
        }
        self.next = self.next.max(to);
    }
}

/// The last node of a walk, `m`: older than the nodes a tree keeps but inside the window,
/// compared with `cur` (local `ip`, `known` bytes known to match) and linked into the
/// open slot on its side, which is then closed (both ends go to the other side's slot);
/// its children, which its slot may hold for a newer position, are not followed. Out of
/// line: it runs only where the window is longer than the tree (and for a dictionary's
/// positions), and inline its code moved the walk's register allocation. Returns the new
/// best match, its offset, the match end and the two open slots.
#[cold]
#[inline(never)]
fn link_old<const EXT: bool, F: FnMut(usize, u32)>(
    tree: &mut [[u8; 4]],
    v: &View<'_>,
    (m, cur, ip, known): (u32, u32, usize, usize),
    (mut best, mut best_off, mut match_end): (usize, u32, u32),
    (mut smaller, mut larger): (usize, usize),
    found: &mut F,
) -> (usize, u32, u32, usize, usize) {
    let tmask = tree.len().wrapping_sub(1);
    // `known` bytes at `ip` lie before the block's end, and a count stops there.
    let len = known
        .wrapping_add(v.match_len::<EXT>(m.wrapping_add(known as u32), ip.wrapping_add(known)));
    if len > best {
        best = len;
        best_off = cur - m;
        found(len, best_off);
        match_end = match_end.max(m.saturating_add(len as u32));
    }
    if ip.wrapping_add(len) < v.src.len() {
        let mb = v.byte::<EXT>(m.wrapping_add(len as u32));
        if mb < v.src.get(ip.wrapping_add(len)).copied() {
            set(tree, smaller & tmask, m);
            smaller = larger;
        } else {
            set(tree, larger & tmask, m);
            larger = smaller;
        }
    }
    (best, best_off, match_end, smaller, larger)
}
