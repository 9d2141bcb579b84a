/* SPDX-License-Identifier: GPL-2.0+ OR BSD-3-Clause */
/*
 * <linux/zstd.h>: the kernel's zstd API (Linux 6.12), implemented in Rust.
 *
 * The declarations keep the types, layouts, enum values and prototypes of
 * Linux 6.12 so that btrfs, squashfs, zram, crypto/zstd, f2fs, erofs, pstore,
 * module/firmware decompression and the boot decompressor build unchanged.
 * Contexts live in caller-provided workspaces sized by the *_workspace_bound()
 * functions; only the *_advanced and *_byreference constructors allocate, and only
 * through the zstd_custom_mem they are given.
 *
 * Results of type size_t are a size on success or (size_t)-code on error, where
 * code is a ZSTD_ErrorCode: check them with zstd_is_error().
 */
#ifndef LINUX_ZSTD_H
#define LINUX_ZSTD_H

#include <linux/types.h>
#include <linux/limits.h>
#include <linux/zstd_errors.h>

/* ======   Upstream zstd names used by kernel code   ====== */

/* The zstd release whose behaviour and frame format this API reproduces. */
#define ZSTD_VERSION_MAJOR 1
#define ZSTD_VERSION_MINOR 5
#define ZSTD_VERSION_RELEASE 2
#define ZSTD_VERSION_NUMBER \
	(ZSTD_VERSION_MAJOR * 100 * 100 + ZSTD_VERSION_MINOR * 100 + ZSTD_VERSION_RELEASE)

#ifndef ZSTD_CLEVEL_DEFAULT
#define ZSTD_CLEVEL_DEFAULT 3
#endif

/* Frame magic numbers (RFC 8878 section 3.1), little-endian in the stream. */
#define ZSTD_MAGICNUMBER 0xFD2FB528
#define ZSTD_MAGIC_DICTIONARY 0xEC30A437
#define ZSTD_MAGIC_SKIPPABLE_START 0x184D2A50
#define ZSTD_MAGIC_SKIPPABLE_MASK 0xFFFFFFF0

#define ZSTD_BLOCKSIZELOG_MAX 17
#define ZSTD_BLOCKSIZE_MAX (1 << ZSTD_BLOCKSIZELOG_MAX)

/* Frame content size values that are not sizes. */
#define ZSTD_CONTENTSIZE_UNKNOWN (0ULL - 1)
#define ZSTD_CONTENTSIZE_ERROR (0ULL - 2)

/* Compile-time worst-case compressed size, equal to zstd_compress_bound(). */
#define ZSTD_COMPRESSBOUND(srcSize) \
	((srcSize) + ((srcSize) >> 8) + \
	 (((srcSize) < (128 << 10)) ? (((128 << 10) - (srcSize)) >> 11) : 0))

/* Contexts are opaque: C only ever holds pointers to them. */
typedef struct ZSTD_CCtx_s ZSTD_CCtx;
typedef struct ZSTD_DCtx_s ZSTD_DCtx;
typedef ZSTD_CCtx ZSTD_CStream;
typedef ZSTD_DCtx ZSTD_DStream;
typedef struct ZSTD_CDict_s ZSTD_CDict;
typedef struct ZSTD_DDict_s ZSTD_DDict;

/* Match-finding strategies, from fastest to strongest. */
typedef enum {
	ZSTD_fast = 1,
	ZSTD_dfast = 2,
	ZSTD_greedy = 3,
	ZSTD_lazy = 4,
	ZSTD_lazy2 = 5,
	ZSTD_btlazy2 = 6,
	ZSTD_btopt = 7,
	ZSTD_btultra = 8,
	ZSTD_btultra2 = 9
} ZSTD_strategy;

typedef struct ZSTD_inBuffer_s {
	const void *src;
	size_t size;
	size_t pos;
} ZSTD_inBuffer;

