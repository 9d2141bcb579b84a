// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * rz-btrfs: the three btrfs operations the concurrent btrfs scenario needs from the guest,
 * straight through the kernel's ioctls (the guest has busybox, not btrfs-progs):
 *   rz-btrfs defrag FILE...  BTRFS_IOC_DEFRAG_RANGE with compress_type zstd
 *                            (what `btrfs filesystem defrag -czstd` does)
 *   rz-btrfs scrub MNT       BTRFS_IOC_SCRUB of device 1 (`btrfs scrub start -B`): prints the
 *                            bytes scrubbed and every error counter; exit 1 on any error
 *   rz-btrfs fiemap FILE...  FS_IOC_FIEMAP: bytes in extents btrfs marks ENCODED (compressed)
 *                            against all bytes: "encoded=N total=M extents=K"
 */
#include <fcntl.h>
#include <linux/btrfs.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define BTRFS_COMPRESS_ZSTD 3	/* fs/btrfs/compression.h, enum btrfs_compression_type */

static int defrag(const char *path)
{
	struct btrfs_ioctl_defrag_range_args a;
	int fd = open(path, O_RDWR);

	if (fd < 0) {
		perror(path);
		return 1;
	}
	memset(&a, 0, sizeof(a));
	a.len = (__u64)-1;
	a.flags = BTRFS_DEFRAG_RANGE_COMPRESS | BTRFS_DEFRAG_RANGE_START_IO;
	a.compress_type = BTRFS_COMPRESS_ZSTD;
	if (ioctl(fd, BTRFS_IOC_DEFRAG_RANGE, &a) < 0) {
		perror("BTRFS_IOC_DEFRAG_RANGE");
		close(fd);
		return 1;
	}
	fsync(fd);
	close(fd);
	return 0;
}

static int scrub(const char *mnt)
{
	struct btrfs_ioctl_scrub_args a;
	struct btrfs_scrub_progress *p = &a.progress;
	int fd = open(mnt, O_RDONLY);
	unsigned long long errors;

	if (fd < 0) {
		perror(mnt);
		return 1;
	}
	memset(&a, 0, sizeof(a));
	a.devid = 1;
	a.end = (__u64)-1;
	a.flags = BTRFS_SCRUB_READONLY;
	if (ioctl(fd, BTRFS_IOC_SCRUB, &a) < 0) {
		perror("BTRFS_IOC_SCRUB");
		close(fd);
		return 1;
	}
	close(fd);
	errors = p->read_errors + p->csum_errors + p->verify_errors + p->super_errors +
		 p->malloc_errors + p->uncorrectable_errors + p->unverified_errors;
	printf("data_bytes=%llu tree_bytes=%llu read_errors=%llu csum_errors=%llu verify_errors=%llu uncorrectable=%llu\n",
	       (unsigned long long)p->data_bytes_scrubbed, (unsigned long long)p->tree_bytes_scrubbed,
	       (unsigned long long)p->read_errors, (unsigned long long)p->csum_errors,
	       (unsigned long long)p->verify_errors, (unsigned long long)p->uncorrectable_errors);
	return errors != 0 || p->data_bytes_scrubbed == 0;
}

static int fiemap(int n, char **paths)
{
	unsigned long long encoded = 0, total = 0, extents = 0;
	const unsigned int max = 512;
	struct fiemap *fm = calloc(1, sizeof(*fm) + max * sizeof(struct fiemap_extent));

	if (!fm)
		return 1;
	for (int i = 0; i < n; i++) {
		int fd = open(paths[i], O_RDONLY);
		__u64 start = 0;
		int last = 0;

		if (fd < 0) {
			perror(paths[i]);
			return 1;
		}
		while (!last) {
			memset(fm, 0, sizeof(*fm));
			fm->fm_start = start;
			fm->fm_length = FIEMAP_MAX_OFFSET - start;
			fm->fm_flags = FIEMAP_FLAG_SYNC;
			fm->fm_extent_count = max;
			if (ioctl(fd, FS_IOC_FIEMAP, fm) < 0) {
				perror("FS_IOC_FIEMAP");
				return 1;
			}
			if (fm->fm_mapped_extents == 0)
				break;
			for (unsigned int e = 0; e < fm->fm_mapped_extents; e++) {
				struct fiemap_extent *x = &fm->fm_extents[e];

				total += x->fe_length;
				extents++;
				if (x->fe_flags & FIEMAP_EXTENT_ENCODED)
					encoded += x->fe_length;
				if (x->fe_flags & FIEMAP_EXTENT_LAST)
					last = 1;
				start = x->fe_logical + x->fe_length;
			}
		}
		close(fd);
	}
	printf("encoded=%llu total=%llu extents=%llu\n", encoded, total, extents);
	free(fm);
	return 0;
}

int main(int argc, char **argv)
{
	int rc = 0;

	if (argc >= 3 && strcmp(argv[1], "defrag") == 0) {
		for (int i = 2; i < argc; i++)
			rc |= defrag(argv[i]);
		return rc;
	}
	if (argc == 3 && strcmp(argv[1], "scrub") == 0)
		return scrub(argv[2]);
	if (argc >= 3 && strcmp(argv[1], "fiemap") == 0)
		return fiemap(argc - 2, argv + 2);
	fprintf(stderr, "usage: rz-btrfs defrag FILE... | scrub MNT | fiemap FILE...\n");
	return 2;
}
