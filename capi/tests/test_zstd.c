// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * <linux/zstd.h> behaviour, as kernel code relies on it: one-shot and streaming round
 * trips, dictionaries through a counting allocator, error results, workspace limits and
 * frame inspection. run.sh runs this file against our libkzstd.a and, as a check of the
 * test itself, against the kernel's own C lib/zstd (capi/kref).
 */
#include <linux/zstd.h>
#include "data.h"

static size_t compress_level(int level, int checksum, const void *src, size_t n, void *dst,
			     size_t cap)
{
	zstd_parameters p = zstd_get_params(level, n);
	p.fParams.checksumFlag = checksum;
	size_t wsz = zstd_cctx_workspace_bound(&p.cParams);
	void *ws = malloc(wsz);
	zstd_cctx *cctx = zstd_init_cctx(ws, wsz);
	CHECK(cctx != NULL);
	size_t r = cctx ? zstd_compress_cctx(cctx, dst, cap, src, n, &p) : (size_t)-1;
	free(ws);
	return r;
}

static size_t decompress_all(const void *src, size_t n, void *dst, size_t cap)
{
	size_t wsz = zstd_dctx_workspace_bound();
	void *ws = malloc(wsz);
	zstd_dctx *dctx = zstd_init_dctx(ws, wsz);
	CHECK(dctx != NULL);
	size_t r = dctx ? zstd_decompress_dctx(dctx, dst, cap, src, n) : (size_t)-1;
	free(ws);
	return r;
}

static void round_trips(void)
{
	static const size_t sizes[] = { 0, 1, 7, 100, 4096, 65536, 131072 + 17, 1 << 20 };
	static const int levels[] = { -5, -1, 1, 2, 3, 5, 7, 9, 12, 16, 19, 22 };
	unsigned char *src = malloc(1 << 20), *back = malloc((1 << 20) + 1);
	unsigned char *dst = malloc(zstd_compress_bound(1 << 20));
	for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
		size_t n = sizes[si];
		make_text(si, src, n);
		for (size_t li = 0; li < sizeof(levels) / sizeof(levels[0]); li++) {
			int level = levels[li];
			if (level >= 12 && n > 65536)
				continue; /* keeps the test fast; the differential test goes further */
			int checksum = (int)(li & 1);
			size_t r = compress_level(level, checksum, src, n, dst, zstd_compress_bound(n));
			CHECK(!zstd_is_error(r));
			if (zstd_is_error(r)) {
				fprintf(stderr, "level %d size %zu: %s\n", level, n, zstd_get_error_name(r));
				continue;
			}
			CHECK(r <= zstd_compress_bound(n));
			CHECK_EQ_U64(zstd_find_frame_compressed_size(dst, r), r);
			zstd_frame_header h;
			CHECK_EQ_U64(zstd_get_frame_header(&h, dst, r), 0);
			CHECK_EQ_U64(h.frameContentSize, n);
			CHECK_EQ_U64(h.checksumFlag, (unsigned)checksum);
			CHECK(h.frameType == ZSTD_frame);
			CHECK_EQ_U64(h.dictID, 0);
			/* Single-segment frames have window = content size. */
			CHECK(h.windowSize >= (n < 1024 ? n : 1024));
			size_t d = decompress_all(dst, r, back, n + 1);
			CHECK_EQ_U64(d, n);
			CHECK(d == n && !memcmp(src, back, n));
			if (n == 65536 && level == 3)
				CHECK(r < n / 2); /* text compresses */
		}
	}
	free(src); free(back); free(dst);
}

