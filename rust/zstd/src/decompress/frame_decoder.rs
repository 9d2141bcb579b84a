// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Decoding one whole zstd frame from a complete input into a flat output
//! (RFC 8878 §3.1.1): header, blocks, content checksum.

use super::block::{decode_compressed_block, Dest};
use super::ddict::DDict;
use super::entropy::{DictTables, Entropy};
use super::execute::Ext;
use crate::error::Error;
use crate::frame::block::{BlockHeader, BlockType, BLOCK_HEADER_SIZE};
use crate::frame::header::{
    get_frame_header, FrameHeader, FrameHeaderProgress, CONTENTSIZE_UNKNOWN,
};

/// Checks a frame's Dictionary_ID against the dictionary in use.
pub(crate) fn check_dict_id(h: &FrameHeader, dict: Option<&DDict<'_>>) -> Result<(), Error> {
    let have = dict.map_or(0, |d| d.dict_id());
    if h.dict_id != 0 && h.dict_id != have {
        return Err(Error::dictionary_wrong);
    }
    Ok(())
}

/// Reads a complete frame header or fails with `srcSize_wrong`.
pub(crate) fn complete_header(src: &[u8]) -> Result<FrameHeader, Error> {
    match get_frame_header(src)? {
        FrameHeaderProgress::Complete(h) => Ok(h),
        FrameHeaderProgress::Incomplete(_) => Err(Error::srcSize_wrong),
    }
}

/// Decodes the zstd frame at the start of `src` into `dst[op..]`. Returns
/// (bytes of `src` used, new output position).
pub(crate) fn decode_frame(
    ent: &mut Entropy<'_>,
    lit_buf: &mut [u8],
    dst: &mut [u8],
    op: usize,
    src: &[u8],
    dict: Option<&DDict<'_>>,
) -> Result<(usize, usize), Error> {
    let h = complete_header(src)?;
    check_dict_id(&h, dict)?;
    let start = op;
    if h.frame_content_size != CONTENTSIZE_UNKNOWN && h.frame_content_size > (dst.len() - op) as u64
    {
        return Err(Error::dstSize_tooSmall);
    }
    let ext: &[u8] = match dict {
        Some(d) => {
            ent.use_dict(d.entropy());
            d.content()
        }
        None => {
            ent.reset();
            &[]
        }
    };
    let block_max = h.block_size_max as usize;
    let mut ip = h.header_size as usize;
    let mut op = op;
    // Hash each block while it is still in cache.
    let mut hash = xxhash::Xxh64State::new(0);
    loop {
        let block_start = op;
        let b = src
            .get(ip..ip + BLOCK_HEADER_SIZE)
            .ok_or(Error::srcSize_wrong)?;
        let bh = BlockHeader::parse([b[0], b[1], b[2]], block_max)?;
        ip += BLOCK_HEADER_SIZE;
        let body = src
            .get(ip..ip + bh.content_size())
            .ok_or(Error::srcSize_wrong)?;
        match bh.block_type {
            BlockType::Raw => {
                let out = dst
                    .get_mut(op..op + bh.size)
                    .ok_or(Error::dstSize_tooSmall)?;
                out.copy_from_slice(body);
                op += bh.size;
            }
            BlockType::Rle => {
                let out = dst
                    .get_mut(op..op + bh.size)
                    .ok_or(Error::dstSize_tooSmall)?;
                out.fill(body[0]);
                op += bh.size;
            }
            BlockType::Compressed => {
                let dest = Dest {
                    buf: &mut *dst,
                    pos: op,
                    prefix_start: start,
                    ext: Ext::Slice(ext),
                    max_offset: usize::MAX,
                    tables: dict.map(|d| DictTables::of(d.entropy())),
                };
                op = decode_compressed_block(ent, lit_buf, body, dest, block_max)?;
            }
        }
        ip += bh.content_size();
        if h.checksum_flag != 0 {
            hash.update(&dst[block_start..op]);
        }
        if bh.last {
            break;
        }
    }
    if h.frame_content_size != CONTENTSIZE_UNKNOWN && (op - start) as u64 != h.frame_content_size {
        return Err(Error::corruption_detected);
    }
    if h.checksum_flag != 0 {
        let c = src.get(ip..ip + 4).ok_or(Error::srcSize_wrong)?;
        let want = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        if hash.digest() as u32 != want {
            return Err(Error::checksum_wrong);
        }
        ip += 4;
    }
    Ok((ip, op))
}
