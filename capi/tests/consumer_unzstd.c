// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * A real kernel consumer, unchanged: Linux 6.12's lib/decompress_unzstd.c (used for
 * initramfs and compressed kernels) compiled against our <linux/zstd.h> and linked with
 * libkzstd.a. Its unzstd() runs in all three modes (one buffer in and out; fill()
 * callback; flush() callback) on frames from our compressor and from the kernel's.
 */
#include "decompress_unzstd.c"
#include "kref.h"
#include "data.h"

static const unsigned char *feed;
static size_t feed_len, feed_pos, feed_step;
static unsigned char *sink;
static size_t sink_len;
static char last_error[128];

static long fill_cb(void *buf, unsigned long size)
{
	size_t n = feed_len - feed_pos;
	if (n > size)
		n = size;
	if (n > feed_step)
		n = feed_step;
	memcpy(buf, feed + feed_pos, n);
	feed_pos += n;
	return (long)n;
}

static long flush_cb(void *buf, unsigned long size)
{
	memcpy(sink + sink_len, buf, size);
	sink_len += size;
	return (long)size;
}

static void error_cb(char *x)
{
	snprintf(last_error, sizeof(last_error), "%s", x);
}

static void run(const unsigned char *frame, size_t r, const unsigned char *src, size_t n,
		const char *who)
{
	unsigned char *out = malloc(n + 64);
	long pos = -1;
	last_error[0] = 0;
	/* One buffer in, one out: zstd_find_frame_compressed_size + zstd_decompress_dctx. */
	CHECK(unzstd((unsigned char *)frame, (long)r, NULL, NULL, out, &pos, error_cb) == 0);
	CHECK(pos == (long)r);
	CHECK(!memcmp(out, src, n));
	/* fill(): streaming input in odd pieces, flat output (unbounded capacity). */
	feed = frame; feed_len = r; feed_pos = 0; feed_step = 4099;
	memset(out, 0, n);
	CHECK(unzstd(NULL, 0, fill_cb, NULL, out, &pos, error_cb) == 0);
	CHECK(!memcmp(out, src, n));
	/* flush(): whole input, output through a 128 KiB buffer. */
	sink = malloc(n + 64); sink_len = 0;
	CHECK(unzstd((unsigned char *)frame, (long)r, NULL, flush_cb, NULL, &pos, error_cb) == 0);
	CHECK_EQ_U64(sink_len, n);
	CHECK(!memcmp(sink, src, n));
	/* Damaged: the consumer reports an error through its callback. */
	unsigned char *bad = malloc(r);
	memcpy(bad, frame, r);
	bad[0] ^= 0xFF;
	CHECK(unzstd(bad, (long)r, NULL, NULL, out, &pos, error_cb) == -1);
	CHECK(!strcmp(last_error, "Input is not in the ZSTD format (wrong magic bytes)"));
	free(bad);
	free(sink);
	free(out);
	if (last_error[0] == 0)
		fprintf(stderr, "%s: no error reported\n", who);
}

int main(void)
{
	static const size_t sizes[] = { 1, 5000, 300000, 3 << 20 };
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		size_t n = sizes[i];
		unsigned char *src = malloc(n), *frame = malloc(zstd_compress_bound(n));
		make_text(i, src, n);
		for (int level = 1; level <= 19; level += 9) {
			if (level > 1 && n > 300000)
				continue; /* keeps the test quick */
			zstd_parameters p = zstd_get_params(level, n);
			p.fParams.checksumFlag = 1;
			/* Ours. */
			size_t wsz = zstd_cctx_workspace_bound(&p.cParams);
			void *ws = malloc(wsz);
			size_t r = zstd_compress_cctx(zstd_init_cctx(ws, wsz), frame,
						      zstd_compress_bound(n), src, n, &p);
			CHECK(!zstd_is_error(r));
			run(frame, r, src, n, "ours");
			free(ws);
			/* The kernel's. */
			wsz = kref_zstd_cctx_workspace_bound(&p.cParams);
			ws = malloc(wsz);
			r = kref_zstd_compress_cctx(kref_zstd_init_cctx(ws, wsz), frame,
						    zstd_compress_bound(n), src, n, &p);
			CHECK(!zstd_is_error(r));
			run(frame, r, src, n, "kernel");
			free(ws);
		}
		free(src);
		free(frame);
	}
	return finish("consumer_unzstd (lib/decompress_unzstd.c)");
}
