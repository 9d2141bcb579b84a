// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Decoding one compressed block (RFC 8878 §3.1.1.3): literals section, then
//! sequences section, executed into the output.

use super::entropy::{DictTables, Entropy, DICT_SEQ};
use super::execute::{has_dict, Ext, Lits, Out};
use super::hot::Hot;
use super::literals::{decode_literals, LiteralsHeader, LiteralsType};
use super::sequences::read_header;
use crate::error::Error;

/// Slack after decoded literals that the 16-byte literal copies may read.
pub(crate) const LIT_SLACK: usize = 32;

/// Where a block's output goes and what history it may reference.
pub(crate) struct Dest<'b, 'e> {
    pub buf: &'b mut [u8],
    pub pos: usize,
    pub prefix_start: usize,
    pub ext: Ext<'e>,
    pub max_offset: usize,
    /// The dictionary's decoding tables, which the frame uses until a block replaces
    /// them.
    pub tables: Option<DictTables<'e>>,
}

/// Decodes the compressed block `src` into `dest.buf[dest.pos..]`, regenerating at most
/// `block_max` bytes; returns the new write position. Literals are regenerated into
/// `lit_buf` when they fit, else into the destination beyond the block, else at the
/// destination's tail.
pub(crate) fn decode_compressed_block(
    ent: &mut Entropy<'_>,
    lit_buf: &mut [u8],
    src: &[u8],
    dest: Dest<'_, '_>,
    block_max: usize,
) -> Result<usize, Error> {
    let h = LiteralsHeader::parse(src, block_max)?;
    let lit_end = h.header_size + h.content_size;
    let content = src.get(h.header_size..).ok_or(Error::corruption_detected)?;
    let seq_src = src.get(lit_end..).ok_or(Error::corruption_detected)?;
    let n = h.regenerated_size;
    let buf = dest.buf;
    let pos = dest.pos;
    let limit = pos.saturating_add(block_max);
    let (ps, ext, mo) = (dest.prefix_start, dest.ext, dest.max_offset);
    let dict = dest.tables;
    let mk_out = |buf, limit| make_out(buf, pos, ps, ext, limit, mo);
    if h.kind == LiteralsType::Raw {
        let (nb_seq, used) = read_header(seq_src, ent)?;
        let stream = &seq_src[used..];
        let lits = Lits::Slice {
            data: content,
            len: n,
        };
        return run_seq(ent, dict, nb_seq, stream, lits, &mut mk_out(buf, limit));
    }
    if n + LIT_SLACK <= lit_buf.len() {
        let (l, slack) = lit_buf.split_at_mut(n);
        decode_literals(&h, content, ent, dict.as_ref(), l)?;
        slack[..LIT_SLACK].fill(0);
        let (nb_seq, used) = read_header(seq_src, ent)?;
        let stream = &seq_src[used..];
        let lits = Lits::Slice {
            data: &lit_buf[..n + LIT_SLACK],
            len: n,
        };
        return run_seq(ent, dict, nb_seq, stream, lits, &mut mk_out(buf, limit));
    }
    if buf.len() >= limit + n + LIT_SLACK {
        let (head, tail) = buf.split_at_mut(limit);
        let (l, slack) = tail.split_at_mut(n);
        decode_literals(&h, content, ent, dict.as_ref(), l)?;
        slack[..LIT_SLACK].fill(0);
        let (nb_seq, used) = read_header(seq_src, ent)?;
        let stream = &seq_src[used..];
        let lits = Lits::Slice {
            data: &tail[..n + LIT_SLACK],
            len: n,
        };
        return run_seq(ent, dict, nb_seq, stream, lits, &mut mk_out(head, limit));
    }
    if buf.len() < pos + n {
        return Err(Error::dstSize_tooSmall);
    }
    let start = buf.len() - n;
    decode_literals(&h, content, ent, dict.as_ref(), &mut buf[start..])?;
    let (nb_seq, used) = read_header(seq_src, ent)?;
    let stream = &seq_src[used..];
    let lits = Lits::InBuf { start, len: n };
    run_seq(ent, dict, nb_seq, stream, lits, &mut mk_out(buf, limit))
}

/// Decodes and executes the sequences through the context's dispatch. A dictionary's
/// tables still in use are read in place when all three are and the loop's `DICT` copy
/// runs (zram's pages: no copy, as C reads a DDict's); otherwise they are copied into
/// the context's cells first (see [`Entropy::take_dict_tables`]).
fn run_seq<'e>(
    ent: &mut Entropy<'_>,
    dict: Option<DictTables<'e>>,
    nb_seq: usize,
    stream: &[u8],
    lits: Lits<'_>,
    out: &mut Out<'_, 'e>,
) -> Result<usize, Error> {
    match dict {
        Some(d) if ent.dict & DICT_SEQ == DICT_SEQ && has_dict(out) => out.dict_seq = Some(d.seq),
        _ if nb_seq > 0 => ent.take_dict_tables(dict),
        _ => {}
    }
    let run = ent.dispatch;
    run(Hot::seq(ent, nb_seq, stream, lits, out))
}

fn make_out<'b, 'e>(
    buf: &'b mut [u8],
    pos: usize,
    prefix_start: usize,
    ext: Ext<'e>,
    limit: usize,
    max_offset: usize,
) -> Out<'b, 'e> {
    Out {
        buf,
        pos,
        prefix_start,
        ext,
        limit,
        limit_err: Error::corruption_detected,
        max_offset,
        dict_seq: None,
    }
}
