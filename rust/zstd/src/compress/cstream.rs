// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Streaming compression (`zstd_init_cstream`, `zstd_compress_stream`,
//! `zstd_flush_stream`, `zstd_end_stream`).
//!
//! Input is gathered in a buffer of one window plus one block, like C's `inBuff`; each
//! full block is compressed as soon as it is complete. When the buffer runs out it
//! wraps to its start, and the previous round's data becomes the older history
//! segment ([`Segments::ext`]) until new input overwrites it. Output goes through a
//! staging buffer that holds one compressed block, so a caller's small output buffer
//! only slows things down.

use super::block::write_raw_block;
use super::cctx::{block_size, cctx_workspace_bound, Parts};
use super::frame::{write_checksum, write_frame_header, FrameHeader, MAX_HEADER};
use super::hot::Dispatch;
use super::matcher::Segments;
use super::params::{check_cparams, CONTENTSIZE_UNKNOWN};
use super::INDEX_LIMIT;
use crate::error::Error;
use crate::params::{CParams, Params};
use crate::workspace::Carver;
use xxhash::Xxh64State;

fn buffer_size(cp: &CParams) -> usize {
    (1usize << cp.window_log.min(31)) + block_size(cp)
}

fn stage_size(cp: &CParams) -> usize {
    MAX_HEADER + 3 + block_size(cp) + 4 + 8
}

/// Workspace a [`CStream`] needs for `cp` (`zstd_cstream_workspace_bound`).
pub fn cstream_workspace_bound(cp: &CParams) -> usize {
    cctx_workspace_bound(cp) + buffer_size(cp) + stage_size(cp)
}

/// The pledged size, `None` for [`CONTENTSIZE_UNKNOWN`].
fn pledged(size: u64) -> Option<u64> {
    (size != CONTENTSIZE_UNKNOWN).then_some(size)
}

/// A streaming compressor over a caller's workspace.
pub struct CStream<'a> {
    parts: Parts<'a>,
    params: Params,
    buf: &'a mut [u8],
    stage: &'a mut [u8],
    st_lo: usize,
    st_hi: usize,
    /// Virtual index of `buf[0]`.
    base: u32,
    /// Data in `buf[..fill]`; `buf[done..fill]` is not compressed yet.
    fill: usize,
    done: usize,
    /// Older history `buf[ext_lo..ext_hi]` at virtual index `ext_start`.
    ext_lo: usize,
    ext_hi: usize,
    ext_start: u32,
    pledged: Option<u64>,
    consumed: u64,
    hash: Xxh64State,
    started: bool,
    /// The last block and checksum are staged.
    ending: bool,
    /// The frame is complete and fully delivered.
    finished: bool,
}

impl<'a> CStream<'a> {
    /// A stream for `params` and `pledged_src_size` ([`CONTENTSIZE_UNKNOWN`] when
    /// unknown; the kernel's `zstd_init_cstream` maps 0 to unknown before calling this).
    pub fn new(params: &Params, pledged_src_size: u64, ws: &'a mut [u8]) -> Result<Self, Error> {
        super::built(|slot| Self::new_in(slot, params, pledged_src_size, ws))
    }

    /// [`CStream::new`] into `slot`, which may lie in the caller's workspace (the FFI
    /// shim's handle): a returned stream would be copied through the caller's frame, 800
    /// bytes of kernel stack a copy.
    #[inline(never)]
    pub fn new_in(
        slot: &mut Option<Self>,
        params: &Params,
        pledged_src_size: u64,
        ws: &'a mut [u8],
    ) -> Result<(), Error> {
        let cp = params.cparams;
        check_cparams(&cp)?;
        let mut c = Carver::new(ws);
        // Fresh parts are in the state `reset` leaves (tables cleared once, no entropy
        // tables, initial repeat offsets), built in place: a stream moved into a
        // variable and reset would take two copies of its 800 bytes on the stack.
        let parts = Parts::new(&mut c, &cp)?;
        let buf = c.bytes(buffer_size(&cp)).ok_or(Error::memory_allocation)?;
        let stage = c.bytes(stage_size(&cp)).ok_or(Error::memory_allocation)?;
        *slot = Some(Self {
            parts,
            params: *params,
            buf,
            stage,
            st_lo: 0,
            st_hi: 0,
            base: 0,
            fill: 0,
            done: 0,
            ext_lo: 0,
            ext_hi: 0,
            ext_start: 0,
            pledged: pledged(pledged_src_size),
            consumed: 0,
            hash: Xxh64State::new(0),
            started: false,
            ending: false,
            finished: false,
        });
        Ok(())
    }

