/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Userspace stand-in for <linux/compiler.h>, to build the kernel's lib/zstd and lib/xxhash
 * as a test reference. */
#ifndef KREF_LINUX_COMPILER_H
#define KREF_LINUX_COMPILER_H
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif
#define noinline __attribute__((noinline))
#define __maybe_unused __attribute__((unused))
#define fallthrough __attribute__((fallthrough))
#endif
