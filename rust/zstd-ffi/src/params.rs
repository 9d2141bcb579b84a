// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Levels and bounds of `<linux/zstd.h>`.

use core::ffi::c_int;

/// `zstd_min_clevel()`: the fastest negative level, `-ZSTD_TARGETLENGTH_MAX` (-2^17).
#[no_mangle]
pub extern "C" fn zstd_min_clevel() -> c_int {
    zstd_kernel::compress::min_clevel()
}

/// `zstd_max_clevel()`.
#[no_mangle]
pub extern "C" fn zstd_max_clevel() -> c_int {
    zstd_kernel::compress::max_clevel()
}

/// `zstd_default_clevel()`: `ZSTD_CLEVEL_DEFAULT`.
#[no_mangle]
pub extern "C" fn zstd_default_clevel() -> c_int {
    zstd_kernel::compress::default_clevel()
}

/// `zstd_compress_bound()`: `ZSTD_COMPRESSBOUND(src_size)`, the size of one frame of
/// `src_size` bytes stored raw in the worst case (block headers included). Unlike the
/// core's `compress_bound` (whose overflow check would abort), this keeps C's modular
/// arithmetic for absurd sizes, as kernel callers may pass any `size_t`.
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

#[cfg(test)]
mod tests {
    #[test]
    fn bound_is_the_cores_where_it_does_not_wrap() {
        let end = if cfg!(miri) { 3_000 } else { 300_000 };
        for n in (0..end).chain([1 << 30, usize::MAX / 2]) {
            assert_eq!(
                super::zstd_compress_bound(n),
                zstd_kernel::compress::compress_bound(n)
            );
        }
        assert_eq!(
            super::zstd_compress_bound(usize::MAX),
            usize::MAX.wrapping_add(usize::MAX >> 8)
        );
    }
}
