// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/* Error helpers and level/bound helpers of <linux/zstd.h> through libkzstd.a. */
#include <linux/zstd.h>
#include "check.h"

static void errors(void)
{
	CHECK(!zstd_is_error(0));
	CHECK(!zstd_is_error(12345));
	CHECK(!zstd_is_error((size_t)-121));
	CHECK(!zstd_is_error((size_t)-ZSTD_error_maxCode));
	CHECK(zstd_is_error((size_t)-119));
	CHECK(zstd_is_error((size_t)-1));
	CHECK(zstd_is_error((size_t)-ZSTD_error_dstSize_tooSmall));
	CHECK(zstd_get_error_code(0) == ZSTD_error_no_error);
	CHECK(zstd_get_error_code(1000) == ZSTD_error_no_error);
	CHECK(zstd_get_error_code((size_t)-ZSTD_error_corruption_detected) ==
	      ZSTD_error_corruption_detected);
	CHECK(ZSTD_getErrorCode((size_t)-ZSTD_error_checksum_wrong) == ZSTD_error_checksum_wrong);
	CHECK(!strcmp(zstd_get_error_name(0), "No error detected"));
	CHECK(!strcmp(zstd_get_error_name((size_t)-ZSTD_error_dstSize_tooSmall),
		      "Destination buffer is too small"));
	CHECK(!strcmp(zstd_get_error_name((size_t)-ZSTD_error_corruption_detected),
		      "Corrupted block detected"));
	CHECK(!strcmp(zstd_get_error_name((size_t)-3), "Unspecified error code"));
	CHECK(!strcmp(zstd_get_error_name((size_t)-ZSTD_error_maxCode), "No error detected"));
	CHECK(!strcmp(ZSTD_getErrorString(ZSTD_error_maxCode), "Unspecified error code"));
	CHECK(!strcmp(ZSTD_getErrorString(ZSTD_error_workSpace_tooSmall),
		      "workSpace buffer is not large enough"));
}

static void levels_and_bounds(void)
{
	CHECK(zstd_min_clevel() == -(1 << 17));
	CHECK(zstd_max_clevel() == 22);
	CHECK(zstd_default_clevel() == ZSTD_CLEVEL_DEFAULT);
	static const size_t sizes[] = { 0, 1, 100, 2048, 131071, 131072, 131073, 1 << 20,
					(size_t)1 << 33 };
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		CHECK_EQ_U64(zstd_compress_bound(sizes[i]), ZSTD_COMPRESSBOUND(sizes[i]));
}

int main(void)
{
	errors();
	levels_and_bounds();
	return finish("test_errors");
}
