// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite for <linux/zstd.h>, the API btrfs, squashfs, zram, crypto and the
 * decompressors use. It tests whichever implementation is built (the C lib/zstd or
 * the Rust crates): round trips at every level (-5, 1..22) on in-kernel buffers,
 * streaming with tiny buffers and with the users' reused or scattered page buffers,
 * dictionaries (cdict/ddict) through a kernel allocator, workspace bounds and
 * too-small workspaces, truncated and corrupted frames (errors, never crashes).
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/zstd.h>

#define DATA_LEN (96 * 1024)
#define SMALL_LEN (8 * 1024)

static u32 lcg(u32 *s)
{
	*s = *s * 1664525U + 1013904223U;
	return *s >> 8;
}

/* Text-like data: words from a small vocabulary with numbers, compressible about 3-4x. */
static void fill_text(u8 *buf, size_t len, u32 seed)
{
	static const char *const words[] = {
		"static ", "struct ", "return ", "zstd_", "window ", "block ", "int ",
		"sequence ", "offset ", "literal ", "(void)", "{\n\t", "}\n", "if (", "err",
		"->", " = ", "0x", "kernel ", "size_t ", "unsigned ", "\n", "#define ",
	};
	size_t pos = 0;

	while (pos < len) {
		u32 r = lcg(&seed);
		char num[12];
		const char *w = words[r % ARRAY_SIZE(words)];
		size_t n;

		if ((r >> 12) % 7 == 0) {
			n = snprintf(num, sizeof(num), "%u", (r >> 4) % 9973);
			w = num;
		} else {
			n = strlen(w);
		}
		n = min(n, len - pos);
		memcpy(buf + pos, w, n);
		pos += n;
	}
}

static void fill_random(u8 *buf, size_t len, u32 seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		buf[i] = (u8)lcg(&seed);
}

static void zk_kvfree(void *p)
{
	kvfree(p);
}

/* kvzalloc'ed memory released when the test ends (the buffers exceed kmalloc's limits). */
static void *zk_kvzalloc(struct kunit *test, size_t size)
{
	void *p = kvzalloc(size, GFP_KERNEL);

	if (p && kunit_add_action_or_reset(test, zk_kvfree, p))
		return NULL;
	return p;
}

struct zk_buf {
	u8 *src, *dst, *out;
	size_t cap;
};

static void zk_alloc(struct kunit *test, struct zk_buf *b, size_t len)
{
	b->cap = zstd_compress_bound(len);
	b->src = zk_kvzalloc(test, len + 1);
	b->dst = zk_kvzalloc(test, b->cap);
	b->out = zk_kvzalloc(test, len + 1);
	KUNIT_ASSERT_NOT_NULL(test, b->src);
	KUNIT_ASSERT_NOT_NULL(test, b->dst);
	KUNIT_ASSERT_NOT_NULL(test, b->out);
}

/* One-shot compression with a workspace context; returns the frame size (asserts success). */
static size_t zk_compress(struct kunit *test, const zstd_parameters *params, u8 *dst,
			  size_t cap, const u8 *src, size_t len)
{
	size_t ws_len = zstd_cctx_workspace_bound(&params->cParams);
	void *ws = zk_kvzalloc(test, ws_len);
	zstd_cctx *cctx;
	size_t ret;

	KUNIT_ASSERT_NOT_NULL(test, ws);
	cctx = zstd_init_cctx(ws, ws_len);
	KUNIT_ASSERT_NOT_NULL(test, cctx);
	ret = zstd_compress_cctx(cctx, dst, cap, src, len, params);
	KUNIT_ASSERT_FALSE_MSG(test, zstd_is_error(ret), "compress: %s",
			       zstd_get_error_name(ret));
	return ret;
}

static zstd_dctx *zk_dctx(struct kunit *test)
{
	size_t ws_len = zstd_dctx_workspace_bound();
	void *ws = zk_kvzalloc(test, ws_len);
	zstd_dctx *dctx;

	KUNIT_ASSERT_NOT_NULL(test, ws);
	dctx = zstd_init_dctx(ws, ws_len);
	KUNIT_ASSERT_NOT_NULL(test, dctx);
	return dctx;
}