/* Streams src through a cstream with in/out chunks of the given sizes. */
static size_t stream_compress(zstd_cstream *cs, const unsigned char *src, size_t n,
			      unsigned char *dst, size_t cap, size_t in_step, size_t out_step,
			      int flush_midway)
{
	zstd_in_buffer in = { src, 0, 0 };
	zstd_out_buffer out = { dst, 0, 0 };
	int flushed = !flush_midway;
	while (in.pos < n) {
		in.size = in.pos + in_step < n ? in.pos + in_step : n;
		out.size = out.pos + out_step < cap ? out.pos + out_step : cap;
		size_t r = zstd_compress_stream(cs, &out, &in);
		CHECK(!zstd_is_error(r));
		if (zstd_is_error(r))
			return r;
		if (!flushed && in.pos >= n / 2) {
			size_t left;
			do {
				out.size = out.pos + out_step < cap ? out.pos + out_step : cap;
				left = zstd_flush_stream(cs, &out);
				CHECK(!zstd_is_error(left));
			} while (left && !zstd_is_error(left));
			flushed = 1;
		}
	}
	size_t left;
	do {
		out.size = out.pos + out_step < cap ? out.pos + out_step : cap;
		left = zstd_end_stream(cs, &out);
		CHECK(!zstd_is_error(left));
	} while (left && !zstd_is_error(left));
	return out.pos;
}

static size_t stream_decompress(zstd_dstream *ds, const unsigned char *src, size_t n,
				unsigned char *dst, size_t cap, size_t in_step, size_t out_step)
{
	zstd_in_buffer in = { src, 0, 0 };
	zstd_out_buffer out = { dst, 0, 0 };
	for (;;) {
		in.size = in.pos + in_step < n ? in.pos + in_step : n;
		out.size = out.pos + out_step < cap ? out.pos + out_step : cap;
		size_t before_in = in.pos, before_out = out.pos;
		size_t r = zstd_decompress_stream(ds, &out, &in);
		if (zstd_is_error(r))
			return r;
		if (r == 0)
			return out.pos;
		if (in.pos == n && in.pos == before_in && out.pos == before_out)
			return (size_t)-ZSTD_error_srcSize_wrong; /* stuck: truncated input */
	}
}

static void streaming(void)
{
	static const size_t sizes[] = { 0, 1000, 20000, 300000 };
	static const int levels[] = { 1, 3, 9 };
	size_t maxn = 300000;
	unsigned char *src = malloc(maxn), *dst = malloc(zstd_compress_bound(maxn)),
		      *back = malloc(maxn), *one = malloc(zstd_compress_bound(maxn));
	for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
		size_t n = sizes[si];
		make_text(100 + si, src, n);
		for (size_t li = 0; li < sizeof(levels) / sizeof(levels[0]); li++) {
			zstd_parameters p = zstd_get_params(levels[li], n);
			p.fParams.checksumFlag = 1;
			size_t wsz = zstd_cstream_workspace_bound(&p.cParams);
			void *ws = malloc(wsz);
			/* Pledged size 0 means "unknown". */
			zstd_cstream *cs = zstd_init_cstream(&p, 0, ws, wsz);
			CHECK(cs != NULL);
			if (!cs) { free(ws); continue; }
			size_t small = n <= 20000;
			size_t c = stream_compress(cs, src, n, dst, zstd_compress_bound(n),
						   small ? 1 : 4096, small ? 1 : 777, 1);
			if (zstd_is_error(c)) { free(ws); continue; }
			zstd_frame_header h;
			CHECK_EQ_U64(zstd_get_frame_header(&h, dst, c), 0);
			/* Unknown size; an empty stream ended at once is known to be empty. */
			CHECK_EQ_U64(h.frameContentSize, n ? ZSTD_CONTENTSIZE_UNKNOWN : 0);
			CHECK_EQ_U64(h.checksumFlag, 1);
			CHECK_EQ_U64(decompress_all(dst, c, back, maxn), n);
			CHECK(!memcmp(src, back, n));

			/* Same context, next frame, known size: the header says so. */
			CHECK_EQ_U64(zstd_reset_cstream(cs, n), 0);
			size_t c2 = stream_compress(cs, src, n, one, zstd_compress_bound(n),
						    65536, 65536, 0);
			CHECK_EQ_U64(zstd_get_frame_header(&h, one, c2), 0);
			CHECK_EQ_U64(h.frameContentSize, n);
			free(ws);

			size_t dwsz = zstd_dstream_workspace_bound((size_t)1 << p.cParams.windowLog);
			void *dws = malloc(dwsz);
			zstd_dstream *ds = zstd_init_dstream((size_t)1 << p.cParams.windowLog, dws, dwsz);
			CHECK(ds != NULL);
			if (!ds) { free(dws); continue; }
			memset(back, 0, n);
			CHECK_EQ_U64(stream_decompress(ds, dst, c, back, maxn, small ? 1 : 333,
						       small ? 1 : 1000), n);
			CHECK(!memcmp(src, back, n));
			/* Not 0 as documented: like zstd 1.5.2, the bytes a frame needs to start. */
			CHECK_EQ_U64(zstd_reset_dstream(ds), ZSTD_FRAMEHEADERSIZE_PREFIX(ZSTD_f_zstd1));
			memset(back, 0, n);
			CHECK_EQ_U64(stream_decompress(ds, one, c2, back, maxn, 100000, 100000), n);
			CHECK(!memcmp(src, back, n));
			free(dws);
		}
	}
	free(src); free(dst); free(back); free(one);
}

