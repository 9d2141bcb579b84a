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

/**
 * typedef zstd_error_code - an error code, as returned by zstd_get_error_code()
 *
 * One of the ZSTD_error_* values of <linux/zstd_errors.h>.
 */
typedef ZSTD_ErrorCode zstd_error_code;

/**
 * typedef zstd_custom_mem - allocator for the heap-allocating constructors
 *
 * customAlloc(opaque, size) and customFree(opaque, address) are used by
 * zstd_create_cctx_advanced(), zstd_create_dctx_advanced() and the *_byreference
 * dictionary constructors; nothing else allocates.
 */
typedef ZSTD_customMem zstd_custom_mem;

/**
 * typedef zstd_dict_load_method - whether a dictionary is copied or referenced
 */
typedef ZSTD_dictLoadMethod_e zstd_dict_load_method;

/**
 * typedef zstd_dict_content_type - how a dictionary's bytes are interpreted
 *
 * ZSTD_dct_auto takes a buffer starting with the dictionary magic as a zstd
 * dictionary and anything else as raw content.
 */
typedef ZSTD_dictContentType_e zstd_dict_content_type;

/**
 * typedef zstd_strategy - match-finding strategy, ZSTD_fast to ZSTD_btultra2
 *
 * Later strategies search harder: better ratio, slower compression.
 */
typedef ZSTD_strategy zstd_strategy;

/**
 * typedef zstd_compression_parameters - how the compressor searches
 *
 * Fields: windowLog (log2 of the largest match distance, which is also the
 * memory a decoder needs), chainLog and hashLog (log2 of the match-finder
 * table sizes), searchLog (log2 of the candidates tried per position),
 * minMatch (shortest match searched), targetLength (a match this long ends
 * the search) and strategy.
 */
typedef ZSTD_compressionParameters zstd_compression_parameters;

/**
 * typedef zstd_frame_parameters - what the frame header records
 *
 * Fields: contentSizeFlag (write the content size when known), checksumFlag
 * (end the frame with the low 32 bits of its XXH64) and noDictIDFlag (leave
 * the dictionary ID out). All 0 is a valid default.
 */
typedef ZSTD_frameParameters zstd_frame_parameters;

/**
 * typedef zstd_parameters - compression and frame parameters together
 *
 * Fields: cParams and fParams.
 */
typedef ZSTD_parameters zstd_parameters;

/**
 * typedef zstd_cctx - single-shot compression context
 */
typedef ZSTD_CCtx zstd_cctx;

/**
 * typedef zstd_cdict - digested compression dictionary
 */
typedef ZSTD_CDict zstd_cdict;

/**
 * typedef zstd_dctx - single-shot decompression context
 */
typedef ZSTD_DCtx zstd_dctx;

/**
 * typedef zstd_ddict - digested decompression dictionary
 */
typedef ZSTD_DDict zstd_ddict;

/**
 * typedef zstd_in_buffer - streaming input
 *
 * Fields: src, size and pos; the stream functions read from src + pos and
 * advance pos, which always stays within [0, size].
 */
typedef ZSTD_inBuffer zstd_in_buffer;

/**
 * typedef zstd_out_buffer - streaming output
 *
 * Fields: dst, size and pos; the stream functions write at dst + pos and
 * advance pos, which always stays within [0, size].
 */
typedef ZSTD_outBuffer zstd_out_buffer;

/**
 * typedef zstd_cstream - streaming compression context
 */
typedef ZSTD_CStream zstd_cstream;

/**
 * typedef zstd_dstream - streaming decompression context
 */
typedef ZSTD_DStream zstd_dstream;

/**
 * typedef zstd_frame_header - what zstd_get_frame_header() reads from a header
 *
 * Fields: frameContentSize (ZSTD_CONTENTSIZE_UNKNOWN when the header does not
 * say), windowSize (0 for a skippable frame), blockSizeMax, frameType (zstd or
 * skippable), headerSize, dictID (0 when absent) and checksumFlag.
 */
typedef ZSTD_frameHeader zstd_frame_header;

/* ======   Helpers   ====== */

