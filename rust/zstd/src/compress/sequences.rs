// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The Sequences Section of a compressed block (RFC 8878 §3.1.1.3.2): sequence count,
//! a compression mode per field (predefined, RLE, FSE-compressed or repeat), chosen by
//! estimated cost, and the interleaved FSE bitstream.

use super::entropy::{Entropy, SEQ_COUNT, SEQ_SYMBOLS};
use super::seq_store::{decode, SeqStore, Sequence};
use crate::bits::writer::BitWriter;
use crate::fse::cost::{covers, table_cost};
use crate::fse::encode::{write_ncount, Held};
use crate::fse::normalize::{highbit, normalize, optimal_table_log};
use crate::params::Strategy;
use crate::tables::*;

/// Symbol_Compression_Modes values.
const PREDEFINED: u8 = 0;
const RLE: u8 = 1;
const COMPRESSED: u8 = 2;
const REPEAT: u8 = 3;

const fn code_table<const N: usize>(base: &[(u32, u8)], offset: u32) -> [u8; N] {
    let mut t = [0u8; N];
    let mut v = 0;
    let mut c = 0;
    while v < N {
        while c + 1 < base.len() && base[c + 1].0 <= v as u32 + offset {
            c += 1;
        }
        t[v] = c as u8;
        v += 1;
    }
    t
}

/// Literal-length code of lengths 0..64 and match-length code of `length - 3` in 0..128.
const LL_CODE: [u8; 64] = code_table::<64>(&LL_BASE, 0);
const ML_CODE: [u8; 128] = code_table::<128>(&ML_BASE, 3);

const fn bits_table(base: &[(u32, u8)]) -> [u8; 64] {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < base.len() {
        t[i] = base[i].1;
        i += 1;
    }
    t
}

/// Extra bits of each literal-length and match-length code (0 past the last code).
const LL_BITS: [u8; 64] = bits_table(&LL_BASE);
const ML_BITS: [u8; 64] = bits_table(&ML_BASE);

/// Literal-length code (RFC §3.1.1.3.2.1.1).
#[inline(always)]
pub(crate) fn ll_code(ll: u32) -> u8 {
    if ll < 64 {
        LL_CODE[ll as usize]
    } else {
        (highbit(ll) + 19) as u8
    }
}

/// Match-length code of a match of `ml` bytes.
#[inline(always)]
pub(crate) fn ml_code(ml: u32) -> u8 {
    let b = ml.wrapping_sub(3);
    if b < 128 {
        ML_CODE[b as usize]
    } else {
        (highbit(b) + 36) as u8
    }
}

/// Offset code of an Offset_Value.
#[inline(always)]
pub(crate) fn of_code(ov: u32) -> u8 {
    highbit(ov) as u8
}

/// One field's choice.
struct Field {
    mode: u8,
}

