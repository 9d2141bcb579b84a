// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! zstd compression: match finders produce sequences, the block writer entropy-codes them.

pub mod block;
pub mod cctx;
pub mod cdict;
pub mod cstream;
pub mod dict;
pub mod entropy;
pub mod frame;
pub mod literals;
pub mod matcher;
pub mod params;
pub mod params_table;
pub mod seq_store;
pub mod sequences;
pub mod split;

/// Largest index span one frame may use before indices must be re-based.
pub(crate) const INDEX_LIMIT: usize = 3 << 30;

pub use cctx::{cctx_workspace_bound, compress_bound, CCtx};
pub use cdict::CDict;
pub use cstream::{cstream_workspace_bound, CStream};
pub use params::{default_clevel, get_cparams, get_params, max_clevel, min_clevel};
