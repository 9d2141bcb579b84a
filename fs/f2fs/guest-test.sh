#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Guest scenario: f2fs with compression (fs/f2fs/compress.c, zstd through <linux/zstd.h>) on an
# image made on the host with `mkfs.f2fs -O extra_attr,compression`. Mounted with
# compress_algorithm=zstd:LEVEL and compress_extension=* (every new file is marked for
# compression), the corpus slices are written, synced, the fs remounted and every file hashed.
# f2fs must report compressed clusters (compr_written_block) and saved blocks
# (compr_saved_block): it writes clusters raw when compression fails or does not pay.
. /scenarios/lib.sh
name0=f2fs-zstd
dev=$(rz_disk f2fs) || { rz_fail "$name0 no disk"; exit 0; }
for lvl in 3 1; do
  name=$name0$lvl
  mount -t f2fs -o "compress_algorithm=zstd:$lvl,compress_extension=*" "$dev" /mnt ||
    { rz_fail "$name mount compress_algorithm=zstd:$lvl"; continue; }
  sys=/sys/fs/f2fs/${dev#/dev/}
  w0=$(cat $sys/compr_written_block); s0=$(cat $sys/compr_saved_block)
  mkdir -p /mnt/l$lvl
  t0=$(rz_now)
  cp $RZ_DATA/*.bin $RZ_DATA/*.tar $RZ_SUMS /mnt/l$lvl/ && sync
  tw=$(rz_elapsed "$t0")
  written=$(( $(cat $sys/compr_written_block) - w0 )); saved=$(( $(cat $sys/compr_saved_block) - s0 ))
  umount /mnt
  mount -t f2fs -o ro "$dev" /mnt || { rz_fail "$name remount"; continue; }
  echo 3 > /proc/sys/vm/drop_caches
  t0=$(rz_now)
  if ! (cd /mnt/l$lvl && sha256sum -c -s SHA256SUMS); then rz_fail "$name hash mismatch after remount"
  elif [ "$written" -le 0 ] || [ "$saved" -le 0 ]; then
    rz_fail "$name nothing compressed (compr_written_block=$written compr_saved_block=$saved)"
  else
    rz_pass "$name compressed_blocks=$written saved_blocks=$saved saved=$((saved * 100 / (written + saved)))% write=${tw}s verify=$(rz_elapsed "$t0")s"
  fi
  umount /mnt
done
