// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Frame header and checksum (RFC 8878 §3.1.1).

use crate::error::Error;
use crate::tables::MAGIC;

/// What a frame header announces.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FrameHeader {
    pub window_log: u32,
    /// Content size, when known and announced.
    pub content_size: Option<u64>,
    pub checksum: bool,
    /// Dictionary ID to announce (0: none).
    pub dict_id: u32,
}

/// Largest frame header.
pub(crate) const MAX_HEADER: usize = 18;

/// Writes the magic number and frame header; returns its size.
pub(crate) fn write_frame_header(dst: &mut [u8], h: &FrameHeader) -> Result<usize, Error> {
    let mut b = [0u8; MAX_HEADER];
    b[..4].copy_from_slice(&MAGIC.to_le_bytes());
    let window = 1u64 << h.window_log;
    let single = matches!(h.content_size, Some(s) if s <= window);
    let did_code = match h.dict_id {
        0 => 0u8,
        1..=255 => 1,
        256..=65535 => 2,
        _ => 3,
    };
    let fcs_code = match h.content_size {
        None => 0u8,
        Some(s) if s < 256 => 0,
        Some(s) if s < 65536 + 256 => 1,
        Some(s) if s < u64::from(u32::MAX) => 2,
        Some(_) => 3,
    };
    b[4] = fcs_code << 6 | u8::from(single) << 5 | u8::from(h.checksum) << 2 | did_code;
    let mut n = 5;
    if !single {
        b[n] = ((h.window_log - 10) << 3) as u8;
        n += 1;
    }
    let did_len = [0, 1, 2, 4][did_code as usize];
    b[n..n + did_len].copy_from_slice(&h.dict_id.to_le_bytes()[..did_len]);
    n += did_len;
    if let Some(s) = h.content_size {
        match fcs_code {
            0 if single => {
                b[n] = s as u8;
                n += 1;
            }
            1 => {
                b[n..n + 2].copy_from_slice(&((s - 256) as u16).to_le_bytes());
                n += 2;
            }
            2 => {
                b[n..n + 4].copy_from_slice(&(s as u32).to_le_bytes());
                n += 4;
            }
            3 => {
                b[n..n + 8].copy_from_slice(&s.to_le_bytes());
                n += 8;
            }
            _ => {}
        }
    }
    dst.get_mut(..n)
        .ok_or(Error::dstSize_tooSmall)?
        .copy_from_slice(&b[..n]);
    Ok(n)
}

/// Writes the content checksum: low 32 bits of XXH64 (seed 0), little-endian.
pub(crate) fn write_checksum(dst: &mut [u8], digest: u64) -> Result<usize, Error> {
    dst.get_mut(..4)
        .ok_or(Error::dstSize_tooSmall)?
        .copy_from_slice(&(digest as u32).to_le_bytes());
    Ok(4)
}
