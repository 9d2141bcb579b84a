//! The `fast` strategy (zstd levels 1-2 and the negative levels): one hash table of the
//! first `MLS` bytes of positions, checked against the latest position with the same hash,
//! plus a look for the last offset one byte ahead. Skips ahead faster the longer it finds
//! nothing, by `target_length` steps for the negative levels.

use super::count::read64;
use super::hash::hash;
use super::rep::emit;
use super::{set, swap, valid, Args, SEARCH_STRENGTH};
use crate::compress::seq_store::SeqStore;

/// Finds the block's matches; returns where the trailing literals start.
pub(super) fn compress<const EXT: bool, const MLS: u32>(
    table: &mut [[u8; 4]],
    hlog: u32,
    step: usize,
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
    // Last position whose 8-byte load stays inside the block.
    'outer: loop {
        // Search for a match starting at `ip` (or one byte later for the last offset).
        let (mstart, cand, off) = loop {
            if ip >= ilimit {
                break 'outer;
            }
            let Some(x) = read64(src, ip) else {
                break 'outer;
            };
            let cur = v.pos(ip);
            let c = swap(table, hash::<MLS>(x, hlog), cur);
            let r = rep[0];
            let rcur = cur.wrapping_add(1);
            if r != 0 && valid(rcur.wrapping_sub(r), rcur, lowest) {
                let ml = v.match_len::<EXT>(rcur - r, ip + 1);
                if ml >= 4 {
                    break (ip + 1, rcur - r, r);
                }
            }
            if valid(c, cur, lowest) && v.match_len::<EXT>(c, ip) >= 4 {
                break (ip, c, cur - c);
            }
            ip += ((ip - anchor) >> SEARCH_STRENGTH) + step;
        };
        let back = v.extend_back::<EXT>(cand, mstart, anchor, lowest);
        let ml = v.match_len::<EXT>(cand, mstart) + back;
        let mstart = mstart - back;
        emit(seqs, rep, src.get(anchor..mstart).unwrap_or(&[]), ml, off);
        let searched = ip;
        ip = mstart + ml;
        anchor = ip;
        if ip <= ilimit {
            // Index two positions inside the match, then take any immediate repeat of
            // the offset before last.
            for p in [searched + 2, ip - 2] {
                if let Some(x) = read64(src, p) {
                    set(table, hash::<MLS>(x, hlog), v.pos(p));
                }
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
                    set(table, hash::<MLS>(x, hlog), cur);
                }
                emit(seqs, rep, &[], ml, r);
                ip += ml;
                anchor = ip;
            }
        }
    }
    (anchor, ip)
}
