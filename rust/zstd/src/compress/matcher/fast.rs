// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The `fast` strategy (zstd levels 1-2 and the negative levels): one hash table of the
//! first `MLS` bytes of positions, checked against the latest position with the same
//! hash, plus a look for the last offset a step ahead. Two positions are hashed per step
//! and the step grows the longer nothing is found (by `target_length` for the negative
//! levels).

use super::count::{count32, eq4, load64, read32};
use super::hash::hash;
use super::rep::{emit_new_at, emit_rep0_at, emit_rep1};
use super::{dict_get, dict_match, get, log_or, rare, set, valid, valid_rep, Args, DictMap, View};
use crate::compress::seq_store::{SeqStore, Sink};

/// The step grows by one every this many bytes without a match.
const STEP_INCR: usize = 1 << 7;

/// Length of the match at index `c` for local `p` when it reaches 4 bytes, else 0.
#[inline(always)]
fn m4<const EXT: bool>(v: &View<'_>, src: &[u8], base: u32, c: u32, p: usize) -> usize {
    if EXT && c < base {
        v.match4::<true>(c, p)
    } else {
        let m = c.wrapping_sub(base) as usize;
        if eq4(src, m, p) {
            4 + count32(src, m + 4, p + 4)
        } else {
            0
        }
    }
}

/// [`m4`] for a local `p` whose first 8 bytes are `x`; callers ensure `c < base + p`
/// and `p + 8 <= lim.len()`, `lim` being the start of `src` up to 8 bytes after the last
/// position searched (the candidate's load is then proved by `c < base + p`). In the
/// current segment it only compares the first 4 bytes (4 when equal): [`finish`] counts
/// the rest once the search loop is left, so that the loop holds no call, across which
/// its values would have to leave the caller-saved registers.
#[inline(always)]
fn m4x<const EXT: bool>(v: &View<'_>, lim: &[u8], base: u32, c: u32, p: usize, x: u64) -> usize {
    if EXT && c < base {
        if v.ext_differs::<4>(c, x) {
            return 0;
        }
        v.match4::<true>(c, p)
    } else {
        let m = c.wrapping_sub(base) as usize;
        match read32(lim, m) {
            Some(y) if y == x as u32 => 4,
            _ => 0,
        }
    }
}

/// The length of a match [`m4x`] found (`ml`) at index `c` for local `p`: its count
/// past the first 4 bytes when `c` is in the current segment.
#[inline(always)]
fn finish<const EXT: bool>(src: &[u8], base: u32, c: u32, p: usize, ml: usize) -> usize {
    if !EXT || c >= base {
        // 4 bytes at both were read: no wrap.
        let m = c.wrapping_sub(base) as usize;
        4usize.wrapping_add(count32(src, m.wrapping_add(4), p.wrapping_add(4)))
    } else {
        ml
    }
}

/// Finds the matches of one piece; returns the anchor and the position reached.
/// `HL` is the hash log when known at compile time (0: `hlog`, at run time): a constant
/// table size takes the bounds checks, the mask and the shift amount out of the loop.
#[inline(never)]
pub(super) fn compress<const EXT: bool, const MLS: u32, const HL: u32>(
    table: &mut [[u8; 4]],
    hlog: u32,
    step_size: usize,
    a: &Args<'_, '_>,
    rep: &mut [u32; 3],
    seqs: &mut SeqStore<'_>,
) -> (usize, usize) {
    seqs.with_sink(rep, |k, r| {
        run::<EXT, MLS, HL>(table, hlog, step_size, a, r, k)
    })
}

