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
