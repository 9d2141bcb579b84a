// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The optimal parser (`btopt`, `btultra`, `btultra2`: zstd levels 16-22). Instead of
//! taking the longest match greedily, it prices every way to reach the positions ahead:
//! a literal (its statistical cost) or any candidate match (repeat offsets first, then
//! the binary tree's matches of growing length), each match at every length it allows.
//! A forward pass keeps the cheapest way into each position (a shortest path over up to
//! `OPT_NUM` positions); the path is then traced back and emitted.
//!
//! Prices are in 1/256 bit, from symbol statistics kept as zstd's C keeps them: a
//! frame's first block starts from its own literals and fixed code profiles (or from
//! fixed prices when it is at most 1 KiB), every emitted sequence is counted, the prices
//! follow after each parsed stretch, and a later block starts from the counts scaled
//! down. Btopt weighs a count by its whole bits, btultra and up by 1/256 bits.
//!
//! The tree hashes 4 or more bytes; when `minMatch` is 3, a table of 3-byte hashes
//! (`2^h3_log` entries, the latest position of each) adds a 3-byte candidate.

use super::bt::Tree;
use super::count::read32;
use super::rep::{offset_value, update_rep};
use super::{highbit, valid, Args, View};
use crate::compress::seq_store::{SeqStore, MIN_MATCH};
use crate::compress::sequences::{ll_code, ml_code};
use crate::tables::{BLOCK_SIZE_MAX, LL_BASE, MAX_LL, MAX_ML, ML_BASE};

/// Positions one pass prices at most.
pub(super) const OPT_NUM: usize = 1 << 12;

/// Offset codes (Offset_Value `ov` has code `highbit(ov)`; values stay below 2^32).
const MAX_OFF_CODE: usize = 31;

/// Candidate matches kept per position (lengths strictly grow, so few are ever found).
const MAX_MATCHES: usize = 64;

/// Farthest offset worth a 3-byte match (repeat offsets always are).
const SHORT3_DIST: u32 = 1 << 10;

/// 1 bit in price units. Prices stay far inside `i32`: a weight is at most 33 bits'
/// worth (the table holds weights and base prices only), a code's extra bits at most 31,
/// and a position's price at most `INF` or a path of `OPT_NUM` steps of a few hundred bits
/// each; so the price sums below are wrapping operations that cannot wrap.
const BIT: i32 = 256;

/// Price of an unreachable position.
const INF: i32 = i32::MAX / 4;

/// A first block at most this long is priced with fixed prices, not statistics.
const PREDEF_MAX: usize = 1024;

/// Literal-length and offset-code counts a frame starts with (zstd's C: short literal
/// runs, repeat offsets and offsets of 16 to 2047 are the common case); match-length
/// counts start at 1.
const LL_START: [u32; MAX_LL + 1] = {
    let mut t = [1; MAX_LL + 1];
    t[0] = 4;
    t[1] = 2;
    t
};
const OF_START: [u32; MAX_OFF_CODE + 1] = {
    let mut t = [1; MAX_OFF_CODE + 1];
    let head = [6, 2, 1, 1, 2, 3, 4, 4, 4, 3, 2];
    let mut i = 0;
    while i < head.len() {
        t[i] = head[i];
        i += 1;
    }
    t
};

// Layout of the parser's workspace, in little-endian 4-byte entries.
const LIT_F: usize = 0;
const LL_F: usize = LIT_F + 256;
const ML_F: usize = LL_F + MAX_LL + 1;
const OF_F: usize = ML_F + MAX_ML + 1;
/// The sums of the four statistics (`K_*` order), then their weights (base prices),
/// then 1 while the prices are the fixed ones.
const SUMS: usize = OF_F + MAX_OFF_CODE + 1;
const BASES: usize = SUMS + 4;
const PREDEF: usize = BASES + 4;
/// Per literal-length, match-length and offset code, the weight of its count less its
/// extra bits (a code's price is its statistic's base price less this entry): a parse
/// prices many lengths a position, and an emitted sequence changes three counts, so the
/// entries are kept and updated with them (the base prices change with every sequence).
const LL_P: usize = PREDEF + 1;
const ML_P: usize = LL_P + MAX_LL + 1;
const OF_P: usize = ML_P + MAX_ML + 1;
const MATCHES: usize = OF_P + MAX_OFF_CODE + 1;
/// First index not in the 3-byte hash table yet.
const H3_NEXT: usize = MATCHES + 2 * MAX_MATCHES;
const NODES: usize = H3_NEXT + 1;
/// Entries holding state between blocks (statistics to `H3_NEXT`); the rest is scratch.
pub(super) const STATE: usize = NODES;
/// The statistics: literals, literal-length codes, match-length codes, offset codes,
/// each as (first entry, symbols).
const K_LIT: usize = 0;
const K_LL: usize = 1;
const K_ML: usize = 2;
const K_OF: usize = 3;
const STATS: [(usize, usize); 4] = [
    (LIT_F, 256),
    (LL_F, MAX_LL + 1),
    (ML_F, MAX_ML + 1),
    (OF_F, MAX_OFF_CODE + 1),
];

