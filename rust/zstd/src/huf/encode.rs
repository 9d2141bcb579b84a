// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Huffman encoding of literals (RFC 8878 §4.2): length-limited code construction,
//! the tree description (weights, FSE-compressed or direct) and 1- or 4-stream encoding.

use crate::bits::writer::BitWriter;
use crate::fse::encode::{write_ncount, CTable};
use crate::fse::normalize::{normalize, optimal_table_log};
use crate::workspace::Carver;

/// Longest code a decoder accepts (C's `HUF_TABLELOG_MAX`); our own codes use at most
/// [`HUF_MAX_LOG`](crate::tables::HUF_MAX_LOG), but a dictionary's table may be one bit deeper.
pub(crate) const HUF_TABLELOG_MAX: u32 = 12;

/// Largest weight-table accuracy log (RFC §4.2.1.2).
const WEIGHT_MAX_LOG: u32 = 6;

/// A Huffman code for bytes: per symbol `code | nb_bits << 16` (u32 little-endian).
pub(crate) struct HufCTable<'a> {
    e: &'a mut [u8; 1024],
    max_bits: u32,
    max_symbol: usize,
}

/// Scratch for building a code (sort keys and tree arithmetic). `build` leaves in it
/// what `write_header` describes: the weights (the first 256 bytes of `keys`) and their
/// histogram (`work[..16]`).
pub(crate) struct HufScratch<'a> {
    keys: &'a mut [[u8; 4]; 256],
    work: &'a mut [[u8; 4]; 256],
    /// The radix sort's bucket positions (u16 little-endian): off the kernel stack.
    at: &'a mut [[u8; 2]; 256],
}

impl<'a> HufScratch<'a> {
    /// Workspace bytes.
    pub(crate) const WORKSPACE: usize = 2 * 256 * 4 + 256 * 2;

    /// Carves the scratch.
    pub(crate) fn new(c: &mut Carver<'a>) -> Option<Self> {
        Some(Self {
            keys: c.table::<4>(256)?.try_into().ok()?,
            work: c.table::<4>(256)?.try_into().ok()?,
            at: c.table::<2>(256)?.try_into().ok()?,
        })
    }

    /// The weights, one byte per symbol.
    fn weights(&self) -> Option<&[u8; 256]> {
        self.keys.as_flattened().first_chunk()
    }
}

/// Entry `i` (masked into the 256-entry table).
#[inline(always)]
fn get(t: &[[u8; 4]; 256], i: usize) -> u32 {
    u32::from_le_bytes(t[i & 255])
}

#[inline(always)]
fn set(t: &mut [[u8; 4]; 256], i: usize, v: u32) {
    t[i & 255] = v.to_le_bytes();
}

/// Code lengths of a minimum-redundancy code for the ascending weights in `a[..n]`,
/// computed in place (Moffat and Katajainen, "In-place calculation of minimum-redundancy
/// codes", 1995). `n >= 2`. Afterwards `a[i]` is the length of the i-th weight.
fn in_place_lengths(a: &mut [[u8; 4]; 256], n: usize) {
    // Phase 1: internal node weights, leaves consumed left to right.
    // Counts are at most 2^23 each, 256 of them: sums stay below 2^31, no wrap.
    set(a, 0, get(a, 0).wrapping_add(get(a, 1)));
    // Indices stay at most `n <= 256`: no wrap.
    let (mut root, mut leaf) = (0usize, 2usize);
    for next in 1..n - 1 {
        if leaf >= n || get(a, root) < get(a, leaf) {
            set(a, next, get(a, root));
            set(a, root, next as u32);
            root = root.wrapping_add(1);
        } else {
            set(a, next, get(a, leaf));
            leaf = leaf.wrapping_add(1);
        }
        if leaf >= n || (root < next && get(a, root) < get(a, leaf)) {
            set(a, next, get(a, next).wrapping_add(get(a, root)));
            set(a, root, next as u32);
            root = root.wrapping_add(1);
        } else {
            set(a, next, get(a, next).wrapping_add(get(a, leaf)));
            leaf = leaf.wrapping_add(1);
        }
    }
    // Phase 2: depths of internal nodes.
    set(a, n - 2, 0);
    for next in (0..n - 2).rev() {
        let p = get(a, next) as usize;
        // Depths stay below 256: no wrap.
        set(a, next, get(a, p).wrapping_add(1));
    }
    // Phase 3: depths of leaves.
    let (mut avail, mut used, mut depth) = (1i64, 0i64, 0u32);
    let mut root = n as isize - 2;
    let mut next = n as isize - 1;
    // Node counts and depths stay below 512: none of these wrap.
    while avail > 0 {
        while root >= 0 && get(a, root as usize) == depth {
            used = used.wrapping_add(1);
            root = root.wrapping_sub(1);
        }
        while avail > used {
            set(a, next as usize, depth);
            next = next.wrapping_sub(1);
            avail = avail.wrapping_sub(1);
        }
        avail = used.wrapping_mul(2);
        depth = depth.wrapping_add(1);
        used = 0;
    }
}

