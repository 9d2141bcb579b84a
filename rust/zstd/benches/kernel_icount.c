// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Decoder instruction counts (kernel-icount.sh): decompresses the first 1 MiB of FILE,
 * compressed by the kernel's C at LEVEL in CHUNK-byte frames (zstd_get_params(LEVEL,
 * CHUNK), frames cached in CACHE), one zstd_decompress_dctx() per frame, with ours (r) or
 * the kernel's C (c). Only dec_all() is counted (callgrind --toggle-collect=dec_all).
 * Usage: kernel_icount r|c FILE LEVEL CHUNK CACHE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kref.h"

typedef size_t (*dfn)(zstd_dctx *, void *, size_t, const void *, size_t);
static unsigned char *frames, *back;
static size_t *sizes;
__attribute__((noinline)) void dec_all(dfn dec, zstd_dctx *d, size_t n, size_t chunk, size_t cap, int reps)
{
	size_t nchunks = (n + chunk - 1) / chunk;
	for (int r = 0; r < reps; r++)
	for (size_t i = 0; i < nchunks; i++) {
		size_t len = i + 1 < nchunks ? chunk : n - i * chunk;
		size_t got = dec(d, back + i * chunk, len, frames + i * cap, sizes[i]);
		if (got != len) { fprintf(stderr, "bad %zu\n", got); exit(1); }
	}
}
int main(int argc, char **argv)
{
	const char *impl = argv[1], *file = argv[2];
	int level = atoi(argv[3]);
	size_t chunk = strtoul(argv[4], 0, 0), n = 1 << 20;
	int reps = 1;
	unsigned char *src = malloc(n);
	FILE *fp = fopen(file, "rb");
	if (argc < 6 || !fp || fread(src, 1, n, fp) != n) return 2;
	zstd_parameters p = kref_zstd_get_params(level, chunk);
	size_t cw = kref_zstd_cctx_workspace_bound(&p.cParams);
	zstd_cctx *c = kref_zstd_init_cctx(calloc(1, cw), cw);
	size_t nchunks = (n + chunk - 1) / chunk, cap = kref_zstd_compress_bound(chunk);
	frames = malloc(nchunks * cap); back = malloc(n); sizes = malloc(nchunks * sizeof(size_t));
	size_t total = 0;
	char cpath[512];
	const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	snprintf(cpath, sizeof cpath, "%s/%s.%d.%zu", argv[5], base, level, chunk);
	FILE *cf = fopen(cpath, "rb");
	if (cf) {
		if (fread(sizes, sizeof(size_t), nchunks, cf) != nchunks || fread(frames, 1, nchunks * cap, cf) != nchunks * cap) return 3;
		fclose(cf);
	} else {
		for (size_t i = 0; i < nchunks; i++) {
			size_t len = i + 1 < nchunks ? chunk : n - i * chunk;
			sizes[i] = kref_zstd_compress_cctx(c, frames + i * cap, cap, src + i * chunk, len, &p);
		}
		cf = fopen(cpath, "wb");
		fwrite(sizes, sizeof(size_t), nchunks, cf); fwrite(frames, 1, nchunks * cap, cf); fclose(cf);
	}
	for (size_t i = 0; i < nchunks; i++) total += sizes[i];
	int ours = impl[0] == 'r';
	size_t dw = ours ? zstd_dctx_workspace_bound() : kref_zstd_dctx_workspace_bound();
	void *dws = malloc(dw);
	zstd_dctx *d = ours ? zstd_init_dctx(dws, dw) : kref_zstd_init_dctx(dws, dw);
	dec_all(ours ? zstd_decompress_dctx : kref_zstd_decompress_dctx, d, n, chunk, cap, reps);
	if (memcmp(back, src, n)) { fprintf(stderr, "mismatch\n"); return 1; }
	fprintf(stderr, "ok %s %s L%d chunk %zu csize %zu\n", impl, file, level, chunk, total);
	return 0;
}
