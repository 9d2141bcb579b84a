// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * The memcpy, memmove and memset that both sides of the benchmark call, behaving as
 * x86-64 Linux 6.12's do on a CPU with FSRM (fast short `rep movsb`) and without FSRS
 * (AMD Zen 3 and later, Intel Ice Lake and later): a forward copy is one `rep movsb`, a
 * backward move (destination above an overlapping source) goes by 8-byte words from the
 * end, a fill by 8-byte stores, eight to a step. Without this file the executable takes the weak
 * definitions of Rust's compiler-builtins (three `rep` instructions a copy, each with
 * its start-up cost), which are neither the kernel's nor glibc's, for C and Rust alike.
 *
 * The loops are kept from becoming calls to these very functions, and from vector code
 * that no kernel runs.
 */
#include <stddef.h>
#include <stdint.h>

#define KSTRING __attribute__((optimize("no-tree-loop-distribute-patterns", "no-tree-vectorize")))

static inline void rep_movsb(unsigned char *d, const unsigned char *s, size_t n)
{
	asm volatile("rep movsb" : "+D"(d), "+S"(s), "+c"(n) : : "memory");
}

KSTRING void *memcpy(void *dst, const void *src, size_t n)
{
	rep_movsb(dst, src, n);
	return dst;
}

KSTRING void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d <= s || d >= s + n) {
		rep_movsb(d, s, n);
		return dst;
	}
	/* The destination overlaps the source from above: from the end backwards. */
	while (n >= 8) {
		uint64_t w;

		n -= 8;
		__builtin_memcpy(&w, s + n, 8);
		__builtin_memcpy(d + n, &w, 8);
	}
	while (n) {
		n--;
		d[n] = s[n];
	}
	return dst;
}

KSTRING void *memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	uint64_t w = 0x0101010101010101ull * (unsigned char)c;

	while (n >= 64) {
		__builtin_memcpy(d, &w, 8);
		__builtin_memcpy(d + 8, &w, 8);
		__builtin_memcpy(d + 16, &w, 8);
		__builtin_memcpy(d + 24, &w, 8);
		__builtin_memcpy(d + 32, &w, 8);
		__builtin_memcpy(d + 40, &w, 8);
		__builtin_memcpy(d + 48, &w, 8);
		__builtin_memcpy(d + 56, &w, 8);
		d += 64;
		n -= 64;
	}
	while (n >= 8) {
		__builtin_memcpy(d, &w, 8);
		d += 8;
		n -= 8;
	}
	while (n) {
		*d++ = (unsigned char)c;
		n--;
	}
	return dst;
}
