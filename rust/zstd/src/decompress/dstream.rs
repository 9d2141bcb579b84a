// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Streaming decompression (`zstd_decompress_stream`): input and output arrive in
//! pieces of any size; a window buffer keeps the history matches need.
//!
//! The workspace holds the entropy tables, then (per frame) a literals buffer of one
//! block, an input buffer of one block, and the window ring: `Window_Size + block +
//! 64` bytes at least. When a block would not fit before the ring's end, writing wraps
//! to its start and the older bytes stay reachable as external history (RFC 8878
//! §3.1.1.4: matches may reach `Window_Size` back). When a whole frame with a known
//! content size is in the input and fits the output, it is decoded straight into the
//! output, with no copy through the window.

use super::block::{decode_compressed_block, Dest, LIT_SLACK};
use super::ddict::DDict;
use super::entropy::{DictTables, Entropy};
use super::execute::Ext;
use super::frame_decoder::{check_dict_id, decode_frame};
use crate::error::Error;
use crate::frame::block::{BlockHeader, BlockType, BLOCK_HEADER_SIZE};
use crate::frame::header::{
    get_frame_header, FrameHeaderProgress, FrameType, CONTENTSIZE_UNKNOWN, FRAME_HEADER_PREFIX,
    FRAME_HEADER_SIZE_MAX,
};
use crate::frame::size::find_frame_compressed_size;
use crate::tables::BLOCK_SIZE_MAX;
use crate::workspace::Carver;
use xxhash::Xxh64State;

/// Room after a block in the ring for copies that overshoot (< 32 bytes).
const RING_SLACK: usize = 32;
/// Ring bytes beyond `window + block`: the slack above, plus as much again so that when
/// writing wraps, the older segment ends >= `window + 32` bytes into the ring, and the
/// oldest bytes still in reach stay >= 32 bytes ahead of any overshooting write.
const RING_EXTRA: usize = 2 * RING_SLACK;

/// Calls in a row without progress after which a stream reports it is stuck (zstd's
/// `ZSTD_NO_FORWARD_PROGRESS_MAX`).
const NO_FORWARD_PROGRESS_MAX: u32 = 16;

/// Per-frame buffers for a window of `w` bytes.
const fn frame_buffers(w: usize) -> usize {
    let bm = if w < BLOCK_SIZE_MAX {
        w
    } else {
        BLOCK_SIZE_MAX
    };
    (bm + LIT_SLACK) + bm + (w + bm + RING_EXTRA)
}

/// Workspace bytes a stream needs to accept windows up to `max_window_size`
/// (`zstd_dstream_workspace_bound`).
pub const fn dstream_workspace_bound(max_window_size: usize) -> usize {
    Entropy::BYTES + frame_buffers(max_window_size)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    FrameHeader,
    Skip,
    BlockHeader,
    BlockBody,
    Flush,
    Checksum,
}

#[derive(Clone, Copy)]
enum History {
    /// Before the ring wraps: the dictionary's content (maybe empty).
    Dict,
    /// After: `ring[start..end]`.
    Ring { start: usize, end: usize },
}

/// A streaming decompression context in a caller-provided workspace.
///
/// It keeps zstd's streaming contract, which kernel callers rely on (squashfs and btrfs
/// treat "input used up, frame not finished" as corruption): the last input byte of a
/// frame is not reported consumed before all of the frame's output is delivered. When a
/// call fills the output and uses up the input, one byte it took is reported as not
/// consumed (the "hostage"); the caller presents it again with the next call, which skips
/// it. And a stream called [`NO_FORWARD_PROGRESS_MAX`] times in a row without progress
/// reports it is stuck.
pub struct DStream<'a> {
    ent: Entropy<'a>,
    arena: &'a mut [u8],
    ddict: Option<&'a DDict<'a>>,
    /// The dictionary of the frame in progress (`ddict` when it started).
    frame_dict: Option<&'a DDict<'a>>,
    stage: Stage,
    small: [u8; FRAME_HEADER_SIZE_MAX],
    small_len: usize,
    // Frame.
    window: usize,
    bm: usize,
    content_size: u64,
    checksum: bool,
    hash: Xxh64State,
    produced: u64,
    skip_left: u64,
    // Block.
    block: BlockHeader,
    in_len: usize,
    // Ring.
    pos: usize,
    prefix_start: usize,
    flush_pos: usize,
    history: History,
    // Caller-facing state (see above).
    /// Calls in a row that consumed and produced nothing.
    no_progress: u32,
    /// The byte at the caller's `*in_pos` was already taken.
    hostage: bool,
    /// The frame ended while the hostage could not be handed back (no input given): the
    /// next call with input takes the byte and reports the end of the frame.
    done_after_hostage: bool,
    /// Window_Size of a frame the last call refused because this workspace cannot hold
    /// its window.
    refused_window: Option<u64>,
}

