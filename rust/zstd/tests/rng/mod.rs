// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The integration tests' pseudo-random numbers.

/// Marsaglia's xorshift64 (shifts 13, 7, 17), deterministic from its seed (not 0).
pub struct Xorshift(pub u64);

impl Xorshift {
    /// The next value.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}
