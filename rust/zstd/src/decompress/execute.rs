// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Sequence decoding and execution in one pass (RFC 8878 §3.1.1.3.2.2 "Decoding
//! Sequences", §3.1.1.4 "Sequence Execution", §3.1.1.5 "Repeat offsets").
//!
//! Output goes to `buf[pos..]`; the bytes `buf[prefix_start..pos]` are history, and
//! `ext` is older history logically before `prefix_start` (a dictionary's content, or
//! the older part of a streaming window). Literals are either a separate slice (the
//! fast path, which may copy 16 bytes past a run thanks to slack) or sit inside `buf`
//! at or after the write position (when the destination itself holds them).

use super::entropy::{Entropy, SeqCells, LL_AT, LL_CELLS, ML_AT, ML_CELLS, OF_AT, OF_CELLS};
use crate::bits::SeqReader;
use crate::error::Error;
use crate::fse::decode::unpack;

/// Older history before `prefix_start`.
#[derive(Clone, Copy)]
pub(crate) enum Ext<'e> {
    Slice(&'e [u8]),
    /// `buf[start..end]`.
    InBuf {
        start: usize,
        end: usize,
    },
}

impl Ext<'_> {
    pub(crate) fn len(&self) -> usize {
        match *self {
            Ext::Slice(s) => s.len(),
            Ext::InBuf { start, end } => end - start,
        }
    }
}

/// Where a block writes and what history it sees.
pub(crate) struct Out<'b, 'e> {
    pub buf: &'b mut [u8],
    pub pos: usize,
    pub prefix_start: usize,
    pub ext: Ext<'e>,
    /// Block output may not pass this index...
    pub limit: usize,
    /// ...and passing it is this error.
    pub limit_err: Error,
    /// Largest offset accepted (the window, for a ring buffer; otherwise unlimited).
    pub max_offset: usize,
    /// A dictionary's sequence tables, when all three in use are its own: the `DICT`
    /// copy of the loop reads them in place (see [`decode_and_execute`]).
    pub dict_seq: Option<&'e SeqCells>,
}

/// Where the literals are: a slice holding `len` literals plus slack, or `buf[start..]`.
#[derive(Clone, Copy)]
pub(crate) enum Lits<'l> {
    Slice { data: &'l [u8], len: usize },
    InBuf { start: usize, len: usize },
}

/// The low `n` (0..=63) bits of `v`, the baseline form of the `low` parameter of
/// [`decode_and_execute`]: a mask from a table, as C's `BIT_mask`, where computing it
/// takes two shifts through `cl`. Its BMI2 form is a bare `bzhi` (`_bzhi_u64`), which
/// takes `n` as it is (whole `v` for `n >= 64`): every `n` the loop passes is a table's
/// bit count, at most 31, where the two agree.
#[inline(always)]
pub(crate) fn low_bits(v: u64, n: u32) -> u64 {
    v & LOW_MASK[(n & 255) as usize]
}

/// `LOW_MASK[n]`: the low `n` bits set (all from 64 on). 256 entries, so an index read
/// from a table's byte needs no mask.
static LOW_MASK: [u64; 256] = {
    let mut m = [u64::MAX; 256];
    let mut n = 0;
    while n < 64 {
        m[n] = (1u64 << n) - 1;
        n += 1;
    }
    m
};

/// Smallest multiple of each offset 1..=7 that is >= 8.
const SHORT_PERIOD: [usize; 8] = [8, 8, 8, 9, 8, 10, 12, 14];

/// Copy granularity of the fast paths.
const CHUNK: usize = 16;