/// Fields of a node: price, match length (0: reached by a literal), offset, pending
/// literals, the three repeat offsets after it, and the next position on the chosen path.
const NODE: usize = 8;
const N_PRICE: usize = 0;
const N_MLEN: usize = 1;
const N_OFF: usize = 2;
const N_LIT: usize = 3;
const N_REP: usize = 4;
const N_SUCC: usize = 7;

/// Entries the parser needs beside the tree (and its 3-byte hash table, if any).
pub(super) const ENTRIES: usize = NODES + (OPT_NUM + 1) * NODE;

/// Largest 3-byte hash table log.
pub(super) const H3_LOG_MAX: u32 = 17;

/// Three-byte candidates further than this are not worth their offset.
const H3_DIST_MAX: u32 = 1 << 18;

/// The parser's statistics, prices, candidates and nodes (`ENTRIES` entries).
pub(super) struct Parser<'t> {
    /// Fixed-size: an entry at a constant offset plus a small code is proved inside it.
    t: &'t mut [[u8; 4]; ENTRIES],
    /// Latest index of each 3-byte hash (empty when `minMatch` is above 3).
    h3: &'t mut [[u8; 4]],
    h3_log: u32,
    /// Btultra and up: price every length of every candidate, search every position.
    ultra: bool,
    /// The fixed prices are in use (entry `PREDEF`, kept here so that the price
    /// functions need not reload it after every write to the nodes).
    predef: bool,
    /// A match at least this long is taken at once (`targetLength`).
    sufficient: usize,
    n_matches: usize,
}

impl<'t> Parser<'t> {
    /// The parser over `t` (`ENTRIES`, then `2^h3_log` entries when `h3_log > 0`), or
    /// None when the workspace is too short for it.
    pub(super) fn new(
        t: &'t mut [[u8; 4]],
        h3_log: u32,
        ultra: bool,
        target_length: u32,
    ) -> Option<Self> {
        let h3_len = if h3_log > 0 { 1usize << h3_log } else { 0 };
        if t.len() < ENTRIES + h3_len {
            return None;
        }
        let (t, rest) = t.split_at_mut(ENTRIES);
        let h3 = &mut rest[..h3_len];
        let t: &mut [[u8; 4]; ENTRIES] = t.try_into().ok()?;
        let predef = u32::from_le_bytes(t[PREDEF]) != 0;
        Some(Self {
            t,
            h3,
            h3_log,
            ultra,
            predef,
            sufficient: (target_length as usize).clamp(8, OPT_NUM - 1),
            n_matches: 0,
        })
    }

    #[inline(always)]
    fn get(&self, i: usize) -> u32 {
        self.t.get(i).map_or(0, |e| u32::from_le_bytes(*e))
    }

    #[inline(always)]
    fn set(&mut self, i: usize, v: u32) {
        if let Some(e) = self.t.get_mut(i) {
            *e = v.to_le_bytes();
        }
    }

    #[inline(always)]
    fn add(&mut self, i: usize, n: u32) {
        let v = self.get(i).saturating_add(n);
        self.set(i, v);
    }

    /// Node `pos` (its `NODE` fields): one range check, no index arithmetic.
    #[inline(always)]
    fn node_ref(&self, pos: usize) -> Option<&[[u8; 4]; NODE]> {
        self.t.get(NODES..)?.as_chunks::<NODE>().0.get(pos)
    }

    #[inline(always)]
    fn node_mut(&mut self, pos: usize) -> Option<&mut [[u8; 4]; NODE]> {
        self.t
            .get_mut(NODES..)?
            .as_chunks_mut::<NODE>()
            .0
            .get_mut(pos)
    }

    #[inline(always)]
    fn node(&self, pos: usize, f: usize) -> u32 {
        self.node_ref(pos)
            .map_or(0, |n| u32::from_le_bytes(n[f % NODE]))
    }

    #[inline(always)]
    fn set_node(&mut self, pos: usize, f: usize, v: u32) {
        if let Some(n) = self.node_mut(pos) {
            n[f % NODE] = v.to_le_bytes();
        }
    }

    #[inline(always)]
    fn price(&self, pos: usize) -> i32 {
        self.node(pos, N_PRICE) as i32
    }

