// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Hostile input: every truncation of valid frames and 10,000 seeded bit flips must
//! give an error or the right output, never a panic; workspace bounds vs C's.

mod rng;
use rng::Xorshift;
mod common;
use common::*;
use zstd::stream::raw::CParameter;
use zstd_kernel::{dctx_workspace_bound, dstream_workspace_bound, DCtx, DStream, Error};

fn text(len: usize, seed: u32) -> Vec<u8> {
    let mut s = seed | 1;
    let mut v = Vec::with_capacity(len);
    while v.len() < len {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        let w: &[u8] = match s % 6 {
            0 => b"alpha ",
            1 => b"beta\n",
            2 => b"gamma delta ",
            3 => b"0123456789",
            4 => &[(s >> 8) as u8, (s >> 16) as u8],
            _ => b"zstd ",
        };
        v.extend_from_slice(w);
    }
    v.truncate(len);
    v
}

/// A frame, its content, and whether it needs the dictionary.
type Case = (Vec<u8>, Vec<u8>, bool);

/// Frames made by C, all with checksums, and the dictionary some use.
fn frames() -> (Vec<Case>, Vec<u8>) {
    let samples: Vec<Vec<u8>> = (0..100).map(|i| text(1000, 50 + i)).collect();
    let dict = zstd::dict::from_samples(&samples, 8 << 10).unwrap();
    let mut out = Vec::new();
    for (i, level) in [1, 3, 12, 19, -3].into_iter().enumerate() {
        let data = text(2_000 + 9_000 * i, i as u32 + 1);
        let mut c = zstd::bulk::Compressor::new(level).unwrap();
        c.set_parameter(CParameter::ChecksumFlag(true)).unwrap();
        out.push((c.compress(&data).unwrap(), data, false));
    }
    let data = text(6_000, 99);
    let mut c = zstd::bulk::Compressor::with_dictionary(5, &dict).unwrap();
    c.set_parameter(CParameter::ChecksumFlag(true)).unwrap();
    out.push((c.compress(&data).unwrap(), data, true));
    (out, dict)
}

#[test]
fn every_truncation_is_rejected() {
    let (frames, dict) = frames();
    for (z, data, uses_dict) in &frames {
        let d = uses_dict.then_some(&dict[..]);
        // Empty input holds no frame: 0 bytes, as C's ZSTD_decompressDCtx returns.
        assert_eq!(decode(&[], d, 10).unwrap().len(), 0);
        assert_eq!(zstd::bulk::decompress(&[], 10).unwrap().len(), 0);
        for k in 1..z.len() {
            assert!(
                decode(&z[..k], d, data.len()).is_err(),
                "prefix {k} accepted"
            );
            if k % 7 == 0 {
                assert!(decode_stream(&z[..k], d, 1 << 20, 1 + k % 5, 100).is_err());
            }
        }
        assert!(decode(z, d, data.len()).unwrap() == *data);
    }
}

#[test]
fn ten_thousand_bit_flips() {
    let (frames, dict) = frames();
    let mut rng = Xorshift(0x2545_F491_4F6C_DD1D);
    let mut rejected = 0;
    for i in 0..10_000 {
        let s = rng.next();
        let (z, data, uses_dict) = &frames[i % frames.len()];
        let d = uses_dict.then_some(&dict[..]);
        let mut bad = z.clone();
        let bit = (s >> 8) as usize % (bad.len() * 8);
        bad[bit / 8] ^= 1 << (bit % 8);
        // Output room varies too: exact, short, generous.
        let cap = match i % 3 {
            0 => data.len(),
            1 => data.len() / 2,
            _ => data.len() * 2 + 1000,
        };
        match decode(&bad, d, cap) {
            Ok(out) => assert!(out == *data, "flip {bit}: wrong output accepted"),
            Err(_) => rejected += 1,
        }
        if i % 10 == 0 {
            if let Ok(out) = decode_stream(&bad, d, 1 << 20, 1 + i % 300, 1 + i % 200) {
                assert!(out == *data, "flip {bit}: wrong streamed output accepted");
            }
        }
    }
    assert!(rejected > 5_000, "only {rejected} flips rejected");
}

#[test]
fn random_garbage_after_valid_header() {
    let mut s: u32 = 7;
    for len in 0..3000usize {
        let mut v = vec![0x28, 0xB5, 0x2F, 0xFD, (len % 256) as u8, 0x40];
        for _ in 0..len % 200 {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            v.push(s as u8);
        }
        let _ = decode(&v, None, 1 << 16);
        let _ = decode_stream(&v, None, 1 << 20, 1 + len % 7, 1 + len % 11);
    }
}

