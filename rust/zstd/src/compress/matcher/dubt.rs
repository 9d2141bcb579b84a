// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! btlazy2's match finder (zstd levels 13-15, and 9-12 for small inputs): per hash bucket a
//! binary search tree of earlier positions ordered by the bytes that follow them, whose
//! sorting is deferred (zstd's "DUBT"). Inserting a position only puts it in front of its
//! bucket's list with an "unsorted" mark, a few instructions; a search first sorts the
//! unsorted positions of its own bucket into the tree, oldest first, then walks the tree
//! from the root to insert the searched position, meeting the longest matches on the way.
//! Positions in buckets that are never searched are never sorted.
//!
//! Node `i` owns two table entries, `2 * (i & mask)` and `+ 1`. Sorted: the roots of the
//! subtrees that sort before and after it (0 = none). Unsorted: the next older position of
//! the bucket, then [`UNSORTED`]. The entries hold `u32` indices; an index can never be
//! `u32::MAX` (the index space ends at 3 GiB), so the mark is unambiguous.

use super::count::{common_prefix, first_diff, read64};
use super::hash::hash;
use super::lazy::Finder;
use super::{highbit, log_or, View};

/// Second entry of a node inserted but not sorted yet.
pub(super) const UNSORTED: u32 = u32::MAX;

/// Hash heads plus tree nodes (`2^node_log` of them, half the entries of the chain table).
/// `HL` and `NL`: the hash and node logs when known at compile time (0: at run time).
pub(super) struct Dubt<'t, const HL: u32, const NL: u32> {
    hash: &'t mut [[u8; 4]],
    hash_log: u32,
    tree: &'t mut [[u8; 4]],
    node_log: u32,
    /// First index not inserted yet; indices below it that were skipped are not searched.
    pub next: u32,
    /// Nodes compared per search (`2^search_log`).
    attempts: u32,
}

/// What a walk down a tree met: the best match (`len` 0: none of 4 bytes or more) and
/// the end of the longest match seen (`end`, an index).
struct Found {
    len: u32,
    off: u32,
    end: u32,
}

/// The tables cut to powers of two, so that masked indices need no bounds checks.
struct Tables<'a> {
    hash: &'a mut [[u8; 4]],
    tree: &'a mut [[u8; 4]],
}

impl Tables<'_> {
    #[inline(always)]
    fn head(&self, h: usize) -> u32 {
        u32::from_le_bytes(self.hash[h & (self.hash.len() - 1)])
    }

    #[inline(always)]
    fn set_head(&mut self, h: usize, i: u32) {
        let n = self.hash.len() - 1;
        self.hash[h & n] = i.to_le_bytes();
    }

    /// Entry `side` (0 or 1) of node `i`.
    #[inline(always)]
    fn slot(&self, i: u32, side: usize) -> usize {
        ((i as usize) << 1 | side) & (self.tree.len() - 1)
    }

    #[inline(always)]
    fn get(&self, s: usize) -> u32 {
        u32::from_le_bytes(self.tree[s & (self.tree.len() - 1)])
    }

    #[inline(always)]
    fn set(&mut self, s: usize, i: u32) {
        let n = self.tree.len() - 1;
        self.tree[s & n] = i.to_le_bytes();
    }
}

/// Bytes that match at local positions `a < b` of `src`, up to its end, and when they
/// differ within the 16 bytes loaded, whether the first differing byte is smaller at `a`
/// (the tree's order, read from the loaded words). Positions are below 2^32, so `a + 8`
/// cannot wrap and each load needs one comparison.
#[inline(always)]
fn count_fwd(src: &[u8], a: u32, b: u32) -> (u32, Option<bool>) {
    let (a, b) = (a as usize, b as usize);
    let order = |x: u64, y: u64, d: u64| {
        let (n, before) = first_diff(x, y, d);
        (n, Some(before))
    };
    if let (Some(x), Some(y)) = (read64(src, a), read64(src, b)) {
        let d = x ^ y;
        if d != 0 {
            return order(x, y, d);
        }
        // Neighbours in a sorted tree often share more than 8 bytes.
        if let (Some(x), Some(y)) = (read64(src, a + 8), read64(src, b + 8)) {
            let d = x ^ y;
            if d != 0 {
                let (n, o) = order(x, y, d);
                return (8 + n, o);
            }
        }
    }
    (count_long(src, a, b), None)
}

/// [`count_fwd`] past a first 8 bytes that matched (or near the end).
#[inline(never)]
fn count_long(src: &[u8], a: usize, b: usize) -> u32 {
    let Some(t) = src.get(b..) else {
        return 0;
    };
    match src.get(a..a.wrapping_add(t.len())) {
        // At most `src.len()` bytes, which is below 2^32.
        Some(h) => common_prefix(h, t) as u32,
        None => 0,
    }
}

