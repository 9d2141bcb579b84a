/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Userspace stand-in for <linux/kernel.h> (test reference build only). */
#ifndef KREF_LINUX_KERNEL_H
#define KREF_LINUX_KERNEL_H
#include <linux/types.h>
#include <linux/compiler.h>
#include <stdlib.h>
#define WARN_ON(x) ({ int __c = !!(x); if (__c) abort(); __c; })
#define BUG_ON(x) do { if (x) abort(); } while (0)
#endif
