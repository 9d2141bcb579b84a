#![no_main]
// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Arbitrary bytes decoded with a dictionary: the decodecorpus `dict-a` dictionary
//! (zstd format), or, when the first byte is odd, a raw-content or fuzzed dictionary
//! taken from the input's head.

use libfuzzer_sys::fuzz_target;
use zstd_kernel::DDict;

#[path = "common.rs"]
mod common;

static DICT: &[u8] = include_bytes!("../../../shared/testdata/decodecorpus/dict-a/dictionary");

fuzz_target!(|data: &[u8]| {
    let mut ws = vec![0u8; DDict::workspace_bound(DICT.len())];
    if data.first().is_some_and(|b| b & 1 == 1) && data.len() > 3 {
        let n = usize::from(data[1]) * 4 % (data.len() - 2);
        let (dict, frame) = data[2..].split_at(n);
        if let Ok(d) = DDict::new(dict, &mut ws) {
            common::check(frame, Some(&d));
        }
    } else {
        let d = DDict::new(DICT, &mut ws).unwrap();
        common::check(data, Some(&d));
    }
});
