// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/* <linux/xxhash.h> through libkzstd.a: published vectors, streaming, copy_state, -EINVAL. */
#include <linux/xxhash.h>
#include "check.h"

static const char spam[] = "Nobody inspects the spammish repetition";

static void vectors(void)
{
	CHECK_EQ_U64(xxh32("", 0, 0), 0x02CC5D05u);
	CHECK_EQ_U64(xxh32(NULL, 0, 0), 0x02CC5D05u);
	CHECK_EQ_U64(xxh32("a", 1, 0), 0x550D7456u);
	CHECK_EQ_U64(xxh32("abc", 3, 0), 0x32D153FFu);
	CHECK_EQ_U64(xxh32(spam, strlen(spam), 0), 0xE2293B2Fu);
	CHECK_EQ_U64(xxh64("", 0, 0), 0xEF46DB3751D8E999ull);
	CHECK_EQ_U64(xxh64("a", 1, 0), 0xD24EC4F1A98C6E5Bull);
	CHECK_EQ_U64(xxh64("abc", 3, 0), 0x44BC2CF5AD770999ull);
	CHECK_EQ_U64(xxh64(spam, strlen(spam), 0), 0xFBCEA83C8A378BF1ull);
	/* xxhash() is XXH64 on 64-bit hosts. */
	CHECK_EQ_U64(xxhash(spam, strlen(spam), 0),
		     sizeof(long) == 8 ? 0xFBCEA83C8A378BF1ull : 0xE2293B2Fu);
}

static void streaming(void)
{
	static unsigned char buf[5000];
	uint64_t rng = 0x1234567;
	rng_fill(&rng, buf, sizeof(buf));
	for (int round = 0; round < 200; round++) {
		size_t len = rng_next(&rng) % sizeof(buf);
		uint64_t seed = round % 3 ? rng_next(&rng) : 0;
		struct xxh32_state s32, c32;
		struct xxh64_state s64, c64;
		xxh32_reset(&s32, (uint32_t)seed);
		xxh64_reset(&s64, seed);
		size_t pos = 0, half = len / 2;
		while (pos < len) {
			size_t n = rng_next(&rng) % 40;
			if (n > len - pos)
				n = len - pos;
			CHECK(xxh32_update(&s32, buf + pos, n) == 0);
			CHECK(xxh64_update(&s64, buf + pos, n) == 0);
			pos += n;
			if (pos >= half && half) {
				/* A copy digests the prefix while the original keeps going. */
				xxh32_copy_state(&c32, &s32);
				xxh64_copy_state(&c64, &s64);
				CHECK_EQ_U64(xxh32_digest(&c32), xxh32(buf, pos, (uint32_t)seed));
				CHECK_EQ_U64(xxh64_digest(&c64), xxh64(buf, pos, seed));
				half = 0;
			}
		}
		CHECK_EQ_U64(xxh32_digest(&s32), xxh32(buf, len, (uint32_t)seed));
		CHECK_EQ_U64(xxh64_digest(&s64), xxh64(buf, len, seed));
		/* Digest does not change the state. */
		CHECK_EQ_U64(xxh64_digest(&s64), xxh64(buf, len, seed));
	}
}

static void null_input(void)
{
	struct xxh32_state s32;
	struct xxh64_state s64;
	xxh32_reset(&s32, 7);
	xxh64_reset(&s64, 7);
	CHECK(xxh32_update(&s32, NULL, 0) == -22);
	CHECK(xxh64_update(&s64, NULL, 5) == -22);
	CHECK(xxh32_update(&s32, "", 0) == 0);
	CHECK_EQ_U64(xxh32_digest(&s32), xxh32("", 0, 7));
	CHECK_EQ_U64(xxh64_digest(&s64), xxh64("", 0, 7));
	CHECK(sizeof(struct xxh32_state) == 44);
	CHECK(sizeof(struct xxh64_state) == 80);
}

int main(void)
{
	vectors();
	streaming();
	null_input();
	return finish("test_xxhash");
}
