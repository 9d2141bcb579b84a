// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! CPU features for run-time dispatch, as the kernel's C zstd selects its BMI2 bodies.
//!
//! The codec defines safe `#[target_feature]` variants of its hot loops; calling one is
//! `unsafe` because the CPU must have the features. This module is the one place that
//! checks the CPU and makes that call:
//!
//! - [`has_bmi2`]: BMI1 + BMI2 + LZCNT present (zstd's own condition for its BMI2 code,
//!   plus LZCNT which its BMI2 target attribute also enables). Userspace (`std`):
//!   `is_x86_feature_detected!`; kernel (`target_os = "none"`): the C helper
//!   `rzstd_cpu_has_bmi2()` of `lib/zstd_rust_exports.c` (`boot_cpu_has`); otherwise false.
//! - [`Variant`]: the code variants; [`Variant::best`] is the fastest this CPU runs,
//!   [`Variant::available`] tells whether a variant may run here.
//! - [`decoder_dispatch`]: the decoder's dispatch for a variant (`None` when the CPU
//!   lacks it), given to `DCtx::set_dispatch` / `DStream::set_dispatch`;
//!   [`encoder_dispatch`] the same for `CCtx::set_dispatch` / `CStream::set_dispatch`.

use zstd_kernel::compress as enc;
use zstd_kernel::decompress::{Dispatch, Hot, GENERIC};
use zstd_kernel::{Error, Prefetch};

/// Code variants of the hot loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Baseline x86-64 (or any other architecture).
    Generic,
    /// Compiled for BMI1 + BMI2 + LZCNT.
    Bmi2,
}

impl Variant {
    /// Every variant, for tests that run each.
    pub const ALL: [Variant; 2] = [Variant::Generic, Variant::Bmi2];

    /// Whether this CPU can run the variant.
    pub fn available(self) -> bool {
        match self {
            Variant::Generic => true,
            Variant::Bmi2 => has_bmi2(),
        }
    }

    /// The fastest variant this CPU runs.
    pub fn best() -> Variant {
        if has_bmi2() {
            Variant::Bmi2
        } else {
            Variant::Generic
        }
    }
}

/// True when the CPU has BMI1, BMI2 and LZCNT.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
pub fn has_bmi2() -> bool {
    std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
}

#[cfg(all(target_arch = "x86_64", not(feature = "std"), target_os = "none"))]
extern "C" {
    /// `boot_cpu_has(X86_FEATURE_BMI1) && ..._BMI2 && ..._ABM` (lib/zstd_rust_exports.c).
    fn rzstd_cpu_has_bmi2() -> bool;
}

/// True when the CPU has BMI1, BMI2 and LZCNT.
#[cfg(all(target_arch = "x86_64", not(feature = "std"), target_os = "none"))]
pub fn has_bmi2() -> bool {
    // SAFETY: a C function without arguments that reads the boot CPU's feature bits.
    unsafe { rzstd_cpu_has_bmi2() }
}

/// True when the CPU has BMI1, BMI2 and LZCNT (never known here: core-only userspace
/// builds and other architectures run the baseline code).
#[cfg(not(all(target_arch = "x86_64", any(feature = "std", target_os = "none"))))]
pub fn has_bmi2() -> bool {
    false
}

/// The decoder's dispatch for `v`, or `None` when this CPU cannot run it.
pub fn decoder_dispatch(v: Variant) -> Option<Dispatch> {
    match v {
        Variant::Generic => Some(GENERIC),
        Variant::Bmi2 if has_bmi2() => Some(run_bmi2),
        Variant::Bmi2 => None,
    }
}

/// The decoder's dispatch for the best variant of this CPU.
pub fn best_decoder_dispatch() -> Dispatch {
    decoder_dispatch(Variant::best()).unwrap_or(GENERIC)
}

/// Runs a hot decoder job with the BMI2 code. Handed out only by [`decoder_dispatch`]
/// after [`has_bmi2`], and checks again (a load and a test) so that it is sound whoever
/// holds it.
fn run_bmi2(h: Hot<'_, '_, '_, '_, '_, '_>) -> Result<usize, Error> {
    #[cfg(target_arch = "x86_64")]
    if has_bmi2() {
        // SAFETY: `Hot::run_bmi2` is the baseline code compiled with BMI1, BMI2 and
        // LZCNT enabled; `has_bmi2()` just confirmed the CPU implements all three.
        return unsafe { h.run_bmi2() };
    }
    h.run()
}

/// The encoder's dispatch for `v`, or `None` when this CPU cannot run it. Both give
/// the match finder prefetch hints ([`CpuPrefetch`]).
pub fn encoder_dispatch(v: Variant) -> Option<enc::Dispatch> {
    match v {
        Variant::Generic => Some(run_enc_generic),
        Variant::Bmi2 if has_bmi2() => Some(run_enc_bmi2),
        Variant::Bmi2 => None,
    }
}

/// The encoder's dispatch for the best variant of this CPU.
pub fn best_encoder_dispatch() -> enc::Dispatch {
    encoder_dispatch(Variant::best()).unwrap_or(enc::GENERIC)
}

/// Runs a hot encoder job with the baseline code and prefetch hints.
fn run_enc_generic(h: enc::Hot<'_, '_, '_>) -> Option<usize> {
    h.run(CpuPrefetch)
}

/// Runs a hot encoder job with the BMI2 code; handed out and checked as [`run_bmi2`].
fn run_enc_bmi2(h: enc::Hot<'_, '_, '_>) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if has_bmi2() {
        // SAFETY: `Hot::run_bmi2` is the baseline code compiled with BMI1, BMI2 and
        // LZCNT enabled; `has_bmi2()` just confirmed the CPU implements all three.
        return unsafe { h.run_bmi2(CpuPrefetch) };
    }
    h.run(CpuPrefetch)
}

/// The CPU's prefetch instruction as the codec's [`Prefetch`] hint (x86-64:
/// `prefetcht0`, as C's `PREFETCH_L1`; elsewhere and under Miri, no hint).
#[derive(Clone, Copy, Debug, Default)]
pub struct CpuPrefetch;

impl Prefetch for CpuPrefetch {
    #[inline(always)]
    fn read<T>(self, s: &[T], i: usize) {
        let p = s.as_ptr().wrapping_add(i);
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        // SAFETY: `prefetcht0` only hints the cache: it reads no data architecturally,
        // never faults (any address, mapped or not, is allowed), and writes no register,
        // flag or memory. It needs no CPU check: every x86-64 CPU has it.
        unsafe {
            core::arch::asm!(
                "prefetcht0 [{p}]",
                p = in(reg) p,
                options(nostack, readonly, preserves_flags)
            );
        }
        #[cfg(not(all(target_arch = "x86_64", not(miri))))]
        let _ = p;
    }
}
