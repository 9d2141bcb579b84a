//! Levels and bounds of `<linux/zstd.h>`.

use core::ffi::c_int;

/// `zstd_min_clevel()`: the fastest negative level, `-ZSTD_TARGETLENGTH_MAX` (-2^17).
#[no_mangle]
pub extern "C" fn zstd_min_clevel() -> c_int {
    -(1 << 17)
}

/// `zstd_max_clevel()`.
#[no_mangle]
pub extern "C" fn zstd_max_clevel() -> c_int {
    22
}

/// `zstd_default_clevel()`: `ZSTD_CLEVEL_DEFAULT`.
#[no_mangle]
pub extern "C" fn zstd_default_clevel() -> c_int {
    3
}

/// `zstd_compress_bound()`: `ZSTD_COMPRESSBOUND(src_size)`, the size of one frame of
/// `src_size` bytes stored raw in the worst case (block headers included), with C's
/// modular arithmetic for absurd sizes.
#[no_mangle]
pub extern "C" fn zstd_compress_bound(src_size: usize) -> usize {
    const SMALL: usize = 128 << 10;
    let margin = if src_size < SMALL {
        (SMALL - src_size) >> 11
    } else {
        0
    };
    src_size.wrapping_add(src_size >> 8).wrapping_add(margin)
}