/// Copies a match of `ml` bytes at `offset` back from `op` within `buf` (history in
/// `buf[prefix_start..op]`, older in `ext`). Bytes up to `wild_end` may be overwritten
/// past the match end.
#[inline(always)]
fn copy_match(
    buf: &mut [u8],
    op: usize,
    offset: usize,
    ml: usize,
    prefix_start: usize,
    ext: Ext<'_>,
    wild_end: usize,
) -> Result<(), Error> {
    let in_prefix = op - prefix_start;
    if offset <= in_prefix {
        let src = op - offset;
        if offset >= CHUNK && op + ml + 2 * CHUNK <= wild_end {
            // Each chunk's source ends at or before its destination starts (the source
            // is >= 16 bytes back), so chunked copies reproduce LZ semantics.
            if ml <= 2 * CHUNK {
                if offset >= 2 * CHUNK {
                    let (head, tail) = buf.split_at_mut(op);
                    if let (Some(d), Some(s)) =
                        (tail.get_mut(..2 * CHUNK), head.get(src..src + 2 * CHUNK))
                    {
                        d.copy_from_slice(s);
                    }
                } else {
                    buf.copy_within(src..src + CHUNK, op);
                    buf.copy_within(src + CHUNK..src + 2 * CHUNK, op + CHUNK);
                }
            } else if offset >= ml {
                let (head, tail) = buf.split_at_mut(op);
                tail[..ml].copy_from_slice(&head[src..src + ml]);
            } else {
                let mut i = 0;
                while i < ml {
                    buf.copy_within(src + i..src + i + CHUNK, op + i);
                    i += CHUNK;
                }
            }
        } else if offset < CHUNK && op + ml + 2 * CHUNK <= wild_end {
            // Short offset: the output repeats with period `offset`. Copy 8 bytes at a
            // time from `d` back, `d` the smallest multiple of `offset` >= 8, once the
            // first 8 bytes are in place (byte by byte when `offset` < 8).
            let d = if offset >= 8 {
                offset
            } else {
                for i in 0..8 {
                    buf[op + i] = buf[src + i];
                }
                SHORT_PERIOD[offset & 7]
            };
            let mut p = if offset >= 8 { op } else { op + 8 };
            while p < op + ml {
                buf.copy_within(p - d..p - d + 8, p);
                p += 8;
            }
        } else {
            copy_back(buf, src, op, offset, ml);
        }
        return Ok(());
    }
    copy_match_ext(buf, op, offset, ml, prefix_start, ext)
}

/// The rare part of [`copy_match`]: a match starting before `prefix_start`, in `ext`
/// (a dictionary or the older part of a streaming window), maybe continuing in the
/// prefix. Kept out of line so the hot loop keeps its registers.
#[cold]
#[inline(never)]
fn copy_match_ext(
    buf: &mut [u8],
    op: usize,
    offset: usize,
    ml: usize,
    prefix_start: usize,
    ext: Ext<'_>,
) -> Result<(), Error> {
    let in_prefix = op - prefix_start;
    // The match starts in the older history.
    let back = offset - in_prefix;
    let ext_len = ext.len();
    if back > ext_len {
        return Err(Error::corruption_detected);
    }
    let n = back.min(ml);
    match ext {
        Ext::Slice(s) => {
            buf[op..op + n].copy_from_slice(&s[ext_len - back..ext_len - back + n]);
        }
        Ext::InBuf { end, .. } => {
            buf.copy_within(end - back..end - back + n, op);
        }
    }
    if n < ml {
        // Continues at the prefix start, `offset` bytes behind the new position.
        let op2 = op + n;
        let rest = ml - n;
        copy_back(buf, prefix_start, op2, offset, rest);
    }
    Ok(())
}

/// Copies `len` bytes from `src` to `dst`, `offset` (= `dst - src`) bytes ahead, without
/// slack: when the two overlap, the copied region repeats with period `offset`, so each
/// step can copy everything written so far.
#[inline(always)]
fn copy_back(buf: &mut [u8], src: usize, dst: usize, offset: usize, len: usize) {
    if offset >= len {
        buf.copy_within(src..src + len, dst);
        return;
    }
    let mut done = 0;
    while done < len {
        let n = (offset + done).min(len - done);
        buf.copy_within(src..src + n, dst + done);
        done += n;
    }
}