/// Chooses the mode of one field, writes its table description at `dst[*pos..]` and
/// builds the encoding table in `ent.ct[k]`.
/// Out of line: its tables stay off the stack of the sequence loop's frame.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn choose(
    dst: &mut [u8],
    pos: &mut usize,
    ent: &mut Entropy<'_>,
    strategy: Strategy,
    k: usize,
    symbols: usize,
    nb: usize,
    default: (&[i16], u32),
    max_log: u32,
    last_ncount: &mut Option<usize>,
) -> Option<Field> {
    // The field's histogram, its `symbols` first entries (see `histograms`).
    let mut all = [0u32; 64];
    let at = [LL_H, OF_H, ML_H][k % 3];
    for (c, b) in all.iter_mut().zip(&ent.seq_count[at..at + 64]) {
        *c = u32::from_ne_bytes(*b);
    }
    let count = &all[..symbols.min(64)];
    let max_sym = count.iter().rposition(|&c| c > 0).unwrap_or(0);
    let most = count.iter().copied().max().unwrap_or(0) as usize;
    let mut norm = [0i16; SEQ_SYMBOLS];
    if most == nb {
        if nb <= 2 && max_sym < default.0.len() {
            ent.ct.build(k, default.0, default.1, Held::Predefined);
            ent.next_table(k).valid = false;
            return Some(Field { mode: PREDEFINED });
        }
        *dst.get_mut(*pos)? = max_sym as u8;
        *pos += 1;
        ent.next_table(k).valid = false;
        return Some(Field { mode: RLE });
    }
    let count = &count[..=max_sym];
    if strategy < Strategy::Lazy {
        // The fast strategies choose as C does below lazy, without comparing costs: the
        // decoder's table while it codes every symbol (up to 999 sequences), the
        // predefined one for few sequences or a flat distribution, else a fresh one.
        if ent.prev[k].valid && nb < 1000 {
            let len = ent.prev[k].get(&mut norm);
            if covers(&norm[..len], count) {
                ent.ct.build(
                    k,
                    &norm[..len],
                    ent.prev[k].log,
                    Held::Table(ent.prev[k].id),
                );
                return Some(Field { mode: REPEAT });
            }
        }
        // `strategy < Lazy`: the multiplier is 7 to 9.
        let mult = 10 - strategy as usize;
        let dynamic_min = ((1usize << default.1) * mult) >> 3;
        if (nb < dynamic_min || most < nb >> (default.1 - 1)) && max_sym < default.0.len() {
            ent.ct.build(k, default.0, default.1, Held::Predefined);
            ent.next_table(k).valid = false;
            return Some(Field { mode: PREDEFINED });
        }
        let log = optimal_table_log(max_log, nb, max_sym as u32, 2);
        let mut fresh = [0i16; SEQ_SYMBOLS];
        if normalize(&mut fresh, count, max_sym, nb as u32, log, nb >= 2048) {
            if let Some(h) = write_ncount(dst.get_mut(*pos..)?, &fresh[..=max_sym], log) {
                *last_ncount = Some(*pos);
                *pos += h;
                let id = ent.fresh_id();
                ent.ct.build(k, &fresh[..=max_sym], log, Held::Table(id));
                ent.next_table(k).set(&fresh[..=max_sym], log, id);
                return Some(Field { mode: COMPRESSED });
            }
        }
    }
    let basic = table_cost(default.0, default.1, count);
    let repeat = if ent.prev[k].valid {
        let len = ent.prev[k].get(&mut norm);
        table_cost(&norm[..len], ent.prev[k].log, count)
    } else {
        None
    };
    let log = optimal_table_log(max_log, nb, max_sym as u32, 2);
    let mut fresh = [0i16; SEQ_SYMBOLS];
    let mut compressed = None;
    if normalize(&mut fresh, count, max_sym, nb as u32, log, nb >= 2048) {
        if let Some(h) = write_ncount(dst.get_mut(*pos..)?, &fresh[..=max_sym], log) {
            compressed =
                table_cost(&fresh[..=max_sym], log, count).map(|c| (c + ((h as u64) << 11), h));
        }
    }
    let inf = u64::MAX;
    let (b, r, c) = (
        basic.unwrap_or(inf),
        repeat.unwrap_or(inf),
        compressed.map_or(inf, |x| x.0),
    );
    if b <= r && b <= c && b != inf {
        ent.ct.build(k, default.0, default.1, Held::Predefined);
        ent.next_table(k).valid = false;
        Some(Field { mode: PREDEFINED })
    } else if r <= c && r != inf {
        let len = ent.prev[k].get(&mut norm);
        ent.ct.build(
            k,
            &norm[..len],
            ent.prev[k].log,
            Held::Table(ent.prev[k].id),
        );
        Some(Field { mode: REPEAT })
    } else {
        let (_, h) = compressed?;
        *last_ncount = Some(*pos);
        *pos += h;
        let id = ent.fresh_id();
        ent.ct.build(k, &fresh[..=max_sym], log, Held::Table(id));
        ent.next_table(k).set(&fresh[..=max_sym], log, id);
        Some(Field { mode: COMPRESSED })
    }
}