/*
 * squashfs and btrfs stream into page buffers they empty and reuse, feeding input one
 * segment at a time, and treat "all input consumed but the frame not finished" as
 * corruption. So, like zstd, the stream must not consume the frame's last byte before
 * all of the frame's output is delivered.
 */
static void input_not_ahead_of_output(void)
{
	size_t n = 256 * 1024;
	unsigned char *src = malloc(n), *dst = malloc(zstd_compress_bound(n));
	unsigned char outpage[4096], inpage[4096];
	make_text(21, src, n);
	for (int v = 0; v < 12; v++) {
		int checksum = v & 1, level = (int[]){ 1, 3, 9 }[(v >> 1) % 3];
		size_t page = v < 6 ? 4096 : 1000;
		size_t r = compress_level(level, checksum, src, n, dst, zstd_compress_bound(n));
		size_t wsz = zstd_dstream_workspace_bound(1 << 20);
		void *ws = malloc(wsz);
		zstd_dstream *ds = zstd_init_dstream(1 << 20, ws, wsz);
		zstd_in_buffer in = { inpage, 0, 0 };
		zstd_out_buffer out = { outpage, page, 0 };
		size_t ipos = 0, opos = 0, ret = 1;
		int ahead = 0, guard = 0;
		while (ret != 0 && guard++ < 100000) {
			if (in.pos == in.size) {
				size_t k = r - ipos < page ? r - ipos : page;
				if (!k)
					ahead = 1;
				memcpy(inpage, dst + ipos, k);
				ipos += k;
				in.size = k;
				in.pos = 0;
			}
			if (out.pos == out.size) {
				CHECK(!memcmp(outpage, src + opos, out.pos));
				opos += out.pos;
				out.pos = 0;
			}
			ret = zstd_decompress_stream(ds, &out, &in);
			CHECK(!zstd_is_error(ret));
			if (zstd_is_error(ret))
				break;
		}
		CHECK(!memcmp(outpage, src + opos, out.pos));
		CHECK_EQ_U64(opos + out.pos, n);
		CHECK_EQ_U64(ipos, r);
		CHECK(in.pos == in.size);
		CHECK(!ahead);
		free(ws);
	}
	free(src); free(dst);
}