impl<'a> DStream<'a> {
    /// Carves a stream out of `ws`; windows it accepts are limited by `ws.len()`
    /// (see [`dstream_workspace_bound`]).
    pub fn new(ws: &'a mut [u8]) -> Result<Self, Error> {
        if ws.len() < dstream_workspace_bound(0) {
            return Err(Error::memory_allocation);
        }
        let mut c = Carver::new(ws);
        let ent = Entropy::carve(&mut c).ok_or(Error::memory_allocation)?;
        let arena = c.remaining();
        Ok(Self {
            ent,
            arena,
            ddict: None,
            frame_dict: None,
            stage: Stage::FrameHeader,
            small: [0; FRAME_HEADER_SIZE_MAX],
            small_len: 0,
            window: 0,
            bm: 0,
            content_size: CONTENTSIZE_UNKNOWN,
            checksum: false,
            hash: Xxh64State::new(0),
            produced: 0,
            skip_left: 0,
            block: BlockHeader {
                last: false,
                block_type: BlockType::Raw,
                size: 0,
            },
            in_len: 0,
            pos: 0,
            prefix_start: 0,
            flush_pos: 0,
            history: History::Dict,
            no_progress: 0,
            hostage: false,
            done_after_hostage: false,
            refused_window: None,
        })
    }

    /// Largest window this stream's workspace accepts.
    pub fn max_window_size(&self) -> usize {
        let a = self.arena.len();
        // Solve frame_buffers(w) <= a: w + 3 * min(w, 128 KiB) + slack.
        let small = a.saturating_sub(LIT_SLACK + RING_EXTRA) / 4;
        if small < BLOCK_SIZE_MAX {
            small
        } else {
            a.saturating_sub(LIT_SLACK + RING_EXTRA + 3 * BLOCK_SIZE_MAX)
        }
    }

    /// Runs the hot loops through `d` from now on (see [`super::hot`]).
    pub fn set_dispatch(&mut self, d: super::hot::Dispatch) {
        self.ent.dispatch = d;
    }

    /// Window_Size of the frame the last call refused with `frameParameter_windowTooLarge`
    /// because this stream's workspace cannot hold its window (`None` when the frame header
    /// itself was refused). C's streams in a fixed workspace report a window below zstd's
    /// default limit as `memory_allocation`; the C ABI tells the two apart with this.
    pub fn refused_window(&self) -> Option<u64> {
        self.refused_window
    }

    /// Uses `ddict` for the following frames (`None`: no dictionary).
    pub fn set_ddict(&mut self, ddict: Option<&'a DDict<'a>>) {
        self.ddict = ddict;
    }

    /// Abandons any frame in progress; the next input starts a new frame.
    pub fn reset(&mut self) {
        self.stage = Stage::FrameHeader;
        self.small_len = 0;
        self.in_len = 0;
        self.no_progress = 0;
        self.hostage = false;
        self.done_after_hostage = false;
    }