/**
 * zstd_compress_bound() - worst-case size of a compressed frame
 * @src_size: number of bytes to be compressed
 *
 * A destination of this size always holds the frame, whatever the level or
 * the data; ZSTD_COMPRESSBOUND() gives the same value at compile time.
 *
 * Return: the bound, in bytes.
 */
size_t zstd_compress_bound(size_t src_size);

/**
 * zstd_is_error() - test a size_t result for an error
 * @code: the value returned by a zstd_* function
 *
 * Return: non-zero if @code is an error, 0 if it is a size or hint.
 */
unsigned int zstd_is_error(size_t code);

/**
 * zstd_get_error_code() - the error code carried by a result
 * @code: the value returned by a zstd_* function
 *
 * Return: the ZSTD_error_* value, or ZSTD_error_no_error when @code is not
 * an error.
 */
zstd_error_code zstd_get_error_code(size_t code);

/**
 * zstd_get_error_name() - describe a result's error
 * @code: the value returned by a zstd_* function
 *
 * Return: a static, NUL-terminated message (never NULL).
 */
const char *zstd_get_error_name(size_t code);

/**
 * zstd_min_clevel() - the lowest (fastest) compression level
 *
 * Return: the most negative level accepted.
 */
int zstd_min_clevel(void);

/**
 * zstd_max_clevel() - the highest (strongest) compression level
 *
 * Return: 22.
 */
int zstd_max_clevel(void);

/**
 * zstd_default_clevel() - the level used when none is given
 *
 * Return: ZSTD_CLEVEL_DEFAULT (3).
 */
int zstd_default_clevel(void);

/* ======   Parameters   ====== */

/**
 * zstd_get_params() - parameters for a compression level
 * @level:              compression level; 0 means the default level
 * @estimated_src_size: expected input size, or 0 when unknown
 *
 * Small inputs get smaller windows and tables, hence smaller workspaces.
 * The frame parameters ask for the content size only.
 *
 * Return: the compression and frame parameters.
 */
zstd_parameters zstd_get_params(int level, unsigned long long estimated_src_size);

/**
 * zstd_get_cparams() - compression parameters for a level
 * @level:              compression level; 0 means the default level
 * @estimated_src_size: expected input size, or 0 when unknown
 * @dict_size:          size of the dictionary that will be used, or 0
 *
 * Return: the compression parameters for @level, fitted to the sizes.
 */
zstd_compression_parameters zstd_get_cparams(int level,
	unsigned long long estimated_src_size, size_t dict_size);

/* ======   One-shot compression   ====== */

/**
 * zstd_cctx_workspace_bound() - workspace size for a compression context
 * @parameters: the compression parameters the context will be used with
 *
 * A caller that may compress with several sets of parameters needs the
 * largest of their bounds.
 *
 * Return: the minimum size of the workspace given to zstd_init_cctx().
 */
size_t zstd_cctx_workspace_bound(const zstd_compression_parameters *parameters);

/**
 * zstd_init_cctx() - build a compression context in a workspace
 * @workspace:      memory for the context; it must outlive the context
 * @workspace_size: size of @workspace, see zstd_cctx_workspace_bound()
 *
 * Nothing is allocated: the context lives entirely in @workspace.
 *
 * Return: the context, or NULL when @workspace is NULL or too small.
 */
zstd_cctx *zstd_init_cctx(void *workspace, size_t workspace_size);

/**
 * zstd_compress_cctx() - compress a buffer into one frame
 * @cctx:         context from zstd_init_cctx() or zstd_create_cctx_advanced()
 * @dst:          destination buffer
 * @dst_capacity: size of @dst; zstd_compress_bound(@src_size) always suffices
 * @src:          data to compress
 * @src_size:     size of @src
 * @parameters:   parameters; the workspace must have been sized for them
 *
 * Return: the size of the frame written to @dst, or an error (check with
 * zstd_is_error()), e.g. ZSTD_error_dstSize_tooSmall.
 */
size_t zstd_compress_cctx(zstd_cctx *cctx, void *dst, size_t dst_capacity,
	const void *src, size_t src_size, const zstd_parameters *parameters);

