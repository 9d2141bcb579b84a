// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Root of the kernel-flavoured static library of `make capi-bench`: the `zstd_ffi` crate
//! (built core-only, as Kbuild builds it) plus the panic handler the kernel would provide.
//! A panic aborts the process, the userspace stand-in for the kernel's `BUG()`.
#![no_std]

extern crate zstd_ffi;

extern "C" {
    fn abort() -> !;
}

#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    // SAFETY: libc's abort() takes no arguments and never returns.
    unsafe { abort() }
}
