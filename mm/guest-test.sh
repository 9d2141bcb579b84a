#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Guest scenario: zswap (mm/zswap.c) with the crypto API's zstd (crypto/zstd.c) in front of a
# disk swap device (a virtio disk made on the host). rz-memhog processes fill and re-read 3x
# more memory than their cgroup may keep (scripts/kernel/guest-pressure.sh): every page read
# back must match, zswap must have stored pages (the cgroup's zswpout) and loaded them back
# (zswpin), and
# hold them compressed (ratio from debugfs stored_pages / pool_total_size at the peak).
. /scenarios/lib.sh
. /scenarios/pressure.sh
P=/sys/module/zswap/parameters
LIMIT=${RZ_SWAP_LIMIT_MIB:-24}
MIB=${RZ_SWAP_MIB:-72}
name=zswap-zstd
zswap_sample() {
  echo "$(( $(cat /sys/kernel/debug/zswap/stored_pages) * 4096 )) $(cat /sys/kernel/debug/zswap/pool_total_size)"
}
dev=$(rz_disk swap) || { rz_fail "$name no swap disk"; exit 0; }
[ -d $P ] || { rz_fail "$name no zswap"; exit 0; }
[ -d /sys/kernel/debug/zswap ] || mount -t debugfs none /sys/kernel/debug
rz_cg_setup || { rz_fail "$name no memory cgroup"; exit 0; }
echo zstd > $P/compressor && echo Y > $P/enabled || { rz_fail "$name compressor zstd refused"; exit 0; }
comp=$(cat $P/compressor)
[ "$comp" = zstd ] || { rz_fail "$name compressor is $comp"; exit 0; }
mkswap "$dev" >/dev/null && swapon "$dev" || { rz_fail "$name mkswap/swapon $dev"; exit 0; }
rz_pressure "$name" "$LIMIT" 4 $((MIB / 4)) 1 zswap_sample "$dev"; ok=$?
rejects=$(for f in reject_compress_fail reject_compress_poor reject_alloc_fail reject_kmemcache_fail; do
  cat /sys/kernel/debug/zswap/$f; done | awk '{ s += $1 } END { print s }')
# crypto/zstd.c reports an incompressible page (output above PAGE_SIZE) as an error like any
# other, so zswap counts those in reject_compress_fail and sends them to the disk: a few are
# expected (the corpus holds compressed sections); more than 1 in 20 stored pages is a failure.
cfail=$(cat /sys/kernel/debug/zswap/reject_compress_fail)
swapoff "$dev"
echo N > $P/enabled
ratio=$(rz_ratio "$PR_ORIG" "$PR_STORED")
figures="procs=4 mem=${MIB}MiB limit=${LIMIT}MiB zswap_out=$PR_ZOUT zswap_in=$PR_ZIN disk_out=$PR_OUT disk_in=$PR_IN ratio=$ratio (orig=$PR_ORIG pool=$PR_STORED) rejects=$rejects time=${PR_SECS}s"
if [ $ok -ne 0 ]; then rz_fail "$name $PR_BAD process(es) read wrong data or failed; $figures"
elif [ $((cfail * 20)) -gt "$PR_ZOUT" ]; then rz_fail "$name zstd compression failed $cfail times; $figures"
elif [ "$PR_ZOUT" -lt $(((MIB - LIMIT) * 256 / 2)) ] || [ "$PR_ZIN" -lt $(((MIB - LIMIT) * 256 / 2)) ]; then
  rz_fail "$name too few pages through zswap; $figures"
elif [ "$PR_STORED" -le 0 ] || [ $((PR_ORIG * 10 / PR_STORED)) -lt 15 ]; then
  rz_fail "$name pages not stored compressed (ratio $ratio < 1.5); $figures"
else rz_pass "$name $figures"; fi
