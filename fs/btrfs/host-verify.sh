#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Host side of the btrfs scenario: after the guest wrote the images with compress-force=zstd:N,
# btrfs-progs (userspace libzstd) must extract the same files (`btrfs restore`), and the
# extent tree gives the compression ratio (uncompressed "ram" bytes / on-disk bytes).
# Prints "RZ: PASS|FAIL btrfs-restore-zstdN ratio=..." lines like the guest scenarios.
set -euo pipefail
D=$1   # build/kernel-run
# zstdN: fs/btrfs/guest-test.sh; concN: fs/btrfs/guest-concurrent.sh (4 writers, overwrites,
# defrag -czstd; its SHA256SUMS name the files as ../wN/FILE).
for lvl in 1 3 15 conc3 conc1; do
  case $lvl in conc*) img=$D/disks/btrfs-$lvl.img ;; *) img=$D/disks/btrfs-zstd$lvl.img ;; esac
  out=$D/restore-zstd$lvl
  rm -rf "$out"; mkdir -p "$out"
  if ! btrfs restore -i "$img" "$out" >/dev/null 2>&1; then
    echo "RZ: FAIL btrfs-restore-zstd$lvl btrfs restore failed"; continue
  fi
  if ! btrfs inspect-internal dump-tree -t 5 "$img" > "$out.tree" 2>&1; then
    echo "RZ: FAIL btrfs-restore-zstd$lvl dump-tree failed"; rm -rf "$out" "$out.tree"; continue
  fi
  ratio=$(awk '
    /extent data disk byte/ && $5 != 0 { disk += $7 }
    /extent data offset/ { ram += $8 }
    END { if (disk > 0) printf "%.2f", ram / disk; else print "0" }' "$out.tree")
  # compress-force=zstd: the guest's writes must have left zstd extents (compression type 3).
  zext=$(grep -c 'extent compression 3 (zstd)' "$out.tree" || true)
  rm -f "$out.tree"
  files=$(grep -c . "$out/corpus/SHA256SUMS" 2>/dev/null || true)
  if [ "${zext:-0}" -eq 0 ]; then
    echo "RZ: FAIL btrfs-restore-zstd$lvl no zstd-compressed extents (ratio=$ratio)"
  elif [ "${files:-0}" -gt 0 ] && (cd "$out/corpus" && sha256sum --quiet -c SHA256SUMS) >/dev/null 2>&1; then
    echo "RZ: PASS btrfs-restore-zstd$lvl ratio=$ratio zstd_extents=$zext (restored by btrfs-progs, $files hashes match)"
  else
    echo "RZ: FAIL btrfs-restore-zstd$lvl hash mismatch (ratio=$ratio)"
  fi
  rm -rf "$out"
done