impl<'t, const HL: u32, const NL: u32> Dubt<'t, HL, NL> {
    /// The finder over a hash table of `2^hash_log` entries and a chain table of
    /// `2^chain_log` (two a node), starting at index `next`, comparing `2^search_log`
    /// nodes a search.
    pub(super) fn new(
        hash: &'t mut [[u8; 4]],
        hash_log: u32,
        tree: &'t mut [[u8; 4]],
        chain_log: u32,
        next: u32,
        search_log: u32,
    ) -> Self {
        Self {
            hash,
            hash_log: hash_log.clamp(1, 30),
            tree,
            node_log: chain_log.clamp(2, 30) - 1,
            next,
            attempts: 1 << search_log.min(24),
        }
    }

    /// The hash log: `HL`, or the run-time one when 0.
    #[inline(always)]
    fn hlog(&self) -> u32 {
        log_or::<HL>(self.hash_log)
    }

    /// The node log: `NL`, or the run-time one when 0.
    #[inline(always)]
    fn nlog(&self) -> u32 {
        log_or::<NL>(self.node_log)
    }

    /// The tables at their exact power-of-two sizes (None if the workspace gave less).
    #[inline(always)]
    fn tables(&mut self) -> Option<Tables<'_>> {
        let h = 1usize << self.hlog();
        let t = 2usize << self.nlog();
        Some(Tables {
            hash: self.hash.get_mut(..h)?,
            tree: self.tree.get_mut(..t)?,
        })
    }

    /// Inserts every index in `[from, target)` as unsorted.
    #[inline(always)]
    fn insert_upto<const MLS: u32>(
        t: &mut Tables<'_>,
        v: &View<'_>,
        from: u32,
        target: u32,
        hlog: u32,
    ) {
        let mut i = from;
        // Positions in the older segment (streaming): loads may straddle the segments.
        while i < target.min(v.base) {
            if let Some(x) = v.read64_any(i) {
                Self::link(t, hash::<MLS>(x, hlog), i);
            }
            i += 1;
        }
        while i < target {
            // `i >= v.base`: a local position, below 2^32.
            if let Some(x) = read64(v.src, i.wrapping_sub(v.base) as usize) {
                Self::link(t, hash::<MLS>(x, hlog), i);
            }
            i += 1;
        }
    }

    /// Puts index `i` in front of bucket `h`, unsorted.
    #[inline(always)]
    fn link(t: &mut Tables<'_>, h: usize, i: u32) {
        let s = t.slot(i, 0);
        t.set(s, t.head(h));
        t.set(s | 1, UNSORTED);
        t.set_head(h, i);
    }

    /// Places index `pos` into the tree rooted at `m`, comparing at most `compares`
    /// nodes of at least index `floor`; nodes at or below `bt_low` end the walk (their
    /// entries may belong to newer positions by now). With `SEARCH`, also finds the best
    /// match on the way.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn walk<const EXT: bool, const SEARCH: bool>(
        t: &mut Tables<'_>,
        v: &View<'_>,
        pos: u32,
        mut m: u32,
        compares: u32,
        floor: u32,
        bt_low: u32,
    ) -> Found {
        let mut found = Found {
            len: 0,
            // No match yet: as if a very far one (its cost, 29 bits, is all that counts).
            off: (1 << 29) - 3,
            end: pos.saturating_add(9),
        };
        // Where the next smaller / larger node hangs; `usize::MAX`: nowhere.
        let mut smaller = t.slot(pos, 0);
        let mut larger = smaller | 1;
        // Only positions of the current segment are placed (older ones are made leaves).
        let Some(p) = pos.checked_sub(v.base) else {
            t.set(smaller, 0);
            t.set(larger, 0);
            return found;
        };
        let src = v.src;
        // Local positions and lengths stay within `src`, whose length is below 2^32
        // (`View::new`): `p + len <= src.len()` and `mp < p`, so no sum below wraps.
        let (mut common_s, mut common_l) = (0u32, 0u32);
        // Nodes are older than the nodes above them, so every `m` is below `pos`; tables
        // broken otherwise could only mislead (reads are checked, and the match reported
        // is counted again), hence the wrapping arithmetic on `pos - m`.
        let low = floor.saturating_sub(1);
        let mut left = compares;
        while left > 0 && m > low {
            left -= 1;
            let known = common_s.min(common_l);
            // `known` bytes match (the ordering promises it); count the rest.
            let mp = m.wrapping_sub(v.base);
            let (len, order) = if !EXT || m >= v.base {
                // Without an older segment `m >= floor >= v.base`.
                let (n, order) = count_fwd(src, mp.wrapping_add(known), p.wrapping_add(known));
                (known.wrapping_add(n), order)
            } else {
                let n = v.match_len::<EXT>(m.wrapping_add(known), (p.wrapping_add(known)) as usize);
                (known.wrapping_add(n as u32), None)
            };
            if SEARCH && len > found.len {
                found.end = found.end.max(m.saturating_add(len));
                let off = pos.wrapping_sub(m);
                // A longer match at a much farther offset is not worth its bits (lengths
                // are below 2^30: no overflow).
                let gain = ((len - found.len) << 2) as i32;
                if gain > highbit(off.wrapping_add(1)) - highbit(found.off.wrapping_add(3)) {
                    found.len = len;
                    found.off = off;
                }
            }
            if p.wrapping_add(len) as usize >= src.len() {
                // Equal up to the block end: no order between them; the rest is dropped.
                break;
            }
            let before = order.unwrap_or_else(|| {
                let mb = if !EXT || m >= v.base {
                    src.get(mp.wrapping_add(len) as usize).copied()
                } else {
                    v.byte::<EXT>(m.wrapping_add(len))
                };
                mb < src.get(p.wrapping_add(len) as usize).copied()
            });
            if before {
                t.set(smaller, m);
                common_s = len;
                if m <= bt_low {
                    smaller = usize::MAX;
                    break;
                }
                smaller = t.slot(m, 1);
                m = t.get(smaller);
            } else {
                t.set(larger, m);
                common_l = len;
                if m <= bt_low {
                    larger = usize::MAX;
                    break;
                }
                larger = t.slot(m, 0);
                m = t.get(larger);
            }
        }
        if smaller != usize::MAX {
            t.set(smaller, 0);
        }
        if larger != usize::MAX {
            t.set(larger, 0);
        }
        found
    }
}

