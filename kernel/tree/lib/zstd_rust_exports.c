// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Exports of the Rust zstd (rust/zstd + rust/zstd-ffi, linked into vmlinux when
 * CONFIG_ZSTD_RUST=y) for modules: the 37 functions of <linux/zstd.h>, exported as
 * lib/zstd/zstd_{compress,decompress}_module.c export them. Rust cannot emit EXPORT_SYMBOL
 * in Linux 6.12, so the exports sit here next to the unchanged prototypes.
 */
#include <linux/export.h>
#include <linux/module.h>
#include <linux/zstd.h>
#ifdef CONFIG_X86_64
#include <asm/cpufeature.h>
#endif

/* Errors and levels. */
EXPORT_SYMBOL(zstd_is_error);
EXPORT_SYMBOL(zstd_get_error_code);
EXPORT_SYMBOL(zstd_get_error_name);
EXPORT_SYMBOL(zstd_min_clevel);
EXPORT_SYMBOL(zstd_max_clevel);
EXPORT_SYMBOL(zstd_default_clevel);
EXPORT_SYMBOL(zstd_compress_bound);
/* Parameters and one-shot compression. */
EXPORT_SYMBOL(zstd_get_params);
EXPORT_SYMBOL(zstd_get_cparams);
EXPORT_SYMBOL(zstd_cctx_workspace_bound);
EXPORT_SYMBOL(zstd_init_cctx);
EXPORT_SYMBOL(zstd_compress_cctx);
EXPORT_SYMBOL(zstd_create_cctx_advanced);
EXPORT_SYMBOL(zstd_free_cctx);
EXPORT_SYMBOL(zstd_create_cdict_byreference);
EXPORT_SYMBOL(zstd_free_cdict);
EXPORT_SYMBOL(zstd_compress_using_cdict);
/* One-shot decompression. */
EXPORT_SYMBOL(zstd_dctx_workspace_bound);
EXPORT_SYMBOL(zstd_init_dctx);
EXPORT_SYMBOL(zstd_decompress_dctx);
EXPORT_SYMBOL(zstd_create_ddict_byreference);
EXPORT_SYMBOL(zstd_free_ddict);
EXPORT_SYMBOL(zstd_create_dctx_advanced);
EXPORT_SYMBOL(zstd_free_dctx);
EXPORT_SYMBOL(zstd_decompress_using_ddict);
/* Streaming. */
EXPORT_SYMBOL(zstd_cstream_workspace_bound);
EXPORT_SYMBOL(zstd_init_cstream);
EXPORT_SYMBOL(zstd_reset_cstream);
EXPORT_SYMBOL(zstd_compress_stream);
EXPORT_SYMBOL(zstd_flush_stream);
EXPORT_SYMBOL(zstd_end_stream);
EXPORT_SYMBOL(zstd_dstream_workspace_bound);
EXPORT_SYMBOL(zstd_init_dstream);
EXPORT_SYMBOL(zstd_reset_dstream);
EXPORT_SYMBOL(zstd_decompress_stream);
/* Frames. */
EXPORT_SYMBOL(zstd_find_frame_compressed_size);
EXPORT_SYMBOL(zstd_get_frame_header);

/*
 * The CPU check of rust/zstd-ffi/src/cpu.rs: whether the hot loops may run their BMI2
 * variant (as lib/zstd's ZSTD_cpuSupportsBmi2() decides, plus LZCNT, which the variant
 * is also compiled for). Not exported: only the Rust code in vmlinux calls it.
 */
#ifdef CONFIG_X86_64
bool rzstd_cpu_has_bmi2(void);
bool rzstd_cpu_has_bmi2(void)
{
	return boot_cpu_has(X86_FEATURE_BMI1) && boot_cpu_has(X86_FEATURE_BMI2) &&
	       boot_cpu_has(X86_FEATURE_ABM);
}
#endif

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("Zstd (Rust implementation)");
