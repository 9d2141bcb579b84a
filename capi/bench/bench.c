// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Speed through the C ABI, ours beside the kernel's own C lib/zstd (capi/kref), same
 * process, same inputs: one-shot compression and decompression of 1 MiB slices, and of
 * 4 KiB pages one frame each (as zram does, with zstd_get_params(level, PAGE_SIZE), and as
 * crypto/zstd does, with parameters for an unknown size). Prints MB/s and ours/kernel.
 * Usage: bench FILE...   (`make capi-bench` passes the decompressed corpus)
 */
#include <time.h>
#include "kref.h"
#include "data.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

struct api {
	size_t (*cbound)(const zstd_compression_parameters *);
	zstd_cctx *(*init_cctx)(void *, size_t);
	size_t (*compress)(zstd_cctx *, void *, size_t, const void *, size_t, const zstd_parameters *);
	size_t (*dbound)(void);
	zstd_dctx *(*init_dctx)(void *, size_t);
	size_t (*decompress)(zstd_dctx *, void *, size_t, const void *, size_t);
};
static const struct api ours = { zstd_cctx_workspace_bound, zstd_init_cctx, zstd_compress_cctx,
				 zstd_dctx_workspace_bound, zstd_init_dctx, zstd_decompress_dctx };
static const struct api kern = { kref_zstd_cctx_workspace_bound, kref_zstd_init_cctx,
				 kref_zstd_compress_cctx, kref_zstd_dctx_workspace_bound,
				 kref_zstd_init_dctx, kref_zstd_decompress_dctx };

/* Compresses `n` bytes in `chunk`-sized frames; returns MB/s for compression and
 * decompression and the total compressed size. */
static void run(const struct api *a, const unsigned char *src, size_t n, size_t chunk,
		zstd_parameters p, double *cmbs, double *dmbs, size_t *csize)
{
	size_t cw = a->cbound(&p.cParams), dw = a->dbound();
	void *cws = malloc(cw), *dws = malloc(dw);
	zstd_cctx *c = a->init_cctx(cws, cw);
	zstd_dctx *d = a->init_dctx(dws, dw);
	size_t nchunks = (n + chunk - 1) / chunk, cap = zstd_compress_bound(chunk);
	unsigned char *frames = malloc(nchunks * cap), *back = malloc(chunk);
	size_t *sizes = malloc(nchunks * sizeof(size_t));
	double best_c = 1e9, best_d = 1e9;
	for (int rep = 0; rep < 3; rep++) {
		double t0 = now();
		size_t total = 0;
		for (size_t i = 0; i < nchunks; i++) {
			size_t len = i + 1 < nchunks ? chunk : n - i * chunk;
			sizes[i] = a->compress(c, frames + i * cap, cap, src + i * chunk, len, &p);
			total += sizes[i];
		}
		double t1 = now();
		for (size_t i = 0; i < nchunks; i++) {
			size_t len = i + 1 < nchunks ? chunk : n - i * chunk;
			size_t r = a->decompress(d, back, len, frames + i * cap, sizes[i]);
			if (r != len || memcmp(back, src + i * chunk, len)) {
				fprintf(stderr, "round trip failed\n");
				exit(1);
			}
		}
		double t2 = now();
		if (t1 - t0 < best_c) best_c = t1 - t0;
		if (t2 - t1 < best_d) best_d = t2 - t1;
		*csize = total;
	}
	*cmbs = n / best_c / 1e6;
	*dmbs = n / best_d / 1e6;
	free(cws); free(dws); free(frames); free(back); free(sizes);
}

int main(int argc, char **argv)
{
	printf("%-14s %-22s %9s %9s %6s | %9s %9s %6s | %7s\n", "input", "mode", "c ours", "c kernel",
	       "ratio", "d ours", "d kernel", "ratio", "size");
	for (int f = 1; f < argc; f++) {
		FILE *fp = fopen(argv[f], "rb");
		if (!fp) continue;
		size_t n = 1 << 20;
		unsigned char *src = malloc(n);
		n = fread(src, 1, n, fp);
		fclose(fp);
		const char *name = strrchr(argv[f], '/') ? strrchr(argv[f], '/') + 1 : argv[f];
		static const int levels[] = { 1, 3, 9 };
		for (int li = 0; li < 3; li++) {
			struct { const char *mode; size_t chunk; zstd_parameters p; } modes[] = {
				{ "1 MiB", n, zstd_get_params(levels[li], n) },
				{ "4 KiB pages (zram)", 4096, zstd_get_params(levels[li], 4096) },
				{ "4 KiB, unknown size", 4096, zstd_get_params(levels[li], 0) },
			};
			for (int m = 0; m < 3; m++) {
				double co, ck, dO, dk;
				size_t so, sk;
				run(&ours, src, n, modes[m].chunk, modes[m].p, &co, &dO, &so);
				run(&kern, src, n, modes[m].chunk, modes[m].p, &ck, &dk, &sk);
				char mode[40];
				snprintf(mode, sizeof(mode), "L%d %s", levels[li], modes[m].mode);
				printf("%-14.14s %-22s %9.1f %9.1f %6.2f | %9.1f %9.1f %6.2f | %7.4f\n",
				       name, mode, co, ck, co / ck, dO, dk, dO / dk, (double)so / sk);
			}
		}
		free(src);
	}
	printf("MB/s of input; ratio = ours / kernel (higher is better); size = ours / kernel\n");
	return 0;
}
