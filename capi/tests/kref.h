/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/*
 * The kernel's own C implementation (capi/kref/build.sh: Linux 6.12 lib/zstd and
 * lib/xxhash compiled in userspace, names prefixed kref_), declared with the types of our
 * headers, whose layouts capi/abi/check.sh proves identical to 6.12's.
 */
#ifndef CAPI_TESTS_KREF_H
#define CAPI_TESTS_KREF_H
#include <linux/zstd.h>
#include <linux/xxhash.h>

uint32_t kref_xxh32(const void *input, size_t length, uint32_t seed);
uint64_t kref_xxh64(const void *input, size_t length, uint64_t seed);
void kref_xxh32_reset(struct xxh32_state *state, uint32_t seed);
int kref_xxh32_update(struct xxh32_state *state, const void *input, size_t length);
uint32_t kref_xxh32_digest(const struct xxh32_state *state);
void kref_xxh64_reset(struct xxh64_state *state, uint64_t seed);
int kref_xxh64_update(struct xxh64_state *state, const void *input, size_t length);
uint64_t kref_xxh64_digest(const struct xxh64_state *state);
void kref_xxh32_copy_state(struct xxh32_state *dst, const struct xxh32_state *src);
void kref_xxh64_copy_state(struct xxh64_state *dst, const struct xxh64_state *src);

ZSTD_ErrorCode kref_ZSTD_getErrorCode(size_t functionResult);
const char *kref_ZSTD_getErrorString(ZSTD_ErrorCode code);
size_t kref_zstd_compress_bound(size_t src_size);
unsigned int kref_zstd_is_error(size_t code);
zstd_error_code kref_zstd_get_error_code(size_t code);
const char *kref_zstd_get_error_name(size_t code);
int kref_zstd_min_clevel(void);
int kref_zstd_max_clevel(void);
int kref_zstd_default_clevel(void);
zstd_parameters kref_zstd_get_params(int level, unsigned long long estimated_src_size);
zstd_compression_parameters kref_zstd_get_cparams(int level,
	unsigned long long estimated_src_size, size_t dict_size);
size_t kref_zstd_cctx_workspace_bound(const zstd_compression_parameters *parameters);
zstd_cctx *kref_zstd_init_cctx(void *workspace, size_t workspace_size);
size_t kref_zstd_compress_cctx(zstd_cctx *cctx, void *dst, size_t dst_capacity,
	const void *src, size_t src_size, const zstd_parameters *parameters);
zstd_cctx *kref_zstd_create_cctx_advanced(zstd_custom_mem custom_mem);
size_t kref_zstd_free_cctx(zstd_cctx *cctx);
zstd_cdict *kref_zstd_create_cdict_byreference(const void *dict, size_t dict_size,
	zstd_compression_parameters cparams, zstd_custom_mem custom_mem);
size_t kref_zstd_free_cdict(zstd_cdict *cdict);
size_t kref_zstd_compress_using_cdict(zstd_cctx *cctx, void *dst,
	size_t dst_capacity, const void *src, size_t src_size, const zstd_cdict *cdict);
size_t kref_zstd_dctx_workspace_bound(void);
zstd_dctx *kref_zstd_init_dctx(void *workspace, size_t workspace_size);
size_t kref_zstd_decompress_dctx(zstd_dctx *dctx, void *dst, size_t dst_capacity,
	const void *src, size_t src_size);
zstd_ddict *kref_zstd_create_ddict_byreference(const void *dict, size_t dict_size,
	zstd_custom_mem custom_mem);
size_t kref_zstd_free_ddict(zstd_ddict *ddict);
zstd_dctx *kref_zstd_create_dctx_advanced(zstd_custom_mem custom_mem);
size_t kref_zstd_free_dctx(zstd_dctx *dctx);
size_t kref_zstd_decompress_using_ddict(zstd_dctx *dctx, void *dst,
	size_t dst_capacity, const void *src, size_t src_size, const zstd_ddict *ddict);
size_t kref_zstd_cstream_workspace_bound(const zstd_compression_parameters *cparams);
zstd_cstream *kref_zstd_init_cstream(const zstd_parameters *parameters,
	unsigned long long pledged_src_size, void *workspace, size_t workspace_size);
size_t kref_zstd_reset_cstream(zstd_cstream *cstream, unsigned long long pledged_src_size);
size_t kref_zstd_compress_stream(zstd_cstream *cstream, zstd_out_buffer *output,
	zstd_in_buffer *input);
size_t kref_zstd_flush_stream(zstd_cstream *cstream, zstd_out_buffer *output);
size_t kref_zstd_end_stream(zstd_cstream *cstream, zstd_out_buffer *output);
size_t kref_zstd_dstream_workspace_bound(size_t max_window_size);
zstd_dstream *kref_zstd_init_dstream(size_t max_window_size, void *workspace,
	size_t workspace_size);
size_t kref_zstd_reset_dstream(zstd_dstream *dstream);
size_t kref_zstd_decompress_stream(zstd_dstream *dstream, zstd_out_buffer *output,
	zstd_in_buffer *input);
size_t kref_zstd_find_frame_compressed_size(const void *src, size_t src_size);
size_t kref_zstd_get_frame_header(zstd_frame_header *params, const void *src,
	size_t src_size);
#endif