static void dictionaries(void)
{
	size_t dict_len = 8192, n = 3000;
	unsigned char *dict = malloc(dict_len), *src = malloc(n), *dst = malloc(zstd_compress_bound(n)),
		      *back = malloc(n), *plain = malloc(zstd_compress_bound(n));
	make_text(7, dict, dict_len);
	memcpy(src, dict + 1000, n); /* content the dictionary knows */
	for (size_t i = 0; i < n; i += 97)
		src[i] ^= 0x20;
	struct alloc_stats st = { 0 };
	zstd_custom_mem mem = counting_mem(&st);
	zstd_compression_parameters cp = zstd_get_cparams(3, n, dict_len);
	zstd_cdict *cdict = zstd_create_cdict_byreference(dict, dict_len, cp, mem);
	zstd_ddict *ddict = zstd_create_ddict_byreference(dict, dict_len, mem);
	zstd_cctx *cctx = zstd_create_cctx_advanced(mem);
	zstd_dctx *dctx = zstd_create_dctx_advanced(mem);
	CHECK(cdict && ddict && cctx && dctx);
	CHECK(st.blocks >= 4);
	if (cdict && ddict && cctx && dctx) {
		size_t r = zstd_compress_using_cdict(cctx, dst, zstd_compress_bound(n), src, n, cdict);
		CHECK(!zstd_is_error(r));
		size_t without = compress_level(3, 0, src, n, plain, zstd_compress_bound(n));
		CHECK(r < without / 2); /* the dictionary helps a lot */
		zstd_frame_header h;
		CHECK_EQ_U64(zstd_get_frame_header(&h, dst, r), 0);
		CHECK_EQ_U64(h.frameContentSize, n);
		CHECK_EQ_U64(h.dictID, 0); /* raw-content dictionary: no ID */
		CHECK_EQ_U64(zstd_decompress_using_ddict(dctx, back, n, dst, r, ddict), n);
		CHECK(!memcmp(src, back, n));
		/* The heap contexts work without a dictionary too, and again with it. */
		zstd_parameters p = zstd_get_params(1, n);
		size_t r1 = zstd_compress_cctx(cctx, plain, zstd_compress_bound(n), src, n, &p);
		CHECK(!zstd_is_error(r1));
		CHECK_EQ_U64(zstd_decompress_dctx(dctx, back, n, plain, r1), n);
		CHECK_EQ_U64(zstd_compress_using_cdict(cctx, dst, zstd_compress_bound(n), src, n, cdict), r);
		/* A NULL dictionary object means no dictionary; a NULL cdict is an error. */
		CHECK_EQ_U64(zstd_decompress_using_ddict(dctx, back, n, plain, r1, NULL), n);
		CHECK(zstd_get_error_code(zstd_compress_using_cdict(cctx, dst, zstd_compress_bound(n),
								    src, n, NULL)) ==
		      ZSTD_error_dictionary_wrong);
		/* Without the dictionary the frame cannot be decoded correctly. */
		size_t bad = decompress_all(dst, r, back, n);
		CHECK(zstd_is_error(bad) || memcmp(src, back, n));
	}
	CHECK_EQ_U64(zstd_free_cctx(cctx), 0);
	CHECK_EQ_U64(zstd_free_dctx(dctx), 0);
	CHECK_EQ_U64(zstd_free_cdict(cdict), 0);
	CHECK_EQ_U64(zstd_free_ddict(ddict), 0);
	CHECK_EQ_U64(st.blocks, 0);
	CHECK_EQ_U64(st.bytes, 0);
	/* NULL is accepted by the free functions. */
	CHECK_EQ_U64(zstd_free_cctx(NULL), 0);
	CHECK_EQ_U64(zstd_free_dctx(NULL), 0);
	CHECK_EQ_U64(zstd_free_cdict(NULL), 0);
	CHECK_EQ_U64(zstd_free_ddict(NULL), 0);

	/* No allocator: nothing can be created. */
	zstd_custom_mem none = { NULL, NULL, NULL };
	CHECK(zstd_create_cctx_advanced(none) == NULL);
	CHECK(zstd_create_dctx_advanced(none) == NULL);
	CHECK(zstd_create_cdict_byreference(dict, dict_len, cp, none) == NULL);
	CHECK(zstd_create_ddict_byreference(dict, dict_len, none) == NULL);
	/* A failing allocator: NULL, and nothing leaks. */
	for (int k = 1; k <= 3; k++) {
		st.fail_after = k;
		zstd_cdict *c = zstd_create_cdict_byreference(dict, dict_len, cp, mem);
		zstd_free_cdict(c);
		st.fail_after = k;
		zstd_ddict *d = zstd_create_ddict_byreference(dict, dict_len, mem);
		zstd_free_ddict(d);
		st.fail_after = k;
		zstd_dctx *x = zstd_create_dctx_advanced(mem);
		zstd_free_dctx(x);
	}
	st.fail_after = 0;
	CHECK_EQ_U64(st.blocks, 0);
	CHECK_EQ_U64(st.bytes, 0);
	free(dict); free(src); free(dst); free(back); free(plain);
}

