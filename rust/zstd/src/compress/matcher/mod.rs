// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Match finders: turn a block into the sequences of RFC 8878 §3.1.1.3.2 (literals, then
//! a copy of earlier content) for the block writer.
//!
//! Strategies follow zstd's levels: `fast` (one hash table), `dfast` (an 8-byte and a
//! short hash table), and `greedy`/`lazy`/`lazy2` (hash chains with 0, 1 or 2 steps of
//! lazy evaluation). All tables are `u32` indices into one virtual index space that the
//! caller manages (it may hold an older segment, such as a dictionary, before the current
//! one); they live in the caller's workspace.

/// Length of the match at repeat offset `$r` for local position `$p` of one segment,
/// whose first bytes are `$x`, when it reaches 4 bytes and `$r` is valid at `$p`'s index
/// `$cur` ([`valid_rep`]), else 0. The bytes are compared first, as most positions
/// differ there, and the offset's validity only when they are equal. The candidate is
/// read from `$lim` (`$src` cut where the caller's loop proves its own reads) masked
/// below 2^32, so that `m + 8` cannot wrap and one comparison proves the read; a
/// wrapped `m` reads other bytes, then fails the validity check. A macro: as an
/// `#[inline(always)]` function the same code left the callers' loops allocated worse
/// (dfast 1.5% more instructions).
macro_rules! rep4 {
    ($lim:expr, $src:expr, $p:expr, $x:expr, $r:expr, $cur:expr, $lowest:expr) => {{
        let m = $p.wrapping_sub($r as usize) & super::U32;
        match super::count::read64($lim, m) {
            Some(y) if y as u32 == $x as u32 && super::valid_rep($r, $cur, $lowest) => {
                // 4 bytes at both were read: no wrap.
                4usize.wrapping_add(super::count::count32(
                    $src,
                    m.wrapping_add(4),
                    $p.wrapping_add(4),
                ))
            }
            _ => 0,
        }
    }};
}

mod bt;
mod count;
mod dfast;
mod dubt;
mod fast;
mod hash;
mod lazy;
mod opt;
pub mod rep;
mod row;

pub(crate) use row::RowsJob;

use crate::compress::hot::{Dispatch, Hot};
use crate::compress::seq_store::SeqStore;
use crate::params::{CParams, Strategy};
use crate::workspace::Carver;
use count::count_back;

/// Two-segment history in one virtual index space (like C's extDict): `ext` occupies
/// `[ext_start, cur_start)` and `cur` occupies `[cur_start, cur_start + cur.len())`.
/// Matches may start in `ext` and continue into `cur`. `low_limit` is the lowest index a
/// match may reference (window start / dictionary start). `dict`: `ext` is a dictionary
/// and `cur` a frame starting at `cur_start`; then all of `ext` stays reachable while
/// the frame's bytes up to a block's end fit the window, as in C (and in RFC 8878's
/// decoders, which resolve offsets into the dictionary until the window is full).
#[derive(Clone, Copy, Debug)]
pub struct Segments<'d> {
    pub ext: &'d [u8],
    pub ext_start: u32,
    pub cur: &'d [u8],
    pub cur_start: u32,
    pub low_limit: u32,
    pub dict: bool,
}

/// What a match finder sees of one block: the older segment and the current one cut at
/// the block end, so nothing past the block is ever read.
pub(super) struct View<'d> {
    /// The older segment, occupying `[ext_lo, base)`.
    ext: &'d [u8],
    ext_lo: u32,
    /// The current segment up to the end of the block, starting at index `base`.
    src: &'d [u8],
    base: u32,
}

impl<'d> View<'d> {
    /// The view of `seg` up to index `end` (clamped to the current segment).
    fn new(seg: &Segments<'d>, end: u32) -> Self {
        let base = seg.cur_start;
        // Indices stay below 2^32: the segment is cut where they would not.
        let cur_len = end.saturating_sub(base).min(u32::MAX - base) as usize;
        let src = seg.cur.get(..cur_len).unwrap_or(seg.cur);
        let span = base.saturating_sub(seg.ext_start) as usize;
        let ext_len = span.min(seg.ext.len());
        let ext = seg.ext.get(seg.ext.len() - ext_len..).unwrap_or(&[]);
        Self {
            ext,
            ext_lo: base - ext_len as u32,
            src,
            base,
        }
    }

    /// A copy for a finder's loop: read through the caller's reference, the fields are
    /// reloaded after every table write (which the compiler cannot tell apart).
    #[inline(always)]
    fn local(&self) -> Self {
        Self {
            ext: self.ext,
            ext_lo: self.ext_lo,
            src: self.src,
            base: self.base,
        }
    }

    /// Virtual index of local position `p` of `src`.
    #[inline(always)]
    fn pos(&self, p: usize) -> u32 {
        self.base.wrapping_add(p as u32)
    }

    /// Bytes that match between index `cand` (older than `p`) and local position `p`.
    #[inline(always)]
    fn match_len<const EXT: bool>(&self, cand: u32, p: usize) -> usize {
        if EXT && cand < self.base {
            count::count_2seg(
                self.ext,
                cand.wrapping_sub(self.ext_lo) as usize,
                self.src,
                p,
            )
        } else {
            count::count(self.src, cand.wrapping_sub(self.base) as usize, p)
        }
    }

    /// Length of the match at `cand` for local position `p` when it reaches 4 bytes, else
    /// 0. The current segment's case first compares 4 bytes, then counts the rest.
    #[inline(always)]
    fn match4<const EXT: bool>(&self, cand: u32, p: usize) -> usize {
        if EXT && cand < self.base {
            let n = self.match_len::<true>(cand, p);
            if n >= 4 {
                n
            } else {
                0
            }
        } else {
            let m = cand.wrapping_sub(self.base) as usize;
            // Both 4 bytes were read: no wrap.
            if count::eq4(self.src, m, p) {
                4usize.wrapping_add(count::count(self.src, m.wrapping_add(4), p.wrapping_add(4)))
            } else {
                0
            }
        }
    }

    /// Whether the first `N` (4 or 8) bytes at index `cand` of the older segment differ
    /// from the low `N` bytes of `x`, told by one load when `ext` holds 8 bytes there
    /// (else false: the caller counts across the segments). Most candidates in a
    /// dictionary fail here, without a call to [`count::count_2seg`].
    #[inline(always)]
    fn ext_differs<const N: usize>(&self, cand: u32, x: u64) -> bool {
        self.ext_differs_at::<N>(cand.wrapping_sub(self.ext_lo) as usize, x)
    }

