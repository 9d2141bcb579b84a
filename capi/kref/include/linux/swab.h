/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Userspace stand-in for <linux/swab.h> (test reference build only). */
#ifndef KREF_LINUX_SWAB_H
#define KREF_LINUX_SWAB_H
#define swab16(x) __builtin_bswap16(x)
#define swab32(x) __builtin_bswap32(x)
#define swab64(x) __builtin_bswap64(x)
#endif
