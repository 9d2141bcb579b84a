#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Last guest step: the deepest kernel stack any task reached (CONFIG_DEBUG_STACK_USAGE). Tasks
# that exited reported "used greatest stack depth: N bytes left"; for the living ones (kworkers
# of btrfs/zram/f2fs, kswapd, ...) the task dump (sysrq t) shows "stack:N", the bytes never
# touched. The dump goes to the log buffer only (console loglevel lowered meanwhile: its call
# traces are not failures). Logs "RZ: STACK min_free=N task=COMM"; the host turns it into
# bytes used of THREAD_SIZE (scripts/kernel/report.sh).
. /scenarios/lib.sh
dmesg -n 1
echo t > /proc/sysrq-trigger
sleep 1
dmesg -n 7
dmesg | awk '
  / used greatest stack depth: [0-9]+ bytes left/ {
    for (i = 1; i <= NF; i++) if ($i == "depth:") n = $(i + 1)
    c = $0; sub(/^\[[^]]*\] */, "", c); sub(/ \(.*/, "", c)
    if (min == "" || n + 0 < min) { min = n + 0; who = c " (exited)" } }
  /task:.* stack:[0-9]+ / {
    c = $0; sub(/.*task:/, "", c); sub(/ +state:.*/, "", c)
    s = $0; sub(/.* stack:/, "", s); sub(/ .*/, "", s)
    if (min == "" || s + 0 < min) { min = s + 0; who = c } }
  END { if (min == "") print "STACK none"; else printf "STACK min_free=%d task=%s\n", min, who }' |
  while read -r line; do rz_log "$line"; done