/**
 * zstd_create_cctx_advanced() - allocate a compression context
 * @custom_mem: allocator; the context and its tables come from it
 *
 * The context's tables grow on first use to what the parameters need.
 *
 * Return: the context, or NULL when @custom_mem has no allocator or
 * allocation fails.
 */
zstd_cctx *zstd_create_cctx_advanced(zstd_custom_mem custom_mem);

/**
 * zstd_free_cctx() - free a context from zstd_create_cctx_advanced()
 * @cctx: the context, or NULL
 *
 * Return: 0, or an error when @cctx was built in a workspace.
 */
size_t zstd_free_cctx(zstd_cctx *cctx);

/**
 * zstd_create_cdict_byreference() - digest a compression dictionary
 * @dict:       dictionary: zstd format (with its magic) or raw content
 * @dict_size:  size of @dict
 * @cparams:    compression parameters used with this dictionary
 * @custom_mem: allocator for the digested tables
 *
 * @dict is referenced, not copied: it must stay valid and unchanged until
 * the dictionary is freed.
 *
 * Return: the dictionary, or NULL on an allocation failure or a malformed
 * zstd-format dictionary.
 */
zstd_cdict *zstd_create_cdict_byreference(const void *dict, size_t dict_size,
	zstd_compression_parameters cparams, zstd_custom_mem custom_mem);

/**
 * zstd_free_cdict() - free a compression dictionary
 * @cdict: the dictionary, or NULL
 *
 * Return: 0, or an error when @cdict is not a compression dictionary.
 */
size_t zstd_free_cdict(zstd_cdict *cdict);

/**
 * zstd_compress_using_cdict() - compress a buffer with a dictionary
 * @cctx:         compression context, sized for the dictionary's parameters
 * @dst:          destination buffer
 * @dst_capacity: size of @dst; zstd_compress_bound(@src_size) always suffices
 * @src:          data to compress
 * @src_size:     size of @src
 * @cdict:        dictionary; its compression parameters are used
 *
 * Return: the size of the frame written to @dst, or an error (check with
 * zstd_is_error()).
 */
size_t zstd_compress_using_cdict(zstd_cctx *cctx, void *dst,
	size_t dst_capacity, const void *src, size_t src_size,
	const zstd_cdict *cdict);

/* ======   One-shot decompression   ====== */

/**
 * zstd_dctx_workspace_bound() - workspace size for a decompression context
 *
 * Return: the minimum size of the workspace given to zstd_init_dctx().
 */
size_t zstd_dctx_workspace_bound(void);

/**
 * zstd_init_dctx() - build a decompression context in a workspace
 * @workspace:      memory for the context; it must outlive the context
 * @workspace_size: size of @workspace, see zstd_dctx_workspace_bound()
 *
 * Return: the context, or NULL when @workspace is NULL or too small.
 */
zstd_dctx *zstd_init_dctx(void *workspace, size_t workspace_size);

/**
 * zstd_decompress_dctx() - decompress whole frames
 * @dctx:         context from zstd_init_dctx() or zstd_create_dctx_advanced()
 * @dst:          destination buffer
 * @dst_capacity: size of @dst; it must hold all of the decompressed data
 *                (use the streaming functions when that size is unknown)
 * @src:          one or more zstd frames, skippable frames allowed between
 * @src_size:     exact size of the frames in @src
 *
 * Return: the number of bytes written to @dst, or an error (check with
 * zstd_is_error()): corruption, checksum mismatch, truncation or a
 * destination that is too small.
 */
size_t zstd_decompress_dctx(zstd_dctx *dctx, void *dst, size_t dst_capacity,
	const void *src, size_t src_size);

/**
 * zstd_create_ddict_byreference() - digest a decompression dictionary
 * @dict:       dictionary: zstd format (with its magic) or raw content
 * @dict_size:  size of @dict
 * @custom_mem: allocator for the digested tables
 *
 * @dict is referenced, not copied: it must stay valid and unchanged until
 * the dictionary is freed.
 *
 * Return: the dictionary, or NULL on an allocation failure or a malformed
 * zstd-format dictionary.
 */
