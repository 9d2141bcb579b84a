// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The decoder's hot loops behind one dispatch point, so a caller that checked the CPU can
//! run them compiled for BMI2 (`shlx`/`shrx`/`bzhi`: variable shifts without the `cl`
//! register, flag-free), as the kernel's C selects its `_bmi2` bodies at run time.
//!
//! The codec stays free of `unsafe`: it only hands each hot job to a [`Dispatch`]
//! function. [`Hot::run`] runs it with the baseline code; [`Hot::run_bmi2`] is a safe
//! `#[target_feature]` function that only a caller which checked the CPU may call (an
//! `unsafe` call, made by the FFI shim's `cpu` module). Contexts start with
//! [`GENERIC`].

use super::entropy::Entropy;
use super::execute::{self, Lits, Out};
use crate::error::Error;
use crate::fse::decode::Entry;
use crate::huf::decode::{self as huf, HufTable};
use crate::huf::weights::{read_weights, TreeScratch, Weights};

/// One unit of hot work: a block's sequences, a literals section's Huffman streams, or
/// its Huffman tree description.
pub struct Hot<'a, 'b, 'c, 'd, 'e, 'f>(Job<'a, 'b, 'c, 'd, 'e, 'f>);

enum Job<'a, 'b, 'c, 'd, 'e, 'f> {
    Seq(SeqJob<'a, 'b, 'c, 'd, 'e, 'f>),
    Huf(HufJob<'a, 'c>),
    Tree(TreeJob<'a, 'c>),
}

/// `nb_seq` sequences of `stream` decoded and executed into `out`.
struct SeqJob<'a, 'b, 'c, 'd, 'e, 'f> {
    ent: &'a mut Entropy<'b>,
    nb_seq: usize,
    stream: &'c [u8],
    lits: Lits<'f>,
    out: &'a mut Out<'d, 'e>,
}

/// One Huffman stream of `src`, or four behind a jump table, decoded into `out`.
struct HufJob<'a, 'c> {
    table: &'a HufTable,
    log: u32,
    src: &'c [u8],
    out: &'a mut [u8],
    four: bool,
}

/// The tree description at the start of `src` read into `table` and `log`.
struct TreeJob<'a, 'c> {
    table: &'a mut HufTable,
    log: &'a mut u32,
    src: &'c [u8],
    fse: &'a mut [Entry; 64],
    sorted: &'a mut [u8; 256],
    /// Smallest log to build the table at (see [`WIDE_FROM`]).
    min_log: u32,
}

/// Literal sections of at least this many bytes get an 11-bit table whatever their
/// tree's depth (each cell repeated, see `huf::build_table`), read with a constant
/// shift: the table's index then needs no mask, one operation less on each stream's
/// chain of dependent loads. Smaller sections (pages) keep the tree's own log, whose
/// smaller fill costs about what the mask does (decoder-performance.md).
const WIDE_FROM: usize = 4096;

/// Runs a [`Hot`] job: [`GENERIC`] or a CPU-specific runner chosen by the caller.
pub type Dispatch =
    for<'a, 'b, 'c, 'd, 'e, 'f> fn(Hot<'a, 'b, 'c, 'd, 'e, 'f>) -> Result<usize, Error>;

/// Baseline code, for every CPU.
pub const GENERIC: Dispatch = run_generic;

fn run_generic(h: Hot<'_, '_, '_, '_, '_, '_>) -> Result<usize, Error> {
    h.run()
}

impl<'a, 'b, 'c, 'd, 'e, 'f> Hot<'a, 'b, 'c, 'd, 'e, 'f> {
    /// Decoding and execution of `nb_seq` sequences (see [`execute::decode_and_execute`]);
    /// yields the new write position.
    pub(crate) fn seq(
        ent: &'a mut Entropy<'b>,
        nb_seq: usize,
        stream: &'c [u8],
        lits: Lits<'f>,
        out: &'a mut Out<'d, 'e>,
    ) -> Self {
        let job = SeqJob {
            ent,
            nb_seq,
            stream,
            lits,
            out,
        };
        Hot(Job::Seq(job))
    }

    /// Huffman decoding of one or four streams into `out` (yields 0).
    pub(crate) fn huf(
        table: &'a HufTable,
        log: u32,
        src: &'c [u8],
        out: &'a mut [u8],
        four: bool,
    ) -> Self {
        let job = HufJob {
            table,
            log,
            src,
            out,
            four,
        };
        Hot(Job::Huf(job))
    }

    /// Reading of the Huffman tree description at the start of `src` into `table` and
    /// its Max_Number_of_Bits `log` (yields the description's size), with `scratch`.
    pub(crate) fn tree(
        table: &'a mut HufTable,
        log: &'a mut u32,
        src: &'c [u8],
        scratch: &'a mut TreeScratch<'_>,
        literals: usize,
    ) -> Self {
        let (fse, sorted) = (&mut *scratch.fse, &mut *scratch.sorted);
        let min_log = if literals >= WIDE_FROM {
            crate::tables::HUF_MAX_LOG
        } else {
            0
        };
        Hot(Job::Tree(TreeJob {
            table,
            log,
            src,
            fse,
            sorted,
            min_log,
        }))
    }

