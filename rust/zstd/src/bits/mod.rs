// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Bitstreams of RFC 8878 §4.1 (written forward, read backward from the last byte):
//! readers for the decoder, the writer for the encoder.

pub mod forward;
pub mod reader;
pub mod writer;

pub use forward::ForwardReader;
pub use reader::BackwardReader;