/// The body of [`compress`].
#[inline(always)]
fn run<const EXT: bool, const MLS: u32, const HL: u32>(
    table: &mut [[u8; 4]],
    hlog: u32,
    step_size: usize,
    a: &Args<'_, '_>,
    rep: &mut [u32; 3],
    seqs: &mut Sink<'_>,
) -> (usize, usize) {
    let (v, src, lowest, mut anchor, mut ip, ilimit) = a.parts();
    let base = v.base;
    let hlog = log_or::<HL>(hlog);
    // Power-of-two table: masked indices are provably inside it.
    let size = if HL != 0 { 1usize << HL } else { table.len() };
    let mask = size.wrapping_sub(1);
    if size == 0 || size & mask != 0 {
        return (anchor, ip);
    }
    let Some(table) = table.get_mut(..size) else {
        return (anchor, ip);
    };
    // Every position the loop loads is at most `ilimit`: a view that ends 8 bytes after it
    // lets the compiler prove those loads from the loop's own bound.
    let Some(lim) = src.get(..ilimit.wrapping_add(8)) else {
        return (anchor, ip);
    };
    // The search continues while `p2 + 1 < ilimit`, that is `p2 < ilast`.
    let Some(ilast) = ilimit.checked_sub(1) else {
        return (anchor, ip);
    };
    let rd = |p: usize| load64(lim, p);
    let hx = |x: u64| hash::<MLS>(x, hlog) & mask;
    let h = |p: usize| hx(rd(p));
    let pos = |p: usize| base.wrapping_add(p as u32);
    // Local position of the lowest usable index within the current segment.
    let low_local = lowest.saturating_sub(base) as usize;
    loop {
        // Search, two positions a round: `p0` is checked against its hash candidate, `p2`
        // (`step` ahead) against the last offset, then `p0 + 1` against its candidate;
        // `p0 + 1` and `p2` are hashed ahead. The next round starts at `p2`. Only `p0`
        // and `p2` are kept (the others are one past them): one live value fewer in a
        // loop that spills. Every position stays below `ilimit`, so its 8-byte load
        // (`x0`, `x1`, `x2`) is in bounds and serves hash and compare. Positions stay
        // below `src.len()` (at most `isize::MAX`) and steps are small: these sums
        // cannot wrap.
        let mut step = step_size.wrapping_add(1);
        let mut next_step = ip.wrapping_add(STEP_INCR);
        let mut p0 = ip;
        let mut p2 = p0.wrapping_add(step);
        // The round's own test, made before the loads and hashes below (without it
        // this restart ran more instructions).
        if p2 >= ilast {
            break;
        }
        let mut x0 = rd(p0);
        let mut h0 = hx(x0);
        let mut x1 = rd(p0.wrapping_add(1));
        let mut h1 = hx(x1);
        let mut cand = get(table, h0);
        let r = rep[0];
        // One segment: as C's search does, the repeat offset is looked for through the
        // whole round when its candidate is valid at the round's start (then it is at
        // every later position), else not at all: `r_used` 0, whose candidate is the
        // position itself, an equality the check ignores.
        let r_used = if r != 0 && p0 >= low_local.saturating_add(r as usize) {
            r as usize
        } else {
            0
        };
        // The match: the position searched from, the match's start, candidate index and
        // length, and whether it is the repeat offset's.
        let (searched, mstart, mcand, ml, is_rep) = 'search: loop {
            // Checked first, so that it proves this round's loads in bounds.
            if p2 >= ilast {
                rare();
                return (anchor, p0);
            }
            let cur0 = pos(p0);
            set(table, h0, cur0);
            let p1 = p0.wrapping_add(1);
            let x2 = rd(p2);
            if !EXT {
                // `p2 - r_used >= low_local`: a valid candidate below `p2`, or `p2`.
                let m = p2.wrapping_sub(r_used);
                if let Some(y) = lim.get(m..).and_then(|t| t.first_chunk::<4>()) {
                    if u32::from_le_bytes(*y) == x2 as u32 && r_used != 0 {
                        set(table, h1, pos(p1));
                        break 'search (p0, p2, pos(m), 4, true);
                    }
                }
            } else {
                let rcur = pos(p2);
                if r != 0 && valid(rcur.wrapping_sub(r), rcur, lowest) {
                    let ml = m4x::<EXT>(v, lim, base, rcur - r, p2, x2);
                    if ml > 0 {
                        set(table, h1, pos(p1));
                        break 'search (p0, p2, rcur - r, ml, true);
                    }
                }
            }
            if valid(cand, cur0, lowest) {
                let ml = m4x::<EXT>(v, lim, base, cand, p0, x0);
                if ml > 0 {
                    set(table, h1, pos(p1));
                    break 'search (p0, p0, cand, ml, false);
                }
            }
            cand = get(table, h1);
            h0 = h1;
            h1 = hx(x2);
            let cur1 = pos(p1);
            set(table, h0, cur1);
            if valid(cand, cur1, lowest) {
                let ml = m4x::<EXT>(v, lim, base, cand, p1, x1);
                if ml > 0 {
                    if step <= 4 {
                        set(table, h1, pos(p2));
                    }
                    break 'search (p1, p1, cand, ml, false);
                }
            }
            cand = get(table, h1);
            h0 = h1;
            x0 = x2;
            p0 = p2;
            x1 = rd(p0.wrapping_add(1));
            h1 = hx(x1);
            p2 = p0.wrapping_add(step);
            if p2 >= next_step {
                rare();
                step = step.wrapping_add(1);
                next_step = next_step.wrapping_add(STEP_INCR);
            }
        };
        let ml = finish::<EXT>(src, base, mcand, mstart, ml);
        let (mstart, ml, off) =
            v.widen::<EXT>(src, base, low_local, mcand, mstart, ml, anchor, lowest);
        if is_rep {
            // `off` is the newest repeat offset.
            emit_rep0_at(seqs, rep, src, anchor, mstart, ml);
        } else {
            emit_new_at(seqs, rep, src, anchor, mstart, ml, off);
        }
        ip = mstart.wrapping_add(ml);
        anchor = ip;
        if ip <= ilimit {
            // Index two positions inside the match, then take any immediate repeat of
            // the offset before last.
            // `searched + 2 < ip` and `ip >= 4` (a match is at least 4 bytes).
            for p in [searched.wrapping_add(2), ip.wrapping_sub(2)] {
                set(table, h(p), pos(p));
            }
            if EXT {
                while ip <= ilimit {
                    let r = rep[1];
                    let cur = pos(ip);
                    if r == 0 || !valid(cur.wrapping_sub(r), cur, lowest) {
                        break;
                    }
                    let ml = m4::<EXT>(v, src, base, cur - r, ip);
                    if ml == 0 {
                        break;
                    }
                    set(table, h(ip), cur);
                    emit_rep1(seqs, rep, ml);
                    ip = ip.wrapping_add(ml);
                    anchor = ip;
                }
            } else {
                while ip <= ilimit {
                    let cur = pos(ip);
                    let x = rd(ip);
                    let ml = rep4!(lim, src, ip, x, rep[1], cur, lowest);
                    if ml == 0 {
                        break;
                    }
                    set(table, hx(x), cur);
                    emit_rep1(seqs, rep, ml);
                    ip = ip.wrapping_add(ml);
                    anchor = ip;
                }
            }
        }
    }
    (anchor, ip)
}

