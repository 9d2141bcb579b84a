#![no_main]
// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Arbitrary bytes through the single-shot and streaming decoders.

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    common::check(data, None);
});
