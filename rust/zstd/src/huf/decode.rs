//! Huffman decoding of literal streams (RFC 8878 §4.2.2).
//!
//! The table has `2^12` cells indexed by the next 12 bits of the stream, whatever the
//! tree's Max_Number_of_Bits (each code's cells are replicated), so the index is a
//! constant shift; each cell is `[symbol, code length]`. Codes of weight 1 (the longest)
//! take the lowest cells, symbols of equal weight in increasing order, as the canonical
//! code requires.

use super::weights::Weights;
use crate::bits::BackwardReader;
use crate::error::Error;

/// Largest Max_Number_of_Bits the decoder accepts. RFC 8878 §4.2.1 caps encoders at 11;
/// C's decoder accepts 12 (`HUF_TABLELOG_MAX`), and real dictionaries use it (upstream's
/// golden `http-dict-missing-symbols`), so we do too.
pub const DECODER_MAX_LOG: u32 = 12;

/// Cells in a decoding table of the largest accepted log.
pub const TABLE_CELLS: usize = 1 << DECODER_MAX_LOG;

/// A decoding table: `[symbol, nb_bits]` per cell.
pub type HufTable = [[u8; 2]; TABLE_CELLS];

/// Fills `table` from `w`; returns Max_Number_of_Bits.
pub fn build_table(w: &Weights, table: &mut HufTable) -> u32 {
    let max_bits = w.max_bits.min(DECODER_MAX_LOG);
    let scale = DECODER_MAX_LOG - max_bits;
    let mut start = [0usize; 14];
    let mut count = [0usize; 14];
    for &x in &w.weights[..w.symbols] {
        count[usize::from(x).min(13)] += 1;
    }
    let mut next = 0usize;
    for weight in 1..=max_bits as usize {
        start[weight] = next;
        next += count[weight] << (weight - 1 + scale as usize);
    }
    for (s, &x) in w.weights[..w.symbols].iter().enumerate() {
        if x == 0 {
            continue;
        }
        let x = usize::from(x);
        let len = 1usize << (x - 1 + scale as usize);
        let cell = [s as u8, (max_bits + 1 - x as u32) as u8];
        let at = start[x];
        if let Some(cells) = table.get_mut(at..at + len) {
            cells.fill(cell);
        }
        start[x] = at + len;
    }
    max_bits
}

#[inline(always)]
fn decode_one(r: &mut BackwardReader, table: &HufTable, _log: u32) -> u8 {
    let cell = table[r.peek_nz(DECODER_MAX_LOG) as usize & (TABLE_CELLS - 1)];
    r.skip(u32::from(cell[1]));
    cell[0]
}

/// Decodes `out.len()` symbols from the stream `src`, which must be used exactly.
pub fn decode_stream(table: &HufTable, log: u32, src: &[u8], out: &mut [u8]) -> Result<(), Error> {
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

fn finish(r: &mut BackwardReader, table: &HufTable, log: u32, out: &mut [u8]) -> Result<(), Error> {
    for o in out {
        if !r.refill() {
            return Err(Error::corruption_detected);
        }
        *o = decode_one(r, table, log);
    }
    Ok(())
}

/// Decodes four streams described by the 6-byte jump table at the start of `src`.
pub fn decode_4_streams(
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
    // Interleaved main loop: four symbols per stream per refill (4 x 12 <= 57 bits).
    let mut done = 0usize;
    {
        let it = o1
            .chunks_exact_mut(4)
            .zip(o2.chunks_exact_mut(4))
            .zip(o3.chunks_exact_mut(4))
            .zip(o4.chunks_exact_mut(4));
        for (((c1, c2), c3), c4) in it {
            if !(r1.fast() && r2.fast() && r3.fast() && r4.fast()) {
                break;
            }
            r1.refill_fast();
            r2.refill_fast();
            r3.refill_fast();
            r4.refill_fast();
            for k in 0..4 {
                c1[k] = decode_one(&mut r1, table, log);
                c2[k] = decode_one(&mut r2, table, log);
                c3[k] = decode_one(&mut r3, table, log);
                c4[k] = decode_one(&mut r4, table, log);
            }
            done += 4;
        }
    }
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