    /// Runs the block writer's hot loops with `d` (the FFI shim picks one for the CPU).
    pub fn set_dispatch(&mut self, d: Dispatch) {
        self.parts.ent.dispatch = d;
    }

    /// Starts a new frame with the same parameters (`zstd_reset_cstream`).
    pub fn reset(&mut self, pledged_src_size: u64) -> Result<(), Error> {
        self.parts.reset();
        self.pledged = pledged(pledged_src_size);
        self.st_lo = 0;
        self.st_hi = 0;
        self.base = 0;
        self.fill = 0;
        self.done = 0;
        self.ext_lo = 0;
        self.ext_hi = 0;
        self.ext_start = 0;
        self.consumed = 0;
        self.hash.reset(0);
        self.started = false;
        self.ending = false;
        self.finished = false;
        Ok(())
    }

    fn drain(&mut self, out: &mut [u8], out_pos: &mut usize) -> Result<(), Error> {
        let room = out
            .len()
            .checked_sub(*out_pos)
            .ok_or(Error::dstSize_tooSmall)?;
        let n = room.min(self.st_hi - self.st_lo);
        out[*out_pos..*out_pos + n].copy_from_slice(&self.stage[self.st_lo..self.st_lo + n]);
        *out_pos += n;
        self.st_lo += n;
        if self.st_lo == self.st_hi {
            self.st_lo = 0;
            self.st_hi = 0;
        }
        Ok(())
    }

    fn begin(&mut self) -> Result<(), Error> {
        if self.finished {
            self.reset(CONTENTSIZE_UNKNOWN)?;
        }
        if !self.started {
            let cp = &self.params.cparams;
            let fp = self.params.fparams;
            let mut window_log = cp.window_log;
            if let Some(n) = self.pledged {
                let need = if n > 1 {
                    64 - (n - 1).leading_zeros()
                } else {
                    1
                };
                window_log = window_log.min(need.max(10));
            }
            let hdr = FrameHeader {
                window_log,
                content_size: if fp.content_size_flag != 0 {
                    self.pledged
                } else {
                    None
                },
                checksum: fp.checksum_flag != 0,
                dict_id: 0,
            };
            self.st_hi += write_frame_header(&mut self.stage[self.st_hi..], &hdr)?;
            self.started = true;
        }
        Ok(())
    }

    /// Compresses `buf[done..fill]` into the (drained) staging buffer.
    fn compress_buffered(&mut self, last: bool) -> Result<(), Error> {
        let start = self.base + self.done as u32;
        let end = self.base + self.fill as u32;
        let dst = self.stage.get_mut(self.st_hi..).ok_or(Error::GENERIC)?;
        let n = if start == end {
            if !last {
                return Ok(());
            }
            write_raw_block(dst, &[], true)?
        } else {
            let (ext, ext_start) = if self.ext_lo < self.ext_hi {
                (&self.buf[self.ext_lo..self.ext_hi], self.ext_start)
            } else {
                (&[][..], self.base)
            };
            let seg = Segments {
                ext,
                ext_start,
                cur: &self.buf[..self.fill],
                cur_start: self.base,
                low_limit: ext_start,
                dict: false,
            };
            self.parts
                .compress_blocks(dst, &seg, start, end, last, None)?
        };
        self.st_hi += n;
        self.done = self.fill;
        Ok(())
    }

    /// Makes room for the next block: wraps the buffer when it cannot hold one more,
    /// and re-bases indices before the next block could end above [`INDEX_LIMIT`].
    fn maybe_wrap(&mut self) {
        let block = self.parts.block;
        if self.done == self.fill && self.fill + block > self.buf.len() {
            self.ext_lo = 0;
            self.ext_hi = self.fill;
            self.ext_start = self.base;
            // `base + fill` stayed at or below `INDEX_LIMIT` (below): no wrap.
            self.base += self.fill as u32;
            self.fill = 0;
            self.done = 0;
        }
        // The window (older segment and buffered data) spans at most the buffer, 2 GiB
        // and a block at window log 31: moved down to start at index 1, the next block
        // ends below 2 GiB and three blocks. Index 0 stays below the window, so table
        // entries that fall out of it (`shift` saturates them to 0) are never candidates,
        // as after C's overflow correction. Checked once a block, as C does, so a window
        // log 31 stream, which cannot wrap its buffer twice below the limit, re-bases
        // every 1 GiB or so of input.
        if self.base as usize + self.done + block > INDEX_LIMIT {
            let lowest = if self.ext_lo < self.ext_hi {
                self.ext_start
            } else {
                self.base
            };
            let shift = lowest.saturating_sub(1);
            self.parts.ms.shift(shift);
            self.base -= shift;
            self.ext_start = self.ext_start.saturating_sub(shift);
        }
    }