    fn rep_of(&self, pos: usize) -> [u32; 3] {
        self.node_ref(pos).map_or([0; 3], |n| {
            [
                u32::from_le_bytes(n[N_REP]),
                u32::from_le_bytes(n[N_REP + 1]),
                u32::from_le_bytes(n[N_REP + 2]),
            ]
        })
    }

    /// Records that `pos` is reached by a match of `mlen` at distance `off`: its repeat
    /// offsets are set once the parse gets there ([`Self::settle`]), as C's parser does,
    /// not for every way tried into it.
    #[inline(always)]
    fn set_match(&mut self, pos: usize, price: i32, mlen: u32, off: u32) {
        if let Some(n) = self.node_mut(pos) {
            put_match(n, price, mlen, off);
        }
    }

    /// [`Self::set_match`] when `price` is below the node's: whether it was. One access
    /// to the node for both.
    #[inline(always)]
    fn improve_match(&mut self, pos: usize, price: i32, mlen: u32, off: u32) -> bool {
        match self.node_mut(pos) {
            Some(n) if price < u32::from_le_bytes(n[N_PRICE]) as i32 => {
                put_match(n, price, mlen, off);
                true
            }
            _ => false,
        }
    }

    /// Sets the repeat offsets of `pos` when a match reaches it: those of the position
    /// the match starts from (settled before) updated by its offset.
    #[inline(always)]
    fn settle(&mut self, pos: usize) {
        let ml = self.node(pos, N_MLEN) as usize;
        if ml == 0 {
            return;
        }
        let prev = pos.saturating_sub(ml);
        let r = self.rep_of(prev);
        let ll0 = self.node(prev, N_LIT) == 0;
        let mut nr = r;
        update_rep(&mut nr, offset_value(self.node(pos, N_OFF), ll0, &r), ll0);
        if let Some(n) = self.node_mut(pos) {
            put_reps(n, &nr);
        }
    }

    /// Records how `pos` is reached.
    fn set_way(&mut self, pos: usize, price: i32, mlen: u32, off: u32, lits: u32, rep: &[u32; 3]) {
        if let Some(n) = self.node_mut(pos) {
            n[N_PRICE] = (price as u32).to_le_bytes();
            n[N_MLEN] = mlen.to_le_bytes();
            n[N_OFF] = off.to_le_bytes();
            n[N_LIT] = lits.to_le_bytes();
            put_reps(n, rep);
        }
    }

    /// The weight of a count (`256 * log2(stat + 1)`, up to a constant): whole bits for
    /// btopt, with the linear fraction for btultra and up.
    #[inline(always)]
    fn weight(&self, stat: u32) -> i32 {
        let x = u64::from(stat) + 1;
        let hb = 63 - x.leading_zeros() as i32;
        if self.ultra {
            // `(x << 8) >> hb` is below 512 (`hb` is `x`'s top bit): no wrap.
            (hb * BIT).wrapping_add(((x << 8) >> hb) as i32)
        } else {
            hb * BIT
        }
    }

    /// Recomputes the sums' weights (the base prices) after the counts changed.
    fn set_base_prices(&mut self) {
        for k in 0..4 {
            let w = self.weight(self.get(SUMS + k));
            self.set(BASES + k, w as u32);
        }
    }

    /// Recomputes every code's entry (after the counts were all set or scaled).
    fn set_code_weights(&mut self) {
        for (k, p) in [(K_LL, LL_P), (K_ML, ML_P), (K_OF, OF_P)] {
            let (f, n) = STATS[k];
            for i in 0..n {
                self.set_code(k, p, f, i);
            }
        }
    }

    /// Sets the entry of code `c` of statistic `k` (its counts at `f`, its entries at
    /// `p`): the weight of its count less its extra bits, so that a code's price is its
    /// statistic's base price less this one entry.
    #[inline(always)]
    fn set_code(&mut self, k: usize, p: usize, f: usize, c: usize) {
        let extra = match k {
            K_LL => LL_BASE.get(c).map_or(16, |b| i32::from(b.1)),
            K_ML => ML_BASE.get(c).map_or(16, |b| i32::from(b.1)),
            _ => c as i32,
        };
        let w = self.weight(self.get(f + c)).wrapping_sub(extra * BIT);
        self.set(p + c, w as u32);
    }

    #[inline(always)]
    fn base(&self, k: usize) -> i32 {
        self.get(BASES + k) as i32
    }

    #[inline(always)]
    fn predef(&self) -> bool {
        self.predef
    }

    fn set_predef(&mut self, on: bool) {
        self.predef = on;
        self.set(PREDEF, u32::from(on));
    }

