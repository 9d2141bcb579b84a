// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Carving a context's tables out of the caller's workspace, in safe Rust.
//!
//! The kernel hands every context one byte buffer (`zstd_init_dctx(ws, size)`), so all
//! tables live in `&mut [u8]`. Multi-byte table entries are stored as little-endian byte
//! arrays (`[u8; N]`) and read with `from_le_bytes`, which compiles to one plain load on
//! little-endian machines: no `unsafe` casts, no alignment requirement.

/// Hands out disjoint pieces of a workspace, front to back.
pub struct Carver<'a> {
    rest: &'a mut [u8],
    used: usize,
}

impl<'a> Carver<'a> {
    /// Starts carving `ws`.
    pub fn new(ws: &'a mut [u8]) -> Self {
        Self { rest: ws, used: 0 }
    }

    /// Bytes handed out so far.
    pub fn used(&self) -> usize {
        self.used
    }

    /// The next `n` bytes, or `None` when the workspace is too small.
    pub fn bytes(&mut self, n: usize) -> Option<&'a mut [u8]> {
        if n > self.rest.len() {
            return None;
        }
        let (head, tail) = core::mem::take(&mut self.rest).split_at_mut(n);
        self.rest = tail;
        self.used += n;
        Some(head)
    }

    /// Skips to the next address that is a multiple of `to` (a power of two), so that
    /// the next piece starts a cache line: at most `to - 1` bytes, which the workspace
    /// bounds include where a piece asks for it.
    pub fn align(&mut self, to: usize) {
        let k = self.rest.as_ptr().align_offset(to);
        if k < to {
            let _ = self.bytes(k.min(self.rest.len()));
        }
    }

    /// A table of `count` entries of `N` bytes each.
    pub fn table<const N: usize>(&mut self, count: usize) -> Option<&'a mut [[u8; N]]> {
        let b = self.bytes(count.checked_mul(N)?)?;
        let (entries, _) = b.as_chunks_mut::<N>();
        Some(entries)
    }

    /// A fixed-size array, so the compiler knows its length and can drop bounds checks
    /// on masked indices.
    pub fn array<const N: usize>(&mut self) -> Option<&'a mut [u8; N]> {
        self.bytes(N)?.try_into().ok()
    }

    /// Everything not handed out yet.
    pub fn remaining(self) -> &'a mut [u8] {
        self.rest
    }
}

/// Bytes a table of `count` entries of `entry` bytes needs (for `*_workspace_bound`).
pub const fn table_bytes(count: usize, entry: usize) -> usize {
    count * entry
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carves_disjoint_pieces_and_refuses_overdraw() {
        let mut ws = [0u8; 64];
        let mut c = Carver::new(&mut ws);
        let a = c.table::<4>(4).unwrap();
        a[3] = 7u32.to_le_bytes();
        let b = c.array::<16>().unwrap();
        b[0] = 1;
        assert_eq!(c.used(), 32);
        assert!(c.bytes(33).is_none());
        assert_eq!(c.used(), 32);
        assert_eq!(c.remaining().len(), 32);
        assert_eq!(u32::from_le_bytes(ws[12..16].try_into().unwrap()), 7);
        assert_eq!(ws[16], 1);
    }

    #[test]
    fn align_starts_the_next_piece_at_a_line_within_63_bytes() {
        let mut ws = [0u8; 256];
        for off in 0..64 {
            let mut c = Carver::new(&mut ws);
            c.bytes(off).unwrap();
            c.align(64);
            let skipped = c.used() - off;
            let next = c.bytes(64).unwrap();
            assert_eq!(next.as_ptr() as usize % 64, 0, "offset {off}");
            assert!(skipped < 64, "offset {off}");
        }
    }
}
