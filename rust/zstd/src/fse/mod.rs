//! Finite State Entropy (RFC 8878 §4.1): table descriptions and decoding tables.

pub mod decode;
pub mod header;
