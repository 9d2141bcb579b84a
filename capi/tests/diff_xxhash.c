// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Differential: our xxhash against the kernel's lib/xxhash.c on random inputs, seeds and
 * splits; states are interchangeable (a state reset and fed by one side is continued and
 * digested by the other), which also shows the struct layouts agree in meaning.
 */
#include "kref.h"
#include "check.h"

int main(void)
{
	static unsigned char buf[70000];
	uint64_t rng = 42;
	rng_fill(&rng, buf, sizeof(buf));
	for (int round = 0; round < 3000; round++) {
		size_t len = round < 300 ? (size_t)round : rng_next(&rng) % (round % 10 ? 600 : sizeof(buf));
		size_t off = rng_next(&rng) % 16; /* unaligned starts too */
		const unsigned char *p = buf + off;
		uint64_t seed = round % 4 ? rng_next(&rng) : 0;
		CHECK_EQ_U64(xxh32(p, len, (uint32_t)seed), kref_xxh32(p, len, (uint32_t)seed));
		CHECK_EQ_U64(xxh64(p, len, seed), kref_xxh64(p, len, seed));

		struct xxh32_state a32, b32;
		struct xxh64_state a64, b64;
		memset(&a32, 0, sizeof(a32)); memset(&b32, 0, sizeof(b32));
		memset(&a64, 0xAA, sizeof(a64)); memset(&b64, 0xAA, sizeof(b64));
		xxh32_reset(&a32, (uint32_t)seed);
		kref_xxh32_reset(&b32, (uint32_t)seed);
		xxh64_reset(&a64, seed);
		kref_xxh64_reset(&b64, seed);
		CHECK(!memcmp(&a32, &b32, sizeof(a32)));
		CHECK(!memcmp(&a64, &b64, offsetof(struct xxh64_state, memsize) + 4));
		size_t pos = 0;
		int turn = 0;
		while (pos < len) {
			size_t n = rng_next(&rng) % 50;
			if (n > len - pos)
				n = len - pos;
			/* Alternate which implementation feeds the shared state. */
			if (turn++ & 1) {
				CHECK(xxh32_update(&a32, p + pos, n) == 0);
				CHECK(kref_xxh64_update(&a64, p + pos, n) == 0);
			} else {
				CHECK(kref_xxh32_update(&a32, p + pos, n) == 0);
				CHECK(xxh64_update(&a64, p + pos, n) == 0);
			}
			CHECK(kref_xxh32_update(&b32, p + pos, n) == 0);
			CHECK(kref_xxh64_update(&b64, p + pos, n) == 0);
			pos += n;
		}
		CHECK_EQ_U64(xxh32_digest(&a32), kref_xxh32_digest(&b32));
		CHECK_EQ_U64(kref_xxh32_digest(&a32), kref_xxh32_digest(&b32));
		CHECK_EQ_U64(xxh64_digest(&a64), kref_xxh64_digest(&b64));
		CHECK_EQ_U64(kref_xxh64_digest(&a64), kref_xxh64_digest(&b64));
		xxh64_copy_state(&b64, &a64);
		CHECK_EQ_U64(kref_xxh64_digest(&b64), kref_xxh64(p, len, seed));
	}
	CHECK(xxh32_update(&(struct xxh32_state){ 0 }, NULL, 1) ==
	      kref_xxh32_update(&(struct xxh32_state){ 0 }, NULL, 1));
	return finish("diff_xxhash");
}
