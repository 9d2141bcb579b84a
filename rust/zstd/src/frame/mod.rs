// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! zstd frames (RFC 8878 §3.1): headers, blocks, skippable frames, checksums.

pub(crate) mod block;
pub mod header;
pub(crate) mod size;
pub(crate) mod skippable;

pub use header::{get_frame_header, FrameHeader, FrameHeaderProgress, FrameType};
pub use size::find_frame_compressed_size;
