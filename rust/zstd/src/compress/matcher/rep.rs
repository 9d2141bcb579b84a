// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Repeat offsets (RFC 8878 §3.1.2.5): choosing the cheapest Offset_Value for an offset
//! and updating the three repeat offsets exactly as a decoder does.

use crate::compress::seq_store::Sink;

/// The Offset_Value that codes `off` after `lit_len` literals given the repeat offsets:
/// a repeat code 1..=3 when one applies (with the literal-length-zero shift), else
/// `off + 3`.
#[inline(always)]
pub fn offset_value(off: u32, lit_len_zero: bool, rep: &[u32; 3]) -> u32 {
    if !lit_len_zero {
        if off == rep[0] {
            1
        } else if off == rep[1] {
            2
        } else if off == rep[2] {
            3
        } else {
            off.wrapping_add(3)
        }
    } else if off == rep[1] {
        1
    } else if off == rep[2] {
        2
    } else if rep[0] > 1 && off == rep[0] - 1 {
        3
    } else {
        off.wrapping_add(3)
    }
}

/// The offset Offset_Value `ov` (after `lit_len_zero` literals) stands for.
#[inline(always)]
pub fn resolve(ov: u32, lit_len_zero: bool, rep: &[u32; 3]) -> u32 {
    if ov > 3 {
        return ov - 3;
    }
    match ov.wrapping_sub(1).wrapping_add(lit_len_zero as u32) {
        0 => rep[0],
        1 => rep[1],
        2 => rep[2],
        _ => rep[0].wrapping_sub(1),
    }
}

/// Applies Offset_Value `ov` (after `lit_len_zero` literals) to the repeat offsets.
#[inline(always)]
pub fn update_rep(rep: &mut [u32; 3], ov: u32, lit_len_zero: bool) {
    if ov > 3 {
        *rep = [ov - 3, rep[0], rep[1]];
        return;
    }
    match ov.wrapping_sub(1).wrapping_add(lit_len_zero as u32) {
        0 => {}
        1 => *rep = [rep[1], rep[0], rep[2]],
        2 => *rep = [rep[2], rep[0], rep[1]],
        _ => *rep = [rep[0].wrapping_sub(1), rep[0], rep[1]],
    }
}

/// Stores `lits` then a match of `ml` bytes at distance `off`, coding the offset with
/// the repeat offsets and updating them.
#[inline(always)]
pub(super) fn emit(seqs: &mut Sink<'_>, rep: &mut [u32; 3], lits: &[u8], ml: usize, off: u32) {
    let ll0 = lits.is_empty();
    let ov = offset_value(off, ll0, rep);
    if seqs.push(lits, ml as u32, ov) {
        update_rep(rep, ov, ll0);
    }
}

/// [`emit`] with the literals `src[lit_start..lit_end]` (none when out of range), copied
/// 32 bytes at a time when short.
#[inline(always)]
pub(super) fn emit_at(
    seqs: &mut Sink<'_>,
    rep: &mut [u32; 3],
    src: &[u8],
    lit_start: usize,
    lit_end: usize,
    ml: usize,
    off: u32,
) {
    let ll0 = lit_start >= lit_end;
    let ov = offset_value(off, ll0, rep);
    if seqs.push_from(src, lit_start, lit_end, ml as u32, ov) {
        update_rep(rep, ov, ll0);
    }
}

/// Stores the literals `src[lit_start..lit_end]` then a match of `ml` bytes at the
/// newest repeat offset, as the fast finders find one: after at least one literal that
/// is Offset_Value 1 and leaves the repeat offsets as they are (RFC 8878 §3.1.2.5), so
/// neither needs computing.
#[inline(always)]
pub(super) fn emit_rep0_at(
    seqs: &mut Sink<'_>,
    rep: &mut [u32; 3],
    src: &[u8],
    lit_start: usize,
    lit_end: usize,
    ml: usize,
) {
    if lit_start < lit_end {
        seqs.push_from(src, lit_start, lit_end, ml as u32, 1);
    } else {
        emit_at(seqs, rep, src, lit_start, lit_end, ml, rep[0]);
    }
}

/// Stores the literals `src[lit_start..lit_end]` then a match of `ml` bytes at the new
/// distance `off` (`1..2^31`) as that distance (Offset_Value `off + 3`), as zstd's fast
/// finders do without comparing it to the repeat offsets: the decoder shifts it in front
/// of them whatever they hold.
#[inline(always)]
pub(super) fn emit_new_at(
    seqs: &mut Sink<'_>,
    rep: &mut [u32; 3],
    src: &[u8],
    lit_start: usize,
    lit_end: usize,
    ml: usize,
    off: u32,
) {
    // A distance within the window is below 2^31: no wrap.
    if seqs.push_from(src, lit_start, lit_end, ml as u32, off.wrapping_add(3)) {
        *rep = [off, rep[0], rep[1]];
    }
}

/// Stores a match of `ml` bytes at the second repeat offset with no literal before it
/// (Offset_Value 1 after no literal): the two newest repeat offsets swap.
#[inline(always)]
pub(super) fn emit_rep1(seqs: &mut Sink<'_>, rep: &mut [u32; 3], ml: usize) {
    if seqs.push(&[], ml as u32, 1) {
        rep.swap(0, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_updates_like_the_rfc() {
        let mut rep = [1, 4, 8];
        assert_eq!(offset_value(4, false, &rep), 2);
        update_rep(&mut rep, 2, false);
        assert_eq!(rep, [4, 1, 8]);
        assert_eq!(offset_value(3, true, &rep), 3);
        update_rep(&mut rep, 3, true);
        assert_eq!(rep, [3, 4, 1]);
        assert_eq!(offset_value(3, true, &rep), 6);
        update_rep(&mut rep, 6, true);
        assert_eq!(rep, [3, 3, 4]);
        assert_eq!(offset_value(4, true, &rep), 2);
        update_rep(&mut rep, 2, true);
        assert_eq!(rep, [4, 3, 3]);
        update_rep(&mut rep, 1, false);
        assert_eq!(rep, [4, 3, 3]);
    }
}
