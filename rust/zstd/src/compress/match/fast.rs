// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The `fast` strategy (zstd levels 1-2 and the negative levels): one hash table of the
//! first `MLS` bytes of positions, checked against the latest position with the same
//! hash, plus a look for the last offset a step ahead. Two positions are hashed per step
//! and the step grows the longer nothing is found (by `target_length` for the negative
//! levels).

use super::count::{count, eq4, read32, read64};
use super::hash::hash;
use super::rep::{emit, emit_at};
use super::{get, set, valid, Args, View};
use crate::compress::seq_store::SeqStore;

/// The step grows by one every this many bytes without a match.
const STEP_INCR: usize = 1 << 7;

/// Length of the match at index `c` for local `p` when it reaches 4 bytes, else 0.
#[inline(always)]
fn m4<const EXT: bool>(v: &View, src: &[u8], base: u32, c: u32, p: usize) -> usize {
    if EXT && c < base {
        v.match4::<true>(c, p)
    } else {
        let m = c.wrapping_sub(base) as usize;
        if eq4(src, m, p) {
            4 + count(src, m + 4, p + 4)
        } else {
            0
        }
    }
}

/// [`m4`] for a local `p` whose first 8 bytes are `x`; callers ensure `c < base + p`
/// and `p + 8 <= src.len()`.
#[inline(always)]
fn m4x<const EXT: bool>(v: &View, src: &[u8], base: u32, c: u32, p: usize, x: u64) -> usize {
    if EXT && c < base {
        v.match4::<true>(c, p)
    } else {
        let m = c.wrapping_sub(base) as usize;
        match read32(src, m) {
            Some(y) if y == x as u32 => 4 + count(src, m + 4, p + 4),
            _ => 0,
        }
    }
}

/// Finds the matches of one piece; returns the anchor and the position reached.
pub(super) fn compress<const EXT: bool, const MLS: u32>(
    table: &mut [[u8; 4]],
    hlog: u32,
    step_size: usize,
    a: &Args,
    rep: &mut [u32; 3],
    seqs: &mut SeqStore,
) -> (usize, usize) {
    let v = a.v;
    let src = v.src;
    let lowest = a.lowest;
    let mut anchor = a.anchor;
    let mut ip = a.ip;
    let ilimit = a.ilimit.min(a.v.src.len().saturating_sub(8));
    let base = v.base;
    // Power-of-two table: masked indices are provably inside it.
    let mask = table.len().wrapping_sub(1);
    if table.is_empty() || table.len() & mask != 0 {
        return (anchor, ip);
    }
    let table = &mut table[..mask + 1];
    let rd = |p: usize| read64(src, p).unwrap_or(0);
    let hx = |x: u64| hash::<MLS>(x, hlog) & mask;
    let h = |p: usize| hx(rd(p));
    let pos = |p: usize| base.wrapping_add(p as u32);
    loop {
        // Search: `p0` is checked against its hash candidate, `p2` against the last
        // offset; `p1` is hashed ahead. Every position stays below `ilimit`, so its
        // 8-byte load (`x0`, `x1`, `x2`) is in bounds and serves hash and compare.
        let mut step = step_size + 1;
        let mut next_step = ip + STEP_INCR;
        let mut p0 = ip;
        let mut p1 = p0 + 1;
        let mut p2 = p0 + step;
        let mut p3 = p2 + 1;
        if p3 >= ilimit {
            break;
        }
        let mut x0 = rd(p0);
        let mut h0 = hx(x0);
        let mut x1 = rd(p1);
        let mut h1 = hx(x1);
        let mut cand = get(table, h0);
        let r = rep[0];
        let (mstart, mcand, ml) = 'search: loop {
            let cur0 = pos(p0);
            set(table, h0, cur0);
            let x2 = rd(p2);
            let rcur = pos(p2);
            if r != 0 && valid(rcur.wrapping_sub(r), rcur, lowest) {
                let ml = m4x::<EXT>(v, src, base, rcur - r, p2, x2);
                if ml > 0 {
                    set(table, h1, pos(p1));
                    break 'search (p2, rcur - r, ml);
                }
            }
            if valid(cand, cur0, lowest) {
                let ml = m4x::<EXT>(v, src, base, cand, p0, x0);
                if ml > 0 {
                    set(table, h1, pos(p1));
                    break 'search (p0, cand, ml);
                }
            }
            cand = get(table, h1);
            h0 = h1;
            x0 = x1;
            h1 = hx(x2);
            x1 = x2;
            (p0, p1, p2) = (p1, p2, p3);
            let cur0 = pos(p0);
            set(table, h0, cur0);
            if valid(cand, cur0, lowest) {
                let ml = m4x::<EXT>(v, src, base, cand, p0, x0);
                if ml > 0 {
                    if step <= 4 {
                        set(table, h1, pos(p1));
                    }
                    break 'search (p0, cand, ml);
                }
            }
            cand = get(table, h1);
            h0 = h1;
            x0 = x1;
            x1 = rd(p2);
            h1 = hx(x1);
            p0 = p1;
            p1 = p2;
            p2 = p0.wrapping_add(step);
            p3 = p1.wrapping_add(step);
            if p2 >= next_step {
                step += 1;
                next_step += STEP_INCR;
            }
            if p3 >= ilimit {
                return (anchor, p0);
            }
        };
        let searched = p0;
        let back = v.extend_back::<EXT>(mcand, mstart, anchor, lowest);
        let mstart = mstart - back;
        let ml = ml + back;
        let off = pos(mstart).wrapping_sub(mcand.wrapping_sub(back as u32));
        emit_at(seqs, rep, src, anchor, mstart, ml, off);
        ip = mstart + ml;
        anchor = ip;
        if ip <= ilimit {
            // Index two positions inside the match, then take any immediate repeat of
            // the offset before last.
            for p in [searched + 2, ip - 2] {
                set(table, h(p), pos(p));
            }
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
                emit(seqs, rep, &[], ml, r);
                ip += ml;
                anchor = ip;
            }
        }
    }
    (anchor, ip)
}
