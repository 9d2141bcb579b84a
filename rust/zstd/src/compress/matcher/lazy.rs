// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The `greedy`, `lazy` and `lazy2` strategies (zstd levels 5-12): a hash table heads
//! chains linking each position to the previous one with the same hash; up to
//! `2^search_log` candidates are compared. After finding a match, lazy evaluation looks
//! for a better one 1 (`lazy`) or up to 2 (`lazy2`) bytes later before committing.

use super::count::{count32, load64, read32, read64};
use super::hash::hash;
use super::rep::{emit, emit_at};
use super::{get, highbit, log_or, rare, set, valid, valid_rep, Args, View, SEARCH_STRENGTH, U32};
use crate::compress::seq_store::{SeqStore, Sink};

/// Steps (in bytes) above which skipped positions are no longer inserted.
const LAZY_SKIPPING_STEP: usize = 8;

/// Hash table plus chain table (`chain[i & mask]` = previous index with i's hash). `HL`
/// and `CL` are the table logs when known at compile time (0: `hash_log`, `chain_log`):
/// constant table sizes take the bounds checks and masks out of the chain walk.
pub(super) struct Chain<'t, const HL: u32, const CL: u32> {
    pub hash: &'t mut [[u8; 4]],
    pub hash_log: u32,
    pub chain: &'t mut [[u8; 4]],
    pub chain_log: u32,
    /// First index not inserted yet.
    pub next: u32,
    /// Candidates compared per search.
    pub attempts: u32,
}

/// Inserts indices `[from, to)` into the chains (used for history too).
#[allow(clippy::too_many_arguments)]
pub(super) fn insert_range(
    ht: &mut [[u8; 4]],
    ct: &mut [[u8; 4]],
    hlog: u32,
    clog: u32,
    mls: u32,
    v: &View<'_>,
    from: u32,
    to: u32,
) {
    let mask = (1u32 << clog).wrapping_sub(1);
    for i in from..to {
        let x = if i >= v.base {
            read64(v.src, (i - v.base) as usize)
        } else {
            v.read64_any(i)
        };
        if let Some(x) = x {
            let h = super::hash::hash_dyn(x, hlog, mls);
            let prev = get(ht, h);
            set(ct, (i & mask) as usize, prev);
            set(ht, h, i);
        }
    }
}

impl<const HL: u32, const CL: u32> Chain<'_, HL, CL> {
    /// The table logs.
    #[inline(always)]
    fn logs(&self) -> (u32, u32) {
        (log_or::<HL>(self.hash_log), log_or::<CL>(self.chain_log))
    }

    /// Inserts every index below `target` not inserted yet. A search inserts its own
    /// position itself; a run of several (the positions a match covered) goes out of
    /// line, where the loop has the registers to itself.
    #[inline(always)]
    fn insert_upto<const MLS: u32>(&mut self, v: &View<'_>, target: u32) {
        if self.next < target {
            let (hlog, clog) = self.logs();
            insert_run::<HL, CL, MLS>(self.hash, hlog, self.chain, clog, v, self.next, target);
            self.next = target;
        }
    }
}

/// Inserts indices `[from, to)` into the chains of the tables `ht` and `ct` (logs
/// `hlog`, `clog`, or `HL`, `CL` when not 0); indices without 8 readable bytes are
/// skipped.
#[inline(never)]
fn insert_run<const HL: u32, const CL: u32, const MLS: u32>(
    ht: &mut [[u8; 4]],
    hlog: u32,
    ct: &mut [[u8; 4]],
    clog: u32,
    v: &View<'_>,
    from: u32,
    to: u32,
) {
    let hlog = log_or::<HL>(hlog);
    let clog = log_or::<CL>(clog);
    let mask = (1u32 << (clog & 31)).wrapping_sub(1);
    let (Some(ht), Some(ct)) = (
        ht.get_mut(..1usize << (hlog & 31)),
        ct.get_mut(..1usize << (clog & 31)),
    ) else {
        return;
    };
    let mut i = from;
    // The older segment's indices, read across its end.
    while i < to && i < v.base {
        if let Some(x) = v.read64_any(i) {
            let h = hash::<MLS>(x, hlog);
            set(ct, (i & mask) as usize, get(ht, h));
            set(ht, h, i);
        }
        i += 1;
    }
    if i >= to {
        return;
    }
    // The current segment's, as local positions below `stop`: each has 8 bytes in
    // `lim` (positions and `stop` are below 2^32, so no sum here wraps).
    let src = v.src;
    let mut p = i.wrapping_sub(v.base) as usize;
    let stop = (to.wrapping_sub(v.base) as usize).min(src.len().saturating_sub(7));
    let Some(lim) = src.get(..stop.wrapping_add(7)) else {
        return;
    };
    while p < stop {
        let x = load64(lim, p);
        let h = hash::<MLS>(x, hlog);
        let idx = v.base.wrapping_add(p as u32);
        set(ct, (idx & mask) as usize, get(ht, h));
        set(ht, h, idx);
        p += 1;
    }
}