    /// [`Self::ext_differs`] for position `o` of the older segment.
    #[inline(always)]
    fn ext_differs_at<const N: usize>(&self, o: usize, x: u64) -> bool {
        let mask = if N >= 8 {
            u64::MAX
        } else {
            (1u64 << (8 * N)) - 1
        };
        match count::read64(self.ext, o) {
            Some(y) => (x ^ y) & mask != 0,
            None => false,
        }
    }

    /// The byte at index `i`, from whichever segment holds it.
    #[inline(always)]
    fn byte<const EXT: bool>(&self, i: u32) -> Option<u8> {
        if EXT && i < self.base {
            self.ext.get(i.wrapping_sub(self.ext_lo) as usize).copied()
        } else {
            self.src.get(i.wrapping_sub(self.base) as usize).copied()
        }
    }

    /// A match of `ml` bytes at local `p` against index `cand` (below `pos(p)`, not below
    /// `lowest`) widened backwards, not before `anchor`: `(start, length, offset)`.
    /// `src`, `base` and `low_local` (the local position of `lowest`, 0 below the
    /// segment) are the view's, passed as arguments: read through `self` in the hot
    /// loops they cost 1-2% more instructions (register allocation).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn widen<const EXT: bool>(
        &self,
        src: &[u8],
        base: u32,
        low_local: usize,
        cand: u32,
        p: usize,
        ml: usize,
        anchor: usize,
        lowest: u32,
    ) -> (usize, usize, u32) {
        let back = if EXT {
            self.extend_back::<EXT>(cand, p, anchor, lowest)
        } else {
            // One segment: `lowest <= cand`, so `cand - base` is the candidate's local
            // position.
            let m = cand.wrapping_sub(base) as usize;
            // `anchor <= p` and `low_local <= m` (a valid candidate): no wrap.
            let lim = p.wrapping_sub(anchor).min(m.wrapping_sub(low_local));
            count_back(src, m, p, lim)
        };
        // `back <= p - anchor`, and the widened match stays within the view: no wrap.
        (
            p.wrapping_sub(back),
            ml.wrapping_add(back),
            base.wrapping_add(p as u32).wrapping_sub(cand),
        )
    }

    /// How many bytes before a match (`cand` at local `p`) also match, not going before
    /// `anchor` nor below index `lowest`.
    #[inline(always)]
    fn extend_back<const EXT: bool>(
        &self,
        cand: u32,
        p: usize,
        anchor: usize,
        lowest: u32,
    ) -> usize {
        // Most matches do not extend: one byte pair settles it, in either segment.
        if p <= anchor || cand <= lowest {
            return 0;
        }
        // `p > anchor >= 0` and `cand > lowest >= 0`: no wrap.
        match (
            self.byte::<EXT>(cand.wrapping_sub(1)),
            self.src.get(p.wrapping_sub(1)),
        ) {
            (Some(a), Some(&b)) if a == b => {}
            _ => return 0,
        }
        let mut n = 0;
        // Within the current segment: compare backwards over two equal-length slices.
        if cand >= self.base {
            let m = (cand - self.base) as usize;
            let room = (cand - lowest.max(self.base)) as usize;
            let lim = room.min(m).min(p.saturating_sub(anchor));
            if let (Some(a), Some(b)) = (
                self.src.get(m - lim..m),
                self.src.get(p.wrapping_sub(lim)..p),
            ) {
                n = a
                    .iter()
                    .rev()
                    .zip(b.iter().rev())
                    .take_while(|(x, y)| x == y)
                    .count();
                if !EXT || n < lim || lowest >= self.base {
                    return n;
                }
            }
        }
        while p > anchor + n && cand > lowest.wrapping_add(n as u32) {
            let m = cand - n as u32 - 1;
            match (self.byte::<EXT>(m), self.src.get(p - n - 1)) {
                (Some(a), Some(&b)) if a == b => n += 1,
                _ => break,
            }
        }
        n
    }

    /// Eight bytes at index `i`, which may straddle the two segments (slow path).
    fn read64_any(&self, i: u32) -> Option<u64> {
        if i >= self.base {
            return count::read64(self.src, (i - self.base) as usize);
        }
        let o = i.checked_sub(self.ext_lo)? as usize;
        if let Some(x) = count::read64(self.ext, o) {
            return Some(x);
        }
        let mut b = [0u8; 8];
        for (k, slot) in b.iter_mut().enumerate() {
            let j = o + k;
            *slot = match j.checked_sub(self.ext.len()) {
                None => *self.ext.get(j)?,
                Some(s) => *self.src.get(s)?,
            };
        }
        Some(u64::from_le_bytes(b))
    }
}

/// Where an attached dictionary's candidates lie: its tables hold positions in its
/// content (from 0), which starts at index `start` of the frame and at `off` past the
/// view's older segment.
pub(super) struct DictMap {
    start: u32,
    /// Lowest usable position in the content (`index_lo - start`).
    lo: u32,
    off: u32,
    /// Lowest usable index: the content's second byte or the window's start.
    index_lo: u32,
}

impl DictMap {
    /// The map of a dictionary whose content starts at index `start`, for a view `v`
    /// whose lowest usable index is `lowest`.
    #[inline(always)]
    pub(super) fn new(v: &View<'_>, lowest: u32, start: u32) -> Self {
        // The content's first byte is an entry never set: not a candidate.
        let index_lo = lowest.max(start.wrapping_add(1));
        Self {
            start,
            lo: index_lo.wrapping_sub(start),
            off: start.wrapping_sub(v.ext_lo),
            index_lo,
        }
    }
}

/// Length of a match of at least `N` (4 or 8) bytes between position `d` of an attached
/// dictionary's content and local `p`, whose first bytes are `x`, else 0. Most
/// candidates fail on one compare of the position and one of 8 loaded bytes.
#[inline(always)]
pub(super) fn dict_match<const N: usize>(
    v: &View<'_>,
    dm: &DictMap,
    d: u32,
    p: usize,
    x: u64,
) -> usize {
    if d < dm.lo {
        return 0;
    }
    if v.ext_differs_at::<N>(d.wrapping_add(dm.off) as usize, x) {
        return 0;
    }
    // Equal first bytes (or too close to the content's end to tell): the candidate's
    // index, in the dictionary below the current segment, counted across both.
    let c = d.wrapping_add(dm.start);
    if c < dm.index_lo || c >= v.base {
        return 0;
    }
    let n = v.match_len::<true>(c, p);
    if n >= N {
        n
    } else {
        0
    }
}

