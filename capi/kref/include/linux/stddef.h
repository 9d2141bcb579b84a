/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Userspace stand-in for <linux/stddef.h> (test reference build only). */
#ifndef KREF_LINUX_STDDEF_H
#define KREF_LINUX_STDDEF_H
#include <stddef.h>
#endif
