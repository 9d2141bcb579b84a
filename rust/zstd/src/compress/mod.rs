//! zstd compression: match finders produce sequences, the block writer entropy-codes them.

/// Match finders (`match` is a keyword, so the module is `matcher`).
#[path = "match/mod.rs"]
pub mod matcher;
pub mod seq_store;
