// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Differential: our <linux/zstd.h> against the kernel's own C lib/zstd (Linux 6.12,
 * zstd 1.5.2, built by capi/kref). Same inputs through both:
 *  - parameter selection is identical (zstd_get_params / zstd_get_cparams);
 *  - each side's frames (one-shot, streaming, with dictionaries) decode on the other;
 *  - decoding valid and damaged frames gives the same bytes, and the same error codes
 *    for the errors the API documents (size, truncation, magic, checksum);
 *  - frame inspection returns the same results on every prefix of a frame;
 *  - the shared fixtures (decodecorpus, golden frames) decode identically.
 * argv[1] is the shared fixtures folder (../shared); without it those cases are skipped
 * with a message.
 */
#include <dirent.h>
#include "kref.h"
#include "data.h"

typedef size_t (*decompress_fn)(zstd_dctx *, void *, size_t, const void *, size_t);

struct side {
	const char *name;
	size_t (*dctx_bound)(void);
	zstd_dctx *(*init_dctx)(void *, size_t);
	decompress_fn decompress;
	size_t (*cctx_bound)(const zstd_compression_parameters *);
	zstd_cctx *(*init_cctx)(void *, size_t);
	size_t (*compress)(zstd_cctx *, void *, size_t, const void *, size_t, const zstd_parameters *);
	size_t (*cstream_bound)(const zstd_compression_parameters *);
	zstd_cstream *(*init_cstream)(const zstd_parameters *, unsigned long long, void *, size_t);
	size_t (*compress_stream)(zstd_cstream *, zstd_out_buffer *, zstd_in_buffer *);
	size_t (*end_stream)(zstd_cstream *, zstd_out_buffer *);
	size_t (*dstream_bound)(size_t);
	zstd_dstream *(*init_dstream)(size_t, void *, size_t);
	size_t (*decompress_stream)(zstd_dstream *, zstd_out_buffer *, zstd_in_buffer *);
	zstd_cdict *(*create_cdict)(const void *, size_t, zstd_compression_parameters, zstd_custom_mem);
	zstd_ddict *(*create_ddict)(const void *, size_t, zstd_custom_mem);
	zstd_cctx *(*create_cctx)(zstd_custom_mem);
	zstd_dctx *(*create_dctx)(zstd_custom_mem);
	size_t (*compress_cdict)(zstd_cctx *, void *, size_t, const void *, size_t, const zstd_cdict *);
	size_t (*decompress_ddict)(zstd_dctx *, void *, size_t, const void *, size_t, const zstd_ddict *);
	size_t (*free_cdict)(zstd_cdict *);
	size_t (*free_ddict)(zstd_ddict *);
	size_t (*free_cctx)(zstd_cctx *);
	size_t (*free_dctx)(zstd_dctx *);
};

static const struct side ours = {
	"ours", zstd_dctx_workspace_bound, zstd_init_dctx, zstd_decompress_dctx,
	zstd_cctx_workspace_bound, zstd_init_cctx, zstd_compress_cctx,
	zstd_cstream_workspace_bound, zstd_init_cstream, zstd_compress_stream, zstd_end_stream,
	zstd_dstream_workspace_bound, zstd_init_dstream, zstd_decompress_stream,
	zstd_create_cdict_byreference, zstd_create_ddict_byreference, zstd_create_cctx_advanced,
	zstd_create_dctx_advanced, zstd_compress_using_cdict, zstd_decompress_using_ddict,
	zstd_free_cdict, zstd_free_ddict, zstd_free_cctx, zstd_free_dctx,
};

static const struct side kernel = {
	"kernel", kref_zstd_dctx_workspace_bound, kref_zstd_init_dctx, kref_zstd_decompress_dctx,
	kref_zstd_cctx_workspace_bound, kref_zstd_init_cctx, kref_zstd_compress_cctx,
	kref_zstd_cstream_workspace_bound, kref_zstd_init_cstream, kref_zstd_compress_stream,
	kref_zstd_end_stream, kref_zstd_dstream_workspace_bound, kref_zstd_init_dstream,
	kref_zstd_decompress_stream, kref_zstd_create_cdict_byreference,
	kref_zstd_create_ddict_byreference, kref_zstd_create_cctx_advanced,
	kref_zstd_create_dctx_advanced, kref_zstd_compress_using_cdict,
	kref_zstd_decompress_using_ddict, kref_zstd_free_cdict, kref_zstd_free_ddict,
	kref_zstd_free_cctx, kref_zstd_free_dctx,
};