impl<const HL: u32, const CL: u32> Finder for Chain<'_, HL, CL> {
    #[inline(always)]
    fn skip_to(&mut self, cur: u32) {
        self.next = self.next.max(cur);
    }

    /// Longest match for local position `ip` among the chain's candidates:
    /// `(length, offset)`, length 0 when none reaches 4 bytes.
    #[inline(always)]
    fn find_best<const EXT: bool, const MLS: u32>(
        &mut self,
        v: &View<'_>,
        ip: usize,
        lowest: u32,
    ) -> (usize, u32) {
        let cur = v.pos(ip);
        self.insert_upto::<MLS>(v, cur);
        let Some(x) = read64(v.src, ip) else {
            return (0, 0);
        };
        let (hlog, clog) = self.logs();
        // Both tables cut once to their sizes: hashes and masked indices are then
        // provably inside them.
        let (Some(ht), Some(chain)) = (
            self.hash.get_mut(..1usize << hlog),
            self.chain.get_mut(..1usize << clog),
        ) else {
            return (0, 0);
        };
        let h = hash::<MLS>(x, hlog);
        let mut m = get(ht, h);
        let chain_size = 1u32 << clog;
        let min_chain = cur.saturating_sub(chain_size);
        let mask = chain_size.wrapping_sub(1);
        // `cur` joins its chain now that its hash is known (the next search would hash
        // it again); the walk below never reads its link, as `m & mask == cur & mask`
        // means `m <= min_chain`.
        if self.next == cur {
            set(chain, (cur & mask) as usize, m);
            set(ht, h, cur);
            // `ip` has 8 bytes after it: `cur + 1` is an index too.
            self.next = cur.wrapping_add(1);
        }
        let chain = &*chain;
        let end = v.src.len();
        let mut best = 3usize;
        let mut best_off = 0u32;
        let mut left = self.attempts;
        let Some(mut tail) = Tail::new(v.src, ip) else {
            return (0, 0);
        };
        let mut adj = tail.adj(cur);
        while left > 0 && m >= lowest {
            left -= 1;
            let quick_reject =
                (!EXT || m >= v.base) && tail.differs(m.wrapping_add(adj)).unwrap_or(false);
            if !quick_reject {
                // Chains only link older indices (`m < cur`); checked where it is rare.
                if m >= cur {
                    break;
                }
                let len = v.match_len::<EXT>(m, ip);
                if len > best {
                    // Rare once the chain is long: the walk's values keep the registers.
                    rare();
                    best = len;
                    best_off = cur - m;
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
            if m <= min_chain {
                break;
            }
            m = get(chain, (m & mask) as usize);
        }
        if best >= 4 {
            (best, best_off)
        } else {
            (0, 0)
        }
    }
}

/// An attached dictionary's hash chains (C's `dictMatchState`): a digested dictionary's
/// tables searched where they are, after the frame's own. Its indices are its content's
/// (0 also marks an empty cell), at frame index `start + i`.
pub(super) struct DictChain<'t> {
    pub hash: &'t [[u8; 4]],
    pub hash_log: u32,
    pub chain: &'t [[u8; 4]],
    pub chain_log: u32,
    /// Frame index of the content's first byte.
    pub start: u32,
    /// Indices the dictionary's tables hold end here (its content's length).
    pub end: u32,
}

