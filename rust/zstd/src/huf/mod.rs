// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Huffman coding of literals (RFC 8878 §4.2).

pub(crate) mod decode;
pub(crate) mod encode;
pub(crate) mod weights;
