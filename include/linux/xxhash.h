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

/**
 * xxh32() - XXH32 of a buffer
 * @input:  the data to hash
 * @length: number of bytes at @input
 * @seed:   seed; different seeds give independent hashes
 *
 * Return: the 32-bit hash.
 */
uint32_t xxh32(const void *input, size_t length, uint32_t seed);

/**
 * xxh64() - XXH64 of a buffer
 * @input:  the data to hash
 * @length: number of bytes at @input
 * @seed:   seed; different seeds give independent hashes
 *
 * Return: the 64-bit hash.
 */
uint64_t xxh64(const void *input, size_t length, uint64_t seed);

/**
 * xxhash() - the xxHash of the machine's word size
 * @input:  the data to hash
 * @length: number of bytes at @input
 * @seed:   seed; on 32-bit machines only its low 32 bits are used
 *
 * For hashes that are only compared on the same machine, where the faster
 * variant for the word size is preferred.
 *
 * Return: xxh64() on 64-bit machines, xxh32() on 32-bit machines.
 */
static inline unsigned long xxhash(const void *input, size_t length,
				   uint64_t seed)
{
#if BITS_PER_LONG == 64
	return xxh64(input, length, seed);
#else
	return xxh32(input, length, seed);
#endif
}

/**
 * struct xxh32_state - state of a streaming XXH32
 * @total_len_32: number of bytes hashed, modulo 2^32
 * @large_len:    whether 16 or more bytes have been hashed
 * @v1:           first accumulator
 * @v2:           second accumulator
 * @v3:           third accumulator
 * @v4:           fourth accumulator
 * @mem32:        input not yet consumed (less than one 16-byte stripe)
 * @memsize:      number of bytes in @mem32
 *
 * Callers embed it and must call xxh32_reset() before use; the fields are
 * private to the implementation.
 */
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

/**
 * struct xxh64_state - state of a streaming XXH64
 * @total_len: number of bytes hashed
 * @v1:        first accumulator
 * @v2:        second accumulator
 * @v3:        third accumulator
 * @v4:        fourth accumulator
 * @mem64:     input not yet consumed (less than one 32-byte stripe)
 * @memsize:   number of bytes in @mem64
 *
 * Callers embed it and must call xxh64_reset() before use; the fields are
 * private to the implementation.
 */
struct xxh64_state {
	uint64_t total_len;
	uint64_t v1;
	uint64_t v2;
	uint64_t v3;
	uint64_t v4;
	uint64_t mem64[4];
	uint32_t memsize;
};

/**
 * xxh32_reset() - start a streaming XXH32
 * @state: the state to initialize
 * @seed:  the seed, as for xxh32()
 */
void xxh32_reset(struct xxh32_state *state, uint32_t seed);

/**
 * xxh32_update() - add data to a streaming XXH32
 * @state:  a state set up by xxh32_reset()
 * @input:  the data
 * @length: number of bytes at @input
 *
 * Any split of the data into updates gives the same hash as xxh32() of the
 * whole.
 *
 * Return: 0, or -EINVAL when @input is NULL.
 */
int xxh32_update(struct xxh32_state *state, const void *input, size_t length);

/**
 * xxh32_digest() - the XXH32 of the data added so far
 * @state: the state; it is not changed, so updates may continue
 *
 * Return: the 32-bit hash.
 */
uint32_t xxh32_digest(const struct xxh32_state *state);

/**
 * xxh64_reset() - start a streaming XXH64
 * @state: the state to initialize
 * @seed:  the seed, as for xxh64()
 */
void xxh64_reset(struct xxh64_state *state, uint64_t seed);

/**
 * xxh64_update() - add data to a streaming XXH64
 * @state:  a state set up by xxh64_reset()
 * @input:  the data
 * @length: number of bytes at @input
 *
 * Any split of the data into updates gives the same hash as xxh64() of the
 * whole.
 *
 * Return: 0, or -EINVAL when @input is NULL.
 */
int xxh64_update(struct xxh64_state *state, const void *input, size_t length);

/**
 * xxh64_digest() - the XXH64 of the data added so far
 * @state: the state; it is not changed, so updates may continue
 *
 * Return: the 64-bit hash.
 */
uint64_t xxh64_digest(const struct xxh64_state *state);

/**
 * xxh32_copy_state() - copy a streaming XXH32 state
 * @dst: destination state
 * @src: source state
 *
 * For example, to digest a common prefix once and continue from it several
 * times.
 */
void xxh32_copy_state(struct xxh32_state *dst, const struct xxh32_state *src);

/**
 * xxh64_copy_state() - copy a streaming XXH64 state
 * @dst: destination state
 * @src: source state
 */
void xxh64_copy_state(struct xxh64_state *dst, const struct xxh64_state *src);

#endif /* XXHASH_H */
