#!/bin/sh
# Guest scenario (KCONF=modules only): load the consumers and the KUnit suites as modules.
# They link against the exports of vmlinux: the Rust xxh* (lib/xxhash_rust_exports.c) and,
# with CONFIG_ZSTD_RUST, the Rust zstd_* (lib/zstd_rust_exports.c; lib/zstd's
# zstd_compress.ko then does not exist). The KUnit suites run on load.
. /scenarios/lib.sh
dep=/lib/modules/$(uname -r)/modules.dep
mods=""
for m in crc32c_generic xxhash_generic zstd_compress zstd btrfs zram squashfs xxhash_kunit zstd_kunit; do
  grep -q "/$m.ko:" "$dep" && mods="$mods $m"
done
if modprobe -a $mods; then
  missing=""
  for m in $mods; do grep -q "^$m " /proc/modules || missing="$missing $m"; done
  if [ -z "$missing" ]; then rz_pass "modules-loaded $(cut -d' ' -f1 /proc/modules | tr '\n' ' ')"
  else rz_fail "modules-loaded missing:$missing"; fi
else
  rz_fail "modules-loaded modprobe failed"
fi
