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

/// [`load_le`] for a position below 2^32 (a literal section's), cut to 32 bits so that
/// `pos + 8` cannot wrap: one comparison and no mask, for loops that load often.
#[inline(always)]
pub(crate) fn load_le32(src: &[u8], pos: usize) -> u64 {
    let pos = pos as u32 as usize;
    src.get(pos..pos + 8)
        .and_then(|b| b.first_chunk::<8>())
        .map_or(0, |b| u64::from_le_bytes(*b))
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

/// The backward reader of the sequence loop: the same stream semantics as
/// [`BackwardReader`], kept as the stream up to the window's end (`head`, whose last 8
/// bytes are the window), so a refill is one compare (the new window's start against the
/// stream's), and the reader's state one value fewer (no separate position).
pub(crate) struct SeqReader<'a> {
    /// The stream up to the window's end; shorter than 8 bytes only for a stream that
    /// short, whose bytes are then all in `container`.
    head: &'a [u8],
    container: u64,
    consumed: u32,
}

impl<'a> SeqReader<'a> {
    /// Starts reading `src` from its end; the last byte must hold the end mark.
    pub(crate) fn new(src: &'a [u8]) -> Result<Self, Error> {
        let r = BackwardReader::new(src)?;
        Ok(Self {
            head: src,
            container: r.container,
            consumed: r.consumed,
        })
    }

    /// Reads `n` bits (0..=56 since the last refill).
    #[inline(always)]
    pub(crate) fn read(&mut self, n: u32) -> u64 {
        let v = ((self.container << (self.consumed & 63)) >> 1) >> (63u32.wrapping_sub(n) & 63);
        // Never near u32::MAX: at most 56 bits a read and a refill between reads.
        self.consumed = self.consumed.wrapping_add(n);
        v
    }

    /// Refills the window so at least 57 bits are ready, unless the stream's start is
    /// near (see [`BackwardReader::refill`], whose result this gives up: once more bits
    /// were consumed than the stream holds, [`Self::finished`] fails).
    #[inline(always)]
    pub(crate) fn refill(&mut self) {
        if !self.step_back() {
            self.refill_start();
        }
    }

    /// Moves the window back by the whole bytes consumed when 8 bytes remain there;
    /// false (and nothing done) when that would pass the stream's start.
    #[inline(always)]
    fn step_back(&mut self) -> bool {
        let step = (self.consumed >> 3) as usize;
        // step <= 2^29: no wrap.
        if step + 8 > self.head.len() {
            return false;
        }
        let n = self.head.len() - step;
        self.head = &self.head[..n];
        if let Some(w) = self.head.last_chunk::<8>() {
            self.container = u64::from_le_bytes(*w);
        }
        self.consumed &= 7;
        true
    }

    /// Whether [`Self::refill_far`] may stand for [`Self::refill`] through the next
    /// sequence: a refill needs 8 bytes in the window after moving it back by at most 7
    /// (at most 63 bits were consumed: 7 left from the last refill and a read of at most
    /// 56), and a sequence refills at most three times: first after at most 63 bits,
    /// then after the offset's and match length's extra bits (at most 31 + 16), then
    /// after the literal length's (at most 16), moving the window back by at most 7, 6
    /// and 2 bytes. So 23 bytes in the window at the sequence's start are enough.
    #[inline(always)]
    pub(crate) fn far_from_start(&self) -> bool {
        self.head.len() >= 24
    }

    /// [`Self::refill`] while [`Self::far_from_start`] holds: never at the start, so
    /// without its call (were it wrong, the stream would decode wrongly, never out of
    /// bounds, and [`Self::finished`] would fail).
    #[inline(always)]
    pub(crate) fn refill_far(&mut self) {
        // At most 63 bits were consumed, so `& 7` keeps the step; it also shows the
        // compiler that the window stays inside `head`, which holds at least 24 bytes.
        let step = ((self.consumed >> 3) & 7) as usize;
        let n = self.head.len().wrapping_sub(step);
        if let Some(h) = self.head.get(..n) {
            self.head = h;
            if let Some(w) = h.last_chunk::<8>() {
                self.container = u64::from_le_bytes(*w);
            }
        }
        self.consumed &= 7;
    }

    /// [`Self::refill`] at the stream's start: the window stops at the first byte. Out
    /// of line: the reader then lives in memory, where the sequence loop reads and
    /// writes its fields as C's does, instead of taking registers the loop needs more
    /// (measured: inlined, or taking and returning the fields by value, the loop
    /// executes 4-6% more instructions).
    #[inline(never)]
    fn refill_start(&mut self) {
        if self.consumed > 64 || self.head.len() <= 8 {
            return;
        }
        // The window moves to the stream's first 8 bytes, fewer than `step` back.
        let back = self.head.len() - 8;
        self.head = &self.head[..8];
        // back < consumed / 8.
        self.consumed -= 8 * back as u32;
        if let Some(w) = self.head.last_chunk::<8>() {
            self.container = u64::from_le_bytes(*w);
        }
    }

    /// True when every bit of the stream was consumed, exactly.
    pub(crate) fn finished(&self) -> bool {
        self.head.len() <= 8 && self.consumed == 64
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

    #[test]
    fn seq_reader_reads_as_the_backward_reader() {
        // Streams of every short length and some long ones, read in random steps of up
        // to 56 bits with a refill before each (as the sequence loop does), including
        // past their start: both readers must give the same bits and the same end.
        let mut rng = crate::test_rng::Xorshift(0x243F_6A88_85A3_08D3);
        let mut next = move || rng.next();
        let mut buf = [0u8; 64];
        for case in 0..20000 {
            let len = 1 + (case % 40) + if case % 7 == 0 { 20 } else { 0 };
            for b in buf[..len].iter_mut() {
                *b = next() as u8;
            }
            if buf[len - 1] == 0 {
                buf[len - 1] = 1;
            }
            let src = &buf[..len];
            let mut a = BackwardReader::new(src).unwrap();
            let mut b = SeqReader::new(src).unwrap();
            for _ in 0..(len * 8 / 20 + 3) {
                if a.fast() {
                    a.refill_fast();
                } else {
                    a.refill();
                }
                b.refill();
                let n = (next() % 57) as u32;
                assert_eq!(a.read(n), b.read(n), "case {case}");
                assert_eq!(a.finished(), b.finished(), "case {case}");
            }
        }
    }
}