    /// Sets every count of statistic `k` to `1 + count >> shift`; records the sum.
    fn downscale(&mut self, k: usize, shift: u32) {
        let (f, n) = STATS[k];
        let mut sum = 0u32;
        for i in f..f + n {
            let c = 1 + (self.get(i) >> shift.min(31));
            self.set(i, c);
            sum = sum.saturating_add(c);
        }
        self.set(SUMS + k, sum);
    }

    /// Scales statistic `k` down to a sum near `2^log` when it is more than twice that.
    fn scale(&mut self, k: usize, log: u32) {
        let (f, n) = STATS[k];
        let sum = (f..f + n)
            .map(|i| self.get(i))
            .fold(0u32, u32::saturating_add);
        let factor = sum >> log;
        if factor <= 1 {
            self.set(SUMS + k, sum);
        } else {
            self.downscale(k, highbit(factor) as u32);
        }
    }

    /// Readies the statistics for a block whose bytes are `block`: a frame's first
    /// block counts its own literals and takes the starting profiles (fixed prices when
    /// it is short); a later block keeps the counts of the blocks before, scaled down.
    fn prepare(&mut self, block: &[u8]) {
        if self.get(SUMS + K_LL) == 0 {
            self.set_predef(block.len() <= PREDEF_MAX);
            for i in LIT_F..LIT_F + 256 {
                self.set(i, 0);
            }
            for &b in block {
                self.add(LIT_F + b as usize, 1);
            }
            self.downscale(K_LIT, 8);
            for (k, start) in [(K_LL, &LL_START[..]), (K_OF, &OF_START[..])] {
                let f = STATS[k].0;
                for (i, &c) in start.iter().enumerate() {
                    self.set(f + i, c);
                }
                self.set(SUMS + k, start.iter().sum());
            }
            for i in ML_F..ML_F + MAX_ML + 1 {
                self.set(i, 1);
            }
            self.set(SUMS + K_ML, MAX_ML as u32 + 1);
        } else {
            self.set_predef(false);
            self.scale(K_LIT, 12);
            self.scale(K_LL, 11);
            self.scale(K_ML, 11);
            self.scale(K_OF, 11);
        }
        self.set_code_weights();
        self.set_base_prices();
    }

    /// Price of one literal byte `b`.
    #[inline(always)]
    fn lit_price(&self, b: u8) -> i32 {
        if self.predef() {
            return 6 * BIT;
        }
        self.base(K_LIT)
            .wrapping_sub(self.weight(self.get(LIT_F + b as usize)))
    }

    /// Price of `lits` pending literals as the next sequence's literal length.
    #[inline(always)]
    fn ll_price(&self, lits: u32) -> i32 {
        if self.predef() {
            return self.weight(lits);
        }
        // Short runs (nearly every one the parser prices) first: the first two arms are
        // the same code, but in the first, for runs below 64, `ll_code` reduces to its
        // table (one test for those runs). A whole block of literals has no code: one bit
        // more than the longest run.
        #[allow(clippy::if_same_then_else)]
        let (c, more) = if lits < 64 {
            (ll_code(lits), 0)
        } else if (lits as usize) < BLOCK_SIZE_MAX {
            (ll_code(lits), 0)
        } else {
            (ll_code(BLOCK_SIZE_MAX as u32 - 1), BIT)
        };
        self.base(K_LL)
            .wrapping_sub(self.get(LL_P + c as usize) as i32)
            .wrapping_add(more)
    }

    /// Price of Offset_Value `ov`, the part of a match's price its length does not
    /// change (the parser prices many lengths of one match).
    #[inline(always)]
    fn off_price(&self, ov: u32) -> i32 {
        let oc = highbit(ov);
        if self.predef() {
            return (16 + oc) * BIT;
        }
        let p = self
            .base(K_OF)
            .wrapping_sub(self.get(OF_P + oc as usize) as i32);
        if !self.ultra && oc >= 20 {
            // Far offsets cost cache misses when decoding: btopt avoids them a little.
            return p.wrapping_add((oc - 19) * 2 * BIT);
        }
        p
    }

    /// The part of [`Self::len_price`] that is the same for every length: read once for
    /// the many lengths a position prices (the statistics do not change during a pass,
    /// but the nodes' writes, to the same table, would make the compiler read it again).
    #[inline(always)]
    fn len_base(&self) -> i32 {
        // A sequence has overheads the codes do not show: prefer fewer of them.
        self.base(K_ML).wrapping_add(BIT / 5)
    }

    /// Price of a match length of `ml` bytes (with the sequence's own overhead) from the
    /// statistics, `lb` being [`Self::len_base`].
    #[inline(always)]
    fn len_price(&self, lb: i32, ml: usize) -> i32 {
        let mc = ml_code(ml as u32) as usize;
        lb.wrapping_sub(self.get(ML_P + mc) as i32)
    }