/// The frame's own chains (sized for its input, holding only its positions) and an
/// attached dictionary's: a search walks both, each up to the attempts.
pub(super) struct DmsChain<'t, const HL: u32, const CL: u32> {
    pub own: Chain<'t, HL, CL>,
    pub dict: DictChain<'t>,
}

impl<const HL: u32, const CL: u32> Finder for DmsChain<'_, HL, CL> {
    #[inline(always)]
    fn skip_to(&mut self, cur: u32) {
        self.own.skip_to(cur);
    }

    #[inline(always)]
    fn find_best<const EXT: bool, const MLS: u32>(
        &mut self,
        v: &View<'_>,
        ip: usize,
        lowest: u32,
    ) -> (usize, u32) {
        // The own tables hold no index below the frame (those of earlier frames are
        // stale).
        let (mut best, mut best_off) = self.own.find_best::<EXT, MLS>(v, ip, lowest.max(v.base));
        if !EXT {
            return (best, best_off);
        }
        let d = &self.dict;
        let Some(x) = read64(v.src, ip) else {
            return (best, best_off);
        };
        let cur = v.pos(ip);
        let size = 1u32 << d.chain_log.min(31);
        let mask = size - 1;
        // Links of indices below `min_chain` may have been overwritten.
        let min_chain = d.end.saturating_sub(size);
        let mut md = get(d.hash, hash::<MLS>(x, d.hash_log));
        let mut left = self.own.attempts;
        best = best.max(3);
        let end = v.src.len();
        while left > 0 && md != 0 && md < d.end {
            left -= 1;
            let m = d.start.wrapping_add(md);
            // Chains lead to older indices: none after this one is usable either.
            if m < lowest || m >= v.base {
                break;
            }
            // Quick rejects, as the own walk's: the byte that would make the match
            // longer than the best, and the first four (when in the dictionary).
            let o = m.wrapping_sub(v.ext_lo) as usize;
            let at = |k: usize| {
                let a = v.ext.get(o.wrapping_add(k)).copied();
                let b = v.src.get(ip.wrapping_add(k)).copied();
                matches!((a, b), (Some(a), Some(b)) if a != b)
            };
            let differs = at(best) || v.ext.get(o..o.wrapping_add(4)) != v.src.get(ip..ip + 4);
            if !differs {
                let len = v.match_len::<true>(m, ip);
                if len > best {
                    best = len;
                    best_off = cur - m;
                    if ip.wrapping_add(len) >= end {
                        break;
                    }
                }
            }
            if md <= min_chain {
                break;
            }
            md = get(d.chain, (md & mask) as usize);
        }
        if best >= 4 {
            (best, best_off)
        } else {
            (0, 0)
        }
    }
}

/// The quick reject of the chain and row searches: a candidate beats the best match only
/// if the 4 bytes ending one past the best length match too. `tail` holds those of `ip`
/// (at local `at = ip + best - 3`) until the best changes; a candidate `m`'s lie at local
/// `m + adj(cur)`, taken in `u32`: the read's end cannot overflow, so one comparison
/// bounds it, and a candidate below `src` wraps above `2^32 - base`, past the end of `src`
/// (whose indices `base + i` are `u32`).
pub(super) struct Tail<'s> {
    tail: u32,
    at: u32,
    src: &'s [u8],
}

impl<'s> Tail<'s> {
    /// The reject for the first best length (3) at local `ip`; `None` when unreadable.
    #[inline(always)]
    pub(super) fn new(src: &'s [u8], ip: usize) -> Option<Self> {
        Some(Self {
            tail: read32(src, ip)?,
            // Local positions are below `2^32` (indices `base + i` are `u32`).
            at: ip as u32,
            src,
        })
    }

    /// What turns a candidate's index into the local position of its tail bytes, for
    /// the search at index `cur`; changes with the best length.
    #[inline(always)]
    pub(super) fn adj(&self, cur: u32) -> u32 {
        self.at.wrapping_sub(cur)
    }

