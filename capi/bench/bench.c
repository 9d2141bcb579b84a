// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * Speed through the C ABI, ours beside the kernel's own C lib/zstd (capi/kref), both built
 * with the kernel's code generation flags (see `make capi-bench` and docs/performance.md),
 * in one process on the same inputs, in the shapes the kernel's consumers use:
 *   zram      4 KiB pages, one frame each, zstd_get_params(level, 4096), cctx/dctx one-shot
 *   zswap     the same with zstd_get_params(3, 0) (crypto/zstd: unknown size)
 *   zram-dict 4 KiB pages through a cdict/ddict (zram's dictionary mode, custom allocator)
 *   btrfs     128 KiB extents: zstd_init_cstream per extent (window log capped at 17),
 *             input and output one 4 KiB page at a time; decompression through
 *             zstd_decompress_stream with page-sized input and a page bounce buffer
 *   stream-1M the same streaming through pages with 1 MiB frames
 *   1M        whole 1 MiB buffers, cctx/dctx one-shot
 *   squashfs  decompression only of 128 KiB / 1 MiB blocks (frames made by the kernel's C at
 *             level 19/22), input in 4 KiB device blocks, output straight into pages
 * Rounds are interleaved (C, ours, ours, C, ...); each round checks every round trip and
 * the table gives medians, the median of the per-round ratios and their spread.
 *
 * Usage: bench DICT FILE...             (`make capi-bench`: the first 1 MiB of each file)
 *   KBENCH_ROUNDS=n                     rounds (default 5)
 *   KBENCH_SHAPES="1M:9 btrfs:3"         only these shapes (name:level)
 *   KBENCH_ONE=shape:level:c|d:kernel|ours   run one measurement once, for instruction
 *                                       counts of kb_measured() (capi/bench/count.sh);
 *                                       a level the table does not list runs on the
 *                                       shape's first row (level sweeps)
 *   KBENCH_REPEAT=n                     with KBENCH_ONE: run it n times (default 1), for
 *                                       time profiles (perf record -e cpu-clock)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kref.h"

#define PAGE 4096u
#define SLICE (1u << 20)

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static void die(const char *what)
{
	fprintf(stderr, "capi-bench: %s\n", what);
	exit(1);
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

static void *mem_alloc(void *opaque, size_t size)
{
	(void)opaque;
	return malloc(size);
}

static void mem_free(void *opaque, void *address)
{
	(void)opaque;
	free(address);
}

static const zstd_custom_mem custom_mem = { mem_alloc, mem_free, NULL };

struct api {
	const char *name;
	int (*is_error)(size_t);
	zstd_parameters (*get_params)(int, unsigned long long);
	zstd_compression_parameters (*get_cparams)(int, unsigned long long, size_t);
	size_t (*compress_bound)(size_t);
	size_t (*cctx_bound)(const zstd_compression_parameters *);
	zstd_cctx *(*init_cctx)(void *, size_t);
	size_t (*compress)(zstd_cctx *, void *, size_t, const void *, size_t, const zstd_parameters *);
	size_t (*dctx_bound)(void);
	zstd_dctx *(*init_dctx)(void *, size_t);
	size_t (*decompress)(zstd_dctx *, void *, size_t, const void *, size_t);
	size_t (*cstream_bound)(const zstd_compression_parameters *);
	zstd_cstream *(*init_cstream)(const zstd_parameters *, unsigned long long, void *, size_t);
	size_t (*compress_stream)(zstd_cstream *, zstd_out_buffer *, zstd_in_buffer *);
	size_t (*end_stream)(zstd_cstream *, zstd_out_buffer *);
	size_t (*dstream_bound)(size_t);
	zstd_dstream *(*init_dstream)(size_t, void *, size_t);
	size_t (*decompress_stream)(zstd_dstream *, zstd_out_buffer *, zstd_in_buffer *);
	zstd_cctx *(*create_cctx)(zstd_custom_mem);
	zstd_dctx *(*create_dctx)(zstd_custom_mem);
	zstd_cdict *(*create_cdict)(const void *, size_t, zstd_compression_parameters, zstd_custom_mem);
	zstd_ddict *(*create_ddict)(const void *, size_t, zstd_custom_mem);
	size_t (*compress_cdict)(zstd_cctx *, void *, size_t, const void *, size_t, const zstd_cdict *);
	size_t (*decompress_ddict)(zstd_dctx *, void *, size_t, const void *, size_t, const zstd_ddict *);
	size_t (*free_cctx)(zstd_cctx *);
	size_t (*free_dctx)(zstd_dctx *);
	size_t (*free_cdict)(zstd_cdict *);
	size_t (*free_ddict)(zstd_ddict *);
};

static int ours_is_error(size_t r) { return zstd_is_error(r); }
static int kref_is_error(size_t r) { return kref_zstd_is_error(r); }

static const struct api ours = {
	"ours", ours_is_error, zstd_get_params, zstd_get_cparams, zstd_compress_bound,
	zstd_cctx_workspace_bound, zstd_init_cctx, zstd_compress_cctx,
	zstd_dctx_workspace_bound, zstd_init_dctx, zstd_decompress_dctx,
	zstd_cstream_workspace_bound, zstd_init_cstream, zstd_compress_stream, zstd_end_stream,
	zstd_dstream_workspace_bound, zstd_init_dstream, zstd_decompress_stream,
	zstd_create_cctx_advanced, zstd_create_dctx_advanced, zstd_create_cdict_byreference,
	zstd_create_ddict_byreference, zstd_compress_using_cdict, zstd_decompress_using_ddict,
	zstd_free_cctx, zstd_free_dctx, zstd_free_cdict, zstd_free_ddict,
};
static const struct api kern = {
	"kernel", kref_is_error, kref_zstd_get_params, kref_zstd_get_cparams,
	kref_zstd_compress_bound,
	kref_zstd_cctx_workspace_bound, kref_zstd_init_cctx, kref_zstd_compress_cctx,
	kref_zstd_dctx_workspace_bound, kref_zstd_init_dctx, kref_zstd_decompress_dctx,
	kref_zstd_cstream_workspace_bound, kref_zstd_init_cstream, kref_zstd_compress_stream,
	kref_zstd_end_stream, kref_zstd_dstream_workspace_bound, kref_zstd_init_dstream,
	kref_zstd_decompress_stream, kref_zstd_create_cctx_advanced,
	kref_zstd_create_dctx_advanced, kref_zstd_create_cdict_byreference,
	kref_zstd_create_ddict_byreference, kref_zstd_compress_using_cdict,
	kref_zstd_decompress_using_ddict, kref_zstd_free_cctx, kref_zstd_free_dctx,
	kref_zstd_free_cdict, kref_zstd_free_ddict,
};

enum kind { ONESHOT, STREAM, DICT, DECODE };

struct shape {
	const char *name;
	enum kind kind;
	size_t chunk;                 /* bytes per frame */
	unsigned long long estimate;  /* zstd_get_params' size */
	int level;
};

static const struct shape shapes[] = {
	{ "zram", ONESHOT, PAGE, PAGE, 1 },
	{ "zram", ONESHOT, PAGE, PAGE, 3 },
	{ "zram", ONESHOT, PAGE, PAGE, 9 },
	{ "zswap", ONESHOT, PAGE, 0, 3 },
	{ "zram-dict", DICT, PAGE, PAGE, 1 },
	{ "zram-dict", DICT, PAGE, PAGE, 3 },
	{ "btrfs", STREAM, 128 << 10, 128 << 10, 1 },
	{ "btrfs", STREAM, 128 << 10, 128 << 10, 3 },
	{ "btrfs", STREAM, 128 << 10, 128 << 10, 9 },
	{ "btrfs", STREAM, 128 << 10, 128 << 10, 12 },
	{ "btrfs", STREAM, 128 << 10, 128 << 10, 15 },
	{ "stream-1M", STREAM, SLICE, SLICE, 1 },
	{ "stream-1M", STREAM, SLICE, SLICE, 3 },
	{ "stream-1M", STREAM, SLICE, SLICE, 9 },
	{ "1M", ONESHOT, SLICE, SLICE, 1 },
	{ "1M", ONESHOT, SLICE, SLICE, 3 },
	{ "1M", ONESHOT, SLICE, SLICE, 9 },
	{ "1M", ONESHOT, SLICE, SLICE, 13 },
	{ "1M", ONESHOT, SLICE, SLICE, 14 },
	{ "1M", ONESHOT, SLICE, SLICE, 15 },
	{ "1M", ONESHOT, SLICE, SLICE, 19 },
	{ "squashfs-128K", DECODE, 128 << 10, 128 << 10, 19 },
	{ "squashfs-128K", DECODE, 128 << 10, 128 << 10, 22 },
	{ "squashfs-1M", DECODE, SLICE, SLICE, 19 },
	{ "squashfs-1M", DECODE, SLICE, SLICE, 22 },
};
#define NSHAPES (sizeof(shapes) / sizeof(shapes[0]))

/* The input, the dictionary, and one side's state for one shape. */
static const unsigned char *input;
static size_t input_len;
static const unsigned char *dict;
static size_t dict_len;

struct state {
	const struct api *a;
	const struct shape *s;
	zstd_parameters p;
	void *cws, *dws;
	size_t cws_size, dws_size;
	zstd_cctx *cctx;
	zstd_dctx *dctx;
	zstd_cdict *cdict;
	zstd_ddict *ddict;
	size_t nchunks, cap;
	unsigned char *frames; /* chunk i's frame at i * cap */
	size_t *sizes;
	unsigned char *back;   /* decompressed copy of the input */
	unsigned char bounce[PAGE];
};

static size_t chunk_len(const struct state *st, size_t i)
{
	size_t off = i * st->s->chunk;
	return input_len - off < st->s->chunk ? input_len - off : st->s->chunk;
}

static void setup(struct state *st, const struct api *a, const struct shape *s)
{
	memset(st, 0, sizeof(*st));
	st->a = a;
	st->s = s;
	st->p = a->get_params(s->level, s->estimate);
	st->nchunks = (input_len + s->chunk - 1) / s->chunk;
	/* Streamed frames are written page by page: round the capacity up to pages. */
	st->cap = (a->compress_bound(s->chunk) + PAGE - 1) / PAGE * PAGE;
	st->frames = xmalloc(st->nchunks * st->cap);
	st->sizes = xmalloc(st->nchunks * sizeof(size_t));
	st->back = xmalloc(input_len);
	switch (s->kind) {
	case ONESHOT:
		st->cws_size = a->cctx_bound(&st->p.cParams);
		st->dws_size = a->dctx_bound();
		break;
	case STREAM:
		if (s->chunk == 128 << 10 && st->p.cParams.windowLog > 17)
			st->p.cParams.windowLog = 17; /* btrfs: ZSTD_BTRFS_MAX_WINDOWLOG */
		st->cws_size = a->cstream_bound(&st->p.cParams);
		/* fall through */
	case DECODE:
		st->dws_size = a->dstream_bound(s->chunk);
		break;
	case DICT:
		st->cctx = a->create_cctx(custom_mem);
		st->dctx = a->create_dctx(custom_mem);
		/* zram: zstd_get_cparams(level, PAGE_SIZE, dict_sz) for the cdict. */
		st->cdict = a->create_cdict(dict, dict_len, a->get_cparams(s->level, PAGE, dict_len),
					    custom_mem);
		st->ddict = a->create_ddict(dict, dict_len, custom_mem);
		if (!st->cctx || !st->dctx || !st->cdict || !st->ddict)
			die("dictionary contexts");
		return;
	}
	st->cws = st->cws_size ? xmalloc(st->cws_size) : NULL;
	st->dws = xmalloc(st->dws_size);
	if (s->kind == ONESHOT) {
		st->cctx = a->init_cctx(st->cws, st->cws_size);
		st->dctx = a->init_dctx(st->dws, st->dws_size);
		if (!st->cctx || !st->dctx)
			die("init_cctx/init_dctx");
	}
}

static void teardown(struct state *st)
{
	if (st->s->kind == DICT) {
		st->a->free_cctx(st->cctx);
		st->a->free_dctx(st->dctx);
		st->a->free_cdict(st->cdict);
		st->a->free_ddict(st->ddict);
	}
	free(st->cws);
	free(st->dws);
	free(st->frames);
	free(st->sizes);
	free(st->back);
}

/* btrfs' zstd_compress_folios: one cstream per extent, page in, page out. */
static size_t stream_compress(const struct state *st, const unsigned char *src, size_t len,
			      unsigned char *dst)
{
	const struct api *a = st->a;
	zstd_cstream *cs = a->init_cstream(&st->p, len, st->cws, st->cws_size);
	if (!cs)
		die("init_cstream");
	zstd_in_buffer in = { src, len < PAGE ? len : PAGE, 0 };
	zstd_out_buffer out = { dst, PAGE, 0 };
	size_t done = 0, in_off = 0;
	for (;;) {
		size_t r = a->compress_stream(cs, &out, &in);
		if (a->is_error(r))
			die("compress_stream");
		if (out.pos == out.size) {
			done += out.pos;
			out.dst = dst + done;
			out.pos = 0;
		}
		if (in.pos == in.size) {
			in_off += in.size;
			if (in_off == len)
				break;
			in.src = src + in_off;
			in.size = len - in_off < PAGE ? len - in_off : PAGE;
			in.pos = 0;
		}
	}
	for (;;) {
		size_t r = a->end_stream(cs, &out);
		if (a->is_error(r))
			die("end_stream");
		if (r == 0)
			break;
		if (out.pos == out.size) {
			done += out.pos;
			out.dst = dst + done;
			out.pos = 0;
		}
	}
	return done + out.pos;
}

/* btrfs' zstd_decompress_bio: page-sized input, output through one page copied out. */
static void stream_decompress_bounce(struct state *st, const unsigned char *src, size_t len,
				     unsigned char *dst, size_t dst_len)
{
	const struct api *a = st->a;
	zstd_dstream *ds = a->init_dstream(st->s->chunk, st->dws, st->dws_size);
	if (!ds)
		die("init_dstream");
	zstd_in_buffer in = { src, len < PAGE ? len : PAGE, 0 };
	zstd_out_buffer out = { st->bounce, PAGE, 0 };
	size_t in_off = 0, done = 0;
	for (;;) {
		size_t r = a->decompress_stream(ds, &out, &in);
		if (a->is_error(r))
			die("decompress_stream (btrfs)");
		if (r == 0)
			break;
		if (out.pos == out.size) {
			if (done + out.pos > dst_len)
				die("btrfs: output too long");
			memcpy(dst + done, st->bounce, out.pos);
			done += out.pos;
			out.pos = 0;
		}
		if (in.pos == in.size) {
			in_off += in.size;
			if (in_off == len)
				die("btrfs: frame truncated");
			in.src = src + in_off;
			in.size = len - in_off < PAGE ? len - in_off : PAGE;
			in.pos = 0;
		}
	}
	if (done + out.pos != dst_len)
		die("btrfs: wrong length");
	memcpy(dst + done, st->bounce, out.pos);
}

/* squashfs' zstd_uncompress: device blocks in, page cache pages out (no copy). */
static void stream_decompress_pages(struct state *st, const unsigned char *src, size_t len,
				    unsigned char *dst, size_t dst_len)
{
	const struct api *a = st->a;
	zstd_dstream *ds = a->init_dstream(st->s->chunk, st->dws, st->dws_size);
	if (!ds)
		die("init_dstream");
	zstd_in_buffer in = { src, 0, 0 };
	zstd_out_buffer out = { dst, 0, 0 };
	size_t in_off = 0, out_off = 0;
	for (;;) {
		if (in.pos == in.size) {
			if (in_off == len)
				die("squashfs: frame truncated");
			in.src = src + in_off;
			in.size = len - in_off < PAGE ? len - in_off : PAGE;
			in.pos = 0;
			in_off += in.size;
		}
		if (out.pos == out.size) {
			if (out_off == dst_len)
				die("squashfs: output too long");
			out.dst = dst + out_off;
			out.size = dst_len - out_off < PAGE ? dst_len - out_off : PAGE;
			out.pos = 0;
			out_off += out.size;
		}
		size_t r = a->decompress_stream(ds, &out, &in);
		if (a->is_error(r))
			die("decompress_stream (squashfs)");
		if (r == 0)
			break;
	}
	if (out_off - out.size + out.pos != dst_len)
		die("squashfs: wrong length");
}

static void compress_all(struct state *st)
{
	const struct api *a = st->a;
	for (size_t i = 0; i < st->nchunks; i++) {
		const unsigned char *src = input + i * st->s->chunk;
		size_t len = chunk_len(st, i), r;
		unsigned char *dst = st->frames + i * st->cap;
		switch (st->s->kind) {
		case ONESHOT:
			r = a->compress(st->cctx, dst, st->cap, src, len, &st->p);
			break;
		case DICT:
			r = a->compress_cdict(st->cctx, dst, st->cap, src, len, st->cdict);
			break;
		case STREAM:
			r = stream_compress(st, src, len, dst);
			break;
		default:
			die("compress_all: decode-only shape");
			return;
		}
		if (a->is_error(r))
			die("compression failed");
		st->sizes[i] = r;
	}
}

static void decompress_all(struct state *st)
{
	const struct api *a = st->a;
	for (size_t i = 0; i < st->nchunks; i++) {
		unsigned char *dst = st->back + i * st->s->chunk;
		const unsigned char *src = st->frames + i * st->cap;
		size_t len = chunk_len(st, i), r = len;
		switch (st->s->kind) {
		case ONESHOT:
			r = a->decompress(st->dctx, dst, len, src, st->sizes[i]);
			break;
		case DICT:
			r = a->decompress_ddict(st->dctx, dst, len, src, st->sizes[i], st->ddict);
			break;
		case STREAM:
			stream_decompress_bounce(st, src, st->sizes[i], dst, len);
			break;
		case DECODE:
			stream_decompress_pages(st, src, st->sizes[i], dst, len);
			break;
		}
		if (r != len)
			die("decompression failed");
	}
}

/* The round trip: a wrong byte ends the benchmark before any speed is printed. */
static void verify(struct state *st)
{
	if (memcmp(st->back, input, input_len))
		die("round trip mismatch");
	memset(st->back, 0, input_len);
}

/* Decode-only shapes: the kernel's C compresses (as mksquashfs' libzstd would). */
static void make_frames(struct state *st)
{
	if (st->s->kind != DECODE)
		return compress_all(st);
	const struct api *a = &kern;
	zstd_parameters p = a->get_params(st->s->level, st->s->chunk);
	size_t ws = a->cctx_bound(&p.cParams);
	void *w = xmalloc(ws);
	zstd_cctx *c = a->init_cctx(w, ws);
	for (size_t i = 0; i < st->nchunks; i++) {
		size_t r = a->compress(c, st->frames + i * st->cap, st->cap,
				       input + i * st->s->chunk, chunk_len(st, i), &p);
		if (a->is_error(r))
			die("squashfs frames");
		st->sizes[i] = r;
	}
	free(w);
}

static size_t total_size(const struct state *st)
{
	size_t t = 0;
	for (size_t i = 0; i < st->nchunks; i++)
		t += st->sizes[i];
	return t;
}

/* What KBENCH_ONE measures, alone, for callgrind --toggle-collect=kb_measured. */
__attribute__((noinline)) void kb_measured(struct state *st, int comp)
{
	if (comp)
		compress_all(st);
	else
		decompress_all(st);
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return a < b ? -1 : a > b;
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static unsigned char *slurp(const char *path, size_t max, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	if (!fp) {
		perror(path);
		exit(1);
	}
	unsigned char *buf = xmalloc(max);
	*len = fread(buf, 1, max, fp);
	fclose(fp);
	return buf;
}

static int run_one(const char *spec)
{
	char name[32], dir, side[16];
	int level;
	if (sscanf(spec, "%31[^:]:%d:%c:%15s", name, &level, &dir, side) != 4)
		die("KBENCH_ONE=shape:level:c|d:kernel|ours");
	const struct api *a = !strcmp(side, "kernel") ? &kern : &ours;
	/* The row of that name and level, else the name's first row. */
	const struct shape *s = NULL;
	for (size_t i = 0; i < NSHAPES; i++) {
		if (strcmp(shapes[i].name, name))
			continue;
		if (!s || shapes[i].level == level)
			s = &shapes[i];
		if (s->level == level)
			break;
	}
	if (s) {
		struct shape at = *s;
		at.level = level;
		if (dir == 'c' && at.kind == DECODE)
			die("decode-only shape");
		struct state st;
		setup(&st, a, &at);
		if (dir == 'd')
			make_frames(&st);
		int repeat = getenv("KBENCH_REPEAT") ? atoi(getenv("KBENCH_REPEAT")) : 1;
		if (repeat < 1 || repeat > 100000)
			die("KBENCH_REPEAT: 1..100000");
		for (int r = 0; r < repeat; r++)
			kb_measured(&st, dir == 'c');
		if (dir == 'd')
			verify(&st);
		teardown(&st);
		return 0;
	}
	die("no such shape");
	return 1;
}

/* Whether "NAME:LEVEL" of shape s is a word of the space-separated list. */
static int listed(const char *list, const struct shape *s)
{
	char want[64];
	size_t n = (size_t)snprintf(want, sizeof(want), "%s:%d", s->name, s->level);

	for (const char *p = list; (p = strstr(p, want)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 3)
		die("usage: bench DICT FILE...");
	dict = slurp(argv[1], 1 << 20, &dict_len);
	unsigned char *all = xmalloc((size_t)(argc - 2) * SLICE);
	for (int f = 2; f < argc; f++) {
		size_t n;
		unsigned char *b = slurp(argv[f], SLICE, &n);
		memcpy(all + input_len, b, n);
		input_len += n;
		free(b);
	}
	input = all;
	const char *one = getenv("KBENCH_ONE");
	if (one)
		return run_one(one);
	int rounds = getenv("KBENCH_ROUNDS") ? atoi(getenv("KBENCH_ROUNDS")) : 5;
	if (rounds < 1 || rounds > 100)
		die("KBENCH_ROUNDS: 1..100");

	printf("%-14s %3s | %8s %8s %6s %11s | %8s %8s %6s %11s | %6s %6s\n", "shape", "lvl",
	       "c kernel", "c ours", "ratio", "spread", "d kernel", "d ours", "ratio", "spread",
	       "c.rat", "size");
	/* KBENCH_SHAPES="1M:9 btrfs:3": only these shapes (name:level, space-separated). */
	const char *only = getenv("KBENCH_SHAPES");
	for (size_t si = 0; si < NSHAPES; si++) {
		const struct shape *s = &shapes[si];
		if (only && !listed(only, s))
			continue;
		struct state st[2];
		setup(&st[0], &kern, s);
		setup(&st[1], &ours, s);
		double ct[2][100], dt[2][100], cr[100], dr[100];
		for (int r = 0; r < rounds; r++) {
			for (int k = 0; k < 2; k++) {
				/* C first in even rounds, ours first in odd ones. */
				struct state *x = &st[(k + r) % 2];
				int side = (k + r) % 2;
				double t0 = now();
				if (s->kind == DECODE) {
					if (r == 0)
						make_frames(x);
				} else {
					compress_all(x);
				}
				double t1 = now();
				decompress_all(x);
				double t2 = now();
				verify(x);
				ct[side][r] = t1 - t0;
				dt[side][r] = t2 - t1;
			}
			cr[r] = ct[0][r] / ct[1][r];
			dr[r] = dt[0][r] / dt[1][r];
		}
		double mb = input_len / 1e6;
		double cm[2] = { mb / median(ct[0], rounds), mb / median(ct[1], rounds) };
		double dm[2] = { mb / median(dt[0], rounds), mb / median(dt[1], rounds) };
		double crmin = cr[0], crmax = cr[0], drmin = dr[0], drmax = dr[0];
		for (int r = 1; r < rounds; r++) {
			crmin = cr[r] < crmin ? cr[r] : crmin;
			crmax = cr[r] > crmax ? cr[r] : crmax;
			drmin = dr[r] < drmin ? dr[r] : drmin;
			drmax = dr[r] > drmax ? dr[r] : drmax;
		}
		char cspread[16], dspread[16];
		snprintf(dspread, sizeof(dspread), "%.2f-%.2f", drmin, drmax);
		if (s->kind == DECODE) {
			printf("%-14s %3d | %8s %8s %6s %11s | %8.1f %8.1f %6.2f %11s | %6.2f %6s\n",
			       s->name, s->level, "-", "-", "-", "-", dm[0], dm[1],
			       median(dr, rounds), dspread,
			       (double)input_len / total_size(&st[0]), "-");
		} else {
			snprintf(cspread, sizeof(cspread), "%.2f-%.2f", crmin, crmax);
			printf("%-14s %3d | %8.1f %8.1f %6.2f %11s | %8.1f %8.1f %6.2f %11s | %6.2f %6.4f\n",
			       s->name, s->level, cm[0], cm[1], median(cr, rounds), cspread, dm[0],
			       dm[1], median(dr, rounds), dspread,
			       (double)input_len / total_size(&st[0]),
			       (double)total_size(&st[1]) / total_size(&st[0]));
		}
		fflush(stdout);
		teardown(&st[0]);
		teardown(&st[1]);
	}
	printf("MB/s of uncompressed data (median of %d interleaved rounds, %.1f MiB: the first "
	       "1 MiB of each file);\nratio = ours / kernel C, median of the per-round ratios "
	       "(higher is better), spread = min-max;\nc.rat = compression ratio of the kernel's C, "
	       "size = our compressed size / C's\n", rounds, input_len / 1048576.0);
	return 0;
}
