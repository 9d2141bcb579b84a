// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * ABI probe: prints the size, alignment and field offsets of every struct of
 * <linux/zstd.h>, <linux/zstd_errors.h> and <linux/xxhash.h>, and the value of
 * every enum constant and numeric macro. capi/abi/check.sh compiles it once
 * against our headers and once against pristine Linux 6.12 headers and
 * requires identical output.
 */
#include <stdio.h>
#include <stddef.h>
#include <linux/zstd.h>
#include <linux/xxhash.h>

#define TYPE(t) printf("type %-28s size %zu align %zu\n", #t, sizeof(t), _Alignof(t))
#define FIELD(t, f) printf("  %s.%-22s offset %zu size %zu\n", #t, #f, offsetof(t, f), sizeof(((t *)0)->f))
#define VAL(x) printf("value %-34s %lld\n", #x, (long long)(x))
#define UVAL(x) printf("value %-34s %llu\n", #x, (unsigned long long)(x))
/* Signedness of an enum's underlying type shows in how -1 converts. */
#define SIGNED(t) printf("type %-28s signed %d\n", #t, (t)-1 < (t)0)

int main(void)
{
	/* zstd_errors.h */
	TYPE(ZSTD_ErrorCode); SIGNED(ZSTD_ErrorCode);
	VAL(ZSTD_error_no_error); VAL(ZSTD_error_GENERIC); VAL(ZSTD_error_prefix_unknown);
	VAL(ZSTD_error_version_unsupported); VAL(ZSTD_error_frameParameter_unsupported);
	VAL(ZSTD_error_frameParameter_windowTooLarge); VAL(ZSTD_error_corruption_detected);
	VAL(ZSTD_error_checksum_wrong); VAL(ZSTD_error_dictionary_corrupted);
	VAL(ZSTD_error_dictionary_wrong); VAL(ZSTD_error_dictionaryCreation_failed);
	VAL(ZSTD_error_parameter_unsupported); VAL(ZSTD_error_parameter_outOfBound);
	VAL(ZSTD_error_tableLog_tooLarge); VAL(ZSTD_error_maxSymbolValue_tooLarge);
	VAL(ZSTD_error_maxSymbolValue_tooSmall); VAL(ZSTD_error_stage_wrong);
	VAL(ZSTD_error_init_missing); VAL(ZSTD_error_memory_allocation);
	VAL(ZSTD_error_workSpace_tooSmall); VAL(ZSTD_error_dstSize_tooSmall);
	VAL(ZSTD_error_srcSize_wrong); VAL(ZSTD_error_dstBuffer_null);
	VAL(ZSTD_error_frameIndex_tooLarge); VAL(ZSTD_error_seekableIO);
	VAL(ZSTD_error_dstBuffer_wrong); VAL(ZSTD_error_srcBuffer_wrong);
	VAL(ZSTD_error_maxCode);

	/* upstream names from zstd_lib.h */
	VAL(ZSTD_VERSION_MAJOR); VAL(ZSTD_VERSION_MINOR); VAL(ZSTD_VERSION_RELEASE);
	VAL(ZSTD_VERSION_NUMBER); VAL(ZSTD_CLEVEL_DEFAULT);
	UVAL(ZSTD_MAGICNUMBER); UVAL(ZSTD_MAGIC_DICTIONARY);
	UVAL(ZSTD_MAGIC_SKIPPABLE_START); UVAL(ZSTD_MAGIC_SKIPPABLE_MASK);
	VAL(ZSTD_BLOCKSIZELOG_MAX); VAL(ZSTD_BLOCKSIZE_MAX);
	UVAL(ZSTD_CONTENTSIZE_UNKNOWN); UVAL(ZSTD_CONTENTSIZE_ERROR);
	printf("value %-34s %zu\n", "sizeof(ZSTD_CONTENTSIZE_UNKNOWN)", sizeof(ZSTD_CONTENTSIZE_UNKNOWN));
	{
		static const unsigned long long sizes[] = {
			0, 1, 100, 2047, 2048, 4095, 65536, 131071, 131072, 131073,
			1000000, 1ULL << 32, (1ULL << 40) + 12345,
		};
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
			printf("value ZSTD_COMPRESSBOUND(%llu) %llu\n", sizes[i],
			       (unsigned long long)ZSTD_COMPRESSBOUND(sizes[i]));
	}
	TYPE(ZSTD_strategy); SIGNED(ZSTD_strategy);
	VAL(ZSTD_fast); VAL(ZSTD_dfast); VAL(ZSTD_greedy); VAL(ZSTD_lazy); VAL(ZSTD_lazy2);
	VAL(ZSTD_btlazy2); VAL(ZSTD_btopt); VAL(ZSTD_btultra); VAL(ZSTD_btultra2);
	TYPE(ZSTD_inBuffer); FIELD(ZSTD_inBuffer, src); FIELD(ZSTD_inBuffer, size); FIELD(ZSTD_inBuffer, pos);
	TYPE(struct ZSTD_inBuffer_s);
	TYPE(ZSTD_outBuffer); FIELD(ZSTD_outBuffer, dst); FIELD(ZSTD_outBuffer, size); FIELD(ZSTD_outBuffer, pos);
	TYPE(struct ZSTD_outBuffer_s);
	TYPE(ZSTD_format_e); VAL(ZSTD_f_zstd1); VAL(ZSTD_f_zstd1_magicless);
	VAL(ZSTD_FRAMEHEADERSIZE_PREFIX(ZSTD_f_zstd1)); VAL(ZSTD_FRAMEHEADERSIZE_PREFIX(ZSTD_f_zstd1_magicless));
	VAL(ZSTD_FRAMEHEADERSIZE_MIN(ZSTD_f_zstd1)); VAL(ZSTD_FRAMEHEADERSIZE_MIN(ZSTD_f_zstd1_magicless));
	VAL(ZSTD_FRAMEHEADERSIZE_MAX); VAL(ZSTD_SKIPPABLEHEADERSIZE);
	VAL(ZSTD_WINDOWLOG_MAX_32); VAL(ZSTD_WINDOWLOG_MAX_64); VAL(ZSTD_WINDOWLOG_MAX);
	VAL(ZSTD_WINDOWLOG_MIN); VAL(ZSTD_HASHLOG_MAX); VAL(ZSTD_HASHLOG_MIN);
	VAL(ZSTD_CHAINLOG_MAX_32); VAL(ZSTD_CHAINLOG_MAX_64); VAL(ZSTD_CHAINLOG_MAX);
	VAL(ZSTD_CHAINLOG_MIN); VAL(ZSTD_SEARCHLOG_MAX); VAL(ZSTD_SEARCHLOG_MIN);
	VAL(ZSTD_MINMATCH_MAX); VAL(ZSTD_MINMATCH_MIN); VAL(ZSTD_TARGETLENGTH_MAX);
	VAL(ZSTD_TARGETLENGTH_MIN); VAL(ZSTD_STRATEGY_MIN); VAL(ZSTD_STRATEGY_MAX);
	VAL(ZSTD_OVERLAPLOG_MIN); VAL(ZSTD_OVERLAPLOG_MAX); VAL(ZSTD_WINDOWLOG_LIMIT_DEFAULT);
	VAL(ZSTD_LDM_HASHLOG_MIN); VAL(ZSTD_LDM_HASHLOG_MAX); VAL(ZSTD_LDM_MINMATCH_MIN);
	VAL(ZSTD_LDM_MINMATCH_MAX); VAL(ZSTD_LDM_BUCKETSIZELOG_MIN); VAL(ZSTD_LDM_BUCKETSIZELOG_MAX);
	VAL(ZSTD_LDM_HASHRATELOG_MIN); VAL(ZSTD_LDM_HASHRATELOG_MAX);
	VAL(ZSTD_TARGETCBLOCKSIZE_MIN); VAL(ZSTD_TARGETCBLOCKSIZE_MAX);
	VAL(ZSTD_SRCSIZEHINT_MIN); VAL(ZSTD_SRCSIZEHINT_MAX);
	TYPE(ZSTD_compressionParameters);
	FIELD(ZSTD_compressionParameters, windowLog); FIELD(ZSTD_compressionParameters, chainLog);
	FIELD(ZSTD_compressionParameters, hashLog); FIELD(ZSTD_compressionParameters, searchLog);
	FIELD(ZSTD_compressionParameters, minMatch); FIELD(ZSTD_compressionParameters, targetLength);
	FIELD(ZSTD_compressionParameters, strategy);
	TYPE(ZSTD_frameParameters);
	FIELD(ZSTD_frameParameters, contentSizeFlag); FIELD(ZSTD_frameParameters, checksumFlag);
	FIELD(ZSTD_frameParameters, noDictIDFlag);
	TYPE(ZSTD_parameters); FIELD(ZSTD_parameters, cParams); FIELD(ZSTD_parameters, fParams);
	TYPE(ZSTD_dictContentType_e); VAL(ZSTD_dct_auto); VAL(ZSTD_dct_rawContent); VAL(ZSTD_dct_fullDict);
	TYPE(ZSTD_dictLoadMethod_e); VAL(ZSTD_dlm_byCopy); VAL(ZSTD_dlm_byRef);
	TYPE(ZSTD_allocFunction); TYPE(ZSTD_freeFunction);
	TYPE(ZSTD_customMem); FIELD(ZSTD_customMem, customAlloc); FIELD(ZSTD_customMem, customFree);
	FIELD(ZSTD_customMem, opaque);
	TYPE(ZSTD_frameType_e); VAL(ZSTD_frame); VAL(ZSTD_skippableFrame);
	TYPE(ZSTD_frameHeader);
	FIELD(ZSTD_frameHeader, frameContentSize); FIELD(ZSTD_frameHeader, windowSize);
	FIELD(ZSTD_frameHeader, blockSizeMax); FIELD(ZSTD_frameHeader, frameType);
	FIELD(ZSTD_frameHeader, headerSize); FIELD(ZSTD_frameHeader, dictID);
	FIELD(ZSTD_frameHeader, checksumFlag);
	TYPE(ZSTD_CCtx *); TYPE(ZSTD_DCtx *); TYPE(ZSTD_CStream *); TYPE(ZSTD_DStream *);
	TYPE(ZSTD_CDict *); TYPE(ZSTD_DDict *);

	/* kernel names from zstd.h */
	TYPE(zstd_error_code); TYPE(zstd_custom_mem); TYPE(zstd_dict_load_method);
	TYPE(zstd_dict_content_type); TYPE(zstd_strategy); TYPE(zstd_compression_parameters);
	TYPE(zstd_frame_parameters); TYPE(zstd_parameters); TYPE(zstd_cctx *); TYPE(zstd_cdict *);
	TYPE(zstd_dctx *); TYPE(zstd_ddict *); TYPE(zstd_in_buffer); TYPE(zstd_out_buffer);
	TYPE(zstd_cstream *); TYPE(zstd_dstream *); TYPE(zstd_frame_header);

	/* xxhash.h */
	TYPE(struct xxh32_state);
	FIELD(struct xxh32_state, total_len_32); FIELD(struct xxh32_state, large_len);
	FIELD(struct xxh32_state, v1); FIELD(struct xxh32_state, v2); FIELD(struct xxh32_state, v3);
	FIELD(struct xxh32_state, v4); FIELD(struct xxh32_state, mem32); FIELD(struct xxh32_state, memsize);
	TYPE(struct xxh64_state);
	FIELD(struct xxh64_state, total_len); FIELD(struct xxh64_state, v1); FIELD(struct xxh64_state, v2);
	FIELD(struct xxh64_state, v3); FIELD(struct xxh64_state, v4); FIELD(struct xxh64_state, mem64);
	FIELD(struct xxh64_state, memsize);
	printf("value %-34s %d\n", "xxhash-is-xxh64", sizeof(xxhash(NULL, 0, 0)) == sizeof(unsigned long));
	return 0;
}