static void error_results(void)
{
	size_t n = 50000;
	unsigned char *src = malloc(n), *dst = malloc(zstd_compress_bound(n)), *back = malloc(n);
	make_text(3, src, n);
	size_t r = compress_level(3, 1, src, n, dst, zstd_compress_bound(n));
	CHECK(!zstd_is_error(r));
	/* Destination too small. */
	size_t e = compress_level(3, 1, src, n, back, r - 1);
	CHECK(zstd_is_error(e));
	CHECK(zstd_get_error_code(e) == ZSTD_error_dstSize_tooSmall);
	e = decompress_all(dst, r, back, n - 1);
	CHECK(zstd_get_error_code(e) == ZSTD_error_dstSize_tooSmall);
	/* Truncated frames. */
	for (size_t cut = 0; cut < r; cut += 1 + cut / 3) {
		e = decompress_all(dst, cut, back, n);
		if (cut == 0)
			CHECK_EQ_U64(e, 0); /* no frame at all is no content */
		else
			CHECK(zstd_get_error_code(e) == ZSTD_error_srcSize_wrong);
	}
	/* Unknown magic; a bad checksum. */
	unsigned char *bad = malloc(r);
	memcpy(bad, dst, r);
	bad[0] ^= 1;
	CHECK(zstd_get_error_code(decompress_all(bad, r, back, n)) == ZSTD_error_prefix_unknown);
	memcpy(bad, dst, r);
	bad[r - 1] ^= 0x40;
	CHECK(zstd_get_error_code(decompress_all(bad, r, back, n)) == ZSTD_error_checksum_wrong);
	/* Any corruption: an error, or (checksummed) exactly the original content. */
	uint64_t s = 99;
	for (int i = 0; i < 2000; i++) {
		memcpy(bad, dst, r);
		size_t pos = rng_next(&s) % r;
		bad[pos] ^= (unsigned char)(1 + rng_next(&s) % 255);
		if (i & 1)
			bad[rng_next(&s) % r] = (unsigned char)rng_next(&s);
		e = decompress_all(bad, r, back, n);
		CHECK(zstd_is_error(e) || (e == n && !memcmp(back, src, n)));
	}
	free(bad); free(src); free(dst); free(back);
}

