// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Reading a zstd dictionary (RFC 8878 §5): magic, ID, entropy tables (Huffman tree,
//! FSE tables for offsets, match lengths and literal lengths), repeat offsets and
//! content. Anything else is raw content.

use super::entropy::{Entropy, SEQ_SYMBOLS};
use crate::error::Error;
use crate::fse::normalize::highbit;
use crate::huf::encode::HUF_TABLELOG_MAX;
use crate::tables::{DICT_MAGIC, LL_MAX_LOG, MAX_LL, MAX_ML, MAX_OF, ML_MAX_LOG, OF_MAX_LOG};

/// A dictionary split into its parts.
pub struct Parsed<'d> {
    pub id: u32,
    pub content: &'d [u8],
    pub rep: [u32; 3],
    /// Offset of the entropy tables (`None` for raw content).
    pub tables: Option<&'d [u8]>,
}

/// Splits `dict`: a zstd dictionary when it starts with the magic number, raw content
/// otherwise. Dictionaries shorter than 8 bytes are ignored (empty content), as in C.
pub fn parse(dict: &[u8]) -> Parsed<'_> {
    let raw = Parsed {
        id: 0,
        content: if dict.len() < 8 { &[] } else { dict },
        rep: crate::tables::REP_START,
        tables: None,
    };
    if dict.len() < 8 || u32::from_le_bytes([dict[0], dict[1], dict[2], dict[3]]) != DICT_MAGIC {
        return raw;
    }
    Parsed {
        id: u32::from_le_bytes([dict[4], dict[5], dict[6], dict[7]]),
        content: &[],
        rep: [0; 3],
        tables: Some(&dict[8..]),
    }
}

/// Backward bit reader over a complete FSE bitstream (RFC §4.1).
struct BackBits<'s> {
    src: &'s [u8],
    /// Bits not consumed yet (may go negative: overflow).
    pos: i64,
}

impl<'s> BackBits<'s> {
    fn new(src: &'s [u8]) -> Result<Self, Error> {
        let last = *src.last().ok_or(Error::dictionary_corrupted)?;
        if last == 0 {
            return Err(Error::dictionary_corrupted);
        }
        Ok(Self {
            src,
            pos: src.len() as i64 * 8 - 8 + i64::from(highbit(u32::from(last))),
        })
    }

    fn read(&mut self, n: u32) -> u32 {
        let mut v = 0u32;
        for _ in 0..n {
            self.pos -= 1;
            let bit = if self.pos >= 0 {
                (self.src[(self.pos >> 3) as usize] >> (self.pos & 7)) & 1
            } else {
                0
            };
            v = v << 1 | u32::from(bit);
        }
        v
    }
}

/// Reads a Normalized Counts header (RFC §4.1.1); returns (log, symbols, bytes read).
pub fn read_ncount(
    src: &[u8],
    norm: &mut [i16; SEQ_SYMBOLS],
    max_symbol: usize,
    max_log: u32,
) -> Result<(u32, usize, usize), Error> {
    let bad = Error::dictionary_corrupted;
    let mut bitpos = 0usize;
    let read = |n: u32, consume: bool, bitpos: &mut usize| -> u32 {
        let mut v = 0u32;
        for k in 0..n as usize {
            let p = *bitpos + k;
            let bit = src.get(p >> 3).map_or(0, |b| (b >> (p & 7)) & 1);
            v |= u32::from(bit) << k;
        }
        if consume {
            *bitpos += n as usize;
        }
        v
    };
    let log = read(4, true, &mut bitpos) + 5;
    if log > max_log {
        return Err(bad);
    }
    let mut remaining = (1i32 << log) + 1;
    let mut threshold = 1i32 << log;
    let mut bits = log + 1;
    let mut s = 0usize;
    let mut prev0 = false;
    norm.fill(0);
    while remaining > 1 {
        if prev0 {
            loop {
                let r = read(2, true, &mut bitpos) as usize;
                s += r;
                if r != 3 {
                    break;
                }
            }
        }
        if s > max_symbol || bitpos > src.len() * 8 {
            return Err(bad);
        }
        let max = 2 * threshold - 1 - remaining;
        let low = read(bits - 1, false, &mut bitpos) as i32;
        let v = if low < max {
            bitpos += bits as usize - 1;
            low
        } else {
            let v = read(bits, true, &mut bitpos) as i32;
            if v >= threshold {
                v - max
            } else {
                v
            }
        };
        let p = v - 1;
        remaining -= p.abs();
        norm[s] = p as i16;
        s += 1;
        prev0 = p == 0;
        while remaining < threshold && threshold > 1 {
            bits -= 1;
            threshold >>= 1;
        }
    }
    if remaining != 1 || bitpos > src.len() * 8 {
        return Err(bad);
    }
    Ok((log, s, bitpos.div_ceil(8)))
}