/// Sorts the keys `t[..n]` (`count << 8 | symbol`, entered in ascending symbol order)
/// ascending: a stable LSD radix sort on the count bytes, as many passes as `max`
/// (a bound on every count) needs. `tmp` and `at` are scratch.
fn radix_sort(
    t: &mut [[u8; 4]; 256],
    tmp: &mut [[u8; 4]; 256],
    at: &mut [[u8; 2]; 256],
    n: usize,
    max: u32,
) {
    let n = n.min(256);
    let passes = if max < 1 << 8 {
        1
    } else if max < 1 << 16 {
        2
    } else {
        3
    };
    for pass in 0..passes {
        let shift = 8 + 8 * pass;
        // At most 256 keys: the counts and their sums fit a `u16` without wrapping.
        let get = |a: &[[u8; 2]; 256], d: usize| u16::from_le_bytes(a[d & 255]);
        *at = [[0; 2]; 256];
        for k in &t[..n] {
            let d = (u32::from_le_bytes(*k) >> shift) as usize & 255;
            at[d] = get(at, d).wrapping_add(1).to_le_bytes();
        }
        let mut sum = 0u16;
        for a in at.iter_mut() {
            let c = u16::from_le_bytes(*a);
            *a = sum.to_le_bytes();
            sum = sum.wrapping_add(c);
        }
        for k in &t[..n] {
            let d = (u32::from_le_bytes(*k) >> shift) as usize & 255;
            let p = get(at, d);
            tmp[p as usize & 255] = *k;
            at[d] = p.wrapping_add(1).to_le_bytes();
        }
        t[..n].copy_from_slice(&tmp[..n]);
    }
}

/// From this many literals on (more than a 4 KiB page holds), a code too deep is
/// limited both ways (see `build`).
const LIMIT_BOTH_FROM: u32 = (4 << 10) + 1;

/// Code lengths `a[..n]` for the sorted keys `keys[..n]` of at most `max_log` bits:
/// the optimal code after raising the rarest counts to a floor, doubled until it fits.
fn floor_lengths(
    keys: &[[u8; 4]; 256],
    a: &mut [[u8; 4]; 256],
    n: usize,
    max_log: u32,
    total: u32,
) {
    let mut floor = (total >> max_log).max(1);
    loop {
        // A floor at or below the smallest count changes no weight: skip it.
        let least = get(keys, 0) >> 8;
        while floor <= least {
            floor = floor.saturating_mul(2);
        }
        for i in 0..n {
            set(a, i, (get(keys, i) >> 8).max(floor));
        }
        in_place_lengths(a, n);
        if get(a, 0) <= max_log {
            return;
        }
        floor = floor.saturating_mul(2);
    }
}

