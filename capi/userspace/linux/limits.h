/* SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause */
/* Userspace stand-in for the kernel's <linux/limits.h> (INT_MAX and friends). */
#ifndef CAPI_USERSPACE_LINUX_LIMITS_H
#define CAPI_USERSPACE_LINUX_LIMITS_H
#include <limits.h>
#endif
