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
use super::seq_store::SeqStore;
use super::sequences::write_sequences;
use crate::huf::encode::HufCTable;
use crate::params::Strategy;

/// One unit of hot work: a block's sequences section, or its literals' Huffman streams.
pub struct Hot<'a, 'b, 'c>(Job<'a, 'b, 'c>);

enum Job<'a, 'b, 'c> {
    Seq {
        dst: &'a mut [u8],
        seqs: &'a SeqStore<'b>,
        ent: &'a mut Entropy<'c>,
        strategy: Strategy,
    },
    Huf {
        table: &'a HufCTable<'b>,
        dst: &'a mut [u8],
        src: &'a [u8],
        four: bool,
    },
}

/// Runs a [`Hot`] job: [`GENERIC`] or a CPU-specific runner chosen by the caller; yields
/// the bytes written, `None` when `dst` is too small.
pub type Dispatch = for<'a, 'b, 'c> fn(Hot<'a, 'b, 'c>) -> Option<usize>;

/// Baseline code, for every CPU.
pub const GENERIC: Dispatch = run_generic;

fn run_generic(h: Hot<'_, '_, '_>) -> Option<usize> {
    h.run()
}

impl<'a, 'b, 'c> Hot<'a, 'b, 'c> {
    /// The sequences section of `seqs` (see [`write_sequences`]).
    pub(crate) fn seq(
        dst: &'a mut [u8],
        seqs: &'a SeqStore<'b>,
        ent: &'a mut Entropy<'c>,
        strategy: Strategy,
    ) -> Self {
        Hot(Job::Seq {
            dst,
            seqs,
            ent,
            strategy,
        })
    }

    /// `src` as one Huffman stream, or four behind a jump table.
    pub(crate) fn huf(
        table: &'a HufCTable<'b>,
        dst: &'a mut [u8],
        src: &'a [u8],
        four: bool,
    ) -> Self {
        Hot(Job::Huf {
            table,
            dst,
            src,
            four,
        })
    }

    /// Runs the job with the baseline code.
    pub fn run(self) -> Option<usize> {
        match self.0 {
            Job::Seq {
                dst,
                seqs,
                ent,
                strategy,
            } => seq_generic(dst, seqs, ent, strategy),
            Job::Huf {
                table,
                dst,
                src,
                four,
            } => huf_generic(table, dst, src, four),
        }
    }

    /// Runs the job with code compiled for BMI1, BMI2 and LZCNT; the FFI shim's `cpu`
    /// module checks the CPU first.
    ///
    /// # Safety
    /// Calling it from code without these features is `unsafe`: the CPU must implement
    /// BMI1, BMI2 and LZCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,lzcnt")]
    pub fn run_bmi2(self) -> Option<usize> {
        match self.0 {
            Job::Seq {
                dst,
                seqs,
                ent,
                strategy,
            } => seq_bmi2(dst, seqs, ent, strategy),
            Job::Huf {
                table,
                dst,
                src,
                four,
            } => huf_bmi2(table, dst, src, four),
        }
    }
}

#[inline(never)]
fn seq_generic(
    dst: &mut [u8],
    seqs: &SeqStore<'_>,
    ent: &mut Entropy<'_>,
    strategy: Strategy,
) -> Option<usize> {
    write_sequences(dst, seqs, ent, strategy)
}

/// [`write_sequences`] compiled for BMI1, BMI2 and LZCNT.
///
/// # Safety
/// Only [`Hot::run_bmi2`] calls it, after its caller checked the CPU.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,lzcnt")]
#[inline(never)]
fn seq_bmi2(
    dst: &mut [u8],
    seqs: &SeqStore<'_>,
    ent: &mut Entropy<'_>,
    strategy: Strategy,
) -> Option<usize> {
    write_sequences(dst, seqs, ent, strategy)
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
fn huf_generic(table: &HufCTable<'_>, dst: &mut [u8], src: &[u8], four: bool) -> Option<usize> {
    huf_body(table, dst, src, four)
}

/// Huffman stream encoding compiled for BMI1, BMI2 and LZCNT.
///
/// # Safety
/// Only [`Hot::run_bmi2`] calls it, after its caller checked the CPU.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,lzcnt")]
#[inline(never)]
fn huf_bmi2(table: &HufCTable<'_>, dst: &mut [u8], src: &[u8], four: bool) -> Option<usize> {
    huf_body(table, dst, src, four)
}
