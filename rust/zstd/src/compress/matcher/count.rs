// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Counting how far two positions match, 8 bytes at a time, within one segment or across
//! the end of the older segment into the current one (RFC 8878 §3.1.1.3.2: a match may
//! copy from the window and the dictionary alike).

/// Little-endian load of 8 bytes at `i`, or `None` past the end.
#[inline(always)]
pub(super) fn read64(s: &[u8], i: usize) -> Option<u64> {
    // `i..i + 8` as one range: one comparison when `i + 8` cannot overflow (an `i`
    // widened from `u32`), else two.
    s.get(i..i.wrapping_add(8))
        .and_then(|t| t.first_chunk::<8>())
        .map(|a| u64::from_le_bytes(*a))
}

/// Little-endian load of 8 bytes at `i`, 0 past the end. Written as `s[i..]` and its first
/// chunk: for a view `s` that ends 8 bytes after a loop's last position, the loop's own
/// bound (`i <= last`) proves the load and no check is left.
#[inline(always)]
pub(super) fn load64(s: &[u8], i: usize) -> u64 {
    s.get(i..)
        .and_then(|t| t.first_chunk::<8>())
        .map_or(0, |a| u64::from_le_bytes(*a))
}

/// Little-endian load of 4 bytes at `i`, or `None` past the end.
#[inline(always)]
pub(super) fn read32(s: &[u8], i: usize) -> Option<u32> {
    s.get(i..i.checked_add(4)?)
        .and_then(|t| t.first_chunk::<4>())
        .map(|a| u32::from_le_bytes(*a))
}

/// Whether the `N` bytes at `m` and at `p` (`m < p`) are equal (false past the end or
/// when `m >= p`). Checking `m < p` and the end of `p` first lets the compiler drop the
/// other bounds checks.
#[inline(always)]
fn eq_n<const N: usize>(s: &[u8], m: usize, p: usize) -> bool {
    if m >= p {
        return false;
    }
    match (
        s.get(m..m.wrapping_add(N))
            .and_then(|t| t.first_chunk::<N>()),
        s.get(p..p.wrapping_add(N))
            .and_then(|t| t.first_chunk::<N>()),
    ) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// [`eq_n`] for 4 bytes.
#[inline(always)]
pub(super) fn eq4(s: &[u8], m: usize, p: usize) -> bool {
    eq_n::<4>(s, m, p)
}

/// Length of the common prefix of `a` and `b`: both cut to the shorter length, so that
/// their words are as many and one counter and one bound serve both.
#[inline(always)]
pub(super) fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let k = a.len().min(b.len());
    let (Some(a), Some(b)) = (a.get(..k), b.get(..k)) else {
        return 0;
    };
    let (wa, wb) = (a.as_chunks::<8>().0, b.as_chunks::<8>().0);
    for (i, x) in wa.iter().enumerate() {
        let Some(y) = wb.get(i) else {
            break;
        };
        let d = u64::from_le_bytes(*x) ^ u64::from_le_bytes(*y);
        if d != 0 {
            // `i < k / 8`: no wrap.
            return i
                .wrapping_mul(8)
                .wrapping_add((d.trailing_zeros() / 8) as usize);
        }
    }
    let n = wa.len().wrapping_mul(8);
    match (a.get(n..), b.get(n..)) {
        (Some(ta), Some(tb)) => {
            n.wrapping_add(ta.iter().zip(tb).take_while(|(x, y)| x == y).count())
        }
        _ => n,
    }
}

/// Bytes that match between `src[m..]` and `src[p..]` (`m < p`; the match may overlap `p`,
/// as an LZ77 copy does). Stops at the end of `src`.
#[inline(always)]
pub(super) fn count(src: &[u8], m: usize, p: usize) -> usize {
    // Most matches end within their first 8 bytes: compare those directly.
    if let (Some(a), Some(b)) = (read64(src, m), read64(src, p)) {
        let d = a ^ b;
        if d != 0 {
            return (d.trailing_zeros() / 8) as usize;
        }
        return 8 + count_rest(src, m.wrapping_add(8), p.wrapping_add(8));
    }
    count_rest(src, m, p)
}

/// [`count`] for the fast finders, which know their positions' range: local positions
/// are below 2^32 (indices are `u32`), and said so, the 8-byte reads need one comparison
/// each (`i + 8` cannot overflow). Not used by the chain, row and tree searches, whose
/// loops LLVM then allocated worse (btrfs level 9 +3%).
#[inline(always)]
pub(super) fn count32(src: &[u8], m: usize, p: usize) -> usize {
    const U32_MAX: usize = u32::MAX as usize;
    count(src, m & U32_MAX, p & U32_MAX)
}

/// Where two 8-byte little-endian words that differ (`d = a ^ b`) first differ, in bytes,
/// and whether that byte is smaller in `a`: the bytes before it are equal, so as
/// big-endian numbers the words compare as that byte does (a binary tree's order).
#[inline(always)]
pub(super) fn first_diff(a: u64, b: u64, d: u64) -> (u32, bool) {
    (d.trailing_zeros() / 8, a.swap_bytes() < b.swap_bytes())
}