/// Bits of the tag below each position of a digested dictionary's fast and dfast tables
/// (see [`MatchState::tag_positions`]).
const TAG_BITS: u32 = 8;

/// The candidate for the `MLS` bytes `x` in an attached dictionary's tagged table `t`
/// (`2^log` cells, a power of two): the position its cell holds when the tag agrees,
/// else 0, the content's first byte, never a candidate (see [`DictMap`]).
#[inline(always)]
pub(super) fn dict_get<const MLS: u32>(t: &[[u8; 4]], x: u64, log: u32) -> u32 {
    let h = hash::hash::<MLS>(x, log.wrapping_add(TAG_BITS));
    let e = get(t, (h >> TAG_BITS) & t.len().wrapping_sub(1));
    if e as u8 == h as u8 {
        e >> TAG_BITS
    } else {
        0
    }
}

/// Whether a candidate `cand` is usable from index `cur`: `lowest <= cand < cur`.
#[inline(always)]
fn valid(cand: u32, cur: u32, lowest: u32) -> bool {
    cand >= lowest && cand < cur
}

/// Whether repeat offset `r` gives a usable candidate from index `cur >= lowest`:
/// `r != 0` and [`valid`] of `cur - r`, that is `1 <= r <= cur - lowest`, in one
/// comparison.
#[inline(always)]
fn valid_rep(r: u32, cur: u32, lowest: u32) -> bool {
    r.wrapping_sub(1) < cur.wrapping_sub(lowest)
}

/// The largest local position: indices are `u32`, so every position is at most this.
const U32: usize = u32::MAX as usize;

/// Skip ahead faster the longer no match is found (zstd's `kSearchStrength`).
const SEARCH_STRENGTH: u32 = 8;

/// Alignment of the match finder's tables: a cache line (C aligns its tables so too).
const TABLE_ALIGN: usize = 64;

/// Smallest window (RFC 8878 §3.1.1.1.2: 1 KiB).
const WINDOW_LOG_MIN: u32 = 10;

/// Smallest and largest table logs accepted.
const LOG_MIN: u32 = 6;
const LOG_MAX: u32 = 30;

/// The match finder's state: its tables, in workspace memory.
pub struct MatchState<'a> {
    mem: &'a mut [u8],
    cp: CParams,
    layout: Layout,
    /// Hash chains and rows: first index not inserted yet.
    next_to_update: u32,
    /// The fast or dfast tables hold tagged positions (see [`MatchState::tag_positions`]).
    tagged: bool,
}

/// Table sizes for one set of parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Layout {
    /// Hash table (fast), long hashes (dfast), positions (rows) or chain heads: 2^hash_log
    /// `u32` entries.
    hash_log: u32,
    /// Short hashes (dfast) or hash chain (btlazy2 and up): 2^chain_log entries, 0 = none.
    chain_log: u32,
    /// Row size log for greedy/lazy/lazy2 (tags and ring heads in bytes), 0 = none.
    row_log: u32,
    /// The optimal parser's statistics and nodes follow (btopt and up).
    opt: bool,
    /// Then its 3-byte hash table (`minMatch` 3): 2^h3_log entries, 0 = none.
    h3_log: u32,
}

impl Layout {
    fn of(cp: &CParams) -> Self {
        let h = cp.hash_log.clamp(LOG_MIN, LOG_MAX);
        let c = cp.chain_log.clamp(LOG_MIN, LOG_MAX);
        match cp.strategy {
            Strategy::Fast => Self {
                hash_log: h,
                chain_log: 0,
                row_log: 0,
                opt: false,
                h3_log: 0,
            },
            Strategy::Dfast => Self {
                hash_log: h,
                chain_log: c,
                row_log: 0,
                opt: false,
                h3_log: 0,
            },
            Strategy::Greedy | Strategy::Lazy | Strategy::Lazy2
                if cp.window_log > ROW_WINDOW_LOG_MIN =>
            {
                Self {
                    hash_log: h.min(ROW_HASH_LOG_MAX),
                    chain_log: 0,
                    row_log: cp.search_log.clamp(4, 6),
                    opt: false,
                    h3_log: 0,
                }
            }
            s => Self {
                hash_log: h,
                chain_log: c,
                row_log: 0,
                opt: s >= Strategy::Btopt,
                h3_log: if s >= Strategy::Btopt && cp.min_match == 3 {
                    cp.window_log.clamp(LOG_MIN, opt::H3_LOG_MAX)
                } else {
                    0
                },
            },
        }
    }

    /// `u32` entries of the two tables and bytes of the row tags and heads.
    fn parts(&self) -> (usize, usize, usize) {
        let h = 1usize << self.hash_log;
        let c = if self.chain_log == 0 {
            0
        } else {
            1usize << self.chain_log
        };
        let r = if self.row_log == 0 {
            0
        } else {
            h + (h >> self.row_log)
        };
        (h, c, r)
    }

    fn bytes(&self) -> usize {
        let (h, c, r) = self.parts();
        (h + c) * 4 + r + self.opt_entries() * 4
    }

    fn opt_entries(&self) -> usize {
        match (self.opt, self.h3_log) {
            (false, _) => 0,
            (true, 0) => opt::ENTRIES,
            (true, l) => opt::ENTRIES + (1 << l),
        }
    }
}

/// Rows serve windows above 128 KiB; smaller ones use hash chains, as the kernel's C does
/// (without SIMD it keeps rows for windows above 2^17; with SSE2/NEON above 2^14). At
/// 128 KiB frames the chains take 8-18% fewer instructions than 32-entry rows.
const ROW_WINDOW_LOG_MIN: u32 = 17;

/// Largest row table (positions and tags: 5 bytes an entry).
const ROW_HASH_LOG_MAX: u32 = 28;

impl<'a> MatchState<'a> {
    /// Workspace bytes [`MatchState::new`] needs for `cp`.
    pub fn workspace_size(cp: &CParams) -> usize {
        Layout::of(cp).bytes() + TABLE_ALIGN - 1
    }

    /// Carves the tables for `cp` out of a workspace, as they are, from a cache line's
    /// start: a row of 16 positions (64 bytes) then lies in one line, not across two.
    fn carve(cp: &CParams, c: &mut Carver<'a>) -> Option<Self> {
        let layout = Layout::of(cp);
        c.align(TABLE_ALIGN);
        Some(Self {
            mem: c.bytes(layout.bytes())?,
            cp: *cp,
            layout,
            next_to_update: 0,
            tagged: false,
        })
    }

