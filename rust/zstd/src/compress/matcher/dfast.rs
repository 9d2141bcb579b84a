// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The `dfast` strategy (zstd levels 3-4): a table of 8-byte hashes for long matches and
//! a table of `MLS`-byte hashes for short ones. A short match is traded for a long match
//! at the next searched position when there is one; the long-table lookup of that next
//! position is made ahead, and the step grows the longer nothing is found.

use super::count::{count32, load64, read64};
use super::hash::hash;
use super::rep::{emit_new_at, emit_rep0_at, emit_rep1};
use super::{dict_get, dict_match, get, log_or, set, valid, valid_rep, Args, DictMap, View};
use crate::compress::seq_store::{SeqStore, Sink};

/// The step grows by one every this many bytes without a match.
const STEP_INCR: usize = 1 << 7;

/// The two hash tables.
pub(super) struct Tables<'t> {
    pub long: &'t mut [[u8; 4]],
    pub long_log: u32,
    pub short: &'t mut [[u8; 4]],
    pub short_log: u32,
}

/// An attached dictionary's tables (C's `dictMatchState`), read-only: its content is the
/// older segment of the view, its indices below the current segment's.
#[derive(Clone, Copy)]
pub(super) struct DictTables<'t> {
    pub long: &'t [[u8; 4]],
    pub long_log: u32,
    pub short: &'t [[u8; 4]],
    pub short_log: u32,
    /// Index of the dictionary content's first byte in the frame's index space: its
    /// tables hold indices from 0, the content's own.
    pub start: u32,
}

/// Length of a match of at least `N` (4 or 8) bytes at index `c` for local `p`, whose
/// first bytes are `x` (the 8 bytes at `p`, or for `N == 4` at least their low 4), else
/// 0. `c` is below `base + p` (the tables' invariant, see [`run`]; the reads are
/// checked either way) and `p + N` is within `lim`, the start of `src` up to 8 bytes
/// past the last position searched: the candidate's first bytes are read from `lim`,
/// whose bound the loop's own bound keeps in a register. `src` and `base` are the
/// view's, passed to stay in registers.
#[inline(always)]
fn match_x<const EXT: bool, const N: usize>(
    v: &View<'_>,
    src: &[u8],
    lim: &[u8],
    base: u32,
    c: u32,
    p: usize,
    x: u64,
) -> usize {
    if EXT && c < base {
        if v.ext_differs::<N>(c, x) {
            return 0;
        }
        let n = v.match_len::<true>(c, p);
        if n >= N {
            n
        } else {
            0
        }
    } else {
        let m = c.wrapping_sub(base) as usize;
        // Both widths read under the 8-byte bound (`m < p <= ilimit`): one bound in a
        // register for every candidate read.
        let eq = match read64(lim, m) {
            Some(y) if N == 8 => y == x,
            Some(y) => y as u32 == x as u32,
            None => false,
        };
        if eq {
            // Both `N` bytes were read, so `m + N` and `p + N` are within `src`, and a
            // count stays within it too: no wrap.
            N.wrapping_add(count32(src, m.wrapping_add(N), p.wrapping_add(N)))
        } else {
            0
        }
    }
}

/// Finds the matches of one piece; returns the anchor and the position reached.
/// `HL` and `SL` are the long and short table logs when known at compile time (0: at
/// run time): constant table sizes take the bounds checks, masks and shift amounts out
/// of the loop.
#[inline(never)]
pub(super) fn compress<const EXT: bool, const MLS: u32, const HL: u32, const SL: u32>(
    t: Tables<'_>,
    a: &Args<'_, '_>,
    rep: &mut [u32; 3],
    seqs: &mut SeqStore<'_>,
) -> (usize, usize) {
    seqs.with_sink(rep, |k, r| run::<EXT, MLS, HL, SL, false>(t, None, a, r, k))
}

