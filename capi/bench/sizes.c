// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Compressed sizes of our C ABI against the kernel's own lib/zstd, levels 1-19, on the
 * first 1 MiB of each file (SIZES_BYTES=n: its first n bytes): as one frame, as 128 KiB
 * frames (btrfs) and as 4 KiB pages (zram), each frame with zstd_get_params(level, frame
 * size) and one reused context, as the consumers do. Every frame of ours is decoded by
 * the kernel's C and compared. Prints a Markdown table; exits 1 when a frame fails, or
 * when a size exceeds C's by more than SIZES_MAX_PCT percent (default 0.5).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/zstd.h>
#include "kref.h"

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		perror("malloc");
		exit(2);
	}
	return p;
}

/* Total compressed bytes of `in` cut into `chunk`-byte frames; 0 on any failure. */
static size_t total(int ours, const unsigned char *in, size_t len, size_t chunk, int level,
		    unsigned char *dec)
{
	zstd_parameters p = ours ? zstd_get_params(level, chunk) :
				   kref_zstd_get_params(level, chunk);
	size_t ws = ours ? zstd_cctx_workspace_bound(&p.cParams) :
			   kref_zstd_cctx_workspace_bound(&p.cParams);
	void *w = xmalloc(ws);
	zstd_cctx *c = ours ? zstd_init_cctx(w, ws) : kref_zstd_init_cctx(w, ws);
	size_t dws = kref_zstd_dctx_workspace_bound();
	void *dw = xmalloc(dws);
	void *d = kref_zstd_init_dctx(dw, dws);
	size_t cap = kref_zstd_compress_bound(chunk), sum = 0;
	unsigned char *out = xmalloc(cap);

	if (!c || !d)
		return 0;
	for (size_t off = 0; off < len; off += chunk) {
		size_t n = len - off < chunk ? len - off : chunk, r;

		r = ours ? zstd_compress_cctx(c, out, cap, in + off, n, &p) :
			   kref_zstd_compress_cctx(c, out, cap, in + off, n, &p);
		if (ours ? zstd_is_error(r) : kref_zstd_is_error(r))
			return 0;
		if (ours) {
			size_t k = kref_zstd_decompress_dctx(d, dec, n, out, r);

			if (kref_zstd_is_error(k) || k != n || memcmp(dec, in + off, n)) {
				fprintf(stderr, "level %d chunk %zu: C cannot decode our frame at %zu\n",
					level, chunk, off);
				return 0;
			}
		}
		sum += r;
	}
	free(out);
	free(w);
	free(dw);
	return sum;
}

int main(int argc, char **argv)
{
	size_t chunks[] = { 1 << 20, 128 << 10, 4096 };
	const char *names[] = { "1 MiB", "128 KiB frames", "4 KiB pages" };
	const char *env = getenv("SIZES_MAX_PCT");
	size_t want = getenv("SIZES_BYTES") ? strtoul(getenv("SIZES_BYTES"), NULL, 0) : 1 << 20;
	double max_pct = env ? atof(env) : 0.5, worst = -100;
	int bad = 0, first = 1, last = 19;

	if (getenv("SIZES_LEVELS"))
		sscanf(getenv("SIZES_LEVELS"), "%d-%d", &first, &last);
	printf("| file | shape | level | kernel C bytes | ours bytes | ours / C |\n");
	printf("| --- | --- | --- | --- | --- | --- |\n");
	for (int f = 1; f < argc; f++) {
		FILE *fp = fopen(argv[f], "rb");
		unsigned char *in = xmalloc(want), *dec = xmalloc(want);
		size_t len;
		const char *base = strrchr(argv[f], '/');

		if (!fp) {
			perror(argv[f]);
			return 2;
		}
		len = fread(in, 1, want, fp);
		/* The first shape is the whole input as one frame. */
		chunks[0] = len;
		if (len != 1 << 20)
			names[0] = "one frame";
		fclose(fp);
		base = base ? base + 1 : argv[f];
		for (int s = 0; s < 3; s++)
			for (int l = first; l <= last; l++) {
				size_t c = total(0, in, len, chunks[s], l, dec);
				size_t o = total(1, in, len, chunks[s], l, dec);
				double pct;

				if (!c || !o) {
					printf("| %s | %s | %d | %zu | FAILED | |\n", base, names[s], l, c);
					bad = 1;
					continue;
				}
				pct = 100.0 * ((double)o / c - 1);
				if (pct > worst)
					worst = pct;
				printf("| %s | %s | %d | %zu | %zu | %.4f%s |\n", base, names[s], l, c, o,
				       (double)o / c, pct > max_pct ? " **over**" : "");
				if (pct > max_pct)
					bad = 1;
			}
		free(in);
		free(dec);
	}
	printf("\nworst: %+.2f%% against C (limit +%.2f%%)\n", worst, max_pct);
	return bad;
}