/// Copies `ll` literals at `lp` to `buf[op..]`: from `data` or, when `IN_BUF`, from
/// `buf[start..]`.
#[inline(always)]
fn copy_literals<const IN_BUF: bool>(
    buf: &mut [u8],
    op: usize,
    data: &[u8],
    start: usize,
    lp: usize,
    ll: usize,
) {
    if IN_BUF {
        buf.copy_within(start + lp..start + lp + ll, op);
    } else if let (true, Some(d), Some(s)) = (
        ll <= 2 * CHUNK,
        buf.get_mut(op..op + 2 * CHUNK),
        data.get(lp..lp + 2 * CHUNK),
    ) {
        d.copy_from_slice(s);
    } else {
        buf[op..op + ll].copy_from_slice(&data[lp..lp + ll]);
    }
}

/// Decodes `nb_seq` sequences from `stream` with the tables in `ent` and executes them,
/// then appends the remaining literals. Returns the new write position. Inlined into
/// each [`super::hot`] variant. `DICT`: the older history is a slice (a dictionary's
/// content, see [`has_dict`]), and the fast path also copies matches from it; a copy of
/// the loop of its own, so that the others keep the registers that would take.
#[inline(always)]
pub(crate) fn decode_and_execute<const DICT: bool, L: Fn(u64, u32) -> u64 + Copy>(
    ent: &mut Entropy<'_>,
    nb_seq: usize,
    stream: &[u8],
    lits: Lits<'_>,
    out: &mut Out<'_, '_>,
    low: L,
) -> Result<usize, Error> {
    match lits {
        Lits::Slice { data, len } => {
            run::<false, DICT, L>(ent, nb_seq, stream, data, 0, len, out, low)
        }
        Lits::InBuf { start, len } => {
            run::<true, false, L>(ent, nb_seq, stream, &[], start, len, out, low)
        }
    }
}

/// Whether `out`'s older history is a slice (a dictionary's content), which
/// [`decode_and_execute`]'s `DICT` copy serves.
pub(crate) fn has_dict(out: &Out<'_, '_>) -> bool {
    matches!(out.ext, Ext::Slice(d) if !d.is_empty())
}

/// Room the fast path may overwrite past the block's limit (within the buffer): the
/// streaming ring keeps this much slack beyond each block.
const WILD_SLACK: usize = 32;

/// Positions are below `isize::MAX`; masking with this tells the compiler so.
const POS_MASK: usize = usize::MAX >> 1;

/// Largest position the fast path's views hold.
const U32: usize = u32::MAX as usize;

/// Copies the 8 bytes at `src` to `dst` within `buf`, where `src + 8 <= dst` or
/// `dst + 8 <= src` (callers check the ranges are inside `buf`).
#[inline(always)]
fn copy8_within(buf: &mut [u8], src: usize, dst: usize) {
    let (src, dst) = (src & POS_MASK, dst & POS_MASK);
    let t: [u8; 8] = match buf.get(src..src + 8) {
        Some(t) => match t.try_into() {
            Ok(t) => t,
            Err(_) => return,
        },
        None => return,
    };
    if let Some(d) = buf.get_mut(dst..dst + 8) {
        d.copy_from_slice(&t);
    }
}

/// Copies 16 bytes from `src[from..]` to `dst[to..]`.
#[inline(always)]
fn copy16(dst: &mut [u8], to: usize, src: &[u8], from: usize) {
    let (to, from) = (to & POS_MASK, from & POS_MASK);
    if let (Some(d), Some(s)) = (dst.get_mut(to..to + 16), src.get(from..from + 16)) {
        d.copy_from_slice(s);
    }
}

