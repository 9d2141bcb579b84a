#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Boots the built kernel in QEMU (TCG; KVM is not available here) with the initramfs and the
# disk images: serial console (ttyS0) to build/kernel-run-*/console.log, the guest's result
# lines (ttyS1, guest-lib.sh) to console.results beside it. The guest ends with `reboot -f`
# and QEMU runs with -no-reboot, so it exits; a timeout guards against hangs.
source "$(dirname "$0")/env.sh"
D=$RUNDIR
LOG=${1:-$D/console.log}
RES=${LOG%.log}.results
rm -f "$RES"
drives=()
while read -r name; do
  ro=""; case "$name" in squashfs-*) ro=",readonly=on" ;; esac
  drives+=(-drive "file=$D/disks/$name.img,format=raw,if=virtio$ro")
done < "$D/disks.list"
# 4 CPUs on multi-threaded TCG. KCONF=builtin boots on `-cpu max` (BMI2, AVX2, ... as on a
# current host CPU), modules and debug on QEMU's default CPU (qemu64: no BMI2), so both sides
# of runtime CPU feature dispatch run. QEMU_CPU overrides.
case "$KCONF" in builtin) cpu=${QEMU_CPU:-max} ;; *) cpu=${QEMU_CPU:-qemu64} ;; esac
echo "$cpu" > "$D/qemu.cpu"
# Under TCG on a shared 2-core host a vCPU can be starved for many seconds: RCU's stall
# warning (21 s) and the hung task detector (120 s) would report the host, not the guest;
# both still report after 300 s.
append="console=ttyS0 panic=-1 loglevel=7 log_buf_len=4M rcupdate.rcu_cpu_stall_timeout=300"
append="$append sysctl.kernel.hung_task_timeout_secs=300"
# NAME=value words the kernel does not know end up in /init's environment (GUEST_ENV, env.sh).
append="$append $GUEST_ENV"
# Four sockets of one core: the kernel has no ACPI and counts CPUs from SeaBIOS's MP table,
# which lists one CPU a package (a bare `-smp 4` booted on 1 CPU).
smp="4,sockets=4,cores=1,threads=1"
log "booting (QEMU TCG, -smp $smp, -cpu $cpu, log: $LOG)"
t0=$(date +%s)
set +e
timeout "${BOOT_TIMEOUT:-2400}" qemu-system-x86_64 -accel tcg,thread=multi -cpu "$cpu" -m 1536 -smp "$smp" \
  -kernel "$KDIR/arch/x86/boot/bzImage" -initrd "$D/initramfs.cpio.zst" \
  -append "$append" \
  -display none -monitor none -serial "file:$LOG" -serial "file:$RES" -no-reboot "${drives[@]}"
rc=$?
set -e
echo $(( $(date +%s) - t0 )) > "$D/boot.seconds"
log "QEMU exited ($rc) after $(cat "$D/boot.seconds") s"
[ $rc -eq 124 ] && { log "boot TIMEOUT"; exit 1; }
# The guest powers off with `reboot -f` (exit 0 under -no-reboot); anything else is QEMU
# failing (a missing firmware file, a bad option), not a result.
[ $rc -eq 0 ] || { log "QEMU FAILED ($rc)"; exit 1; }