    /// Decompresses from `input[*in_pos..]` into `output[*out_pos..]`, advancing both.
    /// Returns 0 when a frame is completely decoded and flushed, else a hint of how
    /// many more input bytes the current step needs (> 0). A byte may be held back as
    /// the hostage (see [`DStream`]); after [`NO_FORWARD_PROGRESS_MAX`] calls without
    /// progress the error is `dstSize_tooSmall` with a full output, else
    /// `srcSize_wrong` with no input left.
    pub fn decompress_stream(
        &mut self,
        output: &mut [u8],
        out_pos: &mut usize,
        input: &[u8],
        in_pos: &mut usize,
    ) -> Result<usize, Error> {
        if *in_pos > input.len() || *out_pos > output.len() {
            return Err(Error::srcSize_wrong);
        }
        if self.done_after_hostage {
            if *in_pos == input.len() {
                return Ok(1);
            }
            *in_pos += 1;
            self.hostage = false;
            self.done_after_hostage = false;
            return Ok(0);
        }
        self.refused_window = None;
        let (in_before, out_before) = (*in_pos, *out_pos);
        // Decoding continues after the byte already taken.
        let mut pos = *in_pos + usize::from(self.hostage && *in_pos < input.len());
        let released = pos > *in_pos;
        let hint = match self.advance(output, out_pos, input, &mut pos) {
            Ok(hint) => hint,
            Err(e) => {
                self.hostage = false;
                return Err(e);
            }
        };
        if self.hostage && !released {
            // Still owed: the caller gave no input this time.
            *in_pos = pos;
            if hint == 0 {
                self.done_after_hostage = true;
                return Ok(1);
            }
        } else if hint != 0 && pos == input.len() && pos > *in_pos && *out_pos == output.len() {
            *in_pos = pos - 1;
            self.hostage = true;
        } else {
            *in_pos = pos;
            self.hostage = false;
        }
        if hint != 0 && self.stage == Stage::FrameHeader {
            // Waiting for a frame header is not counted (nor is it progress), as in C.
        } else if hint != 0 && *in_pos == in_before && *out_pos == out_before {
            self.no_progress += 1;
            if self.no_progress >= NO_FORWARD_PROGRESS_MAX {
                if *out_pos == output.len() {
                    return Err(Error::dstSize_tooSmall);
                }
                if *in_pos == input.len() {
                    return Err(Error::srcSize_wrong);
                }
            }
        } else {
            self.no_progress = 0;
        }
        Ok(hint)
    }