    /// [`Self::len_price`] while the fixed prices are in use.
    #[inline(always)]
    fn len_price_fixed(&self, ml: usize) -> i32 {
        self.weight(ml.saturating_sub(MIN_MATCH as usize) as u32)
    }

    /// Counts an emitted sequence: `lits`, then a match of `ml` bytes as `ov`.
    fn count(&mut self, lits: &[u8], ml: usize, ov: u32) {
        for &b in lits {
            self.add(LIT_F + b as usize, 2);
        }
        let n = (lits.len() as u32).saturating_mul(2);
        self.add(SUMS + K_LIT, n);
        // Written out, not a loop over the three: each statistic's constants fold.
        self.count_code(K_LL, ll_code(lits.len() as u32) as usize, LL_P);
        self.count_code(K_ML, ml_code(ml as u32) as usize, ML_P);
        self.count_code(K_OF, highbit(ov) as usize, OF_P);
    }

    /// Counts code `c` of statistic `k` (its entries at `p`) once.
    #[inline(always)]
    fn count_code(&mut self, k: usize, c: usize, p: usize) {
        let f = STATS[k].0;
        self.add(f + c, 1);
        self.add(SUMS + k, 1);
        self.set_code(k, p, f, c);
    }

    /// The candidates' slots, (length, offset) each: one range check a slot, no index
    /// arithmetic.
    #[inline(always)]
    fn match_slots(&self) -> &[[[u8; 4]; 2]] {
        self.t
            .get(MATCHES..MATCHES + 2 * MAX_MATCHES)
            .map_or(&[], |m| m.as_chunks::<2>().0)
    }

    #[inline(always)]
    fn match_slots_mut(&mut self) -> &mut [[[u8; 4]; 2]] {
        self.t
            .get_mut(MATCHES..MATCHES + 2 * MAX_MATCHES)
            .map_or(&mut [], |m| m.as_chunks_mut::<2>().0)
    }

    /// Adds a candidate (none past `MAX_MATCHES`).
    #[inline(always)]
    fn push_match(&mut self, len: usize, off: u32) {
        let n = self.n_matches;
        if let Some(e) = self.match_slots_mut().get_mut(n) {
            *e = [(len as u32).to_le_bytes(), off.to_le_bytes()];
            // Below `MAX_MATCHES`: no wrap.
            self.n_matches = n.wrapping_add(1);
        }
    }

    /// Candidate `k` (length, offset).
    #[inline(always)]
    fn match_at(&self, k: usize) -> (usize, u32) {
        self.match_slots().get(k).map_or((0, 0), |[l, o]| {
            (u32::from_le_bytes(*l) as usize, u32::from_le_bytes(*o))
        })
    }

    /// [`Self::collect`] compiled for the trees of inputs up to 128 KiB (hash and node
    /// logs 17 at every optimal level, btrfs's extents among them: constant masks and
    /// shifts leave the walk two registers), or for any tree.
    #[inline(always)]
    fn candidates<const EXT: bool, const MLS: u32>(
        &mut self,
        tree: &mut Tree<'_>,
        v: &View<'_>,
        p: usize,
        rep: &[u32; 3],
        ll0: bool,
        lowest: u32,
    ) -> usize {
        if tree.hash_log == 17 && tree.node_log == 17 {
            self.collect::<EXT, MLS, 17, 17>(tree, v, p, rep, ll0, lowest)
        } else {
            self.collect::<EXT, MLS, 0, 0>(tree, v, p, rep, ll0, lowest)
        }
    }

    /// Finds the candidates at local position `p` (inserting it into the tree): the
    /// repeat offsets, then the tree's matches, each longer than the one before. As in
    /// zstd's C, a position the tree skipped (inside a long match found before) has none,
    /// the 3-byte table is asked only when no repeat offset reaches 3 bytes, and a
    /// candidate long enough to be taken at once ends the search.
    fn collect<const EXT: bool, const MLS: u32, const HL: u32, const NL: u32>(
        &mut self,
        tree: &mut Tree<'_>,
        v: &View<'_>,
        p: usize,
        rep: &[u32; 3],
        ll0: bool,
        lowest: u32,
    ) -> usize {
        self.n_matches = 0;
        let cur = v.pos(p);
        if cur < tree.next {
            return 0;
        }
        tree.update::<EXT, MLS, HL, NL>(v, cur, lowest);
        tree.next = cur;
        let end = v.src.len();
        // Taken at once: longer than `sufficient`, or running to the end of the block.
        let enough = |len: usize, s: usize| len > s || p.saturating_add(len) >= end;
        let cands = if ll0 {
            [rep[1], rep[2], rep[0].wrapping_sub(1)]
        } else {
            *rep
        };
        let min = if self.h3_log > 0 { 3 } else { 4 };
        let mut best = min - 1;
        for off in cands {
            if off == 0 || !valid(cur.wrapping_sub(off), cur, lowest) {
                continue;
            }
            let len = v.match_len::<EXT>(cur - off, p);
            if len > best && len >= min {
                best = len;
                self.push_match(len, off);
                if enough(len, self.sufficient) {
                    return self.n_matches;
                }
            }
        }
        if self.h3_log > 0 && best < 3 {
            // The 3-byte candidate (the tree may miss matches this short).
            if let Some(m) = self.insert_h3::<EXT>(v, cur, lowest) {
                if cur - m < H3_DIST_MAX {
                    let len = v.match_len::<EXT>(m, p);
                    if len >= 3 {
                        best = len;
                        self.push_match(len, cur - m);
                        if enough(len, self.sufficient) {
                            tree.next = cur + 1;
                            return self.n_matches;
                        }
                    }
                }
            }
        }
        tree.next = cur + 1;
        tree.insert_with::<EXT, MLS, HL, NL, _>(v, cur, lowest, best, OPT_NUM, &mut |len, off| {
            self.push_match(len, off);
        });
        self.n_matches
    }
}

