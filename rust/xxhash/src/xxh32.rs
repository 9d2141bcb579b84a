// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! XXH32: 32-bit xxHash, one-shot and streaming.

use crate::{oneshot, read_u32, Lanes, Variant};

const PRIME32_1: u32 = 0x9E37_79B1;
const PRIME32_2: u32 = 0x85EB_CA77;
const PRIME32_3: u32 = 0xC2B2_AE3D;
const PRIME32_4: u32 = 0x27D4_EB2F;
const PRIME32_5: u32 = 0x1656_67B1;

#[inline(always)]
fn round(acc: u32, input: u32) -> u32 {
    acc.wrapping_add(input.wrapping_mul(PRIME32_2))
        .rotate_left(13)
        .wrapping_mul(PRIME32_1)
}

const fn init_lanes(seed: u32) -> [u32; 4] {
    [
        seed.wrapping_add(PRIME32_1).wrapping_add(PRIME32_2),
        seed.wrapping_add(PRIME32_2),
        seed,
        seed.wrapping_sub(PRIME32_1),
    ]
}

/// XXH32 for the shared code.
struct X32;

impl Variant for X32 {
    type Word = u32;
    type Stripe = [u8; 16];

    #[inline(always)]
    fn init_lanes(seed: u32) -> [u32; 4] {
        init_lanes(seed)
    }

    #[inline(always)]
    fn stripes<'a>(v: &mut [u32; 4], input: &'a [u8]) -> &'a [u8] {
        let (chunks, rest) = input.as_chunks::<16>();
        for c in chunks {
            let (w, _) = c.as_chunks::<4>();
            v[0] = round(v[0], read_u32(&w[0]));
            v[1] = round(v[1], read_u32(&w[1]));
            v[2] = round(v[2], read_u32(&w[2]));
            v[3] = round(v[3], read_u32(&w[3]));
        }
        rest
    }

    #[inline(always)]
    fn merge_lanes(v: &[u32; 4]) -> u32 {
        v[0].rotate_left(1)
            .wrapping_add(v[1].rotate_left(7))
            .wrapping_add(v[2].rotate_left(12))
            .wrapping_add(v[3].rotate_left(18))
    }

    #[inline(always)]
    fn short_start(seed: u32) -> u32 {
        seed.wrapping_add(PRIME32_5)
    }

    #[inline(always)]
    fn add_len(h: u32, len: u64) -> u32 {
        // The specification adds the length modulo 2^32.
        h.wrapping_add(len as u32)
    }

    fn finalize(mut h: u32, tail: &[u8]) -> u32 {
        let (words, bytes) = tail.as_chunks::<4>();
        for w in words {
            h = h
                .wrapping_add(read_u32(w).wrapping_mul(PRIME32_3))
                .rotate_left(17)
                .wrapping_mul(PRIME32_4);
        }
        for &b in bytes {
            h = h
                .wrapping_add(u32::from(b).wrapping_mul(PRIME32_5))
                .rotate_left(11)
                .wrapping_mul(PRIME32_1);
        }
        h ^= h >> 15;
        h = h.wrapping_mul(PRIME32_2);
        h ^= h >> 13;
        h = h.wrapping_mul(PRIME32_3);
        h ^ (h >> 16)
    }

    #[inline(always)]
    fn put(w: u32, out: &mut [u8]) {
        out.copy_from_slice(&w.to_le_bytes());
    }

    #[inline(always)]
    fn get(b: &[u8]) -> u32 {
        b.first_chunk().map_or(0, read_u32)
    }
}

/// One-shot XXH32 of `input` (kernel `xxh32()`).
pub fn xxh32(input: &[u8], seed: u32) -> u32 {
    oneshot::<X32>(input, seed)
}

/// Streaming XXH32 state, layout-identical to the kernel's `struct xxh32_state`
/// (44 bytes: total_len_32, large_len, v1..v4, mem32[4], memsize).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Xxh32State {
    total_len_32: u32,
    large_len: u32,
    v: [u32; 4],
    mem32: [u32; 4],
    memsize: u32,
}

impl Xxh32State {
    /// A state ready to hash with `seed` (kernel `xxh32_reset()`).
    pub const fn new(seed: u32) -> Self {
        Self {
            total_len_32: 0,
            large_len: 0,
            v: init_lanes(seed),
            mem32: [0; 4],
            memsize: 0,
        }
    }

    /// Restarts hashing with `seed`.
    pub fn reset(&mut self, seed: u32) {
        *self = Self::new(seed);
    }

    fn lanes(&mut self) -> Lanes<'_, u32> {
        Lanes {
            v: &mut self.v,
            mem: &mut self.mem32,
            memsize: &mut self.memsize,
        }
    }

    /// Feeds `input` (any length, any split) into the hash.
    pub fn update(&mut self, input: &[u8]) {
        // Kernel semantics: the length is kept modulo 2^32 plus a "large" flag.
        self.total_len_32 = self.total_len_32.wrapping_add(input.len() as u32);
        self.large_len |= u32::from(input.len() >= 16 || self.total_len_32 >= 16);
        self.lanes().update::<X32>(input);
    }

    /// The hash of everything fed so far; the state is unchanged (kernel `xxh32_digest()`).
    pub fn digest(&self) -> u32 {
        let (striped, total) = (self.large_len != 0, u64::from(self.total_len_32));
        crate::digest::<X32>(&self.v, &self.mem32, self.memsize, striped, total)
    }
}

impl Default for Xxh32State {
    fn default() -> Self {
        Self::new(0)
    }
}
