//! Finite State Entropy (RFC 8878 §4.1): table descriptions, construction, encoding and
//! decoding.

pub mod cost;
pub mod decode;
pub mod encode;
pub mod header;
pub mod normalize;
