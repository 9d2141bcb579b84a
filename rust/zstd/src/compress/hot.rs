// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The block writer's entropy-coding loops behind one dispatch point, so a caller that
//! checked the CPU can run them compiled for BMI2, as the kernel's C selects
//! `ZSTD_encodeSequences_bmi2` and `HUF_compress1X_usingCTable_internal_bmi2` at run time.
//! Their bit packing is variable shifts: with BMI2 (`shlx`/`shrx`/`bzhi`) they need
//! neither the `cl` register nor the flags, which frees registers in loops that spill
//! without it (`sequences::write_sequences` runs 12% fewer instructions).
//!
//! The codec stays free of `unsafe`, as in `decompress::hot`: [`Hot::run`] is the
//! baseline code, [`Hot::run_bmi2`] a safe `#[target_feature]` function that only a caller
//! which checked the CPU may call (the FFI shim's `cpu` module). Contexts start with
//! [`GENERIC`].

use super::entropy::Entropy;
use super::matcher::RowsJob;
use super::seq_store::SeqStore;
use super::sequences::write_sequences;
use crate::bits::writer::low_bits32;
use crate::huf::encode::HufCTable;
use crate::params::Strategy;
use crate::prefetch::{NoPrefetch, Prefetch};

/// One unit of hot work: a block's sequences section, or its literals' Huffman streams.
pub struct Hot<'a, 'b, 'c>(Job<'a, 'b, 'c>);

enum Job<'a, 'b, 'c> {
    Seq(SeqJob<'a, 'b, 'c>),
    Huf(HufJob<'a, 'b>),
    Rows(RowsJob<'a, 'b>),
}

/// The sequences section of `seqs` into `dst` (see [`write_sequences`]).
struct SeqJob<'a, 'b, 'c> {
    dst: &'a mut [u8],
    seqs: &'a SeqStore<'b>,
    ent: &'a mut Entropy<'c>,
    strategy: Strategy,
}

/// `src` as one Huffman stream, or four behind a jump table, into `dst`.
struct HufJob<'a, 'b> {
    table: &'a HufCTable<'b>,
    dst: &'a mut [u8],
    src: &'a [u8],
    four: bool,
}

/// Runs a [`Hot`] job: [`GENERIC`] or a CPU-specific runner chosen by the caller; yields
/// the bytes written, `None` when `dst` is too small (a row search writes its results
/// into its job and yields `Some(0)`).
pub type Dispatch = for<'a, 'b, 'c> fn(Hot<'a, 'b, 'c>) -> Option<usize>;

/// Baseline code, for every CPU.
pub const GENERIC: Dispatch = run_generic;

fn run_generic(h: Hot<'_, '_, '_>) -> Option<usize> {
    h.run(NoPrefetch)
}

impl<'a, 'b, 'c> Hot<'a, 'b, 'c> {
    /// The sequences section of `seqs` (see [`write_sequences`]).
    pub(crate) fn seq(
        dst: &'a mut [u8],
        seqs: &'a SeqStore<'b>,
        ent: &'a mut Entropy<'c>,
        strategy: Strategy,
    ) -> Self {
        let job = SeqJob {
            dst,
            seqs,
            ent,
            strategy,
        };
        Hot(Job::Seq(job))
    }

    /// `src` as one Huffman stream, or four behind a jump table.
    pub(crate) fn huf(
        table: &'a HufCTable<'b>,
        dst: &'a mut [u8],
        src: &'a [u8],
        four: bool,
    ) -> Self {
        let job = HufJob {
            table,
            dst,
            src,
            four,
        };
        Hot(Job::Huf(job))
    }

    /// A piece of a block searched over the row tables (see [`RowsJob`]).
    pub(crate) fn rows(job: RowsJob<'a, 'b>) -> Self {
        Hot(Job::Rows(job))
    }

    /// Hands the job to the runner of its kind.
    #[inline(always)]
    fn dispatch(
        self,
        seq: impl FnOnce(SeqJob<'a, 'b, 'c>) -> Option<usize>,
        huf: impl FnOnce(HufJob<'a, 'b>) -> Option<usize>,
        rows: impl FnOnce(RowsJob<'a, 'b>) -> Option<usize>,
    ) -> Option<usize> {
        match self.0 {
            Job::Seq(j) => seq(j),
            Job::Huf(j) => huf(j),
            Job::Rows(j) => rows(j),
        }
    }

    /// Runs the job with the baseline code and the prefetch hints `pf`.
    pub fn run<P: Prefetch>(self, pf: P) -> Option<usize> {
        self.dispatch(seq_generic, huf_generic, |j| rows_generic(j, pf))
    }

    /// Runs the job with code compiled for BMI1, BMI2 and LZCNT and the prefetch hints
    /// `pf`; the FFI shim's `cpu` module checks the CPU first. (The row search stays
    /// baseline code: its time is cache misses.)
    ///
    /// # Safety
    /// Calling it from code without these features is `unsafe`: the CPU must implement
    /// BMI1, BMI2 and LZCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,lzcnt")]
    pub fn run_bmi2<P: Prefetch>(self, pf: P) -> Option<usize> {
        // Closures inherit the features, so they may call the `_bmi2` functions.
        self.dispatch(|j| seq_bmi2(j), |j| huf_bmi2(j), |j| rows_generic(j, pf))
    }
}

#[inline(never)]
fn rows_generic<P: Prefetch>(j: RowsJob<'_, '_>, pf: P) -> Option<usize> {
    j.run(pf);
    Some(0)
}

#[inline(never)]
fn seq_generic(j: SeqJob<'_, '_, '_>) -> Option<usize> {
    write_sequences(j.dst, j.seqs, j.ent, j.strategy, low_bits32)
}

/// [`write_sequences`] compiled for BMI1, BMI2 and LZCNT.
///
/// # Safety
/// Only [`Hot::run_bmi2`] calls it, after its caller checked the CPU.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,lzcnt")]
#[inline(never)]
fn seq_bmi2(j: SeqJob<'_, '_, '_>) -> Option<usize> {
    // `bzhi` takes `n` as it is: every `n` passed is at most 31, where it agrees with
    // the baseline's mask.
    write_sequences(j.dst, j.seqs, j.ent, j.strategy, |v, n| {
        core::arch::x86_64::_bzhi_u32(v, n)
    })
}

#[inline(always)]
fn huf_body(table: &HufCTable<'_>, dst: &mut [u8], src: &[u8], four: bool) -> Option<usize> {
    if four {
        table.compress_4x(dst, src)
    } else {
        table.compress_1x(dst, src)
    }
}

#[inline(never)]
fn huf_generic(j: HufJob<'_, '_>) -> Option<usize> {
    huf_body(j.table, j.dst, j.src, j.four)
}

/// Huffman stream encoding compiled for BMI1, BMI2 and LZCNT.
///
/// # Safety
/// Only [`Hot::run_bmi2`] calls it, after its caller checked the CPU.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,lzcnt")]
#[inline(never)]
fn huf_bmi2(j: HufJob<'_, '_>) -> Option<usize> {
    huf_body(j.table, j.dst, j.src, j.four)
}
