// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! A dictionary's parts for compression: [`crate::dict`] reads the format; the Huffman
//! weights become code lengths and the normalized counts the sequence distributions a
//! frame using the dictionary starts with.

use super::entropy::Entropy;
use crate::dict::{self, Table};
use crate::error::Error;
use crate::huf::weights::Weights;

/// A dictionary split into its parts.
pub(crate) struct Parsed<'d> {
    /// Dictionary_ID (0 for raw content).
    pub id: u32,
    /// History the first block may reference.
    pub content: &'d [u8],
    /// Repeat offsets a frame starts with.
    pub rep: [u32; 3],
    dict: &'d [u8],
}

/// Prepares `dict` for [`load_tables`]. Dictionaries shorter than 8 bytes are ignored
/// (empty content), as C's compressor does.
pub(crate) fn parse(dict: &[u8]) -> Parsed<'_> {
    Parsed {
        id: 0,
        content: &[],
        rep: crate::tables::REP_START,
        dict: if dict.len() < 8 { &[] } else { dict },
    }
}

/// Huffman code lengths from tree-description weights (RFC 8878 §4.2.1.1:
/// `Number_of_Bits = Max_Number_of_Bits + 1 - Weight`, 0 for weight 0).
fn code_lengths(w: &Weights) -> [u8; 256] {
    let mut lens = [0u8; 256];
    for (len, &x) in lens.iter_mut().zip(&w.weights[..w.symbols]) {
        if x > 0 {
            // read_weights bounds every weight by max_bits: no wrap.
            *len = (w.max_bits + 1 - u32::from(x)) as u8;
        }
    }
    lens
}

/// Reads a zstd dictionary's entropy tables into `ent` (the decoder's state at the start
/// of a frame) and completes `p` with its ID, repeat offsets and content. Its own
/// frame keeps the decoding tables it reads with off its callers' stacks.
#[inline(never)]
pub(crate) fn load_tables(p: &mut Parsed<'_>, ent: &mut Entropy<'_>) -> Result<(), Error> {
    ent.reset();
    let d = dict::read(p.dict, |t| {
        match t {
            Table::Huffman(w) => {
                if !ent.huf_prev.set_lengths(&code_lengths(w)) {
                    return Err(Error::dictionary_corrupted);
                }
                ent.huf_valid = true;
            }
            Table::Fse(seq, c) => {
                let n = c.max_symbol + 1;
                let id = ent.fresh_id();
                ent.prev[seq as usize].set(&c.counts[..n], c.table_log, id);
            }
        }
        Ok(())
    })?;
    p.id = d.id;
    p.rep = d.rep;
    p.content = d.content;
    Ok(())
}
