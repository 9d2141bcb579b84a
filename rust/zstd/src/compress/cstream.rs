//! Streaming compression (placeholder, filled below).
