// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Single-shot compression into a caller's workspace (`zstd_compress_cctx`,
//! `zstd_compress_using_cdict`) and the frame compressor the streaming API shares.

use super::block::{write_block, write_raw_block, Sent};
use super::cdict::CDict;
use super::entropy::Entropy;
use super::frame::{write_checksum, write_frame_header, FrameHeader};
use super::hot::{Dispatch, GENERIC};
use super::matcher::{MatchState, Segments};
use super::params::{adjust_cparams, check_cparams};
use super::seq_split::{write_split, Writer};
use super::seq_store::{max_sequences, SeqStore};
use super::split::{next_block_size, CHUNK};
use super::INDEX_LIMIT;
use crate::error::Error;
use crate::params::{CParams, Params, Strategy};
use crate::tables::{BLOCK_SIZE_MAX, REP_START};
use crate::workspace::Carver;

/// Largest input `compress_bound` accepts (C's `ZSTD_MAX_INPUT_SIZE`, 64-bit).
pub(crate) const MAX_INPUT_SIZE: usize = 0xFF00_FF00_FF00_FF00u64 as usize;

/// Worst-case compressed size of `n` bytes (C's `ZSTD_COMPRESSBOUND`); 0 when `n` is
/// too large to bound, as in C.
pub const fn compress_bound(n: usize) -> usize {
    if n >= MAX_INPUT_SIZE {
        return 0;
    }
    let small = if n < 128 << 10 {
        ((128 << 10) - n) >> 11
    } else {
        0
    };
    n + (n >> 8) + small
}

/// Largest block for `cp`: 128 KiB or the window, whichever is smaller.
pub(crate) fn block_size(cp: &CParams) -> usize {
    BLOCK_SIZE_MAX.min(1usize << cp.window_log.min(31))
}

/// Workspace bytes for the match finder, sequence store and entropy state of `cp`.
fn parts_size(cp: &CParams) -> usize {
    MatchState::workspace_size(cp)
        + SeqStore::workspace_size_for(block_size(cp), cp.min_match)
        + Entropy::WORKSPACE
        + Entropy::codes_size(max_sequences(block_size(cp), cp.min_match))
}

/// Workspace a [`CCtx`] needs to compress with `cp` (`zstd_cctx_workspace_bound`).
pub fn cctx_workspace_bound(cp: &CParams) -> usize {
    parts_size(cp)
}

/// The working state of one frame: match finder, sequence store, entropy coder.
pub(crate) struct Parts<'w> {
    pub ms: MatchState<'w>,
    pub seqs: SeqStore<'w>,
    pub ent: Entropy<'w>,
    pub rep: [u32; 3],
    pub cp: CParams,
    pub block: usize,
}

impl<'w> Parts<'w> {
    /// Carves the parts for `cp` (already validated) from `c`.
    pub(crate) fn new(c: &mut Carver<'w>, cp: &CParams) -> Result<Self, Error> {
        Self::carve(c, cp, false)
    }

    /// Carves the parts for `cp` from `c`; with `dirty` the match finder's tables are
    /// left as an earlier frame with the same parameters left them (see
    /// [`MatchState::new_dirty`]).
    fn carve(c: &mut Carver<'w>, cp: &CParams, dirty: bool) -> Result<Self, Error> {
        super::built(|slot| Self::carve_into(slot, c, cp, dirty))
    }

    /// [`Parts::carve`] into `slot`: the caller keeps one copy of the parts in its frame
    /// (a returned `Result` and the value moved out of it are two, on the kernel stack).
    #[inline(never)]
    fn carve_into(
        slot: &mut Option<Self>,
        c: &mut Carver<'w>,
        cp: &CParams,
        dirty: bool,
    ) -> Result<(), Error> {
        let ms = if dirty {
            MatchState::new_dirty(cp, c)
        } else {
            MatchState::new(cp, c)
        }
        .ok_or(Error::memory_allocation)?;
        let seqs =
            SeqStore::new_for(c, block_size(cp), cp.min_match).ok_or(Error::memory_allocation)?;
        let max_seqs = max_sequences(block_size(cp), cp.min_match);
        let ent = Entropy::new_for(c, max_seqs).ok_or(Error::memory_allocation)?;
        *slot = Some(Self {
            ms,
            seqs,
            ent,
            rep: REP_START,
            cp: *cp,
            block: block_size(cp),
        });
        Ok(())
    }

