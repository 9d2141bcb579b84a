// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! xxHash (XXH32 and XXH64) with the semantics of the Linux kernel's `<linux/xxhash.h>`.
//!
//! zstd uses XXH64 for frame content checksums and btrfs uses it for data checksums.
//! The streaming states are `#[repr(C)]` with exactly the layout of the kernel's
//! `struct xxh32_state` / `struct xxh64_state`, because C code embeds them by value.
#![no_std]
#![forbid(unsafe_code)]

mod xxh32;
mod xxh64;

pub use xxh32::{xxh32, Xxh32State};
pub use xxh64::{xxh64, Xxh64State};

/// Feeds `input` to a streaming hash with lanes `v` and pending bytes `buf[..*len]` (less
/// than one `S`-byte stripe): whole stripes go through `stripes`, which returns what is
/// left of its input; what remains stays pending (the rest of `buf` is zeroed, as the
/// kernel's state holds after a reset).
#[inline(always)]
fn feed<const S: usize, L>(
    v: &mut L,
    buf: &mut [u8; S],
    len: &mut usize,
    mut input: &[u8],
    stripes: impl for<'a> Fn(&mut L, &'a [u8]) -> &'a [u8],
) {
    let pending = (*len).min(S - 1);
    if pending + input.len() < S {
        buf[pending..pending + input.len()].copy_from_slice(input);
        *len = pending + input.len();
        return;
    }
    if pending > 0 {
        let (head, tail) = input.split_at(S - pending);
        buf[pending..].copy_from_slice(head);
        stripes(v, buf);
        input = tail;
    }
    let rest = stripes(v, input);
    buf.fill(0);
    buf[..rest.len()].copy_from_slice(rest);
    *len = rest.len();
}

/// Reads a little-endian u32 from the first four bytes of `b` (callers pass exact chunks).
#[inline(always)]
fn read_u32(b: &[u8; 4]) -> u32 {
    u32::from_le_bytes(*b)
}

/// Reads a little-endian u64 from an exact eight-byte chunk.
#[inline(always)]
fn read_u64(b: &[u8; 8]) -> u64 {
    u64::from_le_bytes(*b)
}
