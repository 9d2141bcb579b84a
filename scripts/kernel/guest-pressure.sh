# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Memory pressure for the swap scenarios (sourced by drivers/block/zram/guest-swap.sh and
# mm/guest-test.sh; busybox sh). Processes of /bin/rz-memhog (scripts/kernel/memhog.c) run in
# a memory cgroup (v2) whose memory.max is far below what they fill, so their pages go to swap
# and come back on every pass; each process checks every byte it reads back.
rz_cg_setup() {
  [ -f /sys/fs/cgroup/cgroup.controllers ] || mount -t cgroup2 none /sys/fs/cgroup || return 1
  echo +memory > /sys/fs/cgroup/cgroup.subtree_control
}
rz_vmstat() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }

# rz_pressure NAME LIMIT_MIB NPROC MIB_EACH PASSES SAMPLER
#   SAMPLER: a function printing "orig_bytes stored_bytes" of the compressed store now; the
#   sample with the most original bytes gives PR_ORIG/PR_STORED.
# Sets PR_BAD (processes that failed), PR_OUT/PR_IN (pswpout/pswpin deltas, pages),
# PR_ZOUT/PR_ZIN (zswpout/zswpin deltas), PR_ORIG/PR_STORED, PR_SECS.
rz_pressure() {
  cg=/sys/fs/cgroup/$1; lim=$2; np=$3; mib=$4; passes=$5; sampler=$6
  mkdir -p "$cg" && echo "${lim}M" > "$cg/memory.max" || { PR_BAD=setup; return 1; }
  out0=$(rz_vmstat pswpout); in0=$(rz_vmstat pswpin)
  zo0=$(rz_vmstat zswpout); zi0=$(rz_vmstat zswpin)
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
  PR_OUT=$(( $(rz_vmstat pswpout) - out0 )); PR_IN=$(( $(rz_vmstat pswpin) - in0 ))
  PR_ZOUT=$(( $(rz_vmstat zswpout) - zo0 )); PR_ZIN=$(( $(rz_vmstat zswpin) - zi0 ))
  set -- $(sort -n -k1,1 /tmp/pr.samples 2>/dev/null | tail -1) 0 0
  PR_ORIG=$1; PR_STORED=$2
  rmdir "$cg"
  [ "$PR_BAD" = 0 ]
}
