// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Kernel crate root for the xxhash half of `zstd-ffi`.
//!
//! While the kernel still builds the C lib/zstd, the whole `zstd-ffi` crate cannot be linked
//! (its `zstd_*` symbols would clash with lib/zstd's). This root compiles the crate's own
//! `src/xxhash.rs` (the ten `extern "C"` xxh* functions over rust/xxhash) and the
//! `src/raw.rs` pointer helpers it uses through `crate::raw`, unchanged, as the kernel crate
//! `xxhash_ffi` (rules in rust/Makefile.rzstd). When lib/zstd is replaced too,
//! the kernel builds `src/lib.rs` itself instead of this file.
#![no_std]

// Only the source-slice helper is used by the xxhash half.
#[allow(dead_code, unreachable_pub)]
#[path = "src/raw.rs"]
mod raw;
/// `<linux/xxhash.h>`: xxh32/xxh64 one-shot and streaming, exported to C.
#[path = "src/xxhash.rs"]
pub mod xxhash;
