// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Differential tests against C libzstd 1.5.7 (the `zstd` crate): frames C makes at
//! every level, with and without checksum and content size, streamed (unknown size),
//! with dictionaries and window logs 10..27, decode to the original with both our
//! single-shot and streaming decoders.

mod rng;
use rng::Xorshift;
mod common;
use common::*;
use proptest::prelude::*;
use std::io::Write;
use zstd::stream::raw::CParameter;

/// Deterministic mixed content: text-like runs, repeats and noise.
fn sample(len: usize, seed: u64) -> Vec<u8> {
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut next = move || rng.next();
    let words: [&[u8]; 8] = [
        b"the ",
        b"zstd ",
        b"kernel ",
        b"frame ",
        b"block ",
        b"literal ",
        b"match\n",
        b"offset ",
    ];
    let mut v = Vec::with_capacity(len);
    while v.len() < len {
        let r = next();
        match r % 4 {
            0 => v.extend_from_slice(words[(r >> 8) as usize % 8]),
            1 if v.len() > 64 => {
                let back = 1 + (r >> 8) as usize % v.len().min(1 << 16);
                let n = 3 + (r >> 32) as usize % 40;
                let start = v.len() - back;
                for i in 0..n {
                    let b = v[start + i % back];
                    v.push(b);
                }
            }
            2 => v.extend((0..(r >> 60) as usize).map(|_| next() as u8)),
            _ => v.push((r >> 16) as u8),
        }
    }
    v.truncate(len);
    v
}

fn compress(data: &[u8], level: i32, params: &[CParameter]) -> Vec<u8> {
    let mut c = zstd::bulk::Compressor::new(level).unwrap();
    for &p in params {
        c.set_parameter(p).unwrap();
    }
    c.compress(data).unwrap()
}

fn check(z: &[u8], data: &[u8], dict: Option<&[u8]>, what: &str) {
    let got = decode(z, dict, data.len()).unwrap_or_else(|e| panic!("{what}: {e:?}"));
    assert!(got == data, "{what}: single-shot output differs");
    let s = decode_stream(z, dict, 8 << 20, 4093, 1 << 13)
        .unwrap_or_else(|e| panic!("{what} streaming: {e:?}"));
    assert!(s == data, "{what}: streaming output differs");
}

#[test]
fn every_level_with_and_without_checksum_and_size() {
    let data = sample(300_000, 1);
    for level in [-7, -1].into_iter().chain(1..=22) {
        for (checksum, size) in [(true, true), (false, false)] {
            let z = compress(
                &data,
                level,
                &[
                    CParameter::ChecksumFlag(checksum),
                    CParameter::ContentSizeFlag(size),
                ],
            );
            check(
                &z,
                &data,
                None,
                &format!("level {level} ck {checksum} size {size}"),
            );
        }
    }
}

#[test]
fn streamed_frames_of_unknown_size() {
    let data = sample(700_000, 2);
    for level in [1, 3, 9, 19] {
        let mut e = zstd::stream::Encoder::new(Vec::new(), level).unwrap();
        e.include_checksum(true).unwrap();
        for piece in data.chunks(50_000) {
            e.write_all(piece).unwrap();
            e.flush().unwrap();
        }
        let z = e.finish().unwrap();
        check(&z, &data, None, &format!("streamed level {level}"));
    }
}

#[test]
fn window_logs_10_to_27() {
    for wl in 10..=27u32 {
        let w = 1usize << wl;
        let len = (3 * w + 12_345).min(3 << 20);
        let data = sample(len, u64::from(wl));
        let z = compress(
            &data,
            if wl % 2 == 0 { 3 } else { 12 },
            &[CParameter::WindowLog(wl), CParameter::ChecksumFlag(true)],
        );
        check(&z, &data, None, &format!("window log {wl}"));
        // A stream whose workspace admits exactly the frame's window: the ring must wrap.
        let zstd_kernel::FrameHeaderProgress::Complete(h) =
            zstd_kernel::get_frame_header(&z).unwrap()
        else {
            panic!("header")
        };
        let fw = h.window_size as usize;
        assert!(fw <= w);
        let s = decode_stream(&z, None, fw, 777, 1000).unwrap();
        assert!(s == data, "window log {wl}: tight streaming");
        assert_eq!(
            decode_stream(&z, None, fw / 2, 1 << 16, 1000),
            Err(zstd_kernel::Error::frameParameter_windowTooLarge)
        );
    }
}

