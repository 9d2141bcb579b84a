// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Entropy state a frame carries from block to block (RFC 8878 §3.1.1.3.2.1.1
//! "Repeat_Mode", §4.2.1 treeless literals): the last Huffman table, the last FSE tables
//! for literal lengths, offsets and match lengths, and the repeat offsets.

use super::hot::{Dispatch, GENERIC};
use crate::fse::decode::Entry;
use crate::huf::decode::{HufTable, TABLE_CELLS};
use crate::tables::{LL_MAX_LOG, ML_MAX_LOG, OF_MAX_LOG, REP_START};
use crate::workspace::Carver;

pub(crate) const LL_CELLS: usize = 1 << LL_MAX_LOG;
pub(crate) const ML_CELLS: usize = 1 << ML_MAX_LOG;
pub(crate) const OF_CELLS: usize = 1 << OF_MAX_LOG;

/// One FSE table slot with its log; `log == None` until a block (or dictionary) sets it.
pub struct SeqTable<'a, const N: usize> {
    pub cells: &'a mut [Entry; N],
    pub log: Option<u32>,
    /// `cells` hold the predefined table (kept across frames: rebuilding it for every
    /// block that uses it would cost as much as decoding a few hundred sequences).
    pub predefined: bool,
}

impl<const N: usize> SeqTable<'_, N> {
    fn copy_from(&mut self, other: &SeqTable<'_, N>) {
        self.log = other.log;
        self.predefined = false;
        if let Some(log) = other.log {
            let n = (1usize << log).min(N);
            self.cells[..n].copy_from_slice(&other.cells[..n]);
            self.predefined = other.predefined;
        }
    }
}

pub struct Entropy<'a> {
    pub huf: &'a mut HufTable,
    /// Max_Number_of_Bits of `huf`; 0 when there is no table yet.
    pub huf_log: u32,
    pub ll: SeqTable<'a, LL_CELLS>,
    pub of: SeqTable<'a, OF_CELLS>,
    pub ml: SeqTable<'a, ML_CELLS>,
    pub reps: [u32; 3],
    /// Runs the hot loops (baseline code unless the owner chose a CPU-specific runner).
    pub dispatch: Dispatch,
}

impl<'a> Entropy<'a> {
    /// Workspace bytes [`Entropy::carve`] takes.
    pub const BYTES: usize = TABLE_CELLS * 2 + (LL_CELLS + OF_CELLS + ML_CELLS) * 8;

    pub fn carve(c: &mut Carver<'a>) -> Option<Self> {
        let huf: &mut HufTable = c.table::<2>(TABLE_CELLS)?.try_into().ok()?;
        let ll = c.table::<8>(LL_CELLS)?.try_into().ok()?;
        let of = c.table::<8>(OF_CELLS)?.try_into().ok()?;
        let ml = c.table::<8>(ML_CELLS)?.try_into().ok()?;
        Some(Self {
            huf,
            huf_log: 0,
            ll: SeqTable {
                cells: ll,
                log: None,
                predefined: false,
            },
            of: SeqTable {
                cells: of,
                log: None,
                predefined: false,
            },
            ml: SeqTable {
                cells: ml,
                log: None,
                predefined: false,
            },
            reps: REP_START,
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
    }

    /// State at the start of a frame using a dictionary's tables.
    pub fn copy_from(&mut self, d: &Entropy<'_>) {
        self.huf_log = d.huf_log;
        if d.huf_log > 0 {
            self.huf.copy_from_slice(d.huf);
        }
        self.ll.copy_from(&d.ll);
        self.of.copy_from(&d.of);
        self.ml.copy_from(&d.ml);
        self.reps = d.reps;
    }
}
