// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Dictionaries (RFC 8878 §5): zstd-format and raw-content.

pub mod ddict;

pub use ddict::DDict;
