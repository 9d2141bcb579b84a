#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# The whole kernel pipeline: build what is missing (reusing build/linux), make the guest's
# data and disks, boot in QEMU, parse the results, check that consumers are unchanged.
#   IMPL=rust|c (default rust), KCONF=builtin (default) ; see README "Kernel demo".
source "$(dirname "$0")/env.sh"
t0=$(date +%s)
"$ROOT/scripts/kernel/build.sh"
t1=$(date +%s)
"$ROOT/scripts/kernel/images.sh"
"$ROOT/scripts/kernel/boot.sh"
t2=$(date +%s)
rc=0
"$ROOT/scripts/kernel/report.sh" || rc=1
{ "$ROOT/scripts/kernel/rust-stack.sh" || echo "FAIL rust-stack exited $?"; } | sed 's/^RZ: //' | tee "$RUNDIR/rust-stack.txt"
grep -q "^PASS rust-stack" "$RUNDIR/rust-stack.txt" || rc=1
{ python3 "$ROOT/scripts/kernel/consumers.py" "$KPRISTINE" "$KDIR" || echo "FAIL consumers-identical exited $?"; } | sed 's/^RZ: //' | tee "$RUNDIR/consumers.txt"
grep -q "^PASS consumers-identical" "$RUNDIR/consumers.txt" || rc=1
echo "wall time: build $((t1 - t0)) s, images+boot+scenarios $((t2 - t1)) s, total $(( $(date +%s) - t0 )) s"
[ $rc -eq 0 ] && echo "KERNEL DEMO: PASS" || echo "KERNEL DEMO: FAIL"
exit $rc
