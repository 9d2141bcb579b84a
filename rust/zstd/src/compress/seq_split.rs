// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Splitting a block by its sequences, as zstd 1.5.2 does at the optimal parser's levels
//! (`ZSTD_compressBlock_splitBlock`, windows of 128 KiB and more): after the search, the
//! block's sequences are halved recursively while two halves, each with entropy tables
//! of its own, code smaller than the whole; each part is then sent as a block.
//!
//! The parts' sizes are what the block writer would produce (written into scratch, the
//! entropy state as the block starts), not estimates. A part sent raw or RLE leaves the
//! decoder's repeat offsets where they were, so the next parts' Offset_Values are coded
//! again against the decoder's offsets (C's `ZSTD_seqStore_resolveOffCodes`).

use super::block::{compressed_size, write_block, Sent};
use super::entropy::{Entropy, MAX_CUTS};
use super::matcher::rep::{offset_value, resolve, update_rep};
use super::seq_store::SeqStore;
use crate::error::Error;
use crate::params::Strategy;

/// Fewest sequences a part may have (C's `MIN_SEQUENCES_BLOCK_SPLITTING`): a half is
/// only tried for ranges of twice this many.
const MIN_SEQS: usize = 300;

/// Most parts a block is cut into (C's `ZSTD_MAX_NB_BLOCK_SPLITS`).
const MAX_PARTS: usize = MAX_CUTS;

/// The block writer's settings for the parts.
pub(crate) struct Writer<'e, 'w> {
    pub ent: &'e mut Entropy<'w>,
    pub strategy: Strategy,
    pub raw_literals: bool,
}

/// Ranges of sequences still to halve: a range's halves are pushed when it splits, so at
/// most one pending range a level (ranges of 2 * MIN_SEQS and more, halved from at most
/// 2^17 sequences: fewer than 9 levels).
const PENDING: usize = 10;

/// One range to halve: sequences `a..b`, literals `la..lb`, coded whole in `whole` bytes.
#[derive(Clone, Copy, Default)]
struct Range {
    a: u32,
    la: u32,
    b: u32,
    lb: u32,
    whole: u32,
}

/// Index of the first literal of sequence `b`, given that of sequence `a <= b` (`la`):
/// `la` plus the literals of sequences `a..b`; the store's literal count for
/// `b == seqs.len()` (the block's trailing literals follow the last sequence).
fn lit_start(seqs: &SeqStore<'_>, a: usize, la: usize, b: usize) -> usize {
    if b >= seqs.len() {
        return seqs.literals().len();
    }
    // Lengths are below 2^17 and at most 2^17 sequences: no wrap.
    (a..b).fold(la, |n, k| n.wrapping_add(seqs.get(k).lit_len as usize))
}

/// Coded size of sequences `a..b`, whose literals start at `la` and `lb`, (with the
/// block's trailing literals when `b` is the last) as a block of its own.
fn part_size(
    seqs: &mut SeqStore<'_>,
    w: &mut Writer<'_, '_>,
    scratch: &mut [u8],
    (a, la): (usize, usize),
    (b, lb): (usize, usize),
) -> Option<usize> {
    let part = seqs.part(a, b, la, lb);
    compressed_size(scratch, &part, w.ent, w.strategy, w.raw_literals)
}