    /// Carves the tables for `cp` out of a workspace and clears them.
    pub fn new(cp: &CParams, c: &mut Carver<'a>) -> Option<Self> {
        let mut ms = Self::carve(cp, c)?;
        ms.reset(cp);
        Some(ms)
    }

    /// Forgets all history and adopts `cp`, whose tables must fit the workspace this
    /// state was made with (table sizes are reduced to fit otherwise). This clears the
    /// tables (4-5 bytes per entry). Between frames with the same parameters a caller can
    /// skip it, as C does: start the next frame at indices above every index used so far
    /// with `low_limit` at its start; older entries are then ignored exactly as if cleared.
    pub fn reset(&mut self, cp: &CParams) {
        self.adopt(cp);
        let n = self.layout.bytes().min(self.mem.len());
        if let Some(t) = self.mem.get_mut(..n) {
            t.fill(0);
        }
    }

    /// Carves the tables for `cp` without clearing them: they hold whatever an earlier
    /// state made with the same parameters over the same workspace left there. The
    /// caller must start at indices above every index stored so far, with `low_limit` at
    /// that start (see [`MatchState::reset`]); any other stored value is also harmless,
    /// as every candidate is checked against `low_limit` and compared byte by byte.
    pub fn new_dirty(cp: &CParams, c: &mut Carver<'a>) -> Option<Self> {
        let mut ms = Self::carve(cp, c)?;
        ms.adopt(cp);
        // The optimal parser's statistics start afresh with each frame, so a frame's
        // output does not depend on the frames before it.
        let (_, _, ot) = ms.opt_tables();
        for e in ot.iter_mut().take(opt::STATE) {
            *e = [0; 4];
        }
        Some(ms)
    }

    /// Adopts `cp` (reducing table sizes to fit the workspace) without touching tables.
    fn adopt(&mut self, cp: &CParams) {
        let mut l = Layout::of(cp);
        while l.bytes() > self.mem.len() {
            if l.chain_log >= l.hash_log && l.chain_log > LOG_MIN {
                l.chain_log -= 1;
            } else if l.hash_log > LOG_MIN {
                l.hash_log -= 1;
            } else {
                break;
            }
        }
        self.cp = *cp;
        self.layout = l;
        self.next_to_update = 0;
        self.tagged = false;
    }

    /// Makes the fast or dfast tables of a digested dictionary of `len` bytes, about to
    /// be indexed, hold each position with a tag: the 8 hash bits that follow the ones
    /// that index the table (C's short cache). A search that attaches them reads the
    /// content only when the tag agrees, nearly never for a wrong candidate: without
    /// tags, that read of the dictionary's content, which misses the caches, took a
    /// quarter of the time of the level-1 search of zram's pages. Positions then have 24
    /// bits and table logs 24 at most; a dictionary beyond either stays untagged, and is
    /// copied into the context rather than attached (C lowers such logs instead).
    pub fn tag_positions(&mut self, len: usize) {
        let max = 32 - TAG_BITS;
        self.tagged = matches!(search_strategy(&self.cp), Strategy::Fast | Strategy::Dfast)
            && self.layout.hash_log <= max
            && self.layout.chain_log <= max
            && len < 1 << max;
    }

    /// The hash table, the second table and the optimal parser's entries.
    #[allow(clippy::type_complexity)]
    fn opt_tables(&mut self) -> (&mut [[u8; 4]], &mut [[u8; 4]], &mut [[u8; 4]]) {
        let (h, c, r) = self.layout.parts();
        let o = self.layout.opt_entries();
        let mem = &mut *self.mem;
        let (a, rest) = mem.split_at_mut((h * 4).min(mem.len()));
        let (b, rest) = rest.split_at_mut((c * 4).min(rest.len()));
        let rest = rest.get_mut(r.min(rest.len())..).unwrap_or(&mut []);
        let o = (o * 4).min(rest.len());
        (
            a.as_chunks_mut::<4>().0,
            b.as_chunks_mut::<4>().0,
            rest[..o].as_chunks_mut::<4>().0,
        )
    }

    /// The hash table, the second table (empty for `fast` and rows) and the row bytes.
    fn tables(&mut self) -> (&mut [[u8; 4]], &mut [[u8; 4]], &mut [u8]) {
        let (h, c, r) = self.layout.parts();
        let mem = &mut *self.mem;
        let (a, rest) = mem.split_at_mut((h * 4).min(mem.len()));
        let (b, rest) = rest.split_at_mut((c * 4).min(rest.len()));
        let r = r.min(rest.len());
        (
            a.as_chunks_mut::<4>().0,
            b.as_chunks_mut::<4>().0,
            &mut rest[..r],
        )
    }

    /// The tables, with the row bytes split into tags and heads and the row parameters.
    #[allow(clippy::type_complexity)]
    fn tables_split(
        &mut self,
    ) -> (
        &mut [[u8; 4]],
        &mut [[u8; 4]],
        ((u32, u32, u32), &mut [u8], &mut [u8]),
    ) {
        let l = self.layout;
        let attempts = 1u32 << self.cp.search_log.min(l.row_log);
        let (ht, ct, bytes) = self.tables();
        let (tags, heads) = bytes.split_at_mut((1usize << l.hash_log).min(bytes.len()));
        (ht, ct, ((l.hash_log, l.row_log, attempts), tags, heads))
    }