    /// Whether the candidate whose tail bytes are at local `k` differs in them (`None`:
    /// they are not there to compare).
    #[inline(always)]
    pub(super) fn differs(&self, k: u32) -> Option<bool> {
        let k = k as usize;
        // `k < 2^32`: `k + 4` cannot overflow.
        let a = self.src.get(k..k.wrapping_add(4))?.first_chunk::<4>()?;
        Some(u32::from_le_bytes(*a) != self.tail)
    }

    /// Moves to a new best length `len > 3` at `ip`; false when no longer match can be
    /// read there.
    #[inline(always)]
    pub(super) fn set_best(&mut self, src: &'s [u8], ip: usize, len: usize) -> bool {
        // A match stays within `src`: no wrap.
        let o = ip.wrapping_add(len.wrapping_sub(3));
        let Some(t) = read32(src, o) else {
            return false;
        };
        self.tail = t;
        self.at = o as u32;
        true
    }
}

/// A search for the longest match at a position (hash chains or rows).
pub(super) trait Finder {
    /// `(length, offset)` of the best match at local `ip`, length 0 when under 4 bytes.
    fn find_best<const EXT: bool, const MLS: u32>(
        &mut self,
        v: &View<'_>,
        ip: usize,
        lowest: u32,
    ) -> (usize, u32);

    /// Marks every index below `cur` as inserted (skipping them).
    fn skip_to(&mut self, cur: u32);
}

/// Picks the monomorphized search for `ext` and `mls`.
pub(super) fn dispatch<F: Finder>(
    hc: &mut F,
    depth: u32,
    mls: u32,
    ext: bool,
    a: &Args<'_, '_>,
    rep: &mut [u32; 3],
    seqs: &mut SeqStore<'_>,
) -> (usize, usize) {
    // The search keeps the repeat offsets and the store's counters in registers: the
    // steps of `SeqStore::with_sink`, written out (through its closure the lazy finders
    // ran 1% more instructions at level 9).
    let mut r = *rep;
    let mut k = seqs.sink();
    let res = match (ext, mls) {
        (false, 5) => compress::<F, false, 5>(hc, depth, a, &mut r, &mut k),
        (false, 6) => compress::<F, false, 6>(hc, depth, a, &mut r, &mut k),
        (false, _) => compress::<F, false, 4>(hc, depth, a, &mut r, &mut k),
        (true, 5) => compress::<F, true, 5>(hc, depth, a, &mut r, &mut k),
        (true, 6) => compress::<F, true, 6>(hc, depth, a, &mut r, &mut k),
        (true, _) => compress::<F, true, 4>(hc, depth, a, &mut r, &mut k),
    };
    let st = k.finish();
    seqs.set(st);
    *rep = r;
    res
}

/// Cost proxy of an offset in bits: repeat offset 1 is free, others cost their log.
#[inline(always)]
fn off_cost(off: u32, rep0: u32) -> i64 {
    if off == rep0 {
        0
    } else {
        highbit(off.wrapping_add(3)) as i64
    }
}

/// Length of a match with the last offset at local `p`, 0 when under 4 bytes or invalid.
#[inline(always)]
fn rep_match<const EXT: bool>(v: &View<'_>, p: usize, r: u32, lowest: u32) -> usize {
    let cur = v.pos(p);
    if r == 0 || !valid(cur.wrapping_sub(r), cur, lowest) {
        return 0;
    }
    let ml = v.match_len::<EXT>(cur - r, p);
    if ml >= 4 {
        ml
    } else {
        0
    }
}

