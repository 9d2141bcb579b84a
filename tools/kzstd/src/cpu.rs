// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The code variants kzstd's contexts run: the CPU's best, as the FFI shim's check picks
//! them for the kernel's C ABI (`zstd_ffi::cpu`: BMI2 bodies when the CPU has BMI1, BMI2
//! and LZCNT; prefetch hints for the row match finder).
//!
//! Unit tests run the baseline code: they link the C library (the `zstd` crate) as
//! their oracle, and its `ZSTD_getErrorCode` and `ZSTD_getErrorString` share their names
//! with two of the shim's C exports. The integration tests run the binary, with the
//! dispatch.

use zstd_kernel::{compress, decompress};

/// The decoder's dispatch for this CPU.
#[cfg(not(test))]
pub fn decoder() -> decompress::Dispatch {
    zstd_ffi::cpu::best_decoder_dispatch()
}

/// The encoder's dispatch for this CPU.
#[cfg(not(test))]
pub fn encoder() -> compress::Dispatch {
    zstd_ffi::cpu::best_encoder_dispatch()
}

/// The decoder's baseline dispatch (unit tests, see the module's documentation).
#[cfg(test)]
pub fn decoder() -> decompress::Dispatch {
    decompress::GENERIC
}

/// The encoder's baseline dispatch (unit tests, see the module's documentation).
#[cfg(test)]
pub fn encoder() -> compress::Dispatch {
    compress::GENERIC
}

/// The code variant this CPU runs, as `kzstd -b` reports it: "bmi2" or "baseline".
#[cfg(not(test))]
pub fn variant() -> &'static str {
    match zstd_ffi::cpu::Variant::best() {
        zstd_ffi::cpu::Variant::Bmi2 => "bmi2",
        zstd_ffi::cpu::Variant::Generic => "baseline",
    }
}

/// The baseline variant's name (unit tests, see the module's documentation).
#[cfg(test)]
pub fn variant() -> &'static str {
    "baseline"
}