    /// Row tables over the parts [`Self::tables_split`] gives.
    fn rows_of<'t>(
        p: (u32, u32, u32),
        idx: &'t mut [[u8; 4]],
        (tags, heads): (&'t mut [u8], &'t mut [u8]),
        next: u32,
    ) -> row::Rows<'t> {
        row::Rows {
            idx,
            tags,
            heads,
            hash_log: p.0,
            row_log: p.1,
            next,
            attempts: p.2,
        }
    }

    /// Indexes `[start, end)` as history, emitting nothing (dictionary content or data
    /// compressed earlier). Positions whose 8 bytes run past `end` are left out.
    pub fn load_history(&mut self, seg: &Segments<'_>, start: u32, end: u32) {
        let v = View::new(seg, end);
        let start = start.max(v.ext_lo);
        let last = end.saturating_sub(8);
        let (hlog, clog) = (self.layout.hash_log, self.layout.chain_log);
        let mls = self.cp.min_match;
        let strategy = search_strategy(&self.cp);
        let ntu = self.next_to_update;
        let mut new_ntu = ntu;
        let rows = self.layout.row_log != 0;
        let opt = self.layout.opt;
        let attempts = 1u32 << self.cp.search_log.min(24);
        let tagged = self.tagged;
        let (ht, ct, rb) = self.tables_split();
        if rows {
            let mut r = Self::rows_of(rb.0, ht, (rb.1, rb.2), ntu);
            let from = ntu.max(start);
            if last >= from {
                r.insert_range(&v, mls.clamp(4, 6), from, last + 1);
                self.next_to_update = last + 1;
            }
            return;
        }
        match strategy {
            // As C fills a dictionary's tables (`ZSTD_dtlm_full`): every third position
            // always, the two between only into empty cells, so a cell keeps the earliest
            // of the positions that share it rather than the last (which left level 1
            // 1% larger than C on zram's dictionary pages). dfast's short table takes
            // every position, where C takes every third: pages come out 0.7% smaller.
            Strategy::Fast | Strategy::Dfast => {
                let mls = mls.clamp(4, 7);
                let dfast = strategy == Strategy::Dfast;
                // Tagged tables (see `tag_positions`) take a hash of 8 more bits: its
                // top bits index the table, its low 8 are stored below the position.
                let tag = if tagged { TAG_BITS } else { 0 };
                let tag_mask = (1u32 << tag) - 1;
                // (cell, stored value) of position `p` whose longer hash is `h`.
                let entry = |h: usize, p: u32| (h >> tag, (p << tag) | (h as u32 & tag_mask));
                let long = |x: u64| {
                    if dfast {
                        hash::hash::<8>(x, hlog + tag)
                    } else {
                        hash::hash_dyn(x, hlog + tag, mls)
                    }
                };
                // Position 0 is stored as 0 (or its tag), maybe the value of an empty
                // cell: its cell is not empty.
                let cell0 = v
                    .read64_any(start)
                    .filter(|_| start == 0)
                    .map(|x| entry(long(x), 0).0);
                let empty = |t: &[[u8; 4]], h: usize| get(t, h) == 0 && cell0 != Some(h);
                // The last positions, short of a group of three, are filled as well
                // (C leaves them out): a frame whose window ends there still matches.
                let mut i = start;
                while i <= last {
                    for p in 0..3 {
                        let Some(x) = v.read64_any(i + p).filter(|_| i + p <= last) else {
                            continue;
                        };
                        if dfast {
                            let (sh, se) = entry(hash::hash_dyn(x, clog + tag, mls), i + p);
                            set(ct, sh, se);
                        }
                        let (h, e) = entry(long(x), i + p);
                        if p == 0 || empty(ht, h) {
                            set(ht, h, e);
                        }
                    }
                    i += 3;
                }
            }
            Strategy::Greedy | Strategy::Lazy | Strategy::Lazy2 => {
                let mls = mls.clamp(4, 6);
                let from = ntu.max(start);
                if last >= from {
                    lazy::insert_range(ht, ct, hlog, clog, mls, &v, from, last + 1);
                    new_ntu = last + 1;
                }
            }
            _ => {
                // The optimal parser's trees hash 3 bytes when `minMatch` is 3.
                let mls = mls.clamp(3 + u32::from(!opt), 6);
                let from = ntu.max(start);
                if last >= from {
                    let mut t = bt::Tree {
                        hash: ht,
                        hash_log: hlog,
                        tree: ct,
                        node_log: clog.saturating_sub(1),
                        next: from,
                        attempts,
                    };
                    // Positions of the older segment are ordered within it alone.
                    let ext_end = last.saturating_add(1).min(v.base);
                    if from < ext_end {
                        let ev = View {
                            ext: &[],
                            ext_lo: v.ext_lo,
                            src: v.ext,
                            base: v.ext_lo,
                        };
                        t.insert_range(&ev, mls, from, ext_end, v.ext_lo);
                    }
                    let cur_from = from.max(v.base);
                    if cur_from <= last {
                        t.insert_range(&v, mls, cur_from, last + 1, v.ext_lo);
                    }
                    new_ntu = last + 1;
                }
            }
        }
        self.next_to_update = new_ntu;
    }

    /// Emits the sequences and trailing literals of indices `[block_start, block_end)`
    /// into `seqs`, keeping `rep` (the frame's repeat offsets) by RFC 8878 §3.1.2.5.
    /// A block holds at most `BLOCK_SIZE_MAX` bytes. `dms`: the tables of an attached
    /// dictionary (a digested dictionary's state, whose content is `seg.ext`), searched
    /// beside this state's own when the strategy supports it (dfast). `run` runs the row
    /// search (the encoder's dispatch, see [`Hot`]).
    #[allow(clippy::too_many_arguments)]
    pub fn compress_block(
        &mut self,
        seg: &Segments<'_>,
        block_start: u32,
        block_end: u32,
        rep: &mut [u32; 3],
        seqs: &mut SeqStore<'_>,
        dms: Option<&MatchState<'_>>,
        run: Dispatch,
    ) {
        let v = View::new(seg, block_end);
        let end = v.pos(v.src.len());
        let start = block_start.max(v.base).min(end);
        let mut anchor = (start - v.base) as usize;
        let mut ip = anchor;
        let window = 1u32
            .checked_shl(self.cp.window_log.max(WINDOW_LOG_MIN))
            .unwrap_or(u32::MAX);
        let low = seg.low_limit.max(v.ext_lo);
        let whole_dict = seg.dict && block_end.saturating_sub(seg.cur_start) <= window;
        let mut ntu = self.next_to_update;
        // Search positions up to `ilimit` (8-byte loads stay in the block), in pieces of
        // at most a window so one lowest index serves a whole piece.
        if let Some(ilimit) = v.src.len().checked_sub(8) {
            while ip < ilimit {
                let stop = ilimit.min(ip.saturating_add(window as usize));
                let lowest = if whole_dict {
                    low
                } else {
                    low.max(v.pos(stop).saturating_sub(window))
                };
                let ext = lowest < v.base;
                let args = Args {
                    v: &v,
                    anchor,
                    ip,
                    ilimit: stop,
                    lowest: if ext { lowest } else { lowest.max(v.base) },
                };
                let (a, reached) = self.search(
                    &args,
                    ext,
                    &mut ntu,
                    rep,
                    seqs,
                    dms.map(|m| (m, seg.ext_start)),
                    run,
                );
                anchor = a;
                // A piece too short to search is skipped (its bytes stay literals).
                ip = if reached > ip {
                    reached
                } else {
                    stop.max(ip + 1)
                };
            }
        }
        self.next_to_update = ntu;
        if let Some(lits) = v.src.get(anchor..) {
            seqs.push_literals(lits);
        }
    }

    /// Runs the strategy over one piece of a block; returns the anchor and position reached.
    /// `dms`: an attached dictionary's state and the index of its content's first byte.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        args: &Args<'_, '_>,
        ext: bool,
        ntu: &mut u32,
        rep: &mut [u32; 3],
        seqs: &mut SeqStore<'_>,
        dms: Option<(&MatchState<'_>, u32)>,
        run: Dispatch,
    ) -> (usize, usize) {
        let cp = self.cp;
        let (hlog, clog) = (self.layout.hash_log, self.layout.chain_log);
        if self.layout.opt && cp.strategy >= Strategy::Btopt {
            let h3 = self.layout.h3_log;
            let (ht, ct, ot) = self.opt_tables();
            let mut t = bt::Tree {
                hash: ht,
                hash_log: hlog,
                tree: ct,
                node_log: clog.saturating_sub(1),
                next: (*ntu).max(args.lowest),
                attempts: 1u32 << cp.search_log.min(24),
            };
            let mls = cp.min_match.clamp(3, 6);
            let ultra = cp.strategy >= Strategy::Btultra;
            let r = match opt::Parser::new(ot, h3, ultra, cp.target_length) {
                Some(mut o) => opt::dispatch(&mut t, &mut o, mls, ext, args, rep, seqs),
                None => {
                    // No room for the parser's state: btlazy2 over the same tables.
                    let mut d =
                        dubt::Dubt::<0, 0>::new(t.hash, hlog, t.tree, clog, t.next, cp.search_log);
                    let r = lazy::dispatch(&mut d, 2, mls.max(4), ext, args, rep, seqs);
                    *ntu = d.next;
                    return r;
                }
            };
            *ntu = t.next;
            return r;
        }
        let rows = self.layout.row_log != 0;
        let (ht, ct, rb) = self.tables_split();
        if rows {
            let depth = match cp.strategy {
                Strategy::Greedy => 0,
                Strategy::Lazy => 1,
                _ => 2,
            };
            let mut done = ((0, 0), 0);
            let job = row::RowsJob {
                rows: Self::rows_of(rb.0, ht, (rb.1, rb.2), (*ntu).max(args.lowest)),
                depth,
                mls: cp.min_match.clamp(4, 6),
                ext,
                args,
                rep,
                seqs,
                done: &mut done,
            };
            run(Hot::rows(job));
            *ntu = done.1;
            return done.0;
        }
        match search_strategy(&cp) {
            Strategy::Fast => {
                let step = cp.target_length.max(1) as usize;
                if let (true, Some(d)) = (ext, dms.and_then(|(m, start)| m.dict_fast(&cp, start))) {
                    // C's level-1 parameters for pages with a dictionary get tables of
                    // constant size.
                    return match (cp.min_match.clamp(4, 7), hlog, d.log) {
                        (6, 13, 13) => {
                            fast::compress_dms::<6, 13, 13>(ht, hlog, step, d, args, rep, seqs)
                        }
                        (5, _, _) => {
                            fast::compress_dms::<5, 0, 0>(ht, hlog, step, d, args, rep, seqs)
                        }
                        (6, _, _) => {
                            fast::compress_dms::<6, 0, 0>(ht, hlog, step, d, args, rep, seqs)
                        }
                        (7, _, _) => {
                            fast::compress_dms::<7, 0, 0>(ht, hlog, step, d, args, rep, seqs)
                        }
                        _ => fast::compress_dms::<4, 0, 0>(ht, hlog, step, d, args, rep, seqs),
                    };
                }
                // Levels 1-2 and the negative levels at their usual sizes get tables of
                // constant size.
                match (ext, cp.min_match.clamp(4, 7), hlog) {
                    (false, 5, 13) => {
                        fast::compress::<false, 5, 13>(ht, hlog, step, args, rep, seqs)
                    }
                    (false, 5, 12) => {
                        fast::compress::<false, 5, 12>(ht, hlog, step, args, rep, seqs)
                    }
                    (false, 6, 13) => {
                        fast::compress::<false, 6, 13>(ht, hlog, step, args, rep, seqs)
                    }
                    (false, 7, 14) => {
                        fast::compress::<false, 7, 14>(ht, hlog, step, args, rep, seqs)
                    }
                    (false, 4, 13) => {
                        fast::compress::<false, 4, 13>(ht, hlog, step, args, rep, seqs)
                    }
                    (false, 5, 15) => {
                        fast::compress::<false, 5, 15>(ht, hlog, step, args, rep, seqs)
                    }
                    (false, 6, 16) => {
                        fast::compress::<false, 6, 16>(ht, hlog, step, args, rep, seqs)
                    }
                    (false, 5, _) => fast::compress::<false, 5, 0>(ht, hlog, step, args, rep, seqs),
                    (false, 6, _) => fast::compress::<false, 6, 0>(ht, hlog, step, args, rep, seqs),
                    (false, 7, _) => fast::compress::<false, 7, 0>(ht, hlog, step, args, rep, seqs),
                    (false, _, _) => fast::compress::<false, 4, 0>(ht, hlog, step, args, rep, seqs),
                    (true, 5, _) => fast::compress::<true, 5, 0>(ht, hlog, step, args, rep, seqs),
                    (true, 6, _) => fast::compress::<true, 6, 0>(ht, hlog, step, args, rep, seqs),
                    (true, 7, _) => fast::compress::<true, 7, 0>(ht, hlog, step, args, rep, seqs),
                    (true, _, _) => fast::compress::<true, 4, 0>(ht, hlog, step, args, rep, seqs),
                }
            }
            Strategy::Dfast => {
                let t = dfast::Tables {
                    long: ht,
                    long_log: hlog,
                    short: ct,
                    short_log: clog,
                };
                if let (true, Some(d)) = (ext, dms.and_then(|(m, start)| m.dict_tables(&cp, start)))
                {
                    // zram's pages with a level-3 dictionary get tables of constant size.
                    let logs = (hlog, clog, d.long_log, d.short_log);
                    return match (cp.min_match.clamp(4, 7), logs) {
                        (5, (13, 12, 16, 15)) => {
                            dfast::compress_dms::<5, 13, 12, 16, 15>(t, d, args, rep, seqs)
                        }
                        (5, _) => dfast::compress_dms::<5, 0, 0, 0, 0>(t, d, args, rep, seqs),
                        (6, _) => dfast::compress_dms::<6, 0, 0, 0, 0>(t, d, args, rep, seqs),
                        (7, _) => dfast::compress_dms::<7, 0, 0, 0, 0>(t, d, args, rep, seqs),
                        _ => dfast::compress_dms::<4, 0, 0, 0, 0>(t, d, args, rep, seqs),
                    };
                }
                // Levels 3-4 at their usual sizes (and pages with parameters for an
                // unknown size, as crypto/zswap asks) get tables of constant size.
                match (ext, cp.min_match.clamp(4, 7), hlog, clog) {
                    (false, 4, 13, 12) => dfast::compress::<false, 4, 13, 12>(t, args, rep, seqs),
                    (false, 5, 16, 15) => dfast::compress::<false, 5, 16, 15>(t, args, rep, seqs),
                    (false, 5, 13, 12) => dfast::compress::<false, 5, 13, 12>(t, args, rep, seqs),
                    (false, 5, 17, 16) => dfast::compress::<false, 5, 17, 16>(t, args, rep, seqs),
                    (false, 4, 17, 17) => dfast::compress::<false, 4, 17, 17>(t, args, rep, seqs),
                    (false, 5, 18, 18) => dfast::compress::<false, 5, 18, 18>(t, args, rep, seqs),
                    (false, 5, _, _) => dfast::compress::<false, 5, 0, 0>(t, args, rep, seqs),
                    (false, 6, _, _) => dfast::compress::<false, 6, 0, 0>(t, args, rep, seqs),
                    (false, 7, _, _) => dfast::compress::<false, 7, 0, 0>(t, args, rep, seqs),
                    (false, _, _, _) => dfast::compress::<false, 4, 0, 0>(t, args, rep, seqs),
                    (true, 5, _, _) => dfast::compress::<true, 5, 0, 0>(t, args, rep, seqs),
                    (true, 6, _, _) => dfast::compress::<true, 6, 0, 0>(t, args, rep, seqs),
                    (true, 7, _, _) => dfast::compress::<true, 7, 0, 0>(t, args, rep, seqs),
                    (true, _, _, _) => dfast::compress::<true, 4, 0, 0>(t, args, rep, seqs),
                }
            }
            Strategy::Btlazy2 | Strategy::Btopt | Strategy::Btultra | Strategy::Btultra2 => {
                let next = (*ntu).max(args.lowest);
                let mls = cp.min_match.clamp(4, 6);
                // btlazy2 over trees of hash and node logs `$hl` and `$nl` (0: run time).
                macro_rules! btlazy2 {
                    ($hl:literal, $nl:literal) => {{
                        let mut t =
                            dubt::Dubt::<$hl, $nl>::new(ht, hlog, ct, clog, next, cp.search_log);
                        let r = lazy::dispatch(&mut t, 2, mls, ext, args, rep, seqs);
                        *ntu = t.next;
                        r
                    }};
                }
                // Levels 13-15 fitted to a 1 MiB input (hash and chain logs 21, minimum
                // match 5) get tables of constant size: one more copy of the search.
                if !ext && mls == 5 && hlog == 21 && clog == 21 {
                    btlazy2!(21, 20)
                } else {
                    btlazy2!(0, 0)
                }
            }
            s => {
                let depth = match s {
                    Strategy::Greedy => 0,
                    Strategy::Lazy => 1,
                    _ => 2,
                };
                let next = (*ntu).max(args.lowest);
                let attempts = 1u32 << cp.search_log.min(24);
                let mls = cp.min_match.clamp(4, 6);
                if let (true, Some(d)) = (ext, dms.and_then(|(m, start)| m.dict_chain(&cp, start)))
                {
                    // The own tables index only the frame.
                    let own = lazy::Chain::<0, 0> {
                        hash: ht,
                        hash_log: hlog,
                        chain: ct,
                        chain_log: clog,
                        next: next.max(args.v.base),
                        attempts,
                    };
                    let mut hc = lazy::DmsChain { own, dict: d };
                    let r = lazy::dispatch(&mut hc, depth, mls, ext, args, rep, seqs);
                    *ntu = hc.own.next;
                    return r;
                }
                macro_rules! chain {
                    ($hl:literal, $cl:literal) => {{
                        let mut hc = lazy::Chain::<$hl, $cl> {
                            hash: ht,
                            hash_log: hlog,
                            chain: ct,
                            chain_log: clog,
                            next,
                            attempts,
                        };
                        let r = lazy::dispatch(&mut hc, depth, mls, ext, args, rep, seqs);
                        *ntu = hc.next;
                        r
                    }};
                }
                // 128 KiB frames (btrfs) and pages at their usual sizes get tables of
                // constant size.
                match (hlog, clog) {
                    (17, 16) => chain!(17, 16),
                    (13, 12) => chain!(13, 12),
                    (13, 13) => chain!(13, 13),
                    _ => chain!(0, 0),
                }
            }
        }
    }

    /// The caller moved every index down by `shift`: entries below it become invalid.
    pub fn shift(&mut self, shift: u32) {
        let (h3, target) = (self.layout.h3_log, self.cp.target_length);
        let (ht, ct, ot) = self.opt_tables();
        for e in ht.iter_mut().chain(ct.iter_mut()) {
            let i = u32::from_le_bytes(*e);
            // btlazy2's mark is no index.
            if i != dubt::UNSORTED {
                *e = i.saturating_sub(shift).to_le_bytes();
            }
        }
        if let Some(mut o) = opt::Parser::new(ot, h3, false, target) {
            o.shift(shift);
        }
        self.next_to_update = self.next_to_update.saturating_sub(shift);
    }
}

