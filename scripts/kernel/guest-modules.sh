#!/bin/sh
# Guest scenario (KCONF=modules only): load the consumers and the KUnit suites as modules.
# They link against the xxh* exports of vmlinux (the Rust xxhash via
# lib/xxhash_rust_exports.c) and the zstd exports; the KUnit suites run on load.
. /scenarios/lib.sh
mods="crc32c_generic xxhash_generic zstd_compress zstd btrfs zram squashfs xxhash_kunit zstd_kunit"
if modprobe -a $mods; then
  missing=""
  for m in $mods; do grep -q "^$m " /proc/modules || missing="$missing $m"; done
  if [ -z "$missing" ]; then rz_pass "modules-loaded $(cut -d' ' -f1 /proc/modules | tr '\n' ' ')"
  else rz_fail "modules-loaded missing:$missing"; fi
else
  rz_fail "modules-loaded modprobe failed"
fi