static void zstd_levels_range(struct kunit *test)
{
	KUNIT_EXPECT_LE(test, zstd_min_clevel(), -5);
	KUNIT_EXPECT_EQ(test, zstd_max_clevel(), 22);
	KUNIT_EXPECT_EQ(test, zstd_default_clevel(), 3);
}

static const int levels[] = { -5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
			      17, 18, 19, 20, 21, 22 };

static void level_desc(const int *level, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "level %d", *level);
}

KUNIT_ARRAY_PARAM(level, levels, level_desc);

/* Text and random data at one level: the frame decodes to the input and declares its size. */
static void zstd_roundtrip_level(struct kunit *test)
{
	const int level = *(const int *)test->param_value;
	zstd_parameters params = zstd_get_params(level, DATA_LEN);
	zstd_frame_header fh;
	struct zk_buf b;
	zstd_dctx *dctx = zk_dctx(test);
	size_t csize, ret;
	int kind;

	zk_alloc(test, &b, DATA_LEN);
	for (kind = 0; kind < 2; kind++) {
		if (kind == 0)
			fill_text(b.src, DATA_LEN, 1 + level);
		else
			fill_random(b.src, DATA_LEN, 7 + level);
		csize = zk_compress(test, &params, b.dst, b.cap, b.src, DATA_LEN);
		if (kind == 0)
			KUNIT_EXPECT_LT(test, csize, (size_t)DATA_LEN / 2);
		KUNIT_EXPECT_LE(test, csize, b.cap);
		KUNIT_EXPECT_EQ(test, zstd_find_frame_compressed_size(b.dst, csize), csize);
		KUNIT_ASSERT_EQ(test, zstd_get_frame_header(&fh, b.dst, csize), (size_t)0);
		KUNIT_EXPECT_EQ(test, fh.frameContentSize, (unsigned long long)DATA_LEN);
		memset(b.out, 0, DATA_LEN);
		ret = zstd_decompress_dctx(dctx, b.out, DATA_LEN, b.dst, csize);
		KUNIT_ASSERT_FALSE_MSG(test, zstd_is_error(ret), "decompress: %s",
				       zstd_get_error_name(ret));
		KUNIT_ASSERT_EQ(test, ret, (size_t)DATA_LEN);
		KUNIT_ASSERT_EQ(test, memcmp(b.src, b.out, DATA_LEN), 0);
	}
}

