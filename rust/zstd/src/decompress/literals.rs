// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Literals section (RFC 8878 §3.1.1.3.1): header, then raw, RLE or Huffman-coded bytes.

use super::entropy::{DictTables, Entropy, DICT_HUF};
use super::hot::Hot;
use crate::error::Error;

/// Literals_Block_Type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LiteralsType {
    Raw,
    Rle,
    Compressed,
    /// Huffman-coded with the previous block's tree (Treeless_Literals_Block).
    Treeless,
}

/// A parsed Literals_Section_Header.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LiteralsHeader {
    pub kind: LiteralsType,
    pub regenerated_size: usize,
    /// Bytes after the header: Regenerated_Size (raw), 1 (RLE), Compressed_Size.
    pub content_size: usize,
    pub header_size: usize,
    pub four_streams: bool,
}

/// Fewest literals the 4-stream layout accepts (as C's decoder does).
const MIN_LITERALS_FOR_4_STREAMS: usize = 6;

impl LiteralsHeader {
    /// Parses the header at the start of `src`; literals may not exceed `block_max`.
    pub(crate) fn parse(src: &[u8], block_max: usize) -> Result<Self, Error> {
        let b0 = *src.first().ok_or(Error::corruption_detected)?;
        let byte = |i: usize| {
            src.get(i)
                .copied()
                .map(usize::from)
                .ok_or(Error::corruption_detected)
        };
        let kind = match b0 & 3 {
            0 => LiteralsType::Raw,
            1 => LiteralsType::Rle,
            2 => LiteralsType::Compressed,
            _ => LiteralsType::Treeless,
        };
        let size_format = (b0 >> 2) & 3;
        let b0 = usize::from(b0);
        let h = match kind {
            LiteralsType::Raw | LiteralsType::Rle => {
                let (regen, hs) = match size_format {
                    0 | 2 => (b0 >> 3, 1),
                    1 => ((b0 >> 4) | (byte(1)? << 4), 2),
                    _ => ((b0 >> 4) | (byte(1)? << 4) | (byte(2)? << 12), 3),
                };
                let content = if kind == LiteralsType::Raw { regen } else { 1 };
                LiteralsHeader {
                    kind,
                    regenerated_size: regen,
                    content_size: content,
                    header_size: hs,
                    four_streams: false,
                }
            }
            _ => {
                let (hs, bits, four) = match size_format {
                    0 => (3, 10, false),
                    1 => (3, 10, true),
                    2 => (4, 14, true),
                    _ => (5, 18, true),
                };
                let mut v: u64 = 0;
                for i in (0..hs).rev() {
                    v = (v << 8) | byte(i)? as u64;
                }
                let v = v >> 4;
                let mask = (1u64 << bits) - 1;
                let regen = (v & mask) as usize;
                let comp = ((v >> bits) & mask) as usize;
                if four && regen < MIN_LITERALS_FOR_4_STREAMS {
                    return Err(Error::literals_headerWrong);
                }
                LiteralsHeader {
                    kind,
                    regenerated_size: regen,
                    content_size: comp,
                    header_size: hs,
                    four_streams: four,
                }
            }
        };
        if h.regenerated_size > block_max {
            return Err(Error::corruption_detected);
        }
        if h.header_size + h.content_size > src.len() {
            return Err(Error::corruption_detected);
        }
        Ok(h)
    }
}

/// Regenerates RLE or Huffman literals described by `h` into `out`
/// (`out.len() == h.regenerated_size`). `content` is the section after its header;
/// `dict`: the frame's dictionary tables, which treeless literals may still use.
pub(crate) fn decode_literals(
    h: &LiteralsHeader,
    content: &[u8],
    ent: &mut Entropy<'_>,
    dict: Option<&DictTables<'_>>,
    out: &mut [u8],
) -> Result<(), Error> {
    let content = content
        .get(..h.content_size)
        .ok_or(Error::corruption_detected)?;
    match h.kind {
        LiteralsType::Raw => {
            out.copy_from_slice(content.get(..out.len()).ok_or(Error::corruption_detected)?);
            Ok(())
        }
        LiteralsType::Rle => {
            out.fill(*content.first().ok_or(Error::corruption_detected)?);
            Ok(())
        }
        LiteralsType::Compressed | LiteralsType::Treeless => {
            let run = ent.dispatch;
            let streams = if h.kind == LiteralsType::Compressed {
                ent.dict &= !DICT_HUF;
                let used = run(Hot::tree(
                    ent.huf,
                    &mut ent.huf_log,
                    content,
                    &mut ent.tree,
                    out.len(),
                ))?;
                content.get(used..).ok_or(Error::corruption_detected)?
            } else {
                if ent.huf_log == 0 {
                    return Err(Error::dictionary_corrupted);
                }
                content
            };
            let table = match dict {
                Some(d) if ent.dict & DICT_HUF != 0 => d.huf,
                _ => &*ent.huf,
            };
            run(Hot::huf(table, ent.huf_log, streams, out, h.four_streams)).map(|_| ())
        }
    }
}
