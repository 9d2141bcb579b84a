// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Little-endian forward bit reader for FSE table descriptions (RFC 8878 §4.1.1).

/// Reads bits from the start of a byte slice upward, least significant bit first.
/// Reads past the end yield zeros; [`ForwardReader::bytes_used`] tells the caller how
/// far the description reached so it can reject a truncated one.
pub(crate) struct ForwardReader<'a> {
    src: &'a [u8],
    bit_pos: usize,
}

impl<'a> ForwardReader<'a> {
    pub(crate) fn new(src: &'a [u8]) -> Self {
        Self { src, bit_pos: 0 }
    }

    /// The next `n` (<= 32) bits without consuming them.
    #[inline]
    pub(crate) fn peek(&self, n: u32) -> u32 {
        let byte = self.bit_pos >> 3;
        let mask = (1u64 << n) - 1;
        if let Some(b) = self.src.get(byte..byte.wrapping_add(8)) {
            let mut w = [0u8; 8];
            w.copy_from_slice(b);
            return ((u64::from_le_bytes(w) >> (self.bit_pos & 7)) & mask) as u32;
        }
        let mut v: u64 = 0;
        for i in 0..5 {
            if let Some(&b) = self.src.get(byte + i) {
                v |= u64::from(b) << (8 * i);
            }
        }
        let v = v >> (self.bit_pos & 7);
        (v & mask) as u32
    }

    #[inline]
    pub(crate) fn skip(&mut self, n: u32) {
        self.bit_pos += n as usize;
    }

    pub(crate) fn read(&mut self, n: u32) -> u32 {
        let v = self.peek(n);
        self.skip(n);
        v
    }

    /// Whole bytes touched so far (a partial byte counts).
    pub(crate) fn bytes_used(&self) -> usize {
        self.bit_pos.div_ceil(8)
    }
}
