// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! XXH64: 64-bit xxHash, one-shot and streaming (zstd's content checksum).

use crate::{oneshot, read_u32, read_u64, Lanes, Variant};

const PRIME64_1: u64 = 0x9E37_79B1_85EB_CA87;
const PRIME64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const PRIME64_3: u64 = 0x1656_67B1_9E37_79F9;
const PRIME64_4: u64 = 0x85EB_CA77_C2B2_AE63;
const PRIME64_5: u64 = 0x27D4_EB2F_1656_67C5;

#[inline(always)]
fn round(acc: u64, input: u64) -> u64 {
    acc.wrapping_add(input.wrapping_mul(PRIME64_2))
        .rotate_left(31)
        .wrapping_mul(PRIME64_1)
}

#[inline(always)]
fn merge_round(acc: u64, val: u64) -> u64 {
    (acc ^ round(0, val))
        .wrapping_mul(PRIME64_1)
        .wrapping_add(PRIME64_4)
}

const fn init_lanes(seed: u64) -> [u64; 4] {
    [
        seed.wrapping_add(PRIME64_1).wrapping_add(PRIME64_2),
        seed.wrapping_add(PRIME64_2),
        seed,
        seed.wrapping_sub(PRIME64_1),
    ]
}

/// XXH64 for the shared code.
struct X64;

impl Variant for X64 {
    type Word = u64;
    type Stripe = [u8; 32];

    #[inline(always)]
    fn init_lanes(seed: u64) -> [u64; 4] {
        init_lanes(seed)
    }

    #[inline(always)]
    fn stripes<'a>(v: &mut [u64; 4], input: &'a [u8]) -> &'a [u8] {
        let (chunks, rest) = input.as_chunks::<32>();
        for c in chunks {
            let (w, _) = c.as_chunks::<8>();
            v[0] = round(v[0], read_u64(&w[0]));
            v[1] = round(v[1], read_u64(&w[1]));
            v[2] = round(v[2], read_u64(&w[2]));
            v[3] = round(v[3], read_u64(&w[3]));
        }
        rest
    }

    #[inline(always)]
    fn merge_lanes(v: &[u64; 4]) -> u64 {
        let mut h = v[0]
            .rotate_left(1)
            .wrapping_add(v[1].rotate_left(7))
            .wrapping_add(v[2].rotate_left(12))
            .wrapping_add(v[3].rotate_left(18));
        for &lane in v {
            h = merge_round(h, lane);
        }
        h
    }

    #[inline(always)]
    fn short_start(seed: u64) -> u64 {
        seed.wrapping_add(PRIME64_5)
    }

    #[inline(always)]
    fn add_len(h: u64, len: u64) -> u64 {
        h.wrapping_add(len)
    }

    fn finalize(mut h: u64, tail: &[u8]) -> u64 {
        let (words, rest) = tail.as_chunks::<8>();
        for w in words {
            h ^= round(0, read_u64(w));
            h = h
                .rotate_left(27)
                .wrapping_mul(PRIME64_1)
                .wrapping_add(PRIME64_4);
        }
        let (halves, bytes) = rest.as_chunks::<4>();
        for w in halves {
            h ^= u64::from(read_u32(w)).wrapping_mul(PRIME64_1);
            h = h
                .rotate_left(23)
                .wrapping_mul(PRIME64_2)
                .wrapping_add(PRIME64_3);
        }
        for &b in bytes {
            h ^= u64::from(b).wrapping_mul(PRIME64_5);
            h = h.rotate_left(11).wrapping_mul(PRIME64_1);
        }
        h ^= h >> 33;
        h = h.wrapping_mul(PRIME64_2);
        h ^= h >> 29;
        h = h.wrapping_mul(PRIME64_3);
        h ^ (h >> 32)
    }

    #[inline(always)]
    fn put(w: u64, out: &mut [u8]) {
        out.copy_from_slice(&w.to_le_bytes());
    }

    #[inline(always)]
    fn get(b: &[u8]) -> u64 {
        b.first_chunk().map_or(0, read_u64)
    }
}

/// One-shot XXH64 of `input` (kernel `xxh64()`).
pub fn xxh64(input: &[u8], seed: u64) -> u64 {
    oneshot::<X64>(input, seed)
}

/// Streaming XXH64 state, layout-identical to the kernel's `struct xxh64_state`
/// (80 bytes: total_len, v1..v4, mem64[4], memsize, tail padding).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Xxh64State {
    total_len: u64,
    v: [u64; 4],
    mem64: [u64; 4],
    memsize: u32,
}

impl Xxh64State {
    /// A state ready to hash with `seed` (kernel `xxh64_reset()`).
    pub const fn new(seed: u64) -> Self {
        Self {
            total_len: 0,
            v: init_lanes(seed),
            mem64: [0; 4],
            memsize: 0,
        }
    }

    /// Restarts hashing with `seed`.
    pub fn reset(&mut self, seed: u64) {
        *self = Self::new(seed);
    }

    fn lanes(&mut self) -> Lanes<'_, u64> {
        Lanes {
            v: &mut self.v,
            mem: &mut self.mem64,
            memsize: &mut self.memsize,
        }
    }

    /// Feeds `input` (any length, any split) into the hash.
    pub fn update(&mut self, input: &[u8]) {
        self.total_len = self.total_len.wrapping_add(input.len() as u64);
        self.lanes().update::<X64>(input);
    }

    /// The hash of everything fed so far; the state is unchanged (kernel `xxh64_digest()`).
    pub fn digest(&self) -> u64 {
        let total = self.total_len;
        crate::digest::<X64>(&self.v, &self.mem64, self.memsize, total >= 32, total)
    }
}

impl Default for Xxh64State {
    fn default() -> Self {
        Self::new(0)
    }
}
