// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Decompression dictionary (RFC 8878 §5): Magic_Number 0xEC30A437, Dictionary_ID,
//! Entropy_Tables (Huffman, then FSE for offsets, match lengths, literal lengths), three
//! Recent_Offsets, then Content. Anything without the magic is raw content.
//!
//! The content is referenced, not copied; the entropy tables are built once into the
//! caller's workspace.

use crate::decompress::entropy::Entropy;
use crate::decompress::sequences::read_dict_table;
use crate::error::Error;
use crate::huf::decode::build_table;
use crate::huf::weights::{read_weights, Weights};
use crate::tables::DICT_MAGIC;
use crate::workspace::Carver;

pub struct DDict<'a> {
    content: &'a [u8],
    ent: Entropy<'a>,
    dict_id: u32,
}

impl<'a> DDict<'a> {
    /// Workspace bytes [`DDict::new`] needs for a dictionary of `dict_len` bytes
    /// (tables only: the content stays in the caller's buffer).
    pub const fn workspace_bound(_dict_len: usize) -> usize {
        Entropy::BYTES
    }

    /// Loads `dict`, building its tables in `ws`.
    pub fn new(dict: &'a [u8], ws: &'a mut [u8]) -> Result<Self, Error> {
        let mut c = Carver::new(ws);
        let mut ent = Entropy::carve(&mut c).ok_or(Error::memory_allocation)?;
        let is_zstd = dict.len() >= 8
            && u32::from_le_bytes([dict[0], dict[1], dict[2], dict[3]]) == DICT_MAGIC;
        if !is_zstd {
            return Ok(Self {
                content: dict,
                ent,
                dict_id: 0,
            });
        }
        let dict_id = u32::from_le_bytes([dict[4], dict[5], dict[6], dict[7]]);
        let content_start =
            load_entropy(&dict[8..], &mut ent).map_err(|_| Error::dictionary_corrupted)? + 8;
        let content = &dict[content_start..];
        for &r in &ent.reps {
            if r == 0 || r as usize > content.len() {
                return Err(Error::dictionary_corrupted);
            }
        }
        Ok(Self {
            content,
            ent,
            dict_id,
        })
    }

    /// Dictionary_ID (0 for raw content).
    pub fn dict_id(&self) -> u32 {
        self.dict_id
    }

    /// The content frames may reference.
    pub fn content(&self) -> &'a [u8] {
        self.content
    }

    /// Tables and repeat offsets a frame starts with.
    pub fn entropy(&self) -> &Entropy<'a> {
        &self.ent
    }
}

/// Reads Entropy_Tables and Recent_Offsets; returns bytes used.
fn load_entropy(src: &[u8], ent: &mut Entropy) -> Result<usize, Error> {
    let mut w = Weights {
        weights: [0; 256],
        symbols: 0,
        max_bits: 0,
    };
    let mut pos = read_weights(src, &mut w)?;
    ent.huf_log = build_table(&w, ent.huf);
    pos += read_dict_table(src.get(pos..).ok_or(Error::GENERIC)?, &mut ent.of, 1)?;
    pos += read_dict_table(src.get(pos..).ok_or(Error::GENERIC)?, &mut ent.ml, 2)?;
    pos += read_dict_table(src.get(pos..).ok_or(Error::GENERIC)?, &mut ent.ll, 0)?;
    let r = src.get(pos..pos + 12).ok_or(Error::GENERIC)?;
    for (i, rep) in ent.reps.iter_mut().enumerate() {
        *rep = u32::from_le_bytes([r[4 * i], r[4 * i + 1], r[4 * i + 2], r[4 * i + 3]]);
    }
    Ok(pos + 12)
}
