// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! `<linux/xxhash.h>`: the ten exported xxhash functions over the `xxhash` crate.
//!
//! `struct xxh32_state` / `struct xxh64_state` are `xxhash::Xxh32State` / `Xxh64State`,
//! which are `#[repr(C)]` with the kernel's field order and consist of integers only, so
//! any bit pattern C leaves in them is a valid value.

use crate::raw;
use core::ffi::{c_int, c_void};
use xxhash::{Xxh32State, Xxh64State};

/// The kernel's `-EINVAL`, returned by the update functions for a NULL input.
pub const EINVAL: c_int = 22;

/// `xxh32()`: XXH32 of `length` bytes at `input`.
///
/// # Safety
/// `input` must point to `length` readable bytes (it may be NULL when `length` is 0).
#[no_mangle]
pub unsafe extern "C" fn xxh32(input: *const c_void, length: usize, seed: u32) -> u32 {
    // SAFETY: the caller guarantees `length` readable bytes at `input`.
    let data = unsafe { raw::src(input, length) }.unwrap_or(&[]);
    xxhash::xxh32(data, seed)
}

/// `xxh64()`: XXH64 of `length` bytes at `input`.
///
/// # Safety
/// `input` must point to `length` readable bytes (it may be NULL when `length` is 0).
#[no_mangle]
pub unsafe extern "C" fn xxh64(input: *const c_void, length: usize, seed: u64) -> u64 {
    // SAFETY: the caller guarantees `length` readable bytes at `input`.
    let data = unsafe { raw::src(input, length) }.unwrap_or(&[]);
    xxhash::xxh64(data, seed)
}

/// `xxh32_reset()`.
///
/// # Safety
/// `state` must point to a writable `struct xxh32_state`.
#[no_mangle]
pub unsafe extern "C" fn xxh32_reset(state: *mut Xxh32State, seed: u32) {
    // SAFETY: `state` points to writable, suitably aligned storage for the C struct, which
    // has this type's layout; `write` does not read the (possibly uninitialised) old value.
    unsafe { state.write(Xxh32State::new(seed)) }
}

/// `xxh64_reset()`.
///
/// # Safety
/// `state` must point to a writable `struct xxh64_state`.
#[no_mangle]
pub unsafe extern "C" fn xxh64_reset(state: *mut Xxh64State, seed: u64) {
    // SAFETY: as in `xxh32_reset`: valid, aligned, writable storage of this layout.
    unsafe { state.write(Xxh64State::new(seed)) }
}

/// A streaming state the update functions feed.
trait Stream {
    fn feed(&mut self, data: &[u8]);
}

impl Stream for Xxh32State {
    fn feed(&mut self, data: &[u8]) {
        self.update(data);
    }
}

impl Stream for Xxh64State {
    fn feed(&mut self, data: &[u8]) {
        self.update(data);
    }
}

/// The update functions' body: 0, or `-EINVAL` when `input` is NULL.
///
/// # Safety
/// `state` must point to a state of type `S` that nothing else accesses during the call,
/// and `input` to `length` readable bytes.
unsafe fn update<S: Stream>(state: *mut S, input: *const c_void, length: usize) -> c_int {
    if input.is_null() {
        return -EINVAL;
    }
    // SAFETY: `state` is a valid, exclusively used state (all-integer fields, so every bit
    // pattern is valid) and `input` holds `length` readable bytes.
    let (state, data) = unsafe { (&mut *state, raw::src(input, length)) };
    if let Some(data) = data {
        state.feed(data);
    }
    0
}

/// `xxh32_update()`: 0, or `-EINVAL` when `input` is NULL.
///
/// # Safety
/// `state` must point to a `struct xxh32_state` (set by `xxh32_reset`) that nothing else
/// accesses during the call, and `input` to `length` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn xxh32_update(
    state: *mut Xxh32State,
    input: *const c_void,
    length: usize,
) -> c_int {
    // SAFETY: the caller's guarantees are `update`'s.
    unsafe { update(state, input, length) }
}

/// `xxh64_update()`: 0, or `-EINVAL` when `input` is NULL.
///
/// # Safety
/// As for [`xxh32_update`], with a `struct xxh64_state`.
#[no_mangle]
pub unsafe extern "C" fn xxh64_update(
    state: *mut Xxh64State,
    input: *const c_void,
    length: usize,
) -> c_int {
    // SAFETY: the caller's guarantees are `update`'s.
    unsafe { update(state, input, length) }
}

/// `xxh32_digest()`: the hash so far; the state is unchanged.
///
/// # Safety
/// `state` must point to a readable `struct xxh32_state`.
#[no_mangle]
pub unsafe extern "C" fn xxh32_digest(state: *const Xxh32State) -> u32 {
    // SAFETY: `state` points to a readable state of this layout (any bits are valid).
    unsafe { &*state }.digest()
}

/// `xxh64_digest()`: the hash so far; the state is unchanged.
///
/// # Safety
/// `state` must point to a readable `struct xxh64_state`.
#[no_mangle]
pub unsafe extern "C" fn xxh64_digest(state: *const Xxh64State) -> u64 {
    // SAFETY: as in `xxh32_digest`.
    unsafe { &*state }.digest()
}

/// `xxh32_copy_state()`.
///
/// # Safety
/// `src` must point to a readable and `dst` to a writable `struct xxh32_state`.
#[no_mangle]
pub unsafe extern "C" fn xxh32_copy_state(dst: *mut Xxh32State, src: *const Xxh32State) {
    // SAFETY: both point to states of this layout; `copy` (memmove) allows dst == src.
    unsafe { core::ptr::copy(src, dst, 1) }
}

/// `xxh64_copy_state()`.
///
/// # Safety
/// `src` must point to a readable and `dst` to a writable `struct xxh64_state`.
#[no_mangle]
pub unsafe extern "C" fn xxh64_copy_state(dst: *mut Xxh64State, src: *const Xxh64State) {
    // SAFETY: as in `xxh32_copy_state`.
    unsafe { core::ptr::copy(src, dst, 1) }
}