impl Parser<'_> {
    /// Adds every index up to `cur` to the 3-byte hash table; returns the candidate
    /// for `cur` (the latest earlier index with its hash), if valid. The positions
    /// before `cur` (those a match covered) are added out of line; `cur` itself, the
    /// common case, here.
    #[inline(always)]
    fn insert_h3<const EXT: bool>(&mut self, v: &View<'_>, cur: u32, lowest: u32) -> Option<u32> {
        let old = self.get(H3_NEXT);
        let mut i = old.max(lowest).max(v.ext_lo);
        if i < cur {
            self.insert_h3_run::<EXT>(v, i, cur);
            i = cur;
        }
        let mut cand = None;
        if i == cur {
            let shift = h3_shift(self.h3_log);
            if let Some(e) = read_h3::<EXT>(v, cur).and_then(|x| self.h3.get_mut(hash_h3(x, shift)))
            {
                cand = Some(u32::from_le_bytes(*e));
                *e = cur.to_le_bytes();
            }
            i += 1;
        }
        self.set(H3_NEXT, i.max(old));
        cand.filter(|&m| valid(m, cur, lowest))
    }

    /// Adds indices `[from, to)` to the 3-byte hash table.
    #[inline(never)]
    fn insert_h3_run<const EXT: bool>(&mut self, v: &View<'_>, from: u32, to: u32) {
        let shift = h3_shift(self.h3_log);
        let h3 = &mut *self.h3;
        for i in from..to {
            if let Some(e) = read_h3::<EXT>(v, i).and_then(|x| h3.get_mut(hash_h3(x, shift))) {
                *e = i.to_le_bytes();
            }
        }
    }

    /// Every index moved down by `shift` (see `MatchState::shift`).
    pub(super) fn shift(&mut self, shift: u32) {
        for e in self.h3.iter_mut() {
            *e = u32::from_le_bytes(*e).saturating_sub(shift).to_le_bytes();
        }
        let n = self.get(H3_NEXT).saturating_sub(shift);
        self.set(H3_NEXT, n);
    }
}

/// The shift of the 3-byte hash for a table of `2^h3_log` entries (`h3_log` is 1 to 32
/// when the table is in use; masked, a shift cannot overflow).
#[inline(always)]
fn h3_shift(h3_log: u32) -> u32 {
    32u32.wrapping_sub(h3_log) & 31
}

/// The 3-byte hash of the low 3 bytes of `x`.
#[inline(always)]
fn hash_h3(x: u32, shift: u32) -> usize {
    ((x << 8).wrapping_mul(0x9E37_79B1) >> shift) as usize
}

/// The 4 bytes at index `i` (`None` when not readable).
#[inline(always)]
fn read_h3<const EXT: bool>(v: &View<'_>, i: u32) -> Option<u32> {
    if !EXT || i >= v.base {
        read32(v.src, i.wrapping_sub(v.base) as usize)
    } else {
        v.read64_any(i).map(|x| x as u32)
    }
}

pub(super) fn dispatch(
    tree: &mut Tree<'_>,
    opt: &mut Parser<'_>,
    mls: u32,
    ext: bool,
    a: &Args<'_, '_>,
    rep: &mut [u32; 3],
    seqs: &mut SeqStore<'_>,
) -> (usize, usize) {
    match (ext, mls) {
        (false, 5) => compress::<false, 5>(tree, opt, a, rep, seqs),
        (false, 6) => compress::<false, 6>(tree, opt, a, rep, seqs),
        (false, 3) => compress::<false, 3>(tree, opt, a, rep, seqs),
        (false, _) => compress::<false, 4>(tree, opt, a, rep, seqs),
        (true, 5) => compress::<true, 5>(tree, opt, a, rep, seqs),
        (true, 6) => compress::<true, 6>(tree, opt, a, rep, seqs),
        (true, 3) => compress::<true, 3>(tree, opt, a, rep, seqs),
        (true, _) => compress::<true, 4>(tree, opt, a, rep, seqs),
    }
}

