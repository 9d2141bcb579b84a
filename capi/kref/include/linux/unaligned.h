/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Userspace stand-in for <linux/unaligned.h> (test reference build only). */
#ifndef KREF_LINUX_UNALIGNED_H
#define KREF_LINUX_UNALIGNED_H
#include <linux/types.h>
#include <string.h>
#define KREF_UNALIGNED(type, name)                                              \
	static inline type get_unaligned_##name(const void *p)                  \
	{ type v; memcpy(&v, p, sizeof(v)); return v; }                          \
	static inline void put_unaligned_##name(type v, void *p)                \
	{ memcpy(p, &v, sizeof(v)); }
/* x86-64 and other little-endian hosts only. */
KREF_UNALIGNED(uint16_t, le16)
KREF_UNALIGNED(uint32_t, le32)
KREF_UNALIGNED(uint64_t, le64)
#define get_unaligned(p) ({ __typeof__(*(p)) __v; memcpy(&__v, (p), sizeof(__v)); __v; })
#define put_unaligned(v, p) do { __typeof__(*(p)) __v = (v); memcpy((p), &__v, sizeof(__v)); } while (0)
#endif
