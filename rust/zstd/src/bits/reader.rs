// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Backward bit reader (RFC 8878 §4.1, "bitstreams are read backward").
//!
//! A zstd bitstream is written forward and read from its last byte down. The last byte
//! holds a 1-bit end mark above the final bits; the zeros above the mark are padding.
//! The reader keeps a 64-bit window (`container`) loaded little-endian at `pos`;
//! `consumed` counts bits already used from the window's top.

use crate::error::Error;

pub(crate) struct BackwardReader<'a> {
    src: &'a [u8],
    container: u64,
    consumed: u32,
    pos: usize,
}

/// The 8 bytes of `src` at `pos`, little-endian (zeros if out of range).
#[inline(always)]
pub(crate) fn load_le(src: &[u8], pos: usize) -> u64 {
    // Masking leaves real positions alone and lets `pos + 8` be known not to wrap.
    let pos = pos & (usize::MAX >> 1);
    match src.get(pos..pos + 8) {
        Some(b) => {
            let mut a = [0u8; 8];
            a.copy_from_slice(b);
            u64::from_le_bytes(a)
        }
        None => 0,
    }
}

impl<'a> BackwardReader<'a> {
    /// Starts reading `src` from its end; the last byte must hold the end mark.
    pub(crate) fn new(src: &'a [u8]) -> Result<Self, Error> {
        let last = *src.last().ok_or(Error::corruption_detected)?;
        if last == 0 {
            return Err(Error::corruption_detected);
        }
        let mark = last.leading_zeros() + 1;
        if src.len() >= 8 {
            let pos = src.len() - 8;
            Ok(Self {
                src,
                container: load_le(src, pos),
                consumed: mark,
                pos,
            })
        } else {
            let mut container = 0u64;
            for (i, &b) in src.iter().enumerate() {
                container |= u64::from(b) << (8 * i);
            }
            Ok(Self {
                src,
                container,
                consumed: mark + 8 * (8 - src.len() as u32),
                pos: 0,
            })
        }
    }

    /// The next `n` bits (0..=56 after a refill) without consuming them. Bits beyond the
    /// stream's start read as zeros.
    #[inline(always)]
    pub(crate) fn peek(&self, n: u32) -> u64 {
        ((self.container << (self.consumed & 63)) >> 1) >> (63u32.wrapping_sub(n) & 63)
    }

    /// The next `n` (1..=56) bits; `n` must not be zero.
    #[inline(always)]
    pub(crate) fn peek_nz(&self, n: u32) -> u64 {
        (self.container << (self.consumed & 63)) >> (64u32.wrapping_sub(n) & 63)
    }

    #[inline(always)]
    pub(crate) fn skip(&mut self, n: u32) {
        // Never near u32::MAX: callers refill or stop after at most a block of reads.
        self.consumed = self.consumed.wrapping_add(n);
    }

    /// Reads `n` bits (0..=56 since the last refill).
    #[inline(always)]
    pub(crate) fn read(&mut self, n: u32) -> u64 {
        let v = self.peek(n);
        self.consumed = self.consumed.wrapping_add(n);
        v
    }

    /// Refills the window so at least 57 bits are ready, unless the stream's start is
    /// near; returns `false` once more bits were consumed than the stream holds.
    #[inline(always)]
    pub(crate) fn refill(&mut self) -> bool {
        if self.consumed > 64 {
            return false;
        }
        if self.pos >= 8 {
            self.pos -= (self.consumed >> 3) as usize;
            self.consumed &= 7;
            self.container = load_le(self.src, self.pos);
            return true;
        }
        if self.pos == 0 {
            return true;
        }
        let step = ((self.consumed >> 3) as usize).min(self.pos);
        self.pos -= step;
        self.consumed -= 8 * step as u32;
        self.container = load_le(self.src, self.pos);
        true
    }

    /// True when refills are cheap (at least 8 bytes before the window).
    /// Bits still unread in the container (0 once it has overflowed).
    #[inline(always)]
    pub(crate) fn container_bits(&self) -> u32 {
        64u32.saturating_sub(self.consumed)
    }

    #[inline(always)]
    pub(crate) fn fast(&self) -> bool {
        self.pos >= 8
    }

    /// Fast refill; only valid when [`Self::fast`] holds.
    #[inline(always)]
    pub(crate) fn refill_fast(&mut self) {
        // With `pos >= 8` and at most 64 bits consumed this cannot wrap; after an
        // overflow it may, and the load then yields zeros (the stream is rejected).
        self.pos = self.pos.wrapping_sub((self.consumed >> 3) as usize);
        self.consumed &= 7;
        self.container = load_le(self.src, self.pos);
    }

    /// Bits consumed from the window and the window's position (for loops that keep
    /// several readers' state in locals).
    #[inline(always)]
    pub(crate) fn state(&self) -> (u32, usize) {
        (self.consumed, self.pos)
    }

    /// Resumes at a state from [`Self::state`], refilled since: the window is
    /// reloaded at `pos`.
    #[inline(always)]
    pub(crate) fn set_state(&mut self, consumed: u32, pos: usize) {
        self.consumed = consumed;
        self.pos = pos;
        self.container = load_le(self.src, pos);
    }

    /// True when every bit of the stream was consumed, exactly.
    pub(crate) fn finished(&self) -> bool {
        self.pos == 0 && self.consumed == 64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_backward_after_end_mark() {
        // bits written forward: 0b101 (3 bits) then 0b11 (2 bits), end mark after.
        // byte = mark(1) at bit5, 11 at bits 3-4, 101 at bits 0-2 => 0b0011_1101
        let src = [0b0011_1101u8];
        let mut r = BackwardReader::new(&src).unwrap();
        assert_eq!(r.read(2), 0b11);
        assert_eq!(r.read(3), 0b101);
        assert!(r.finished());
        assert!(BackwardReader::new(&[0u8]).is_err());
        assert!(BackwardReader::new(&[]).is_err());
    }

    #[test]
    fn long_stream_refills() {
        let mut src = [0u8; 20];
        for (i, b) in src.iter_mut().enumerate() {
            *b = i as u8 * 7 + 1;
        }
        src[19] = 0x01; // end mark only, in the lowest bit
        let mut r = BackwardReader::new(&src).unwrap();
        let mut n = 0;
        while !r.finished() {
            r.read(8);
            assert!(r.refill());
            n += 1;
        }
        assert_eq!(n, 19);
        r.read(1);
        assert!(!r.refill());
    }
}