/// Windows up to which btlazy2 runs lazy2 (16 KiB: C's btlazy2 at levels 9-10 for
/// inputs up to 16 KiB, such as zram's pages).
const BTLAZY2_CHAIN_WINDOW_LOG: u32 = 14;

/// The search a strategy runs here. btlazy2 over a small window runs lazy2 over hash
/// chains in the same tables: on 4 KiB pages the tree gave the same sizes (within 0.1%)
/// for 30% more instructions (docs/encoder-performance.md).
fn search_strategy(cp: &CParams) -> Strategy {
    if cp.strategy == Strategy::Btlazy2 && cp.window_log <= BTLAZY2_CHAIN_WINDOW_LOG {
        Strategy::Lazy2
    } else {
        cp.strategy
    }
}

/// A piece of a block to search: the view, where the pending literals start (`anchor`),
/// the first and last positions to search (`ip`, `ilimit`, at most `src.len() - 8`) and
/// the lowest index a match may reference.
pub(super) struct Args<'v, 'd> {
    v: &'v View<'d>,
    anchor: usize,
    ip: usize,
    ilimit: usize,
    lowest: u32,
}

impl<'v, 'd> Args<'v, 'd> {
    /// `(view, its source, lowest, anchor, ip, ilimit)`, `ilimit` clamped to `src.len() - 8`
    /// once more where the finder can see it: its 8-byte loads up to `ilimit` then need
    /// no bounds check.
    #[inline(always)]
    fn parts(&self) -> (&'v View<'d>, &'d [u8], u32, usize, usize, usize) {
        let src = self.v.src;
        let ilimit = self.ilimit.min(src.len().saturating_sub(8));
        (self.v, src, self.lowest, self.anchor, self.ip, ilimit)
    }
}