    /// Copies input into the buffer up to the end of the current block.
    fn take_input(&mut self, input: &[u8], in_pos: &mut usize) -> Result<(), Error> {
        self.maybe_wrap();
        let block = self.parts.block;
        let limit = (self.done + block).min(self.buf.len());
        let rest = input.get(*in_pos..).ok_or(Error::srcSize_wrong)?;
        let n = rest.len().min(limit - self.fill);
        let chunk = &rest[..n];
        self.consumed += n as u64;
        if let Some(p) = self.pledged {
            if self.consumed > p {
                return Err(Error::srcSize_wrong);
            }
        }
        self.buf[self.fill..self.fill + n].copy_from_slice(chunk);
        if self.params.fparams.checksum_flag != 0 {
            self.hash.update(chunk);
        }
        self.fill += n;
        *in_pos += n;
        // New data overwrote the start of the older segment.
        if self.ext_lo < self.fill {
            let cut = (self.fill - self.ext_lo).min(self.ext_hi.saturating_sub(self.ext_lo));
            self.ext_lo += cut;
            self.ext_start += cut as u32;
            if self.ext_lo >= self.ext_hi {
                self.ext_lo = self.ext_hi;
            }
        }
        Ok(())
    }

    /// Consumes all of `input[*in_pos..]` unless `out` fills up
    /// (`zstd_compress_stream`); returns a hint of how much input completes a block.
    pub fn compress_stream(
        &mut self,
        out: &mut [u8],
        out_pos: &mut usize,
        input: &[u8],
        in_pos: &mut usize,
    ) -> Result<usize, Error> {
        if *in_pos > input.len() || *out_pos > out.len() {
            return Err(Error::GENERIC);
        }
        if self.ending && !self.finished {
            return Err(Error::stage_wrong);
        }
        self.begin()?;
        loop {
            self.drain(out, out_pos)?;
            if self.st_hi > 0 || *in_pos == input.len() {
                break;
            }
            if self.fill - self.done == self.parts.block {
                self.compress_buffered(false)?;
                continue;
            }
            self.take_input(input, in_pos)?;
        }
        let pending = self.fill - self.done;
        Ok(if pending == 0 {
            self.parts.block
        } else {
            self.parts.block - pending
        })
    }

    /// Compresses what is buffered and delivers it (`zstd_flush_stream`); returns the
    /// bytes still to deliver (0 when everything so far is in `out`). A flushed prefix
    /// decodes on its own.
    pub fn flush_stream(&mut self, out: &mut [u8], out_pos: &mut usize) -> Result<usize, Error> {
        if *out_pos > out.len() {
            return Err(Error::GENERIC);
        }
        if self.ending {
            return self.end_stream(out, out_pos);
        }
        self.begin()?;
        self.drain(out, out_pos)?;
        if self.st_hi == 0 && self.fill > self.done {
            self.compress_buffered(false)?;
            self.drain(out, out_pos)?;
        }
        Ok(self.st_hi - self.st_lo)
    }