    /// Starts a frame without dictionary.
    pub(crate) fn reset(&mut self) {
        let cp = self.cp;
        self.ms.reset(&cp);
        self.ent.reset();
        self.rep = REP_START;
    }

    /// Compresses the blocks of indices `[start, end)` of `seg` (all in `seg.cur`) into
    /// `dst`; the last one carries the Last_Block flag when `last`.
    pub(crate) fn compress_blocks(
        &mut self,
        dst: &mut [u8],
        seg: &Segments<'_>,
        start: u32,
        end: u32,
        last: bool,
        dms: Option<&MatchState<'_>>,
    ) -> Result<usize, Error> {
        let raw_lits = self.cp.strategy == Strategy::Fast && self.cp.target_length > 0;
        let mut out = 0usize;
        let mut bs = start;
        loop {
            let mut be = end.min(bs.saturating_add(self.block as u32));
            let lo = (bs - seg.cur_start) as usize;
            // The split buys 1-3% on binaries and memory images; at fast and dfast
            // (levels 1-4) it costs 3-16% of the instructions, and their output stays
            // within C's size without it, as C 1.5.2 runs them (docs/encoder-performance.md):
            // only slower levels split.
            if be - bs == BLOCK_SIZE_MAX as u32 && self.cp.strategy > Strategy::Dfast {
                let full = seg.cur.get(lo..lo + BLOCK_SIZE_MAX).ok_or(Error::GENERIC)?;
                // The optimal parser's levels look at every byte pair; the others at
                // half of them (the cost is the fast levels', the gain the slow ones').
                be = bs
                    + if self.cp.strategy >= Strategy::Btopt {
                        next_block_size::<true>(full, CHUNK)
                    } else {
                        next_block_size::<false>(full, CHUNK)
                    } as u32;
            }
            let is_last = last && be == end;
            let hi = (be - seg.cur_start) as usize;
            let src = seg.cur.get(lo..hi).ok_or(Error::GENERIC)?;
            let d = dst.get_mut(out..).ok_or(Error::dstSize_tooSmall)?;
            self.seqs.reset();
            let mut rep = self.rep;
            if !src.is_empty() {
                self.ms.compress_block(
                    seg,
                    bs,
                    be,
                    &mut rep,
                    &mut self.seqs,
                    dms,
                    self.ent.dispatch,
                );
            }
            // The optimal parser's levels also cut the block by its sequences, as C
            // does there for windows of 128 KiB and more.
            let split = if self.cp.strategy >= Strategy::Btopt
                && self.cp.window_log >= 17
                && !self.seqs.overflowed()
            {
                let mut w = Writer {
                    ent: &mut self.ent,
                    strategy: self.cp.strategy,
                    raw_literals: raw_lits,
                };
                write_split(d, src, &mut self.seqs, &mut w, self.rep, is_last)
            } else {
                None
            };
            let n = match split {
                Some(r) => {
                    let (n, sent_rep) = r?;
                    self.rep = sent_rep;
                    n
                }
                None => {
                    let (n, sent) = write_block(
                        d,
                        src,
                        &self.seqs,
                        &mut self.ent,
                        self.cp.strategy,
                        raw_lits,
                        is_last,
                    )?;
                    if sent == Sent::Compressed {
                        self.rep = rep;
                    }
                    n
                }
            };
            out += n;
            bs = be;
            if bs >= end {
                break;
            }
        }
        Ok(out)
    }
}

