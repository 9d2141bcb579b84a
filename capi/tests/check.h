/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Minimal test helpers for the C ABI tests: CHECK() counts and reports failures. */
#ifndef CAPI_TESTS_CHECK_H
#define CAPI_TESTS_CHECK_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

static unsigned long checks_run, checks_failed;

#define CHECK(cond)                                                              \
	do {                                                                     \
		checks_run++;                                                    \
		if (!(cond)) {                                                   \
			checks_failed++;                                         \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__,   \
				__LINE__, #cond);                                \
		}                                                                \
	} while (0)

#define CHECK_EQ_U64(a, b)                                                       \
	do {                                                                     \
		unsigned long long _a = (a), _b = (b);                           \
		checks_run++;                                                    \
		if (_a != _b) {                                                  \
			checks_failed++;                                         \
			fprintf(stderr, "%s:%d: %s == %s failed: %llu != %llu\n", \
				__FILE__, __LINE__, #a, #b, _a, _b);             \
		}                                                                \
	} while (0)

/* Deterministic pseudo-random bytes (xorshift64*), so failures reproduce. */
static inline uint64_t rng_next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static inline void rng_fill(uint64_t *s, unsigned char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = (unsigned char)(rng_next(s) >> 56);
}

static inline int finish(const char *name)
{
	printf("%s: %lu checks, %lu failed\n", name, checks_run, checks_failed);
	return checks_failed ? 1 : 0;
}
#endif