/// C 6.12 (zstd 1.5.6) `zstd_dstream_workspace_bound`: DCtx + one input block + the
/// window buffer (window + 2 blocks + 64).
fn c_dstream_bound(w: usize) -> usize {
    let block = w.min(128 << 10);
    95_944 + block + w + 2 * block + 64
}

#[test]
fn workspaces_are_no_larger_than_c() {
    assert!(
        dctx_workspace_bound() <= 95_944,
        "{}",
        dctx_workspace_bound()
    );
    for log in 10..=31 {
        let w = 1usize << log;
        assert!(
            dstream_workspace_bound(w) <= c_dstream_bound(w),
            "window {w}"
        );
    }
    assert_eq!(c_dstream_bound(128 << 10), 620_296);
    let mut small = vec![0u8; dctx_workspace_bound() - 1];
    assert!(matches!(
        DCtx::new(&mut small),
        Err(Error::memory_allocation)
    ));
    let mut tiny = vec![0u8; 100];
    assert!(DStream::new(&mut tiny).is_err());
}

#[test]
fn stale_workspace_bytes_never_reach_the_output() {
    // A workspace full of a marker byte; literals and matches must not copy it out,
    // even beyond the returned size.
    let data = text(300_000, 3);
    let z = zstd::bulk::compress(&data, 3).unwrap();
    let mut ws = vec![0xA5u8; dctx_workspace_bound()];
    let mut dctx = DCtx::new(&mut ws).unwrap();
    let mut dst = vec![0u8; data.len() + 4096];
    let n = dctx.decompress(&mut dst, &z).unwrap();
    assert!(dst[..n] == data[..]);
    assert!(dst[n..].iter().all(|&b| b != 0xA5));
}

/// `z` (one frame, one compressed block, raw literals, predefined sequence tables, no
/// checksum) with `pad` zero bytes put before its sequence bitstream, which is read
/// backward: bits nothing decodes, at the stream's start.
fn pad_sequence_stream(z: &[u8], pad: usize) -> Vec<u8> {
    let fhd = z[4];
    assert_eq!(fhd & 4, 0, "no checksum");
    let single = fhd & 0x20 != 0;
    let fcs = match fhd >> 6 {
        0 => usize::from(single),
        1 => 2,
        2 => 4,
        _ => 8,
    };
    let did = [0, 1, 2, 4][usize::from(fhd & 3)];
    let block = 5 + usize::from(!single) + did + fcs;
    let bh = u32::from_le_bytes([z[block], z[block + 1], z[block + 2], 0]);
    assert_eq!(bh & 7, 0b101, "one last compressed block");
    let size = (bh >> 3) as usize;
    assert_eq!(block + 3 + size, z.len());
    let lit = block + 3;
    assert_eq!(z[lit] & 3, 0, "raw literals");
    let (lit_header, lit_size) = match (z[lit] >> 2) & 3 {
        0 | 2 => (1, usize::from(z[lit] >> 3)),
        1 => (2, usize::from(z[lit] >> 4) + (usize::from(z[lit + 1]) << 4)),
        _ => (
            3,
            usize::from(z[lit] >> 4)
                + (usize::from(z[lit + 1]) << 4)
                + (usize::from(z[lit + 2]) << 12),
        ),
    };
    let seq = lit + lit_header + lit_size;
    assert!(z[seq] > 1 && z[seq] < 128, "a few sequences");
    assert_eq!(z[seq + 1], 0, "predefined tables");
    let stream = seq + 2;
    let mut out = z[..stream].to_vec();
    out.resize(stream + pad, 0);
    out.extend_from_slice(&z[stream..]);
    let bh = 0b101 | (((size + pad) as u32) << 3);
    out[block..block + 3].copy_from_slice(&bh.to_le_bytes()[..3]);
    out
}

/// Bits left over before a block's sequences are corruption (RFC 8878 §3.1.1.3.2.2:
/// the stream must be consumed exactly), also when so many are left that the last
/// sequence is decoded far from the stream's start, as C decides.
#[test]
fn bits_left_before_the_sequences_are_rejected() {
    let data = b"zstd sequences: abcdefgh abcdefgh 0123456789 0123456789 abcdefgh zstd".repeat(2);
    let z = zstd::bulk::compress(&data, 1).unwrap();
    assert_eq!(
        decode(&pad_sequence_stream(&z, 0), None, 1000).unwrap(),
        data
    );
    for pad in [1, 7, 8, 23, 24, 40, 100] {
        let bad = pad_sequence_stream(&z, pad);
        assert!(
            zstd::bulk::decompress(&bad, 1000).is_err(),
            "C accepts pad {pad}"
        );
        assert_eq!(
            decode(&bad, None, 1000).unwrap_err(),
            Error::corruption_detected,
            "pad {pad}"
        );
    }
}