/// Limits the code lengths `a[..n]` (of symbols by ascending count, so `a[0]`, the
/// rarest, is the longest) to `limit` bits and keeps the code complete: a deepest pair
/// of leaves moves up one level and the leaf nearest below it moves down one level to
/// take its sibling, until no code is longer than `limit` (the adjustment of JPEG,
/// ITU T.81 Annex K.3); the longest lengths then go to the rarest symbols. `bits` is
/// scratch (codes per length). False when it cannot be done.
fn limit_lengths(a: &mut [[u8; 4]; 256], n: usize, limit: u32, bits: &mut [[u8; 4]; 256]) -> bool {
    let max = get(a, 0) as usize;
    let limit = limit as usize;
    if n > 256 || max > 255 || limit == 0 || limit >= max {
        return limit >= max;
    }
    bits.fill([0; 4]);
    for i in 0..n {
        let l = get(a, i) as usize;
        set(bits, l, get(bits, l).wrapping_add(1));
    }
    let mut i = max;
    while i > limit {
        let at_i = get(bits, i);
        if at_i == 0 {
            i -= 1;
            continue;
        }
        if at_i < 2 {
            return false;
        }
        let mut j = i - 2;
        while j > 0 && get(bits, j) == 0 {
            j -= 1;
        }
        if j == 0 {
            return false;
        }
        set(bits, i, at_i - 2);
        set(bits, i - 1, get(bits, i - 1).wrapping_add(1));
        set(bits, j + 1, get(bits, j + 1).wrapping_add(2));
        set(bits, j, get(bits, j) - 1);
    }
    let mut k = 0usize;
    for l in (1..=limit).rev() {
        for _ in 0..get(bits, l) {
            if k >= n {
                return false;
            }
            set(a, k, l as u32);
            k += 1;
        }
    }
    k == n
}

impl<'a> HufCTable<'a> {
    /// Workspace bytes of one table.
    pub(crate) const WORKSPACE: usize = 1024;

    /// Carves an empty table.
    pub(crate) fn new(c: &mut Carver<'a>) -> Option<Self> {
        Some(Self {
            e: c.array()?,
            max_bits: 0,
            max_symbol: 0,
        })
    }

    #[inline(always)]
    fn entry(&self, s: u8) -> (u32, u32) {
        let i = s as usize * 4;
        let v = u32::from_le_bytes([self.e[i], self.e[i + 1], self.e[i + 2], self.e[i + 3]]);
        (v & 0xFFFF, v >> 16)
    }

    /// Copies another table.
    pub(crate) fn copy_from(&mut self, o: &HufCTable<'_>) {
        self.e.copy_from_slice(&o.e[..]);
        self.max_bits = o.max_bits;
        self.max_symbol = o.max_symbol;
    }

    /// Sets the table from code lengths (`bits[s]`, 0 = absent), which must form a
    /// complete prefix code of at most 11 bits (as a dictionary's table does).
    pub(crate) fn set_lengths(&mut self, bits: &[u8; 256]) -> bool {
        self.e.fill(0);
        let mut per_rank = [0u16; HUF_TABLELOG_MAX as usize + 2];
        let mut max_bits = 0usize;
        let mut max_symbol = 0usize;
        for (s, &nb) in bits.iter().enumerate() {
            let nb = nb as usize;
            if nb > HUF_TABLELOG_MAX as usize {
                return false;
            }
            if nb > 0 {
                per_rank[nb] += 1;
                max_bits = max_bits.max(nb);
                max_symbol = s;
            }
        }
        let mut val = [0u16; HUF_TABLELOG_MAX as usize + 2];
        let mut min = 0u16;
        for nb in (1..=max_bits).rev() {
            val[nb] = min;
            min += per_rank[nb];
            min >>= 1;
        }
        for (s, &nb) in bits.iter().enumerate() {
            let nb = nb as usize;
            if nb > 0 {
                let code = u32::from(val[nb]);
                val[nb] += 1;
                self.e[s * 4..s * 4 + 4].copy_from_slice(&(code | (nb as u32) << 16).to_le_bytes());
            }
        }
        self.max_bits = max_bits as u32;
        self.max_symbol = max_symbol;
        max_bits > 0
    }

    /// Length of the code of `s` (0: not coded).
    pub(crate) fn bits(&self, s: u8) -> u32 {
        self.entry(s).1
    }

