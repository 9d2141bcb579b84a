#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Guest scenario: btrfs with compress-force=zstd:N (fs/btrfs/zstd.c). Each level has its own
# empty image made on the host (mkfs.btrfs; the zstd:3 one with --csum xxhash). Copy the
# corpus slices, sync, unmount, mount again (so reads come from disk, through the
# decompressor) and verify SHA-256. The host then runs
# `btrfs restore` on the images (fs/btrfs/host-verify.sh): btrfs-progs' own zstd must agree.
. /scenarios/lib.sh
for lvl in 1 3 15; do
  name=btrfs-zstd$lvl
  dev=$(rz_disk "$name") || { rz_fail "$name no disk"; continue; }
  if ! mount -t btrfs -o compress-force=zstd:$lvl "$dev" /mnt; then rz_fail "$name mount"; continue; fi
  mkdir -p /mnt/corpus
  t0=$(rz_now)
  cp $RZ_DATA/*.bin $RZ_DATA/*.tar $RZ_SUMS /mnt/corpus/ && sync
  tw=$(rz_elapsed "$t0")
  umount /mnt
  mount -t btrfs -o ro "$dev" /mnt || { rz_fail "$name remount"; continue; }
  t0=$(rz_now)
  if rz_check_sums /mnt/corpus; then
    rz_pass "$name copy+sync=${tw}s verify=$(rz_elapsed "$t0")s"
  else
    rz_fail "$name hash mismatch after remount"
  fi
  umount /mnt
done
