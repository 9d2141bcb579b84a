// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Finite State Entropy (RFC 8878 §4.1): table descriptions, decoding tables, and the
//! encoder's normalization, tables and cost estimates.

pub(crate) mod cost;
pub(crate) mod decode;
pub(crate) mod encode;
pub(crate) mod header;
pub(crate) mod normalize;