impl<const HL: u32, const NL: u32> Finder for Dubt<'_, HL, NL> {
    /// Skipped positions are still inserted: an insertion costs a few instructions, and
    /// a bucket's unsorted positions are only sorted when it is searched.
    #[inline(always)]
    fn skip_to(&mut self, _cur: u32) {}

    /// Longest match for local position `ip` (`(length, offset)`, length 0 when under 4
    /// bytes), after which `ip` is in the tree. Positions skipped inside a long match found
    /// earlier give nothing.
    #[inline(always)]
    fn find_best<const EXT: bool, const MLS: u32>(
        &mut self,
        v: &View<'_>,
        ip: usize,
        lowest: u32,
    ) -> (usize, u32) {
        let cur = v.pos(ip);
        if cur < self.next {
            return (0, 0);
        }
        let (hlog, attempts, from) = (self.hlog(), self.attempts, self.next);
        let mask = (1u32 << self.nlog()) - 1;
        self.next = cur.saturating_add(1);
        let Some(mut t) = self.tables() else {
            return (0, 0);
        };
        Self::insert_upto::<MLS>(&mut t, v, from, cur, hlog);
        let Some(x) = read64(v.src, ip) else {
            return (0, 0);
        };
        let h = hash::<MLS>(x, hlog);
        // Nodes older than `bt_low` have given their entries to newer positions; 0 is
        // the null child, so it never joins a tree.
        let bt_low = cur.saturating_sub(mask);
        let floor = lowest.max(1);
        let unsort_limit = bt_low.max(floor);

        // Collect the bucket's unsorted nodes, newest first, each made to point back
        // (second entry) to the newer one collected before it.
        let mut m = t.head(h);
        let mut oldest = 0u32;
        let mut collected = 0u32;
        let mut budget = attempts;
        while budget > 1 && m >= unsort_limit && m < cur {
            let s = t.slot(m, 0);
            if t.get(s | 1) != UNSORTED {
                break;
            }
            let older = t.get(s);
            t.set(s | 1, oldest);
            oldest = m;
            collected += 1;
            budget -= 1;
            m = if older < m {
                older
            } else {
                // Not a list of older positions: end it here.
                t.set(s, 0);
                0
            };
        }
        // An unsorted node left behind (out of budget) would read as a sorted one: cut it
        // and the older part of its bucket off.
        if m >= unsort_limit && m < cur {
            let s = t.slot(m, 0);
            if t.get(s | 1) == UNSORTED {
                t.set(s, 0);
                t.set(s | 1, 0);
            }
        }
        // Sort them in, oldest first; older ones get fewer comparisons, as each newer
        // one has more of the bucket to cross.
        let mut k = oldest;
        for _ in 0..collected {
            let s = t.slot(k, 0);
            let newer = t.get(s | 1);
            let root = t.get(s);
            Self::walk::<EXT, false>(&mut t, v, k, root, budget, floor, unsort_limit);
            k = newer;
            budget += 1;
        }

        // Search, inserting `cur` as the bucket's root.
        let root = t.head(h);
        t.set_head(h, cur);
        let f = Self::walk::<EXT, true>(&mut t, v, cur, root, attempts, floor, bt_low);
        // Positions inside a long repetition are not inserted (nor searched).
        self.next = f.end - 8;
        if f.len < 4 {
            return (0, 0);
        }
        // The walk relies on the common prefixes the ordering promises; the match it
        // reports is counted again so that tables left by anything else cannot mislead.
        let real = if EXT {
            v.match_len::<EXT>(cur.wrapping_sub(f.off), ip) as u32
        } else {
            // `f.off <= ip`: the match starts in the current segment.
            count_fwd(v.src, (ip as u32).wrapping_sub(f.off), ip as u32).0
        };
        if real >= 4 {
            (real as usize, f.off)
        } else {
            (0, 0)
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec;
    use std::vec::Vec;

    /// Text-like bytes with long repeats, runs and noise.
    fn sample(n: usize) -> Vec<u8> {
        let words: [&[u8]; 8] = [
            b"struct ", b"return ", b"kernel ", b"zstd_", b"0;\n", b"if (", b"\t\t", b"u32 ",
        ];
        let mut rng = crate::test_rng::Xorshift(0x2545_F491_4F6C_DD1D);
        let mut out = Vec::with_capacity(n + 16);
        while out.len() < n {
            let x = rng.next();
            match x % 16 {
                0 => out.extend(core::iter::repeat_n(b'=', (x >> 8) as usize % 40)),
                1 => out.push((x >> 16) as u8),
                _ => out.extend_from_slice(words[(x >> 4) as usize % 8]),
            }
        }
        out.truncate(n);
        out
    }

    /// In-order traversal of the sorted tree under `root` (nodes at least 1).
    fn in_order(tree: &[[u8; 4]], root: u32, mask: u32) -> Vec<u32> {
        let node = |i: u32, side: usize| u32::from_le_bytes(tree[2 * (i & mask) as usize + side]);
        let (mut out, mut stack, mut m) = (Vec::new(), Vec::new(), root);
        while (m != 0 || !stack.is_empty()) && out.len() <= tree.len() {
            if m != 0 {
                stack.push(m);
                m = node(m, 0);
            } else if let Some(top) = stack.pop() {
                out.push(top);
                m = node(top, 1);
            }
        }
        out
    }

    /// Every bucket that was searched holds a binary search tree: its positions in
    /// order have strictly increasing suffixes; unsorted ones only ever join in front.
    #[test]
    fn searched_buckets_hold_ordered_trees() {
        let src = sample(60_000);
        let (hlog, clog) = (10, 17);
        let mut hash = vec![[0u8; 4]; 1 << hlog];
        let mut tree = vec![[0u8; 4]; 1 << clog];
        let v = View {
            ext: &[],
            ext_lo: 0,
            src: &src,
            base: 0,
        };
        let mut d = Dubt::<0, 0>::new(&mut hash, hlog, &mut tree, clog, 1, 5);
        let mut ip = 1;
        let mut found = 0;
        while ip + 8 < src.len() {
            let (len, off) = d.find_best::<false, 5>(&v, ip, 1);
            if len >= 4 {
                assert_eq!(src[ip..ip + len], src[ip - off as usize..][..len]);
                found += 1;
            }
            ip += 1 + len / 2;
        }
        assert!(found > 1000, "{found} matches");
        let mask = (1u32 << (clog - 1)) - 1;
        let (mut trees, mut nodes) = (0, 0);
        for h in &hash {
            let root = u32::from_le_bytes(*h);
            if root == 0 || u32::from_le_bytes(tree[2 * (root & mask) as usize + 1]) == UNSORTED {
                continue;
            }
            let order = in_order(&tree, root, mask);
            assert!(
                order.iter().all(|&i| (i as usize) < src.len()),
                "unsorted node in a tree"
            );
            for w in order.windows(2) {
                let (a, b) = (w[0] as usize, w[1] as usize);
                assert!(src[a..] < src[b..], "positions {a} and {b} out of order");
            }
            trees += 1;
            nodes += order.len();
        }
        assert!(trees > 100 && nodes > 5000, "{trees} trees, {nodes} nodes");
    }
}
