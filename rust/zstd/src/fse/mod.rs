//! Finite State Entropy (RFC 8878 §4.1): table construction and encoding.

pub mod cost;
pub mod encode;
pub mod normalize;
