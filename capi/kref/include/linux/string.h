/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Userspace stand-in for <linux/string.h> (test reference build only). */
#ifndef KREF_LINUX_STRING_H
#define KREF_LINUX_STRING_H
#include <string.h>
#endif
