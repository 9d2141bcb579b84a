//! Sequence decoding and execution in one pass (RFC 8878 §3.1.1.3.2.2 "Decoding
//! Sequences", §3.1.1.4 "Sequence Execution", §3.1.1.5 "Repeat offsets").
//!
//! Output goes to `buf[pos..]`; the bytes `buf[prefix_start..pos]` are history, and
//! `ext` is older history logically before `prefix_start` (a dictionary's content, or
//! the older part of a streaming window). Literals are either a separate slice (the
//! fast path, which may copy 16 bytes past a run thanks to slack) or sit inside `buf`
//! at or after the write position (when the destination itself holds them).

use super::entropy::Entropy;
use crate::bits::BackwardReader;
use crate::error::Error;
use crate::fse::decode::unpack;

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
        if offset >= CHUNK && op + ml + CHUNK <= wild_end {
            // Each chunk's source ends at or before its destination starts (the source
            // is >= 16 bytes back), so chunked copies reproduce LZ semantics.
            if ml <= CHUNK {
                buf.copy_within(src..src + CHUNK, op);
            } else if ml <= 2 * CHUNK {
                buf.copy_within(src..src + CHUNK, op);
                buf.copy_within(src + CHUNK..src + 2 * CHUNK, op + CHUNK);
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
    } else if ll <= 2 * CHUNK && op + 2 * CHUNK <= buf.len() && lp + 2 * CHUNK <= data.len() {
        buf[op..op + CHUNK].copy_from_slice(&data[lp..lp + CHUNK]);
        if ll > CHUNK {
            buf[op + CHUNK..op + 2 * CHUNK].copy_from_slice(&data[lp + CHUNK..lp + 2 * CHUNK]);
        }
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
        let ll_t = &*ent.ll.cells;
        let of_t = &*ent.of.cells;
        let ml_t = &*ent.ml.cells;
        let mut reps = ent.reps;
        let mut r = BackwardReader::new(stream)?;
        let mut ll_state = r.read(ll_log) as usize;
        let mut of_state = r.read(of_log) as usize;
        let mut ml_state = r.read(ml_log) as usize;
        for i in 0..nb_seq {
            if r.fast() {
                r.refill_fast();
            } else {
                r.refill();
            }
            let ofe = unpack(of_t[of_state & (of_t.len() - 1)]);
            let mle = unpack(ml_t[ml_state & (ml_t.len() - 1)]);
            let lle = unpack(ll_t[ll_state & (ll_t.len() - 1)]);
            let offset_value = ofe.base.wrapping_add(r.read(ofe.extra_bits) as u32);
            let ml = mle.base as usize + r.read(mle.extra_bits) as usize;
            if ofe.extra_bits + mle.extra_bits + lle.extra_bits > 56 {
                r.refill();
            }
            let ll = lle.base as usize + r.read(lle.extra_bits) as usize;
            let offset = if offset_value > 3 {
                let o = offset_value - 3;
                reps = [o, reps[0], reps[1]];
                o
            } else {
                match offset_value - 1 + u32::from(ll == 0) {
                    0 => reps[0],
                    1 => {
                        reps = [reps[1], reps[0], reps[2]];
                        reps[0]
                    }
                    2 => {
                        reps = [reps[2], reps[0], reps[1]];
                        reps[0]
                    }
                    _ => {
                        let o = reps[0].wrapping_sub(1);
                        if o == 0 {
                            return Err(Error::corruption_detected);
                        }
                        reps = [o, reps[0], reps[1]];
                        o
                    }
                }
            } as usize;
            if i + 1 < nb_seq {
                if ofe.extra_bits + mle.extra_bits + lle.extra_bits > 30 {
                    r.refill();
                }
                ll_state = lle.new_state + r.read(lle.nb_bits) as usize;
                ml_state = mle.new_state + r.read(mle.nb_bits) as usize;
                of_state = ofe.new_state + r.read(ofe.nb_bits) as usize;
            }

            // Execute: literals, then the match.
            let lit_end = lp + ll;
            if lit_end > lit_len {
                return Err(Error::corruption_detected);
            }
            let op_end = op + ll + ml;
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
            op += ll;
            lp = lit_end;
            let wild_end = if IN_BUF {
                lit_start + lit_end
            } else {
                buf.len()
            };
            copy_match(buf, op, offset, ml, prefix_start, ext, wild_end)?;
            op = op_end;
        }
        if !r.finished() {
            return Err(Error::corruption_detected);
        }
        ent.reps = reps;
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