    /// Hands the job to the runner of its kind.
    #[inline(always)]
    fn dispatch(
        self,
        seq: impl FnOnce(SeqJob<'a, 'b, 'c, 'd, 'e, 'f>) -> Result<usize, Error>,
        huf: impl FnOnce(HufJob<'a, 'c>) -> Result<(), Error>,
        tree: impl FnOnce(TreeJob<'a, 'c>) -> Result<usize, Error>,
    ) -> Result<usize, Error> {
        match self.0 {
            Job::Seq(j) => seq(j),
            Job::Huf(j) => huf(j).map(|()| 0),
            Job::Tree(j) => tree(j),
        }
    }

    /// Runs the job with the baseline code.
    pub fn run(self) -> Result<usize, Error> {
        self.dispatch(
            |j| {
                if execute::has_dict(j.out) {
                    seq_generic::<true>(j.ent, j.nb_seq, j.stream, j.lits, j.out)
                } else {
                    seq_generic::<false>(j.ent, j.nb_seq, j.stream, j.lits, j.out)
                }
            },
            |j| huf_generic(j.table, j.log, j.src, j.out, j.four),
            |j| tree_generic(j),
        )
    }

    /// Runs the job with code compiled for BMI1, BMI2 and LZCNT; the FFI shim's `cpu`
    /// module checks the CPU first.
    ///
    /// # Safety
    /// Calling it from code without these features is `unsafe`: the CPU must implement
    /// BMI1, BMI2 and LZCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,lzcnt")]
    pub fn run_bmi2(self) -> Result<usize, Error> {
        // Closures inherit the features, so they may call the `_bmi2` functions.
        self.dispatch(
            |j| {
                if execute::has_dict(j.out) {
                    seq_bmi2::<true>(j.ent, j.nb_seq, j.stream, j.lits, j.out)
                } else {
                    seq_bmi2::<false>(j.ent, j.nb_seq, j.stream, j.lits, j.out)
                }
            },
            |j| huf_bmi2(j.table, j.log, j.src, j.out, j.four),
            |j| tree_bmi2(j),
        )
    }
}

// The runners take the job's fields as arguments: references passed so are known not
// to alias, which the loops need to keep their values in registers (as a struct's
// fields they are not: the sequence loop ran 2.6% more instructions). `DICT`: frames
// with a dictionary get a copy of their own (see `execute::decode_and_execute`).
#[inline(never)]
fn seq_generic<const DICT: bool>(
    ent: &mut Entropy<'_>,
    nb_seq: usize,
    stream: &[u8],
    lits: Lits<'_>,
    out: &mut Out<'_, '_>,
) -> Result<usize, Error> {
    execute::decode_and_execute::<DICT, _>(ent, nb_seq, stream, lits, out, execute::low_bits)
}

/// [`execute::decode_and_execute`] compiled for BMI1, BMI2 and LZCNT, its bit fields
/// taken with bare `bzhi` instructions.
///
/// # Safety
/// Only [`Hot::run_bmi2`] calls it, after its caller checked the CPU.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,lzcnt")]
#[inline(never)]
fn seq_bmi2<const DICT: bool>(
    ent: &mut Entropy<'_>,
    nb_seq: usize,
    stream: &[u8],
    lits: Lits<'_>,
    out: &mut Out<'_, '_>,
) -> Result<usize, Error> {
    execute::decode_and_execute::<DICT, _>(ent, nb_seq, stream, lits, out, |v, n| {
        core::arch::x86_64::_bzhi_u64(v, n)
    })
}

#[inline(always)]
fn huf_body(
    table: &HufTable,
    log: u32,
    src: &[u8],
    out: &mut [u8],
    four: bool,
) -> Result<(), Error> {
    if four {
        huf::decode_4_streams(table, log, src, out)
    } else {
        huf::decode_stream(table, log, src, out)
    }
}

#[inline(never)]
fn huf_generic(
    table: &HufTable,
    log: u32,
    src: &[u8],
    out: &mut [u8],
    four: bool,
) -> Result<(), Error> {
    huf_body(table, log, src, out, four)
}

/// Huffman stream decoding compiled for BMI1, BMI2 and LZCNT.
///
/// # Safety
/// Only [`Hot::run_bmi2`] calls it, after its caller checked the CPU.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,lzcnt")]
#[inline(never)]
fn huf_bmi2(
    table: &HufTable,
    log: u32,
    src: &[u8],
    out: &mut [u8],
    four: bool,
) -> Result<(), Error> {
    huf_body(table, log, src, out, four)
}

/// Reads a tree description (weights, then the decoding table); returns its size. Its
/// own function, so its frame (weights, their counts and FSE table) is not added to the
/// stream decoder's.
#[inline(always)]
fn tree_body(j: TreeJob<'_, '_>, min_log: u32) -> Result<usize, Error> {
    let min_log = min_log.max(j.min_log);
    let mut w = Weights {
        weights: [0; 256],
        symbols: 0,
        max_bits: 0,
        rank: [0; 16],
    };
    let used = read_weights(j.src, &mut w, j.fse)?;
    *j.log = huf::build_table(&w, j.table, min_log, j.sorted);
    Ok(used)
}

#[inline(never)]
fn tree_generic(j: TreeJob<'_, '_>) -> Result<usize, Error> {
    // 11-bit tables, read with a constant shift (see `huf::build_table`).
    tree_body(j, crate::tables::HUF_MAX_LOG)
}

/// Tree description reading compiled for BMI1, BMI2 and LZCNT.
///
/// # Safety
/// Only [`Hot::run_bmi2`] calls it, after its caller checked the CPU.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,lzcnt")]
#[inline(never)]
fn tree_bmi2(j: TreeJob<'_, '_>) -> Result<usize, Error> {
    tree_body(j, 0)
}