#[test]
fn dictionaries_trained_raw_and_golden() {
    let samples: Vec<Vec<u8>> = (0..200).map(|i| sample(1500, 100 + i)).collect();
    let dict = zstd::dict::from_samples(&samples, 16 << 10).unwrap();
    let raw: Vec<u8> = sample(20_000, 77);
    let golden = std::fs::read(
        shared().join("testdata/golden/golden-dictionaries/http-dict-missing-symbols"),
    )
    .unwrap();
    let http = std::fs::read(shared().join("testdata/golden/golden-compression/http")).unwrap();
    for (name, d) in [("trained", &dict), ("raw", &raw), ("golden", &golden)] {
        for (i, level) in [1, 3, 7, 19].into_iter().enumerate() {
            let data = if name == "golden" {
                http.clone()
            } else {
                sample(3000 + i * 40_000, 300 + i as u64)
            };
            let mut c = zstd::bulk::Compressor::with_dictionary(level, d).unwrap();
            c.set_parameter(CParameter::ChecksumFlag(true)).unwrap();
            let z = c.compress(&data).unwrap();
            check(&z, &data, Some(d), &format!("{name} dict level {level}"));
        }
    }
    // A frame naming a dictionary decodes only with that dictionary.
    let mut c = zstd::bulk::Compressor::with_dictionary(3, &dict).unwrap();
    let z = c.compress(&sample(5000, 9)).unwrap();
    assert_eq!(
        decode(&z, None, 5000),
        Err(zstd_kernel::Error::dictionary_wrong)
    );
    let mut other = dict.clone();
    other[4] ^= 1; // another Dictionary_ID
    assert_eq!(
        decode(&z, Some(&other), 5000),
        Err(zstd_kernel::Error::dictionary_wrong)
    );
}

#[test]
fn concatenated_and_skippable_frames() {
    let a = sample(10_000, 5);
    let b = sample(200_000, 6);
    let mut z = compress(&a, 3, &[]);
    for magic in 0x184D_2A50u32..=0x184D_2A5F {
        z.extend_from_slice(&magic.to_le_bytes());
        z.extend_from_slice(&3u32.to_le_bytes());
        z.extend_from_slice(b"abc");
    }
    z.extend(compress(&b, 5, &[CParameter::ChecksumFlag(true)]));
    z.extend(compress(&[], 1, &[]));
    let mut want = a.clone();
    want.extend_from_slice(&b);
    let got = decode(&z, None, want.len()).unwrap();
    assert!(got == want);
    // Output one byte short.
    assert_eq!(
        decode(&z, None, want.len() - 1),
        Err(zstd_kernel::Error::dstSize_tooSmall)
    );
    for chunk in [1, 17, 5000] {
        let s = decode_stream(&z, None, 1 << 20, chunk, chunk).unwrap();
        assert!(s == want);
    }
    // Trailing garbage is an error.
    let mut bad = z.clone();
    bad.push(0);
    assert!(decode(&bad, None, want.len()).is_err());
}

