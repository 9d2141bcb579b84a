#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# `make capi-bench`: builds the kernel's C lib/zstd (capi/kref/build.sh kernel) and our C ABI
# library (capi/bench/build-kffi.sh) with the kernel's code generation flags, links both
# into build/capi/kbench and runs it on the first 1 MiB of each corpus file. zram's
# dictionary is trained (zstd --train, 4 KiB samples) on the following 2 MiB of each file.
#   KBENCH_ROUNDS=n (default 5), KBENCH_SHAPES="1M:9 btrfs:3" (only these);
#   capi/bench/count.sh for instruction counts.
#   `run.sh sizes` (make capi-sizes): compressed sizes against the kernel's C, levels 1-19.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
files=(linux-src.tar x86-elf.bin anon-mem.bin)
mkdir -p build/corpus build/capi
for f in "${files[@]}"; do
  if [ ! -f "build/corpus/$f" ]; then
    xz -dc "../shared/corpus/$f.xz" > "build/corpus/$f.tmp"; mv "build/corpus/$f.tmp" "build/corpus/$f"
  fi
done
dict=build/capi/kbench.dict
if [ ! -f $dict ]; then
  tmp=$(mktemp -d)
  for f in "${files[@]}"; do dd if="build/corpus/$f" of="$tmp/$f" bs=1M skip=1 count=2 status=none; done
  zstd -q --train -B4096 --maxdict=65536 -o $dict.tmp "$tmp"/* >&2
  rm -rf "$tmp"; mv $dict.tmp $dict
fi
kref=$(capi/kref/build.sh kernel)
kffi=$(capi/bench/build-kffi.sh)
# The harness itself is ordinary userspace C; only the two libraries carry kernel flags.
bin=build/capi/kbench
# capi/bench/kstring.c: memcpy, memmove and memset as the kernel's (both sides call them).
[ -f $bin ] && [ -z "$(find capi/bench/bench.c capi/bench/kstring.c capi/tests/kref.h include "$kref" "$kffi" -newer $bin)" ] || \
gcc -std=gnu11 -O2 -Wall -no-pie -I include -I capi/userspace -I capi/tests \
  -o $bin capi/bench/bench.c capi/bench/kstring.c "$kref" "$kffi"
[ "${1:-}" = build ] && exit 0
if [ "${1:-}" = sizes ]; then
  # Compressed sizes against the kernel's C at levels 1-19 (capi/bench/sizes.c).
  gcc -std=gnu11 -O2 -Wall -Wextra -no-pie -I include -I capi/userspace -I capi/tests \
    -o build/capi/sizes capi/bench/sizes.c "$kref" "$kffi"
  exec build/capi/sizes "${files[@]/#/build/corpus/}"
fi
exec $bin $dict "${files[@]/#/build/corpus/}"