/* Decoder contexts of both sides, made once. */
static zstd_dctx *dctx_ours, *dctx_kernel;

static size_t decode(const struct side *s, const void *src, size_t n, void *dst, size_t cap)
{
	return s->decompress(s == &ours ? dctx_ours : dctx_kernel, dst, cap, src, n);
}

static size_t encode(const struct side *s, int level, int checksum, const void *src, size_t n,
		     void *dst, size_t cap)
{
	zstd_parameters p = zstd_get_params(level, n);
	p.fParams.checksumFlag = checksum;
	size_t wsz = s->cctx_bound(&p.cParams);
	void *ws = malloc(wsz);
	zstd_cctx *c = s->init_cctx(ws, wsz);
	CHECK(c != NULL);
	size_t r = c ? s->compress(c, dst, cap, src, n, &p) : (size_t)-1;
	free(ws);
	return r;
}

static void same_params(void)
{
	static const unsigned long long sizes[] = { 0, 1, 1000, 16384, 16385, 131072, 262144,
						    1 << 20, 100ull << 20 };
	static const size_t dicts[] = { 0, 8192, 1 << 20 };
	for (int level = -10; level <= 23; level++) {
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			zstd_parameters a = zstd_get_params(level, sizes[i]);
			zstd_parameters b = kref_zstd_get_params(level, sizes[i]);
			CHECK(!memcmp(&a, &b, sizeof(a)));
			for (size_t d = 0; d < 3; d++) {
				zstd_compression_parameters x = zstd_get_cparams(level, sizes[i], dicts[d]);
				zstd_compression_parameters y = kref_zstd_get_cparams(level, sizes[i], dicts[d]);
				CHECK(!memcmp(&x, &y, sizeof(x)));
			}
		}
	}
	zstd_parameters lo = zstd_get_params(zstd_min_clevel(), 0);
	zstd_parameters klo = kref_zstd_get_params(kref_zstd_min_clevel(), 0);
	CHECK(!memcmp(&lo, &klo, sizeof(lo)));
}

/* Compresses with one side (one-shot and streaming) and decodes with both. */
static void cross_decode(const unsigned char *src, size_t n, const char *what)
{
	static const int levels[] = { -3, 1, 3, 6, 9, 15, 19 };
	size_t cap = zstd_compress_bound(n);
	unsigned char *frame = malloc(cap), *a = malloc(n + 1), *b = malloc(n + 1);
	const struct side *sides[2] = { &ours, &kernel };
	for (int si = 0; si < 2; si++) {
		const struct side *enc = sides[si];
		for (size_t li = 0; li < sizeof(levels) / sizeof(levels[0]); li++) {
			if (levels[li] >= 15 && n > (1 << 18))
				continue;
			size_t r = encode(enc, levels[li], (int)(li & 1), src, n, frame, cap);
			CHECK(!zstd_is_error(r));
			if (zstd_is_error(r)) {
				fprintf(stderr, "%s: %s level %d: %s\n", what, enc->name, levels[li],
					zstd_get_error_name(r));
				continue;
			}
			size_t da = decode(&ours, frame, r, a, n + 1);
			size_t db = decode(&kernel, frame, r, b, n + 1);
			CHECK_EQ_U64(da, n);
			CHECK_EQ_U64(db, n);
			CHECK(da == n && !memcmp(a, src, n));
			CHECK(db == n && !memcmp(b, src, n));
			if (da != n || db != n || memcmp(a, src, n) || memcmp(b, src, n))
				fprintf(stderr, "%s: %s level %d frame mis-decoded\n", what, enc->name,
					levels[li]);
		}
		/* Streaming, unknown size, odd buffer sizes. */
		zstd_parameters p = zstd_get_params(3, n);
		p.fParams.checksumFlag = 1;
		size_t wsz = enc->cstream_bound(&p.cParams);
		void *ws = malloc(wsz);
		zstd_cstream *cs = enc->init_cstream(&p, 0, ws, wsz);
		CHECK(cs != NULL);
		zstd_in_buffer in = { src, 0, 0 };
		zstd_out_buffer out = { frame, 0, 0 };
		while (cs && in.pos < n) {
			in.size = in.pos + 1000 < n ? in.pos + 1000 : n;
			out.size = out.pos + 517 < cap ? out.pos + 517 : cap;
			size_t r = enc->compress_stream(cs, &out, &in);
			CHECK(!zstd_is_error(r));
			if (zstd_is_error(r))
				break;
		}
		size_t left = 1;
		while (cs && left && !zstd_is_error(left)) {
			out.size = out.pos + 517 < cap ? out.pos + 517 : cap;
			left = enc->end_stream(cs, &out);
		}
		CHECK(!zstd_is_error(left));
		free(ws);
		for (int di = 0; di < 2; di++) {
			const struct side *dec = sides[di];
			size_t dwsz = dec->dstream_bound((size_t)1 << p.cParams.windowLog);
			void *dws = malloc(dwsz);
			zstd_dstream *ds = dec->init_dstream((size_t)1 << p.cParams.windowLog, dws, dwsz);
			zstd_in_buffer din = { frame, 0, 0 };
			zstd_out_buffer dout = { a, n + 1, 0 };
			size_t r = 1;
			while (ds && r && !zstd_is_error(r) && din.pos < out.pos) {
				din.size = din.pos + 333 < out.pos ? din.pos + 333 : out.pos;
				r = dec->decompress_stream(ds, &dout, &din);
			}
			CHECK_EQ_U64(r, 0);
			CHECK_EQ_U64(dout.pos, n);
			CHECK(!memcmp(a, src, n));
			free(dws);
		}
	}
	free(frame); free(a); free(b);
}

