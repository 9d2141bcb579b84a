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

/// What XXH32 and XXH64 define each (word size, constants, rounds); the one-shot hash
/// and the streaming state's buffering are written once, over this.
trait Variant {
    /// The lane and hash word.
    type Word: Copy;
    /// A stripe: four lanes' words, as bytes.
    type Stripe: AsRef<[u8]> + AsMut<[u8]> + Default;
    /// Four lanes started from `seed`.
    fn init_lanes(seed: Self::Word) -> [Self::Word; 4];
    /// Runs the lanes over whole stripes; returns the bytes left over.
    fn stripes<'a>(v: &mut [Self::Word; 4], input: &'a [u8]) -> &'a [u8];
    /// The lanes merged into one word.
    fn merge_lanes(v: &[Self::Word; 4]) -> Self::Word;
    /// The hash's start when no stripe was run: `seed + PRIME_5`.
    fn short_start(seed: Self::Word) -> Self::Word;
    /// `h` plus the input length (kept modulo the word size, as the specification says).
    fn add_len(h: Self::Word, len: u64) -> Self::Word;
    /// Mixes in the final bytes (less than a stripe) and avalanches.
    fn finalize(h: Self::Word, tail: &[u8]) -> Self::Word;
    /// A word to its little-endian bytes (`out` has the word's size).
    fn put(w: Self::Word, out: &mut [u8]);
    /// A word from its little-endian bytes.
    fn get(b: &[u8]) -> Self::Word;
}

/// The one-shot hash of `input`.
#[inline(always)]
fn oneshot<V: Variant>(input: &[u8], seed: V::Word) -> V::Word {
    let stripe = V::Stripe::default().as_ref().len();
    let (h, tail) = if input.len() >= stripe {
        let mut v = V::init_lanes(seed);
        let rest = V::stripes(&mut v, input);
        (V::merge_lanes(&v), rest)
    } else {
        (V::short_start(seed), input)
    };
    V::finalize(V::add_len(h, input.len() as u64), tail)
}

/// The lanes and pending bytes of a streaming state, which keeps them as the kernel's
/// does: `v[0..4]`, then `mem[4]` words holding `memsize` bytes.
struct Lanes<'s, W> {
    v: &'s mut [W; 4],
    mem: &'s mut [W; 4],
    memsize: &'s mut u32,
}

/// The pending bytes `mem` of a streaming state as one stripe buffer.
fn pending<V: Variant>(mem: &[V::Word; 4]) -> V::Stripe {
    let mut b = V::Stripe::default();
    let n = b.as_ref().len() / 4;
    for (dst, &w) in b.as_mut().chunks_exact_mut(n).zip(mem.iter()) {
        V::put(w, dst);
    }
    b
}

/// The hash of everything fed to a streaming state with lanes `v` and `memsize` pending
/// bytes in `mem` (`total` bytes; `striped` once a stripe ran), read without changing
/// it. Before the first stripe the third lane still holds the seed.
fn digest<V: Variant>(
    v: &[V::Word; 4],
    mem: &[V::Word; 4],
    memsize: u32,
    striped: bool,
    total: u64,
) -> V::Word {
    let h = if striped {
        V::merge_lanes(v)
    } else {
        V::short_start(v[2])
    };
    let buf = pending::<V>(mem);
    let tail = buf.as_ref();
    let n = (memsize as usize).min(tail.len() - 1);
    V::finalize(V::add_len(h, total), &tail[..n])
}

impl<W: Copy> Lanes<'_, W> {
    /// Feeds `input`: whole stripes run the lanes, the rest stays pending.
    fn update<V: Variant<Word = W>>(&mut self, input: &[u8]) {
        let mut buf = pending::<V>(self.mem);
        let mut len = *self.memsize as usize;
        feed(self.v, buf.as_mut(), &mut len, input, V::stripes);
        let n = buf.as_ref().len() / 4;
        for (m, c) in self.mem.iter_mut().zip(buf.as_ref().chunks_exact(n)) {
            *m = V::get(c);
        }
        *self.memsize = len as u32;
    }
}

/// Feeds `input` to a streaming hash with lanes `v` and pending bytes `buf[..*len]` (less
/// than one stripe, the length of `buf`): whole stripes go through `stripes`, which
/// returns what is left of its input; what remains stays pending (the rest of `buf` is
/// zeroed, as the kernel's state holds after a reset).
#[inline(always)]
fn feed<L>(
    v: &mut L,
    buf: &mut [u8],
    len: &mut usize,
    mut input: &[u8],
    stripes: impl for<'a> Fn(&mut L, &'a [u8]) -> &'a [u8],
) {
    let s = buf.len();
    let pending = (*len).min(s - 1);
    if pending + input.len() < s {
        buf[pending..pending + input.len()].copy_from_slice(input);
        *len = pending + input.len();
        return;
    }
    if pending > 0 {
        let (head, tail) = input.split_at(s - pending);
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