/* Empty input, all-zero input, checksums, concatenated and skippable frames. */
static void zstd_roundtrip_shapes(struct kunit *test)
{
	zstd_parameters params = zstd_get_params(3, 0);
	zstd_dctx *dctx = zk_dctx(test);
	struct zk_buf b;
	size_t c1, c2, ret;
	u8 skip[12] = { 0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0, 1, 2, 3, 4 };
	zstd_frame_header fh;

	zk_alloc(test, &b, 2 * SMALL_LEN);
	/* Empty input. */
	c1 = zk_compress(test, &params, b.dst, b.cap, b.src, 0);
	ret = zstd_decompress_dctx(dctx, b.out, 0, b.dst, c1);
	KUNIT_EXPECT_EQ(test, ret, (size_t)0);
	/* All zeros compress to almost nothing. */
	memset(b.src, 0, SMALL_LEN);
	c1 = zk_compress(test, &params, b.dst, b.cap, b.src, SMALL_LEN);
	KUNIT_EXPECT_LT(test, c1, (size_t)64);
	ret = zstd_decompress_dctx(dctx, b.out, SMALL_LEN, b.dst, c1);
	KUNIT_ASSERT_EQ(test, ret, (size_t)SMALL_LEN);
	KUNIT_EXPECT_EQ(test, memcmp(b.src, b.out, SMALL_LEN), 0);
	/* Two frames, the second with a checksum, decode as one concatenation. */
	fill_text(b.src, 2 * SMALL_LEN, 99);
	c1 = zk_compress(test, &params, b.dst, b.cap, b.src, SMALL_LEN);
	params.fParams.checksumFlag = 1;
	c2 = zk_compress(test, &params, b.dst + c1, b.cap - c1, b.src + SMALL_LEN, SMALL_LEN);
	ret = zstd_decompress_dctx(dctx, b.out, 2 * SMALL_LEN, b.dst, c1 + c2);
	KUNIT_ASSERT_EQ(test, ret, (size_t)(2 * SMALL_LEN));
	KUNIT_EXPECT_EQ(test, memcmp(b.src, b.out, 2 * SMALL_LEN), 0);
	/* A wrong checksum is reported as such. */
	b.dst[c1 + c2 - 1] ^= 0x5a;
	ret = zstd_decompress_dctx(dctx, b.out, SMALL_LEN, b.dst + c1, c2);
	KUNIT_EXPECT_TRUE(test, zstd_is_error(ret));
	KUNIT_EXPECT_EQ(test, zstd_get_error_code(ret), ZSTD_error_checksum_wrong);
	KUNIT_EXPECT_NOT_NULL(test, zstd_get_error_name(ret));
	/* A skippable frame decodes to nothing. */
	KUNIT_ASSERT_EQ(test, zstd_get_frame_header(&fh, skip, sizeof(skip)), (size_t)0);
	KUNIT_EXPECT_EQ(test, (int)fh.frameType, (int)ZSTD_skippableFrame);
	ret = zstd_decompress_dctx(dctx, b.out, SMALL_LEN, skip, sizeof(skip));
	KUNIT_EXPECT_EQ(test, ret, (size_t)0);
	/* Destination buffers that are too small are errors, for both directions. */
	ret = zstd_decompress_dctx(dctx, b.out, SMALL_LEN - 1, b.dst, c1);
	KUNIT_EXPECT_EQ(test, zstd_get_error_code(ret), ZSTD_error_dstSize_tooSmall);
	{
		size_t ws_len = zstd_cctx_workspace_bound(&params.cParams);
		void *ws = zk_kvzalloc(test, ws_len);
		zstd_cctx *cctx;

		KUNIT_ASSERT_NOT_NULL(test, ws);
		cctx = zstd_init_cctx(ws, ws_len);
		KUNIT_ASSERT_NOT_NULL(test, cctx);
		ret = zstd_compress_cctx(cctx, b.dst, 16, b.src, SMALL_LEN, &params);
		KUNIT_EXPECT_EQ(test, zstd_get_error_code(ret), ZSTD_error_dstSize_tooSmall);
	}
}

