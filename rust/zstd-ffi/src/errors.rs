// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Error results as C sees them: `(size_t)-code`, with the codes and messages of
//! Linux 6.12's `zstd_errors.h` / `error_private.c` (zstd 1.5.2).
//!
//! The core may return codes that zstd added after 1.5.2; C callers compiled against
//! 6.12 have no names for those, so [`encode`] folds them into the 1.5.2 code with the
//! same meaning (what 1.5.2 itself returns in those situations).

use core::ffi::c_char;
use zstd_kernel::ErrorCode;

/// Codes that exist in Linux 6.12's `ZSTD_ErrorCode`: the core's codes that
/// [`to_kernel`] leaves alone, in the core's order (`maxCode` last).
pub const KERNEL_CODES: [ErrorCode; 28] = {
    use zstd_kernel::error::ALL_CODES;
    let mut t = [ErrorCode::no_error; 28];
    let (mut i, mut n) = (0, 0);
    while i < ALL_CODES.len() {
        let c = ALL_CODES[i];
        if to_kernel(c).code() == c.code() {
            t[n] = c;
            n += 1;
        }
        i += 1;
    }
    // Evaluated at compile time: a core code without a 6.12 mapping stops the build.
    assert!(n == t.len());
    t
};

/// The Linux 6.12 code C callers see for a core error.
pub const fn to_kernel(e: ErrorCode) -> ErrorCode {
    use ErrorCode::*;
    match e {
        literals_headerWrong => corruption_detected,
        parameter_combination_unsupported => parameter_unsupported,
        noForwardProgress_destFull => dstSize_tooSmall,
        noForwardProgress_inputEmpty => srcSize_wrong,
        stabilityCondition_notRespected | sequenceProducer_failed | externalSequences_invalid => {
            GENERIC
        }
        other => other,
    }
}

/// `(size_t)-code`: how a `size_t`-returning C function reports `e`.
pub const fn encode(e: ErrorCode) -> usize {
    (to_kernel(e).code() as usize).wrapping_neg()
}

/// The largest result that is not an error is `(size_t)-ZSTD_error_maxCode`.
const MAX_CODE_RESULT: usize = encode(ErrorCode::maxCode);

/// `ZSTD_isError()`: results above `(size_t)-ZSTD_error_maxCode` are errors.
pub const fn is_error(result: usize) -> bool {
    result > MAX_CODE_RESULT
}

/// The error code of a result, 0 (`no_error`) when it is not an error.
pub const fn code_of(result: usize) -> u32 {
    if is_error(result) {
        result.wrapping_neg() as u32
    } else {
        0
    }
}

/// Longest message plus its NUL, rounded up.
const NAME_LEN: usize = 64;

const fn c_string(s: &str) -> [u8; NAME_LEN] {
    let b = s.as_bytes();
    assert!(b.len() < NAME_LEN, "error message too long for the C table");
    let mut out = [0u8; NAME_LEN];
    let mut i = 0;
    while i < b.len() {
        assert!(b[i] != 0);
        out[i] = b[i];
        i += 1;
    }
    out
}

/// NUL-terminated messages of [`KERNEL_CODES`], in that order, built from the core's
/// messages at compile time.
static NAMES: [[u8; NAME_LEN]; KERNEL_CODES.len()] = {
    let mut t = [[0u8; NAME_LEN]; KERNEL_CODES.len()];
    let mut i = 0;
    while i < KERNEL_CODES.len() {
        t[i] = c_string(KERNEL_CODES[i].message());
        i += 1;
    }
    t
};

/// C's message for `code`; codes 6.12 does not define get `maxCode`'s
/// "Unspecified error code", as in `ERR_getErrorString()`.
pub fn message(code: u32) -> &'static [u8; NAME_LEN] {
    let i = KERNEL_CODES
        .iter()
        .position(|c| c.code() == code)
        .unwrap_or(KERNEL_CODES.len() - 1);
    &NAMES[i]
}

/// `zstd_is_error()`: non-zero iff `code` is an error result.
#[no_mangle]
pub extern "C" fn zstd_is_error(code: usize) -> u32 {
    u32::from(is_error(code))
}

/// `zstd_get_error_code()`: the `ZSTD_ErrorCode` of a result (0 for non-errors).
#[no_mangle]
pub extern "C" fn zstd_get_error_code(code: usize) -> u32 {
    code_of(code)
}

/// `zstd_get_error_name()`: a static NUL-terminated message for a result.
#[no_mangle]
pub extern "C" fn zstd_get_error_name(code: usize) -> *const c_char {
    message(code_of(code)).as_ptr().cast()
}

/// `ZSTD_getErrorCode()` of `<linux/zstd_errors.h>`: same as [`zstd_get_error_code`].
#[no_mangle]
pub extern "C" fn ZSTD_getErrorCode(result: usize) -> u32 {
    code_of(result)
}

/// `ZSTD_getErrorString()` of `<linux/zstd_errors.h>`: the message of an error code.
#[no_mangle]
pub extern "C" fn ZSTD_getErrorString(code: u32) -> *const c_char {
    message(code).as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_encode_and_decode() {
        assert_eq!(encode(ErrorCode::corruption_detected), usize::MAX - 19);
        assert!(is_error(encode(ErrorCode::GENERIC)));
        assert!(!is_error(usize::MAX - 119)); // (size_t)-120
        assert!(is_error(usize::MAX - 118)); // (size_t)-119
        assert_eq!(code_of(12345), 0);
        assert_eq!(code_of(encode(ErrorCode::dstSize_tooSmall)), 70);
        assert_eq!(
            code_of(encode(ErrorCode::noForwardProgress_inputEmpty)),
            ErrorCode::srcSize_wrong.code()
        );
    }

    #[test]
    fn every_code_maps_into_the_kernel_set_with_its_message() {
        for c in zstd_kernel::error::ALL_CODES {
            let k = to_kernel(c);
            assert!(KERNEL_CODES.contains(&k), "{c:?}");
            let m = message(k.code());
            let len = m.iter().position(|&b| b == 0).unwrap();
            assert_eq!(&m[..len], k.message().as_bytes());
        }
        let unknown = message(3);
        assert!(unknown.starts_with(b"Unspecified error code\0"));
    }
}