typedef struct ZSTD_outBuffer_s {
	void *dst;
	size_t size;
	size_t pos;
} ZSTD_outBuffer;

typedef enum {
	ZSTD_f_zstd1 = 0,
	ZSTD_f_zstd1_magicless = 1
} ZSTD_format_e;

#define ZSTD_FRAMEHEADERSIZE_PREFIX(format) ((format) == ZSTD_f_zstd1 ? 5 : 1)
#define ZSTD_FRAMEHEADERSIZE_MIN(format) ((format) == ZSTD_f_zstd1 ? 6 : 2)
#define ZSTD_FRAMEHEADERSIZE_MAX 18
#define ZSTD_SKIPPABLEHEADERSIZE 8

/* Parameter limits. */
#define ZSTD_WINDOWLOG_MAX_32 30
#define ZSTD_WINDOWLOG_MAX_64 31
#define ZSTD_WINDOWLOG_MAX \
	((int)(sizeof(size_t) == 4 ? ZSTD_WINDOWLOG_MAX_32 : ZSTD_WINDOWLOG_MAX_64))
#define ZSTD_WINDOWLOG_MIN 10
#define ZSTD_HASHLOG_MAX ((ZSTD_WINDOWLOG_MAX < 30) ? ZSTD_WINDOWLOG_MAX : 30)
#define ZSTD_HASHLOG_MIN 6
#define ZSTD_CHAINLOG_MAX_32 29
#define ZSTD_CHAINLOG_MAX_64 30
#define ZSTD_CHAINLOG_MAX \
	((int)(sizeof(size_t) == 4 ? ZSTD_CHAINLOG_MAX_32 : ZSTD_CHAINLOG_MAX_64))
#define ZSTD_CHAINLOG_MIN ZSTD_HASHLOG_MIN
#define ZSTD_SEARCHLOG_MAX (ZSTD_WINDOWLOG_MAX - 1)
#define ZSTD_SEARCHLOG_MIN 1
#define ZSTD_MINMATCH_MAX 7
#define ZSTD_MINMATCH_MIN 3
#define ZSTD_TARGETLENGTH_MAX ZSTD_BLOCKSIZE_MAX
#define ZSTD_TARGETLENGTH_MIN 0
#define ZSTD_STRATEGY_MIN ZSTD_fast
#define ZSTD_STRATEGY_MAX ZSTD_btultra2
#define ZSTD_OVERLAPLOG_MIN 0
#define ZSTD_OVERLAPLOG_MAX 9
/* Largest window the decoder accepts unless told otherwise. */
#define ZSTD_WINDOWLOG_LIMIT_DEFAULT 27
#define ZSTD_LDM_HASHLOG_MIN ZSTD_HASHLOG_MIN
#define ZSTD_LDM_HASHLOG_MAX ZSTD_HASHLOG_MAX
#define ZSTD_LDM_MINMATCH_MIN 4
#define ZSTD_LDM_MINMATCH_MAX 4096
#define ZSTD_LDM_BUCKETSIZELOG_MIN 1
#define ZSTD_LDM_BUCKETSIZELOG_MAX 8
#define ZSTD_LDM_HASHRATELOG_MIN 0
#define ZSTD_LDM_HASHRATELOG_MAX (ZSTD_WINDOWLOG_MAX - ZSTD_HASHLOG_MIN)
#define ZSTD_TARGETCBLOCKSIZE_MIN 64
#define ZSTD_TARGETCBLOCKSIZE_MAX ZSTD_BLOCKSIZE_MAX
#define ZSTD_SRCSIZEHINT_MIN 0
#define ZSTD_SRCSIZEHINT_MAX INT_MAX

typedef struct {
	unsigned windowLog;
	unsigned chainLog;
	unsigned hashLog;
	unsigned searchLog;
	unsigned minMatch;
	unsigned targetLength;
	ZSTD_strategy strategy;
} ZSTD_compressionParameters;