/* Both decoders on the same (possibly damaged) frame of `orig`: same result, same bytes.
 * With strict_codes the error codes must match too. Otherwise one disagreement is
 * allowed and counted: the kernel "decodes" a damaged frame into wrong bytes that ours
 * refuses (zstd 1.5.2 clamps an over-read Huffman stream end in its double-symbol
 * decoder; RFC 8878 section 4.2.2 streams end exactly, which ours requires). */
static unsigned long code_mismatches, damaged_runs, kernel_lenient;
static void same_decode(const unsigned char *frame, size_t r, size_t cap,
			const unsigned char *orig, size_t orig_len, int strict_codes)
{
	unsigned char *a = malloc(cap + 1), *b = malloc(cap + 1);
	size_t da = decode(&ours, frame, r, a, cap);
	size_t db = decode(&kernel, frame, r, b, cap);
	int kernel_right = !zstd_is_error(db) && db == orig_len && !memcmp(b, orig, orig_len);
	if (!strict_codes && zstd_is_error(da) && !zstd_is_error(db) && !kernel_right &&
	    zstd_get_error_code(da) == ZSTD_error_corruption_detected) {
		kernel_lenient++;
	} else {
		CHECK_EQ_U64(zstd_is_error(da), zstd_is_error(db));
	}
	if (!zstd_is_error(da) && !zstd_is_error(db)) {
		CHECK_EQ_U64(da, db);
		CHECK(da == db && !memcmp(a, b, da));
	} else if (zstd_is_error(da) && zstd_is_error(db)) {
		if (strict_codes)
			CHECK_EQ_U64(zstd_get_error_code(da), kref_zstd_get_error_code(db));
		else if (zstd_get_error_code(da) != kref_zstd_get_error_code(db))
			code_mismatches++;
	}
	damaged_runs++;
	free(a); free(b);
}

static void damaged_frames(void)
{
	size_t n = 40000;
	unsigned char *src = malloc(n), *frame = malloc(zstd_compress_bound(n)),
		      *bad = malloc(zstd_compress_bound(n));
	make_text(21, src, n);
	uint64_t s = 5;
	for (int checksum = 0; checksum < 2; checksum++) {
		size_t r = kref_zstd_compress_bound(n);
		r = encode(&kernel, 3, checksum, src, n, frame, r);
		/* Documented errors: exact codes. */
		same_decode(frame, r, n - 1, src, n, 1);                  /* dst too small */
		for (size_t cut = 1; cut < r; cut += 1 + cut / 2) /* truncated */
			same_decode(frame, cut, n, src, n, 1);
		memcpy(bad, frame, r);
		bad[1] ^= 0x10;
		same_decode(bad, r, n, src, n, 1);                        /* magic */
		if (checksum) {
			memcpy(bad, frame, r);
			bad[r - 2] ^= 1;
			same_decode(bad, r, n, src, n, 1);                /* checksum */
		}
		/* Random damage: same success and bytes; codes are counted. */
		for (int i = 0; i < 3000; i++) {
			memcpy(bad, frame, r);
			int hits = 1 + (int)(rng_next(&s) % 3);
			while (hits--)
				bad[rng_next(&s) % r] ^= (unsigned char)(1 + rng_next(&s) % 255);
			same_decode(bad, r, n, src, n, 0);
		}
	}
	free(src); free(frame); free(bad);
}

