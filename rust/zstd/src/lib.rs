// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! zstd (RFC 8878) for the Linux kernel, in safe `no_std` Rust.
//!
//! Every context lives in a workspace the caller allocates and sizes with a
//! `*_workspace_bound()` function, as with the kernel's `<linux/zstd.h>`; nothing here
//! allocates. Fallible operations return [`Error`], whose values are zstd's error codes.
#![no_std]
#![forbid(unsafe_code)]

mod bits;
pub mod compress;
pub mod decompress;
mod dict;
pub mod error;
pub mod frame;
mod fse;
mod huf;
pub mod params;
pub mod prefetch;
mod tables;
#[cfg(test)]
mod test_rng;
#[doc(hidden)]
pub mod workspace;

pub use compress::{
    cctx_workspace_bound, compress_bound, cstream_workspace_bound, CCtx, CDict, CStream,
};
pub use decompress::{dctx_workspace_bound, dstream_workspace_bound, DCtx, DDict, DStream};
pub use error::{Error, ErrorCode};
pub use frame::header::{CONTENTSIZE_ERROR, CONTENTSIZE_UNKNOWN};
pub use frame::{
    find_frame_compressed_size, get_frame_header, FrameHeader, FrameHeaderProgress, FrameType,
};
pub use prefetch::{NoPrefetch, Prefetch};