zstd_ddict *zstd_create_ddict_byreference(const void *dict, size_t dict_size,
	zstd_custom_mem custom_mem);

/**
 * zstd_free_ddict() - free a decompression dictionary
 * @ddict: the dictionary, or NULL
 *
 * Return: 0, or an error when @ddict is not a decompression dictionary.
 */
size_t zstd_free_ddict(zstd_ddict *ddict);

/**
 * zstd_create_dctx_advanced() - allocate a decompression context
 * @custom_mem: allocator for the context
 *
 * Return: the context, or NULL when @custom_mem has no allocator or
 * allocation fails.
 */
zstd_dctx *zstd_create_dctx_advanced(zstd_custom_mem custom_mem);

/**
 * zstd_free_dctx() - free a context from zstd_create_dctx_advanced()
 * @dctx: the context, or NULL
 *
 * Return: 0, or an error when @dctx was built in a workspace.
 */
size_t zstd_free_dctx(zstd_dctx *dctx);

/**
 * zstd_decompress_using_ddict() - decompress whole frames with a dictionary
 * @dctx:         decompression context
 * @dst:          destination buffer
 * @dst_capacity: size of @dst; it must hold all of the decompressed data
 * @src:          one or more zstd frames, skippable frames allowed between
 * @src_size:     exact size of the frames in @src
 * @ddict:        dictionary, or NULL to decompress without one
 *
 * Return: the number of bytes written to @dst, or an error (check with
 * zstd_is_error()), e.g. ZSTD_error_dictionary_wrong when a frame names
 * another dictionary.
 */
size_t zstd_decompress_using_ddict(zstd_dctx *dctx, void *dst,
	size_t dst_capacity, const void *src, size_t src_size,
	const zstd_ddict *ddict);

/* ======   Streaming compression   ====== */

/**
 * zstd_cstream_workspace_bound() - workspace size for a compression stream
 * @cparams: the compression parameters the stream will use
 *
 * Return: the minimum size of the workspace given to zstd_init_cstream().
 */
size_t zstd_cstream_workspace_bound(const zstd_compression_parameters *cparams);

/**
 * zstd_init_cstream() - build a compression stream in a workspace
 * @parameters:       compression and frame parameters
 * @pledged_src_size: total input size of the frame, or 0 when unknown; with
 *                    @parameters->fParams.contentSizeFlag set, a frame ended
 *                    before any input declares size 0
 * @workspace:        memory for the stream; it must outlive the stream
 * @workspace_size:   size of @workspace, see zstd_cstream_workspace_bound()
 *
 * A pledged size is checked: input of another size makes the stream fail.
 *
 * Return: the stream, or NULL when @workspace is NULL or too small or the
 * parameters are invalid.
 */
zstd_cstream *zstd_init_cstream(const zstd_parameters *parameters,
	unsigned long long pledged_src_size, void *workspace, size_t workspace_size);

/**
 * zstd_reset_cstream() - start a new frame with the same parameters
 * @cstream:          the stream
 * @pledged_src_size: total input size of the new frame, or 0 when unknown
 *
 * Any frame in progress is abandoned.
 *
 * Return: 0, or an error (check with zstd_is_error()).
 */
size_t zstd_reset_cstream(zstd_cstream *cstream, unsigned long long pledged_src_size);

/**
 * zstd_compress_stream() - feed input to a compression stream
 * @cstream: the stream
 * @output:  where compressed bytes go; @output->pos is advanced
 * @input:   bytes to compress; @input->pos is advanced past what was taken
 *
 * Buffers of any size work; the call makes progress whenever both have
 * room. Input that is not taken must be given again.
 *
 * Return: a hint of how many input bytes the next call would like, or an
 * error (check with zstd_is_error()).
 */
size_t zstd_compress_stream(zstd_cstream *cstream, zstd_out_buffer *output,
	zstd_in_buffer *input);