typedef struct {
	int contentSizeFlag;
	int checksumFlag;
	int noDictIDFlag;
} ZSTD_frameParameters;

typedef struct {
	ZSTD_compressionParameters cParams;
	ZSTD_frameParameters fParams;
} ZSTD_parameters;

typedef enum {
	ZSTD_dct_auto = 0,
	ZSTD_dct_rawContent = 1,
	ZSTD_dct_fullDict = 2
} ZSTD_dictContentType_e;

typedef enum {
	ZSTD_dlm_byCopy = 0,
	ZSTD_dlm_byRef = 1
} ZSTD_dictLoadMethod_e;

typedef void *(*ZSTD_allocFunction)(void *opaque, size_t size);
typedef void (*ZSTD_freeFunction)(void *opaque, void *address);
typedef struct {
	ZSTD_allocFunction customAlloc;
	ZSTD_freeFunction customFree;
	void *opaque;
} ZSTD_customMem;

typedef enum { ZSTD_frame, ZSTD_skippableFrame } ZSTD_frameType_e;

typedef struct {
	unsigned long long frameContentSize;
	unsigned long long windowSize;
	unsigned blockSizeMax;
	ZSTD_frameType_e frameType;
	unsigned headerSize;
	unsigned dictID;
	unsigned checksumFlag;
} ZSTD_frameHeader;

/* ======   Kernel names   ====== */

typedef ZSTD_ErrorCode zstd_error_code;
typedef ZSTD_customMem zstd_custom_mem;
typedef ZSTD_dictLoadMethod_e zstd_dict_load_method;
typedef ZSTD_dictContentType_e zstd_dict_content_type;
typedef ZSTD_strategy zstd_strategy;
typedef ZSTD_compressionParameters zstd_compression_parameters;
typedef ZSTD_frameParameters zstd_frame_parameters;
typedef ZSTD_parameters zstd_parameters;
typedef ZSTD_CCtx zstd_cctx;
typedef ZSTD_CDict zstd_cdict;
typedef ZSTD_DCtx zstd_dctx;
typedef ZSTD_DDict zstd_ddict;
typedef ZSTD_inBuffer zstd_in_buffer;
typedef ZSTD_outBuffer zstd_out_buffer;
typedef ZSTD_CStream zstd_cstream;
typedef ZSTD_DStream zstd_dstream;
typedef ZSTD_frameHeader zstd_frame_header;

/* ======   Helpers   ====== */

/* Worst-case compressed size of src_size bytes (one frame, any level). */
size_t zstd_compress_bound(size_t src_size);
/* Non-zero iff code, a size_t result, encodes an error. */
unsigned int zstd_is_error(size_t code);
/* The error code of a result (ZSTD_error_no_error when it is not an error). */
zstd_error_code zstd_get_error_code(size_t code);
/* A static message describing a result's error. */
const char *zstd_get_error_name(size_t code);
int zstd_min_clevel(void);
int zstd_max_clevel(void);
int zstd_default_clevel(void);

/* ======   Parameters   ====== */

/* Parameters for a level; estimated_src_size 0 means unknown. */
zstd_parameters zstd_get_params(int level, unsigned long long estimated_src_size);
zstd_compression_parameters zstd_get_cparams(int level,
	unsigned long long estimated_src_size, size_t dict_size);

/* ======   One-shot compression   ====== */

/* Workspace size zstd_init_cctx() needs to compress with these parameters. */
size_t zstd_cctx_workspace_bound(const zstd_compression_parameters *parameters);
/* A context built inside workspace, or NULL when workspace is NULL or too small. */
zstd_cctx *zstd_init_cctx(void *workspace, size_t workspace_size);
/* Compresses src into one frame in dst; returns its size or an error. */
size_t zstd_compress_cctx(zstd_cctx *cctx, void *dst, size_t dst_capacity,
	const void *src, size_t src_size, const zstd_parameters *parameters);
