// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The Literals Section of a compressed block (RFC 8878 §3.1.1.3.1): raw, RLE,
//! Huffman-compressed with a new tree, or Treeless (the previous block's tree).

use super::entropy::Entropy;
use super::hot::Hot;
use crate::fse::normalize::optimal_table_log;
use crate::params::Strategy;
use crate::tables::HUF_MAX_LOG;

/// Literals_Block_Type values.
const RAW: u8 = 0;
const RLE: u8 = 1;
const COMPRESSED: u8 = 2;
const TREELESS: u8 = 3;

/// Smallest gain worth the Huffman decoding effort (C's `ZSTD_minGain`).
pub(crate) fn min_gain(n: usize, strategy: Strategy) -> usize {
    let shift = if strategy >= Strategy::Btultra {
        strategy as usize - 1
    } else {
        6
    };
    (n >> shift) + 2
}

/// Header of a raw or RLE section (1, 2 or 3 bytes).
fn write_plain_header(dst: &mut [u8], ty: u8, n: usize) -> Option<usize> {
    if n < 32 {
        *dst.first_mut()? = ty | (n as u8) << 3;
        Some(1)
    } else if n < 4096 {
        let v = u16::from(ty) | 1 << 2 | (n as u16) << 4;
        dst.get_mut(..2)?.copy_from_slice(&v.to_le_bytes());
        Some(2)
    } else {
        let v = u32::from(ty) | 3 << 2 | (n as u32) << 4;
        dst.get_mut(..3)?.copy_from_slice(&v.to_le_bytes()[..3]);
        Some(3)
    }
}

/// A raw literals section.
pub(crate) fn write_raw(dst: &mut [u8], lits: &[u8]) -> Option<usize> {
    let h = write_plain_header(dst, RAW, lits.len())?;
    dst.get_mut(h..h + lits.len())?.copy_from_slice(lits);
    Some(h + lits.len())
}

fn write_rle(dst: &mut [u8], b: u8, n: usize) -> Option<usize> {
    let h = write_plain_header(dst, RLE, n)?;
    *dst.get_mut(h)? = b;
    Some(h + 1)
}

/// Counts byte values into `ent.lit_count`; returns (largest symbol, largest count).
fn histogram(ent: &mut Entropy<'_>, lits: &[u8]) -> (usize, u32) {
    let t: &mut [[u8; 4]; 256] = match (&mut *ent.lit_count).try_into() {
        Ok(t) => t,
        Err(_) => return (0, 0),
    };
    t.fill([0; 4]);
    // At most one count per literal: no wrap.
    for &b in lits {
        let e = &mut t[b as usize];
        *e = u32::from_le_bytes(*e).wrapping_add(1).to_le_bytes();
    }
    // The last present symbol from the top, then the largest count below it (absent
    // symbols count 0 and change no maximum): two plain loops.
    let max_sym = t
        .iter()
        .rposition(|e| u32::from_le_bytes(*e) != 0)
        .unwrap_or(0);
    let most = t[..=max_sym & 255]
        .iter()
        .map(|e| u32::from_le_bytes(*e))
        .max()
        .unwrap_or(0);
    (max_sym, most)
}

/// Builds a new tree for the counts in `ent.lit_count` into `ent.huf_next` and writes
/// its description at the start of `body`: (header size, header and streams' size).
/// In its own frame: inlined, its tables would grow the block loop's stack beyond the
/// kernel's `FRAME_WARN`.
#[inline(never)]
fn new_tree(
    ent: &mut Entropy<'_>,
    body: &mut [u8],
    max_sym: usize,
    log: u32,
) -> Option<(usize, u64)> {
    let count = (&*ent.lit_count).try_into().ok()?;
    let bits = ent
        .huf_next
        .build(count, max_sym, log, &mut ent.huf_scratch)?;
    let h = ent
        .huf_next
        .write_header(body, &mut ent.ct.scratch(), &ent.huf_scratch)?;
    Some((h, h as u64 + bits.div_ceil(8)))
}

/// Writes the literals section of a block; records in `ent` whether a new Huffman tree
/// was sent. `None` when `dst` is too small.
pub(crate) fn write_literals(
    dst: &mut [u8],
    lits: &[u8],
    ent: &mut Entropy<'_>,
    strategy: Strategy,
    raw_only: bool,
) -> Option<usize> {
    let n = lits.len();
    let min_size = if ent.huf_valid { 6 } else { 63 };
    if raw_only || n < min_size {
        return write_raw(dst, lits);
    }
    let (max_sym, most) = histogram(ent, lits);
    if most as usize == n {
        return write_rle(dst, lits[0], n);
    }
    if most as usize <= (n >> 7) + 4 {
        return write_raw(dst, lits);
    }
    let lh = 3 + usize::from(n >= 1024) + usize::from(n >= 16 * 1024);
    let single = n < 256;
    let body = dst.get_mut(lh..)?;

    // Treeless: reuse the decoder's tree when it codes every present symbol.
    let count = &*ent.lit_count;
    let old_bits = if ent.huf_valid {
        ent.huf_prev.cost_bits(count)
    } else {
        None
    };
    let log = optimal_table_log(HUF_MAX_LOG, n, max_sym as u32, 1).min(HUF_MAX_LOG);
    // Below the lazy strategies a short section keeps the decoder's tree when it codes
    // every present symbol, without building a new one to compare (C's `preferRepeat`:
    // zram's pages with a dictionary mostly reuse the dictionary's tree).
    let prefer_old = strategy < Strategy::Lazy && n <= 1024 && old_bits.is_some();
    let new_total = if prefer_old {
        None
    } else {
        new_tree(ent, body, max_sym, log)
    };
    let use_old = match (old_bits, new_total) {
        (Some(ob), Some((h, nt))) => ob.div_ceil(8) <= nt || h + 12 >= n,
        (Some(_), None) => true,
        (None, _) => false,
    };
    let (ty, hsize) = if use_old {
        (TREELESS, 0)
    } else {
        match new_total {
            Some((h, _)) => (COMPRESSED, h),
            None => return write_raw(dst, lits),
        }
    };
    let table = if use_old {
        &ent.huf_prev
    } else {
        &ent.huf_next
    };
    let out = body.get_mut(hsize..)?;
    let streams = (ent.dispatch)(Hot::huf(table, out, lits, !single));
    let csize = match streams {
        Some(s) => hsize + s,
        None => return write_raw(dst, lits),
    };
    if csize + lh >= n + 3 || csize >= n - min_gain(n, strategy).min(n) {
        return write_raw(dst, lits);
    }
    let sf: u64 = if single {
        0
    } else if lh == 3 {
        1
    } else {
        lh as u64 - 2
    };
    let shift = match lh {
        3 => 14,
        4 => 18,
        _ => 22,
    };
    let v = u64::from(ty) | sf << 2 | (n as u64) << 4 | (csize as u64) << shift;
    dst.get_mut(..lh)?.copy_from_slice(&v.to_le_bytes()[..lh]);
    ent.huf_pending = !use_old;
    Some(lh + csize)
}
