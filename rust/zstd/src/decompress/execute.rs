//! Sequence decoding and execution in one pass (RFC 8878 §3.1.1.3.2.2 "Decoding
//! Sequences", §3.1.1.4 "Sequence Execution", §3.1.1.5 "Repeat offsets").
//!
//! Output goes to `buf[pos..]`; the bytes `buf[prefix_start..pos]` are history, and
//! `ext` is older history logically before `prefix_start` (a dictionary's content, or
//! the older part of a streaming window). Literals are either a separate slice (the
//! fast path, which may copy 16 bytes past a run thanks to slack) or sit inside `buf`
//! at or after the write position (when the destination itself holds them).

use super::entropy::{Entropy, LL_CELLS, ML_CELLS, OF_CELLS};
use crate::bits::BackwardReader;
use crate::error::Error;
use crate::fse::decode::{unpack, Entry};

/// Older history before `prefix_start`.
#[derive(Clone, Copy)]
pub enum Ext<'e> {
    Slice(&'e [u8]),
    /// `buf[start..end]`.
    InBuf {
        start: usize,
        end: usize,
    },
}

impl Ext<'_> {
    pub fn len(&self) -> usize {
        match *self {
            Ext::Slice(s) => s.len(),
            Ext::InBuf { start, end } => end - start,
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Where a block writes and what history it sees.
pub struct Out<'b, 'e> {
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
}

/// Where the literals are: a slice holding `len` literals plus slack, or `buf[start..]`.
#[derive(Clone, Copy)]
pub enum Lits<'l> {
    Slice { data: &'l [u8], len: usize },
    InBuf { start: usize, len: usize },
}

/// `MASKS[n]` has the low `n` bits set.
const MASKS: [u64; 64] = {
    let mut m = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        m[i] = (1u64 << i) - 1;
        i += 1;
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
    ext: Ext,
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
        } else if offset >= ml {
            buf.copy_within(src..src + ml, op);
        } else {
            // Overlapping: the copied region is periodic, so it can double each step.
            let mut done = 0;
            while done < ml {
                let n = (offset + done).min(ml - done);
                buf.copy_within(src..src + n, op + done);
                done += n;
            }
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
    ext: Ext,
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
        let src = prefix_start;
        if offset >= rest {
            buf.copy_within(src..src + rest, op2);
        } else {
            let mut done = 0;
            while done < rest {
                let k = (offset + done).min(rest - done);
                buf.copy_within(src..src + k, op2 + done);
                done += k;
            }
        }
    }
    Ok(())
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
/// then appends the remaining literals. Returns the new write position.
pub fn decode_and_execute(
    ent: &mut Entropy,
    nb_seq: usize,
    stream: &[u8],
    lits: Lits,
    out: &mut Out,
) -> Result<usize, Error> {
    match lits {
        Lits::Slice { data, len } => run::<false>(ent, nb_seq, stream, data, 0, len, out),
        Lits::InBuf { start, len } => run::<true>(ent, nb_seq, stream, &[], start, len, out),
    }
}

/// Sequence decoding state (RFC 8878 §3.1.1.3.2.2): three FSE states over one
/// backward bitstream, and the repeat offsets.
struct SeqDecoder<'t, 's> {
    ll_t: &'t [Entry; LL_CELLS],
    of_t: &'t [Entry; OF_CELLS],
    ml_t: &'t [Entry; ML_CELLS],
    reps: [u32; 3],
    r: BackwardReader<'s>,
    ll_state: usize,
    of_state: usize,
    ml_state: usize,
}

impl SeqDecoder<'_, '_> {
    /// Decodes one sequence as (literal length, match length, offset); the last one
    /// leaves the states alone.
    #[inline(always)]
    fn next(&mut self, last: bool) -> Result<(usize, usize, usize), Error> {
        let r = &mut self.r;
        if r.fast() {
            r.refill_fast();
        } else {
            r.refill();
        }
        let ofe = unpack(self.of_t[self.of_state & (OF_CELLS - 1)]);
        let mle = unpack(self.ml_t[self.ml_state & (ML_CELLS - 1)]);
        let lle = unpack(self.ll_t[self.ll_state & (LL_CELLS - 1)]);
        // Extra bits in stream order: offset, match length, literal length. One
        // read for all three when they fit the refilled window (nearly always).
        let (eo, em, el) = (ofe.extra_bits, mle.extra_bits, lle.extra_bits);
        let extra = eo.wrapping_add(em).wrapping_add(el);
        let (offset_value, ml, ll) = if extra <= 56 {
            let v = r.read(extra);
            (
                ofe.base.wrapping_add((v >> ((em + el) & 63)) as u32),
                (mle.base as usize).wrapping_add(((v >> el) & MASKS[em as usize & 63]) as usize),
                (lle.base as usize).wrapping_add((v & MASKS[el as usize & 63]) as usize),
            )
        } else {
            let o = ofe.base.wrapping_add(r.read(eo) as u32);
            let m = mle.base as usize + r.read(em) as usize;
            r.refill();
            (o, m, lle.base as usize + r.read(el) as usize)
        };
        let reps = &mut self.reps;
        let offset = if offset_value > 3 {
            let o = offset_value - 3;
            *reps = [o, reps[0], reps[1]];
            o
        } else {
            match offset_value - 1 + u32::from(ll == 0) {
                0 => reps[0],
                1 => {
                    *reps = [reps[1], reps[0], reps[2]];
                    reps[0]
                }
                2 => {
                    *reps = [reps[2], reps[0], reps[1]];
                    reps[0]
                }
                _ => {
                    let o = reps[0].wrapping_sub(1);
                    if o == 0 {
                        return Err(Error::corruption_detected);
                    }
                    *reps = [o, reps[0], reps[1]];
                    o
                }
            }
        } as usize;
        if !last {
            // State bits in stream order: literal length, match length, offset.
            if extra > 30 {
                r.refill();
            }
            let (nl, nm, no) = (lle.nb_bits, mle.nb_bits, ofe.nb_bits);
            let v = r.read(nl.wrapping_add(nm).wrapping_add(no));
            self.ll_state = lle.new_state.wrapping_add((v >> ((nm + no) & 63)) as usize);
            self.ml_state = mle
                .new_state
                .wrapping_add(((v >> no) & MASKS[nm as usize & 63]) as usize);
            self.of_state = ofe
                .new_state
                .wrapping_add((v & MASKS[no as usize & 63]) as usize);
        }
        Ok((ll, ml, offset))
    }
}

/// [`decode_and_execute`] for one literals placement: `lit_data[..lit_len]` (plus
/// slack), or `buf[lit_start..lit_start + lit_len]` when `IN_BUF`.
fn run<const IN_BUF: bool>(
    ent: &mut Entropy,
    nb_seq: usize,
    stream: &[u8],
    lit_data: &[u8],
    lit_start: usize,
    lit_len: usize,
    out: &mut Out,
) -> Result<usize, Error> {
    let buf = &mut *out.buf;
    let limit = out.limit.min(buf.len());
    let limit_err = if out.limit <= buf.len() {
        out.limit_err
    } else {
        Error::dstSize_tooSmall
    };
    let prefix_start = out.prefix_start;
    let ext = out.ext;
    let max_offset = out.max_offset;
    let mut op = out.pos;
    let mut lp = 0usize;

    if nb_seq > 0 {
        let (Some(ll_log), Some(of_log), Some(ml_log)) = (ent.ll.log, ent.of.log, ent.ml.log)
        else {
            return Err(Error::corruption_detected);
        };
        let mut d = SeqDecoder {
            ll_t: &*ent.ll.cells,
            of_t: &*ent.of.cells,
            ml_t: &*ent.ml.cells,
            reps: ent.reps,
            r: BackwardReader::new(stream)?,
            ll_state: 0,
            of_state: 0,
            ml_state: 0,
        };
        d.ll_state = d.r.read(ll_log) as usize;
        d.of_state = d.r.read(of_log) as usize;
        d.ml_state = d.r.read(ml_log) as usize;
        let mut next = d.next(nb_seq == 1)?;
        for i in 0..nb_seq {
            let (ll, ml, offset) = next;
            if i + 1 < nb_seq {
                // Decoding the next sequence first gives the CPU independent work while
                // this sequence's match source loads.
                next = d.next(i + 2 == nb_seq)?;
            }
            // Execute: literals, then the match.
            // Lengths are < 2^18 and positions <= isize::MAX: no sum below wraps.
            let lit_end = lp.wrapping_add(ll);
            let op_end = op.wrapping_add(ll).wrapping_add(ml);
            let match_at = op.wrapping_add(ll);
            // Fast path, all checks at once: short literals and match, the match at
            // least 32 bytes back inside the prefix, room for two 32-byte copies.
            if !IN_BUF
                && ll <= 2 * CHUNK
                && ml <= 2 * CHUNK
                && offset >= 2 * CHUNK
                && offset <= max_offset
                && lit_end <= lit_len
                && op_end <= limit
                && offset <= match_at - prefix_start
                && op.wrapping_add(4 * CHUNK) <= buf.len()
            {
                if let (Some(d), Some(s)) = (
                    buf.get_mut(op..op + 2 * CHUNK),
                    lit_data.get(lp..lp + 2 * CHUNK),
                ) {
                    d.copy_from_slice(s);
                    let (head, tail) = buf.split_at_mut(match_at);
                    let src = match_at - offset;
                    if let (Some(d), Some(s)) =
                        (tail.get_mut(..2 * CHUNK), head.get(src..src + 2 * CHUNK))
                    {
                        d.copy_from_slice(s);
                        op = op_end;
                        lp = lit_end;
                        continue;
                    }
                }
            }
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
            if offset > max_offset || offset == 0 {
                return Err(Error::corruption_detected);
            }
            copy_literals::<IN_BUF>(buf, op, lit_data, lit_start, lp, ll);
            op = op.wrapping_add(ll);
            lp = lit_end;
            let wild_end = if IN_BUF {
                lit_start + lit_end
            } else {
                buf.len()
            };
            copy_match(buf, op, offset, ml, prefix_start, ext, wild_end)?;
            op = op_end;
        }
        if !d.r.finished() {
            return Err(Error::corruption_detected);
        }
        ent.reps = d.reps;
    }
    // Last literals.
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