/// An attached dictionary's hash table (C's `dictMatchState`), read-only: its content is
/// the older segment of the view, its indices below the current segment's.
#[derive(Clone, Copy)]
pub(super) struct DictTable<'t> {
    pub table: &'t [[u8; 4]],
    pub log: u32,
    /// Index of the dictionary content's first byte in the frame's index space: its
    /// table holds indices from 0, the content's own.
    pub start: u32,
}

/// [`compress`] with an attached dictionary (small inputs compressed with a digested
/// dictionary, instead of copying its table). Each position checks the repeat offset a
/// byte ahead, then its own table's candidate when that lies in the current segment,
/// else the dictionary's (as C's `dictMatchState` search does); the step grows with the
/// distance from the last match. `HL` and `DL`: the own and the dictionary's table logs
/// when known at compile time (0: at run time).
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(super) fn compress_dms<const MLS: u32, const HL: u32, const DL: u32>(
    table: &mut [[u8; 4]],
    hlog: u32,
    step_size: usize,
    d: DictTable<'_>,
    a: &Args<'_, '_>,
    rep: &mut [u32; 3],
    seqs: &mut SeqStore<'_>,
) -> (usize, usize) {
    seqs.with_sink(rep, |k, r| {
        run_dms::<MLS, HL, DL>(table, hlog, step_size, d, a, r, k)
    })
}