/// Copies `ll` literals from `lit[l0..]` to `w[o0..]` 16 bytes at a time (callers have
/// checked both ranges plus 16 bytes of slack).
#[inline(always)]
fn copy_lits(w: &mut [u8], o0: usize, lit: &[u8], l0: usize, ll: usize) {
    copy16(w, o0, lit, l0);
    if ll > 16 {
        let mut k = 16;
        while k < ll {
            copy16(w, o0 + k, lit, l0 + k);
            k += 16;
        }
    }
}

/// Copies the 16 bytes at `src` to `dst` within `buf` (callers have checked both
/// ranges, and that they do not overlap, in terms the compiler can follow).
#[inline(always)]
fn copy16_checked(buf: &mut [u8], src: usize, dst: usize) {
    let t: [u8; 16] = match buf.get(src..src + 16).map(<[u8; 16]>::try_from) {
        Some(Ok(t)) => t,
        _ => return,
    };
    if let Some(d) = buf.get_mut(dst..dst + 16) {
        d.copy_from_slice(&t);
    }
}

/// The fast match copy: `ml` bytes from `src = match_at - offset` to `match_at` in
/// `buf`, where `src < match_at` and `match_at + ml + 16 <= buf.len()` (so no sum below wraps, and
/// every 16-byte copy's check follows from these); up to 15 bytes past the match may
/// be overwritten.
#[inline(always)]
fn wild_match(buf: &mut [u8], src: usize, match_at: usize, offset: usize, ml: usize) {
    if offset >= 16 {
        // Each 16-byte source chunk ends at or before its destination starts.
        copy16_checked(buf, src, match_at);
        let mut k = 16;
        while k < ml {
            copy16_checked(buf, src + k, match_at + k);
            k += 16;
        }
        return;
    }
    let op = match_at;
    let op_end = match_at + ml;
    let (mut p, period) = if offset >= 8 {
        (op, offset)
    } else {
        // First 8 bytes one by one, then 8 at a time from a multiple of the offset.
        if let Some(w) = buf.get_mut(src..op + 8) {
            for k in 0..8 {
                if let Some(&b) = w.get(k) {
                    if let Some(x) = w.get_mut(offset + k) {
                        *x = b;
                    }
                }
            }
        }
        (op + 8, SHORT_PERIOD[offset & 7])
    };
    while p < op_end {
        copy8_within(buf, p.wrapping_sub(period), p);
        p = p.wrapping_add(8);
    }
}

/// Executes one sequence the careful way (any literals placement, older history,
/// matches near the buffer's end); returns the new write and literal positions.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn exec_slow<const IN_BUF: bool>(
    out: &mut Out<'_, '_>,
    limit: usize,
    limit_err: Error,
    op: usize,
    lp: usize,
    seq: (usize, usize, usize),
    lit_data: &[u8],
    lit_start: usize,
    lit_len: usize,
) -> Result<(usize, usize), Error> {
    let (ll, ml, offset) = seq;
    let buf = &mut *out.buf;
    // Lengths are < 2^18 and positions <= isize::MAX: no sum below wraps.
    let lit_end = lp.wrapping_add(ll);
    let op_end = op.wrapping_add(ll).wrapping_add(ml);
    if lit_end > lit_len {
        return Err(Error::corruption_detected);
    }
    if op_end > limit {
        return Err(limit_err);
    }
    if IN_BUF {
        // The output may not run into literals not yet used.
        if op_end > lit_start + lit_end {
            return Err(Error::dstSize_tooSmall);
        }
    }
    if offset > out.max_offset || offset == 0 {
        return Err(Error::corruption_detected);
    }
    copy_literals::<IN_BUF>(buf, op, lit_data, lit_start, lp, ll);
    let op = op.wrapping_add(ll);
    let wild_end = if IN_BUF {
        lit_start + lit_end
    } else {
        buf.len().min(limit.saturating_add(WILD_SLACK))
    };
    copy_match(buf, op, offset, ml, out.prefix_start, out.ext, wild_end)?;
    Ok((op_end, lit_end))
}