/// Writes a whole frame for `src` with history `seg.ext` (a dictionary's content or
/// nothing); `parts` must be reset and primed.
#[allow(clippy::too_many_arguments)]
pub(crate) fn compress_frame(
    parts: &mut Parts<'_>,
    dst: &mut [u8],
    src: &[u8],
    params: &Params,
    window_log: u32,
    dict_id: u32,
    ext: &[u8],
    start: u32,
    dms: Option<&MatchState<'_>>,
) -> Result<usize, Error> {
    // The current segment starts at `start`, or right after the history when that ends
    // later.
    let cur_start = (start as usize).max(ext.len());
    if src.len().saturating_add(cur_start) > INDEX_LIMIT {
        return Err(Error::srcSize_wrong);
    }
    // Below `INDEX_LIMIT` (checked): no truncation, and the history starts at or after 0.
    let cur_start = cur_start as u32;
    let ext_start = cur_start - ext.len() as u32;
    let fp = params.fparams;
    let hdr = FrameHeader {
        window_log,
        content_size: (fp.content_size_flag != 0).then_some(src.len() as u64),
        checksum: fp.checksum_flag != 0,
        dict_id: if fp.no_dict_id_flag != 0 { 0 } else { dict_id },
    };
    let mut pos = write_frame_header(dst, &hdr)?;
    // The frame may start at a later index (`start`, past what the tables hold from
    // earlier frames), its history (a dictionary's content) right below it.
    let seg = Segments {
        ext,
        ext_start,
        cur: src,
        cur_start,
        low_limit: ext_start,
        dict: true,
    };
    let d = dst.get_mut(pos..).ok_or(Error::dstSize_tooSmall)?;
    pos += if src.is_empty() {
        write_raw_block(d, &[], true)?
    } else {
        parts.compress_blocks(d, &seg, cur_start, cur_start + src.len() as u32, true, dms)?
    };
    if hdr.checksum {
        let d = dst.get_mut(pos..).ok_or(Error::dstSize_tooSmall)?;
        pos += write_checksum(d, xxhash::xxh64(src, 0))?;
    }
    Ok(pos)
}

/// Largest input that attaches a digested dictionary's tables instead of copying them,
/// for the strategies with a dictionary-aware search (C's `attachDictSizeCutoffs`).
fn attach_max(s: Strategy) -> usize {
    match s {
        Strategy::Fast => 8 << 10,
        Strategy::Dfast => 16 << 10,
        _ => 32 << 10,
    }
}

/// A compression context over a caller's workspace (`zstd_cctx`). Its tables are
/// carved for each call from the parameters of that call; a call with the same
/// parameters as the previous one keeps the match finder's tables instead of clearing
/// them (its frame starts at indices above the old ones), as C does.
pub struct CCtx<'a> {
    ws: &'a mut [u8],
    /// What the match finder's tables hold from the previous frame: its effective
    /// parameters and the first index after it. A frame with the same parameters then
    /// starts at that index instead of clearing the tables (as C does).
    dirty: Option<(CParams, u32)>,
    /// Runs the block writer's hot loops.
    dispatch: Dispatch,
}

impl<'a> CCtx<'a> {
    /// A context over `ws` (size it with [`cctx_workspace_bound`]).
    pub fn new(ws: &'a mut [u8]) -> Result<Self, Error> {
        if ws.len() < Entropy::WORKSPACE {
            return Err(Error::memory_allocation);
        }
        Ok(Self {
            ws,
            dirty: None,
            dispatch: GENERIC,
        })
    }

    /// Runs the block writer's hot loops with `d` (the FFI shim picks one for the CPU).
    pub fn set_dispatch(&mut self, d: Dispatch) {
        self.dispatch = d;
    }

    /// Compresses `src` into one frame with `params` (`zstd_compress_cctx`).
    pub fn compress(
        &mut self,
        dst: &mut [u8],
        src: &[u8],
        params: &Params,
    ) -> Result<usize, Error> {
        check_cparams(&params.cparams)?;
        let e = params.cparams;
        // Continue after the previous frame's indices when its tables fit these
        // parameters and the index space has room; else clear them and start at 0.
        let start = match self.dirty.take() {
            Some((p, next))
                if p == e && (next as usize).saturating_add(src.len()) <= INDEX_LIMIT =>
            {
                Some(next)
            }
            _ => None,
        };
        let mut c = Carver::new(&mut *self.ws);
        // Fresh parts (no entropy tables, initial repeat offsets), tables cleared or not.
        let mut slot = None;
        Parts::carve_into(&mut slot, &mut c, &params.cparams, start.is_some())?;
        let parts = slot.as_mut().ok_or(Error::memory_allocation)?;
        parts.ent.dispatch = self.dispatch;
        let start = start.unwrap_or(0);
        let r = compress_frame(
            parts,
            dst,
            src,
            params,
            params.cparams.window_log,
            0,
            &[],
            start,
            None,
        );
        // Every index the tables may now hold is below the end of this frame.
        self.dirty = u32::try_from(src.len())
            .ok()
            .and_then(|n| start.checked_add(n))
            .map(|next| (e, next));
        r
    }

