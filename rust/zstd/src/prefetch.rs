// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Cache prefetch hints, which the codec cannot give itself: a prefetch instruction is
//! reached only through `unsafe` (inline assembly or an intrinsic taking a raw pointer),
//! and the codec has none. The FFI shim implements [`Prefetch`] with the CPU's
//! instruction and hands it in with its dispatch (see [`crate::compress::Hot::run`]).
//!
//! A hint changes no result: the row match finder gives the same output with or without
//! it. What it changes is time: the row tables of the levels 5-12 (megabytes for 1 MiB
//! inputs) miss the caches, and a plain load brought in early still holds up
//! retirement until it arrives, where a prefetch does not (C's row search issues 17).

/// A cache hint for data about to be read.
pub trait Prefetch: Copy {
    /// Whether [`Self::read`] issues hints: the dispatch that does is the one run where
    /// speed counts (the FFI shim's), and the row search is compiled once per row size
    /// for it (about 45 KB each); the portable one keeps a single copy.
    const HINTS: bool = true;

    /// Hints that the cache line holding `s[i]` will be read soon. Reads nothing and
    /// never fails: `i` may be out of bounds (the hint then concerns no data of `s`).
    fn read<T>(self, s: &[T], i: usize);
}

/// No hints (the codec's own dispatch, [`crate::compress::GENERIC`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoPrefetch;

impl Prefetch for NoPrefetch {
    const HINTS: bool = false;

    #[inline(always)]
    fn read<T>(self, _s: &[T], _i: usize) {}
}
