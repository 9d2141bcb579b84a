// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite for <linux/xxhash.h>: published vectors (xxHash's README and xxhsum's sanity
 * check), streaming in every split, state copies, the NULL-input error of the update calls.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/xxhash.h>

#define PRIME32 2654435761U
#define SANITY_LEN 101

/* xxhsum's sanity buffer: the top byte of a squaring generator seeded with PRIME32. */
static void sanity_buffer(u8 *buf)
{
	u32 gen = PRIME32;
	int i;

	for (i = 0; i < SANITY_LEN; i++) {
		buf[i] = (u8)(gen >> 24);
		gen *= gen;
	}
}

static const char spam[] = "Nobody inspects the spammish repetition";

static void xxh_string_vectors(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, xxh32("", 0, 0), 0x02CC5D05U);
	KUNIT_EXPECT_EQ(test, xxh32("a", 1, 0), 0x550D7456U);
	KUNIT_EXPECT_EQ(test, xxh32("abc", 3, 0), 0x32D153FFU);
	KUNIT_EXPECT_EQ(test, xxh32(spam, strlen(spam), 0), 0xE2293B2FU);
	KUNIT_EXPECT_EQ(test, xxh64("", 0, 0), 0xEF46DB3751D8E999ULL);
	KUNIT_EXPECT_EQ(test, xxh64("a", 1, 0), 0xD24EC4F1A98C6E5BULL);
	KUNIT_EXPECT_EQ(test, xxh64("abc", 3, 0), 0x44BC2CF5AD770999ULL);
	KUNIT_EXPECT_EQ(test, xxh64(spam, strlen(spam), 0), 0xFBCEA83C8A378BF1ULL);
	/* A NULL input of length 0 hashes like the empty string. */
	KUNIT_EXPECT_EQ(test, xxh64(NULL, 0, 0), 0xEF46DB3751D8E999ULL);
}

static void xxh_sanity_vectors(struct kunit *test)
{
	u8 buf[SANITY_LEN];

	sanity_buffer(buf);
	KUNIT_EXPECT_EQ(test, xxh32(buf, 0, PRIME32), 0x36B78AE7U);
	KUNIT_EXPECT_EQ(test, xxh32(buf, 1, 0), 0xB85CBEE5U);
	KUNIT_EXPECT_EQ(test, xxh32(buf, 1, PRIME32), 0xD5845D64U);
	KUNIT_EXPECT_EQ(test, xxh32(buf, 14, 0), 0xE5AA0AB4U);
	KUNIT_EXPECT_EQ(test, xxh32(buf, 14, PRIME32), 0x4481951DU);
	KUNIT_EXPECT_EQ(test, xxh32(buf, SANITY_LEN, 0), 0x1F1AA412U);
	KUNIT_EXPECT_EQ(test, xxh32(buf, SANITY_LEN, PRIME32), 0x498EC8E2U);
	KUNIT_EXPECT_EQ(test, xxh64(buf, 0, PRIME32), 0xAC75FDA2929B17EFULL);
	KUNIT_EXPECT_EQ(test, xxh64(buf, 1, 0), 0x4FCE394CC88952D8ULL);
	KUNIT_EXPECT_EQ(test, xxh64(buf, 1, PRIME32), 0x739840CB819FA723ULL);
	KUNIT_EXPECT_EQ(test, xxh64(buf, 14, 0), 0xCFFA8DB881BC3A3DULL);
	KUNIT_EXPECT_EQ(test, xxh64(buf, 14, PRIME32), 0x5B9611585EFCC9CBULL);
	KUNIT_EXPECT_EQ(test, xxh64(buf, SANITY_LEN, 0), 0x0EAB543384F878ADULL);
	KUNIT_EXPECT_EQ(test, xxh64(buf, SANITY_LEN, PRIME32), 0xCAA65939306F1E21ULL);
}

#define STREAM_LEN 1000

