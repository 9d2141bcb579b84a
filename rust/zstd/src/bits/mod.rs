// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Bitstreams of RFC 8878 §4.1 (written forward, read backward from the last byte):
//! the reader for the decoder, the writer for the encoder.

pub(crate) mod reader;
pub(crate) mod writer;

pub(crate) use reader::{load_le32, BackwardReader, SeqReader};
