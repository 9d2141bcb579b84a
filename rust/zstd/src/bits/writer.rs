// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Forward bit writer for FSE and Huffman streams (RFC 8878 §4.1).
//!
//! Bits are packed little-endian, lowest bit first; the stream ends with a single `1`
//! marker bit after the last value, so a reader starting at the last byte can find the
//! start. A writer that runs out of room remembers it and [`BitWriter::finish`] reports
//! `None`: callers then fall back to a raw representation.

/// `(1 << n) - 1` for `n` in 0..64: a load instead of a variable shift.
const MASK: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = (1u64 << i) - 1;
        i += 1;
    }
    t
};

/// The low `n` (0..64) bits of `v`, by a mask from a table: the baseline form of the
/// `low` parameters of the sequence encoder, whose BMI2 form is a bare `bzhi`.
#[inline(always)]
pub(crate) fn low_bits(v: u64, n: u32) -> u64 {
    v & MASK[(n & 63) as usize]
}

/// [`low_bits`] of a 32-bit value (`n` at most 31).
#[inline(always)]
pub(crate) fn low_bits32(v: u32, n: u32) -> u32 {
    low_bits(u64::from(v), n) as u32
}

/// Accumulates bits into a 64-bit register and spills whole bytes into `dst`.
pub(crate) struct BitWriter<'a> {
    dst: &'a mut [u8],
    pos: usize,
    acc: u64,
    nbits: u32,
    overflow: bool,
}

impl<'a> BitWriter<'a> {
    /// Starts writing at the beginning of `dst`.
    pub(crate) fn new(dst: &'a mut [u8]) -> Self {
        Self {
            dst,
            pos: 0,
            acc: 0,
            nbits: 0,
            overflow: false,
        }
    }

    /// Adds the low `n` bits of `v`. The caller keeps at most 64 bits pending between
    /// [`flush`](Self::flush) calls (`n <= 32`).
    #[inline(always)]
    pub(crate) fn add(&mut self, v: u64, n: u32) {
        let masked = low_bits(v, n);
        // `nbits < 64` by the caller's contract: the shift needs no check.
        self.acc |= masked.wrapping_shl(self.nbits);
        // Both below 64 by the caller's contract: no wrap.
        self.nbits = self.nbits.wrapping_add(n);
    }

    /// Adds `n` bits of `v` whose bits above `n` are known to be zero.
    #[inline(always)]
    pub(crate) fn add_fast(&mut self, v: u64, n: u32) {
        self.acc |= v.wrapping_shl(self.nbits);
        self.nbits = self.nbits.wrapping_add(n);
    }

    /// Moves every complete pending byte into the destination.
    #[inline(always)]
    pub(crate) fn flush(&mut self) {
        let nbytes = (self.nbits >> 3) as usize;
        // `pos <= dst.len()`: the end cannot wrap.
        if let Some(d) = self
            .dst
            .get_mut(self.pos..self.pos.wrapping_add(8))
            .and_then(|d| d.first_chunk_mut::<8>())
        {
            *d = self.acc.to_le_bytes();
            self.pos = self.pos.wrapping_add(nbytes);
        } else {
            let (pos, overflow) = flush_slow(self.dst, self.pos, self.acc, nbytes);
            self.pos = pos;
            self.overflow |= overflow;
        }
        // nbytes <= 8 because at most 64 bits are pending; 8 empties the accumulator,
        // fewer leave a shift in range.
        self.acc = if nbytes == 8 {
            0
        } else {
            // `nbytes < 8` here: the shift is below 64.
            self.acc.wrapping_shr((nbytes * 8) as u32)
        };
        self.nbits &= 7;
    }

    /// Writes the end marker and the last partial byte; returns the stream size, or
    /// `None` when `dst` was too small.
    pub(crate) fn finish(mut self) -> Option<usize> {
        self.add(1, 1);
        self.flush();
        if self.nbits > 0 {
            match self.dst.get_mut(self.pos) {
                Some(d) => {
                    *d = self.acc as u8;
                    self.pos += 1;
                }
                None => self.overflow = true,
            }
        }
        if self.overflow {
            None
        } else {
            Some(self.pos)
        }
    }
}

/// Writes the low `nbytes` bytes of `acc` at `dst[pos..]` byte by byte (near the end of
/// `dst`); returns the new position and whether some did not fit. Takes the writer's
/// fields by value so that the writer itself can stay in registers.
#[cold]
#[inline(never)]
fn flush_slow(dst: &mut [u8], mut pos: usize, acc: u64, nbytes: usize) -> (usize, bool) {
    let mut overflow = false;
    for &b in acc.to_le_bytes().iter().take(nbytes) {
        match dst.get_mut(pos) {
            Some(d) => {
                *d = b;
                pos += 1;
            }
            None => overflow = true,
        }
    }
    (pos, overflow)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_low_bits_first_and_ends_with_marker() {
        let mut buf = [0u8; 16];
        let mut w = BitWriter::new(&mut buf);
        w.add(0b101, 3);
        w.add(0xFF, 4);
        w.flush();
        let n = w.finish().unwrap();
        assert_eq!(n, 1);
        // 101 | 1111 << 3 | marker << 7
        assert_eq!(buf[0], 0b1111_1101);
    }

    #[test]
    fn reports_overflow_instead_of_panicking() {
        let mut buf = [0u8; 2];
        let mut w = BitWriter::new(&mut buf);
        for _ in 0..10 {
            w.add(0xABCD, 16);
            w.flush();
        }
        assert_eq!(w.finish(), None);
        let mut buf = [0u8; 3];
        let mut w = BitWriter::new(&mut buf);
        w.add(0xABCD, 16);
        w.flush();
        assert_eq!(w.finish(), Some(3));
        assert_eq!(buf, [0xCD, 0xAB, 1]);
    }
}
