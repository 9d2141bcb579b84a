// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The Linux 6.12 C ABI of `<linux/zstd.h>` and `<linux/xxhash.h>`, implemented by the
//! safe Rust crates `zstd-kernel` and `xxhash`.
//!
//! This crate is the project's only `unsafe` code: each exported function turns the raw
//! pointers it receives into slices and references once, at the edge, and then calls the
//! safe codec. Every `unsafe` block states why it is sound in a safety comment; the
//! conditions it relies on are the documented preconditions of the C API (valid buffers of
//! the given sizes, contexts that came from the matching init function, workspaces that
//! outlive their contexts).
//!
//! The crate is `no_std` (core only) so the kernel can build the same source. The
//! default `std` feature links `std` for the userspace static library (`make capi`), which
//! provides the panic handler; a panic never unwinds into C because `extern "C"` functions
//! abort instead.
#![no_std]
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals)]

#[cfg(feature = "std")]
extern crate std;

pub mod compress;
pub mod cpu;
pub mod cstream;
pub mod decompress;
pub mod errors;
pub mod frame;
pub mod handle;
pub mod params;
pub mod raw;
pub mod types;
pub mod xxhash;