fn kind_data(kind: u8, len: usize, seed: u64) -> Vec<u8> {
    match kind {
        0 => {
            let mut rng = Xorshift(seed | 1);
            (0..len).map(|_| rng.next() as u8).collect()
        }
        1 => (0..len).map(|i| [7u8, 7, 7, 9][(i / 100) % 4]).collect(),
        _ => sample(len, seed),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_inputs(
        kind in 0u8..3,
        len in prop_oneof![0usize..2000, 131_071usize..131_074, 0usize..(2 << 20)],
        seed in any::<u64>(),
        level in prop_oneof![Just(-5), 1i32..10, Just(19)],
        in_chunk in 1usize..70_000,
        out_chunk in 1usize..70_000,
    ) {
        let data = kind_data(kind, len, seed);
        let z = compress(&data, level, &[CParameter::ChecksumFlag(seed & 1 == 0)]);
        let got = decode(&z, None, data.len()).unwrap();
        prop_assert!(got == data);
        let s = decode_stream(&z, None, 8 << 20, in_chunk, out_chunk).unwrap();
        prop_assert!(s == data);
    }
}

#[test]
fn tight_ring_with_offsets_near_the_window() {
    // Periodic data whose period is just under the window: every match reaches almost
    // a full window back, right where the ring's older segment is about to be reused.
    // A workspace for larger windows (8 MiB) wraps within the frame's own window too.
    for wl in [10u32, 11, 12, 17] {
        let w = 1usize << wl;
        for period in [w - 1, w - 3, w - 17, w - 40, w / 2 + 7] {
            let unit = sample(period, period as u64);
            let data: Vec<u8> = unit.iter().cycle().take(w * 9 + 123).copied().collect();
            let z = compress(
                &data,
                1,
                &[
                    CParameter::WindowLog(wl),
                    CParameter::ContentSizeFlag(false),
                ],
            );
            for (ic, oc) in [(1 << 16, 1 << 16), (333, 77), (7, 5000)] {
                let s = decode_stream(&z, None, w, ic, oc).unwrap();
                assert!(s == data, "window {w} period {period} chunks {ic}/{oc}");
            }
            let s = decode_stream(&z, None, 8 << 20, 333, 77).unwrap();
            assert!(s == data, "window {w} period {period}, 8 MiB workspace");
        }
    }
}

#[test]
fn tight_ring_with_uneven_blocks() {
    // Flushing every few bytes makes blocks of uneven size, so the ring wraps at every
    // possible distance past the window.
    for wl in [10u32, 11] {
        let w = 1usize << wl;
        for (period, flush) in [(w - 1, 37usize), (w - 5, 100), (w - 29, 513), (w / 3, 61)] {
            let unit = sample(period, (period * flush) as u64);
            let data: Vec<u8> = unit.iter().cycle().take(w * 12 + 77).copied().collect();
            let mut e = zstd::stream::Encoder::new(Vec::new(), 1).unwrap();
            e.set_parameter(CParameter::WindowLog(wl)).unwrap();
            for piece in data.chunks(flush) {
                e.write_all(piece).unwrap();
                e.flush().unwrap();
            }
            let z = e.finish().unwrap();
            for (ic, oc) in [(1 << 16, 1 << 16), (13, 29)] {
                let s = decode_stream(&z, None, w, ic, oc).unwrap();
                assert!(s == data, "window {w} period {period} flush {flush}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]
    /// Streamed frames with small windows, uneven blocks (random flush points), tight
    /// stream workspaces and random chunking: the ring wraps in every way.
    #[test]
    fn small_windows_uneven_blocks(
        wl in 10u32..15,
        kind in 0u8..3,
        len in 0usize..200_000,
        seed in any::<u64>(),
        flush in 1usize..5000,
        level in prop_oneof![Just(-3), 1i32..8, Just(15)],
        in_chunk in 1usize..5000,
        out_chunk in 1usize..5000,
    ) {
        let data = kind_data(kind, len, seed);
        let mut e = zstd::stream::Encoder::new(Vec::new(), level).unwrap();
        e.set_parameter(CParameter::WindowLog(wl)).unwrap();
        e.include_checksum(seed & 1 == 0).unwrap();
        for piece in data.chunks(flush) {
            e.write_all(piece).unwrap();
            e.flush().unwrap();
        }
        let z = e.finish().unwrap();
        let s = decode_stream(&z, None, 1 << wl, in_chunk, out_chunk).unwrap();
        prop_assert!(s == data);
        let got = decode(&z, None, data.len()).unwrap();
        prop_assert!(got == data);
    }
}

#[test]
fn direct_path_needs_no_window() {
    // A stream whose workspace holds only a 1 KiB window still decodes a frame with a
    // large window when the whole frame is in the input and the output can hold it.
    let data = sample(600_000, 42);
    let z = compress(&data, 3, &[CParameter::ChecksumFlag(true)]);
    let mut ws = vec![0u8; zstd_kernel::dstream_workspace_bound(1 << 10)];
    let mut ds = zstd_kernel::DStream::new(&mut ws).unwrap();
    let mut out = vec![0u8; data.len()];
    let (mut ip, mut op) = (0, 0);
    assert_eq!(ds.decompress_stream(&mut out, &mut op, &z, &mut ip), Ok(0));
    assert_eq!((ip, op), (z.len(), data.len()));
    assert!(out == data);
    // Fed in pieces, the same frame needs the window and is refused.
    ds.reset();
    let (mut ip, mut op) = (0, 0);
    assert_eq!(
        ds.decompress_stream(&mut out, &mut op, &z[..100], &mut ip),
        Err(zstd_kernel::Error::frameParameter_windowTooLarge)
    );
}

#[test]
fn literal_sections_larger_than_the_context_buffer() {
    // Blocks of ~120 KiB of Huffman-coded literals (6-bit random symbols) with a few
    // matches: the context's 64 KiB literal buffer is too small, so literals go past the
    // block in the destination, or, in an exact-size destination, at its tail.
    let mut rng = Xorshift(99);
    let mut data = Vec::new();
    while data.len() < 700_000 {
        let s = rng.next();
        if s.is_multiple_of(5000) && data.len() > 1000 {
            let start = data.len() - 1000;
            data.extend_from_within(start..start + 40);
        } else {
            data.push((s >> 20) as u8 & 63);
        }
    }
    for level in [1, 3, 9] {
        let z = compress(&data, level, &[CParameter::ChecksumFlag(true)]);
        for cap in [data.len(), data.len() + 100, data.len() + 300_000] {
            let got = decode(&z, None, cap).unwrap();
            assert!(got == data, "level {level} capacity {cap}");
        }
        assert_eq!(
            decode(&z, None, data.len() - 1),
            Err(zstd_kernel::Error::dstSize_tooSmall)
        );
        // Without a content size the shortage shows only while executing sequences.
        let z = compress(&data, level, &[CParameter::ContentSizeFlag(false)]);
        assert!(decode(&z, None, data.len()).unwrap() == data);
        for short in [1, 17, 5000] {
            assert_eq!(
                decode(&z, None, data.len() - short),
                Err(zstd_kernel::Error::dstSize_tooSmall)
            );
        }
    }
}
