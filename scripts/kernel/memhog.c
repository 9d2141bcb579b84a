// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * rz-memhog: memory pressure with known contents, for the swap scenarios (zram as swap,
 * zswap). Fills MIB MiB of anonymous memory with 4 KiB pages of real data (the corpus slices
 * given as files), each page tagged with its index and the process' seed so no two pages are
 * equal, then reads every page back PASSES times in a scattered order and compares it with
 * what was written. Run inside a memory cgroup whose memory.max is below MIB, every pass
 * swaps pages out and in again. Prints one line; exits 1 on any wrong byte.
 *
 *   rz-memhog MIB PASSES SEED FILE...
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define PAGE 4096

static unsigned char *src;
static size_t src_pages;

static void expected(unsigned char *out, size_t i, uint32_t seed)
{
	size_t s = (i * 7 + (size_t)seed * 977) % src_pages;
	uint64_t tag = ((uint64_t)seed << 32) | (uint64_t)i;

	memcpy(out, src + s * PAGE, PAGE);
	memcpy(out + (i % 8) * 512, &tag, sizeof(tag));
}

int main(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr, "usage: rz-memhog MIB PASSES SEED FILE...\n");
		return 2;
	}
	size_t pages = (size_t)atol(argv[1]) * 256;
	int passes = atoi(argv[2]);
	uint32_t seed = (uint32_t)atol(argv[3]);
	size_t total = 0;

	for (int a = 4; a < argc; a++) {
		struct stat st;

		if (stat(argv[a], &st) != 0) {
			perror(argv[a]);
			return 2;
		}
		total += (size_t)st.st_size / PAGE * PAGE;
	}
	src = malloc(total);
	if (!src || total == 0)
		return 2;
	for (int a = 4; a < argc; a++) {
		int fd = open(argv[a], O_RDONLY);
		struct stat st;
		size_t want, got = 0;

		if (fd < 0 || fstat(fd, &st) != 0)
			return 2;
		want = (size_t)st.st_size / PAGE * PAGE;
		while (got < want) {
			ssize_t n = read(fd, src + src_pages * PAGE + got, want - got);

			if (n <= 0)
				return 2;
			got += (size_t)n;
		}
		src_pages += want / PAGE;
		close(fd);
	}

	unsigned char *mem = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char want[PAGE];
	size_t bad = 0, checked = 0;

	if (mem == MAP_FAILED) {
		perror("mmap");
		return 2;
	}
	for (size_t i = 0; i < pages; i++)
		expected(mem + i * PAGE, i, seed);
	/* A stride coprime with the page count visits every page once per pass, scattered. */
	size_t stride = 1021;
	while (pages % stride == 0)
		stride += 2;
	for (int p = 0; p < passes; p++) {
		size_t i = (size_t)p * 131 % pages;

		for (size_t k = 0; k < pages; k++, i = (i + stride) % pages) {
			expected(want, i, seed);
			checked++;
			if (memcmp(mem + i * PAGE, want, PAGE) != 0) {
				if (bad < 5)
					fprintf(stderr, "rz-memhog %u: page %zu differs (pass %d)\n",
						seed, i, p);
				bad++;
			}
		}
	}
	printf("rz-memhog seed=%u pages=%zu checked=%zu bad=%zu\n", seed, pages, checked, bad);
	return bad ? 1 : 0;
}
