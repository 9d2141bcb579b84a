// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Blocks (RFC 8878 §3.1.1.2): a compressed block (literals + sequences sections), or a
//! raw or RLE block when compression does not pay.

use super::entropy::Entropy;
use super::hot::Hot;
use super::literals::{min_gain, write_literals};
use super::seq_store::SeqStore;
use crate::error::Error;
use crate::params::Strategy;

/// Block_Type values.
const RAW: u32 = 0;
const RLE: u32 = 1;
const COMPRESSED: u32 = 2;

fn header(dst: &mut [u8], last: bool, ty: u32, size: usize) -> Result<(), Error> {
    let v = u32::from(last) | ty << 1 | (size as u32) << 3;
    dst.get_mut(..3)
        .ok_or(Error::dstSize_tooSmall)?
        .copy_from_slice(&v.to_le_bytes()[..3]);
    Ok(())
}

/// A raw block holding `src`.
pub(crate) fn write_raw_block(dst: &mut [u8], src: &[u8], last: bool) -> Result<usize, Error> {
    header(dst, last, RAW, src.len())?;
    dst.get_mut(3..3 + src.len())
        .ok_or(Error::dstSize_tooSmall)?
        .copy_from_slice(src);
    Ok(3 + src.len())
}

fn is_rle(src: &[u8]) -> bool {
    match src.first() {
        Some(&b) => src.len() > 1 && src.iter().all(|&x| x == b),
        None => false,
    }
}

/// How a block was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sent {
    /// Compressed: the decoder adopted the block's tables and repeat offsets.
    Compressed,
    /// Raw or RLE: the decoder's entropy state and repeat offsets are unchanged.
    Plain,
}

/// Writes the block for `src` whose sequences are in `seqs`, choosing the smallest of
/// compressed, RLE and raw. The entropy state is committed only for a compressed block.
pub(crate) fn write_block(
    dst: &mut [u8],
    src: &[u8],
    seqs: &SeqStore<'_>,
    ent: &mut Entropy<'_>,
    strategy: Strategy,
    raw_literals: bool,
    last: bool,
) -> Result<(usize, Sent), Error> {
    ent.begin_block();
    let n = src.len();
    let limit = n.saturating_sub(min_gain(n, strategy));
    if !seqs.overflowed() && n > 0 {
        if let Some(body) = dst.get_mut(3..) {
            let cap = body.len().min(limit);
            let body = &mut body[..cap];
            let lits = write_literals(body, seqs.literals(), ent, strategy, raw_literals);
            let run = ent.dispatch;
            let size = lits
                .and_then(|l| Some(l + run(Hot::seq(body.get_mut(l..)?, seqs, ent, strategy))?));
            if let Some(size) = size {
                if size < limit {
                    if size < 25 && is_rle(src) {
                        return write_rle(dst, src, last);
                    }
                    header(dst, last, COMPRESSED, size)?;
                    ent.commit();
                    return Ok((3 + size, Sent::Compressed));
                }
            }
        }
    }
    if is_rle(src) {
        return write_rle(dst, src, last);
    }
    Ok((write_raw_block(dst, src, last)?, Sent::Plain))
}

/// Bytes `seqs` would take as a compressed block (header included) after the blocks
/// sent so far, written into the scratch `dst`; the entropy state stays as it was (a
/// block commits it only when sent). `None` when `dst` is too small.
pub(crate) fn compressed_size(
    dst: &mut [u8],
    seqs: &SeqStore<'_>,
    ent: &mut Entropy<'_>,
    strategy: Strategy,
    raw_literals: bool,
) -> Option<usize> {
    ent.begin_block();
    let body = dst.get_mut(3..)?;
    let lits = write_literals(body, seqs.literals(), ent, strategy, raw_literals)?;
    let run = ent.dispatch;
    let seq = run(Hot::seq(body.get_mut(lits..)?, seqs, ent, strategy))?;
    Some(3 + lits + seq)
}

fn write_rle(dst: &mut [u8], src: &[u8], last: bool) -> Result<(usize, Sent), Error> {
    header(dst, last, RLE, src.len())?;
    *dst.get_mut(3).ok_or(Error::dstSize_tooSmall)? = src[0];
    Ok((4, Sent::Plain))
}
