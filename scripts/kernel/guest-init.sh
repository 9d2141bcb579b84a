#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# /init of the demo guest (busybox). Runs every scenario script under /scenarios in order;
# each prints lines "RZ: PASS <name> ..." / "RZ: FAIL <name> ..." that the host parses
# (scripts/kernel/report.sh). Then powers off with `reboot -f` (QEMU runs with -no-reboot).
export PATH=/bin:/sbin
/bin/busybox --install -s /bin
# The kernel runs /sbin/modprobe to load modules on demand (crypto algorithms, ...). With
# KCONF=modules the initramfs brings its own (kernel/module/guest-modprobe.sh: .ko.zst through
# the kernel's decompressor), which then also replaces busybox's in PATH.
if [ -e /sbin/modprobe ]; then ln -sf /sbin/modprobe /bin/modprobe
else ln -s /bin/busybox /sbin/modprobe; fi
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mkdir -p /mnt /tmp
mount -t tmpfs tmpfs /tmp
# The results port (guest-lib.sh): raw, so lines reach the host as written.
stty -F /dev/ttyS1 115200 raw -echo 2>/dev/null

. /scenarios/lib.sh
rz_log "guest up: $(uname -r), $(grep MemTotal /proc/meminfo)"
# RZ_SKIP (kernel command line, e.g. RZ_SKIP=22,25): scenario numbers not to run, for
# shorter demonstration boots (scripts/kernel/fault-demo.sh); report.sh then misses their
# result lines and fails, so a normal run never sets it.
for s in /scenarios/[0-9]*.sh; do
  name=$(basename "$s" .sh)
  case ",${RZ_SKIP:-}," in *",${name%%-*},"*) rz_log "scenario $name skipped (RZ_SKIP)"; continue ;; esac
  t0=$(rz_now)
  rz_log "scenario $name start"
  sh "$s"
  rz_log "scenario $name done in $(rz_elapsed "$t0") s"
done
rz_log "all scenarios finished"
sync
reboot -f
