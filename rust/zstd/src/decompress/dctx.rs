// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Single-shot decompression context (`zstd_decompress_dctx`): any number of zstd and
//! skippable frames, back to back, into one flat destination.

use super::block::LIT_SLACK;
use super::ddict::DDict;
use super::entropy::Entropy;
use super::frame_decoder::decode_frame;
use super::hot::Dispatch;
use crate::error::Error;
use crate::frame::header::FRAME_HEADER_PREFIX;
use crate::frame::skippable::{is_skippable_magic, SKIPPABLE_HEADER_SIZE};
use crate::tables::BLOCK_SIZE_MAX;
use crate::workspace::Carver;

/// Literals buffer of a context: half a block; larger literal sections are regenerated
/// in the destination (RFC 8878 allows up to 128 KiB of literals per block).
pub(crate) const DCTX_LIT_BUF: usize = BLOCK_SIZE_MAX / 2 + LIT_SLACK;

/// Workspace bytes [`DCtx::new`] needs (C 6.12's `zstd_dctx_workspace_bound()`: 95,944).
pub const fn dctx_workspace_bound() -> usize {
    Entropy::BYTES + DCTX_LIT_BUF
}

/// A decompression context living in a caller-provided workspace.
pub struct DCtx<'a> {
    ent: Entropy<'a>,
    lit_buf: &'a mut [u8],
}

impl<'a> DCtx<'a> {
    /// Carves a context out of `ws` (at least [`dctx_workspace_bound`] bytes).
    pub fn new(ws: &'a mut [u8]) -> Result<Self, Error> {
        if ws.len() < dctx_workspace_bound() {
            return Err(Error::memory_allocation);
        }
        let mut c = Carver::new(ws);
        let ent = Entropy::carve(&mut c).ok_or(Error::memory_allocation)?;
        let lit_buf = c.bytes(DCTX_LIT_BUF).ok_or(Error::memory_allocation)?;
        Ok(Self { ent, lit_buf })
    }

    /// Runs the hot loops through `d` from now on (see [`super::hot`]).
    pub fn set_dispatch(&mut self, d: Dispatch) {
        self.ent.dispatch = d;
    }

    /// Decompresses every frame in `src` into `dst`; returns the bytes written.
    pub fn decompress(&mut self, dst: &mut [u8], src: &[u8]) -> Result<usize, Error> {
        self.decompress_frames(dst, src, None)
    }

    /// Same, with a dictionary.
    pub fn decompress_using_ddict(
        &mut self,
        dst: &mut [u8],
        src: &[u8],
        ddict: &DDict<'_>,
    ) -> Result<usize, Error> {
        self.decompress_frames(dst, src, Some(ddict))
    }

    fn decompress_frames(
        &mut self,
        dst: &mut [u8],
        src: &[u8],
        dict: Option<&DDict<'_>>,
    ) -> Result<usize, Error> {
        let mut ip = 0usize;
        let mut op = 0usize;
        while src.len() - ip >= FRAME_HEADER_PREFIX {
            let rest = &src[ip..];
            let magic = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]);
            if is_skippable_magic(magic) {
                let s = rest
                    .get(4..SKIPPABLE_HEADER_SIZE)
                    .ok_or(Error::srcSize_wrong)?;
                let size = u32::from_le_bytes([s[0], s[1], s[2], s[3]]) as usize;
                let total = SKIPPABLE_HEADER_SIZE
                    .checked_add(size)
                    .ok_or(Error::srcSize_wrong)?;
                if total > rest.len() {
                    return Err(Error::srcSize_wrong);
                }
                ip += total;
                continue;
            }
            let (used, end) = decode_frame(&mut self.ent, self.lit_buf, dst, op, rest, dict)?;
            ip += used;
            op = end;
        }
        if ip != src.len() {
            return Err(Error::srcSize_wrong);
        }
        Ok(op)
    }
}