    /// Finishes the frame (`zstd_end_stream`): last block, checksum; returns the bytes
    /// still to deliver, 0 once the frame is complete in `out`.
    pub fn end_stream(&mut self, out: &mut [u8], out_pos: &mut usize) -> Result<usize, Error> {
        if *out_pos > out.len() {
            return Err(Error::GENERIC);
        }
        if self.finished {
            return Ok(0);
        }
        self.begin()?;
        self.drain(out, out_pos)?;
        if !self.ending {
            if self.st_hi > 0 {
                return Ok(self.st_hi - self.st_lo + (self.fill - self.done) + 7);
            }
            if let Some(p) = self.pledged {
                if p != self.consumed {
                    return Err(Error::srcSize_wrong);
                }
            }
            self.compress_buffered(true)?;
            if self.params.fparams.checksum_flag != 0 {
                let d = self.stage.get_mut(self.st_hi..).ok_or(Error::GENERIC)?;
                self.st_hi += write_checksum(d, self.hash.digest())?;
            }
            self.ending = true;
            self.drain(out, out_pos)?;
        }
        let left = self.st_hi - self.st_lo;
        if left == 0 {
            self.finished = true;
        }
        Ok(left)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::compress::get_params;
    use std::vec;
    use std::vec::Vec;

    /// A stream that has already gone through about 3 GiB: its indices are re-based
    /// (match tables shifted) while data keeps flowing, and the frame stays valid.
    #[test]
    fn indices_are_rebased_before_they_overflow() {
        for level in [1, 3, 6] {
            let mut p = get_params(level, 0);
            p.cparams.window_log = 17;
            p.fparams.checksum_flag = 1;
            let mut ws = vec![0u8; cstream_workspace_bound(&p.cparams)];
            let mut cs = CStream::new(&p, CONTENTSIZE_UNKNOWN, &mut ws).unwrap();
            let start = (INDEX_LIMIT - cs.buf.len() - 300_000) as u32;
            cs.base = start;
            let mut rng = crate::test_rng::Xorshift(0x2545_f491_4f6c_dd1d);
            let data: Vec<u8> = (0..(2 << 20))
                .map(|i: usize| {
                    let x = rng.next();
                    if x & 3 == 0 {
                        x as u8
                    } else {
                        b"zstd kernel stream "[i % 19]
                    }
                })
                .collect();
            let frame = stream_all(&mut cs, &data);
            assert!(cs.base < start, "indices were re-based");
            let back = zstd::bulk::decompress(&frame, data.len()).unwrap();
            assert!(back == data, "level {level}");
            assert!(frame.len() < data.len() / 2);
        }
    }

    /// Streams `data` in 50,000-byte pieces and ends the frame.
    fn stream_all(cs: &mut CStream<'_>, data: &[u8]) -> Vec<u8> {
        let mut frame = Vec::new();
        let mut out = vec![0u8; 1 << 16];
        for chunk in data.chunks(50_000) {
            let mut ip = 0;
            while ip < chunk.len() {
                let mut op = 0;
                cs.compress_stream(&mut out, &mut op, chunk, &mut ip)
                    .unwrap();
                frame.extend_from_slice(&out[..op]);
            }
        }
        loop {
            let mut op = 0;
            let left = cs.end_stream(&mut out, &mut op).unwrap();
            frame.extend_from_slice(&out[..op]);
            if left == 0 {
                return frame;
            }
        }
    }

    /// 2 MiB without zero bytes (the skipped history below holds zeros, so a match into
    /// it cannot decode): 512 KiB of random bytes, 512 KiB of 6-bit noise, the random
    /// bytes again (mutated), noise. Only the match 1 MiB back makes it below 1.5 MiB.
    fn far_repeat() -> Vec<u8> {
        let mut rng = crate::test_rng::Xorshift(0x9e37_79b9_7f4a_7c15);
        let piece: Vec<u8> = (0..1 << 19).map(|_| rng.next() as u8 | 1).collect();
        let mut data = Vec::new();
        for _ in 0..2 {
            for &c in &piece {
                let x = rng.next();
                data.push(if x & 255 == 0 { x as u8 | 1 } else { c });
            }
            data.extend((0..1 << 19).map(|_| (rng.next() as u8 & 0x5f) | 0x20));
        }
        data
    }

    /// Window log 31: the 2 GiB window cannot be wrapped twice below `INDEX_LIMIT`, so
    /// indices are re-based a block at a time. The stream is started as if 2 GiB had gone
    /// through it already (the skipped bytes are never referenced: tables are empty), so
    /// that the third piece's match crosses a re-base with the buffer's wrap before or
    /// after it; the frame must decode with C.
    #[test]
    fn window_log_31_streams_across_rebases_and_wraps() {
        let data = far_repeat();
        for (level, wrap_first) in [(1, false), (3, true), (6, false), (13, true), (16, false)] {
            let mut p = get_params(level, 0);
            p.cparams.window_log = 31;
            p.fparams.checksum_flag = 1;
            let mut ws = vec![0u8; cstream_workspace_bound(&p.cparams)];
            let mut cs = CStream::new(&p, CONTENTSIZE_UNKNOWN, &mut ws).unwrap();
            let len = cs.buf.len();
            assert!(len > 1 << 31);
            // Both between the two copies (blocks of 128 KiB).
            let (fill, to_limit) = if wrap_first {
                // The buffer wraps 640 KiB in, the limit is crossed 896 KiB in.
                (len - (640 << 10), 320 << 10)
            } else {
                // The limit is crossed 768 KiB in, the buffer wraps 1 MiB in.
                (len - (1 << 20), 768 << 10)
            };
            cs.fill = fill;
            cs.done = fill;
            cs.base = (INDEX_LIMIT - fill - to_limit) as u32;
            // Where the data would end without re-basing.
            let end = cs.base as usize + cs.fill + data.len();
            let frame = stream_all(&mut cs, &data);
            let moved = end - (cs.base as usize + cs.fill);
            assert!(moved > 1 << 29, "level {level}: indices were re-based");
            let back = zstd::bulk::decompress(&frame, data.len()).unwrap();
            assert!(back == data, "level {level}");
            assert!(
                frame.len() < data.len() * 3 / 4,
                "level {level}: far matches found"
            );
        }
    }
}