/// Reads a Huffman tree description (RFC §4.2.1) into code lengths; returns bytes read.
pub fn read_huf_lengths(src: &[u8], lens: &mut [u8; 256]) -> Result<usize, Error> {
    let bad = Error::dictionary_corrupted;
    let h = *src.first().ok_or(bad)? as usize;
    let mut w = [0u8; 256];
    let (nw, used) = if h >= 128 {
        let nw = h - 127;
        let bytes = src.get(1..1 + nw.div_ceil(2)).ok_or(bad)?;
        for i in 0..nw {
            let b = bytes[i / 2];
            w[i] = if i % 2 == 0 { b >> 4 } else { b & 15 };
        }
        (nw, 1 + nw.div_ceil(2))
    } else {
        let body = src.get(1..1 + h).ok_or(bad)?;
        let mut norm = [0i16; SEQ_SYMBOLS];
        let (log, nsym, hn) = read_ncount(body, &mut norm, HUF_TABLELOG_MAX as usize, 6)?;
        // Decoding table: symbol, bits, baseline per state.
        let size = 1usize << log;
        let mut spread = [0u8; 64];
        let mut high = size - 1;
        for (s, &p) in norm[..nsym].iter().enumerate() {
            if p == -1 {
                *spread.get_mut(high).ok_or(bad)? = s as u8;
                high = high.wrapping_sub(1);
            }
        }
        let step = (size >> 1) + (size >> 3) + 3;
        let mut pos = 0;
        for (s, &p) in norm[..nsym].iter().enumerate() {
            for _ in 0..p.max(0) {
                spread[pos] = s as u8;
                pos = (pos + step) & (size - 1);
                while pos > high {
                    pos = (pos + step) & (size - 1);
                }
            }
        }
        let mut next = [0u32; 16];
        for (s, &p) in norm[..nsym].iter().enumerate() {
            next[s] = if p == -1 { 1 } else { p.max(0) as u32 };
        }
        let mut table = [(0u8, 0u8, 0u8); 64];
        for u in 0..size {
            let s = spread[u] as usize;
            let x = next[s];
            next[s] += 1;
            let nb = log - highbit(x);
            table[u] = (s as u8, nb as u8, ((x << nb) - size as u32) as u8);
        }
        let mut r = BackBits::new(body.get(hn..).ok_or(bad)?)?;
        let mut s1 = r.read(log) as usize;
        let mut s2 = r.read(log) as usize;
        let mut n = 0usize;
        loop {
            let (sym, nb, base) = table[s1 & 63];
            *w.get_mut(n).ok_or(bad)? = sym;
            n += 1;
            s1 = (u32::from(base) + r.read(u32::from(nb))) as usize;
            if r.pos < 0 {
                *w.get_mut(n).ok_or(bad)? = table[s2 & 63].0;
                n += 1;
                break;
            }
            let (sym, nb, base) = table[s2 & 63];
            *w.get_mut(n).ok_or(bad)? = sym;
            n += 1;
            s2 = (u32::from(base) + r.read(u32::from(nb))) as usize;
            if r.pos < 0 {
                *w.get_mut(n).ok_or(bad)? = table[s1 & 63].0;
                n += 1;
                break;
            }
        }
        (n, 1 + h)
    };
    if nw >= 256 {
        return Err(bad);
    }
    let mut total = 0u32;
    for &x in &w[..nw] {
        if x > HUF_TABLELOG_MAX as u8 {
            return Err(bad);
        }
        if x > 0 {
            total += 1 << (x - 1);
        }
    }
    if total == 0 {
        return Err(bad);
    }
    let max_bits = highbit(total) + 1;
    let rest = (1u32 << max_bits) - total;
    if !rest.is_power_of_two() || max_bits > HUF_TABLELOG_MAX {
        return Err(bad);
    }
    w[nw] = (highbit(rest) + 1) as u8;
    lens.fill(0);
    for s in 0..=nw {
        if w[s] > 0 {
            lens[s] = (max_bits + 1 - u32::from(w[s])) as u8;
        }
    }
    Ok(used)
}

/// Loads a zstd dictionary's entropy tables into `ent` (as the decoder's state at the
/// start of a frame) and completes `p` with repeat offsets and content.
pub fn load_tables<'d>(p: &mut Parsed<'d>, ent: &mut Entropy<'_>) -> Result<(), Error> {
    let bad = Error::dictionary_corrupted;
    let Some(t) = p.tables else {
        ent.reset();
        return Ok(());
    };
    ent.reset();
    let mut lens = [0u8; 256];
    let mut pos = read_huf_lengths(t, &mut lens)?;
    if !ent.huf_prev.set_lengths(&lens) {
        return Err(bad);
    }
    ent.huf_valid = true;
    let mut norm = [0i16; SEQ_SYMBOLS];
    for (k, max_sym, max_log) in [
        (1usize, MAX_OF, OF_MAX_LOG),
        (2, MAX_ML, ML_MAX_LOG),
        (0, MAX_LL, LL_MAX_LOG),
    ] {
        let (log, n, used) = read_ncount(t.get(pos..).ok_or(bad)?, &mut norm, max_sym, max_log)?;
        ent.prev[k].set(&norm[..n], log);
        pos += used;
    }
    let reps = t.get(pos..pos + 12).ok_or(bad)?;
    let content = &t[pos + 12..];
    for i in 0..3 {
        let r = u32::from_le_bytes([
            reps[4 * i],
            reps[4 * i + 1],
            reps[4 * i + 2],
            reps[4 * i + 3],
        ]);
        if r == 0 || r as usize > content.len() {
            return Err(bad);
        }
        p.rep[i] = r;
    }
    p.content = content;
    Ok(())
}