/// [`compress`] with an attached dictionary: each position looks up its own tables, and
/// the dictionary's (which it does not update) where its own candidate lies outside the
/// frame's segment, as C's `dictMatchState` does: a usable own candidate that does not
/// match is not followed by a look in the dictionary's tables, whose reads miss the
/// caches (time 3% better, sizes 0.3% larger). Small inputs compressed with a digested
/// dictionary run this instead of copying the dictionary's tables (C's `dictMatchState`).
/// `HL`, `SL`, `DL` and `DS`: the own and the dictionary's table logs when known at
/// compile time (0: at run time).
#[inline(never)]
pub(super) fn compress_dms<
    const MLS: u32,
    const HL: u32,
    const SL: u32,
    const DL: u32,
    const DS: u32,
>(
    t: Tables<'_>,
    d: DictTables<'_>,
    a: &Args<'_, '_>,
    rep: &mut [u32; 3],
    seqs: &mut SeqStore<'_>,
) -> (usize, usize) {
    let d = DictTables {
        long_log: log_or::<DL>(d.long_log),
        short_log: log_or::<DS>(d.short_log),
        ..d
    };
    seqs.with_sink(rep, |k, r| {
        run::<true, MLS, HL, SL, true>(t, Some(d), a, r, k)
    })
}