/* Streams `frame` through one side's dstream with chunk sizes from `seed`; returns the
 * bytes produced or an error, and the number of calls. */
static size_t stream_all(const struct side *s, const unsigned char *frame, size_t r,
			 unsigned char *out, size_t cap, uint64_t seed, int *calls)
{
	size_t wsz = s->dstream_bound(1 << 17);
	void *ws = malloc(wsz);
	zstd_dstream *ds = s->init_dstream(1 << 17, ws, wsz);
	zstd_in_buffer in = { frame, 0, 0 };
	zstd_out_buffer o = { out, 0, 0 };
	size_t ret = 1;
	*calls = 0;
	while (ret != 0 && (*calls)++ < 200000) {
		if (in.pos == in.size && in.size == r)
			break; /* input used up, frame not finished */
		if (in.pos == in.size) {
			size_t k = 1 + rng_next(&seed) % 3000;
			in.size += k < r - in.size ? k : r - in.size;
		}
		if (o.pos == o.size) {
			size_t k = 1 + rng_next(&seed) % 5000;
			o.size += k < cap - o.size ? k : cap - o.size;
		}
		ret = s->decompress_stream(ds, &o, &in);
		if (zstd_is_error(ret))
			break;
	}
	free(ws);
	if (zstd_is_error(ret))
		return ret;
	return ret == 0 ? o.pos : (size_t)-ZSTD_error_srcSize_wrong;
}

/* Damaged frames through both dstreams with random chunking: same outcome and bytes
 * (with the one allowed leniency of same_decode). */
static void damaged_streams(void)
{
	size_t n = 60000;
	unsigned char *src = malloc(n), *frame = malloc(zstd_compress_bound(n)),
		      *bad = malloc(zstd_compress_bound(n)), *a = malloc(n), *b = malloc(n);
	make_text(41, src, n);
	uint64_t s = 17;
	unsigned long lenient = 0, runs = 0;
	for (int checksum = 0; checksum < 2; checksum++) {
		size_t r = encode(&ours, 3, checksum, src, n, frame, zstd_compress_bound(n));
		for (int i = 0; i < 400; i++) {
			memcpy(bad, frame, r);
			if (i)
				bad[rng_next(&s) % r] ^= (unsigned char)(1 + rng_next(&s) % 255);
			uint64_t seed = rng_next(&s);
			int ca, cb;
			size_t da = stream_all(&ours, bad, r, a, n, seed, &ca);
			size_t db = stream_all(&kernel, bad, r, b, n, seed, &cb);
			int kernel_right = !zstd_is_error(db) && db == n && !memcmp(b, src, n);
			if (zstd_is_error(da) && !zstd_is_error(db) && !kernel_right)
				lenient++;
			else
				CHECK_EQ_U64(zstd_is_error(da), zstd_is_error(db));
			if (!zstd_is_error(da) && !zstd_is_error(db))
				CHECK(da == db && !memcmp(a, b, da));
			if (i == 0)
				CHECK(da == n && !memcmp(a, src, n));
			runs++;
		}
	}
	printf("damaged streams: %lu runs; the kernel decodes to wrong bytes what ours refuses: %lu\n",
	       runs, lenient);
	free(src); free(frame); free(bad); free(a); free(b);
}

static void same_headers(void)
{
	size_t n = 19 * 300;
	unsigned char *src = malloc(n), *frame = malloc(zstd_compress_bound(n) + 64);
	make_text(8, src, n);
	uint64_t s = 77;
	for (int level = 1; level <= 19; level += 6) {
		for (int checksum = 0; checksum < 2; checksum++) {
			size_t r = encode(&kernel, level, checksum, src, level * 300, frame,
					  zstd_compress_bound(n));
			for (int variant = 0; variant < 40; variant++) {
				if (variant) /* damage the header area */
					frame[rng_next(&s) % 18] ^= (unsigned char)rng_next(&s);
				for (size_t k = 0; k <= 20 && k <= r; k++) {
					zstd_frame_header x, y;
					memset(&x, 0x5A, sizeof(x));
					memset(&y, 0x5A, sizeof(y));
					size_t a = zstd_get_frame_header(&x, frame, k);
					size_t b = kref_zstd_get_frame_header(&y, frame, k);
					CHECK_EQ_U64(a, b);
					if (a == 0 && b == 0)
						CHECK(!memcmp(&x, &y, sizeof(x)));
				}
				CHECK_EQ_U64(zstd_find_frame_compressed_size(frame, r),
					     kref_zstd_find_frame_compressed_size(frame, r));
			}
		}
	}
	free(src); free(frame);
}

