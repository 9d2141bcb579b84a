// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Decompression dictionary (RFC 8878 §5), zstd-format or raw content, read by
//! [`crate::dict`].
//!
//! The content is referenced, not copied; the entropy tables are built once into the
//! caller's workspace, as the decoding tables a frame using the dictionary starts with.

use super::entropy::Entropy;
use super::sequences::build_dict_table;
use crate::dict::{self, Table};
use crate::error::Error;
use crate::huf::decode::build_table;
use crate::workspace::Carver;

/// A dictionary digested for decompression.
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
        let d = dict::read(dict, |t| match t {
            Table::Huffman(w) => {
                ent.huf_log = build_table(w, ent.huf, 0, ent.tree.sorted);
                Ok(())
            }
            Table::Fse(seq, counts) => build_dict_table(counts, &mut ent, seq),
        })?;
        ent.reps = d.rep;
        Ok(Self {
            content: d.content,
            ent,
            dict_id: d.id,
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