/// Writes the extra bits of one sequence: literal length, match length, offset (the
/// decoder reads them in the opposite order).
#[inline(always)]
fn write_extras<L: Fn(u32, u32) -> u32>(
    w: &mut BitWriter<'_>,
    s: &Sequence,
    lc: u8,
    mc: u8,
    oc: u8,
    low: L,
) {
    let llb = u32::from(LL_BITS[lc as usize & 63]);
    let mlb = u32::from(ML_BITS[mc as usize & 63]);
    let ofb = u32::from(oc);
    // Both length fields in one write: literal-length bits first (lowest).
    let ll = u64::from(s.lit_len) & ((1u64 << llb) - 1);
    let ml = u64::from(s.match_len.wrapping_sub(3)) & ((1u64 << mlb) - 1);
    // At most 7 + 26 bits are pending here (a flushed remainder and three FSE states of
    // at most 9, 9 and 8 bits): when the three fields take at most 31 bits, all fit the
    // 64-bit accumulator and one flush serves the sequence (most sequences).
    if llb + mlb + ofb <= 31 {
        w.add_fast(ll | ml << llb, llb + mlb);
        w.add_fast(u64::from(low(s.off_base, ofb)), ofb);
        w.flush();
        return;
    }
    if llb + mlb > 22 {
        w.flush();
    }
    w.add_fast(ll | ml << llb, llb + mlb);
    if llb + mlb + ofb > 22 {
        w.flush();
    }
    w.add(u64::from(s.off_base), ofb);
    w.flush();
}

/// Where each field's histogram starts in [`Entropy::seq_count`], by the field's index
/// `k` of [`choose`] (literal lengths, offsets, match lengths); each has 64 entries,
/// indexed by a masked code.
const LL_H: usize = 0;
const OF_H: usize = 64;
const ML_H: usize = 128;

/// Adds `d` to entry `i` of a histogram held as native-endian bytes.
#[inline(always)]
fn bump(h: &mut [[u8; 4]; SEQ_COUNT], i: usize, d: u32) {
    let c = &mut h[i];
    *c = u32::from_ne_bytes(*c).wrapping_add(d).to_ne_bytes();
}

/// Counts one sequence's literal-length, match-length and offset codes in `h`.
#[inline(always)]
fn bump_codes(h: &mut [[u8; 4]; SEQ_COUNT], (l, m, o): (usize, usize, usize)) {
    bump(h, LL_H + l, 1);
    bump(h, ML_H + m, 1);
    bump(h, OF_H + o, 1);
}

/// The code histograms of `seqs` into `h` (see [`LL_H`]), from the stored entries: each
/// is counted by its low 16 bits, then the one sequence with a length of 64 KiB or more
/// is moved to its real codes (its offset code is right), so the loop has no
/// per-sequence test. With room for them, each sequence's literal-length and
/// match-length codes go to `codes` on the way (all of them right when no sequence is
/// that long); returns whether they did.
fn histograms(seqs: &SeqStore<'_>, codes: &mut [[u8; 2]], h: &mut [[u8; 4]; SEQ_COUNT]) -> bool {
    *h = [[0; 4]; SEQ_COUNT];
    // The codes of 16-bit lengths and a 32-bit Offset_Value are at most 34, 51 and 31,
    // within the format's alphabets: the masks only show the compiler the tables' size.
    let low_codes = |s: Sequence| {
        (
            ll_code(s.lit_len) as usize & 63,
            ml_code(s.match_len) as usize & 63,
            of_code(s.off_base) as usize & 63,
        )
    };
    let (entries, long_at) = seqs.entries();
    let kept = codes.len() >= entries.len();
    // At most one count per sequence: no wrap. Two loops rather than one shared closure,
    // whose form moved the encoder's allocation (+0.2% at btrfs:3).
    if kept {
        // Two sequences a step, the second counted in a table of its own (`u16`: a
        // block holds fewer than 2^16 sequences), so that a code the next sequence
        // repeats (most often the literal and match lengths' smallest) does not wait
        // on its counter's store; C counts in four tables for the same reason.
        let mut odd = [0u16; SEQ_COUNT];
        let codes = codes.get_mut(..entries.len()).unwrap_or_default();
        let mut pairs = entries.chunks_exact(2);
        let mut cpairs = codes.chunks_exact_mut(2);
        for (e, c) in (&mut pairs).zip(&mut cpairs) {
            let (l, m, o) = low_codes(decode(&e[0]));
            c[0] = [l as u8, m as u8];
            bump_codes(h, (l, m, o));
            let (l, m, o) = low_codes(decode(&e[1]));
            c[1] = [l as u8, m as u8];
            odd[LL_H + l] = odd[LL_H + l].wrapping_add(1);
            odd[ML_H + m] = odd[ML_H + m].wrapping_add(1);
            odd[OF_H + o] = odd[OF_H + o].wrapping_add(1);
        }
        for (e, c) in pairs.remainder().iter().zip(cpairs.into_remainder()) {
            let (l, m, o) = low_codes(decode(e));
            *c = [l as u8, m as u8];
            bump_codes(h, (l, m, o));
        }
        for (i, &b) in odd.iter().enumerate() {
            bump(h, i, u32::from(b));
        }
    } else {
        for e in entries {
            bump_codes(h, low_codes(decode(e)));
        }
    }
    if let Some(e) = entries.get(long_at) {
        let (l, m, _) = low_codes(decode(e));
        // The long sequence's codes, clamped to the alphabets (a block's lengths are
        // within them).
        let s = seqs.get(long_at);
        let rl = (ll_code(s.lit_len) as usize).min(MAX_LL);
        let rm = (ml_code(s.match_len) as usize).min(MAX_ML);
        bump(h, LL_H + l, u32::MAX);
        bump(h, ML_H + m, u32::MAX);
        bump(h, LL_H + rl, 1);
        bump(h, ML_H + rm, 1);
    }
    kept
}

