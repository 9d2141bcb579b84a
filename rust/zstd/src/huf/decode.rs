// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Huffman decoding of literal streams (RFC 8878 §4.2.2).
//!
//! The table is indexed by the next Max_Number_of_Bits bits of the stream: a code of `n`
//! bits has `2^(Max_Number_of_Bits - n)` cells; each cell is `[code length, symbol]`. Its
//! array holds `2^12` cells (the largest log), of which only `2^Max_Number_of_Bits` are
//! filled: small trees (most of those of 4 KiB blocks) cost a small fill (the baseline
//! decoder and large literal sections fill at least `2^11`, see [`build_table`]). Codes of
//! weight 1 (the longest) take the lowest cells, symbols of equal weight in increasing
//! order, as the canonical code requires.

use super::weights::Weights;
use crate::bits::{load_le32, BackwardReader};
use crate::error::Error;
use crate::tables::HUF_MAX_LOG;

/// Largest Max_Number_of_Bits the decoder accepts. RFC 8878 §4.2.1 caps encoders at 11;
/// C's decoder accepts 12 (`HUF_TABLELOG_MAX`), and real dictionaries use it (upstream's
/// golden `http-dict-missing-symbols`), so we do too.
pub(crate) const DECODER_MAX_LOG: u32 = 12;

/// Cells in a decoding table of the largest accepted log.
pub(crate) const TABLE_CELLS: usize = 1 << DECODER_MAX_LOG;

/// A decoding table: `[nb_bits, symbol]` per cell (read as one little-endian `u16`: the
/// code length is its low byte, so the value shifts the window as it is).
pub(crate) type HufTable = [[u8; 2]; TABLE_CELLS];

/// Fills `table` from `w`; returns its log: Max_Number_of_Bits, or `min_log` (at most
/// [`HUF_MAX_LOG`]) for a smaller tree, whose codes then index `min_log` bits (each cell
/// repeated, as C's decoder rescales its tables to 11 bits): the baseline decoder reads
/// 11-bit tables with a constant shift, where another log takes its shifts through `cl`.
///
/// The symbols are first sorted by weight (a counting sort on `w.rank`), so each weight's
/// cells are filled by a loop whose run length (a power of two) is fixed: the run-length
/// dispatch costs once per weight, not once per symbol.
#[inline(always)]
pub(crate) fn build_table(
    w: &Weights,
    table: &mut HufTable,
    min_log: u32,
    sorted: &mut [u8; 256],
) -> u32 {
    let max_bits = w.max_bits.min(DECODER_MAX_LOG);
    let least = min_log.min(HUF_MAX_LOG);
    let log = if (1..least).contains(&max_bits) {
        least
    } else {
        max_bits
    };
    // Each code's cells double this many times (at most 10).
    let scale = (log - max_bits) as usize;
    // Where each weight's symbols start in `sorted`: weights 1, 2, ... first, weight 0
    // (absent symbols) last.
    let mut next = [0usize; 16];
    let mut k = 0usize;
    #[allow(clippy::needless_range_loop)]
    for weight in 1..16 {
        next[weight] = k;
        // At most 256 symbols in all: no wrap.
        k = k.wrapping_add(w.rank[weight] as usize);
    }
    next[0] = k;
    for (s, &x) in w.weights[..w.symbols].iter().enumerate() {
        let p = &mut next[usize::from(x) & 15];
        sorted[*p & 255] = s as u8;
        // Below the symbol count (at most 256) when the ranks count the weights.
        *p = p.wrapping_add(1);
    }
    let mut at = 0usize;
    let mut k = 0usize;
    for weight in 1..=max_bits as usize {
        let n = w.rank[weight] as usize;
        let Some(syms) = sorted.get(k..k + n) else {
            break;
        };
        k += n;
        let run = weight - 1 + scale;
        let Some(cells) = table.get_mut(at..at + (n << run)) else {
            break;
        };
        at += n << run;
        let nb = u64::from(max_bits + 1 - weight as u32);
        // A cell, then the same cell four times (one 8-byte store).
        let four = |s: u8| {
            let b = ((u64::from(s) << 8 | nb) * 0x0001_0001_0001_0001).to_le_bytes();
            [[b[0], b[1]], [b[2], b[3]], [b[4], b[5]], [b[6], b[7]]]
        };
        match run {
            0 => {
                for (c, &s) in cells.iter_mut().zip(syms) {
                    *c = [nb as u8, s];
                }
            }
            1 => {
                for (c, &s) in cells.chunks_exact_mut(2).zip(syms) {
                    c.copy_from_slice(&four(s)[..2]);
                }
            }
            2 => {
                for (c, &s) in cells.chunks_exact_mut(4).zip(syms) {
                    c.copy_from_slice(&four(s));
                }
            }
            3 => {
                for (c, &s) in cells.chunks_exact_mut(8).zip(syms) {
                    let f = four(s);
                    c[..4].copy_from_slice(&f);
                    c[4..].copy_from_slice(&f);
                }
            }
            _ => {
                // Runs of 16 cells or more: four 8-byte stores a step.
                let len = 1usize << run;
                for (i, &s) in syms.iter().enumerate() {
                    let f = four(s);
                    let Some(c) = cells.get_mut(i << run..(i << run) + len) else {
                        break;
                    };
                    for c in c.chunks_exact_mut(16) {
                        for q in c.chunks_exact_mut(4) {
                            q.copy_from_slice(&f);
                        }
                    }
                }
            }
        }
    }
    log
}