/* Streams data through buffers of 1..13 bytes in and 1..11 bytes out, both directions. */
static void zstd_streaming_tiny_buffers(struct kunit *test)
{
	const size_t len = 24 * 1024;
	zstd_parameters params = zstd_get_params(5, len);
	size_t cs_len = zstd_cstream_workspace_bound(&params.cParams);
	size_t ds_len = zstd_dstream_workspace_bound(1 << 20);
	void *cws = zk_kvzalloc(test, cs_len);
	void *dws = zk_kvzalloc(test, ds_len);
	zstd_cstream *cs;
	zstd_dstream *ds;
	zstd_in_buffer in;
	zstd_out_buffer out;
	struct zk_buf b;
	size_t ipos = 0, opos = 0, ret, csize;
	unsigned int step = 0, guard = 0;
	int round;

	KUNIT_ASSERT_NOT_NULL(test, cws);
	KUNIT_ASSERT_NOT_NULL(test, dws);
	zk_alloc(test, &b, len);
	fill_text(b.src, len, 5);
	params.fParams.checksumFlag = 1;
	cs = zstd_init_cstream(&params, len, cws, cs_len);
	KUNIT_ASSERT_NOT_NULL(test, cs);
	ds = zstd_init_dstream(1 << 20, dws, ds_len);
	KUNIT_ASSERT_NOT_NULL(test, ds);

	/* Twice: the second round checks that the reset contexts are reusable. */
	for (round = 0; round < 2; round++) {
		ipos = 0;
		opos = 0;
		if (round) {
			KUNIT_ASSERT_FALSE(test, zstd_is_error(zstd_reset_cstream(cs, len)));
			KUNIT_ASSERT_FALSE(test, zstd_is_error(zstd_reset_dstream(ds)));
		}
		while (ipos < len) {
			in.src = b.src + ipos;
			in.size = min_t(size_t, 1 + step % 13, len - ipos);
			in.pos = 0;
			out.dst = b.dst + opos;
			out.size = min_t(size_t, 1 + step % 11, b.cap - opos);
			out.pos = 0;
			ret = zstd_compress_stream(cs, &out, &in);
			KUNIT_ASSERT_FALSE_MSG(test, zstd_is_error(ret), "compress_stream: %s",
					       zstd_get_error_name(ret));
			ipos += in.pos;
			opos += out.pos;
			step++;
			if (ipos >= len / 2 && ipos < len / 2 + 13) {
				/* A flush in the middle: everything so far leaves the stream. */
				do {
					out.dst = b.dst + opos;
					out.size = min_t(size_t, 7, b.cap - opos);
					out.pos = 0;
					ret = zstd_flush_stream(cs, &out);
					KUNIT_ASSERT_FALSE(test, zstd_is_error(ret));
					opos += out.pos;
				} while (ret && ++guard < 100000);
			}
			KUNIT_ASSERT_LT(test, ++guard, 1000000U);
		}
		do {
			out.dst = b.dst + opos;
			out.size = min_t(size_t, 1 + step++ % 11, b.cap - opos);
			out.pos = 0;
			ret = zstd_end_stream(cs, &out);
			KUNIT_ASSERT_FALSE(test, zstd_is_error(ret));
			opos += out.pos;
			KUNIT_ASSERT_LT(test, ++guard, 1000000U);
		} while (ret);
		csize = opos;
		KUNIT_EXPECT_EQ(test, zstd_find_frame_compressed_size(b.dst, csize), csize);

		/* Decompress with tiny buffers; the stream reports 0 once the frame is done. */
		ipos = 0;
		opos = 0;
		ret = 1;
		while (ret) {
			in.src = b.dst + ipos;
			in.size = min_t(size_t, 1 + step % 7, csize - ipos);
			in.pos = 0;
			out.dst = b.out + opos;
			out.size = min_t(size_t, 1 + step % 9, len + 1 - opos);
			out.pos = 0;
			ret = zstd_decompress_stream(ds, &out, &in);
			KUNIT_ASSERT_FALSE_MSG(test, zstd_is_error(ret), "decompress_stream: %s",
					       zstd_get_error_name(ret));
			ipos += in.pos;
			opos += out.pos;
			step++;
			KUNIT_ASSERT_LT(test, ++guard, 2000000U);
		}
		KUNIT_EXPECT_EQ(test, ipos, csize);
		KUNIT_ASSERT_EQ(test, opos, len);
		KUNIT_EXPECT_EQ(test, memcmp(b.src, b.out, len), 0);
	}
}

/*
 * The consumers' streaming pattern: btrfs decompresses into one page-sized buffer that it
 * empties and reuses (pos = 0) each time it fills, squashfs into a different page each time,
 * and both feed input from separate bio segments. Back-references must come from the
 * stream's own window, not from earlier output buffers (which are gone).
 */