/// Reads table entry `h` (0 when out of range).
#[inline(always)]
fn get(t: &[[u8; 4]], h: usize) -> u32 {
    t.get(h).map_or(0, |e| u32::from_le_bytes(*e))
}

/// Writes table entry `h`.
#[inline(always)]
fn set(t: &mut [[u8; 4]], h: usize, v: u32) {
    if let Some(e) = t.get_mut(h) {
        *e = v.to_le_bytes();
    }
}

/// A table log: `K` when the search is compiled for it (constant masks and shifts),
/// else the run-time `log` (`K == 0`).
#[inline(always)]
fn log_or<const K: u32>(log: u32) -> u32 {
    if K != 0 {
        K
    } else {
        log
    }
}

/// Marks the path that calls it as rarely taken, as `core::hint::cold_path` does (stable
/// since Rust 1.95, newer than the workspace's minimum): LLVM then places the spills
/// and reloads of a loop's values on that path, not on the loop's common one.
#[cold]
#[inline(always)]
fn rare() {}

/// `floor(log2(x))` for `x > 0` (0 for 0).
#[inline(always)]
fn highbit(x: u32) -> i32 {
    31 - (x | 1).leading_zeros() as i32
}

/// A table of `u32` entries, stored little-endian.
type Table = [[u8; 4]];

