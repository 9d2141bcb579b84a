#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
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
# Read every file 128 KiB block by block (the image's block size, so each read needs exactly
# one squashfs block): a block must either fail with EIO or hold exactly the original bytes.
eio=0; good=0; wrong=0; other=0
for f in $RZ_DATA/*.bin $RZ_DATA/*.tar; do
  b=$(basename "$f"); n=$(( ($(stat -c %s "$f") + 131071) / 131072 )); i=0
  while [ $i -lt $n ]; do
    if got=$(dd if="/mnt/$b" bs=131072 skip=$i count=1 2>/tmp/dd.err | sha256sum); then :; fi
    if grep -q "I/O error\|Input/output error" /tmp/dd.err; then eio=$((eio + 1))
    elif [ -s /tmp/dd.err ] && ! grep -q "records" /tmp/dd.err; then other=$((other + 1)); rz_log "$name $b block $i: $(cat /tmp/dd.err)"
    elif [ "$got" = "$(dd if="$f" bs=131072 skip=$i count=1 2>/dev/null | sha256sum)" ]; then good=$((good + 1))
    else wrong=$((wrong + 1)); rz_log "$name $b block $i: wrong bytes"; fi
    i=$((i + 1))
  done
done
umount /mnt
if [ "$wrong" -gt 0 ]; then rz_fail "$name $wrong blocks read wrong bytes without an error (eio=$eio good=$good)"
elif [ "$other" -gt 0 ]; then rz_fail "$name $other blocks failed with another error than EIO"
elif [ "$eio" -eq 0 ] || [ "$good" -eq 0 ]; then rz_fail "$name expected both EIO and intact blocks (eio=$eio good=$good)"
else rz_pass "$name eio_blocks=$eio intact_blocks=$good wrong_blocks=0"; fi
