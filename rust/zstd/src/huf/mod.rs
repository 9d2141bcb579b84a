//! Huffman coding of literals (RFC 8878 §4.2).

pub mod decode;
pub mod encode;
pub mod weights;