#[inline(always)]
fn decode_one(r: &mut BackwardReader<'_>, table: &HufTable, log: u32) -> u8 {
    let cell = table[r.peek_nz(log) as usize & (TABLE_CELLS - 1)];
    r.skip(u32::from(cell[0]));
    cell[1]
}

/// Decodes `out.len()` symbols from the stream `src`, which must be used exactly.
#[inline(always)]
pub(crate) fn decode_stream(
    table: &HufTable,
    log: u32,
    src: &[u8],
    out: &mut [u8],
) -> Result<(), Error> {
    let mut r = BackwardReader::new(src)?;
    let mut chunks = out.chunks_exact_mut(4);
    for c in &mut chunks {
        if !r.fast() {
            finish(&mut r, table, log, c)?;
            continue;
        }
        r.refill_fast();
        c[0] = decode_one(&mut r, table, log);
        c[1] = decode_one(&mut r, table, log);
        c[2] = decode_one(&mut r, table, log);
        c[3] = decode_one(&mut r, table, log);
    }
    finish(&mut r, table, log, chunks.into_remainder())?;
    if !r.finished() {
        return Err(Error::corruption_detected);
    }
    Ok(())
}

/// Decodes the symbols of a stream's end, four a refill. Inlined, so it is compiled with
/// its caller's target features (the BMI2 runner's variable shifts). A refill leaves at
/// least 57 bits in the window, or all the stream still holds: four codes of at most 12
/// bits of a valid stream fit either. An invalid stream may read past its bits (garbage
/// symbols, no panic): it then has consumed more than the window held, which the next
/// refill or the caller's `finished` rejects.
#[inline(always)]
fn finish(
    r: &mut BackwardReader<'_>,
    table: &HufTable,
    log: u32,
    out: &mut [u8],
) -> Result<(), Error> {
    let mut fours = out.chunks_exact_mut(4);
    for c in &mut fours {
        if !r.refill() {
            return Err(Error::corruption_detected);
        }
        c[0] = decode_one(r, table, log);
        c[1] = decode_one(r, table, log);
        c[2] = decode_one(r, table, log);
        c[3] = decode_one(r, table, log);
    }
    let rest = fours.into_remainder();
    if !rest.is_empty() {
        if !r.refill() {
            return Err(Error::corruption_detected);
        }
        for o in rest {
            *o = decode_one(r, table, log);
        }
    }
    Ok(())
}