/// [`count32`] and, when the match ends within the first 16 bytes (most do), whether
/// the first differing byte is smaller at `m` than at `p`, read from the words already
/// compared (the binary trees sort by it); `None` when it lies further.
#[inline(always)]
pub(super) fn count_order32(src: &[u8], m: usize, p: usize) -> (usize, Option<bool>) {
    const U32_MAX: usize = u32::MAX as usize;
    let (m, p) = (m & U32_MAX, p & U32_MAX);
    if let (Some(a), Some(b)) = (read64(src, m), read64(src, p)) {
        let d = a ^ b;
        if d != 0 {
            let (n, before) = first_diff(a, b, d);
            return (n as usize, Some(before));
        }
        // Neighbours in a sorted tree often share more than 8 bytes.
        let (m8, p8) = (m.wrapping_add(8), p.wrapping_add(8));
        if let (Some(a), Some(b)) = (read64(src, m8), read64(src, p8)) {
            let d = a ^ b;
            if d != 0 {
                let (n, before) = first_diff(a, b, d);
                return (8 + n as usize, Some(before));
            }
            // 16 bytes at both were read: no wrap.
            let n = count_rest(src, m8.wrapping_add(8), p8.wrapping_add(8));
            return (16usize.wrapping_add(n), None);
        }
        return (8 + count_rest(src, m8, p8), None);
    }
    (count_rest(src, m, p), None)
}

/// [`count`] past its first 8 bytes.
#[inline(never)]
fn count_rest(src: &[u8], m: usize, p: usize) -> usize {
    match (src.get(m..), src.get(p..)) {
        (Some(a), Some(b)) => common_prefix(a, b),
        _ => 0,
    }
}

/// How many bytes before `m` and before `p` (`m < p`) are equal, at most `lim`: a
/// match found at `m`/`p` extended backwards within one segment. Most matches do not
/// extend: the first byte pair settles it.
#[inline(always)]
pub(super) fn count_back(src: &[u8], m: usize, p: usize, lim: usize) -> usize {
    // The first pair alone: most matches stop there. `0 < lim <= m < p`: no wrap.
    if lim == 0 {
        return 0;
    }
    let (Some(a), Some(b)) = (src.get(m.wrapping_sub(1)), src.get(p.wrapping_sub(1))) else {
        return 0;
    };
    if a != b {
        return 0;
    }
    let mut n = 1;
    // `n < lim <= m < p`: the indices below do not wrap.
    while n < lim {
        let k = n.wrapping_add(1);
        match (src.get(m.wrapping_sub(k)), src.get(p.wrapping_sub(k))) {
            (Some(a), Some(b)) if a == b => n = k,
            _ => break,
        }
    }
    n
}

/// Bytes that match between a position `m` of the older segment `ext` and `src[p..]`:
/// once the match reaches the end of `ext` it continues at the start of `src`, which
/// directly follows `ext` in the index space.
#[inline(never)]
pub(super) fn count_2seg(ext: &[u8], m: usize, src: &[u8], p: usize) -> usize {
    // Most matches end within their first 8 bytes: a leaf without the loop's setup.
    // Positions are below 2^32 (`m` from a `u32` index, `p` local to a view of at most
    // `u32::MAX` bytes): masked so, each read takes one comparison (see [`count32`]).
    const U32_MAX: usize = u32::MAX as usize;
    let (m, p) = (m & U32_MAX, p & U32_MAX);
    if let (Some(a), Some(b)) = (read64(ext, m), read64(src, p)) {
        let d = a ^ b;
        if d != 0 {
            return (d.trailing_zeros() / 8) as usize;
        }
        // 8 bytes at both were read: no wrap.
        return 8usize.wrapping_add(count_2seg_rest(
            ext,
            m.wrapping_add(8),
            src,
            p.wrapping_add(8),
        ));
    }
    count_2seg_rest(ext, m, src, p)
}

/// [`count_2seg`] past its first 8 bytes (or all of it near the end of `ext` or `src`).
#[inline(never)]
fn count_2seg_rest(ext: &[u8], m: usize, src: &[u8], p: usize) -> usize {
    let (Some(a), Some(b)) = (ext.get(m..), src.get(p..)) else {
        return 0;
    };
    let n = common_prefix(a, b);
    if n < a.len() {
        return n;
    }
    n + count(src, 0, p.wrapping_add(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_within_and_across_segments() {
        let s = b"abcdefgh-abcdefgh-abcdefgXY";
        assert_eq!(count(s, 0, 9), 16);
        assert_eq!(count(s, 0, 18), 7);
        assert_eq!(common_prefix(b"", b"abc"), 0);
        // ext "..xyab" followed by src "cdQ xyabcdQ": match at ext[2] runs into src.
        let ext = b"..xyab";
        let src = b"cdQ-xyabcdQ";
        assert_eq!(count_2seg(ext, 2, src, 4), 7);
        assert_eq!(count_2seg(ext, 9, src, 4), 0);
        assert_eq!(
            read64(b"12345678", 0),
            Some(u64::from_le_bytes(*b"12345678"))
        );
        assert_eq!(read64(src, 4), None);
        assert_eq!(read32(src, 8), None);
    }
}