    /// Builds a code for `count[..=max_symbol]` (little-endian u32 counts, at least two
    /// present symbols) with codes of at most `max_log` bits; returns the encoded size in
    /// bits of `count` with it (what [`cost_bits`](Self::cost_bits) would find, summed
    /// here over the present symbols only), or `None` if such a code is impossible.
    pub(crate) fn build(
        &mut self,
        count: &[[u8; 4]; 256],
        max_symbol: usize,
        max_log: u32,
        sc: &mut HufScratch<'_>,
    ) -> Option<u64> {
        self.e.fill(0);
        let max_symbol = max_symbol.min(255);
        let present = &count[..=max_symbol];
        let mut n = 0usize;
        // The OR of the counts needs as many radix passes as their largest.
        let mut any = 0u32;
        // Without a branch on presence (irregular in small blocks): every symbol writes
        // its key at `n`, which only a present one keeps.
        for s in 0..max_symbol + 1 {
            let c = get(count, s);
            set(sc.keys, n, (c.min(1 << 23) << 8) | s as u32);
            // At most 256 symbols: no wrap.
            n = n.wrapping_add(usize::from(c > 0));
            any |= c;
        }
        if !(2..=256).contains(&n) {
            return None;
        }
        radix_sort(sc.keys, sc.work, sc.at, n, any);
        for i in 0..n {
            set(sc.work, i, get(sc.keys, i) >> 8);
        }
        in_place_lengths(sc.work, n);
        if get(sc.work, 0) > max_log {
            let alt: &mut [[u8; 4]; 256] = self.e.as_chunks_mut::<4>().0.try_into().ok()?;
            let total = present
                .iter()
                .fold(0u32, |t, c| t.saturating_add(u32::from_le_bytes(*c)));
            // Pages: one pass that limits the lengths. More literals (where this costs
            // relatively little) also raise the rarest counts until the optimal code fits,
            // and keep whichever code is smaller (the latter on a tie).
            let limited = limit_lengths(sc.work, n, max_log, alt);
            if !limited || total >= LIMIT_BOTH_FROM {
                if limited {
                    alt.copy_from_slice(&sc.work[..]);
                }
                floor_lengths(sc.keys, sc.work, n, max_log, total);
                if limited {
                    let cost = |t: &[[u8; 4]; 256]| -> u64 {
                        (0..n)
                            .map(|i| u64::from(get(sc.keys, i) >> 8) * u64::from(get(t, i)))
                            .sum()
                    };
                    if cost(alt) < cost(sc.work) {
                        sc.work.copy_from_slice(&alt[..]);
                    }
                }
            }
            self.e.fill(0);
        }
        let e: &mut [[u8; 4]; 256] = self.e.as_chunks_mut::<4>().0.try_into().ok()?;
        // Lengths are at most `max_log` (below 16): masked indices lose nothing.
        let mut per_rank = [0u16; 16];
        let max_bits = get(sc.work, 0);
        let mut cost = 0u64;
        // At most 256 symbols: the per-length counts and codes below fit a `u16`; a
        // count below 2^32 times a length below 2^8, 256 times, fits a `u64`.
        for i in 0..n {
            let s = (get(sc.keys, i) & 0xFF) as usize;
            let nb = get(sc.work, i);
            let r = &mut per_rank[nb as usize & 15];
            *r = r.wrapping_add(1);
            set(e, s, nb << 16);
            let c = u64::from(get(count, s));
            cost = cost.wrapping_add(c.wrapping_mul(u64::from(nb)));
        }
        // Canonical codes (RFC §4.2.1.3): longest codes take the lowest values.
        let mut val = [0u16; 16];
        let mut min = 0u16;
        for nb in (1..=max_bits as usize & 15).rev() {
            val[nb] = min;
            min = min.wrapping_add(per_rank[nb]) >> 1;
        }
        // The header's weights (RFC §4.2.1.1) on the way, over the sort keys (done with).
        let weights = sc.keys.as_flattened_mut().first_chunk_mut::<256>()?;
        // Without a branch on presence: an absent symbol (length 0) takes `val[0]`,
        // which stays 0, and weighs 0.
        for (entry, w) in e[..=max_symbol].iter_mut().zip(weights.iter_mut()) {
            let v = u32::from_le_bytes(*entry);
            let nb = v >> 16;
            let code = &mut val[nb as usize & 15];
            *entry = (v | u32::from(*code)).to_le_bytes();
            *code = code.wrapping_add(u16::from(nb > 0));
            // A length is at most `max_bits`: no wrap.
            *w = if nb > 0 {
                max_bits.wrapping_add(1).wrapping_sub(nb) as u8
            } else {
                0
            };
        }
        // Their histogram is the lengths' one, without the last symbol (its weight is
        // implied); the symbols before it that are absent weigh 0.
        let mut hist = [0u32; 16];
        for (nb, &r) in per_rank
            .iter()
            .enumerate()
            .take(max_bits as usize + 1)
            .skip(1)
        {
            // `1 <= nb <= max_bits`: no wrap.
            hist[max_bits.wrapping_add(1).wrapping_sub(nb as u32) as usize & 15] = u32::from(r);
        }
        let mut coded = n;
        let last = get(e, max_symbol) >> 16;
        if last > 0 {
            let h = &mut hist[max_bits.wrapping_add(1).wrapping_sub(last) as usize & 15];
            *h = h.saturating_sub(1);
            coded -= 1;
        }
        hist[0] = max_symbol.saturating_sub(coded) as u32;
        for (i, &h) in hist.iter().enumerate() {
            set(sc.work, i, h);
        }
        self.max_bits = max_bits;
        self.max_symbol = max_symbol;
        Some(cost)
    }