    /// [`DStream::decompress_stream`] without the hostage and the progress count.
    fn advance(
        &mut self,
        output: &mut [u8],
        out_pos: &mut usize,
        input: &[u8],
        in_pos: &mut usize,
    ) -> Result<usize, Error> {
        loop {
            match self.stage {
                Stage::FrameHeader => {
                    if self.small_len == 0 {
                        if let Some(done) = self.try_direct(output, out_pos, input, in_pos)? {
                            return Ok(done);
                        }
                    }
                    let need = match get_frame_header(&self.small[..self.small_len])? {
                        FrameHeaderProgress::Incomplete(n) => n,
                        FrameHeaderProgress::Complete(_) => self.small_len,
                    };
                    if need > self.small_len {
                        if !self.take_small(need, input, in_pos) {
                            return Ok(need - self.small_len);
                        }
                        continue;
                    }
                    self.start_frame()?;
                }
                Stage::Skip => {
                    let avail = (input.len() - *in_pos) as u64;
                    let n = avail.min(self.skip_left);
                    *in_pos += n as usize;
                    self.skip_left -= n;
                    if self.skip_left > 0 {
                        return Ok(self.skip_left.min(1 << 30) as usize);
                    }
                    self.stage = Stage::FrameHeader;
                    self.small_len = 0;
                    return Ok(0);
                }
                Stage::BlockHeader => {
                    if !self.take_small(BLOCK_HEADER_SIZE, input, in_pos) {
                        return Ok(BLOCK_HEADER_SIZE - self.small_len);
                    }
                    let b = [self.small[0], self.small[1], self.small[2]];
                    self.small_len = 0;
                    self.block = BlockHeader::parse(b, self.bm)?;
                    self.in_len = 0;
                    self.stage = Stage::BlockBody;
                }
                Stage::BlockBody => {
                    let need = self.block.content_size();
                    let avail = input.len() - *in_pos;
                    if self.in_len == 0 && self.small_len == 0 && avail >= need {
                        let body = &input[*in_pos..*in_pos + need];
                        *in_pos += need;
                        self.decode_block(body, false)?;
                    } else if need <= self.small.len() {
                        // Tiny bodies (an RLE byte, or any block of a tiny frame, whose
                        // input buffer may be smaller than one byte) wait in `small`.
                        if !self.take_small(need, input, in_pos) {
                            return Ok(need - self.small_len);
                        }
                        let tmp = self.small;
                        self.small_len = 0;
                        self.decode_block(&tmp[..need], false)?;
                    } else {
                        let n = (need - self.in_len).min(avail);
                        let lit = self.bm + LIT_SLACK;
                        let inb = &mut self.arena[lit + self.in_len..lit + self.in_len + n];
                        inb.copy_from_slice(&input[*in_pos..*in_pos + n]);
                        *in_pos += n;
                        self.in_len += n;
                        if self.in_len < need {
                            return Ok(need - self.in_len);
                        }
                        self.decode_block(&[], true)?;
                    }
                    self.stage = Stage::Flush;
                }
                Stage::Flush => {
                    let ring_at = 2 * self.bm + LIT_SLACK;
                    let pending = self.pos - self.flush_pos;
                    let room = output.len() - *out_pos;
                    let n = pending.min(room);
                    let src = &self.arena[ring_at + self.flush_pos..ring_at + self.flush_pos + n];
                    output[*out_pos..*out_pos + n].copy_from_slice(src);
                    *out_pos += n;
                    self.flush_pos += n;
                    if n < pending {
                        return Ok(BLOCK_HEADER_SIZE);
                    }
                    if !self.block.last {
                        self.stage = Stage::BlockHeader;
                    } else if self.checksum {
                        self.stage = Stage::Checksum;
                    } else {
                        return self.end_frame();
                    }
                }
                Stage::Checksum => {
                    if !self.take_small(4, input, in_pos) {
                        return Ok(4 - self.small_len);
                    }
                    let want = u32::from_le_bytes([
                        self.small[0],
                        self.small[1],
                        self.small[2],
                        self.small[3],
                    ]);
                    self.small_len = 0;
                    if self.hash.digest() as u32 != want {
                        return Err(Error::checksum_wrong);
                    }
                    return self.end_frame();
                }
            }
        }
    }

    /// Moves input into `small` until it holds `n` bytes; true when it does.
    fn take_small(&mut self, n: usize, input: &[u8], in_pos: &mut usize) -> bool {
        let n = n.min(self.small.len());
        let k = (n - self.small_len.min(n)).min(input.len() - *in_pos);
        self.small[self.small_len..self.small_len + k]
            .copy_from_slice(&input[*in_pos..*in_pos + k]);
        self.small_len += k;
        *in_pos += k;
        self.small_len >= n
    }

    /// The direct path: a whole frame of known size in the input, room in the output.
    fn try_direct(
        &mut self,
        output: &mut [u8],
        out_pos: &mut usize,
        input: &[u8],
        in_pos: &mut usize,
    ) -> Result<Option<usize>, Error> {
        let src = &input[*in_pos..];
        if src.len() < FRAME_HEADER_PREFIX {
            return Ok(None);
        }
        let h = match get_frame_header(src)? {
            FrameHeaderProgress::Complete(h) if h.frame_type == FrameType::Frame => h,
            _ => return Ok(None),
        };
        if h.frame_content_size == CONTENTSIZE_UNKNOWN
            || h.frame_content_size > (output.len() - *out_pos) as u64
        {
            return Ok(None);
        }
        let Ok(size) = find_frame_compressed_size(src) else {
            return Ok(None);
        };
        let (used, end) = decode_frame(
            &mut self.ent,
            self.arena,
            output,
            *out_pos,
            &src[..size],
            self.ddict,
        )?;
        *in_pos += used;
        *out_pos = end;
        Ok(Some(0))
    }

