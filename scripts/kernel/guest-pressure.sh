# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Memory pressure for the swap scenarios (sourced by drivers/block/zram/guest-swap.sh and
# mm/guest-test.sh; busybox sh). Processes of /bin/rz-memhog (scripts/kernel/memhog.c) run in
# a memory cgroup (v2) whose memory.max is far below what they fill, so their pages go to swap
# and come back on every pass; each process checks every byte it reads back.
rz_cg_setup() {
  [ -f /sys/fs/cgroup/cgroup.controllers ] || mount -t cgroup2 none /sys/fs/cgroup || return 1
  echo +memory > /sys/fs/cgroup/cgroup.subtree_control
}

# Pages read and written by a block device so far ("in out"), from its I/O statistics: the
# swap traffic of a swap device (/proc/vmstat's pswpin/pswpout need VM_EVENT_COUNTERS, which
# tinyconfig leaves out).
rz_bdev_pages() { awk '{ print int($3 / 8), int($7 / 8) }' "/sys/block/${1#/dev/}/stat"; }
# A counter of a cgroup's memory.stat.
rz_memstat() { awk -v k="$2" '$1 == k { print $2 }' "$1/memory.stat"; }

# rz_pressure NAME LIMIT_MIB NPROC MIB_EACH PASSES SAMPLER SWAPDEV
#   SAMPLER: a function printing "orig_bytes stored_bytes" of the compressed store now; the
#   sample with the most original bytes gives PR_ORIG/PR_STORED.
# Sets PR_BAD (processes that failed), PR_OUT/PR_IN (pages written to / read from SWAPDEV),
# PR_ZOUT/PR_ZIN (the cgroup's zswpout/zswpin), PR_ORIG/PR_STORED, PR_SECS.
rz_pressure() {
  cg=/sys/fs/cgroup/$1; lim=$2; np=$3; mib=$4; passes=$5; sampler=$6; swapdev=$7
  mkdir -p "$cg" && echo "${lim}M" > "$cg/memory.max" || { PR_BAD=setup; return 1; }
  set -- $(rz_bdev_pages "$swapdev"); in0=$1; out0=$2
  t0=$(rz_now)
  rm -f /tmp/pr.stop /tmp/pr.samples
  ( while [ ! -f /tmp/pr.stop ]; do $sampler >> /tmp/pr.samples; sleep 1; done ) &
  sp=$!
  pids=""
  i=0
  while [ $i -lt "$np" ]; do
    sh -c "echo \$\$ > $cg/cgroup.procs && exec /bin/rz-memhog $mib $passes $((i + 1)) $RZ_DATA/anon-mem.bin $RZ_DATA/x86-elf.bin" \
      > /tmp/pr.out.$i 2>&1 &
    pids="$pids $!"
    i=$((i + 1))
  done
  PR_BAD=0
  for p in $pids; do wait "$p" || PR_BAD=$((PR_BAD + 1)); done
  PR_SECS=$(rz_elapsed "$t0")
  touch /tmp/pr.stop; wait "$sp"
  cat /tmp/pr.out.* | while read -r l; do rz_log "  $l"; done
  rm -f /tmp/pr.out.*
  set -- $(rz_bdev_pages "$swapdev"); PR_IN=$(($1 - in0)); PR_OUT=$(($2 - out0))
  PR_ZOUT=$(rz_memstat "$cg" zswpout); PR_ZIN=$(rz_memstat "$cg" zswpin)
  set -- $(sort -n -k1,1 /tmp/pr.samples 2>/dev/null | tail -1) 0 0
  PR_ORIG=$1; PR_STORED=$2
  rmdir "$cg"
  [ "$PR_BAD" = 0 ]
}