    /// Encoded size in bits of `count` (little-endian u32 counts) with this code, or
    /// `None` when a present symbol has no code.
    pub(crate) fn cost_bits(&self, count: &[[u8; 4]]) -> Option<u64> {
        let mut bits = 0u64;
        for (s, c) in count.iter().enumerate().take(256) {
            let c = u32::from_le_bytes(*c);
            if c > 0 {
                let nb = self.bits(s as u8);
                if nb == 0 {
                    return None;
                }
                bits += u64::from(c) * u64::from(nb);
            }
        }
        Some(bits)
    }

    /// Writes the description (RFC §4.2.1) of the code `build` just made with `sc`:
    /// FSE-compressed weights when that is smaller, direct 4-bit weights otherwise.
    /// `ct` is scratch.
    pub(crate) fn write_header(
        &self,
        dst: &mut [u8],
        ct: &mut CTable<'_>,
        sc: &HufScratch<'_>,
    ) -> Option<usize> {
        let nw = self.max_symbol.min(255); // the last symbol's weight is implied
        let weights = sc.weights()?;
        let weight = |s: usize| -> u8 { weights[s & 255] };
        if nw >= 2 {
            let mut hist = [0u32; HUF_TABLELOG_MAX as usize + 1];
            for (i, h) in hist.iter_mut().enumerate() {
                *h = get(sc.work, i);
            }
            if let Some(n) = self.write_fse_weights(dst.get_mut(1..)?, ct, nw, weights, &hist) {
                if n > 1 && n < nw / 2 {
                    dst[0] = n as u8;
                    return Some(n + 1);
                }
            }
        }
        if nw > 128 || nw == 0 {
            return None;
        }
        let bytes = nw.div_ceil(2);
        let out = dst.get_mut(..bytes + 1)?;
        out[0] = (127 + nw) as u8;
        for i in 0..bytes {
            let hi = weight(2 * i);
            let lo = if 2 * i + 1 < nw { weight(2 * i + 1) } else { 0 };
            out[i + 1] = (hi << 4) | lo;
        }
        Some(bytes + 1)
    }

