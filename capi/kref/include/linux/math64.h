/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Userspace stand-in for <linux/math64.h> (test reference build only). */
#ifndef KREF_LINUX_MATH64_H
#define KREF_LINUX_MATH64_H
#include <linux/types.h>
static inline uint64_t div_u64(uint64_t dividend, uint32_t divisor) { return dividend / divisor; }
#endif
