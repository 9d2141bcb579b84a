// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Entropy-coding state carried from block to block (RFC 8878 §3.1.1.3.1.1 Treeless
//! literals, §3.1.1.3.2.1 Repeat_Mode) and the scratch tables of the block writer.

use super::hot::{Dispatch, GENERIC};
use crate::fse::encode::{CTables, Held};
use crate::huf::encode::{HufCTable, HufScratch};
use crate::workspace::Carver;

/// Largest alphabet of a sequence field (match-length codes 0..=52).
pub(crate) const SEQ_SYMBOLS: usize = 64;

/// A sequence field's distribution as a later block may repeat it.
pub(crate) struct SeqTable<'a> {
    norm: &'a mut [u8; 2 * SEQ_SYMBOLS],
    /// Accuracy log.
    pub log: u32,
    /// Alphabet size in use.
    pub len: usize,
    /// True when a decoder holds this table (an FSE-compressed table was sent).
    pub valid: bool,
    /// Identity of the distribution, unique within the [`Entropy`] that made it (and
    /// those that copied its state): an encoding table built for it can be kept.
    pub id: u64,
}

impl<'a> SeqTable<'a> {
    fn new(c: &mut Carver<'a>) -> Option<Self> {
        Some(Self {
            norm: c.array()?,
            log: 0,
            len: 0,
            valid: false,
            id: 0,
        })
    }

    /// Stores `norm` of accuracy `log`, a distribution with identity `id`.
    pub(crate) fn set(&mut self, norm: &[i16], log: u32, id: u64) {
        self.id = id;
        let n = norm.len().min(SEQ_SYMBOLS);
        for (i, &p) in norm[..n].iter().enumerate() {
            self.norm[2 * i..2 * i + 2].copy_from_slice(&p.to_le_bytes());
        }
        self.log = log;
        self.len = n;
        self.valid = true;
    }

    /// Copies the distribution into `out`; returns its length.
    pub(crate) fn get(&self, out: &mut [i16; SEQ_SYMBOLS]) -> usize {
        for (i, o) in out.iter_mut().enumerate().take(self.len) {
            *o = i16::from_le_bytes([self.norm[2 * i], self.norm[2 * i + 1]]);
        }
        self.len
    }

    fn copy_from(&mut self, o: &SeqTable<'_>) {
        self.norm.copy_from_slice(&o.norm[..]);
        self.log = o.log;
        self.len = o.len;
        self.valid = o.valid;
        self.id = o.id;
    }
}

/// Entries of [`Entropy::seq_count`]: three 64-entry histograms (literal-length,
/// match-length and offset codes, each indexed by a masked code).
pub(crate) const SEQ_COUNT: usize = 3 * 64;

/// Entries of [`Entropy::cuts`] (C's `ZSTD_MAX_NB_BLOCK_SPLITS`).
pub(crate) const MAX_CUTS: usize = 196;

