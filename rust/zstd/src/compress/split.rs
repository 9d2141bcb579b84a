// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Cutting a full 128 KiB block where the data changes character (code to tables, text
//! to binary), so each block gets entropy tables that fit it. The statistics of 8 KiB
//! chunks are compared with those of the block so far; the block ends before the first
//! chunk that differs too much.

/// Chunk granularity of the cut.
pub(crate) const CHUNK: usize = 8 << 10;
/// Buckets of the byte-pair fingerprint.
const BUCKETS: usize = 64;

/// Fingerprint of one chunk: its non-overlapping byte pairs hashed into buckets, into
/// four interleaved histograms (independent increments run in parallel). `DENSE`: every
/// pair; else every other one (half the work, the same cuts within 0.05% of the output
/// below the optimal parser's levels).
fn fingerprint<const DENSE: bool>(src: &[u8], h: &mut [[u16; BUCKETS]; 4]) -> u32 {
    #[inline(always)]
    fn bucket(pair: u64) -> usize {
        (((pair & 0xFFFF) as u32).wrapping_mul(0x9E37_79B1) >> 26) as usize & (BUCKETS - 1)
    }
    let mut n = 0;
    let [a, b, c, d] = h;
    // Counts the pairs at bits 0 and 32 of `x` and 16 and 48 of `y`, one a histogram.
    // At most CHUNK / 8 increments per bucket: no wrap.
    let mut add = |x: u64, y: u64| {
        a[bucket(x)] = a[bucket(x)].wrapping_add(1);
        b[bucket(x >> 32)] = b[bucket(x >> 32)].wrapping_add(1);
        c[bucket(y >> 16)] = c[bucket(y >> 16)].wrapping_add(1);
        d[bucket(y >> 48)] = d[bucket(y >> 48)].wrapping_add(1);
        n += 4;
    };
    for q in src.chunks_exact(16) {
        let v = u64::from_le_bytes([q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]]);
        let w = u64::from_le_bytes([q[8], q[9], q[10], q[11], q[12], q[13], q[14], q[15]]);
        add(v, w);
        if DENSE {
            // The other four pairs: bits 16 and 48 of `v`, 0 and 32 of `w`.
            add(v >> 16, w << 16);
        }
    }
    n
}

/// A chunk starts a new block when the L1 distance between its pair distribution and
/// the block's so far exceeds this (in percent; the distance ranges over 0..=200).
/// Tuned on the corpus: 50 saves 2-3% on binaries and memory, costs nothing on text.
const THRESHOLD_PCT: u64 = 50;

/// Size of the next block: `src.len()` (at most one block), or a multiple of 8 KiB
/// where the content changes. Only the first `sample` bytes of each chunk are looked
/// at (half a chunk halves the cost; on the corpus it loses 0.2% on text, gains on
/// binaries, so the encoder samples whole chunks). Its own frame keeps its histograms
/// off the block loop's stack.
#[inline(never)]
pub(crate) fn next_block_size<const DENSE: bool>(src: &[u8], sample: usize) -> usize {
    let sample = sample.clamp(64, CHUNK);
    if src.len() < 4 * CHUNK {
        return src.len();
    }
    let sum = |h: &[[u16; BUCKETS]; 4], i: usize| h.iter().map(|t| u32::from(t[i])).sum::<u32>();
    let mut h = [[0u16; BUCKETS]; 4];
    let mut ns = fingerprint::<DENSE>(&src[..sample], &mut h);
    let mut seg = [0u32; BUCKETS];
    for (i, s) in seg.iter_mut().enumerate() {
        *s = sum(&h, i);
    }
    let mut at = CHUNK;
    while at + CHUNK <= src.len() {
        let mut h = [[0u16; BUCKETS]; 4];
        let nc = fingerprint::<DENSE>(&src[at..at + sample], &mut h);
        if ns == 0 || nc == 0 {
            return src.len();
        }
        let chunk = |i: usize| sum(&h, i);
        // L1 distance of the two distributions, scaled by ns * nc (0 ..= 2 * ns * nc).
        let dist: u64 = (0..BUCKETS)
            .map(|i| {
                (u64::from(seg[i]) * u64::from(nc)).abs_diff(u64::from(chunk(i)) * u64::from(ns))
            })
            .sum();
        if dist * 100 > THRESHOLD_PCT * u64::from(ns) * u64::from(nc) {
            return at;
        }
        for (i, sv) in seg.iter_mut().enumerate() {
            *sv += chunk(i);
        }
        ns += nc;
        at += CHUNK;
    }
    src.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_where_the_content_changes() {
        // 40 KiB of one alphabet, then 88 KiB of another (a test thread's stack is large).
        let mut v = [0u8; 128 << 10];
        for (i, b) in v.iter_mut().enumerate() {
            *b = if i < 40 << 10 {
                b'a' + (i * 7 % 13) as u8
            } else {
                0x80 + (i * 11 % 50) as u8
            };
        }
        assert_eq!(next_block_size::<true>(&v, CHUNK), 40 << 10);
        assert_eq!(next_block_size::<false>(&v, CHUNK), 40 << 10);
        let same = [b'x'; 128 << 10];
        assert_eq!(next_block_size::<true>(&same, CHUNK / 2), 128 << 10);
        assert_eq!(next_block_size::<true>(&same[..1000], CHUNK), 1000);
    }
}
