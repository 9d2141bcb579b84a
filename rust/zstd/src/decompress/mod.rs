// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! zstd decompression (RFC 8878 §3): single-shot contexts and streaming.

pub(crate) mod block;
pub(crate) mod dctx;
pub(crate) mod ddict;
pub(crate) mod dstream;
pub(crate) mod entropy;
pub(crate) mod execute;
pub(crate) mod frame_decoder;
pub(crate) mod hot;
pub(crate) mod literals;
pub(crate) mod sequences;

pub use dctx::{dctx_workspace_bound, DCtx};
pub use ddict::DDict;
pub use dstream::{dstream_workspace_bound, DStream};
pub use hot::{Dispatch, Hot, GENERIC};