static void zstd_streaming_scattered_buffers(struct kunit *test)
{
	const size_t len = 256 * 1024, page = 4096;
	static const int slevels[] = { 1, 3, 9 };
	size_t ds_len = zstd_dstream_workspace_bound(1 << 20);
	void *dws = zk_kvzalloc(test, ds_len);
	u8 *outpage = zk_kvzalloc(test, page);
	u8 *inpage = zk_kvzalloc(test, page);
	zstd_dstream *ds;
	zstd_in_buffer in;
	zstd_out_buffer out;
	struct zk_buf b;
	size_t csize, ipos, opos, ret;
	unsigned int i, guard = 0;
	bool ahead;

	KUNIT_ASSERT_NOT_NULL(test, dws);
	KUNIT_ASSERT_NOT_NULL(test, outpage);
	KUNIT_ASSERT_NOT_NULL(test, inpage);
	zk_alloc(test, &b, len);
	fill_text(b.src, len, 21);
	ds = zstd_init_dstream(1 << 20, dws, ds_len);
	KUNIT_ASSERT_NOT_NULL(test, ds);

	for (i = 0; i < ARRAY_SIZE(slevels); i++) {
		zstd_parameters params = zstd_get_params(slevels[i], len);

		csize = zk_compress(test, &params, b.dst, b.cap, b.src, len);
		KUNIT_ASSERT_FALSE(test, zstd_is_error(zstd_reset_dstream(ds)));
		ipos = 0;
		opos = 0;
		ahead = false;
		in = (zstd_in_buffer){ .src = inpage, .size = 0, .pos = 0 };
		out = (zstd_out_buffer){ .dst = outpage, .size = page, .pos = 0 };
		for (;;) {
			if (in.pos == in.size) {
				/* Next "bio segment": a copy in a buffer of its own. */
				size_t n = min(page, csize - ipos);

				/*
				 * squashfs and btrfs treat "all input consumed, frame not done"
				 * as corruption (-EIO): like C, the stream must not take input
				 * ahead of the output it can deliver. Noted, then the data is
				 * still checked by calling on with empty input.
				 */
				if (!n && !ahead) {
					ahead = true;
					kunit_info(test, "level %d: input used up, frame not done at %zu of %zu bytes",
						   slevels[i], opos + out.pos, len);
				}
				memset(inpage, 0xa5, page);
				memcpy(inpage, b.dst + ipos, n);
				ipos += n;
				in.size = n;
				in.pos = 0;
			}
			if (out.pos == out.size) {
				/* The page is full: check it, then reuse it (overwritten). */
				KUNIT_ASSERT_LE(test, opos + out.pos, len);
				KUNIT_ASSERT_EQ_MSG(test,
						    memcmp(outpage, b.src + opos, out.pos), 0,
						    "level %d: wrong bytes in [%zu, %zu)",
						    slevels[i], opos, opos + out.pos);
				opos += out.pos;
				memset(outpage, 0x5a, page);
				out.pos = 0;
			}
			ret = zstd_decompress_stream(ds, &out, &in);
			KUNIT_ASSERT_FALSE_MSG(test, zstd_is_error(ret), "level %d: %s", slevels[i],
					       zstd_get_error_name(ret));
			if (ret == 0)
				break;
			KUNIT_ASSERT_LT(test, ++guard, 1000000U);
		}
		KUNIT_ASSERT_EQ_MSG(test, memcmp(outpage, b.src + opos, out.pos), 0,
				    "level %d: wrong bytes in the last page", slevels[i]);
		KUNIT_EXPECT_EQ(test, opos + out.pos, len);
		KUNIT_EXPECT_FALSE_MSG(test, ahead,
				       "level %d: input consumed ahead of output (squashfs/btrfs: -EIO)",
				       slevels[i]);
	}
}

struct zk_mem {
	int live;
	int total;
};

static void *zk_alloc_fn(void *opaque, size_t size)
{
	struct zk_mem *m = opaque;
	void *p = kvmalloc(size, GFP_KERNEL);

	if (p) {
		m->live++;
		m->total++;
	}
	return p;
}

static void zk_free_fn(void *opaque, void *address)
{
	struct zk_mem *m = opaque;

	if (address) {
		m->live--;
		kvfree(address);
	}
}

