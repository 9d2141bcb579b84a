//! Bit-level readers for zstd's entropy-coded streams (RFC 8878 §4.1, §4.2).

pub mod forward;
pub mod reader;

pub use forward::ForwardReader;
pub use reader::BackwardReader;