/// Writes into node `n` that it is reached by a match of `mlen` at distance `off` for
/// `price` (its repeat offsets follow when the parse gets there, see `settle`).
#[inline(always)]
fn put_match(n: &mut [[u8; 4]; NODE], price: i32, mlen: u32, off: u32) {
    n[N_PRICE] = (price as u32).to_le_bytes();
    n[N_MLEN] = mlen.to_le_bytes();
    n[N_OFF] = off.to_le_bytes();
    n[N_LIT] = 0u32.to_le_bytes();
}

/// Writes the repeat offsets after node `n`.
#[inline(always)]
fn put_reps(n: &mut [[u8; 4]; NODE], rep: &[u32; 3]) {
    for (k, r) in rep.iter().enumerate() {
        n[N_REP + k] = r.to_le_bytes();
    }
}

/// Parses the piece `[a.ip, a.ilimit)`; returns where the pending literals start and
/// the position reached.
fn compress<const EXT: bool, const MLS: u32>(
    tree: &mut Tree<'_>,
    o: &mut Parser<'_>,
    a: &Args<'_, '_>,
    rep: &mut [u32; 3],
    seqs: &mut SeqStore<'_>,
) -> (usize, usize) {
    let (v, src, lowest, mut anchor, mut ip, ilimit) = a.parts();
    o.prepare(src.get(ip..).unwrap_or(&[]));
    while ip < ilimit {
        let lits0 = (ip - anchor) as u32;
        let n = o.candidates::<EXT, MLS>(tree, v, ip, rep, lits0 == 0, lowest);
        if n == 0 {
            ip += 1;
            continue;
        }
        let (longest, loff) = o.match_at(n - 1);
        if longest > o.sufficient {
            anchor = emit(o, v, seqs, rep, anchor, ip, longest, loff, lowest);
            o.set_base_prices();
            ip += longest;
            continue;
        }
        // Position 0 is `ip` with the literals pending since `anchor`.
        o.set_way(0, o.ll_price(lits0), 0, 0, lits0, rep);
        let mut last = 0usize;
        let mut forced = None;
        let base = o.ll_price(0);
        let mut cur = 0usize;
        loop {
            if cur > 0 {
                // Reaching `cur` by one more literal.
                let prev_lits = o.node(cur - 1, N_LIT);
                let b = src.get(ip + cur - 1).copied().unwrap_or(0);
                let price = o
                    .price(cur - 1)
                    .wrapping_add(o.lit_price(b))
                    .wrapping_add(o.ll_price(prev_lits + 1))
                    .wrapping_sub(o.ll_price(prev_lits));
                if price <= o.price(cur) {
                    let r = o.rep_of(cur - 1);
                    o.set_way(cur, price, 0, 0, prev_lits + 1, &r);
                } else {
                    o.settle(cur);
                }
                if cur >= last {
                    break;
                }
                let p = ip + cur;
                if p >= ilimit {
                    cur += 1;
                    continue;
                }
                if !o.ultra && o.price(cur + 1) <= o.price(cur).wrapping_add(BIT / 2) {
                    // The next position is already reached cheaply: btopt moves on.
                    cur += 1;
                    continue;
                }
                let r = o.rep_of(cur);
                let ll0 = o.node(cur, N_LIT) == 0;
                if o.candidates::<EXT, MLS>(tree, v, p, &r, ll0, lowest) == 0 {
                    cur += 1;
                    continue;
                }
            }
            let here = o.price(cur);
            let r = o.rep_of(cur);
            let ll0 = o.node(cur, N_LIT) == 0;
            let n = o.n_matches;
            let (longest, loff) = o.match_at(n - 1);
            if cur > 0 && (longest > o.sufficient || cur + longest >= OPT_NUM) {
                forced = Some((cur, longest, loff));
                break;
            }
            // Lengths from 3 with the 3-byte table, else from 4.
            let mut shorter = if o.h3_log > 0 { 2 } else { 3 };
            let lb = o.len_base();
            for k in 0..n {
                let (len, off) = o.match_at(k);
                let ov = offset_value(off, ll0, &r);
                // A 3-byte match pays for itself only with a short offset.
                let low = if ov > 3 && off >= SHORT3_DIST {
                    3
                } else {
                    shorter
                };
                let from = here.wrapping_add(o.off_price(ov)).wrapping_add(base);
                // The lengths down from the longest, to the first not priced yet: one
                // copy of the loop for the fixed prices and one for the statistics, so
                // that no length tests which prices are in use.
                let stop = low.max(shorter);
                macro_rules! lengths {
                    ($ml:ident, $len_price:expr) => {{
                        let mut $ml = len;
                        while $ml > stop {
                            // `cur < OPT_NUM` and a match within the block: no wrap.
                            let pos = cur.wrapping_add($ml);
                            let price = from.wrapping_add($len_price);
                            if pos > last {
                                while last < pos {
                                    last += 1;
                                    o.set_node(last, N_PRICE, INF as u32);
                                }
                                o.set_match(pos, price, $ml as u32, off);
                            } else if !o.improve_match(pos, price, $ml as u32, off) && !o.ultra {
                                break;
                            }
                            $ml -= 1;
                        }
                    }};
                }
                if o.predef() {
                    lengths!(ml, o.len_price_fixed(ml));
                } else {
                    lengths!(ml, o.len_price(lb, ml));
                }
                shorter = shorter.max(len);
            }
            cur += 1;
        }
        // The end of the path: the last position, or the long match that cut it short.
        let end = match forced {
            Some((at, len, off)) => {
                let end = at + len;
                while last < end {
                    last += 1;
                    o.set_node(last, N_PRICE, INF as u32);
                }
                o.set_match(end, 0, len as u32, off);
                end
            }
            None => last,
        };
        if end == 0 {
            ip += 1;
            continue;
        }
        // Trace the cheapest path back, linking each step to the next.
        let mut pos = end;
        while pos > 0 {
            let ml = o.node(pos, N_MLEN) as usize;
            let from = pos.saturating_sub(ml.max(1));
            o.set_node(from, N_SUCC, pos as u32);
            pos = from;
        }
        let mut q = 0usize;
        while q < end {
            let next = (o.node(q, N_SUCC) as usize).clamp(q + 1, end);
            let ml = o.node(next, N_MLEN) as usize;
            if ml > 0 && next - ml == q {
                let off = o.node(next, N_OFF);
                anchor = emit(o, v, seqs, rep, anchor, ip + q, ml, off, lowest);
            }
            q = next;
        }
        o.set_base_prices();
        ip += end;
    }
    (anchor, ip)
}

