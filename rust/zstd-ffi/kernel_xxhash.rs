// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Kernel-side C ABI of `<linux/xxhash.h>` over the safe `xxhash` crate (rust/xxhash).
//!
//! Interim glue written by the kernel integration (issue 6) until the C ABI crate
//! (rust/zstd-ffi, issue 5) provides the xxh* functions; it is the only `unsafe` code of the
//! xxhash overlay. Each function turns the raw pointers it receives into a slice or a
//! reference once, at the edge, then calls safe code. The streaming states are
//! `#[repr(C)]` with the exact layout of `struct xxh32_state` / `struct xxh64_state`.
//! Built by Kbuild as the crate `xxhash_ffi` (rust/Makefile, see kernel/tree/rust/);
//! the symbols are exported to modules by lib/xxhash_rust_exports.c.
#![no_std]

use core::ffi::{c_int, c_void};
use xxhash::{Xxh32State, Xxh64State};

/// `-EINVAL`, returned by the update functions for a NULL input as in lib/xxhash.c.
const EINVAL: c_int = 22;

/// Borrows `len` bytes at `input`; a NULL pointer is only accepted with `len == 0`.
///
/// # Safety
/// `input` must be NULL with `len == 0`, or valid for reads of `len` bytes for `'a`.
unsafe fn bytes<'a>(input: *const c_void, len: usize) -> &'a [u8] {
    if input.is_null() || len == 0 {
        &[]
    } else {
        // SAFETY: the caller guarantees `input` is readable for `len` bytes.
        unsafe { core::slice::from_raw_parts(input.cast::<u8>(), len) }
    }
}

/// `uint32_t xxh32(const void *input, size_t length, uint32_t seed)`.
///
/// # Safety
/// `input` must be readable for `length` bytes (or `length == 0`).
#[no_mangle]
pub unsafe extern "C" fn xxh32(input: *const c_void, length: usize, seed: u32) -> u32 {
    // SAFETY: forwarded caller contract.
    xxhash::xxh32(unsafe { bytes(input, length) }, seed)
}

/// `uint64_t xxh64(const void *input, size_t length, uint64_t seed)`.
///
/// # Safety
/// `input` must be readable for `length` bytes (or `length == 0`).
#[no_mangle]
pub unsafe extern "C" fn xxh64(input: *const c_void, length: usize, seed: u64) -> u64 {
    // SAFETY: forwarded caller contract.
    xxhash::xxh64(unsafe { bytes(input, length) }, seed)
}

/// `void xxh32_copy_state(struct xxh32_state *dst, const struct xxh32_state *src)`.
///
/// # Safety
/// Both pointers must point to `struct xxh32_state` objects.
#[no_mangle]
pub unsafe extern "C" fn xxh32_copy_state(dst: *mut Xxh32State, src: *const Xxh32State) {
    // SAFETY: valid states per the caller contract; the copy is bytewise like memcpy().
    unsafe { core::ptr::copy(src, dst, 1) }
}

/// `void xxh64_copy_state(struct xxh64_state *dst, const struct xxh64_state *src)`.
///
/// # Safety
/// Both pointers must point to `struct xxh64_state` objects.
#[no_mangle]
pub unsafe extern "C" fn xxh64_copy_state(dst: *mut Xxh64State, src: *const Xxh64State) {
    // SAFETY: valid states per the caller contract; the copy is bytewise like memcpy().
    unsafe { core::ptr::copy(src, dst, 1) }
}

/// `void xxh32_reset(struct xxh32_state *state, uint32_t seed)`.
///
/// # Safety
/// `state` must point to writable storage for a `struct xxh32_state` (contents ignored).
#[no_mangle]
pub unsafe extern "C" fn xxh32_reset(state: *mut Xxh32State, seed: u32) {
    // SAFETY: write-only initialisation of caller storage.
    unsafe { state.write(Xxh32State::new(seed)) }
}

/// `void xxh64_reset(struct xxh64_state *state, uint64_t seed)`.
///
/// # Safety
/// `state` must point to writable storage for a `struct xxh64_state` (contents ignored).
#[no_mangle]
pub unsafe extern "C" fn xxh64_reset(state: *mut Xxh64State, seed: u64) {
    // SAFETY: write-only initialisation of caller storage.
    unsafe { state.write(Xxh64State::new(seed)) }
}

/// `int xxh32_update(struct xxh32_state *state, const void *input, size_t length)`:
/// 0, or `-EINVAL` when `input` is NULL.
///
/// # Safety
/// `state` must point to a state initialised by `xxh32_reset()`; `input` must be readable
/// for `length` bytes.
#[no_mangle]
pub unsafe extern "C" fn xxh32_update(
    state: *mut Xxh32State,
    input: *const c_void,
    length: usize,
) -> c_int {
    if input.is_null() {
        return -EINVAL;
    }
    // SAFETY: caller contract; the state is plain integers (any bit pattern is valid).
    let (state, input) = unsafe { (&mut *state, bytes(input, length)) };
    state.update(input);
    0
}

/// `int xxh64_update(struct xxh64_state *state, const void *input, size_t length)`:
/// 0, or `-EINVAL` when `input` is NULL.
///
/// # Safety
/// `state` must point to a state initialised by `xxh64_reset()`; `input` must be readable
/// for `length` bytes.
#[no_mangle]
pub unsafe extern "C" fn xxh64_update(
    state: *mut Xxh64State,
    input: *const c_void,
    length: usize,
) -> c_int {
    if input.is_null() {
        return -EINVAL;
    }
    // SAFETY: caller contract; the state is plain integers (any bit pattern is valid).
    let (state, input) = unsafe { (&mut *state, bytes(input, length)) };
    state.update(input);
    0
}

/// `uint32_t xxh32_digest(const struct xxh32_state *state)`.
///
/// # Safety
/// `state` must point to a state initialised by `xxh32_reset()`.
#[no_mangle]
pub unsafe extern "C" fn xxh32_digest(state: *const Xxh32State) -> u32 {
    // SAFETY: caller contract.
    unsafe { &*state }.digest()
}

/// `uint64_t xxh64_digest(const struct xxh64_state *state)`.
///
/// # Safety
/// `state` must point to a state initialised by `xxh64_reset()`.
#[no_mangle]
pub unsafe extern "C" fn xxh64_digest(state: *const Xxh64State) -> u64 {
    // SAFETY: caller contract.
    unsafe { &*state }.digest()
}
