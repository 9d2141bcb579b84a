// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Frame header (RFC 8878 §3.1.1.1): magic, Frame_Header_Descriptor, Window_Descriptor,
//! Dictionary_ID and Frame_Content_Size; and the skippable-frame header (§3.1.2).

use super::skippable::{is_skippable_magic, SKIPPABLE_HEADER_SIZE};
use crate::error::Error;
use crate::tables::{BLOCK_SIZE_MAX, MAGIC};

/// Frame_Content_Size when the header does not give it (`ZSTD_CONTENTSIZE_UNKNOWN`).
pub const CONTENTSIZE_UNKNOWN: u64 = u64::MAX;
/// `ZSTD_CONTENTSIZE_ERROR`.
pub const CONTENTSIZE_ERROR: u64 = u64::MAX - 1;
/// Largest window log a 64-bit decoder accepts (`ZSTD_WINDOWLOG_MAX_64`).
pub const WINDOWLOG_MAX: u32 = 31;
/// Smallest input that tells the header's size (magic + descriptor).
pub const FRAME_HEADER_PREFIX: usize = 5;
/// Largest frame header.
pub const FRAME_HEADER_SIZE_MAX: usize = 18;

/// Kind of frame (`ZSTD_frameType_e`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameType {
    /// A zstd frame (RFC 8878 §3.1.1).
    Frame = 0,
    /// A skippable frame (RFC 8878 §3.1.2).
    Skippable = 1,
}

/// What `ZSTD_frameHeader` (zstd 1.5.6, the kernel's `zstd_frame_header`) holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameHeader {
    /// Frame_Content_Size, [`CONTENTSIZE_UNKNOWN`] if absent; for a skippable frame,
    /// the size of its user data.
    pub frame_content_size: u64,
    /// Window_Size (0 for skippable frames).
    pub window_size: u64,
    /// min(Window_Size, 128 KiB).
    pub block_size_max: u32,
    /// Zstd or skippable frame.
    pub frame_type: FrameType,
    /// Bytes of the header.
    pub header_size: u32,
    /// Dictionary_ID (0: none); for a skippable frame, the magic's low 4 bits.
    pub dict_id: u32,
    /// 1 when a 4-byte content checksum follows the last block.
    pub checksum_flag: u32,
    /// Single_Segment_Flag.
    pub single_segment: bool,
}

/// Result of reading a header from a prefix of a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameHeaderProgress {
    /// The whole header.
    Complete(FrameHeader),
    /// The header needs this many bytes in total (more than were given).
    Incomplete(usize),
}

/// The little-endian value of `b`: one load for the header's field sizes (0, 1, 2, 4
/// and 8 bytes).
fn le(b: &[u8]) -> u64 {
    match *b {
        [] => 0,
        [x] => u64::from(x),
        [x, y] => u64::from(u16::from_le_bytes([x, y])),
        [x, y, z, w] => u64::from(u32::from_le_bytes([x, y, z, w])),
        [a, b, c, d, e, f, g, h] => u64::from_le_bytes([a, b, c, d, e, f, g, h]),
        _ => b
            .iter()
            .rev()
            .fold(0u64, |acc, &x| (acc << 8) | u64::from(x)),
    }
}