/// Emits the literals `[anchor, p)` and a match of up to `ml` bytes at distance `off`
/// (checked against the data: the tree's lengths are trusted only this far); returns
/// the new anchor. A match that turns out shorter than 3 bytes is left as literals.
#[allow(clippy::too_many_arguments)]
fn emit(
    o: &mut Parser<'_>,
    v: &View<'_>,
    seqs: &mut SeqStore<'_>,
    rep: &mut [u32; 3],
    anchor: usize,
    p: usize,
    ml: usize,
    off: u32,
    lowest: u32,
) -> usize {
    let cur = v.pos(p);
    if p < anchor || off == 0 || !valid(cur.wrapping_sub(off), cur, lowest) {
        return anchor;
    }
    let real = v
        .match_len::<true>(cur - off, p)
        .min(ml)
        .min(v.src.len() - p);
    if real < MIN_MATCH as usize {
        return anchor;
    }
    let Some(lits) = v.src.get(anchor..p) else {
        return anchor;
    };
    let ll0 = lits.is_empty();
    let ov = offset_value(off, ll0, rep);
    if seqs.push_from(v.src, anchor, p, real as u32, ov) {
        update_rep(rep, ov, ll0);
        o.count(lits, real, ov);
        p + real
    } else {
        anchor
    }
}

#[cfg(test)]
mod tests {
    use super::{Parser, ENTRIES};

    #[test]
    fn weights_are_zstd_s() {
        let mut t = [[0u8; 4]; ENTRIES];
        // Btultra: 256 * (highbit(x) + x / 2^highbit(x)) for x = stat + 1.
        let o = Parser::new(&mut t, 0, true, 8).unwrap();
        assert_eq!(o.weight(0), 256);
        assert_eq!(o.weight(1), 512);
        assert_eq!(o.weight(2), 256 + 384);
        assert_eq!(o.weight((1 << 20) - 1), 20 * 256 + 256);
        assert!(o.weight(u32::MAX) > 32 * 256);
        // Btopt: whole bits of x = stat + 1.
        let o = Parser::new(&mut t, 0, false, 8).unwrap();
        assert_eq!(o.weight(0), 0);
        assert_eq!(o.weight(1), 256);
        assert_eq!(o.weight(2), 256);
        assert_eq!(o.weight(3), 512);
    }
}