static void dictionaries(void)
{
	size_t dict_len = 16384, n = 6000;
	unsigned char *dict = malloc(dict_len), *src = malloc(n), *frame = malloc(zstd_compress_bound(n)),
		      *out = malloc(n);
	make_text(31, dict, dict_len);
	memcpy(src, dict + 5000, n);
	for (size_t i = 0; i < n; i += 50)
		src[i] = 'X';
	struct alloc_stats st = { 0 };
	zstd_custom_mem mem = counting_mem(&st);
	const struct side *sides[2] = { &ours, &kernel };
	for (int e = 0; e < 2; e++) {
		for (int level = 1; level <= 19; level += 9) {
			zstd_compression_parameters cp = zstd_get_cparams(level, n, dict_len);
			zstd_cdict *cd = sides[e]->create_cdict(dict, dict_len, cp, mem);
			zstd_cctx *cc = sides[e]->create_cctx(mem);
			CHECK(cd && cc);
			size_t r = cd && cc ? sides[e]->compress_cdict(cc, frame, zstd_compress_bound(n),
								    src, n, cd) : (size_t)-1;
			CHECK(!zstd_is_error(r));
			for (int d = 0; d < 2 && !zstd_is_error(r); d++) {
				zstd_ddict *dd = sides[d]->create_ddict(dict, dict_len, mem);
				zstd_dctx *dc = sides[d]->create_dctx(mem);
				CHECK(dd && dc);
				if (dd && dc) {
					size_t got = sides[d]->decompress_ddict(dc, out, n, frame, r, dd);
					CHECK_EQ_U64(got, n);
					CHECK(!memcmp(out, src, n));
				}
				sides[d]->free_ddict(dd);
				sides[d]->free_dctx(dc);
			}
			sides[e]->free_cdict(cd);
			sides[e]->free_cctx(cc);
		}
	}
	CHECK_EQ_U64(st.blocks, 0);
	free(dict); free(src); free(frame); free(out);
}

/* zram's dictionary mode: 4 KiB pages through each side's CDict, the parameters of
 * zstd_get_cparams(level, PAGE_SIZE, dict_len). Ours may not be more than 0.5% larger
 * in total, on text pages that borrow from the dictionary, on periodic ones and, with
 * zstd_get_params(level, PAGE_SIZE)'s 4 KiB window, on pages that borrow from the start
 * of the dictionary (reachable while the frame fits the window). Each side's frames
 * decode with the other side's DDict. */
