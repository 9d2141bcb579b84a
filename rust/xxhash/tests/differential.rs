// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Differential property tests against the independent `xxhash-rust` implementation.

use proptest::prelude::*;
use xxhash::{xxh32, xxh64, Xxh32State, Xxh64State};

fn input_and_splits() -> impl Strategy<Value = (Vec<u8>, Vec<usize>)> {
    (0usize..=65536).prop_flat_map(|len| {
        (
            proptest::collection::vec(any::<u8>(), len),
            proptest::collection::vec(0..=len, 0..8),
        )
    })
}

fn pieces<'a>(data: &'a [u8], splits: &[usize]) -> Vec<&'a [u8]> {
    let mut cuts: Vec<usize> = splits.to_vec();
    cuts.sort_unstable();
    let mut out = Vec::new();
    let mut at = 0;
    for c in cuts {
        out.push(&data[at..c]);
        at = c;
    }
    out.push(&data[at..]);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn xxh32_agrees((data, splits) in input_and_splits(), seed in any::<u32>()) {
        let want = xxhash_rust::xxh32::xxh32(&data, seed);
        prop_assert_eq!(xxh32(&data, seed), want);
        let mut s = Xxh32State::new(seed);
        for p in pieces(&data, &splits) {
            s.update(p);
        }
        prop_assert_eq!(s.digest(), want);
    }

    #[test]
    fn xxh64_agrees((data, splits) in input_and_splits(), seed in any::<u64>()) {
        let want = xxhash_rust::xxh64::xxh64(&data, seed);
        prop_assert_eq!(xxh64(&data, seed), want);
        let mut s = Xxh64State::new(seed);
        for p in pieces(&data, &splits) {
            s.update(p);
        }
        prop_assert_eq!(s.digest(), want);
    }

    #[test]
    fn small_inputs_every_split(data in proptest::collection::vec(any::<u8>(), 0..80), seed in any::<u64>()) {
        for cut in 0..=data.len() {
            let mut s = Xxh64State::new(seed);
            s.update(&data[..cut]);
            let mid = s.digest();
            prop_assert_eq!(mid, xxhash_rust::xxh64::xxh64(&data[..cut], seed));
            s.update(&data[cut..]);
            prop_assert_eq!(s.digest(), xxhash_rust::xxh64::xxh64(&data, seed));
            let mut t = Xxh32State::new(seed as u32);
            t.update(&data[..cut]);
            t.update(&data[cut..]);
            prop_assert_eq!(t.digest(), xxhash_rust::xxh32::xxh32(&data, seed as u32));
        }
    }
}