/* Every split point and chunk size feeds the same bytes: the digest must equal the one-shot. */
static void xxh_streaming_splits(struct kunit *test)
{
	struct xxh32_state s32, c32;
	struct xxh64_state s64, c64;
	u8 *buf = kunit_kmalloc(test, STREAM_LEN, GFP_KERNEL);
	u32 want32, seed32 = 0x9e3779b1;
	u64 want64, seed64 = 0x9e3779b97f4a7c15ULL;
	size_t len, chunk, pos;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < STREAM_LEN; i++)
		buf[i] = (u8)(i * 31 + (i >> 3));

	for (len = 0; len <= 300; len += (len < 70 ? 1 : 23)) {
		want32 = xxh32(buf, len, seed32);
		want64 = xxh64(buf, len, seed64);
		for (chunk = 1; chunk <= 40; chunk += (chunk < 17 ? 1 : 7)) {
			xxh32_reset(&s32, seed32);
			xxh64_reset(&s64, seed64);
			for (pos = 0; pos < len; pos += chunk) {
				size_t n = min(chunk, len - pos);

				KUNIT_ASSERT_EQ(test, xxh32_update(&s32, buf + pos, n), 0);
				KUNIT_ASSERT_EQ(test, xxh64_update(&s64, buf + pos, n), 0);
			}
			KUNIT_ASSERT_EQ_MSG(test, xxh32_digest(&s32), want32,
					    "len %zu chunk %zu", len, chunk);
			KUNIT_ASSERT_EQ_MSG(test, xxh64_digest(&s64), want64,
					    "len %zu chunk %zu", len, chunk);
		}
	}

	/* A copied state continues independently; digest does not consume the state. */
	xxh32_reset(&s32, 0);
	xxh64_reset(&s64, 0);
	xxh32_update(&s32, buf, 333);
	xxh64_update(&s64, buf, 333);
	xxh32_copy_state(&c32, &s32);
	xxh64_copy_state(&c64, &s64);
	KUNIT_EXPECT_EQ(test, xxh32_digest(&c32), xxh32(buf, 333, 0));
	KUNIT_EXPECT_EQ(test, xxh64_digest(&c64), xxh64(buf, 333, 0));
	xxh32_update(&s32, buf + 333, STREAM_LEN - 333);
	xxh64_update(&s64, buf + 333, STREAM_LEN - 333);
	KUNIT_EXPECT_EQ(test, xxh32_digest(&s32), xxh32(buf, STREAM_LEN, 0));
	KUNIT_EXPECT_EQ(test, xxh64_digest(&s64), xxh64(buf, STREAM_LEN, 0));
	KUNIT_EXPECT_EQ(test, xxh32_digest(&c32), xxh32(buf, 333, 0));
	KUNIT_EXPECT_EQ(test, xxh64_digest(&c64), xxh64(buf, 333, 0));
}

static void xxh_update_null_input(struct kunit *test)
{
	struct xxh32_state s32;
	struct xxh64_state s64;

	xxh32_reset(&s32, 1);
	xxh64_reset(&s64, 1);
	KUNIT_EXPECT_EQ(test, xxh32_update(&s32, NULL, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, xxh64_update(&s64, NULL, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, xxh32_update(&s32, "", 0), 0);
	KUNIT_EXPECT_EQ(test, xxh64_update(&s64, "", 0), 0);
	KUNIT_EXPECT_EQ(test, xxh32_digest(&s32), xxh32("", 0, 1));
	KUNIT_EXPECT_EQ(test, xxh64_digest(&s64), xxh64("", 0, 1));
}

static void xxh_state_layout(struct kunit *test)
{
	/* C consumers embed the states by value: the Rust layouts must match. */
	KUNIT_EXPECT_EQ(test, sizeof(struct xxh32_state), (size_t)44);
	KUNIT_EXPECT_EQ(test, sizeof(struct xxh64_state), (size_t)80);
}

static struct kunit_case xxhash_cases[] = {
	KUNIT_CASE(xxh_string_vectors),
	KUNIT_CASE(xxh_sanity_vectors),
	KUNIT_CASE(xxh_streaming_splits),
	KUNIT_CASE(xxh_update_null_input),
	KUNIT_CASE(xxh_state_layout),
	{}
};

static struct kunit_suite xxhash_suite = {
	.name = "rzstd_xxhash",
	.test_cases = xxhash_cases,
};

kunit_test_suite(xxhash_suite);

MODULE_DESCRIPTION("KUnit tests for <linux/xxhash.h>");
MODULE_LICENSE("GPL");
