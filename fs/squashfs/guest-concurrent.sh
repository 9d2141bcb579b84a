#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Guest scenario: squashfs images read by several readers at once (fs/squashfs/zstd_wrapper.c
# through the multi-threaded decompressors: mount option threads=percpu, one zstd stream per
# CPU, and threads=multi). 4 readers each hash every file of an image (level 19, 128 KiB
# blocks; level 22, 1 MiB blocks) in a different order while the page cache is dropped under
# them; every hash must match the host's SHA256SUMS.
. /scenarios/lib.sh
for threads in percpu multi; do
  imgs="squashfs-zstd19-128K squashfs-zstd22-1M"; [ $threads = multi ] && imgs=squashfs-zstd19-128K
  for img in $imgs; do
    name=squashfs-concurrent-$threads-${img#squashfs-}
    dev=$(rz_disk "$img") || { rz_fail "$name no disk"; continue; }
    mount -t squashfs -o ro,threads=$threads "$dev" /mnt || { rz_fail "$name mount threads=$threads"; continue; }
    t0=$(rz_now)
    pids=""
    for r in 1 2 3 4; do
      # The list and hashes come from the initramfs (the image holds the same files): a list
      # read through the decompressor under test could come back empty and check nothing.
      ( bad=0; n=0
        files=$(awk '{ print $2 }' "$RZ_SUMS")
        [ $((r % 2)) -eq 0 ] && files=$(echo "$files" | sort -r)
        for f in $files; do
          want=$(awk -v f="$f" '$2 == f { print $1 }' "$RZ_SUMS")
          [ "$(rz_sha "/mnt/$f")" = "$want" ] || bad=$((bad + 1))
          n=$((n + 1))
          [ $r -eq 1 ] && echo 3 > /proc/sys/vm/drop_caches
        done
        # Every listed file hashed, and at least one.
        [ "$n" -gt 0 ] && [ "$n" -eq "$(grep -c . "$RZ_SUMS")" ] || bad=$((bad + 1))
        exit $bad ) &
      pids="$pids $!"
    done
    bad=0; for p in $pids; do wait "$p" || bad=$((bad + 1)); done
    umount /mnt
    if [ $bad -eq 0 ]; then rz_pass "$name readers=4 time=$(rz_elapsed "$t0")s"
    else rz_fail "$name $bad reader(s) saw a wrong hash"; fi
  done
done
