// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
/*
 * rz-finit: loads modules the way kmod does when the kernel can decompress them itself:
 * finit_module(fd, "", MODULE_INIT_COMPRESSED_FILE). The kernel (kernel/module/decompress.c)
 * then decompresses the .ko.zst through <linux/zstd.h>, i.e. through our Rust zstd.
 *   rz-finit FILE...   exit 0 when every module loaded (or was already loaded);
 *                      otherwise prints "FILE: <error>" and exits 1
 *   rz-finit -e FILE   prints only the errno name of the single attempt (for the negative test)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/module.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int load(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return errno;
	rc = syscall(SYS_finit_module, fd, "", MODULE_INIT_COMPRESSED_FILE) ? errno : 0;
	close(fd);
	return rc == EEXIST ? 0 : rc;
}

int main(int argc, char **argv)
{
	int rc = 0;

	if (argc == 3 && strcmp(argv[1], "-e") == 0) {
		int e = load(argv[2]);

		printf("%s\n", e ? strerrorname_np(e) : "OK");
		return e != 0;
	}
	for (int i = 1; i < argc; i++) {
		int e = load(argv[i]);

		if (e) {
			fprintf(stderr, "%s: %s\n", argv[i], strerror(e));
			rc = 1;
		}
	}
	return rc;
}
