// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Exports of the Rust xxhash (rust/xxhash + C ABI glue, linked into vmlinux) for modules.
 * Rust code cannot emit EXPORT_SYMBOL in Linux 6.12, so the exports sit here, next to the
 * unchanged prototypes of <linux/xxhash.h>, exactly as lib/xxhash.c exported them.
 */
#include <linux/export.h>
#include <linux/module.h>
#include <linux/xxhash.h>

EXPORT_SYMBOL(xxh32_copy_state);
EXPORT_SYMBOL(xxh64_copy_state);
EXPORT_SYMBOL(xxh32);
EXPORT_SYMBOL(xxh64);
EXPORT_SYMBOL(xxh32_reset);
EXPORT_SYMBOL(xxh64_reset);
EXPORT_SYMBOL(xxh32_update);
EXPORT_SYMBOL(xxh32_digest);
EXPORT_SYMBOL(xxh64_update);
EXPORT_SYMBOL(xxh64_digest);

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("xxHash (Rust implementation)");
