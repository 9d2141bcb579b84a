#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Boots the built kernel in QEMU (TCG; KVM is not available here) with the initramfs and the
# disk images, serial console to build/kernel-run/console.log. The guest ends with `reboot -f`
# and QEMU runs with -no-reboot, so it exits; a timeout guards against hangs.
source "$(dirname "$0")/env.sh"
D=$RUNDIR
LOG=${1:-$D/console.log}
drives=()
while read -r name; do
  ro=""; case "$name" in squashfs-*) ro=",readonly=on" ;; esac
  drives+=(-drive "file=$D/disks/$name.img,format=raw,if=virtio$ro")
done < "$D/disks.list"
log "booting (QEMU TCG, log: $LOG)"
t0=$(date +%s)
set +e
timeout "${BOOT_TIMEOUT:-1800}" qemu-system-x86_64 -accel tcg -m 1536 -smp 2 \
  -kernel "$KDIR/arch/x86/boot/bzImage" -initrd "$D/initramfs.cpio.zst" \
  -append "console=ttyS0 panic=-1 loglevel=7" \
  -display none -monitor none -serial "file:$LOG" -no-reboot "${drives[@]}"
rc=$?
set -e
echo $(( $(date +%s) - t0 )) > "$D/boot.seconds"
log "QEMU exited ($rc) after $(cat "$D/boot.seconds") s"
[ $rc -eq 124 ] && { log "boot TIMEOUT"; exit 1; }
# The guest powers off with `reboot -f` (exit 0 under -no-reboot); anything else is QEMU
# failing (a missing firmware file, a bad option), not a result.
[ $rc -eq 0 ] || { log "QEMU FAILED ($rc)"; exit 1; }
