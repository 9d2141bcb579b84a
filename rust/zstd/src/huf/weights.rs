// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Huffman tree description: weights, direct or FSE-compressed (RFC 8878 §4.2.1).

use super::decode::DECODER_MAX_LOG;
use crate::bits::BackwardReader;
use crate::error::Error;
use crate::fse::decode::{build_table, unpack, Entry};
use crate::fse::header::{read_counts, NormalizedCounts};

/// Largest accuracy log of the FSE table that compresses weights.
const WEIGHTS_MAX_LOG: u32 = 6;

/// Workspace scratch for reading a tree description, off the kernel stack (C keeps it
/// in the context's workspace too): the FSE table of compressed weights and the symbols
/// sorted by weight.
pub(crate) struct TreeScratch<'a> {
    pub fse: &'a mut [Entry; 64],
    pub sorted: &'a mut [u8; 256],
}

impl<'a> TreeScratch<'a> {
    /// Workspace bytes [`TreeScratch::carve`] takes.
    pub(crate) const BYTES: usize = 64 * 8 + 256;

    pub(crate) fn carve(c: &mut crate::workspace::Carver<'a>) -> Option<Self> {
        Some(Self {
            fse: c.table::<8>(64)?.try_into().ok()?,
            sorted: c.array::<256>()?,
        })
    }
}

/// Weights of a tree description, with the last (implied) one filled in.
pub(crate) struct Weights {
    pub weights: [u8; 256],
    /// Number of symbols, including the implied last one.
    pub symbols: usize,
    /// Max_Number_of_Bits.
    pub max_bits: u32,
    /// How many symbols have each weight, the implied last one included.
    pub rank: [u32; 16],
}

/// Reads a tree description at the start of `src`; returns the weights and bytes used.
/// `fse` is scratch for the table of compressed weights.
#[inline(always)]
pub(crate) fn read_weights(
    src: &[u8],
    w: &mut Weights,
    fse: &mut [Entry; 64],
) -> Result<usize, Error> {
    let header = usize::from(*src.first().ok_or(Error::srcSize_wrong)?);
    // The weights are counted as they are decoded (weights above 12 as 13: rejected
    // below); `w.weights` is only read up to `w.symbols`, so it is not cleared.
    let mut rank = [0u32; 16];
    let (n, used) = if header >= 128 {
        let n = header - 127;
        let bytes = n.div_ceil(2);
        let data = src.get(1..1 + bytes).ok_or(Error::srcSize_wrong)?;
        for i in 0..n {
            let b = data[i / 2];
            let x = if i % 2 == 0 { b >> 4 } else { b & 15 };
            w.weights[i] = x;
            // At most 128 weights: no wrap.
            rank[usize::from(x)] = rank[usize::from(x)].wrapping_add(1);
        }
        (n, 1 + bytes)
    } else {
        let data = src.get(1..1 + header).ok_or(Error::srcSize_wrong)?;
        (
            decode_fse_weights(data, &mut w.weights, &mut rank, fse)?,
            1 + header,
        )
    };
    if rank[13..].iter().any(|&r| r != 0) {
        return Err(Error::corruption_detected);
    }
    // Sum of 2^(w-1); the last weight completes it to a power of two. At most 255
    // weights of at most 12: no wrap.
    let mut total: u32 = 0;
    // An index loop: LLVM unrolls it (not the iterator form: 5 K loop instructions a
    // tree more).
    #[allow(clippy::needless_range_loop)]
    for x in 1..DECODER_MAX_LOG as usize + 1 {
        total = total.wrapping_add(rank[x] << (x - 1));
    }
    if total == 0 {
        return Err(Error::corruption_detected);
    }
    let max_bits = 32 - total.leading_zeros();
    if max_bits > DECODER_MAX_LOG {
        return Err(Error::corruption_detected);
    }
    let rest = (1u32 << max_bits) - total;
    if !rest.is_power_of_two() {
        return Err(Error::corruption_detected);
    }
    let last = rest.trailing_zeros() + 1;
    if n >= 256 {
        return Err(Error::corruption_detected);
    }
    w.weights[n] = last as u8;
    rank[last as usize] += 1;
    if rank[1] < 2 || rank[1] & 1 != 0 {
        return Err(Error::corruption_detected);
    }
    w.symbols = n + 1;
    w.max_bits = max_bits;
    w.rank = rank;
    Ok(used)
}

