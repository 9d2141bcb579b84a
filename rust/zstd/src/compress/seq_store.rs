//! Where match finders put a block's sequences and literals for the block writer.
//!
//! A sequence is RFC 8878 §3.1.1.3.2's triple: `lit_len` literals, then a match of
//! `match_len` bytes at `off_base`, which is the raw Offset_Value of the format:
//! 1..=3 are repeat-offset codes (read with the literal-length-zero rule of §3.1.2.5) and
//! larger values are `offset + 3`. Match finders keep their repeat offsets with the same
//! rule, so the block writer emits `off_base` as it is.

use crate::tables::{BLOCK_SIZE_MAX, MIN_MATCH};
use crate::workspace::Carver;

/// One sequence as the match finders emit it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sequence {
    pub lit_len: u32,
    pub match_len: u32,
    pub off_base: u32,
}

/// Most sequences one block can hold: every match is at least `MIN_MATCH` bytes.
pub const MAX_SEQUENCES: usize = BLOCK_SIZE_MAX / MIN_MATCH as usize + 1;

/// A block's sequences and literals, in workspace memory.
pub struct SeqStore<'a> {
    lits: &'a mut [u8],
    seqs: &'a mut [[u8; 12]],
    n_lits: usize,
    n_seqs: usize,
}

impl<'a> SeqStore<'a> {
    /// Workspace bytes a store for blocks of up to `BLOCK_SIZE_MAX` needs.
    pub const fn workspace_size() -> usize {
        BLOCK_SIZE_MAX + MAX_SEQUENCES * 12
    }

    /// Carves a store out of a workspace.
    pub fn new(c: &mut Carver<'a>) -> Option<Self> {
        Some(Self {
            lits: c.bytes(BLOCK_SIZE_MAX)?,
            seqs: c.table::<12>(MAX_SEQUENCES)?,
            n_lits: 0,
            n_seqs: 0,
        })
    }

    /// Empties the store for the next block.
    pub fn reset(&mut self) {
        self.n_lits = 0;
        self.n_seqs = 0;
    }

    /// Appends a sequence: `literals` then a match. Returns false (and stores nothing)
    /// when the block would overflow the store, which a match finder that respects the
    /// block size never causes.
    pub fn push(&mut self, literals: &[u8], match_len: u32, off_base: u32) -> bool {
        if !self.push_literals(literals) {
            return false;
        }
        let Some(slot) = self.seqs.get_mut(self.n_seqs) else {
            self.n_lits -= literals.len();
            return false;
        };
        let mut e = [0u8; 12];
        e[..4].copy_from_slice(&(literals.len() as u32).to_le_bytes());
        e[4..8].copy_from_slice(&match_len.to_le_bytes());
        e[8..].copy_from_slice(&off_base.to_le_bytes());
        *slot = e;
        self.n_seqs += 1;
        true
    }

    /// Appends the block's last literals, which no match follows.
    pub fn push_literals(&mut self, literals: &[u8]) -> bool {
        let end = self.n_lits + literals.len();
        match self.lits.get_mut(self.n_lits..end) {
            Some(dst) => {
                dst.copy_from_slice(literals);
                self.n_lits = end;
                true
            }
            None => false,
        }
    }

    /// All literals of the block, in order.
    pub fn literals(&self) -> &[u8] {
        &self.lits[..self.n_lits]
    }

    /// Number of sequences.
    pub fn len(&self) -> usize {
        self.n_seqs
    }

    /// True when the block has no sequence.
    pub fn is_empty(&self) -> bool {
        self.n_seqs == 0
    }

    /// The sequences, in order.
    pub fn sequences(&self) -> impl ExactSizeIterator<Item = Sequence> + '_ {
        self.seqs[..self.n_seqs].iter().map(|e| {
            let (w, _) = e.as_chunks::<4>();
            Sequence {
                lit_len: u32::from_le_bytes(w[0]),
                match_len: u32::from_le_bytes(w[1]),
                off_base: u32::from_le_bytes(w[2]),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_sequences_and_literals() {
        let mut ws = [0u8; SeqStore::workspace_size()];
        let mut c = Carver::new(&mut ws);
        let mut s = SeqStore::new(&mut c).unwrap();
        assert!(s.push(b"abc", 5, 7));
        assert!(s.push(b"", 4, 1));
        assert!(s.push_literals(b"xy"));
        assert_eq!(s.literals(), b"abcxy");
        let v: [Sequence; 2] = [s.sequences().next().unwrap(), s.sequences().nth(1).unwrap()];
        assert_eq!(
            v[0],
            Sequence {
                lit_len: 3,
                match_len: 5,
                off_base: 7
            }
        );
        assert_eq!(
            v[1],
            Sequence {
                lit_len: 0,
                match_len: 4,
                off_base: 1
            }
        );
        assert!(!s.push_literals(&[0u8; BLOCK_SIZE_MAX]));
        s.reset();
        assert!(s.is_empty());
    }
}