/**
 * zstd_flush_stream() - compress what is buffered and write it out
 * @cstream: the stream
 * @output:  where compressed bytes go; @output->pos is advanced
 *
 * Ends the current block so that everything given so far can be decoded.
 * Call again while it returns non-zero. Frequent flushes cost ratio.
 *
 * Return: the number of bytes still waiting to be written (0 when all is
 * out), or an error (check with zstd_is_error()).
 */
size_t zstd_flush_stream(zstd_cstream *cstream, zstd_out_buffer *output);

/**
 * zstd_end_stream() - finish the frame
 * @cstream: the stream
 * @output:  where compressed bytes go; @output->pos is advanced
 *
 * Compresses what is buffered, then writes the last block and the checksum
 * when asked for. Call again while it returns non-zero.
 *
 * Return: the number of bytes still waiting to be written (0 once the frame
 * is complete), or an error (check with zstd_is_error()).
 */
size_t zstd_end_stream(zstd_cstream *cstream, zstd_out_buffer *output);

/* ======   Streaming decompression   ====== */

/**
 * zstd_dstream_workspace_bound() - workspace size for a decompression stream
 * @max_window_size: largest window of the frames the stream must decode
 *
 * Return: the minimum size of the workspace given to zstd_init_dstream().
 */
size_t zstd_dstream_workspace_bound(size_t max_window_size);

/**
 * zstd_init_dstream() - build a decompression stream in a workspace
 * @max_window_size: largest window expected; the workspace size is what
 *                   actually limits the frames accepted
 * @workspace:       memory for the stream; it must outlive the stream
 * @workspace_size:  size of @workspace, see zstd_dstream_workspace_bound()
 *
 * Frames whose window does not fit in the workspace fail with
 * ZSTD_error_memory_allocation.
 *
 * Return: the stream, or NULL when @workspace is NULL or too small.
 */
zstd_dstream *zstd_init_dstream(size_t max_window_size, void *workspace,
	size_t workspace_size);

/**
 * zstd_reset_dstream() - abandon the frame in progress
 * @dstream: the stream
 *
 * The next call of zstd_decompress_stream() starts a new frame.
 *
 * Return: a value that is not an error (the size of a frame header's first
 * part, as zstd 1.5.2 returns), or an error when @dstream is not a stream.
 */
size_t zstd_reset_dstream(zstd_dstream *dstream);

/**
 * zstd_decompress_stream() - feed input to a decompression stream
 * @dstream: the stream
 * @output:  where decompressed bytes go; @output->pos is advanced
 * @input:   compressed bytes; @input->pos is advanced past what was taken
 *
 * Buffers of any size work and any split of the input gives the same
 * output. The last byte of a frame is not taken until all of the frame's
 * output has been delivered, so "input used up, frame unfinished" always
 * means more input is needed.
 *
 * Return: 0 once a frame is decoded and its output delivered, otherwise a
 * hint of how many input bytes the next call would like (never past the
 * frame's end), or an error (check with zstd_is_error()).
 */
size_t zstd_decompress_stream(zstd_dstream *dstream, zstd_out_buffer *output,
	zstd_in_buffer *input);

/* ======   Frame inspection   ====== */

/**
 * zstd_find_frame_compressed_size() - size of the frame at the start of a buffer
 * @src:      start of a zstd or skippable frame
 * @src_size: size of @src; it must hold the whole frame
 *
 * Return: the frame's size in bytes, suitable as the @src_size of
 * zstd_decompress_dctx(), or an error (check with zstd_is_error()).
 */
size_t zstd_find_frame_compressed_size(const void *src, size_t src_size);

/**
 * zstd_get_frame_header() - read a frame header
 * @params:   filled with the header's fields (cleared first); for a skippable
 *            frame only the type and the content size are set
 * @src:      start of a zstd or skippable frame
 * @src_size: number of bytes available at @src
 *
 * Return: 0 when @params is filled, a number > 0 of bytes that @src must
 * hold for the header to be read, or an error (check with zstd_is_error()).
 */
size_t zstd_get_frame_header(zstd_frame_header *params, const void *src,
	size_t src_size);

#endif /* LINUX_ZSTD_H */