/// FSE-compressed weights: a table description, then a backward bitstream read with two
/// interleaved states until it is exhausted (RFC 8878 §4.2.1.2).
#[inline(always)]
fn decode_fse_weights(
    data: &[u8],
    out: &mut [u8; 256],
    rank: &mut [u32; 16],
    table: &mut [Entry; 64],
) -> Result<usize, Error> {
    // Weights are at most 12: a description with symbols from 64 on is corrupt (C's
    // reader takes at most 12), and 64 counts are cleared without `memset` calls.
    let mut counts = NormalizedCounts::<64> {
        counts: [0; 64],
        max_symbol: 0,
        table_log: 0,
        less_than_one: false,
    };
    let used = read_counts(data, 63, WEIGHTS_MAX_LOG, &mut counts)?;
    let log = counts.table_log;
    // Symbols above 12 are no weight: they decode as 13, for `rank` to count.
    let c = &counts.counts[..=counts.max_symbol];
    build_table::<64, _>(c, log, counts.less_than_one, table, |s| {
        (s.min(13) as u32, 0)
    })?;
    // At most 255 symbols are counted: no count wraps.
    let mut count = |x: u32| {
        let r = &mut rank[x as usize & 15];
        *r = r.wrapping_add(1);
    };
    let stream = data.get(used..).ok_or(Error::corruption_detected)?;
    let mut r = BackwardReader::new(stream)?;
    let mut s1 = r.read(log) as usize & 63;
    let mut s2 = r.read(log) as usize & 63;
    // The two initial states must fit the stream (C rejects it otherwise too).
    if !r.refill() {
        return Err(Error::corruption_detected);
    }
    let mut n = 0usize;
    // Eight symbols a refill while the window is 8 bytes or more from the stream's start:
    // there the stream cannot overflow (at most 6 bits a symbol, 48 of the 57 ready), so
    // every check of the loop below would pass; it decodes the rest.
    while r.fast() {
        // Below 254 weights, as the loop below checks.
        let Some(o) = out[..254].get_mut(n..n + 8) else {
            break;
        };
        r.refill_fast();
        for k in 0..4 {
            let d = unpack(&table[s1]);
            o[2 * k] = d.base as u8;
            count(d.base);
            s1 = (d.new_state + r.read(d.nb_bits) as usize) & 63;
            let d = unpack(&table[s2]);
            o[2 * k + 1] = d.base as u8;
            count(d.base);
            s2 = (d.new_state + r.read(d.nb_bits) as usize) & 63;
        }
        n += 8;
    }
    loop {
        // Pairs whose bits the window holds (at most 12 bits a pair): none of their reads
        // can run past the stream, so the refills between them would only move the
        // window; one refill after the batch does it.
        let pairs = ((r.container_bits() / 12) as usize).min(254usize.saturating_sub(n) / 2);
        if pairs > 0 {
            for _ in 0..pairs {
                let Some(o) = out.get_mut(n..n + 2) else {
                    break;
                };
                let d = unpack(&table[s1]);
                o[0] = d.base as u8;
                count(d.base);
                s1 = (d.new_state + r.read(d.nb_bits) as usize) & 63;
                let d = unpack(&table[s2]);
                o[1] = d.base as u8;
                count(d.base);
                s2 = (d.new_state + r.read(d.nb_bits) as usize) & 63;
                n += 2;
            }
            if !r.refill() {
                let x = unpack(&table[s1]).base;
                out[n] = x as u8;
                count(x);
                n += 1;
                break;
            }
        }
        if n > 253 {
            return Err(Error::corruption_detected);
        }
        let d = unpack(&table[s1]);
        out[n] = d.base as u8;
        count(d.base);
        n += 1;
        s1 = (d.new_state + r.read(d.nb_bits) as usize) & 63;
        if !r.refill() {
            let x = unpack(&table[s2]).base;
            out[n] = x as u8;
            count(x);
            n += 1;
            break;
        }
        if n > 253 {
            return Err(Error::corruption_detected);
        }
        let d = unpack(&table[s2]);
        out[n] = d.base as u8;
        count(d.base);
        n += 1;
        s2 = (d.new_state + r.read(d.nb_bits) as usize) & 63;
        if !r.refill() {
            let x = unpack(&table[s1]).base;
            out[n] = x as u8;
            count(x);
            n += 1;
            break;
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Weights before any table is read.
    fn empty() -> Weights {
        Weights {
            weights: [0; 256],
            symbols: 0,
            max_bits: 0,
            rank: [0; 16],
        }
    }

    #[test]
    fn rfc_example_direct_weights() {
        // RFC 8878 §4.2.1: literals 0..4 with weights 4,3,2,0,1 -> last (5) gets 1.
        let src = [128 + 5 - 1, 0x43, 0x20, 0x10];
        let mut w = empty();
        assert_eq!(read_weights(&src, &mut w, &mut [[0; 8]; 64]).unwrap(), 4);
        assert_eq!(&w.weights[..6], &[4, 3, 2, 0, 1, 1]);
        assert_eq!(w.max_bits, 4);
        assert_eq!(w.symbols, 6);
    }

    #[test]
    fn weights_above_12_are_corruption() {
        // Direct weights 13 and 1: only the rank count sees the 13 (the total sums
        // weights 1 to 12), so it must reject it.
        let src = [128 + 2 - 1, 0xd1];
        let mut w = empty();
        assert_eq!(
            read_weights(&src, &mut w, &mut [[0; 8]; 64]),
            Err(Error::corruption_detected)
        );
    }

    #[test]
    fn initial_states_past_the_stream_are_corruption() {
        // Found by the decode_diff fuzz target: a 2-byte stream holds 9 bits, too few
        // for two 5-bit initial states; C 1.5.7 rejects it.
        let src = [0x04, 0x20, 0xff, 0x1f, 0x02];
        let mut w = empty();
        assert_eq!(
            read_weights(&src, &mut w, &mut [[0; 8]; 64]),
            Err(Error::corruption_detected)
        );
    }
}
