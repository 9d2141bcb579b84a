# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Helpers shared by the guest scenario scripts (sourced; busybox sh).
# Result lines go to the second serial port (the host's results.log), which the kernel
# never writes to: on the console, kernel messages from other CPUs can split a line. Each
# line is one write(), so lines of concurrent scenario processes do not mix either; a copy
# goes to the console for whoever reads the log.
rz_out() { echo "RZ: $*" > /dev/ttyS1; echo "RZ: $*" > /dev/console; }
rz_log() { rz_out "$*"; }
rz_pass() { rz_out "PASS $*"; }
rz_fail() { rz_out "FAIL $*"; }
# Uptime in centiseconds, and elapsed seconds (two decimals) since a value of it.
rz_now() { read up _ < /proc/uptime; echo "${up%.*}${up#*.}"; }
rz_elapsed() { t=$(( $(rz_now) - $1 )); printf '%d.%02d' $((t / 100)) $((t % 100)); }
# sha256 of the first $2 bytes of $1 (a block device or file).
rz_sha_head() { head -c "$2" "$1" | sha256sum | cut -d' ' -f1; }
rz_sha() { sha256sum "$1" | cut -d' ' -f1; }
# ratio a/b with two decimals (integers).
rz_ratio() { [ "$2" -gt 0 ] && printf '%d.%02d' $(($1 / $2)) $(($1 * 100 / $2 % 100)) || echo 0; }
# The corpus slices shipped in the initramfs, with their SHA-256 (made on the host).
RZ_DATA=/data
RZ_SUMS=/data/SHA256SUMS
# Block device of a named image: /scenarios/disks.list holds one name per line, in the
# order QEMU attaches them (vda, vdb, ...).
rz_disk() {
  i=0
  for n in $(cat /scenarios/disks.list); do
    if [ "$n" = "$1" ]; then
      d=/dev/vd$(echo abcdefghijklmnopqrstuvwxyz | cut -c$((i + 1)))
      [ -b "$d" ] && { echo "$d"; return 0; }
      return 1
    fi
    i=$((i + 1))
  done
  return 1
}
# Verifies the files of directory $1 against its SHA256SUMS, which must list as many files
# as the initramfs' own list (at least one): an empty or missing list never passes.
rz_check_sums() {
  n=$(grep -c . "$RZ_SUMS" 2>/dev/null); n=${n:-0}
  [ "$n" -gt 0 ] || { rz_log "no files listed in $RZ_SUMS"; return 1; }
  [ "$(grep -c . "$1/SHA256SUMS" 2>/dev/null)" = "$n" ] || { rz_log "$1/SHA256SUMS does not list $n files"; return 1; }
  (cd "$1" && sha256sum -c -s SHA256SUMS)
}
