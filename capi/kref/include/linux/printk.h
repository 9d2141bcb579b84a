/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Userspace stand-in for <linux/printk.h> (test reference build only). */
#ifndef KREF_LINUX_PRINTK_H
#define KREF_LINUX_PRINTK_H
#define pr_debug(...) do { } while (0)
#endif
