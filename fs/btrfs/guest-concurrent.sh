#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Guest scenario: btrfs (fs/btrfs/zstd.c) as a busy system uses it. For compress-force=zstd:3
# and zstd:1, each on its own empty image made on the host:
#   - 4 writers at once (one directory each, the corpus slices in different orders);
#   - compression really happened: FIEMAP marks at least 90% of the bytes ENCODED, and the
#     data space used (allocation/data/bytes_used) grew by less than 2/3 of the bytes written
#     (fails if btrfs wrote raw extents, which it does when the compressor fails);
#   - 4 readers at once read random 4-64 KiB ranges after the page cache was dropped and
#     compare them with the slices;
#   - overwrite a range in the middle of each file, remount, every file hashes as expected;
#   - a file written with compression off is recompressed by defrag -czstd (rz-btrfs defrag:
#     BTRFS_IOC_DEFRAG_RANGE, compress_type zstd) and must then be ENCODED, and read back;
#   - scrub (BTRFS_IOC_SCRUB) finds no error;
#   - SHA256SUMS of the final files is left in the image: the host's `btrfs restore` must give
#     the same bytes (fs/btrfs/host-verify.sh).
. /scenarios/lib.sh
FILES="anon-mem.bin x86-elf.bin linux-src.tar"
# Bytes the data extents take on disk (the mounted fs' space info; statfs is an estimate).
used_bytes() { cat /sys/fs/btrfs/*/allocation/data/bytes_used | awk '{ s += $1 } END { print s + 0 }'; }
encoded_pct() { /bin/rz-btrfs fiemap "$@" | awk -F'[= ]' '{ if ($4 > 0) print int($2 * 100 / $4); else print 0 }'; }
# Expected bytes of a file after the overwrite: bytes [1 MiB, 2 MiB) replaced by the first
# MiB of another slice.
overwritten() { # file other
  { head -c 1048576 "$1"; head -c 1048576 "$2"; tail -c +2097153 "$1"; }
}

conc_case() { # level
  lvl=$1; name=btrfs-concurrent-zstd$lvl
  dev=$(rz_disk "btrfs-conc$lvl") || { rz_fail "$name no disk"; return; }
  mount -t btrfs -o compress-force=zstd:$lvl "$dev" /mnt || { rz_fail "$name mount"; return; }
  sync; u0=$(used_bytes)
  t0=$(rz_now)
  pids=""
  for w in 1 2 3 4; do
    mkdir -p /mnt/w$w
    ( set -- $FILES; [ $w -ge 2 ] && set -- "$2" "$3" "$1"; [ $w -ge 3 ] && set -- "$2" "$3" "$1"
      for f in "$@"; do cat "$RZ_DATA/$f" > /mnt/w$w/$f || exit 1; done; sync ) &
    pids="$pids $!"
  done
  bad=0; for p in $pids; do wait "$p" || bad=1; done
  tw=$(rz_elapsed "$t0")
  [ $bad -eq 0 ] || { rz_fail "$name a writer failed"; umount /mnt; return; }
  sync; u1=$(used_bytes)
  data=0; for f in $FILES; do data=$((data + 4 * $(stat -c %s "$RZ_DATA/$f"))); done
  enc=$(encoded_pct /mnt/w*/*)
  grew=$((u1 - u0))
  # Random reads by 4 readers, page cache dropped first.
  echo 3 > /proc/sys/vm/drop_caches
  t0=$(rz_now)
  pids=""
  for r in 1 2 3 4; do
    ( seed=$((r * 7919)); n=0; err=0
      while [ $n -lt 24 ]; do
        seed=$(( (seed * 1103515245 + 12345) % 2147483648 ))
        set -- $FILES; i=$((seed % 3)); [ $i -ge 1 ] && shift; [ $i -ge 2 ] && shift; f=$1
        size=$(stat -c %s "$RZ_DATA/$f"); blocks=$((size / 4096 - 16))
        off=$(( (seed / 3) % blocks )); cnt=$(( 1 + (seed / 7) % 16 ))
        a=$(dd if=/mnt/w$(( (seed / 11) % 4 + 1 ))/$f bs=4096 skip=$off count=$cnt 2>/dev/null | sha256sum)
        b=$(dd if="$RZ_DATA/$f" bs=4096 skip=$off count=$cnt 2>/dev/null | sha256sum)
        [ "$a" = "$b" ] || err=$((err + 1))
        n=$((n + 1))
      done
      exit $err ) &
    pids="$pids $!"
  done
  rbad=0; for p in $pids; do wait "$p" || rbad=$((rbad + 1)); done
  tr=$(rz_elapsed "$t0")
  # Overwrite the middle of every file, 4 writers at once.
  pids=""
  for w in 1 2 3 4; do
    ( for f in $FILES; do
        head -c 1048576 "$RZ_DATA/x86-elf.bin" | dd of=/mnt/w$w/$f bs=1048576 seek=1 conv=notrunc 2>/dev/null || exit 1
      done ) &
    pids="$pids $!"
  done
  obad=0; for p in $pids; do wait "$p" || obad=1; done
  # A file written without compression, then defragmented with -czstd.
  mount -o remount,compress=no /mnt
  cat "$RZ_DATA/linux-src.tar" > /mnt/plain.tar; sync
  enc_plain=$(encoded_pct /mnt/plain.tar)
  /bin/rz-btrfs defrag /mnt/plain.tar; dbad=$?
  sync
  enc_defrag=$(encoded_pct /mnt/plain.tar)
  umount /mnt
  mount -t btrfs "$dev" /mnt || { rz_fail "$name remount"; return; }
  hbad=0
  want_plain=$(rz_sha "$RZ_DATA/linux-src.tar")
  [ "$(rz_sha /mnt/plain.tar)" = "$want_plain" ] || hbad=$((hbad + 1))
  for f in $FILES; do
    want=$(overwritten "$RZ_DATA/$f" "$RZ_DATA/x86-elf.bin" | sha256sum | cut -d' ' -f1)
    for w in 1 2 3 4; do [ "$(rz_sha /mnt/w$w/$f)" = "$want" ] || hbad=$((hbad + 1)); done
  done
  scrub=$(/bin/rz-btrfs scrub /mnt 2>&1); sbad=$?
  mkdir -p /mnt/corpus && (cd /mnt/corpus && sha256sum ../plain.tar ../w*/* > SHA256SUMS)
  umount /mnt
  figures="ratio_used=$(rz_ratio "$data" "$grew") encoded=${enc}% write4=${tw}s randread4=${tr}s defrag_encoded=${enc_plain}%->${enc_defrag}% scrub[$scrub]"
  if [ $rbad -ne 0 ]; then rz_fail "$name $rbad random readers saw wrong bytes; $figures"
  elif [ $obad -ne 0 ] || [ $hbad -ne 0 ]; then rz_fail "$name $hbad files hash wrong after overwrite+remount; $figures"
  elif [ "$enc" -lt 90 ] || [ "$grew" -le 0 ] || [ $((grew * 3)) -gt $((data * 2)) ]; then
    rz_fail "$name data not compressed (encoded ${enc}%, used $grew of $data bytes); $figures"
  elif [ $dbad -ne 0 ] || [ "$enc_plain" -gt 10 ] || [ "$enc_defrag" -lt 90 ]; then
    rz_fail "$name defrag -czstd did not compress; $figures"
  elif [ $sbad -ne 0 ]; then rz_fail "$name scrub errors; $figures"
  else rz_pass "$name $figures"; fi
}
[ -x /bin/rz-btrfs ] || { rz_fail "btrfs-concurrent no rz-btrfs"; exit 0; }
conc_case 3
conc_case 1