/// The body of [`compress`].
#[inline(always)]
fn run<const EXT: bool, const MLS: u32, const HL: u32, const SL: u32, const DMS: bool>(
    t: Tables<'_>,
    d: Option<DictTables<'_>>,
    a: &Args<'_, '_>,
    rep: &mut [u32; 3],
    seqs: &mut Sink<'_>,
) -> (usize, usize) {
    let (v, src, lowest, mut anchor, mut ip, ilimit) = a.parts();
    let v = &v.local();
    let base = v.base;
    let pos = |p: usize| base.wrapping_add(p as u32);
    let llog = log_or::<HL>(t.long_log);
    let slog = log_or::<SL>(t.short_log);
    // Power-of-two tables: masked indices are provably inside them.
    let lsize = if HL != 0 { 1usize << HL } else { t.long.len() };
    let ssize = if SL != 0 { 1usize << SL } else { t.short.len() };
    let (lmask, smask) = (lsize.wrapping_sub(1), ssize.wrapping_sub(1));
    if lsize == 0 || lsize & lmask != 0 || ssize == 0 || ssize & smask != 0 {
        return (anchor, ip);
    }
    let (Some(long), Some(short)) = (t.long.get_mut(..lsize), t.short.get_mut(..ssize)) else {
        return (anchor, ip);
    };
    let hlx = |x: u64| hash::<8>(x, llog) & lmask;
    let hsx = |x: u64| hash::<MLS>(x, slog) & smask;
    // The dictionary's tables (empty without one), cut to powers of two so that masked
    // indices are provably inside them.
    let (dl, dll, ds, dsl) = match d {
        Some(d) if DMS => (
            d.long.get(..1usize << (d.long_log & 31)).unwrap_or(&[]),
            d.long_log,
            d.short.get(..1usize << (d.short_log & 31)).unwrap_or(&[]),
            d.short_log,
        ),
        _ => (&[][..], 0, &[][..], 0),
    };
    // A dictionary search needs both tables.
    if DMS && (dl.is_empty() || ds.is_empty()) {
        return (anchor, ip);
    }
    // The dictionary's candidates are positions in its content (see [`DictMap`]);
    // `dstart` makes one a frame index, a sum below the current segment's start for
    // every position the dictionary's tables hold: no wrap.
    let dstart = d.map_or(0, |d| d.start);
    let dict_long = |x: u64| dict_get::<8>(dl, x, dll);
    let dict_short = |x: u64| dict_get::<MLS>(ds, x, dsl);
    // With a dictionary attached, the own tables hold the current segment's indices
    // only (earlier ones are left from earlier frames or cleared: none is a
    // candidate), and the dictionary's candidates lie below it, from the lowest index
    // on (as the copied tables' do) but not its first byte, an entry never set.
    let own_low = lowest.max(base);
    // Local position of the lowest usable index within the current segment.
    let low_local = lowest.saturating_sub(base) as usize;
    let dm = DictMap::new(v, lowest, dstart);
    // Every position the loop loads is at most `ilimit`: a view that ends 8 bytes after it
    // lets the compiler prove those loads from the loop's own bound.
    let Some(lim) = src.get(..ilimit.wrapping_add(8)) else {
        return (anchor, ip);
    };
    let rd = |p: usize| load64(lim, p);
    // Searched positions are not below the lowest index (the repeat offsets' checks
    // rely on it); a piece never starts below it.
    if pos(ip) < lowest {
        return (anchor, ip);
    }
    // Cleared tables hold index 0: the first position of a frame is not searched.
    if !DMS && pos(ip) == lowest {
        ip = ip.wrapping_add(1);
    }
    loop {
        // Positions stay below `src.len()` (at most `u32::MAX`) and steps are small:
        // these sums cannot wrap.
        let mut step = 1;
        let mut next_step = ip.wrapping_add(STEP_INCR);
        let mut ip1 = ip.wrapping_add(step);
        if ip1 > ilimit {
            break;
        }
        // `x0`, `x1`: the 8 bytes at `ip` and `ip1` (both at most `ilimit`, so in
        // bounds), loaded once for the hashes and the first compares.
        let mut x0 = rd(ip);
        let mut hl0 = hlx(x0);
        let mut cl0 = get(long, hl0);
        // The newest repeat offset, looked for one position ahead; 0 when its candidate
        // lies outside the window there. A valid candidate stays valid as the search
        // moves forward, so the loop checks `r != 0` only.
        let r = rep[0];
        let rcur = pos(ip).wrapping_add(1);
        let r = if valid_rep(r, rcur, lowest) { r } else { 0 };
        // The match: start, candidate index, length, searched position, and whether it
        // is the repeat offset's.
        let (mstart, mcand, ml, cur, is_rep) = loop {
            let cur = pos(ip);
            if DMS {
                // With a dictionary the next position's long candidate is read here,
                // not carried: the same entry (no long-table write comes between), two
                // loop-carried values fewer in a loop with twice the lookups.
                hl0 = hlx(x0);
                cl0 = get(long, hl0);
            }
            set(long, hl0, cur);
            // The short table is read and written for `ip` right before its own check
            // (no other read of it comes between), so that neither its hash nor its
            // candidate is held across the checks before; each exit before writes it.
            if r != 0 {
                let rc = cur.wrapping_add(1).wrapping_sub(r);
                let ip_1 = ip.wrapping_add(1);
                let ml = match_x::<EXT, 4>(v, src, lim, base, rc, ip_1, x0 >> 8);
                if ml > 0 {
                    set(short, hsx(x0), cur);
                    break (ip_1, rc, ml, cur, true);
                }
            }
            // The search ends where the next position's 8 bytes leave `lim`. Position
            // `ip`, stored in the tables, counts as searched.
            let Some(x1) = lim
                .get(ip1..)
                .and_then(|t| t.first_chunk::<8>())
                .map(|a| u64::from_le_bytes(*a))
            else {
                set(short, hsx(x0), cur);
                return (anchor, if DMS { ip } else { ip.wrapping_add(1) });
            };
            let hl1 = hlx(x1);
            let cl1 = if DMS { 0 } else { get(long, hl1) };
            let long0 = if DMS {
                valid(cl0, cur, own_low)
            } else {
                cl0 >= lowest
            };
            if long0 {
                let ml = match_x::<EXT, 8>(v, src, lim, base, cl0, ip, x0);
                if ml > 0 {
                    set(short, hsx(x0), cur);
                    if step < 4 {
                        set(long, hl1, pos(ip1));
                    }
                    break (ip, cl0, ml, cur, false);
                }
            }
            if DMS && !long0 {
                let cd = dict_long(x0);
                let ml = dict_match::<8>(v, &dm, cd, ip, x0);
                if ml > 0 {
                    set(short, hsx(x0), cur);
                    break (ip, cd.wrapping_add(dstart), ml, cur, false);
                }
            }
            let hs0 = hsx(x0);
            let cs0 = get(short, hs0);
            set(short, hs0, cur);
            if DMS {
                // The short match: the own table's candidate when usable, else the
                // dictionary's.
                let mut short = (cs0, 0);
                let own_short = valid(cs0, cur, own_low);
                if own_short {
                    short.1 = match_x::<EXT, 4>(v, src, lim, base, cs0, ip, x0);
                }
                if !own_short {
                    let cd = dict_short(x0);
                    short = (cd.wrapping_add(dstart), dict_match::<4>(v, &dm, cd, ip, x0));
                }
                if short.1 > 0 {
                    // A long match at the next position beats the short one.
                    let cur1 = pos(ip1);
                    let cl1 = get(long, hl1);
                    let mut long1 = (cl1, 0);
                    let own_long1 = valid(cl1, cur1, own_low);
                    if own_long1 {
                        long1.1 = match_x::<EXT, 8>(v, src, lim, base, cl1, ip1, x1);
                    }
                    if !own_long1 {
                        let cd = dict_long(x1);
                        long1 = (
                            cd.wrapping_add(dstart),
                            dict_match::<8>(v, &dm, cd, ip1, x1),
                        );
                    }
                    if step < 4 {
                        set(long, hl1, cur1);
                    }
                    if long1.1 > 0 {
                        break (ip1, long1.0, long1.1, cur, false);
                    }
                    break (ip, short.0, short.1, cur, false);
                }
            }
            if !DMS && cs0 >= lowest {
                let ml = match_x::<EXT, 4>(v, src, lim, base, cs0, ip, x0);
                if ml > 0 {
                    // A long match at the next position beats the short one.
                    let cur1 = pos(ip1);
                    let ml1 = if cl1 >= lowest {
                        match_x::<EXT, 8>(v, src, lim, base, cl1, ip1, x1)
                    } else {
                        0
                    };
                    if step < 4 {
                        set(long, hl1, cur1);
                    }
                    if ml1 > 0 {
                        break (ip1, cl1, ml1, cur, false);
                    }
                    break (ip, cs0, ml, cur, false);
                }
            }
            if ip1 >= next_step {
                step += 1;
                next_step = next_step.wrapping_add(STEP_INCR);
            }
            ip = ip1;
            ip1 = ip1.wrapping_add(step);
            hl0 = hl1;
            cl0 = cl1;
            x0 = x1;
        };
        // Every stored index is below the positions still to search (the search
        // steps past the last position it stores, and a frame on dirty tables starts
        // above them), so one compare a candidate suffices in the search; a match from
        // a candidate that is not below its position is dropped here, once a match.
        if !DMS && !is_rep && mcand >= pos(mstart) {
            ip = mstart.wrapping_add(1);
            continue;
        }
        if is_rep {
            // Found one position past `ip >= anchor`: after at least one literal. Not
            // widened backwards (zstd's finders do not either).
            emit_rep0_at(seqs, rep, src, anchor, mstart, ml);
            ip = mstart.wrapping_add(ml);
        } else {
            let (mstart, ml, off) =
                v.widen::<EXT>(src, base, low_local, mcand, mstart, ml, anchor, lowest);
            emit_new_at(seqs, rep, src, anchor, mstart, ml, off);
            ip = mstart.wrapping_add(ml);
        }
        anchor = ip;
        if ip <= ilimit {
            let i2 = (cur.wrapping_sub(v.base) as usize).wrapping_add(2);
            let x2 = rd(i2);
            set(long, hlx(x2), cur.wrapping_add(2));
            set(short, hsx(x2), cur.wrapping_add(2));
            // A match is at least 4 bytes: `ip >= 4`.
            // One load serves both: the short hash reads at most 7 bytes of `ip - 1`.
            let i2 = ip.wrapping_sub(2);
            let x = rd(i2);
            set(long, hlx(x), pos(i2));
            set(short, hsx(x >> 8), pos(i2).wrapping_add(1));
            // Then any immediate repeat of the offset before last. A candidate in the
            // current segment (`ip - r` not below its start) is checked as in one
            // segment; only one in the older segment takes the careful path.
            while ip <= ilimit {
                let r = rep[1];
                let c = pos(ip);
                let x = rd(ip);
                let ml = if !EXT || r as usize <= ip {
                    rep4!(lim, src, ip, x, r, c, lowest)
                } else if valid_rep(r, c, lowest) {
                    match_x::<EXT, 4>(v, src, lim, base, c - r, ip, x)
                } else {
                    0
                };
                if ml == 0 {
                    break;
                }
                set(long, hlx(x), c);
                set(short, hsx(x), c);
                emit_rep1(seqs, rep, ml);
                ip = ip.wrapping_add(ml);
                anchor = ip;
            }
        }
    }
    (anchor, ip)
}