/// Writes the sequences section for `seqs`; `None` when `dst` is too small (or the
/// section would trip old decoders, see below).
/// Inlined into the code variants of `hot.rs`.
#[inline(always)]
pub(crate) fn write_sequences<L: Fn(u32, u32) -> u32 + Copy>(
    dst: &mut [u8],
    seqs: &SeqStore<'_>,
    ent: &mut Entropy<'_>,
    strategy: Strategy,
    low: L,
) -> Option<usize> {
    let nb = seqs.len();
    let mut pos = if nb < 128 {
        *dst.first_mut()? = nb as u8;
        1
    } else if nb < 0x7F00 {
        dst.get_mut(..2)?
            .copy_from_slice(&[(nb >> 8) as u8 + 0x80, nb as u8]);
        2
    } else {
        let r = (nb - 0x7F00) as u16;
        dst.get_mut(..3)?
            .copy_from_slice(&[0xFF, r as u8, (r >> 8) as u8]);
        3
    };
    if nb == 0 {
        return Some(pos);
    }
    let kept = histograms(seqs, ent.codes, ent.seq_count);
    let modes_at = pos;
    pos += 1;
    if dst.len() <= modes_at {
        return None;
    }
    let mut last_ncount = None;
    let ll = choose(
        dst,
        &mut pos,
        ent,
        strategy,
        0,
        MAX_LL + 1,
        nb,
        (&LL_DEFAULT_NORM, LL_DEFAULT_LOG),
        LL_MAX_LOG,
        &mut last_ncount,
    )?;
    let of = choose(
        dst,
        &mut pos,
        ent,
        strategy,
        1,
        MAX_OF + 1,
        nb,
        (&OF_DEFAULT_NORM, OF_DEFAULT_LOG),
        OF_MAX_LOG,
        &mut last_ncount,
    )?;
    let ml = choose(
        dst,
        &mut pos,
        ent,
        strategy,
        2,
        MAX_ML + 1,
        nb,
        (&ML_DEFAULT_NORM, ML_DEFAULT_LOG),
        ML_MAX_LOG,
        &mut last_ncount,
    )?;
    dst[modes_at] = ll.mode << 6 | of.mode << 4 | ml.mode << 2;

    let enc = ent.ct.encoder();
    let (ll_rle, of_rle, ml_rle) = (ll.mode == RLE, of.mode == RLE, ml.mode == RLE);
    let mut w = BitWriter::new(dst.get_mut(pos..)?);
    let last = seqs.get(nb - 1);
    let (lc, mc, oc) = (
        ll_code(last.lit_len),
        ml_code(last.match_len),
        of_code(last.off_base),
    );
    let mut st_ml = if ml_rle { 0 } else { enc.init_state::<2>(mc) };
    let mut st_of = if of_rle { 0 } else { enc.init_state::<1>(oc) };
    let mut st_ll = if ll_rle { 0 } else { enc.init_state::<0>(lc) };
    write_extras(&mut w, &last, lc, mc, oc, low);
    let (entries, long_at) = seqs.entries();
    if !(ll_rle || of_rle || ml_rle) && long_at == usize::MAX && kept {
        // The common case, without a per-sequence mode or length test, the length codes
        // taken with the histograms. All but the last sequence, which started the
        // states above.
        let rest = entries.split_last().map_or(&[][..], |(_, r)| r);
        for (e, c) in rest.iter().zip(ent.codes.iter()).rev() {
            let s = decode(e);
            let [lc, mc] = *c;
            let oc = of_code(s.off_base);
            enc.encode::<1, _>(&mut w, &mut st_of, oc, low);
            enc.encode::<2, _>(&mut w, &mut st_ml, mc, low);
            enc.encode::<0, _>(&mut w, &mut st_ll, lc, low);
            write_extras(&mut w, &s, lc, mc, oc, low);
        }
    } else {
        // RLE codes, or a sequence with a length of 64 KiB or more (or no code scratch).
        for s in seqs.sequences().rev().skip(1) {
            let (lc, mc, oc) = (
                ll_code(s.lit_len),
                ml_code(s.match_len),
                of_code(s.off_base),
            );
            if !of_rle {
                enc.encode::<1, _>(&mut w, &mut st_of, oc, low);
            }
            if !ml_rle {
                enc.encode::<2, _>(&mut w, &mut st_ml, mc, low);
            }
            if !ll_rle {
                enc.encode::<0, _>(&mut w, &mut st_ll, lc, low);
            }
            write_extras(&mut w, &s, lc, mc, oc, low);
        }
    }
    if !ml_rle {
        enc.flush_state::<2>(&mut w, st_ml);
    }
    if !of_rle {
        enc.flush_state::<1>(&mut w, st_of);
    }
    if !ll_rle {
        enc.flush_state::<0>(&mut w, st_ll);
    }
    w.flush();
    let end = pos + w.finish()?;
    // Decoders up to zstd 1.3.4 misread an FSE table header that ends less than 4 bytes
    // before the end of the block; such blocks are sent raw instead (as C does).
    if let Some(at) = last_ncount {
        if end - at < 4 {
            return None;
        }
    }
    Some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_match_baselines() {
        for ll in 0..(128 << 10) {
            let c = ll_code(ll) as usize;
            let (b, n) = LL_BASE[c];
            assert!(ll >= b && ll - b < 1 << n, "ll {ll}");
        }
        for ml in 3..=(128 << 10) {
            let c = ml_code(ml) as usize;
            let (b, n) = ML_BASE[c];
            assert!(ml >= b && ml - b < 1 << n, "ml {ml}");
        }
        assert_eq!(of_code(1), 0);
        assert_eq!(of_code(4), 2);
    }
    #[test]
    fn histograms_count_the_long_sequence_by_its_real_codes() {
        use crate::workspace::Carver;
        let mut ws = [0u8; SeqStore::workspace_size()];
        let mut c = Carver::new(&mut ws);
        let mut s = SeqStore::new(&mut c).unwrap();
        let lits = [7u8; 70_000];
        assert!(s.push(&lits[..5], 9, 1));
        assert!(s.push(&lits, 70_000, 40));
        assert!(s.push(&lits[..70], 4, 1000));
        // Room for more codes than sequences, as the workspace's buffer has.
        let mut codes = [[0u8; 2]; 8];
        let mut h = [[0u8; 4]; SEQ_COUNT];
        let kept = histograms(&s, &mut codes, &mut h);
        let part =
            |at: usize| -> [u32; 64] { core::array::from_fn(|i| u32::from_ne_bytes(h[at + i])) };
        let (ll, ml, of) = (part(LL_H), part(ML_H), part(OF_H));
        assert!(kept);
        assert_eq!(codes[0], [ll_code(5), ml_code(9)]);
        assert_eq!(codes[2], [ll_code(70), ml_code(4)]);
        let (mut ll2, mut ml2, mut of2) = ([0u32; 64], [0u32; 64], [0u32; 64]);
        for q in s.sequences() {
            ll2[ll_code(q.lit_len) as usize] += 1;
            ml2[ml_code(q.match_len) as usize] += 1;
            of2[of_code(q.off_base) as usize] += 1;
        }
        assert_eq!((ll, ml, of), (ll2, ml2, of2));
        assert_eq!(ll[ll_code(70_000) as usize], 1);
    }
}
