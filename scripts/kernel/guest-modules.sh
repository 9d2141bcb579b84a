#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Guest scenario (KCONF=modules only): load the consumers and the KUnit suites as modules.
# They link against the exports of vmlinux: the Rust xxh* (lib/xxhash_rust_exports.c) and,
# with CONFIG_ZSTD_RUST, the Rust zstd_* (lib/zstd_rust_exports.c; lib/zstd's
# zstd_compress.ko then does not exist). The KUnit suites run on load.
# Every wanted module (kernel/modules.fragment's =m options, plus zstd_compress when the
# host's /scenarios/modules.extra names it) must be in modules.dep and loaded afterwards.
. /scenarios/lib.sh
dep=/lib/modules/$(uname -r)/modules.dep
want="btrfs zram squashfs f2fs zstd xxhash_generic zstd_kunit xxhash_kunit"
[ -f /scenarios/modules.extra ] && want="$want $(cat /scenarios/modules.extra)"
if [ ! -s "$dep" ]; then rz_fail "modules-loaded no $dep (depmod did not run)"; exit 0; fi
notdep=""
for m in $want; do grep -q "/$m\.ko[.a-z]*:" "$dep" || notdep="$notdep $m"; done
if [ -n "$notdep" ]; then rz_fail "modules-loaded not in modules.dep:$notdep"; exit 0; fi
# An absolute path: busybox sh runs its own modprobe applet for a bare `modprobe`, and that
# one cannot load .ko.zst (/sbin/modprobe is kernel/module/guest-modprobe.sh with KCONF=modules).
/sbin/modprobe -a $want; rc=$?
missing=""
for m in $want; do grep -q "^$m " /proc/modules || missing="$missing $m"; done
if [ $rc -ne 0 ]; then rz_fail "modules-loaded modprobe -a failed ($rc), not loaded:${missing:- none}"
elif [ -z "$missing" ]; then rz_pass "modules-loaded $(echo $want | wc -w) wanted: $(cut -d' ' -f1 /proc/modules | tr '\n' ' ')"
else rz_fail "modules-loaded not loaded:$missing"; fi