/// Cuts the block's sequences (the range `all`) in halves, recursively, while the halves
/// code smaller than the whole (C's `ZSTD_deriveBlockSplitsHelper`). A loop over pending
/// ranges, not recursion, so its stack is bounded; the cuts are then sorted (which range
/// is halved first changes none of them: each decision depends on its range only).
/// The cuts (sequence indices below 2^16: a block of 128 KiB holds at most 43,691
/// sequences) go to `w.ent.cuts`; returns their number.
fn derive(
    seqs: &mut SeqStore<'_>,
    w: &mut Writer<'_, '_>,
    scratch: &mut [u8],
    all: Range,
) -> usize {
    let mut n = 0usize;
    let mut pending = [Range::default(); PENDING];
    pending[0] = all;
    let mut top = 1usize;
    while top > 0 && n + 1 < MAX_PARTS {
        top -= 1;
        let r = pending[top % PENDING];
        let (a, la, b, lb) = (r.a as usize, r.la as usize, r.b as usize, r.lb as usize);
        if b - a < 2 * MIN_SEQS {
            continue;
        }
        let mid = a + (b - a) / 2;
        let lm = lit_start(seqs, a, la, mid);
        let halves = (
            part_size(seqs, w, scratch, (a, la), (mid, lm)),
            part_size(seqs, w, scratch, (mid, lm), (b, lb)),
        );
        let (Some(first), Some(second)) = halves else {
            continue;
        };
        if first + second >= r.whole as usize || top + 2 > PENDING {
            continue;
        }
        w.ent.cuts[n % MAX_PARTS] = (mid as u16).to_le_bytes();
        n += 1;
        let (mid, lm) = (mid as u32, lm as u32);
        pending[top % PENDING] = Range {
            b: mid,
            lb: lm,
            whole: first as u32,
            ..r
        };
        pending[(top + 1) % PENDING] = Range {
            a: mid,
            la: lm,
            whole: second as u32,
            ..r
        };
        top += 2;
    }
    // Insertion sort: few cuts (at most 145), found nearly in order, and no stack.
    let at = &mut w.ent.cuts[..n.min(MAX_PARTS)];
    for i in 1..at.len() {
        let mut j = i;
        while j > 0 && u16::from_le_bytes(at[j - 1]) > u16::from_le_bytes(at[j]) {
            at.swap(j - 1, j);
            j -= 1;
        }
    }
    n
}

/// Writes the block `src` (whose sequences are `seqs`, found from repeat offsets `rep`)
/// as several blocks when its sequences split (see the module), into `dst`. Returns the
/// bytes written and the decoder's repeat offsets after them, or `None` (nothing
/// written, the state unchanged) when the block is better left whole.
#[inline(never)]
pub(crate) fn write_split(
    dst: &mut [u8],
    src: &[u8],
    seqs: &mut SeqStore<'_>,
    w: &mut Writer<'_, '_>,
    rep: [u32; 3],
    last: bool,
) -> Option<Result<(usize, [u32; 3]), Error>> {
    let n = seqs.len();
    if n < 2 * MIN_SEQS || n > usize::from(u16::MAX) {
        return None;
    }
    let all = seqs.literals().len();
    let whole = part_size(seqs, w, dst, (0, 0), (n, all))?;
    // A block's sequences and literals number below 2^17 and its size below 2^32.
    let range = Range {
        a: 0,
        la: 0,
        b: u32::try_from(n).ok()?,
        lb: u32::try_from(all).ok()?,
        whole: u32::try_from(whole).ok()?,
    };
    let cuts = derive(seqs, w, dst, range);
    if cuts == 0 {
        return None;
    }
    Some(write_parts(dst, src, seqs, w, cuts, rep, last))
}

/// Codes the offsets of sequences `a..b`, which the finder coded against its repeat
/// offsets `found`, against the decoder's `sent` instead (the same unless a part was sent
/// raw or RLE); advances `found`. Returns the decoder's repeat offsets after the part (if
/// sent compressed), the part's size in source bytes (without trailing literals) and its
/// literal count.
fn recode(
    seqs: &mut SeqStore<'_>,
    a: usize,
    b: usize,
    found: &mut [u32; 3],
    sent: [u32; 3],
) -> ([u32; 3], usize, usize) {
    let mut coded = sent;
    let (mut bytes, mut lits) = (0usize, 0usize);
    for i in a..b {
        let s = seqs.get(i);
        let ll0 = s.lit_len == 0;
        let off = resolve(s.off_base, ll0, found);
        update_rep(found, s.off_base, ll0);
        let ov = offset_value(off, ll0, &coded);
        if ov != s.off_base {
            seqs.set_off_base(i, ov);
        }
        update_rep(&mut coded, ov, ll0);
        // Lengths are below 2^17 and at most 2^17 sequences: no wrap.
        lits = lits.wrapping_add(s.lit_len as usize);
        bytes = bytes
            .wrapping_add(s.lit_len as usize)
            .wrapping_add(s.match_len as usize);
    }
    (coded, bytes, lits)
}

