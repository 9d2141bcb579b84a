//! The `dfast` strategy (zstd levels 3-4): a table of 8-byte hashes for long matches and
//! a table of `MLS`-byte hashes for short ones; a short match is traded for a long match
//! one byte later when there is one.

use super::count::read64;
use super::hash::hash;
use super::rep::emit;
use super::{set, swap, valid, Args, SEARCH_STRENGTH};
use crate::compress::seq_store::SeqStore;

/// The two hash tables.
pub(super) struct Tables<'t> {
    pub long: &'t mut [[u8; 4]],
    pub long_log: u32,
    pub short: &'t mut [[u8; 4]],
    pub short_log: u32,
}

impl Tables<'_> {
    #[inline(always)]
    fn insert<const MLS: u32>(&mut self, x: u64, pos: u32) {
        set(self.long, hash::<8>(x, self.long_log), pos);
        set(self.short, hash::<MLS>(x, self.short_log), pos);
    }
}

/// Finds the block's matches; returns where the trailing literals start.
pub(super) fn compress<const EXT: bool, const MLS: u32>(
    mut t: Tables,
    a: &Args,
    rep: &mut [u32; 3],
    seqs: &mut SeqStore,
) -> (usize, usize) {
    let v = a.v;
    let src = v.src;
    let lowest = a.lowest;
    let mut anchor = a.anchor;
    let mut ip = a.ip;
    let ilimit = a.ilimit;
    'outer: loop {
        let (mstart, cand, off) = loop {
            if ip >= ilimit {
                break 'outer;
            }
            let Some(x) = read64(src, ip) else {
                break 'outer;
            };
            let cur = v.pos(ip);
            let cl = swap(t.long, hash::<8>(x, t.long_log), cur);
            let cs = swap(t.short, hash::<MLS>(x, t.short_log), cur);
            let r = rep[0];
            let rcur = cur.wrapping_add(1);
            if r != 0 && valid(rcur.wrapping_sub(r), rcur, lowest) {
                let ml = v.match_len::<EXT>(rcur - r, ip + 1);
                if ml >= 4 {
                    break (ip + 1, rcur - r, r);
                }
            }
            if valid(cl, cur, lowest) && v.match_len::<EXT>(cl, ip) >= 8 {
                break (ip, cl, cur - cl);
            }
            if valid(cs, cur, lowest) {
                let mls = v.match_len::<EXT>(cs, ip);
                if mls >= 4 {
                    // A long match one byte later beats the short one.
                    if let Some(x1) = read64(src, ip + 1) {
                        let c1 = swap(t.long, hash::<8>(x1, t.long_log), rcur);
                        if valid(c1, rcur, lowest) && v.match_len::<EXT>(c1, ip + 1) >= 8 {
                            break (ip + 1, c1, rcur - c1);
                        }
                    }
                    break (ip, cs, cur - cs);
                }
            }
            ip += ((ip - anchor) >> SEARCH_STRENGTH) + 1;
        };
        let back = v.extend_back::<EXT>(cand, mstart, anchor, lowest);
        let ml = v.match_len::<EXT>(cand, mstart) + back;
        let mstart = mstart - back;
        emit(seqs, rep, src.get(anchor..mstart).unwrap_or(&[]), ml, off);
        let searched = ip;
        ip = mstart + ml;
        anchor = ip;
        if ip <= ilimit {
            if let Some(x) = read64(src, searched + 2) {
                t.insert::<MLS>(x, v.pos(searched + 2));
            }
            if let Some(x) = read64(src, ip - 2) {
                set(t.long, hash::<8>(x, t.long_log), v.pos(ip - 2));
            }
            if let Some(x) = read64(src, ip - 1) {
                set(t.short, hash::<MLS>(x, t.short_log), v.pos(ip - 1));
            }
            while ip <= ilimit {
                let r = rep[1];
                let cur = v.pos(ip);
                if r == 0 || !valid(cur.wrapping_sub(r), cur, lowest) {
                    break;
                }
                let ml = v.match_len::<EXT>(cur - r, ip);
                if ml < 4 {
                    break;
                }
                if let Some(x) = read64(src, ip) {
                    t.insert::<MLS>(x, cur);
                }
                emit(seqs, rep, &[], ml, r);
                ip += ml;
                anchor = ip;
            }
        }
    }
    (anchor, ip)
}
