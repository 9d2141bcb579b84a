/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Userspace stand-in for <linux/decompress/mm.h>, so that the kernel's own
 * lib/decompress_unzstd.c (initramfs / boot decompressor) builds as a test consumer. */
#ifndef CAPI_CONSUMER_DECOMPRESS_MM_H
#define CAPI_CONSUMER_DECOMPRESS_MM_H
#include <stdlib.h>
#include <stdint.h>
#define large_malloc(a) malloc(a)
#define large_free(a) free(a)
#define INIT
#define STATIC
#endif