impl MatchState<'_> {
    /// This state's first two tables read-only (hash and chain, or dfast's long and
    /// short), for a search that attaches them.
    fn read_tables(&self) -> Option<(&Table, &Table)> {
        let (h, c, _) = self.layout.parts();
        let (a, rest) = self.mem.split_at((h * 4).min(self.mem.len()));
        let b = rest.get(..c * 4)?;
        Some((a.as_chunks::<4>().0, b.as_chunks::<4>().0))
    }

    /// This state's first two tables for attaching to a search with parameters `cp`,
    /// when both run strategy `s` with the same minimum match (clamped to `4..=hi`).
    fn tables_for(&self, cp: &CParams, s: Strategy, hi: u32) -> Option<(&Table, &Table)> {
        // Only tagged tables are attached (see `tag_positions`).
        if !self.tagged
            || search_strategy(&self.cp) != s
            || search_strategy(cp) != s
            || self.cp.min_match.clamp(4, hi) != cp.min_match.clamp(4, hi)
        {
            return None;
        }
        self.read_tables()
    }

    /// This state's fast table for attaching to a search with parameters `cp` (same
    /// strategy and minimum match) whose history, this state's content, starts at index
    /// `start`; or `None`.
    fn dict_fast(&self, cp: &CParams, start: u32) -> Option<fast::DictTable<'_>> {
        let (table, _) = self.tables_for(cp, Strategy::Fast, 7)?;
        Some(fast::DictTable {
            table,
            log: self.layout.hash_log,
            start,
        })
    }

    /// This state's dfast tables for attaching to a search with parameters `cp` (same
    /// strategy and minimum match) whose history, this state's content, starts at index
    /// `start`; or `None`.
    fn dict_tables(&self, cp: &CParams, start: u32) -> Option<dfast::DictTables<'_>> {
        let (a, b) = self.tables_for(cp, Strategy::Dfast, 7)?;
        Some(dfast::DictTables {
            long: a,
            long_log: self.layout.hash_log,
            short: b,
            short_log: self.layout.chain_log,
            start,
        })
    }

    /// This state's hash chains (greedy, lazy, lazy2 over chains) for attaching to a
    /// search with parameters `cp` that also runs over chains, with the same minimum
    /// match, whose history, this state's content, starts at index `start`; or `None`.
    fn dict_chain(&self, cp: &CParams, start: u32) -> Option<lazy::DictChain<'_>> {
        let chains = |c: &CParams, l: &Layout| {
            matches!(
                search_strategy(c),
                Strategy::Greedy | Strategy::Lazy | Strategy::Lazy2
            ) && l.row_log == 0
                && l.chain_log != 0
        };
        if !chains(&self.cp, &self.layout)
            || !chains(cp, &Layout::of(cp))
            || self.cp.min_match.clamp(4, 6) != cp.min_match.clamp(4, 6)
        {
            return None;
        }
        let (a, b) = self.read_tables()?;
        Some(lazy::DictChain {
            hash: a,
            hash_log: self.layout.hash_log,
            chain: b,
            chain_log: self.layout.chain_log,
            start,
            end: self.next_to_update,
        })
    }

    /// Whether a search with parameters `cp` can attach this state's tables (see
    /// [`Self::compress_block_with`]) instead of copying them.
    pub(crate) fn attachable(&self, cp: &CParams) -> bool {
        self.dict_fast(cp, 0).is_some()
            || self.dict_tables(cp, 0).is_some()
            || self.dict_chain(cp, 0).is_some()
    }

    /// Becomes a copy of `o` (tables and position), made for the same parameters: how
    /// the encoder reuses a digested dictionary's indexed content. Returns false (and
    /// changes nothing) when `o`'s tables do not fit this state's workspace.
    pub fn copy_from(&mut self, o: &MatchState<'_>) -> bool {
        let n = o.layout.bytes();
        match (self.mem.get_mut(..n), o.mem.get(..n)) {
            (Some(d), Some(s)) => {
                // Tagged tables (see `tag_positions`) come without their tags: their
                // cells are the untagged ones', the top bits of the longer hash.
                let (h, c, _) = o.layout.parts();
                let k = if o.tagged { ((h + c) * 4).min(n) } else { 0 };
                let ((dt, d), (st, s)) = (d.split_at_mut(k), s.split_at(k));
                for (d, s) in dt.as_chunks_mut::<4>().0.iter_mut().zip(st.as_chunks().0) {
                    *d = (u32::from_le_bytes(*s) >> TAG_BITS).to_le_bytes();
                }
                d.copy_from_slice(s);
                self.cp = o.cp;
                self.layout = o.layout;
                self.next_to_update = o.next_to_update;
                self.tagged = false;
                true
            }
            _ => false,
        }
    }
}
