// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Skippable frames (RFC 8878 §3.1.2): magic 0x184D2A5?, a 4-byte size, user data.

use crate::tables::{SKIPPABLE_MAGIC_MASK, SKIPPABLE_MAGIC_MIN};

/// Header length of a skippable frame (magic + Frame_Size).
pub(crate) const SKIPPABLE_HEADER_SIZE: usize = 8;

/// True for any of the 16 skippable-frame magic numbers.
pub(crate) fn is_skippable_magic(magic: u32) -> bool {
    magic & SKIPPABLE_MAGIC_MASK == SKIPPABLE_MAGIC_MIN
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_sixteen_magics() {
        for i in 0..16 {
            assert!(is_skippable_magic(0x184D_2A50 + i));
        }
        assert!(!is_skippable_magic(0x184D_2A60));
        assert!(!is_skippable_magic(0xFD2F_B528));
    }
}
