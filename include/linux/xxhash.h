/* SPDX-License-Identifier: GPL-2.0+ OR BSD-2-Clause */
/*
 * <linux/xxhash.h>: XXH32 and XXH64 (Linux 6.12 API), implemented in Rust.
 *
 * One-shot functions hash a buffer; the streaming states below accept input in
 * any number of pieces and give the same result. The states are plain structs
 * that callers embed by value, so their layout is part of the ABI. Hashes are
 * of the little-endian byte stream and do not depend on the host.
 */
#ifndef XXHASH_H
#define XXHASH_H

#include <linux/types.h>

/* XXH32 of length bytes at input. */
uint32_t xxh32(const void *input, size_t length, uint32_t seed);

/* XXH64 of length bytes at input. */
uint64_t xxh64(const void *input, size_t length, uint64_t seed);

/* The hash of the native word size: XXH64 on 64-bit, XXH32 on 32-bit. */
static inline unsigned long xxhash(const void *input, size_t length,
				   uint64_t seed)
{
#if BITS_PER_LONG == 64
	return xxh64(input, length, seed);
#else
	return xxh32(input, length, seed);
#endif
}

/* Streaming XXH32 state; reset it before use. Fields are private. */
struct xxh32_state {
	uint32_t total_len_32;
	uint32_t large_len;
	uint32_t v1;
	uint32_t v2;
	uint32_t v3;
	uint32_t v4;
	uint32_t mem32[4];
	uint32_t memsize;
};

/* Streaming XXH64 state; reset it before use. Fields are private. */
struct xxh64_state {
	uint64_t total_len;
	uint64_t v1;
	uint64_t v2;
	uint64_t v3;
	uint64_t v4;
	uint64_t mem64[4];
	uint32_t memsize;
};

/* Starts a new XXH32 hash with seed. */
void xxh32_reset(struct xxh32_state *state, uint32_t seed);
/* Adds length bytes; returns 0, or -EINVAL when input is NULL. */
int xxh32_update(struct xxh32_state *state, const void *input, size_t length);
/* The hash of all input so far; the state may keep being updated. */
uint32_t xxh32_digest(const struct xxh32_state *state);

void xxh64_reset(struct xxh64_state *state, uint64_t seed);
int xxh64_update(struct xxh64_state *state, const void *input, size_t length);
uint64_t xxh64_digest(const struct xxh64_state *state);

/* Copies a state, e.g. to digest a prefix while hashing continues. */
void xxh32_copy_state(struct xxh32_state *dst, const struct xxh32_state *src);
void xxh64_copy_state(struct xxh64_state *dst, const struct xxh64_state *src);

#endif /* XXHASH_H */