/* cdict/ddict and contexts created through a kernel allocator (kvmalloc/kvfree). */
static void zstd_dictionaries(struct kunit *test)
{
	const size_t dict_len = 16 * 1024, len = 4 * 1024;
	struct zk_mem mem = { 0, 0 };
	zstd_custom_mem cmem = { .customAlloc = zk_alloc_fn, .customFree = zk_free_fn,
				 .opaque = &mem };
	zstd_parameters params = zstd_get_params(3, len);
	u8 *dict = zk_kvzalloc(test, dict_len);
	struct zk_buf b;
	zstd_cctx *cctx;
	zstd_dctx *dctx;
	zstd_cdict *cdict;
	zstd_ddict *ddict;
	size_t with, without, ret;

	KUNIT_ASSERT_NOT_NULL(test, dict);
	zk_alloc(test, &b, len);
	/* A raw-content dictionary: the data repeats phrases that it holds. */
	fill_text(dict, dict_len, 42);
	memcpy(b.src, dict + 5000, len / 2);
	fill_text(b.src + len / 2, len / 2, 43);

	cctx = zstd_create_cctx_advanced(cmem);
	dctx = zstd_create_dctx_advanced(cmem);
	cdict = zstd_create_cdict_byreference(dict, dict_len, params.cParams, cmem);
	ddict = zstd_create_ddict_byreference(dict, dict_len, cmem);
	KUNIT_ASSERT_NOT_NULL(test, cctx);
	KUNIT_ASSERT_NOT_NULL(test, dctx);
	KUNIT_ASSERT_NOT_NULL(test, cdict);
	KUNIT_ASSERT_NOT_NULL(test, ddict);
	KUNIT_EXPECT_GT(test, mem.live, 0);

	without = zk_compress(test, &params, b.dst, b.cap, b.src, len);
	with = zstd_compress_using_cdict(cctx, b.dst, b.cap, b.src, len, cdict);
	KUNIT_ASSERT_FALSE_MSG(test, zstd_is_error(with), "compress_using_cdict: %s",
			       zstd_get_error_name(with));
	KUNIT_EXPECT_LT(test, with, without);
	ret = zstd_decompress_using_ddict(dctx, b.out, len, b.dst, with, ddict);
	KUNIT_ASSERT_EQ(test, ret, len);
	KUNIT_EXPECT_EQ(test, memcmp(b.src, b.out, len), 0);
	/* Without the dictionary the frame cannot be decoded. */
	ret = zstd_decompress_dctx(dctx, b.out, len, b.dst, with);
	KUNIT_EXPECT_TRUE(test, zstd_is_error(ret));
	/* The same contexts serve another frame. */
	with = zstd_compress_using_cdict(cctx, b.dst, b.cap, b.src + len / 2, len / 2, cdict);
	KUNIT_ASSERT_FALSE(test, zstd_is_error(with));
	ret = zstd_decompress_using_ddict(dctx, b.out, len, b.dst, with, ddict);
	KUNIT_ASSERT_EQ(test, ret, len / 2);
	KUNIT_EXPECT_EQ(test, memcmp(b.src + len / 2, b.out, len / 2), 0);

	KUNIT_EXPECT_EQ(test, zstd_free_cdict(cdict), (size_t)0);
	KUNIT_EXPECT_EQ(test, zstd_free_ddict(ddict), (size_t)0);
	KUNIT_EXPECT_EQ(test, zstd_free_cctx(cctx), (size_t)0);
	KUNIT_EXPECT_EQ(test, zstd_free_dctx(dctx), (size_t)0);
	/* Every allocation went through our allocator and was given back. */
	KUNIT_EXPECT_GT(test, mem.total, 0);
	KUNIT_EXPECT_EQ(test, mem.live, 0);
}

