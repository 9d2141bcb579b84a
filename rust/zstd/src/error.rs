// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! zstd error codes: the values and messages of `zstd_errors.h` / `error_private.c`.
//!
//! C returns errors as `(size_t)-code`; the FFI shim converts [`Error`] to that form.

/// A zstd error code with C's numeric value (`ZSTD_ErrorCode`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
// The variants keep zstd's names (`ZSTD_error_*`); `message()` says what each means.
#[allow(non_camel_case_types, missing_docs)]
pub enum ErrorCode {
    no_error = 0,
    GENERIC = 1,
    prefix_unknown = 10,
    version_unsupported = 12,
    frameParameter_unsupported = 14,
    frameParameter_windowTooLarge = 16,
    corruption_detected = 20,
    checksum_wrong = 22,
    literals_headerWrong = 24,
    dictionary_corrupted = 30,
    dictionary_wrong = 32,
    dictionaryCreation_failed = 34,
    parameter_unsupported = 40,
    parameter_combination_unsupported = 41,
    parameter_outOfBound = 42,
    tableLog_tooLarge = 44,
    maxSymbolValue_tooLarge = 46,
    maxSymbolValue_tooSmall = 48,
    stabilityCondition_notRespected = 50,
    stage_wrong = 60,
    init_missing = 62,
    memory_allocation = 64,
    workSpace_tooSmall = 66,
    dstSize_tooSmall = 70,
    srcSize_wrong = 72,
    dstBuffer_null = 74,
    noForwardProgress_destFull = 80,
    noForwardProgress_inputEmpty = 82,
    frameIndex_tooLarge = 100,
    seekableIO = 102,
    dstBuffer_wrong = 104,
    srcBuffer_wrong = 105,
    sequenceProducer_failed = 106,
    externalSequences_invalid = 107,
    maxCode = 120,
}

/// An error returned by the codec; never [`ErrorCode::no_error`].
pub type Error = ErrorCode;

/// Every code, for tables and tests.
pub const ALL_CODES: [ErrorCode; 35] = {
    use ErrorCode::*;
    [
        no_error,
        GENERIC,
        prefix_unknown,
        version_unsupported,
        frameParameter_unsupported,
        frameParameter_windowTooLarge,
        corruption_detected,
        checksum_wrong,
        literals_headerWrong,
        dictionary_corrupted,
        dictionary_wrong,
        dictionaryCreation_failed,
        parameter_unsupported,
        parameter_combination_unsupported,
        parameter_outOfBound,
        tableLog_tooLarge,
        maxSymbolValue_tooLarge,
        maxSymbolValue_tooSmall,
        stabilityCondition_notRespected,
        stage_wrong,
        init_missing,
        memory_allocation,
        workSpace_tooSmall,
        dstSize_tooSmall,
        srcSize_wrong,
        dstBuffer_null,
        noForwardProgress_destFull,
        noForwardProgress_inputEmpty,
        frameIndex_tooLarge,
        seekableIO,
        dstBuffer_wrong,
        srcBuffer_wrong,
        sequenceProducer_failed,
        externalSequences_invalid,
        maxCode,
    ]
};

impl ErrorCode {
    /// The numeric code (`ZSTD_getErrorCode`).
    pub const fn code(self) -> u32 {
        self as u32
    }

    /// The code for a number, or `None` when C has no such code.
    pub fn from_code(code: u32) -> Option<Self> {
        ALL_CODES.iter().copied().find(|c| c.code() == code)
    }

    /// C's message for this code (`ZSTD_getErrorString`).
    pub const fn message(self) -> &'static str {
        use ErrorCode::*;
        match self {
            no_error => "No error detected",
            GENERIC => "Error (generic)",
            prefix_unknown => "Unknown frame descriptor",
            version_unsupported => "Version not supported",
            frameParameter_unsupported => "Unsupported frame parameter",
            frameParameter_windowTooLarge => "Frame requires too much memory for decoding",
            corruption_detected => "Corrupted block detected",
            checksum_wrong => "Restored data doesn't match checksum",
            literals_headerWrong => {
                "Header of Literals' block doesn't respect format specification"
            }
            dictionary_corrupted => "Dictionary is corrupted",
            dictionary_wrong => "Dictionary mismatch",
            dictionaryCreation_failed => "Cannot create Dictionary from provided samples",
            parameter_unsupported => "Unsupported parameter",
            parameter_combination_unsupported => "Unsupported combination of parameters",
            parameter_outOfBound => "Parameter is out of bound",
            tableLog_tooLarge => "tableLog requires too much memory : unsupported",
            maxSymbolValue_tooLarge => "Unsupported max Symbol Value : too large",
            maxSymbolValue_tooSmall => "Specified maxSymbolValue is too small",
            stabilityCondition_notRespected => {
                "pledged buffer stability condition is not respected"
            }
            stage_wrong => "Operation not authorized at current processing stage",
            init_missing => "Context should be init first",
            memory_allocation => "Allocation error : not enough memory",
            workSpace_tooSmall => "workSpace buffer is not large enough",
            dstSize_tooSmall => "Destination buffer is too small",
            srcSize_wrong => "Src size is incorrect",
            dstBuffer_null => "Operation on NULL destination buffer",
            noForwardProgress_destFull => {
                "Operation made no progress over multiple calls, due to output buffer being full"
            }
            noForwardProgress_inputEmpty => {
                "Operation made no progress over multiple calls, due to input being empty"
            }
            frameIndex_tooLarge => "Frame index is too large",
            seekableIO => "An I/O error occurred when reading/seeking",
            dstBuffer_wrong => "Destination buffer is wrong",
            srcBuffer_wrong => "Source buffer is wrong",
            sequenceProducer_failed => {
                "Block-level external sequence producer returned an error code"
            }
            externalSequences_invalid => "External sequences are not valid",
            maxCode => "Unspecified error code",
        }
    }
}

impl core::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.message())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for c in ALL_CODES {
            assert_eq!(ErrorCode::from_code(c.code()), Some(c));
            assert!(!c.message().is_empty());
        }
        assert_eq!(ErrorCode::from_code(3), None);
        assert_eq!(ErrorCode::corruption_detected.code(), 20);
        assert_eq!(ErrorCode::dstSize_tooSmall.code(), 70);
    }
}