/// [`rep_match`] for the repeats after a match: one segment's bytes are compared first,
/// as most positions differ there, and the offset's validity only when they are equal
/// (as `rep4!`, which here and at the other call sites left the loop allocated worse).
/// Masked below 2^32, `m + 8` cannot wrap and one comparison proves the read (a
/// wrapped `m` reads other bytes, then fails the validity check).
#[inline(always)]
fn rep_match_after<const EXT: bool>(v: &View<'_>, p: usize, r: u32, lowest: u32) -> usize {
    if !EXT {
        let m = p.wrapping_sub(r as usize) & U32;
        if let (Some(a), Some(b)) = (read64(v.src, m), read64(v.src, p)) {
            if a as u32 != b as u32 || !valid_rep(r, v.pos(p), lowest) {
                return 0;
            }
            let d = a ^ b;
            return if d != 0 {
                (d.trailing_zeros() / 8) as usize
            } else {
                // 8 bytes at both were read: no wrap.
                8usize.wrapping_add(count32(v.src, m.wrapping_add(8), p.wrapping_add(8)))
            };
        }
    }
    rep_match::<EXT>(v, p, r, lowest)
}

/// Finds the block's matches; returns where the trailing literals start.
fn compress<F: Finder, const EXT: bool, const MLS: u32>(
    hc: &mut F,
    depth: u32,
    a: &Args<'_, '_>,
    rep: &mut [u32; 3],
    seqs: &mut Sink<'_>,
) -> (usize, usize) {
    let v = a.v;
    let src = v.src;
    let lowest = a.lowest;
    let mut anchor = a.anchor;
    let mut ip = a.ip;
    let ilimit = a.ilimit.min(a.v.src.len().saturating_sub(8));
    while ip < ilimit {
        // Best candidate so far: (start, length, offset).
        let mut start = ip + 1;
        let mut ml = rep_match::<EXT>(v, ip + 1, rep[0], lowest);
        let mut off = rep[0];
        if ml == 0 || depth > 0 {
            let (l2, o2) = hc.find_best::<EXT, MLS>(v, ip, lowest);
            if l2 > ml {
                (start, ml, off) = (ip, l2, o2);
            }
            if ml < 4 {
                let step = (ip - anchor) >> SEARCH_STRENGTH;
                ip += step + 1;
                // Far into incompressible data only the searched positions are
                // inserted (zstd's lazy skipping).
                if step > LAZY_SKIPPING_STEP {
                    hc.skip_to(v.pos(ip));
                }
                continue;
            }
            // Lazy evaluation: a later start wins if its gain is clearly larger. Gains
            // are lengths (below 2^32, within the block's view) times 3 or 4 minus costs
            // below 32: far from the ends of `i64`, so they need no overflow checks.
            let gain =
                |len: usize, k: i64, cost: i64| (len as i64).wrapping_mul(k).wrapping_sub(cost);
            let mut d = 0;
            while d < depth && ip < ilimit {
                ip += 1;
                d += 1;
                let bonus = if d == 1 { 0 } else { 3 };
                let cur_cost = off_cost(off, rep[0]);
                if off != rep[0] {
                    let mlr = rep_match::<EXT>(v, ip, rep[0], lowest);
                    let k = if d == 1 { 3 } else { 4 };
                    let (g2, g1) = (gain(mlr, k, 0), gain(ml, k, cur_cost).wrapping_add(1));
                    if mlr >= 4 && g2 > g1 {
                        (start, ml, off) = (ip, mlr, rep[0]);
                    }
                }
                let (l2, o2) = hc.find_best::<EXT, MLS>(v, ip, lowest);
                let g2 = gain(l2, 4, off_cost(o2, rep[0]));
                let g1 = gain(ml, 4, off_cost(off, rep[0])).wrapping_add(4 + bonus);
                if l2 >= 4 && g2 > g1 {
                    (start, ml, off) = (ip, l2, o2);
                    d = 0;
                }
            }
        }
        // Extend a new offset's match backwards into the literals.
        if off != rep[0] {
            let cand = v.pos(start).wrapping_sub(off);
            let back = v.extend_back::<EXT>(cand, start, anchor, lowest);
            start -= back;
            ml += back;
        }
        emit_at(seqs, rep, src, anchor, start, ml, off);
        ip = start + ml;
        anchor = ip;
        // Immediate repeats of the offset before last.
        while ip <= ilimit {
            let r = rep[1];
            let mlr = rep_match_after::<EXT>(v, ip, r, lowest);
            if mlr == 0 {
                break;
            }
            emit(seqs, rep, &[], mlr, r);
            ip += mlr;
            anchor = ip;
        }
    }
    (anchor, ip)
}
