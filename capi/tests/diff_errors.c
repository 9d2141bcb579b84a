// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/* Differential: error helpers, levels and bounds against the kernel's lib/zstd. */
#include "kref.h"
#include "check.h"

int main(void)
{
	/* Every code 0..130 and a spread of non-error results. */
	for (size_t c = 0; c <= 130; c++) {
		size_t r = (size_t)0 - c;
		CHECK_EQ_U64(zstd_is_error(r), kref_zstd_is_error(r));
		CHECK_EQ_U64(zstd_get_error_code(r), kref_zstd_get_error_code(r));
		CHECK_EQ_U64(ZSTD_getErrorCode(r), kref_ZSTD_getErrorCode(r));
		CHECK(!strcmp(zstd_get_error_name(r), kref_zstd_get_error_name(r)));
		CHECK(!strcmp(ZSTD_getErrorString((ZSTD_ErrorCode)c),
			      kref_ZSTD_getErrorString((ZSTD_ErrorCode)c)));
		CHECK_EQ_U64(zstd_is_error(c), kref_zstd_is_error(c));
		CHECK(!strcmp(zstd_get_error_name(c), kref_zstd_get_error_name(c)));
	}
	CHECK_EQ_U64(zstd_min_clevel(), kref_zstd_min_clevel());
	CHECK_EQ_U64(zstd_max_clevel(), kref_zstd_max_clevel());
	CHECK_EQ_U64(zstd_default_clevel(), kref_zstd_default_clevel());
	uint64_t rng = 7;
	for (int i = 0; i < 100000; i++) {
		size_t n = i < 300000 / 3 && i % 2 ? (size_t)i * 3 : (size_t)(rng_next(&rng) >> (rng_next(&rng) % 64));
		CHECK_EQ_U64(zstd_compress_bound(n), kref_zstd_compress_bound(n));
	}
	return finish("diff_errors");
}
