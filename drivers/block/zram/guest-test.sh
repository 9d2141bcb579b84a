#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Guest scenario: zram with the zstd backend (drivers/block/zram/backend_zstd.c).
# For each setting, write the corpus slices to /dev/zram0, drop the block device's page cache,
# read back (every page is decompressed), compare SHA-256, print mm_stat's compression ratio.
. /scenarios/lib.sh
Z=/sys/block/zram0
total=0; for f in $RZ_DATA/*.bin $RZ_DATA/*.tar; do total=$((total + $(stat -c %s "$f" 2>/dev/null || echo 0))); done
want=$(cat $RZ_DATA/*.bin $RZ_DATA/*.tar | sha256sum | cut -d' ' -f1)

zram_case() { # name, algorithm_params (empty: default level)
  name=$1; params=$2
  echo 1 > $Z/reset
  if ! echo zstd > $Z/comp_algorithm; then rz_fail "$name comp_algorithm zstd refused"; return; fi
  if [ -n "$params" ] && ! echo "$params" > $Z/algorithm_params; then
    rz_fail "$name algorithm_params '$params' refused"; return; fi
  echo 128M > $Z/disksize
  t0=$(rz_now)
  if ! cat $RZ_DATA/*.bin $RZ_DATA/*.tar | dd of=/dev/zram0 bs=64k conv=fsync 2>/dev/null; then
    rz_fail "$name write to /dev/zram0 failed"; return; fi
  tw=$(rz_elapsed "$t0")
  blockdev --flushbufs /dev/zram0
  t0=$(rz_now)
  got=$(rz_sha_head /dev/zram0 "$total")
  tr=$(rz_elapsed "$t0")
  read orig compr used _ < $Z/mm_stat
  ratio=$(rz_ratio "$orig" "$compr")
  # The data compresses (about 3.5x): pages stored uncompressed or not at all fail.
  if [ "$got" = "$want" ] && [ "${compr:-0}" -gt 0 ] && [ "$compr" -lt "$orig" ]; then
    rz_pass "$name ratio=$ratio orig=$orig compr=$compr write=${tw}s read=${tr}s"
  else
    rz_fail "$name $([ "$got" = "$want" ] && echo "not compressed: orig=$orig compr=$compr" || echo "hash mismatch (ratio=$ratio)")"
  fi
}

[ -d $Z ] || { rz_fail "zram-setup no /sys/block/zram0"; exit 0; }
# The slices must be there: an empty write would read back as an equal empty hash.
[ "$total" -gt 0 ] && [ "$(grep -c . $RZ_SUMS)" -gt 0 ] && (cd $RZ_DATA && sha256sum -c -s SHA256SUMS) ||
  { rz_fail "zram-setup corpus slices missing in $RZ_DATA (total=$total bytes)"; exit 0; }
zram_case zram-zstd-default ""
zram_case zram-zstd-l1 "algo=zstd level=1"
zram_case zram-zstd-l19 "algo=zstd level=19"
[ -f $RZ_DATA/zram.dict ] && zram_case zram-zstd-dict "algo=zstd level=3 dict=$RZ_DATA/zram.dict"
echo 1 > $Z/reset
