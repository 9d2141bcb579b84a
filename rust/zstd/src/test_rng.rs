// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The unit tests' pseudo-random numbers: xorshift64, deterministic from its seed.

/// Marsaglia's xorshift64 (shifts 13, 7, 17); the seed must not be 0.
pub(crate) struct Xorshift(pub(crate) u64);

impl Xorshift {
    /// The next value.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A value below `n` (> 0).
    pub(crate) fn below(&mut self, n: u64) -> usize {
        (self.next() % n) as usize
    }
}