/// Decodes four streams described by the 6-byte jump table at the start of `src`.
#[inline(always)]
pub(crate) fn decode_4_streams(
    table: &HufTable,
    log: u32,
    src: &[u8],
    out: &mut [u8],
) -> Result<(), Error> {
    let jump = src.get(..6).ok_or(Error::corruption_detected)?;
    let s1 = usize::from(u16::from_le_bytes([jump[0], jump[1]]));
    let s2 = usize::from(u16::from_le_bytes([jump[2], jump[3]]));
    let s3 = usize::from(u16::from_le_bytes([jump[4], jump[5]]));
    let body = &src[6..];
    if s1 + s2 + s3 > body.len() {
        return Err(Error::corruption_detected);
    }
    let (b1, rest) = body.split_at(s1);
    let (b2, rest) = rest.split_at(s2);
    let (b3, b4) = rest.split_at(s3);
    let seg = out.len().div_ceil(4);
    if 3 * seg > out.len() {
        return Err(Error::corruption_detected);
    }
    let (o1, rest) = out.split_at_mut(seg);
    let (o2, rest) = rest.split_at_mut(seg);
    let (o3, o4) = rest.split_at_mut(seg);
    let mut r1 = BackwardReader::new(b1)?;
    let mut r2 = BackwardReader::new(b2)?;
    let mut r3 = BackwardReader::new(b3)?;
    let mut r4 = BackwardReader::new(b4)?;
    let readers = [&mut r1, &mut r2, &mut r3, &mut r4];
    // The streams tile `body`, one after the other: where each starts there.
    let starts = [0, s1, s1 + s2, s1 + s2 + s3];
    let outs = [&mut *o1, &mut *o2, &mut *o3, &mut *o4];
    // Five symbols per refill when codes are at most 11 bits (5 x 11 <= 57), else four.
    let done = if log == HUF_MAX_LOG {
        // A constant shift (see `build_table`).
        fast_4::<5, 7>(table, HUF_MAX_LOG, readers, body, starts, outs)
    } else if log < HUF_MAX_LOG {
        fast_4::<5, 7>(table, log, readers, body, starts, outs)
    } else {
        fast_4::<4, 6>(table, log, readers, body, starts, outs)
    };
    for (r, o) in [
        (&mut r1, &mut o1[done..]),
        (&mut r2, &mut o2[done..]),
        (&mut r3, &mut o3[done..]),
        (&mut r4, &mut o4[done..]),
    ] {
        finish(r, table, log, o)?;
        if !r.finished() {
            return Err(Error::corruption_detected);
        }
    }
    Ok(())
}