/// The body of [`compress_dms`].
#[inline(always)]
fn run_dms<const MLS: u32, const HL: u32, const DL: u32>(
    table: &mut [[u8; 4]],
    hlog: u32,
    step_size: usize,
    d: DictTable<'_>,
    a: &Args<'_, '_>,
    rep: &mut [u32; 3],
    seqs: &mut Sink<'_>,
) -> (usize, usize) {
    let (v, src, lowest, mut anchor, mut ip, ilimit) = a.parts();
    let v = &v.local();
    let base = v.base;
    let hlog = log_or::<HL>(hlog);
    let dlog = log_or::<DL>(d.log);
    // Power-of-two tables: masked indices are provably inside them.
    let size = if HL != 0 { 1usize << HL } else { table.len() };
    let mask = size.wrapping_sub(1);
    if size == 0 || size & mask != 0 {
        return (anchor, ip);
    }
    let Some(table) = table.get_mut(..size) else {
        return (anchor, ip);
    };
    let dt = d.table.get(..1usize << (dlog & 31)).unwrap_or(&[]);
    if dt.is_empty() {
        return (anchor, ip);
    }
    // Every position the loop loads is at most `ilimit`.
    let Some(lim) = src.get(..ilimit.wrapping_add(8)) else {
        return (anchor, ip);
    };
    let rd = |p: usize| load64(lim, p);
    let hx = |x: u64| hash::<MLS>(x, hlog) & mask;
    let pos = |p: usize| base.wrapping_add(p as u32);
    // The own table holds the current segment's indices only (earlier ones are left
    // from earlier frames or cleared: none is a candidate).
    let own_low = lowest.max(base);
    let low_local = lowest.saturating_sub(base) as usize;
    let dm = DictMap::new(v, lowest, d.start);
    if pos(ip) < lowest {
        return (anchor, ip);
    }
    let step_size = step_size.max(1);
    // After a match from `cur` that ends at `ip` (see [`refill`]).
    macro_rules! refill {
        ($cur:expr) => {
            refill(
                table,
                v,
                lim,
                hx,
                lowest,
                rep,
                seqs,
                $cur,
                ip,
                ilimit,
                &mut anchor,
            )
        };
    }
    // Positions stay below `src.len()` (at most `u32::MAX`) and steps are small: the
    // sums below cannot wrap.
    while ip < ilimit {
        let cur = pos(ip);
        let x = rd(ip);
        let h = hx(x);
        let c = get(table, h);
        set(table, h, cur);
        // The repeat offset one byte ahead, in either segment.
        let ip1 = ip.wrapping_add(1);
        let rcur = cur.wrapping_add(1);
        let r = rep[0];
        if valid_rep(r, rcur, lowest) {
            let rc = rcur.wrapping_sub(r);
            let ml = m4x::<true>(v, lim, base, rc, ip1, x >> 8);
            if ml > 0 {
                let ml = finish::<true>(src, base, rc, ip1, ml);
                emit_rep0_at(seqs, rep, src, anchor, ip1, ml);
                ip = ip1.wrapping_add(ml);
                anchor = ip;
                ip = refill!(cur);
                continue;
            }
        }
        // The own candidate when in the current segment, else the dictionary's.
        let (cand, ml) = if valid(c, cur, own_low) {
            let ml = m4x::<true>(v, lim, base, c, ip, x);
            (
                c,
                if ml > 0 {
                    finish::<true>(src, base, c, ip, ml)
                } else {
                    0
                },
            )
        } else {
            let dc = dict_get::<MLS>(dt, x, dlog);
            (
                dc.wrapping_add(dm.start),
                dict_match::<4>(v, &dm, dc, ip, x),
            )
        };
        if ml == 0 {
            let gap = ip.wrapping_sub(anchor) >> 8;
            ip = ip.wrapping_add(gap.wrapping_add(step_size));
            continue;
        }
        let (mstart, ml, off) = v.widen::<true>(src, base, low_local, cand, ip, ml, anchor, lowest);
        emit_new_at(seqs, rep, src, anchor, mstart, ml, off);
        ip = mstart.wrapping_add(ml);
        anchor = ip;
        ip = refill!(cur);
    }
    (anchor, ip)
}

/// After a match from searched index `cur` that ends at local `ip`: indexes two
/// positions inside it, then takes any immediate repeats of the offset before last;
/// returns the position reached (the anchor moves with each repeat).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn refill(
    table: &mut [[u8; 4]],
    v: &View<'_>,
    lim: &[u8],
    hx: impl Fn(u64) -> usize,
    lowest: u32,
    rep: &mut [u32; 3],
    seqs: &mut Sink<'_>,
    cur: u32,
    mut ip: usize,
    ilimit: usize,
    anchor: &mut usize,
) -> usize {
    if ip > ilimit {
        return ip;
    }
    // `cur + 2` lies before the match's end, and a match is at least 4 bytes (`ip >= 4`).
    for i in [
        cur.wrapping_sub(v.base).wrapping_add(2) as usize,
        ip.wrapping_sub(2),
    ] {
        set(table, hx(load64(lim, i)), v.pos(i));
    }
    while ip <= ilimit {
        let c = v.pos(ip);
        let r = rep[1];
        if !valid_rep(r, c, lowest) {
            break;
        }
        let ml = v.match4::<true>(c.wrapping_sub(r), ip);
        if ml == 0 {
            break;
        }
        set(table, hx(load64(lim, ip)), c);
        emit_rep1(seqs, rep, ml);
        ip = ip.wrapping_add(ml);
        *anchor = ip;
    }
    ip
}