static void workspaces(void)
{
	zstd_parameters p = zstd_get_params(3, 100000);
	size_t cb = zstd_cctx_workspace_bound(&p.cParams), db = zstd_dctx_workspace_bound();
	size_t sb = zstd_cstream_workspace_bound(&p.cParams);
	size_t dsb = zstd_dstream_workspace_bound(1 << 17);
	CHECK(cb > 0 && db > 0 && sb >= cb / 2 && dsb > (1 << 17));
	/* Bigger parameters need more room. */
	zstd_parameters big = zstd_get_params(19, 0);
	CHECK(zstd_cctx_workspace_bound(&big.cParams) > cb);
	CHECK(zstd_dstream_workspace_bound(1 << 24) > dsb);
	void *ws = malloc(4096);
	CHECK(zstd_init_cctx(NULL, cb) == NULL);
	CHECK(zstd_init_dctx(NULL, db) == NULL);
	CHECK(zstd_init_cstream(&p, 0, NULL, sb) == NULL);
	CHECK(zstd_init_dstream(1 << 17, NULL, dsb) == NULL);
	static const size_t small[] = { 0, 1, 64, 1000 };
	for (size_t i = 0; i < 4; i++) {
		CHECK(zstd_init_cctx(ws, small[i]) == NULL);
		CHECK(zstd_init_dctx(ws, small[i]) == NULL);
		CHECK(zstd_init_cstream(&p, 0, ws, small[i]) == NULL);
		CHECK(zstd_init_dstream(1 << 17, ws, small[i]) == NULL);
	}
	free(ws);
	/* A workspace context is not freed by zstd_free_*: that is an error. */
	ws = malloc(db);
	zstd_dctx *d = zstd_init_dctx(ws, db);
	CHECK(d != NULL);
	CHECK(zstd_is_error(zstd_free_dctx(d)));
	free(ws);
	/* A dstream whose workspace only fits a small window refuses bigger frames. */
	size_t n = 1 << 20;
	unsigned char *src = malloc(n), *dst = malloc(zstd_compress_bound(n)), *back = malloc(n);
	make_text(11, src, n);
	size_t r = compress_level(3, 0, src, n, dst, zstd_compress_bound(n));
	zstd_frame_header h;
	CHECK_EQ_U64(zstd_get_frame_header(&h, dst, r), 0);
	CHECK(h.windowSize >= (1 << 20));
	size_t small_ws = zstd_dstream_workspace_bound(1 << 12);
	ws = malloc(small_ws);
	zstd_dstream *ds = zstd_init_dstream(1 << 12, ws, small_ws);
	CHECK(ds != NULL);
	if (ds) {
		/* As in 1.5.2: a window the workspace cannot hold is an allocation error, with
		 * the header given at once or byte by byte. */
		CHECK(zstd_get_error_code(stream_decompress(ds, dst, r, back, n, 1 << 16, 1 << 16)) ==
		      ZSTD_error_memory_allocation);
		zstd_reset_dstream(ds);
		CHECK(zstd_get_error_code(stream_decompress(ds, dst, r, back, n, 1, 1 << 16)) ==
		      ZSTD_error_memory_allocation);
	}
	free(ws);
	/* The window argument is ignored: a large workspace accepts the frame. */
	size_t big_ws = zstd_dstream_workspace_bound(h.windowSize);
	ws = malloc(big_ws);
	ds = zstd_init_dstream(1 << 10, ws, big_ws);
	CHECK(ds != NULL);
	if (ds)
		CHECK_EQ_U64(stream_decompress(ds, dst, r, back, n, 1 << 16, 1 << 16), n);
	free(ws); free(src); free(dst); free(back);
}

