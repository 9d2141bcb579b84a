/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Userspace stand-in for <linux/errno.h> (test reference build only). */
#ifndef KREF_LINUX_ERRNO_H
#define KREF_LINUX_ERRNO_H
#define EINVAL 22
#define ENOMEM 12
#endif
