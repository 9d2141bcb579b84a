#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Decoder instructions, ours beside the kernel's C, both with kernel code generation: the
# kernel's lib/zstd (capi/kref/build.sh, -O2 -mno-sse -mno-sse2 -mno-mmx -mno-avx
# -mno-red-zone -fno-strict-aliasing) and our C ABI library (opt-level 2, overflow checks,
# no SSE/MMX/AVX, no red zone; the FFI picks the BMI2 variant when the CPU has it, as the
# C does). First 1 MiB of each corpus file at levels 1, 3, 19: one frame, 128 KiB frames,
# 4 KiB pages. Prints one row per shape: file level chunk C ours C/ours.
#   rust/zstd/benches/kernel-icount.sh [FILE LEVEL CHUNK]
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
out=build/kicount; mkdir -p $out/cache build/corpus
for f in linux-src.tar x86-elf.bin anon-mem.bin; do
  [ -f build/corpus/$f ] || xz -dc ../shared/corpus/$f.xz > build/corpus/$f
done
kref=$(capi/kref/build.sh kflags -mno-sse -mno-sse2 -mno-mmx -mno-avx -mno-red-zone -fno-strict-aliasing)
CARGO_TARGET_DIR=$out/target CARGO_PROFILE_RELEASE_OPT_LEVEL=2 \
  RUSTFLAGS="-C target-feature=-sse,-sse2,-mmx,-avx -C no-redzone" \
  cargo build --release -q -p zstd-ffi 2>/dev/null
mkdir -p $out/include/linux
cp include/linux/zstd.h include/linux/zstd_errors.h include/linux/xxhash.h \
  capi/userspace/linux/types.h capi/userspace/linux/limits.h $out/include/linux/
gcc -std=gnu11 -O2 -g -I $out/include -I capi/tests -o $out/kernel_icount \
  rust/zstd/benches/kernel_icount.c "$kref" $out/target/release/libzstd_ffi.a -lpthread -ldl -lm
count() { # side file level chunk
  local cg; cg=$(mktemp)
  valgrind --tool=callgrind --toggle-collect=dec_all --callgrind-out-file="$cg" \
    $out/kernel_icount "$1" "build/corpus/$2" "$3" "$4" $out/cache >/dev/null 2>&1
  sed -n 's/^totals: //p;s/^summary: //p' "$cg" | head -1; rm -f "$cg"
}
row() {
  $out/kernel_icount c "build/corpus/$1" "$2" "$3" $out/cache 2>/dev/null # caches the frames
  local c r; c=$(count c "$@"); r=$(count r "$@")
  echo "$1 $2 $3 $c $r $(awk "BEGIN{printf \"%.3f\", $c/$r}")"
}
if [ $# -eq 3 ]; then row "$@"; exit 0; fi
for f in x86-elf.bin linux-src.tar anon-mem.bin; do for l in 1 3 19; do
  for c in 1048576 131072 4096; do row $f $l $c; done
done; done
