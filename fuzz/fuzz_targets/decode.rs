#![no_main]
//! Arbitrary bytes through the single-shot and streaming decoders.

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    common::check(data, None);
});
