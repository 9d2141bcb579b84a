// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The dictionary format (RFC 8878 §5), read once for both directions: Magic_Number
//! 0xEC30A437, Dictionary_ID, Entropy_Tables (a Huffman tree description, then FSE table
//! descriptions for offsets, match lengths and literal lengths), three Recent_Offsets, then
//! Content. Anything without the magic is raw content.
//!
//! The tables are read with the readers frames use ([`read_weights`], [`read_counts`]) and
//! handed to the caller, which builds decoding tables ([`DDict`](crate::DDict)) or
//! encoding tables ([`CDict`](crate::CDict)) from them.

use crate::error::Error;
use crate::fse::header::{read_counts, NormalizedCounts};
use crate::huf::weights::{read_weights, Weights};
use crate::tables::{
    DICT_MAGIC, LL_MAX_LOG, MAX_LL, MAX_ML, MAX_OF, ML_MAX_LOG, OF_MAX_LOG, REP_START,
};

/// The three sequence alphabets; the value is the index both directions keep their
/// tables under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seq {
    LiteralLengths = 0,
    Offsets = 1,
    MatchLengths = 2,
}

/// One entropy table of a dictionary, as its description gives it.
pub(crate) enum Table<'t> {
    /// The literals' Huffman weights.
    Huffman(&'t Weights),
    /// Normalized counts of one sequence alphabet.
    Fse(Seq, &'t NormalizedCounts<64>),
}

/// A dictionary's identity, repeat offsets and content.
pub(crate) struct Dictionary<'d> {
    /// Dictionary_ID (0 for raw content).
    pub(crate) id: u32,
    /// Repeat offsets a frame starts with.
    pub(crate) rep: [u32; 3],
    /// What frames may reference.
    pub(crate) content: &'d [u8],
}

/// FSE descriptions in the order a dictionary stores them, with their limits.
const FSE_TABLES: [(Seq, usize, u32); 3] = [
    (Seq::Offsets, MAX_OF, OF_MAX_LOG),
    (Seq::MatchLengths, MAX_ML, ML_MAX_LOG),
    (Seq::LiteralLengths, MAX_LL, LL_MAX_LOG),
];

/// Reads `dict`, handing each entropy table to `sink` in the order it is stored (Huffman,
/// then offsets, match lengths, literal lengths). Raw content (no magic, or shorter than
/// the 8-byte header) calls `sink` for nothing and starts with the default repeat
/// offsets. Every defect, also one `sink` reports, is `dictionary_corrupted`.
pub(crate) fn read<'d>(
    dict: &'d [u8],
    mut sink: impl FnMut(Table<'_>) -> Result<(), Error>,
) -> Result<Dictionary<'d>, Error> {
    let le32 = |b: &[u8]| u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    if dict.len() < 8 || le32(dict) != DICT_MAGIC {
        return Ok(Dictionary {
            id: 0,
            rep: REP_START,
            content: dict,
        });
    }
    let bad = |_| Error::dictionary_corrupted;
    let src = &dict[8..];
    let mut weights = Weights {
        weights: [0; 256],
        symbols: 0,
        max_bits: 0,
        rank: [0; 16],
    };
    let mut pos = read_weights(src, &mut weights, &mut [[0; 8]; 64]).map_err(bad)?;
    sink(Table::Huffman(&weights)).map_err(bad)?;
    let mut counts = NormalizedCounts {
        counts: [0; 64],
        max_symbol: 0,
        table_log: 0,
        less_than_one: false,
    };
    for (seq, max_symbol, max_log) in FSE_TABLES {
        let rest = src.get(pos..).ok_or(Error::dictionary_corrupted)?;
        pos += read_counts(rest, max_symbol, max_log, &mut counts).map_err(bad)?;
        sink(Table::Fse(seq, &counts)).map_err(bad)?;
    }
    let reps = src.get(pos..pos + 12).ok_or(Error::dictionary_corrupted)?;
    let content = &src[pos + 12..];
    let rep = [le32(reps), le32(&reps[4..]), le32(&reps[8..])];
    // Every repeat offset must point into the content.
    if rep.iter().any(|&r| r == 0 || r as usize > content.len()) {
        return Err(Error::dictionary_corrupted);
    }
    Ok(Dictionary {
        id: le32(&dict[4..]),
        rep,
        content,
    })
}
