// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Turning C's (pointer, length) pairs into Rust slices, once, at the boundary.

use core::ffi::c_void;

/// The `len` bytes at `ptr` as a slice; `None` when `ptr` is NULL but `len` is not 0.
/// A NULL or dangling pointer with `len == 0` is an empty slice, as C allows.
///
/// # Safety
/// When `len > 0` and `ptr` is not NULL, `ptr` must point to `len` readable bytes that
/// nothing writes to during `'a`.
pub unsafe fn src<'a>(ptr: *const c_void, len: usize) -> Option<&'a [u8]> {
    if len == 0 {
        return Some(&[]);
    }
    if ptr.is_null() {
        return None;
    }
    // SAFETY: `ptr` is non-NULL and, by the caller's contract, points to `len` readable
    // bytes that stay unchanged for `'a`; u8 has no alignment or validity requirement.
    Some(unsafe { core::slice::from_raw_parts(ptr.cast::<u8>(), len) })
}

/// The `len` bytes at `ptr` as a mutable slice; `None` when `ptr` is NULL but `len` is not 0.
///
/// Lengths above `isize::MAX` (no Rust slice can be that long) are cut to it. Kernel
/// code passes such "unbounded" capacities (`lib/decompress_unzstd.c` uses
/// `UINTPTR_MAX - (uintptr_t)out_buf` when it does not know the output size); callers
/// that can bound the output further do so first (see `decompress::dst_bound`).
///
/// # Safety
/// When `len > 0` and `ptr` is not NULL, `ptr` must point to `len` writable bytes that
/// nothing else accesses during `'a`.
pub unsafe fn dst<'a>(ptr: *mut c_void, len: usize) -> Option<&'a mut [u8]> {
    let len = len.min(isize::MAX as usize);
    if len == 0 {
        return Some(&mut []);
    }
    if ptr.is_null() {
        return None;
    }
    // SAFETY: `ptr` is non-NULL and, by the caller's contract, points to `len` writable
    // bytes used by nothing else for `'a`; any byte value is a valid u8.
    Some(unsafe { core::slice::from_raw_parts_mut(ptr.cast::<u8>(), len) })
}