/// Sends each part of `seqs` cut at the `cuts` first of `w.ent.cuts` as a block.
fn write_parts(
    dst: &mut [u8],
    src: &[u8],
    seqs: &mut SeqStore<'_>,
    w: &mut Writer<'_, '_>,
    cuts: usize,
    rep: [u32; 3],
    last: bool,
) -> Result<(usize, [u32; 3]), Error> {
    let n = seqs.len();
    // The finder's repeat offsets (`found`) and the decoder's (`sent`).
    let (mut found, mut sent) = (rep, rep);
    let (mut out, mut a, mut pos, mut la) = (0usize, 0usize, 0usize, 0usize);
    for i in 0..=cuts.min(MAX_PARTS) {
        let b = match w.ent.cuts.get(i) {
            Some(&c) if i < cuts => usize::from(u16::from_le_bytes(c)),
            _ => n,
        };
        let (coded, mut bytes, lits) = recode(seqs, a, b, &mut found, sent);
        let lb = if b == n {
            seqs.literals().len()
        } else {
            // At most the store's literal count: no wrap.
            la.wrapping_add(lits)
        };
        if b == n {
            // The last part also holds the block's trailing literals.
            bytes = src.len().saturating_sub(pos);
        }
        let part_src = src.get(pos..pos + bytes).ok_or(Error::GENERIC)?;
        let d = dst.get_mut(out..).ok_or(Error::dstSize_tooSmall)?;
        let part = seqs.part(a, b, la, lb);
        let (size, how) = write_block(
            d,
            part_src,
            &part,
            w.ent,
            w.strategy,
            w.raw_literals,
            last && b == n,
        )?;
        if how == Sent::Compressed {
            sent = coded;
        }
        out += size;
        (a, pos, la) = (b, pos + bytes, lb);
    }
    Ok((out, sent))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Xorshift;
    use crate::workspace::Carver;
    extern crate std;
    use std::vec;
    use std::vec::Vec;

    /// The recursive definition of the cuts (C's `ZSTD_deriveBlockSplitsHelper`: halve
    /// while the halves code smaller, cuts in order), to check the loop against.
    fn derive_recursive(
        seqs: &mut SeqStore<'_>,
        w: &mut Writer<'_, '_>,
        scratch: &mut [u8],
        ((a, la), (b, lb), whole): ((usize, usize), (usize, usize), usize),
        cuts: &mut Vec<usize>,
    ) {
        if b - a < 2 * MIN_SEQS || cuts.len() + 1 >= MAX_PARTS {
            return;
        }
        let mid = a + (b - a) / 2;
        let lm = lit_start(seqs, a, la, mid);
        let first = part_size(seqs, w, scratch, (a, la), (mid, lm));
        let second = part_size(seqs, w, scratch, (mid, lm), (b, lb));
        if let (Some(first), Some(second)) = (first, second) {
            if first + second < whole {
                derive_recursive(seqs, w, scratch, ((a, la), (mid, lm), first), cuts);
                cuts.push(mid);
                derive_recursive(seqs, w, scratch, ((mid, lm), (b, lb), second), cuts);
            }
        }
    }

    /// The loop over pending ranges finds the cuts the recursion finds, in order, on
    /// blocks whose statistics change at random points (so that some halves split and
    /// some do not, at several depths).
    #[test]
    fn derive_finds_the_recursive_cuts() {
        use crate::compress::entropy::Entropy;
        let mut rng = Xorshift(0x005E_ED0F_C075);
        let max = 20_000;
        let mut ws = vec![0u8; SeqStore::workspace_size() + Entropy::WORKSPACE + 2 * max];
        let mut scratch = vec![0u8; 1 << 18];
        let mut split_rounds = 0;
        for round in 0..24 {
            let mut c = Carver::new(&mut ws);
            let mut seqs = SeqStore::new(&mut c).unwrap();
            let mut ent = Entropy::new_for(&mut c, max).unwrap();
            let n = 600 + rng.below(8000);
            // Regimes: runs of sequences with their own literal alphabet and lengths.
            let mut left = 0;
            let (mut alpha, mut lmax, mut mmax) = (4u8, 8u64, 8u64);
            for _ in 0..n {
                if left == 0 {
                    left = 50 + rng.below(3000);
                    alpha = 2 + rng.below(200) as u8;
                    lmax = 1 + rng.below(40) as u64;
                    mmax = 1 + rng.below(300) as u64;
                }
                left -= 1;
                let lits: Vec<u8> = (0..rng.below(lmax))
                    .map(|_| rng.below(u64::from(alpha)) as u8)
                    .collect();
                let ml = 3 + rng.below(mmax) as u32;
                let ov = 4 + rng.below(1 << (4 + round % 12)) as u32;
                assert!(seqs.push(&lits, ml, ov));
            }
            let mut w = Writer {
                ent: &mut ent,
                strategy: Strategy::Btultra2,
                raw_literals: false,
            };
            let all = seqs.literals().len();
            let Some(whole) = part_size(&mut seqs, &mut w, &mut scratch, (0, 0), (n, all)) else {
                continue;
            };
            let mut expected = Vec::new();
            derive_recursive(
                &mut seqs,
                &mut w,
                &mut scratch,
                ((0, 0), (n, all), whole),
                &mut expected,
            );
            let range = Range {
                a: 0,
                la: 0,
                b: n as u32,
                lb: all as u32,
                whole: whole as u32,
            };
            let k = derive(&mut seqs, &mut w, &mut scratch, range);
            let got: Vec<usize> = w.ent.cuts[..k]
                .iter()
                .map(|c| usize::from(u16::from_le_bytes(*c)))
                .collect();
            assert_eq!(got, expected, "round {round}: {n} sequences");
            split_rounds += usize::from(expected.len() > 1);
        }
        // The blocks must exercise the loop: several rounds with more than one cut.
        assert!(
            split_rounds >= 4,
            "only {split_rounds} rounds cut more than once"
        );
    }

    /// Whatever parts the decoder skips (sent raw), the recoded Offset_Values of the
    /// parts it decodes stand, against its repeat offsets, for the offsets the finder
    /// meant (RFC 8878 §3.1.2.5: raw and RLE blocks leave the repeat offsets as they are).
    #[test]
    fn recoded_offsets_survive_parts_sent_raw() {
        let mut rng = Xorshift(0x0123_4567_89AB_CDEF);
        let mut ws = vec![0u8; SeqStore::workspace_size()];
        for round in 0..200 {
            let mut c = Carver::new(&mut ws);
            let mut seqs = SeqStore::new(&mut c).unwrap();
            let n = 50 + rng.below(400);
            // Offsets from a few recent ones, so repeat codes abound, coded as a finder
            // codes them; the offsets meant are kept to compare.
            let mut rep = [1u32, 4, 8];
            let mut meant = Vec::new();
            for _ in 0..n {
                let ll = if rng.below(3) == 0 {
                    0
                } else {
                    1 + rng.below(20)
                };
                let off = match rng.below(6) {
                    0..=2 => rep[rng.below(3)],
                    3 => rep[0].saturating_sub(1).max(1),
                    _ => 1 + rng.below(5000) as u32,
                };
                let ov = offset_value(off, ll == 0, &rep);
                update_rep(&mut rep, ov, ll == 0);
                assert!(seqs.push(&vec![b'x'; ll], 4, ov));
                meant.push(off);
            }
            // Random parts, each sent or skipped.
            let mut found = [1u32, 4, 8];
            let mut sent = found;
            let mut a = 0;
            while a < n {
                let b = (a + 1 + rng.below(100)).min(n);
                let (coded, _, _) = recode(&mut seqs, a, b, &mut found, sent);
                if rng.below(3) != 0 || round % 50 == 0 {
                    let mut dec = sent;
                    for (i, &off) in meant.iter().enumerate().take(b).skip(a) {
                        let s = seqs.get(i);
                        let ll0 = s.lit_len == 0;
                        assert_eq!(resolve(s.off_base, ll0, &dec), off, "sequence {i}");
                        update_rep(&mut dec, s.off_base, ll0);
                    }
                    assert_eq!(dec, coded);
                    sent = coded;
                }
                a = b;
            }
        }
    }
}
