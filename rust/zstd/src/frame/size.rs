// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Size of a whole frame, walking its block headers (`ZSTD_findFrameCompressedSize`).

use super::block::{BlockHeader, BLOCK_HEADER_SIZE};
use super::header::{get_frame_header, FrameHeaderProgress, FrameType};
use crate::error::Error;

/// Bytes of the first frame (zstd or skippable) at the start of `src`.
pub fn find_frame_compressed_size(src: &[u8]) -> Result<usize, Error> {
    let h = match get_frame_header(src)? {
        FrameHeaderProgress::Complete(h) => h,
        FrameHeaderProgress::Incomplete(_) => return Err(Error::srcSize_wrong),
    };
    if h.frame_type == FrameType::Skippable {
        let total = usize::try_from(h.frame_content_size)
            .ok()
            .and_then(|n| n.checked_add(h.header_size as usize))
            .ok_or(Error::srcSize_wrong)?;
        return if total <= src.len() {
            Ok(total)
        } else {
            Err(Error::srcSize_wrong)
        };
    }
    let mut pos = h.header_size as usize;
    loop {
        let b = src
            .get(pos..pos + BLOCK_HEADER_SIZE)
            .ok_or(Error::srcSize_wrong)?;
        let bh = BlockHeader::parse([b[0], b[1], b[2]], usize::MAX)?;
        pos += BLOCK_HEADER_SIZE + bh.content_size();
        if pos > src.len() {
            return Err(Error::srcSize_wrong);
        }
        if bh.last {
            break;
        }
    }
    if h.checksum_flag != 0 {
        pos += 4;
        if pos > src.len() {
            return Err(Error::srcSize_wrong);
        }
    }
    Ok(pos)
}