/* Bounds grow with the level; undersized workspaces give NULL or errors, never overruns. */
static void zstd_workspace_bounds(struct kunit *test)
{
	zstd_parameters p1 = zstd_get_params(1, 0), p19 = zstd_get_params(19, 0);
	zstd_parameters p3 = zstd_get_params(3, 0), p19s = zstd_get_params(19, DATA_LEN);
	size_t b1 = zstd_cctx_workspace_bound(&p1.cParams);
	size_t b19 = zstd_cctx_workspace_bound(&p19.cParams);
	size_t b19s = zstd_cctx_workspace_bound(&p19s.cParams);
	size_t small = zstd_dstream_workspace_bound(1 << 16);
	size_t cs_len = zstd_cstream_workspace_bound(&p3.cParams);
	u8 tiny[64] __aligned(8);
	struct zk_buf b;
	zstd_error_code err;
	void *ws, *cws;
	zstd_cctx *cctx;
	zstd_dstream *ds;
	zstd_cstream *cs;
	zstd_in_buffer in;
	zstd_out_buffer out;
	size_t ret, csize;

	KUNIT_EXPECT_GT(test, b1, (size_t)0);
	KUNIT_EXPECT_GT(test, b19, b1);
	KUNIT_EXPECT_GT(test, zstd_dctx_workspace_bound(), (size_t)0);
	KUNIT_EXPECT_GT(test, zstd_dstream_workspace_bound(1 << 23), small);
	KUNIT_EXPECT_GE(test, zstd_compress_bound(DATA_LEN), (size_t)DATA_LEN);

	/* Workspaces smaller than a context are refused. */
	KUNIT_EXPECT_NULL(test, zstd_init_cctx(tiny, sizeof(tiny)));
	KUNIT_EXPECT_NULL(test, zstd_init_dctx(tiny, sizeof(tiny)));
	KUNIT_EXPECT_NULL(test, zstd_init_dstream(1 << 20, tiny, sizeof(tiny)));

	/* A quarter of the level-19 bound cannot hold its tables: NULL or an error. */
	zk_alloc(test, &b, DATA_LEN);
	fill_text(b.src, DATA_LEN, 3);
	ws = zk_kvzalloc(test, b19s / 4);
	KUNIT_ASSERT_NOT_NULL(test, ws);
	cctx = zstd_init_cctx(ws, b19s / 4);
	if (cctx) {
		ret = zstd_compress_cctx(cctx, b.dst, b.cap, b.src, DATA_LEN, &p19s);
		KUNIT_EXPECT_TRUE(test, zstd_is_error(ret));
	}

	/* A frame whose window (level 3, size unknown: 2 MiB) exceeds the stream's workspace. */
	p3.fParams.contentSizeFlag = 0;
	cws = zk_kvzalloc(test, cs_len);
	KUNIT_ASSERT_NOT_NULL(test, cws);
	cs = zstd_init_cstream(&p3, 0, cws, cs_len);
	KUNIT_ASSERT_NOT_NULL(test, cs);
	in = (zstd_in_buffer){ .src = b.src, .size = DATA_LEN, .pos = 0 };
	out = (zstd_out_buffer){ .dst = b.dst, .size = b.cap, .pos = 0 };
	ret = zstd_compress_stream(cs, &out, &in);
	KUNIT_ASSERT_FALSE(test, zstd_is_error(ret));
	KUNIT_ASSERT_EQ(test, in.pos, (size_t)DATA_LEN);
	ret = zstd_end_stream(cs, &out);
	KUNIT_ASSERT_EQ(test, ret, (size_t)0);
	csize = out.pos;

	ws = zk_kvzalloc(test, small);
	KUNIT_ASSERT_NOT_NULL(test, ws);
	ds = zstd_init_dstream(1 << 16, ws, small);
	KUNIT_ASSERT_NOT_NULL(test, ds);
	in = (zstd_in_buffer){ .src = b.dst, .size = csize, .pos = 0 };
	out = (zstd_out_buffer){ .dst = b.out, .size = DATA_LEN, .pos = 0 };
	ret = zstd_decompress_stream(ds, &out, &in);
	KUNIT_EXPECT_TRUE(test, zstd_is_error(ret));
	/* lib/zstd reports the window that does not fit the workspace as an allocation error. */
	err = zstd_get_error_code(ret);
	KUNIT_EXPECT_TRUE(test, err == ZSTD_error_frameParameter_windowTooLarge ||
			  err == ZSTD_error_memory_allocation);
	/* The same data with a declared size (single segment) fits and decodes. */
	p3 = zstd_get_params(3, DATA_LEN);
	csize = zk_compress(test, &p3, b.dst, b.cap, b.src, DATA_LEN);
	ret = zstd_decompress_dctx(zk_dctx(test), b.out, DATA_LEN, b.dst, csize);
	KUNIT_EXPECT_EQ(test, ret, (size_t)DATA_LEN);
}

