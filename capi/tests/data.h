/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Deterministic test inputs and a counting zstd_custom_mem for the C tests. */
#ifndef CAPI_TESTS_DATA_H
#define CAPI_TESTS_DATA_H
#include <linux/zstd.h>
#include "check.h"

/* Text-like data: words from a small vocabulary, numbers, and now and then random
 * bytes, so it compresses like real files do (about 3-4x) but not trivially. */
static inline void make_text(uint64_t seed, unsigned char *buf, size_t n)
{
	static const char *const words[] = {
		"the ", "zstd ", "kernel ", "block ", "frame ", "window ", "offset ",
		"literal ", "sequence ", "Huffman ", "FSE ", "btrfs ", "squashfs ",
		"zram ", "page ", "return ", "struct ", "static ", "int ", "size_t ",
		"\n", "{\n\t", "}\n", "(", ")", ";\n", "if (", "0x", "->", " = ",
	};
	uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
	size_t i = 0;
	while (i < n) {
		uint64_t r = rng_next(&s);
		if (r % 23 == 0) {
			size_t k = (r >> 8) % 12;
			while (k-- && i < n)
				buf[i++] = (unsigned char)rng_next(&s);
			continue;
		}
		const char *w = words[(r >> 16) % (sizeof(words) / sizeof(words[0]))];
		while (*w && i < n)
			buf[i++] = (unsigned char)*w++;
		if (r % 7 == 0) {
			char num[24];
			int len = snprintf(num, sizeof(num), "%u", (unsigned)(r >> 40) % 100000);
			for (int j = 0; j < len && i < n; j++)
				buf[i++] = (unsigned char)num[j];
		}
	}
}

/* A zstd_custom_mem that counts blocks and bytes, to prove everything is returned. */
struct alloc_stats {
	long blocks;
	long long bytes;
	long total_allocs;
	int fail_after; /* when > 0: the n-th allocation from now fails */
};

struct alloc_header {
	size_t size;
	size_t pad; /* keeps the user block 16-byte aligned */
};

static void *counting_alloc(void *opaque, size_t size)
{
	struct alloc_stats *st = opaque;
	if (st->fail_after > 0 && --st->fail_after == 0)
		return NULL;
	struct alloc_header *h = malloc(sizeof(*h) + size);
	if (!h)
		return NULL;
	h->size = size;
	st->blocks++;
	st->bytes += (long long)size;
	st->total_allocs++;
	return h + 1;
}

static void counting_free(void *opaque, void *address)
{
	struct alloc_stats *st = opaque;
	if (!address)
		return;
	struct alloc_header *h = (struct alloc_header *)address - 1;
	st->blocks--;
	st->bytes -= (long long)h->size;
	free(h);
}

static inline zstd_custom_mem counting_mem(struct alloc_stats *st)
{
	zstd_custom_mem m = { counting_alloc, counting_free, st };
	return m;
}
#endif