/// [`decode_and_execute`] for one literals placement: `lit_data[..lit_len]` (plus
/// slack), or `buf[lit_start..lit_start + lit_len]` when `IN_BUF`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn run<const IN_BUF: bool, const DICT: bool, L: Fn(u64, u32) -> u64 + Copy>(
    ent: &mut Entropy<'_>,
    nb_seq: usize,
    stream: &[u8],
    lit_data: &[u8],
    lit_start: usize,
    lit_len: usize,
    out: &mut Out<'_, '_>,
    low: L,
) -> Result<usize, Error> {
    let buf_len = out.buf.len();
    let limit = out.limit.min(buf_len);
    let limit_err = if out.limit <= buf_len {
        out.limit_err
    } else {
        Error::dstSize_tooSmall
    };
    let prefix_start = out.prefix_start;
    let max_offset = out.max_offset;
    // The older history as a slice (a dictionary's content), for the fast path's
    // matches in it: `DICT` only.
    let dict: &[u8] = match out.ext {
        Ext::Slice(d) if DICT => d,
        _ => &[],
    };
    let mut op = out.pos;
    let mut lp = 0usize;

    if nb_seq > 0 {
        let (Some(ll_log), Some(of_log), Some(ml_log)) = (ent.ll.log, ent.of.log, ent.ml.log)
        else {
            return Err(Error::corruption_detected);
        };
        // Only the `DICT` copy reads a dictionary's tables in place: given the choice,
        // the other copy's loop spilled more (8% more instructions).
        let t: &SeqCells = match out.dict_seq {
            Some(d) if DICT => d,
            _ => ent.seq,
        };
        let mut r = SeqReader::new(stream)?;
        let mut ll_state = r.read(ll_log) as usize;
        let mut of_state = r.read(of_log) as usize;
        let mut ml_state = r.read(ml_log) as usize;
        let [mut rep0, mut rep1, mut rep2] = ent.reps;
        // Fast path bounds: a sequence may overwrite up to 16 bytes past its end (never
        // more than WILD_SLACK past the limit) and read up to 16 bytes past its literals.
        let (wild_end, lit_fast_end) = if IN_BUF {
            (0, 0)
        } else {
            (
                buf_len.min(limit.saturating_add(WILD_SLACK)),
                lit_len.min(lit_data.len().saturating_sub(16)),
            )
        };
        let mut left = nb_seq;
        // The inner loop runs the fast path and leaves it for any sequence needing the
        // careful one: with no call inside, its state can stay in registers.
        if op < prefix_start {
            return Err(Error::GENERIC);
        }
        loop {
            // The fast path's views: the output from the prefix start to the wild end,
            // and the literals up to the fast end plus 16 bytes of slack, with positions
            // relative to them. Its checks compare against these lengths, the ones each
            // 16-byte copy checks, so the copies' own checks follow from them.
            // Positions in the views are u32 (the views are cut below 4 GiB), so no sum
            // of a position and lengths (below 2^18: a base below 2^17 plus at most 16
            // extra bits) can wrap. Outside of them, every sequence takes the careful
            // path (`base_o`/`base_l` keep the absolute positions).
            let o_start = op - prefix_start;
            let in_views = !IN_BUF && o_start <= U32 && lp <= U32;
            let w: &mut [u8] = if in_views {
                let end = wild_end.min(prefix_start.saturating_add(U32));
                out.buf.get_mut(prefix_start..end).unwrap_or_default()
            } else {
                &mut []
            };
            let lit: &[u8] = if in_views {
                lit_data
                    .get(..lit_fast_end.saturating_add(16).min(U32))
                    .unwrap_or_default()
            } else {
                &[]
            };
            let (mut o, base_o) = if in_views {
                (o_start as u32, prefix_start)
            } else {
                (0, op)
            };
            let (mut l, base_l) = if in_views { (lp as u32, 0) } else { (0, lp) };
            // One sequence (`sequence!`): decode, then execute on the fast path or leave
            // the loop with it (`break Some`). Two loops run it: far from the stream's
            // start its window refills without the start's special case (no call in the
            // loop: its values can use the caller-saved registers), near it with. Both
            // fast paths end in one place (`exec!` yields whether one ran): with a
            // `continue` in each, the loop ran 1% more instructions and 3-4% more time
            // on 1 MiB frames.
            macro_rules! decode {
                ($refill:ident, $more:expr) => {{
                    // Decode (RFC 8878 §3.1.1.3.2.2).
                    let ofe = unpack(&t[OF_AT + (of_state & (OF_CELLS - 1))]);
                    let mle = unpack(&t[ML_AT + (ml_state & (ML_CELLS - 1))]);
                    let lle = unpack(&t[LL_AT + (ll_state & (LL_CELLS - 1))]);
                    // Extra bits in stream order: offset, match length, literal length, then
                    // the state bits: literal length, match length, offset. One read for all
                    // six fields when they fit the refilled window (nearly always).
                    let (eo, em, el) = (ofe.extra_bits, mle.extra_bits, lle.extra_bits);
                    let (nl, nm, no) = (lle.nb_bits, mle.nb_bits, ofe.nb_bits);
                    let extra = eo.wrapping_add(em).wrapping_add(el);
                    let states = nl.wrapping_add(nm).wrapping_add(no);
                    let total = extra.wrapping_add(states);
                    // The window is refilled right before its use, so it need not be kept.
                    r.$refill();
                    let (offset_value, ml, ll) = if $more && total <= 56 {
                        let v = r.read(total);
                        let x = v >> (states & 63);
                        ll_state = lle
                            .new_state
                            .wrapping_add(low(v >> (nm.wrapping_add(no) & 63), nl) as usize);
                        ml_state = mle.new_state.wrapping_add(low(v >> (no & 63), nm) as usize);
                        of_state = ofe.new_state.wrapping_add(low(v, no) as usize);
                        (
                            ofe.base
                                .wrapping_add((x >> (em.wrapping_add(el) & 63)) as u32),
                            mle.base.wrapping_add(low(x >> (el & 63), em) as u32),
                            lle.base.wrapping_add(low(x, el) as u32),
                        )
                    } else {
                        let vals = if extra <= 56 {
                            let v = r.read(extra);
                            (
                                ofe.base
                                    .wrapping_add((v >> (em.wrapping_add(el) & 63)) as u32),
                                mle.base.wrapping_add(low(v >> (el & 63), em) as u32),
                                lle.base.wrapping_add(low(v, el) as u32),
                            )
                        } else {
                            let o = ofe.base.wrapping_add(r.read(eo) as u32);
                            let m = mle.base.wrapping_add(r.read(em) as u32);
                            r.$refill();
                            (o, m, lle.base.wrapping_add(r.read(el) as u32))
                        };
                        if $more {
                            // State bits in stream order: literal length, match length, offset.
                            if extra > 30 {
                                r.$refill();
                            }
                            let v = r.read(states);
                            ll_state = lle
                                .new_state
                                .wrapping_add((v >> (nm.wrapping_add(no) & 63)) as usize);
                            ml_state = mle.new_state.wrapping_add(low(v >> (no & 63), nm) as usize);
                            of_state = ofe.new_state.wrapping_add(low(v, no) as usize);
                        }
                        vals
                    };
                    // Offset codes from 2 on give the offset itself (see `OF_VALUE`).
                    let offset = if eo > 1 {
                        let o = offset_value;
                        rep2 = rep1;
                        rep1 = rep0;
                        rep0 = o;
                        o
                    } else {
                        match offset_value + u32::from(ll == 0) {
                            0 => rep0,
                            1 => {
                                core::mem::swap(&mut rep0, &mut rep1);
                                rep0
                            }
                            2 => {
                                let o = rep2;
                                rep2 = rep1;
                                rep1 = rep0;
                                rep0 = o;
                                o
                            }
                            _ => {
                                let o = rep0.wrapping_sub(1);
                                if o == 0 {
                                    return Err(Error::corruption_detected);
                                }
                                rep2 = rep1;
                                rep1 = rep0;
                                rep0 = o;
                                o
                            }
                        }
                    } as usize;

                    (ll as usize, ml as usize, offset)
                }};
            }
            // Executes one sequence on the fast path (true), or leaves it (false).
            macro_rules! exec {
                ($seq:expr) => {{
                    let (ll, ml, offset): (usize, usize, usize) = $seq;
                    'exec: {
                        // Execute: literals, then the match.
                        let (o0, l0) = (o as usize, l as usize);
                        let match_at = o0 + ll;
                        let o_end = match_at + ml;
                        let lit_end = l0 + ll;
                        // Inside the prefix exactly when 1 <= offset <= match_at.
                        let src = match_at.wrapping_sub(offset);
                        if !IN_BUF
                            && lit_end + 16 <= lit.len()
                            && o_end + 16 <= w.len()
                            && src < match_at
                            && offset <= max_offset
                        {
                            copy_lits(w, o0, lit, l0, ll);
                            wild_match(w, src, match_at, offset, ml);
                            // Below the views' lengths, so below 2^32.
                            o = o_end as u32;
                            l = lit_end as u32;
                            break 'exec true;
                        }
                        // A match wholly in the dictionary (`back` bytes before the prefix,
                        // with 16 bytes of it after the match for the chunked copy).
                        let back = offset.wrapping_sub(match_at);
                        if DICT
                            && offset > match_at
                            && lit_end + 16 <= lit.len()
                            && o_end + 16 <= w.len()
                            && offset <= max_offset
                            && back >= ml + 16
                            && back <= dict.len()
                        {
                            copy_lits(w, o0, lit, l0, ll);
                            let from = dict.len() - back;
                            let mut k = 0;
                            while k < ml {
                                copy16(w, match_at + k, dict, from + k);
                                k += 16;
                            }
                            o = o_end as u32;
                            l = lit_end as u32;
                            break 'exec true;
                        }
                        false
                    }
                }};
            }
            macro_rules! sequence {
                ($refill:ident, $more:expr) => {{
                    let seq = decode!($refill, $more);
                    if exec!(seq) {
                        continue;
                    }
                    break Some(seq);
                }};
            }
            let mut near = false;
            // Far from the stream's start no sequence is a valid stream's last (that one
            // starts within its own <= 63 bits of the start), so each may read its state
            // bits unconditionally: an invalid stream whose last sequence falls here ends
            // far from the start and fails `finished`. The `DICT` copy keeps the check
            // (without it, its registers spill in the hot path: 5% more instructions).
            let slow = loop {
                if left == 0 {
                    break None;
                }
                if !r.far_from_start() {
                    near = true;
                    break None;
                }
                left -= 1;
                sequence!(refill_far, !DICT || left > 0);
            };
            let slow = if near {
                loop {
                    if left == 0 {
                        break None;
                    }
                    left -= 1;
                    sequence!(refill, left > 0);
                }
            } else {
                slow
            };
            op = base_o + o as usize;
            lp = base_l + l as usize;
            let Some(seq) = slow else {
                break;
            };
            (op, lp) = exec_slow::<IN_BUF>(
                out, limit, limit_err, op, lp, seq, lit_data, lit_start, lit_len,
            )?;
        }
        if !r.finished() {
            return Err(Error::corruption_detected);
        }
        ent.reps = [rep0, rep1, rep2];
    }
    // Last literals.
    let buf = &mut *out.buf;
    let rest = lit_len - lp;
    if op + rest > limit {
        return Err(limit_err);
    }
    if IN_BUF {
        buf.copy_within(lit_start + lp..lit_start + lit_len, op);
    } else {
        buf[op..op + rest].copy_from_slice(&lit_data[lp..lit_len]);
    }
    Ok(op + rest)
}