/* A heap context allocated through custom_mem; NULL without an allocator. */
zstd_cctx *zstd_create_cctx_advanced(zstd_custom_mem custom_mem);
/* Frees a context from zstd_create_cctx_advanced(); returns 0. */
size_t zstd_free_cctx(zstd_cctx *cctx);
/* A dictionary referencing dict (which must outlive it), allocated via custom_mem. */
zstd_cdict *zstd_create_cdict_byreference(const void *dict, size_t dict_size,
	zstd_compression_parameters cparams, zstd_custom_mem custom_mem);
size_t zstd_free_cdict(zstd_cdict *cdict);
/* Compresses src with the dictionary and the parameters it was created with. */
size_t zstd_compress_using_cdict(zstd_cctx *cctx, void *dst,
	size_t dst_capacity, const void *src, size_t src_size,
	const zstd_cdict *cdict);

/* ======   One-shot decompression   ====== */

size_t zstd_dctx_workspace_bound(void);
zstd_dctx *zstd_init_dctx(void *workspace, size_t workspace_size);
/* Decompresses every frame of src (skippable frames allowed) into dst. */
size_t zstd_decompress_dctx(zstd_dctx *dctx, void *dst, size_t dst_capacity,
	const void *src, size_t src_size);
zstd_ddict *zstd_create_ddict_byreference(const void *dict, size_t dict_size,
	zstd_custom_mem custom_mem);
size_t zstd_free_ddict(zstd_ddict *ddict);
zstd_dctx *zstd_create_dctx_advanced(zstd_custom_mem custom_mem);
size_t zstd_free_dctx(zstd_dctx *dctx);
size_t zstd_decompress_using_ddict(zstd_dctx *dctx, void *dst,
	size_t dst_capacity, const void *src, size_t src_size,
	const zstd_ddict *ddict);

/* ======   Streaming compression   ====== */

size_t zstd_cstream_workspace_bound(const zstd_compression_parameters *cparams);
/*
 * A streaming context inside workspace. pledged_src_size 0 means unknown
 * (unless the content size flag is set and the source really is empty).
 */
zstd_cstream *zstd_init_cstream(const zstd_parameters *parameters,
	unsigned long long pledged_src_size, void *workspace, size_t workspace_size);
/* Starts a new frame with the same parameters; 0 means unknown size. */
size_t zstd_reset_cstream(zstd_cstream *cstream, unsigned long long pledged_src_size);
/* Consumes input, produces output; returns a size hint or an error. */
size_t zstd_compress_stream(zstd_cstream *cstream, zstd_out_buffer *output,
	zstd_in_buffer *input);
/* Ends the current block; returns the bytes still buffered (0 when done). */
size_t zstd_flush_stream(zstd_cstream *cstream, zstd_out_buffer *output);
/* Ends the frame; call until it returns 0. */
size_t zstd_end_stream(zstd_cstream *cstream, zstd_out_buffer *output);

/* ======   Streaming decompression   ====== */

size_t zstd_dstream_workspace_bound(size_t max_window_size);
/* max_window_size is not enforced: the workspace size is the limit. */
zstd_dstream *zstd_init_dstream(size_t max_window_size, void *workspace,
	size_t workspace_size);
size_t zstd_reset_dstream(zstd_dstream *dstream);
/* Returns 0 once a frame is fully decoded and flushed, else a size hint or an error. */
size_t zstd_decompress_stream(zstd_dstream *dstream, zstd_out_buffer *output,
	zstd_in_buffer *input);

/* ======   Frame inspection   ====== */

/* Size of the (zstd or skippable) frame at the start of src. */
size_t zstd_find_frame_compressed_size(const void *src, size_t src_size);
/* 0 on success, > 0 for the number of input bytes needed, or an error. */
size_t zstd_get_frame_header(zstd_frame_header *params, const void *src,
	size_t src_size);

#endif /* LINUX_ZSTD_H */
