#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Guest scenario (KCONF=modules): in-kernel module decompression (kernel/module/decompress.c,
# CONFIG_MODULE_DECOMPRESS with CONFIG_MODULE_COMPRESS_ZSTD). Every module was installed as
# .ko.zst and loaded by /sbin/modprobe (kernel/module/guest-modprobe.sh) through
# finit_module(MODULE_INIT_COMPRESSED_FILE), so each loaded module went through our zstd
# decoder. Checks: the kernel announces zstd in /sys/module/compression; every module in
# modules.dep is .ko.zst; the loaded ones came from there; and a copy of an already loaded
# module with one flipped byte inside its zstd frame is refused with EINVAL, the error of
# kernel/module/decompress.c (a decoder that ignored the damage would hand garbage to the ELF
# checks, ENOEXEC, or the intact module to the "already loaded" check, EEXIST).
. /scenarios/lib.sh
M=/lib/modules/$(uname -r)
name=module-decompress-zstd
comp=$(cat /sys/module/compression 2>/dev/null)
[ "$comp" = zstd ] || { rz_fail "$name /sys/module/compression is '$comp'"; exit 0; }
total=$(wc -l < $M/modules.dep); zst=$(grep -c '^[^:]*\.ko\.zst:' $M/modules.dep)
[ "$total" -gt 0 ] && [ "$zst" = "$total" ] || { rz_fail "$name only $zst of $total modules are .ko.zst"; exit 0; }
loaded=$(wc -l < /proc/modules)
[ "$loaded" -ge 5 ] || { rz_fail "$name only $loaded modules loaded"; exit 0; }
victim=$(grep '/zstd_kunit\.ko\.zst:' $M/modules.dep | cut -d: -f1)
[ -n "$victim" ] || victim=$(grep '/btrfs\.ko\.zst:' $M/modules.dep | cut -d: -f1)
size=$(stat -c %s "$M/$victim")
cp "$M/$victim" /tmp/damaged.ko.zst
# Flip the bits of one byte in the middle of the compressed data.
off=$((size / 2))
b=$(dd if=/tmp/damaged.ko.zst bs=1 skip=$off count=1 2>/dev/null | od -An -tu1 | tr -d ' ')
printf "\\$(printf '%03o' $((b ^ 255)))" | dd of=/tmp/damaged.ko.zst bs=1 seek=$off conv=notrunc 2>/dev/null
err=$(/bin/rz-finit -e /tmp/damaged.ko.zst)
rm -f /tmp/damaged.ko.zst
case "$err" in
  EINVAL) rz_pass "$name loaded=$loaded modules_zst=$zst/$total damaged $(basename "$victim") refused: $err" ;;
  *) rz_fail "$name damaged $(basename "$victim") gave '$err' (expected EINVAL)" ;;
esac