    fn start_frame(&mut self) -> Result<(), Error> {
        let h = match get_frame_header(&self.small[..self.small_len])? {
            FrameHeaderProgress::Complete(h) => h,
            FrameHeaderProgress::Incomplete(_) => return Err(Error::GENERIC),
        };
        self.small_len = 0;
        if h.frame_type == FrameType::Skippable {
            self.skip_left = h.frame_content_size;
            self.stage = Stage::Skip;
            return Ok(());
        }
        check_dict_id(&h, self.ddict)?;
        if h.window_size > self.max_window_size() as u64 {
            self.refused_window = Some(h.window_size);
            return Err(Error::frameParameter_windowTooLarge);
        }
        self.window = h.window_size as usize;
        self.bm = h.block_size_max as usize;
        self.content_size = h.frame_content_size;
        self.checksum = h.checksum_flag != 0;
        self.hash.reset(0);
        self.produced = 0;
        self.pos = 0;
        self.prefix_start = 0;
        self.flush_pos = 0;
        self.history = History::Dict;
        self.frame_dict = self.ddict;
        match self.ddict {
            Some(d) => self.ent.use_dict(d.entropy()),
            None => self.ent.reset(),
        }
        self.stage = Stage::BlockHeader;
        Ok(())
    }

    /// Decodes the current block from `body`, or from the input buffer when
    /// `buffered`, into the ring.
    fn decode_block(&mut self, body: &[u8], buffered: bool) -> Result<(), Error> {
        let bm = self.bm;
        let (lit, rest) = self.arena.split_at_mut(bm + LIT_SLACK);
        let (inb, ring) = rest.split_at_mut(bm);
        // The ring is what the frame's window needs (`frame_buffers`), however large
        // the workspace: as C sizes its buffer by the frame, the writes wrap within
        // memory that stays in the cache (a workspace sized for 128 MiB windows, as a
        // command-line tool's, otherwise has every block of a smaller window's frame
        // land on untouched pages).
        let need = self.window.saturating_add(bm).saturating_add(RING_EXTRA);
        let ring = if need < ring.len() {
            &mut ring[..need]
        } else {
            ring
        };
        let body: &[u8] = if buffered { &inb[..self.in_len] } else { body };
        if self.pos + bm + RING_SLACK > ring.len() {
            self.history = History::Ring {
                start: self.prefix_start,
                end: self.pos,
            };
            self.pos = 0;
            self.prefix_start = 0;
        }
        let start = self.pos;
        let end = match self.block.block_type {
            BlockType::Raw => {
                ring[start..start + body.len()].copy_from_slice(body);
                start + body.len()
            }
            BlockType::Rle => {
                let b = *body.first().ok_or(Error::corruption_detected)?;
                ring[start..start + self.block.size].fill(b);
                start + self.block.size
            }
            BlockType::Compressed => {
                let (ext, max_offset) = match self.history {
                    History::Dict => (
                        Ext::Slice(self.frame_dict.map_or(&[][..], |d| d.content())),
                        usize::MAX,
                    ),
                    History::Ring { start, end } => (Ext::InBuf { start, end }, self.window),
                };
                let dest = Dest {
                    buf: &mut *ring,
                    pos: start,
                    prefix_start: self.prefix_start,
                    ext,
                    max_offset,
                    // The dictionary's tables outlive its content's reach.
                    tables: self.frame_dict.map(|d| DictTables::of(d.entropy())),
                };
                decode_compressed_block(&mut self.ent, lit, body, dest, bm)?
            }
        };
        self.produced += (end - start) as u64;
        if self.content_size != CONTENTSIZE_UNKNOWN && self.produced > self.content_size {
            return Err(Error::corruption_detected);
        }
        if self.checksum {
            self.hash.update(&ring[start..end]);
        }
        self.flush_pos = start;
        self.pos = end;
        Ok(())
    }

    fn end_frame(&mut self) -> Result<usize, Error> {
        self.stage = Stage::FrameHeader;
        self.small_len = 0;
        if self.content_size != CONTENTSIZE_UNKNOWN && self.produced != self.content_size {
            return Err(Error::corruption_detected);
        }
        Ok(0)
    }
}