static void frames(void)
{
	size_t n = 10000;
	unsigned char *src = malloc(n), *buf = malloc(2 * zstd_compress_bound(n) + 100), *back = malloc(2 * n);
	make_text(5, src, n);
	size_t r = compress_level(1, 1, src, n, buf, zstd_compress_bound(n));
	zstd_frame_header h;
	memset(&h, 0, sizeof(h));
	CHECK_EQ_U64(zstd_get_frame_header(&h, buf, r), 0);
	unsigned hs = h.headerSize;
	CHECK(hs >= 6 && hs <= ZSTD_FRAMEHEADERSIZE_MAX);
	CHECK_EQ_U64(h.blockSizeMax, h.windowSize < ZSTD_BLOCKSIZE_MAX ? h.windowSize : ZSTD_BLOCKSIZE_MAX);
	/* Too few bytes: a positive "need more" count, never an error. */
	for (size_t k = 0; k < hs; k++) {
		zstd_frame_header t;
		size_t need = zstd_get_frame_header(&t, buf, k);
		CHECK(need > 0 && !zstd_is_error(need) && need <= ZSTD_FRAMEHEADERSIZE_MAX);
	}
	CHECK_EQ_U64(zstd_get_frame_header(&h, buf, hs), 0);
	/* A skippable frame, then the zstd frame: one frame of content. */
	unsigned char *two = buf + r;
	size_t skip_len = 37;
	uint32_t magic = ZSTD_MAGIC_SKIPPABLE_START + 5;
	memcpy(two, &magic, 4);
	memcpy(two + 4, &(uint32_t){ (uint32_t)skip_len }, 4);
	memset(two + 8, 0xEE, skip_len);
	memcpy(two + 8 + skip_len, buf, r);
	CHECK_EQ_U64(zstd_get_frame_header(&h, two, 8 + skip_len), 0);
	CHECK(h.frameType == ZSTD_skippableFrame);
	CHECK_EQ_U64(h.frameContentSize, skip_len);
	CHECK_EQ_U64(h.windowSize, 0);
	CHECK_EQ_U64(zstd_find_frame_compressed_size(two, 8 + skip_len + r), 8 + skip_len);
	CHECK_EQ_U64(decompress_all(two, 8 + skip_len + r, back, 2 * n), n);
	CHECK(!memcmp(back, src, n));
	/* Two frames back to back decode to both contents. */
	CHECK_EQ_U64(decompress_all(buf, r + 8 + skip_len + r, back, 2 * n), 2 * n);
	CHECK(!memcmp(back + n, src, n));
	/* Not a frame. */
	unsigned char junk[32] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	size_t e = zstd_get_frame_header(&h, junk, sizeof(junk));
	CHECK(zstd_get_error_code(e) == ZSTD_error_prefix_unknown);
	CHECK(zstd_get_error_code(zstd_find_frame_compressed_size(junk, sizeof(junk))) ==
	      ZSTD_error_prefix_unknown);
	CHECK(zstd_is_error(zstd_find_frame_compressed_size(buf, r - 1)));
	free(src); free(buf); free(back);
}

/* Parameter fields left at 0 mean "default"; out-of-range values are refused. */
static void parameters(void)
{
	size_t n = 10000;
	unsigned char *src = malloc(n), *dst = malloc(zstd_compress_bound(n)), *back = malloc(n);
	make_text(9, src, n);
	zstd_parameters big = zstd_get_params(19, 0);
	size_t wsz = zstd_cctx_workspace_bound(&big.cParams);
	void *ws = malloc(wsz);
	zstd_cctx *cctx = zstd_init_cctx(ws, wsz);
	zstd_parameters p;
	memset(&p, 0, sizeof(p));
	CHECK(zstd_cctx_workspace_bound(&p.cParams) > 0 && !zstd_is_error(zstd_cctx_workspace_bound(&p.cParams)));
	size_t r = zstd_compress_cctx(cctx, dst, zstd_compress_bound(n), src, n, &p);
	CHECK(!zstd_is_error(r));
	CHECK_EQ_U64(decompress_all(dst, r, back, n), n);
	CHECK(!memcmp(back, src, n));
	zstd_frame_header h;
	CHECK_EQ_U64(zstd_get_frame_header(&h, dst, r), 0);
	CHECK_EQ_U64(h.frameContentSize, ZSTD_CONTENTSIZE_UNKNOWN); /* contentSizeFlag 0 */
	for (int i = 0; i < 5; i++) {
		p = zstd_get_params(3, n);
		switch (i) {
		case 0: p.cParams.strategy = 10; break;
		case 1: p.cParams.windowLog = 9; break;
		case 2: p.cParams.windowLog = 32; break;
		case 3: p.cParams.minMatch = 8; break;
		case 4: p.cParams.hashLog = 31; break;
		}
		r = zstd_compress_cctx(cctx, dst, zstd_compress_bound(n), src, n, &p);
		CHECK(zstd_get_error_code(r) == ZSTD_error_parameter_outOfBound);
	}
	free(ws); free(src); free(dst); free(back);
}

int main(void)
{
	parameters();
	round_trips();
	streaming();
	input_not_ahead_of_output();
	dictionaries();
	error_results();
	workspaces();
	frames();
	return finish("test_zstd");
}