/* Every truncation is an error; every single-bit flip is an error or decodes exactly. */
static void zstd_corrupted_frames(struct kunit *test)
{
	zstd_parameters params = zstd_get_params(6, SMALL_LEN);
	zstd_dctx *dctx = zk_dctx(test);
	zstd_frame_header fh;
	size_t ds_len = zstd_dstream_workspace_bound(1 << 20);
	void *dws = zk_kvzalloc(test, ds_len);
	zstd_dstream *ds;
	zstd_in_buffer in;
	zstd_out_buffer out;
	struct zk_buf b;
	size_t csize, n, ret;
	unsigned int accepted = 0, i;
	u32 seed = 77;

	KUNIT_ASSERT_NOT_NULL(test, dws);
	ds = zstd_init_dstream(1 << 20, dws, ds_len);
	KUNIT_ASSERT_NOT_NULL(test, ds);
	zk_alloc(test, &b, SMALL_LEN);
	fill_text(b.src, SMALL_LEN, 11);
	params.fParams.checksumFlag = 1;
	csize = zk_compress(test, &params, b.dst, b.cap, b.src, SMALL_LEN);

	/* Empty input is zero frames: nothing decoded, no error. */
	KUNIT_EXPECT_EQ(test, zstd_decompress_dctx(dctx, b.out, SMALL_LEN, b.dst, 0), (size_t)0);
	for (n = 1; n < csize; n++) {
		ret = zstd_decompress_dctx(dctx, b.out, SMALL_LEN, b.dst, n);
		KUNIT_ASSERT_TRUE_MSG(test, zstd_is_error(ret), "truncated at %zu accepted", n);
		ret = zstd_find_frame_compressed_size(b.dst, n);
		KUNIT_ASSERT_TRUE_MSG(test, zstd_is_error(ret), "truncated at %zu sized", n);
		/* A stream fed a truncated frame never reports completion. */
		KUNIT_ASSERT_FALSE(test, zstd_is_error(zstd_reset_dstream(ds)));
		in = (zstd_in_buffer){ .src = b.dst, .size = n, .pos = 0 };
		out = (zstd_out_buffer){ .dst = b.out, .size = SMALL_LEN, .pos = 0 };
		ret = zstd_decompress_stream(ds, &out, &in);
		KUNIT_ASSERT_NE_MSG(test, ret, (size_t)0, "stream truncated at %zu done", n);
	}
	for (n = 0; n < csize; n++) {
		b.dst[n] ^= 1 << (n % 8);
		memset(b.out, 0, SMALL_LEN);
		ret = zstd_decompress_dctx(dctx, b.out, SMALL_LEN + 1, b.dst, csize);
		if (!zstd_is_error(ret)) {
			accepted++;
			KUNIT_ASSERT_EQ_MSG(test, ret, (size_t)SMALL_LEN, "flip at %zu", n);
			KUNIT_ASSERT_EQ_MSG(test, memcmp(b.out, b.src, SMALL_LEN), 0,
					    "flip at %zu decoded wrong data", n);
		}
		b.dst[n] ^= 1 << (n % 8);
	}
	KUNIT_EXPECT_LT(test, accepted, 8U);
	/* Random garbage after a valid magic number is rejected. */
	for (i = 0; i < 200; i++) {
		fill_random(b.dst + 4, 256, seed++);
		ret = zstd_decompress_dctx(dctx, b.out, SMALL_LEN, b.dst, 260);
		KUNIT_EXPECT_TRUE(test, zstd_is_error(ret));
	}
	/* A wrong magic number is "unknown prefix". */
	b.dst[0] ^= 0xff;
	ret = zstd_decompress_dctx(dctx, b.out, SMALL_LEN, b.dst, csize);
	KUNIT_EXPECT_EQ(test, zstd_get_error_code(ret), ZSTD_error_prefix_unknown);
	ret = zstd_get_frame_header(&fh, b.dst, csize);
	KUNIT_EXPECT_TRUE(test, zstd_is_error(ret));
	/* A header cut short asks for more bytes. */
	b.dst[0] ^= 0xff;
	ret = zstd_get_frame_header(&fh, b.dst, 3);
	KUNIT_EXPECT_FALSE(test, zstd_is_error(ret));
	KUNIT_EXPECT_GT(test, ret, (size_t)3);
}

static struct kunit_case zstd_cases[] = {
	KUNIT_CASE(zstd_levels_range),
	KUNIT_CASE_PARAM(zstd_roundtrip_level, level_gen_params),
	KUNIT_CASE(zstd_roundtrip_shapes),
	KUNIT_CASE(zstd_streaming_tiny_buffers),
	KUNIT_CASE(zstd_streaming_scattered_buffers),
	KUNIT_CASE(zstd_dictionaries),
	KUNIT_CASE(zstd_workspace_bounds),
	KUNIT_CASE(zstd_corrupted_frames),
	{}
};

static struct kunit_suite zstd_suite = {
	.name = "rzstd_zstd",
	.test_cases = zstd_cases,
};

kunit_test_suite(zstd_suite);

MODULE_DESCRIPTION("KUnit tests for <linux/zstd.h>");
MODULE_LICENSE("GPL");