    fn write_fse_weights(
        &self,
        dst: &mut [u8],
        ct: &mut CTable<'_>,
        nw: usize,
        weights: &[u8; 256],
        count: &[u32; HUF_TABLELOG_MAX as usize + 1],
    ) -> Option<usize> {
        let weight = |s: usize| -> u8 { weights[s & 255] };
        let max_w = count.iter().rposition(|&c| c > 0)?;
        let most = *count.iter().max()?;
        if most as usize == nw || most == 1 {
            return None;
        }
        let log = optimal_table_log(WEIGHT_MAX_LOG, nw, max_w as u32, 2);
        let mut norm = [0i16; HUF_TABLELOG_MAX as usize + 1];
        if !normalize(&mut norm, count, max_w, nw as u32, log, false) {
            return None;
        }
        let h = write_ncount(dst, &norm[..=max_w], log)?;
        ct.build(&norm[..=max_w], log);
        let mut w = BitWriter::new(dst.get_mut(h..)?);
        let (mut s1, mut s2);
        let i;
        if nw % 2 == 1 {
            s1 = ct.init_state(weight(nw - 1));
            s2 = ct.init_state(weight(nw - 2));
            ct.encode(&mut w, &mut s1, weight(nw - 3));
            i = nw - 3;
        } else {
            s2 = ct.init_state(weight(nw - 1));
            s1 = ct.init_state(weight(nw - 2));
            i = nw - 2;
        }
        // A weight costs at most `log <= WEIGHT_MAX_LOG` (6) bits: four pairs and a
        // flushed remainder of at most 7 bits fit the 64-bit accumulator.
        // `i` is even: the rest goes in pairs from the end.
        let (pairs, _) = weights.get(..i)?.as_chunks::<2>();
        for (p, &[lo, hi]) in pairs.iter().rev().enumerate() {
            ct.encode(&mut w, &mut s2, hi);
            ct.encode(&mut w, &mut s1, lo);
            if p & 3 == 3 {
                w.flush();
            }
        }
        w.flush();
        ct.flush_state(&mut w, s2);
        ct.flush_state(&mut w, s1);
        Some(h + w.finish()?)
    }

    /// Encodes `src` as one Huffman stream (last symbol first, RFC §4.2.2).
    #[inline(always)]
    pub(crate) fn compress_1x(&self, dst: &mut [u8], src: &[u8]) -> Option<usize> {
        let mut w = BitWriter::new(dst);
        // The first symbol must be written last: chunks from the end, then the head.
        let chunks = src.rchunks_exact(4);
        let head = chunks.remainder();
        for ch in chunks {
            for &s in ch.iter().rev() {
                let (c, nb) = self.entry(s);
                w.add_fast(u64::from(c), nb);
            }
            w.flush();
        }
        for &s in head.iter().rev() {
            let (c, nb) = self.entry(s);
            w.add_fast(u64::from(c), nb);
        }
        w.flush();
        w.finish()
    }

    /// Encodes `src` as four streams behind a 6-byte jump table (RFC §3.1.1.3.1.6).
    #[inline(always)]
    pub(crate) fn compress_4x(&self, dst: &mut [u8], src: &[u8]) -> Option<usize> {
        let seg = src.len().div_ceil(4);
        if dst.len() < 6 {
            return None;
        }
        let mut pos = 6usize;
        for k in 0..4 {
            let part = src.get((k * seg).min(src.len())..((k + 1) * seg).min(src.len()))?;
            let n = self.compress_1x(dst.get_mut(pos..)?, part)?;
            if k < 3 {
                let n16 = u16::try_from(n).ok()?;
                dst[2 * k..2 * k + 2].copy_from_slice(&n16.to_le_bytes());
            }
            pos += n;
        }
        Some(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_limited_and_complete() {
        let mut ws = [0u8; HufCTable::WORKSPACE + HufScratch::WORKSPACE];
        let mut c = Carver::new(&mut ws);
        let mut t = HufCTable::new(&mut c).unwrap();
        let mut sc = HufScratch::new(&mut c).unwrap();
        let mut count = [[0u8; 4]; 256];
        // Fibonacci counts force a very deep optimal tree.
        let (mut a, mut b) = (1u32, 1u32);
        for c in count.iter_mut().take(30) {
            *c = a.to_le_bytes();
            (a, b) = (b, a + b);
        }
        assert!(t.build(&count, 29, 11, &mut sc).is_some());
        let mut kraft = 0u64;
        for s in 0..30u8 {
            let nb = t.bits(s);
            assert!((1..=11).contains(&nb));
            kraft += 1 << (11 - nb);
        }
        assert_eq!(kraft, 1 << 11);
    }
}
