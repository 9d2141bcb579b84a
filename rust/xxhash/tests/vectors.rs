// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Published reference vectors (xxHash's README / python-xxhash docs) and layout checks.

use xxhash::{xxh32, xxh64, Xxh32State, Xxh64State};

const SPAM: &[u8] = b"Nobody inspects the spammish repetition";

#[test]
fn xxh32_vectors() {
    assert_eq!(xxh32(b"", 0), 0x02CC_5D05);
    assert_eq!(xxh32(b"a", 0), 0x550D_7456);
    assert_eq!(xxh32(b"abc", 0), 0x32D1_53FF);
    assert_eq!(xxh32(SPAM, 0), 0xE229_3B2F);
}

#[test]
fn xxh64_vectors() {
    assert_eq!(xxh64(b"", 0), 0xEF46_DB37_51D8_E999);
    assert_eq!(xxh64(b"a", 0), 0xD24E_C4F1_A98C_6E5B);
    assert_eq!(xxh64(b"abc", 0), 0x44BC_2CF5_AD77_0999);
    assert_eq!(xxh64(SPAM, 0), 0xFBCE_A83C_8A37_8BF1);
}

#[test]
fn streaming_matches_vectors_byte_by_byte() {
    let mut s32 = Xxh32State::new(0);
    let mut s64 = Xxh64State::new(0);
    for b in SPAM.chunks(1) {
        s32.update(b);
        s64.update(b);
    }
    assert_eq!(s32.digest(), 0xE229_3B2F);
    assert_eq!(s64.digest(), 0xFBCE_A83C_8A37_8BF1);
    // digest() does not consume: more input may follow.
    s64.update(b"");
    assert_eq!(s64.digest(), 0xFBCE_A83C_8A37_8BF1);
}

#[test]
fn reset_and_copy() {
    let mut a = Xxh64State::new(7);
    a.update(SPAM);
    let b = a; // xxh64_copy_state
    a.reset(0);
    a.update(SPAM);
    assert_eq!(a.digest(), 0xFBCE_A83C_8A37_8BF1);
    assert_eq!(b.digest(), xxh64(SPAM, 7));
}

/// The C ABI hands these states to C code that embeds them by value.
#[test]
fn kernel_layouts() {
    assert_eq!(core::mem::size_of::<Xxh32State>(), 44);
    assert_eq!(core::mem::align_of::<Xxh32State>(), 4);
    assert_eq!(core::mem::size_of::<Xxh64State>(), 80);
    assert_eq!(core::mem::align_of::<Xxh64State>(), 8);
}
