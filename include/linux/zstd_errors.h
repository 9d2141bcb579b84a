/* SPDX-License-Identifier: GPL-2.0+ OR BSD-3-Clause */
/*
 * zstd error codes, as seen by C callers of the Rust zstd implementation.
 *
 * Every size_t result of <linux/zstd.h> is either a size or an error encoded as
 * (size_t)-code; zstd_is_error() tells them apart and zstd_get_error_code()
 * recovers the code below. The numeric values are those of Linux 6.12 (zstd
 * 1.5.2); only codes below 100 are promised to stay stable.
 */
#ifndef ZSTD_ERRORS_H_398273423
#define ZSTD_ERRORS_H_398273423

#include <linux/types.h>

/* Kept for sources that decorate declarations with these (they expand to nothing). */
#define ZSTDERRORLIB_VISIBILITY
#define ZSTDERRORLIB_API ZSTDERRORLIB_VISIBILITY

typedef enum {
	ZSTD_error_no_error = 0,
	ZSTD_error_GENERIC = 1,
	ZSTD_error_prefix_unknown = 10,
	ZSTD_error_version_unsupported = 12,
	ZSTD_error_frameParameter_unsupported = 14,
	ZSTD_error_frameParameter_windowTooLarge = 16,
	ZSTD_error_corruption_detected = 20,
	ZSTD_error_checksum_wrong = 22,
	ZSTD_error_dictionary_corrupted = 30,
	ZSTD_error_dictionary_wrong = 32,
	ZSTD_error_dictionaryCreation_failed = 34,
	ZSTD_error_parameter_unsupported = 40,
	ZSTD_error_parameter_outOfBound = 42,
	ZSTD_error_tableLog_tooLarge = 44,
	ZSTD_error_maxSymbolValue_tooLarge = 46,
	ZSTD_error_maxSymbolValue_tooSmall = 48,
	ZSTD_error_stage_wrong = 60,
	ZSTD_error_init_missing = 62,
	ZSTD_error_memory_allocation = 64,
	ZSTD_error_workSpace_tooSmall = 66,
	ZSTD_error_dstSize_tooSmall = 70,
	ZSTD_error_srcSize_wrong = 72,
	ZSTD_error_dstBuffer_null = 74,
	/* Codes from 100 on may change between zstd versions. */
	ZSTD_error_frameIndex_tooLarge = 100,
	ZSTD_error_seekableIO = 102,
	ZSTD_error_dstBuffer_wrong = 104,
	ZSTD_error_srcBuffer_wrong = 105,
	/* Upper limit only: test results with zstd_is_error(), never against this. */
	ZSTD_error_maxCode = 120
} ZSTD_ErrorCode;

/* The code of a size_t result (ZSTD_error_no_error when it is not an error). */
ZSTDERRORLIB_API ZSTD_ErrorCode ZSTD_getErrorCode(size_t functionResult);
/* The message of an error code ("Unspecified error code" for unknown codes). */
ZSTDERRORLIB_API const char *ZSTD_getErrorString(ZSTD_ErrorCode code);

#endif /* ZSTD_ERRORS_H_398273423 */
