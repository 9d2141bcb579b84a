//! zstd compression: match finders produce sequences, the block writer entropy-codes them.

pub mod seq_store;
