// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * The README's C usage example (extracted by run.sh into readme_example.c), compiled
 * in userspace with kvmalloc/kvfree mapped to malloc/free, and its frame decoded back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/zstd.h>

#define GFP_KERNEL 0
#define kvmalloc(size, flags) ((void)(flags), malloc(size))
#define kvfree(p) free(p)

#include "readme_example.c"

int main(void)
{
	static char src[4096], dst[8192], back[4096];
	size_t n, ws_size, m;
	zstd_dctx *dctx;
	void *ws;

	for (size_t i = 0; i < sizeof(src); i++)
		src[i] = "a kernel page "[i % 14];
	n = compress_page(dst, sizeof(dst), src, sizeof(src));
	if (n == 0 || n >= sizeof(src)) {
		fprintf(stderr, "readme example: compress_page returned %zu\n", n);
		return 1;
	}
	ws_size = zstd_dctx_workspace_bound();
	ws = malloc(ws_size);
	dctx = zstd_init_dctx(ws, ws_size);
	m = zstd_decompress_dctx(dctx, back, sizeof(back), dst, n);
	free(ws);
	if (m != sizeof(src) || memcmp(back, src, m)) {
		fprintf(stderr, "readme example: round trip failed (%zu)\n", m);
		return 1;
	}
	printf("readme example: 4096 -> %zu bytes, decoded back\n", n);
	return 0;
}
