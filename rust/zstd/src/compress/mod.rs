// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! zstd compression: match finders produce sequences, the block writer entropy-codes them.

pub(crate) mod block;
pub(crate) mod cctx;
pub(crate) mod cdict;
pub(crate) mod cstream;
pub(crate) mod dict;
pub(crate) mod entropy;
pub(crate) mod frame;
mod hot;
pub(crate) mod literals;
// The match finders and the sequence store are reachable for their own tests and benches
// (tests/match_finders.rs, benches/match_finders.rs), not API.
#[doc(hidden)]
pub mod matcher;
pub mod params;
pub(crate) mod params_table;
pub(crate) mod seq_split;
#[doc(hidden)]
pub mod seq_store;
pub(crate) mod sequences;
pub(crate) mod split;

/// Largest index span one frame may use before indices must be re-based.
pub(crate) const INDEX_LIMIT: usize = 3 << 30;

pub use cctx::{cctx_workspace_bound, compress_bound, CCtx};
pub use cdict::CDict;
pub use cstream::{cstream_workspace_bound, CStream};
pub use hot::{Dispatch, Hot, GENERIC};
pub use params::{default_clevel, get_cparams, get_params, max_clevel, min_clevel};

/// What `build` builds into an empty slot: the by-value form of constructors that build
/// in place (`CStream::new_in`, `CDict::new_in`, the frame's parts), whose callers keep
/// the one copy in a slot of their own.
pub(crate) fn built<T>(
    build: impl FnOnce(&mut Option<T>) -> Result<(), crate::error::Error>,
) -> Result<T, crate::error::Error> {
    let mut slot = None;
    build(&mut slot)?;
    slot.ok_or(crate::error::Error::memory_allocation)
}