/// The interleaved main loop of [`decode_4_streams`]: `N` symbols per stream per
/// refill (`N` codes must fit the 57 bits a refill guarantees), while every stream has
/// at least 8 bytes before its window. `STEP` is the most bytes a window moves down
/// per refill (`N` codes plus 7 bits left over). Only positions and bit counts live
/// across iterations; each window is reloaded at the top, from `body`, which holds the
/// four streams one after the other (stream `k` from `starts[k]`): positions there share
/// one slice and one bound, where the streams' own took eight values. Returns how many
/// symbols per stream it wrote.
#[inline(always)]
fn fast_4<const N: usize, const STEP: usize>(
    table: &HufTable,
    log: u32,
    r: [&mut BackwardReader<'_>; 4],
    body: &[u8],
    starts: [usize; 4],
    out: [&mut [u8]; 4],
) -> usize {
    let [r1, r2, r3, r4] = r;
    let [o1, o2, o3, o4] = out;
    let [t1, t2, t3, t4] = starts;
    // Positions in `body` (a stream's position plus its start: within `body`, no wrap).
    let (mut c1, mut p1) = r1.state();
    let (mut c2, mut p2) = r2.state();
    let (mut c3, mut p3) = r3.state();
    let (mut c4, mut p4) = r4.state();
    (p1, p2, p3, p4) = (
        p1.wrapping_add(t1),
        p2.wrapping_add(t2),
        p3.wrapping_add(t3),
        p4.wrapping_add(t4),
    );
    let chunks = o4.len().min(o1.len()) / N;
    // A code is read from the top `log` bits of a window.
    let shift = 64u32.wrapping_sub(log) & 63;
    let mut done = 0usize;
    loop {
        // Iterations every stream can take with its window >= 8 bytes in.
        let room = |p: usize| {
            if p >= 8 {
                (p - 8) / STEP + 1
            } else {
                0
            }
        };
        let m = room(p1.wrapping_sub(t1))
            .min(room(p2.wrapping_sub(t2)))
            .min(room(p3.wrapping_sub(t3)))
            .min(room(p4.wrapping_sub(t4)))
            .min(chunks - done);
        if m == 0 {
            break;
        }
        let (a1, a2, a3, a4) = (
            &mut o1[N * done..N * (done + m)],
            &mut o2[N * done..N * (done + m)],
            &mut o3[N * done..N * (done + m)],
            &mut o4[N * done..N * (done + m)],
        );
        let it = a1
            .chunks_exact_mut(N)
            .zip(a2.chunks_exact_mut(N))
            .zip(a3.chunks_exact_mut(N))
            .zip(a4.chunks_exact_mut(N));
        for (((d1, d2), d3), d4) in it {
            p1 = p1.wrapping_sub((c1 >> 3) as usize);
            p2 = p2.wrapping_sub((c2 >> 3) as usize);
            p3 = p3.wrapping_sub((c3 >> 3) as usize);
            p4 = p4.wrapping_sub((c4 >> 3) as usize);
            c1 &= 7;
            c2 &= 7;
            c3 &= 7;
            c4 &= 7;
            // Each window gets a set lowest bit, never read (at most 62 of its bits
            // are), and is shifted left as codes are consumed: the set bit's position
            // then counts the bits consumed.
            let mut w1 = (load_le32(body, p1) | 1) << c1;
            let mut w2 = (load_le32(body, p2) | 1) << c2;
            let mut w3 = (load_le32(body, p3) | 1) << c3;
            let mut w4 = (load_le32(body, p4) | 1) << c4;
            let (Ok(d1), Ok(d2), Ok(d3), Ok(d4)) = (
                <&mut [u8; N]>::try_from(d1),
                <&mut [u8; N]>::try_from(d2),
                <&mut [u8; N]>::try_from(d3),
                <&mut [u8; N]>::try_from(d4),
            ) else {
                break;
            };
            // Unrolled by hand: LLVM leaves a loop of the variable-shift body.
            macro_rules! row {
                ($k:expr) => {
                    d1[$k] = step(table, shift, &mut w1);
                    d2[$k] = step(table, shift, &mut w2);
                    d3[$k] = step(table, shift, &mut w3);
                    d4[$k] = step(table, shift, &mut w4);
                };
            }
            row!(0);
            row!(1);
            row!(2);
            row!(3);
            if N > 4 {
                row!(N - 1);
            }
            c1 = w1.trailing_zeros();
            c2 = w2.trailing_zeros();
            c3 = w3.trailing_zeros();
            c4 = w4.trailing_zeros();
        }
        done += m;
    }
    if done > 0 {
        r1.set_state(c1, p1.wrapping_sub(t1));
        r2.set_state(c2, p2.wrapping_sub(t2));
        r3.set_state(c3, p3.wrapping_sub(t3));
        r4.set_state(c4, p4.wrapping_sub(t4));
    }
    N * done
}

/// Decodes one symbol from the top of `w` and shifts its code out.
#[inline(always)]
fn step(table: &HufTable, shift: u32, w: &mut u64) -> u8 {
    // One load: the cell shifts the window as it is (a shift takes its count's low six
    // bits, the code length).
    let cell = u16::from_le_bytes(table[(*w >> shift) as usize & (TABLE_CELLS - 1)]);
    *w <<= cell & 63;
    (cell >> 8) as u8
}
