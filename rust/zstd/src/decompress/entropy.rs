// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Entropy state a frame carries from block to block (RFC 8878 §3.1.1.3.2.1.1
//! "Repeat_Mode", §4.2.1 treeless literals): the last Huffman table, the last FSE tables
//! for literal lengths, offsets and match lengths, and the repeat offsets.

use super::hot::{Dispatch, GENERIC};
use crate::fse::decode::{Entry, Spread};
use crate::huf::decode::{HufTable, TABLE_CELLS};
use crate::huf::weights::TreeScratch;
use crate::tables::{LL_MAX_LOG, ML_MAX_LOG, OF_MAX_LOG, REP_START};
use crate::workspace::Carver;

pub(crate) const LL_CELLS: usize = 1 << LL_MAX_LOG;
pub(crate) const ML_CELLS: usize = 1 << ML_MAX_LOG;
pub(crate) const OF_CELLS: usize = 1 << OF_MAX_LOG;

/// Where each table starts in [`SeqCells`]: one array for the three, so the sequence
/// loop keeps one base pointer, and every masked index (`LL_AT + (state & 511)`, ...)
/// is provably inside it.
pub(crate) const LL_AT: usize = 0;
pub(crate) const OF_AT: usize = LL_AT + LL_CELLS;
pub(crate) const ML_AT: usize = OF_AT + OF_CELLS;
pub(crate) const SEQ_CELLS: usize = ML_AT + ML_CELLS;

/// The literal length, offset and match length decoding tables, in this order.
pub(crate) type SeqCells = [Entry; SEQ_CELLS];

/// What a block (or dictionary) set in one of the three tables.
#[derive(Clone, Copy)]
pub struct SeqTable {
    /// Accuracy log; `None` until a block (or dictionary) sets the table.
    pub log: Option<u32>,
    /// The cells hold the predefined table (kept across frames: rebuilding it for every
    /// block that uses it would cost as much as decoding a few hundred sequences).
    pub predefined: bool,
}

impl SeqTable {
    const UNSET: Self = Self {
        log: None,
        predefined: false,
    };
}

pub struct Entropy<'a> {
    pub huf: &'a mut HufTable,
    /// Max_Number_of_Bits of `huf`; 0 when there is no table yet.
    pub huf_log: u32,
    /// Cells of the three sequence tables, see [`SeqCells`].
    pub seq: &'a mut SeqCells,
    pub ll: SeqTable,
    pub of: SeqTable,
    pub ml: SeqTable,
    pub reps: [u32; 3],
    /// Which tables in use are still a dictionary's (`DICT_*` bits), not in this
    /// context's cells.
    pub(crate) dict: u8,
    /// Scratch for reading Huffman tree descriptions.
    pub(crate) tree: TreeScratch<'a>,
    /// Scratch for building the sequence tables.
    pub(crate) spread: Spread<'a>,
    /// Runs the hot loops (baseline code unless the owner chose a CPU-specific runner).
    pub dispatch: Dispatch,
}

impl<'a> Entropy<'a> {
    /// Workspace bytes [`Entropy::carve`] takes.
    pub const BYTES: usize = TABLE_CELLS * 2 + SEQ_CELLS * 8 + TreeScratch::BYTES + Spread::BYTES;

    pub fn carve(c: &mut Carver<'a>) -> Option<Self> {
        let huf: &mut HufTable = c.table::<2>(TABLE_CELLS)?.try_into().ok()?;
        let seq = c.table::<8>(SEQ_CELLS)?.try_into().ok()?;
        let tree = TreeScratch::carve(c)?;
        let spread = Spread::carve(c)?;
        Some(Self {
            huf,
            huf_log: 0,
            seq,
            ll: SeqTable::UNSET,
            of: SeqTable::UNSET,
            ml: SeqTable::UNSET,
            reps: REP_START,
            dict: 0,
            tree,
            spread,
            dispatch: GENERIC,
        })
    }

    /// State at the start of a frame without dictionary.
    pub fn reset(&mut self) {
        self.huf_log = 0;
        self.ll.log = None;
        self.of.log = None;
        self.ml.log = None;
        self.reps = REP_START;
        self.dict = 0;
    }

    /// State at the start of a frame using a dictionary's tables, none copied: the
    /// Huffman table is read where it is (as C reads a DDict's); the sequence tables
    /// too while all three in use are the dictionary's and the sequence loop's `DICT`
    /// copy runs, else they are copied in by the first block that decodes sequences
    /// with them ([`Entropy::take_dict_tables`]).
    pub fn use_dict(&mut self, d: &Entropy<'_>) {
        self.huf_log = d.huf_log;
        self.ll = d.ll;
        self.of = d.of;
        self.ml = d.ml;
        let set = |t: SeqTable, bit: u8| if t.log.is_some() { bit } else { 0 };
        self.dict = set(d.ll, DICT_LL) | set(d.of, DICT_OF) | set(d.ml, DICT_ML);
        if d.huf_log > 0 {
            self.dict |= DICT_HUF;
        }
        self.reps = d.reps;
    }

    /// Before `nb_seq > 0` sequences decode with the context's cells: copies in the
    /// dictionary's tables still in use (only blocks that use them pay for the copy).
    pub(crate) fn take_dict_tables(&mut self, tables: Option<DictTables<'_>>) {
        let from = self.dict & DICT_SEQ;
        let Some(t) = tables.filter(|_| from != 0) else {
            return;
        };
        for (bit, at, cells, log) in [
            (DICT_LL, LL_AT, LL_CELLS, t.logs[0]),
            (DICT_OF, OF_AT, OF_CELLS, t.logs[1]),
            (DICT_ML, ML_AT, ML_CELLS, t.logs[2]),
        ] {
            if from & bit != 0 {
                let n = (1usize << log.min(16)).min(cells);
                self.seq[at..at + n].copy_from_slice(&t.seq[at..at + n]);
            }
        }
        self.dict &= !DICT_SEQ;
    }
}

/// [`Entropy::dict`] bits: the table in use is the dictionary's, not the context's.
pub(crate) const DICT_HUF: u8 = 1;
pub(crate) const DICT_LL: u8 = 2;
pub(crate) const DICT_OF: u8 = 4;
pub(crate) const DICT_ML: u8 = 8;
pub(crate) const DICT_SEQ: u8 = DICT_LL | DICT_OF | DICT_ML;

/// A dictionary's decoding tables, read where they are.
#[derive(Clone, Copy)]
pub(crate) struct DictTables<'t> {
    pub huf: &'t HufTable,
    pub seq: &'t SeqCells,
    /// Accuracy logs of its literal length, offset and match length tables.
    pub logs: [u32; 3],
}

impl<'t> DictTables<'t> {
    pub(crate) fn of(e: &'t Entropy<'_>) -> Self {
        let log = |t: SeqTable| t.log.unwrap_or(0);
        Self {
            huf: e.huf,
            seq: e.seq,
            logs: [log(e.ll), log(e.of), log(e.ml)],
        }
    }
}