    /// Compresses `src` with a digested dictionary (`zstd_compress_using_cdict`): the
    /// dictionary's parameters, content size on, no checksum, its ID announced.
    pub fn compress_using_cdict(
        &mut self,
        dst: &mut [u8],
        src: &[u8],
        cdict: &CDict<'_>,
    ) -> Result<usize, Error> {
        let cp = *cdict.cparams();
        let params = Params {
            cparams: cp,
            fparams: crate::params::FrameParams {
                content_size_flag: 1,
                checksum_flag: 0,
                no_dict_id_flag: 0,
            },
        };
        // Like C, a frame may announce a window covering the source (up to 512 KiB)
        // even when the dictionary's parameters have a smaller one.
        let limited = src.len().min(1 << 19) as u64;
        let src_log = if limited > 1 {
            64 - (limited - 1).leading_zeros()
        } else {
            1
        };
        let window_log = cp.window_log.max(src_log);
        let dirty = self.dirty.take();
        let mut c = Carver::new(&mut *self.ws);
        // A small input searches the dictionary's tables where they are, beside tables of
        // its own sized for it (as C attaches them up to its `attachDictSizeCutoffs`);
        // otherwise the dictionary's tables are copied into the context.
        let attach = src.len() <= attach_max(cp.strategy) && cdict.match_state().attachable(&cp);
        // One set of parts either way (two would double the frame on the kernel stack):
        // an attaching frame's own tables are sized for its input and cleared; a
        // copying frame's are overwritten with the dictionary's, so not cleared.
        let own = if attach {
            let small = adjust_cparams(cp, src.len() as u64, 0);
            CParams {
                hash_log: small.hash_log,
                chain_log: small.chain_log,
                ..cp
            }
        } else {
            cp
        };
        // An attaching frame continues after the previous frame's indices when its own
        // tables have the same parameters (as `compress` does): they are not cleared, and
        // its own candidates below its start are ignored as if they were.
        let ext = cdict.content();
        let start = match dirty {
            Some((p, next))
                if attach
                    && p == own
                    && (next as usize).max(ext.len()).saturating_add(src.len()) <= INDEX_LIMIT =>
            {
                Some(next)
            }
            _ => None,
        };
        let mut slot = None;
        Parts::carve_into(&mut slot, &mut c, &own, !attach || start.is_some())?;
        let parts = slot.as_mut().ok_or(Error::memory_allocation)?;
        parts.cp = cp;
        if !attach && !parts.ms.copy_from(cdict.match_state()) {
            return Err(Error::memory_allocation);
        }
        parts.ent.dispatch = self.dispatch;
        parts.ent.copy_state_from(cdict.entropy());
        parts.rep = cdict.rep();
        let start = start.unwrap_or(0);
        let r = compress_frame(
            parts,
            dst,
            src,
            &params,
            window_log,
            cdict.dict_id(),
            ext,
            start,
            attach.then(|| cdict.match_state()),
        );
        // The frame's own indices end at `max(start, ext.len()) + src.len()`
        // (`compress_frame`), below `INDEX_LIMIT` when it succeeded.
        if attach && r.is_ok() {
            self.dirty = u32::try_from((start as usize).max(ext.len()).saturating_add(src.len()))
                .ok()
                .map(|next| (own, next));
        }
        r
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::compress::get_params;
    use std::vec;
    use std::vec::Vec;

    fn sample(n: usize) -> Vec<u8> {
        let mut rng = crate::test_rng::Xorshift(0x9E37_79B9_7F4A_7C15);
        (0..n)
            .map(|i| {
                let x = rng.next();
                match (i >> 11) % 4 {
                    0 => b"fn main() { let v = vec![1, 2, 3]; }\n"[i % 37],
                    1 => x as u8,
                    2 => 0,
                    _ => (x & 7) as u8,
                }
            })
            .collect()
    }

    /// One context compressing page after page keeps its match tables between frames
    /// of the same parameters (and starts afresh when they change): every frame decodes
    /// to its page, including right at the end of the index space.
    #[test]
    fn consecutive_frames_reuse_tables_and_decode() {
        let data = sample(192 << 10);
        let levels = [1, 1, 3, 5, 9, 12, 19, -1];
        let ws_size = levels
            .iter()
            .flat_map(|&l| [4096u64, 1000].map(|n| cctx_workspace_bound(&get_params(l, n).cparams)))
            .max()
            .unwrap();
        let mut ws = vec![0u8; ws_size];
        let mut cctx = CCtx::new(&mut ws).unwrap();
        let mut dst = vec![0u8; compress_bound(4096)];
        let mut at = 0;
        let mut k = 0;
        while at < data.len() {
            let n = if k % 11 == 10 { 1000 } else { 4096 };
            let page = &data[at..(at + n).min(data.len())];
            let p = get_params(levels[(k / 5) % levels.len()], page.len() as u64);
            if k == 23 {
                // A frame that still fits below the end of the index space.
                cctx.dirty = cctx.dirty.map(|(e, _)| (e, (INDEX_LIMIT - 5000) as u32));
            }
            if k == 42 {
                // Near the end of the index space: the tables must be cleared first.
                cctx.dirty = cctx.dirty.map(|(e, _)| (e, (INDEX_LIMIT - 100) as u32));
            }
            let c = cctx.compress(&mut dst, page, &p).unwrap();
            let back = zstd::bulk::decompress(&dst[..c], page.len()).unwrap();
            assert!(back == page, "page {k}");
            let next = cctx.dirty.map(|d| d.1);
            if k == 23 {
                assert_eq!(next, Some((INDEX_LIMIT - 5000 + 4096) as u32));
            }
            if k == 42 {
                assert_eq!(next, Some(4096));
            }
            at += n;
            k += 1;
        }
    }

    /// Pages compressed with an attached dictionary continue after the previous frame's
    /// indices too, up to the end of the index space: each frame is a fresh context's.
    #[test]
    fn attached_dictionary_frames_reuse_tables() {
        use crate::compress::{get_cparams, CDict};
        let data = sample(96 << 10);
        let dict = &data[..16 << 10];
        let cp = get_cparams(3, 4096, dict.len());
        let mut dws = vec![0u8; CDict::workspace_bound(dict.len(), &cp)];
        let cdict = CDict::new(dict, cp, &mut dws).unwrap();
        let mut ws = vec![0u8; cctx_workspace_bound(&cp)];
        let mut fresh = vec![0u8; cctx_workspace_bound(&cp)];
        let mut cctx = CCtx::new(&mut ws).unwrap();
        let mut dst = vec![0u8; compress_bound(4096)];
        let mut want = vec![0u8; compress_bound(4096)];
        for (k, page) in data[16 << 10..].chunks(4096).enumerate() {
            if k == 5 {
                cctx.dirty = cctx.dirty.map(|(e, _)| (e, (INDEX_LIMIT - 5000) as u32));
            }
            if k == 9 {
                cctx.dirty = cctx.dirty.map(|(e, _)| (e, (INDEX_LIMIT - 100) as u32));
            }
            let before = cctx.dirty.map(|d| d.1);
            let c = cctx.compress_using_cdict(&mut dst, page, &cdict).unwrap();
            let w = CCtx::new(&mut fresh)
                .unwrap()
                .compress_using_cdict(&mut want, page, &cdict)
                .unwrap();
            assert!(dst[..c] == want[..w], "page {k}");
            let next = cctx.dirty.map(|d| d.1);
            if k > 0 {
                assert!(before.is_some(), "page {k}: tables cleared");
            }
            if k == 5 {
                assert_eq!(next, Some((INDEX_LIMIT - 5000 + page.len()) as u32));
            }
            if k == 9 {
                assert_eq!(next, Some((dict.len() + page.len()) as u32));
            }
        }
    }
}