static void dictionary_sizes(void)
{
	enum { PAGE = 4096, PAGES = 48 };
	size_t dict_len = 32768;
	unsigned char *dict = malloc(dict_len), *pages = malloc(PAGES * PAGE),
		      *frame = malloc(zstd_compress_bound(PAGE)), *back = malloc(PAGE);
	struct alloc_stats st = { 0 };
	zstd_custom_mem mem = counting_mem(&st);
	const struct side *sides[2] = { &ours, &kernel };
	for (int kind = 0; kind < 3; kind++) {
		uint64_t s = 77 + kind;
		if (kind == 2) {
			make_text(44, dict, dict_len);
			make_text(45, pages, PAGES * PAGE);
			for (size_t p = 0; p < PAGES; p++)
				memcpy(pages + p * PAGE + 200, dict + rng_next(&s) % 4096, 1500);
		} else if (kind == 0) {
			make_text(41, dict, dict_len);
			make_text(42, pages, PAGES * PAGE);
			/* Every page borrows pieces of the dictionary. */
			for (size_t p = 0; p < PAGES; p++)
				for (int k = 0; k < 6; k++) {
					size_t len = 64 + rng_next(&s) % 448;
					size_t from = rng_next(&s) % (dict_len - len);
					size_t to = p * PAGE + rng_next(&s) % (PAGE - len);
					memcpy(pages + to, dict + from, len);
				}
		} else {
			/* A period of 1,000 bytes, in the dictionary and on every page. */
			make_text(43, dict, 1000);
			for (size_t i = 1000; i < dict_len; i++)
				dict[i] = dict[i - 1000];
			for (size_t i = 0; i < PAGES * PAGE; i++)
				pages[i] = dict[(i + 357) % 1000];
			for (size_t p = 0; p < PAGES; p++)
				pages[p * PAGE + rng_next(&s) % PAGE] ^= 0x55;
		}
		static const int levels[] = { 1, 3, 5, 7, 9, 13, 16, 19 };
		for (size_t li = 0; li < sizeof(levels) / sizeof(levels[0]); li++) {
			int level = levels[li];
			zstd_compression_parameters cp = kind == 2 ? zstd_get_params(level, PAGE).cParams :
				zstd_get_cparams(level, PAGE, dict_len);
			size_t total[2] = { 0, 0 };
			for (int e = 0; e < 2; e++) {
				zstd_cdict *cd = sides[e]->create_cdict(dict, dict_len, cp, mem);
				zstd_cctx *cc = sides[e]->create_cctx(mem);
				zstd_ddict *dd = sides[1 - e]->create_ddict(dict, dict_len, mem);
				zstd_dctx *dc = sides[1 - e]->create_dctx(mem);
				CHECK(cd && cc && dd && dc);
				for (size_t p = 0; cd && cc && dd && dc && p < PAGES; p++) {
					const unsigned char *src = pages + p * PAGE;
					size_t r = sides[e]->compress_cdict(cc, frame, zstd_compress_bound(PAGE),
									    src, PAGE, cd);
					CHECK(!zstd_is_error(r));
					total[e] += zstd_is_error(r) ? 2 * PAGE : r;
					size_t got = zstd_is_error(r) ? 0 :
						sides[1 - e]->decompress_ddict(dc, back, PAGE, frame, r, dd);
					CHECK(got == PAGE && !memcmp(back, src, PAGE));
				}
				sides[e]->free_cdict(cd);
				sides[e]->free_cctx(cc);
				sides[1 - e]->free_ddict(dd);
				sides[1 - e]->free_dctx(dc);
			}
			/* A known gap (docs/performance.md): from level 13 on, C searches a
			 * small-window frame's dictionary where it is; ours copies its tables
			 * into one tree with the frame's positions (2.4% larger; 4.9% while a
			 * walk stopped at nodes older than the tree keeps). A byte a page is left
			 * to the two encoders' choices between equal matches (periodic pages take
			 * 30 bytes). */
			size_t limit = kind == 2 && level >= 13 ? 1030 : 1005;
			size_t bound = total[1] * limit + PAGES * 1000;
			if (total[0] * 1000 > bound)
				fprintf(stderr, "dictionary pages, kind %d level %d: ours %zu, kernel %zu\n",
					kind, level, total[0], total[1]);
			CHECK(total[0] * 1000 <= bound);
		}
	}
	CHECK_EQ_U64(st.blocks, 0);
	free(dict); free(pages); free(frame); free(back);
}

static unsigned char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	unsigned char *buf = malloc(n > 0 ? (size_t)n : 1);
	*len = fread(buf, 1, (size_t)n, f);
	fclose(f);
	return buf;
}

/* How a fixture set is judged. */
enum expect {
	SAME,         /* both decode, to the same bytes */
	OURS_REFUSE,  /* invalid frames that zstd 1.5.2 wrongly accepts */
	OURS_DECODE,  /* valid frames that zstd 1.5.2 wrongly refuses: ours decodes them, to
			 the kernel's bytes whenever the kernel decodes them too */
};

/* Every *.zst of a fixture folder through both sides (with the folder's `dictionary`
 * when it has one). Returns the number of frames. */
