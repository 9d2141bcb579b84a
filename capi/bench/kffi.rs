// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Root of the kernel-flavoured static library of `make capi-bench`: the `zstd_ffi` crate
//! (built core-only, as Kbuild builds it) plus the panic handler the kernel would provide.
//! A panic aborts the process, the userspace stand-in for the kernel's `BUG()`. It also
//! stands in for the kernel's CPU check (`rzstd_cpu_has_bmi2()` of
//! `lib/zstd_rust_exports.c`), so the hot loops run the variant the kernel would.
#![no_std]

extern crate zstd_ffi;

extern "C" {
    fn abort() -> !;
}

/// `boot_cpu_has(X86_FEATURE_BMI1) && ..._BMI2 && ..._ABM`, from CPUID once and then
/// from a cached answer, as the kernel reads the boot CPU's capability bits.
#[no_mangle]
extern "C" fn rzstd_cpu_has_bmi2() -> bool {
    use core::arch::x86_64::{__cpuid, __cpuid_count};
    use core::sync::atomic::{AtomicU8, Ordering};
    // 0: not asked yet, 1: no, 2: yes.
    static ANSWER: AtomicU8 = AtomicU8::new(0);
    match ANSWER.load(Ordering::Relaxed) {
        1 => return false,
        2 => return true,
        _ => {}
    }
    let has = if __cpuid(0).eax < 7 || __cpuid(0x8000_0000).eax < 0x8000_0001 {
        false
    } else {
        let ebx = __cpuid_count(7, 0).ebx;
        let lzcnt = __cpuid(0x8000_0001).ecx & (1 << 5) != 0;
        ebx & (1 << 3) != 0 && ebx & (1 << 8) != 0 && lzcnt
    };
    ANSWER.store(if has { 2 } else { 1 }, Ordering::Relaxed);
    has
}

#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    // SAFETY: libc's abort() takes no arguments and never returns.
    unsafe { abort() }
}
