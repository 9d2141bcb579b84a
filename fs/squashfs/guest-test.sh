#!/bin/sh
# Guest scenario: squashfs images made on the host by mksquashfs -comp zstd at levels 1/19/22
# and block sizes 128K/1M (fs/squashfs/zstd_wrapper.c decompresses every block). Mount, verify
# SHA-256 of every file. Then an image whose compressed blocks were corrupted on the host:
# reads must fail with EIO, and the kernel must stay healthy (the host rejects Oops/BUG/panic).
. /scenarios/lib.sh
for lvl in 1 19 22; do
  for bs in 128K 1M; do
    name=squashfs-zstd$lvl-$bs
    dev=$(rz_disk "$name") || { rz_fail "$name no disk"; continue; }
    mount -t squashfs -o ro "$dev" /mnt || { rz_fail "$name mount"; continue; }
    t0=$(rz_now)
    if rz_check_sums /mnt; then
      rz_pass "$name verify=$(rz_elapsed "$t0")s"
    else
      rz_fail "$name hash mismatch"
    fi
    umount /mnt
  done
done

name=squashfs-corrupt
dev=$(rz_disk "$name") || { rz_fail "$name no disk"; exit 0; }
mount -t squashfs -o ro "$dev" /mnt || { rz_fail "$name mount"; exit 0; }
eio=0; ok=0
for f in /mnt/*.bin /mnt/*.tar; do
  if err=$(cat "$f" 2>&1 >/dev/null); then ok=$((ok + 1));
  else case "$err" in *"I/O error"*|*"Input/output error"*) eio=$((eio + 1)) ;; *) rz_log "$name $f: $err" ;; esac; fi
done
umount /mnt
if [ "$eio" -gt 0 ]; then rz_pass "$name eio_files=$eio readable_files=$ok"
else rz_fail "$name no EIO (readable_files=$ok)"; fi