static int fixture_set(const char *dir, enum expect expect)
{
	char path[4096];
	snprintf(path, sizeof(path), "%s/dictionary", dir);
	size_t dict_len = 0;
	unsigned char *dict = read_file(path, &dict_len);
	zstd_custom_mem mem = { NULL, NULL, NULL };
	struct alloc_stats st = { 0 };
	mem = counting_mem(&st);
	zstd_ddict *dd_ours = dict ? zstd_create_ddict_byreference(dict, dict_len, mem) : NULL;
	zstd_ddict *dd_kern = dict ? kref_zstd_create_ddict_byreference(dict, dict_len, mem) : NULL;
	CHECK(!dict || (dd_ours && dd_kern));
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	size_t cap = 8 << 20;
	unsigned char *a = malloc(cap), *b = malloc(cap);
	int frames = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		if (l < 4 || strcmp(e->d_name + l - 4, ".zst"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		size_t n;
		unsigned char *frame = read_file(path, &n);
		size_t ra, rb;
		if (dict) {
			ra = zstd_decompress_using_ddict(dctx_ours, a, cap, frame, n, dd_ours);
			rb = kref_zstd_decompress_using_ddict(dctx_kernel, b, cap, frame, n, dd_kern);
		} else {
			ra = zstd_decompress_dctx(dctx_ours, a, cap, frame, n);
			rb = kref_zstd_decompress_dctx(dctx_kernel, b, cap, frame, n);
		}
		if (expect == OURS_REFUSE) {
			CHECK(zstd_is_error(ra));
		} else if (expect == OURS_DECODE) {
			CHECK(!zstd_is_error(ra));
			if (!kref_zstd_is_error(rb))
				CHECK(ra == rb && !memcmp(a, b, ra));
			else
				printf("  %s: the kernel refuses it (%s), ours decodes %zu bytes\n",
				       e->d_name, kref_zstd_get_error_name(rb), ra);
		} else {
			CHECK(!zstd_is_error(ra));
			CHECK_EQ_U64(ra, rb);
			CHECK(ra == rb && !memcmp(a, b, ra));
			if (zstd_is_error(ra) || ra != rb || memcmp(a, b, ra))
				fprintf(stderr, "%s: ours %s (%zu), kernel %zu\n", path,
					zstd_is_error(ra) ? zstd_get_error_name(ra) : "ok", ra, rb);
		}
		frames++;
		free(frame);
	}
	closedir(d);
	zstd_free_ddict(dd_ours);
	kref_zstd_free_ddict(dd_kern);
	CHECK_EQ_U64(st.blocks, 0);
	free(dict); free(a); free(b);
	return frames;
}

int main(int argc, char **argv)
{
	size_t db = zstd_dctx_workspace_bound(), kb = kref_zstd_dctx_workspace_bound();
	void *wa = malloc(db), *wb = malloc(kb);
	dctx_ours = zstd_init_dctx(wa, db);
	dctx_kernel = kref_zstd_init_dctx(wb, kb);
	CHECK(dctx_ours && dctx_kernel);

	same_params();
	static const size_t sizes[] = { 0, 1, 300, 5000, 70000, 1 << 20 };
	unsigned char *buf = malloc(1 << 20);
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		make_text(1000 + i, buf, sizes[i]);
		cross_decode(buf, sizes[i], "text");
	}
	uint64_t s = 3;
	rng_fill(&s, buf, 200000);
	cross_decode(buf, 200000, "random");
	memset(buf, 'z', 300000);
	cross_decode(buf, 300000, "zeros");
	free(buf);
	damaged_frames();
	printf("damaged frames: %lu runs; both refuse with different codes: %lu; "
	       "the kernel decodes to wrong bytes what ours refuses: %lu\n",
	       damaged_runs, code_mismatches, kernel_lenient);
	damaged_streams();
	same_headers();
	dictionaries();
	dictionary_sizes();

	if (argc > 1) {
		static const char *const sets[] = {
			"testdata/decodecorpus/plain-small", "testdata/decodecorpus/plain-large",
			"testdata/decodecorpus/dict-a", "testdata/decodecorpus/dict-b",
		};
		char dir[4096];
		for (size_t i = 0; i < sizeof(sets) / sizeof(sets[0]); i++) {
			snprintf(dir, sizeof(dir), "%s/%s", argv[1], sets[i]);
			int k = fixture_set(dir, SAME);
			printf("%s: %d frames\n", sets[i], k);
			CHECK(k > 0);
		}
		snprintf(dir, sizeof(dir), "%s/testdata/golden/golden-decompression", argv[1]);
		int k = fixture_set(dir, OURS_DECODE);
		printf("golden-decompression: %d frames\n", k);
		CHECK(k > 0);
		snprintf(dir, sizeof(dir), "%s/testdata/golden/golden-decompression-errors", argv[1]);
		k = fixture_set(dir, OURS_REFUSE);
		printf("golden-decompression-errors: %d frames refused\n", k);
		CHECK(k > 0);
	} else {
		printf("no fixtures folder given: decodecorpus/golden sets not run\n");
	}
	free(wa); free(wb);
	return finish("diff_zstd");
}