/// Reads the frame header at the start of `src` (`ZSTD_getFrameHeader`).
pub fn get_frame_header(src: &[u8]) -> Result<FrameHeaderProgress, Error> {
    if src.len() < FRAME_HEADER_PREFIX {
        // Reject early if the bytes seen already rule out both magics.
        let n = src.len().min(4);
        let zstd = MAGIC.to_le_bytes();
        let skip = crate::tables::SKIPPABLE_MAGIC_MIN.to_le_bytes();
        let is_zstd = src[..n] == zstd[..n];
        let is_skip = n == 0 || (src[0] & 0xF0 == skip[0] && src[1..n] == skip[1..n]);
        if !is_zstd && !is_skip {
            return Err(Error::prefix_unknown);
        }
        // As C: the smallest input that can tell more, whatever the magic.
        return Ok(FrameHeaderProgress::Incomplete(FRAME_HEADER_PREFIX));
    }
    let magic = le(&src[..4]) as u32;
    if magic != MAGIC {
        if !is_skippable_magic(magic) {
            return Err(Error::prefix_unknown);
        }
        let Some(size) = src.get(4..8) else {
            return Ok(FrameHeaderProgress::Incomplete(SKIPPABLE_HEADER_SIZE));
        };
        return Ok(FrameHeaderProgress::Complete(FrameHeader {
            frame_content_size: le(size),
            window_size: 0,
            block_size_max: 0,
            frame_type: FrameType::Skippable,
            header_size: SKIPPABLE_HEADER_SIZE as u32,
            dict_id: magic - crate::tables::SKIPPABLE_MAGIC_MIN,
            checksum_flag: 0,
            single_segment: false,
        }));
    }
    let fhd = src[4];
    let fcs_flag = fhd >> 6;
    let single_segment = fhd & 0x20 != 0;
    let checksum = fhd & 0x04 != 0;
    let did_flag = fhd & 3;
    let did_size = [0usize, 1, 2, 4][usize::from(did_flag)];
    let fcs_size = match fcs_flag {
        0 => usize::from(single_segment),
        1 => 2,
        2 => 4,
        _ => 8,
    };
    let header_size = FRAME_HEADER_PREFIX + usize::from(!single_segment) + did_size + fcs_size;
    if src.len() < header_size {
        return Ok(FrameHeaderProgress::Incomplete(header_size));
    }
    if fhd & 0x08 != 0 {
        return Err(Error::frameParameter_unsupported);
    }
    let mut pos = FRAME_HEADER_PREFIX;
    let mut window_size = 0u64;
    if !single_segment {
        let wd = src[pos];
        pos += 1;
        let window_log = 10 + u32::from(wd >> 3);
        if window_log > WINDOWLOG_MAX {
            return Err(Error::frameParameter_windowTooLarge);
        }
        let base = 1u64 << window_log;
        window_size = base + (base / 8) * u64::from(wd & 7);
    }
    let dict_id = le(&src[pos..pos + did_size]) as u32;
    pos += did_size;
    let fcs_raw = le(&src[pos..pos + fcs_size]);
    let frame_content_size = match fcs_size {
        0 => CONTENTSIZE_UNKNOWN,
        2 => fcs_raw + 256,
        _ => fcs_raw,
    };
    if single_segment {
        window_size = frame_content_size;
    }
    Ok(FrameHeaderProgress::Complete(FrameHeader {
        frame_content_size,
        window_size,
        block_size_max: window_size.min(BLOCK_SIZE_MAX as u64) as u32,
        frame_type: FrameType::Frame,
        header_size: header_size as u32,
        dict_id,
        checksum_flag: u32::from(checksum),
        single_segment,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_fields() {
        // single segment, 2-byte FCS (value + 256), checksum, 1-byte dict id
        let src = [0x28, 0xB5, 0x2F, 0xFD, 0x65, 0x07, 0x10, 0x00];
        let FrameHeaderProgress::Complete(h) = get_frame_header(&src).unwrap() else {
            panic!("incomplete")
        };
        assert_eq!(h.dict_id, 7);
        assert_eq!(h.frame_content_size, 0x10 + 256);
        assert_eq!(h.window_size, 0x110);
        assert_eq!(h.checksum_flag, 1);
        assert_eq!(h.header_size, 8);
        assert_eq!(
            get_frame_header(&src[..6]).unwrap(),
            FrameHeaderProgress::Incomplete(8)
        );
        assert_eq!(
            get_frame_header(&src[..2]).unwrap(),
            FrameHeaderProgress::Incomplete(5)
        );
        assert_eq!(get_frame_header(&[0x29]), Err(Error::prefix_unknown));
        assert_eq!(
            get_frame_header(&[0x5A, 0x2A]).unwrap(),
            FrameHeaderProgress::Incomplete(5)
        );
        assert_eq!(
            get_frame_header(&[0x5A, 0x2A, 0x4D, 0x18, 0]).unwrap(),
            FrameHeaderProgress::Incomplete(8)
        );
    }

    #[test]
    fn window_descriptor() {
        // exponent 1, mantissa 3 -> 2^11 + 3 * 2^8
        let src = [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x0B];
        let FrameHeaderProgress::Complete(h) = get_frame_header(&src).unwrap() else {
            panic!("incomplete")
        };
        assert_eq!(h.window_size, 2048 + 3 * 256);
        assert_eq!(h.frame_content_size, CONTENTSIZE_UNKNOWN);
    }
}
