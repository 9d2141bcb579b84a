#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Guest scenario: zram as the swap device (drivers/block/zram/zram_drv.c + backend_zstd.c)
# under memory pressure. For zstd level 3, level 1 and level 3 with a trained dictionary:
# mkswap + swapon on /dev/zram0, then rz-memhog processes fill and re-read 3x more memory
# than their cgroup may keep (scripts/kernel/guest-pressure.sh; one process reads every page
# back twice, 4 processes once each): every page read back must
# match, pages must really have gone out to swap and come back (zram's block I/O statistics),
# and zram must hold them compressed (ratio from mm_stat at the peak). One process, then 4 at once (4 CPUs).
. /scenarios/lib.sh
. /scenarios/pressure.sh
Z=/sys/block/zram0
LIMIT=${RZ_SWAP_LIMIT_MIB:-24}
MIB=${RZ_SWAP_MIB:-72}
zram_sample() { read -r orig compr _ < $Z/mm_stat; echo "$orig $compr"; }

swap_case() { # name, algorithm_params, processes
  name=$1; params=$2; np=$3
  swapoff /dev/zram0 2>/dev/null
  echo 1 > $Z/reset
  echo zstd > $Z/comp_algorithm || { rz_fail "$name comp_algorithm zstd refused"; return; }
  echo "$params" > $Z/algorithm_params || { rz_fail "$name algorithm_params '$params' refused"; return; }
  echo 512M > $Z/disksize
  mkswap /dev/zram0 >/dev/null && swapon /dev/zram0 || { rz_fail "$name mkswap/swapon"; return; }
  each=$((MIB / np))
  passes=2; [ "$np" -gt 1 ] && passes=1
  rz_pressure "$name" "$LIMIT" "$np" "$each" $passes zram_sample /dev/zram0; ok=$?
  read -r fr fw _ < $Z/io_stat
  swapoff /dev/zram0
  ratio=$(rz_ratio "$PR_ORIG" "$PR_STORED")
  figures="procs=$np mem=${MIB}MiB limit=${LIMIT}MiB swap_out=$PR_OUT swap_in=$PR_IN ratio=$ratio (orig=$PR_ORIG compr=$PR_STORED) failed_io=$((fr + fw)) time=${PR_SECS}s"
  if [ $ok -ne 0 ]; then rz_fail "$name $PR_BAD process(es) read wrong data or failed; $figures"
  elif [ "$PR_OUT" -lt $(((MIB - LIMIT) * 256 / 2)) ] || [ "$PR_IN" -lt $(((MIB - LIMIT) * 256 / 2)) ]; then
    rz_fail "$name too little swap traffic; $figures"
  elif [ $((fr + fw)) -ne 0 ]; then rz_fail "$name zram I/O errors; $figures"
  elif [ "$PR_STORED" -le 0 ] || [ $((PR_ORIG * 10 / PR_STORED)) -lt 15 ]; then
    rz_fail "$name pages not stored compressed (ratio $ratio < 1.5); $figures"
  else rz_pass "$name $figures"; fi
}

[ -d $Z ] || { rz_fail "zram-swap-setup no /sys/block/zram0"; exit 0; }
[ -x /bin/rz-memhog ] || { rz_fail "zram-swap-setup no rz-memhog"; exit 0; }
rz_cg_setup || { rz_fail "zram-swap-setup no memory cgroup"; exit 0; }
swap_case zram-swap-l3 "algo=zstd level=3" 1
swap_case zram-swap-l3-4procs "algo=zstd level=3" 4
swap_case zram-swap-l1-4procs "algo=zstd level=1" 4
swap_case zram-swap-dict "algo=zstd level=3 dict=$RZ_DATA/zram.dict" 1
echo 1 > $Z/reset