/// What the block writer needs across blocks, plus its scratch.
pub(crate) struct Entropy<'a> {
    /// Huffman table the decoder holds (valid when `huf_valid`).
    pub huf_prev: HufCTable<'a>,
    /// Huffman table built for the current block.
    pub huf_next: HufCTable<'a>,
    pub huf_valid: bool,
    /// The current block sent `huf_next`.
    pub huf_pending: bool,
    /// Sequence tables (literal lengths, offsets, match lengths) the decoder holds, and
    /// those the current block sets (see [`Entropy::next_table`]).
    pub prev: [SeqTable<'a>; 3],
    next: [SeqTable<'a>; 3],
    /// Which of `next` the current block set; the others repeat `prev`'s.
    set: [bool; 3],
    /// Scratch: encoding tables, Huffman building space, literal histogram.
    pub ct: CTables<'a>,
    pub huf_scratch: HufScratch<'a>,
    pub lit_count: &'a mut [[u8; 4]],
    /// Scratch: the literal-length and match-length codes of a block's sequences, taken
    /// once with their histograms and read back by the encoding loop (C's `llCode` and
    /// `mlCode`); empty in a dictionary's state, whose blocks are never written.
    pub codes: &'a mut [[u8; 2]],
    /// Scratch: the code histograms of a block's sequences (u32, native byte order; see
    /// `sequences::histograms`), kept off the kernel stack as C keeps them in its
    /// entropy workspace.
    pub seq_count: &'a mut [[u8; 4]; SEQ_COUNT],
    /// Scratch: the cut points of a block split by its sequences (`seq_split`).
    pub cuts: &'a mut [[u8; 2]; MAX_CUTS],
    /// Runs the entropy-coding loops (baseline or CPU-specific code).
    pub dispatch: Dispatch,
    /// The next distribution identity (see [`SeqTable::id`]).
    next_id: u64,
}

impl<'a> Entropy<'a> {
    /// Workspace bytes.
    pub(crate) const WORKSPACE: usize = 2 * HufCTable::WORKSPACE
        + 6 * 2 * SEQ_SYMBOLS
        + CTables::WORKSPACE
        + HufScratch::WORKSPACE
        + 1024
        + 4 * SEQ_COUNT
        + 2 * MAX_CUTS;

    /// Workspace bytes of the code scratch for blocks of up to `max_seqs` sequences.
    pub(crate) const fn codes_size(max_seqs: usize) -> usize {
        2 * max_seqs
    }

    /// Carves the state out of a workspace, without code scratch.
    pub(crate) fn new(c: &mut Carver<'a>) -> Option<Self> {
        Self::new_for(c, 0)
    }

    /// Carves the state and code scratch for `max_seqs` sequences out of a workspace.
    pub(crate) fn new_for(c: &mut Carver<'a>, max_seqs: usize) -> Option<Self> {
        Some(Self {
            huf_prev: HufCTable::new(c)?,
            huf_next: HufCTable::new(c)?,
            huf_valid: false,
            huf_pending: false,
            prev: [SeqTable::new(c)?, SeqTable::new(c)?, SeqTable::new(c)?],
            next: [SeqTable::new(c)?, SeqTable::new(c)?, SeqTable::new(c)?],
            set: [false; 3],
            ct: CTables::new(c)?,
            huf_scratch: HufScratch::new(c)?,
            lit_count: c.table::<4>(256)?,
            codes: c.table::<2>(max_seqs)?,
            seq_count: c.table::<4>(SEQ_COUNT)?.try_into().ok()?,
            cuts: c.table::<2>(MAX_CUTS)?.try_into().ok()?,
            dispatch: GENERIC,
            next_id: 1,
        })
    }

    /// Start of a frame without dictionary: the decoder holds no table.
    pub(crate) fn reset(&mut self) {
        self.huf_valid = false;
        self.huf_pending = false;
        for t in self.prev.iter_mut().chain(self.next.iter_mut()) {
            t.valid = false;
        }
    }

    /// Prepares a block: it leaves the decoder's tables as they are until it says otherwise.
    pub(crate) fn begin_block(&mut self) {
        self.huf_pending = false;
        self.set = [false; 3];
    }

    /// Table `k` (0..3) as the current block sets it (its contents are the block's to
    /// write: a table not taken here stays as the decoder holds it).
    pub(crate) fn next_table(&mut self, k: usize) -> &mut SeqTable<'a> {
        let k = k.min(2);
        self.set[k] = true;
        &mut self.next[k]
    }

    /// The block was sent compressed: the decoder now holds the block's tables.
    pub(crate) fn commit(&mut self) {
        if self.huf_pending {
            core::mem::swap(&mut self.huf_prev, &mut self.huf_next);
            self.huf_valid = true;
            self.huf_pending = false;
        }
        // The tables set trade places with the decoder's (no copy; the old ones are
        // the next block's to overwrite).
        for ((p, n), set) in self.prev.iter_mut().zip(&mut self.next).zip(self.set) {
            if set {
                core::mem::swap(p, n);
            }
        }
        self.set = [false; 3];
    }

    /// A new distribution identity.
    pub(crate) fn fresh_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id = id.wrapping_add(1);
        id
    }

    /// Copies the decoder-visible state of `o` (a dictionary's tables) and the sequence
    /// tables built for it, adopting `o`'s identities (every identity held here after
    /// this came from `o`, and new ones follow all of them).
    pub(crate) fn copy_state_from(&mut self, o: &Entropy<'_>) {
        self.huf_prev.copy_from(&o.huf_prev);
        self.huf_valid = o.huf_valid;
        self.huf_pending = false;
        for i in 0..3 {
            self.prev[i].copy_from(&o.prev[i]);
        }
        self.ct.copy_from(&o.ct);
        self.next_id = o.next_id;
    }

    /// Builds the encoding tables of the decoder's sequence tables (a dictionary's), so
    /// that the contexts that copy this state repeat them without building. Its own
    /// frame: `CDict::new`'s stays below the kernel's 2 KiB limit.
    #[inline(never)]
    pub(crate) fn build_repeat_tables(&mut self) {
        let mut norm = [0i16; SEQ_SYMBOLS];
        for k in 0..3 {
            if self.prev[k].valid {
                let len = self.prev[k].get(&mut norm);
                let what = Held::Table(self.prev[k].id);
                self.ct.build(k, &norm[..len], self.prev[k].log, what);
            }
        }
    }
}
