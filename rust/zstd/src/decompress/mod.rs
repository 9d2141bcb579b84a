// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! zstd decompression (RFC 8878 §3): single-shot contexts and streaming.

pub mod block;
pub mod dctx;
pub mod ddict;
pub mod dstream;
pub mod entropy;
pub mod execute;
pub mod frame_decoder;
pub mod hot;
pub mod literals;
pub mod sequences;

pub use dctx::{dctx_workspace_bound, DCtx};
pub use ddict::DDict;
pub use dstream::{dstream_workspace_bound, DStream};
pub use hot::{Dispatch, Hot, GENERIC};
