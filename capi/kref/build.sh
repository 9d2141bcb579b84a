#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Builds the test reference: Linux 6.12's own C lib/zstd and lib/xxhash, compiled in
# userspace with the stand-in headers of capi/kref/include, every exported name given a
# kref_ prefix (capi/kref/rename.h). Prints the archive's path.
# Usage: build.sh TAG [extra CFLAGS...]   e.g. `build.sh asan -fsanitize=address,undefined`
# TAG `kernel` adds the code generation flags of a Linux 6.12 x86_64 build with GCC and
# CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE (Makefile, arch/x86/Makefile; `make capi-bench`):
# no SSE/MMX/AVX/x87, no red zone, 8-byte stack alignment, no jump tables (retpoline/IBT
# kernels), no strict aliasing or overflow, zero-initialised stack variables
# (CONFIG_INIT_STACK_ALL_ZERO), no unwind tables, non-PIC. Link its users with -no-pie.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tag=${1:-plain}; shift || true
if [ "$tag" = kernel ]; then
  set -- -fshort-wchar -funsigned-char -fno-common -fno-PIE -fno-strict-aliasing \
    -mno-sse -mno-mmx -mno-sse2 -mno-3dnow -mno-avx -fcf-protection=none -m64 \
    -falign-jumps=1 -falign-loops=1 -mno-80387 -mno-fp-ret-in-387 \
    -mpreferred-stack-boundary=3 -mskip-rax-setup -mtune=generic -mno-red-zone \
    -fno-asynchronous-unwind-tables -fno-jump-tables -fno-delete-null-pointer-checks \
    -fno-allow-store-data-races -fno-stack-protector \
    -fomit-frame-pointer -ftrivial-auto-var-init=zero -fno-stack-clash-protection \
    -fno-strict-overflow -fno-stack-check -fconserve-stack "$@"
fi
export KREF_CC=${CC:-gcc}
export KSRC; KSRC=$("$root/capi/kernel-src.sh")
export KREF_OUT="$root/build/capi/kref/$tag"
export KREF_FLAGS="-std=gnu11 -O2 -g -w -D__LITTLE_ENDIAN $* -include $root/capi/kref/rename.h \
 -I $root/capi/kref/include -I $KSRC/include -I $root/capi/userspace"
lib="$KREF_OUT/libkref.a"
srcs=(lib/xxhash.c)
for f in zstd_common_module.c common/debug.c common/entropy_common.c common/error_private.c \
  common/fse_decompress.c common/zstd_common.c \
  zstd_decompress_module.c decompress/huf_decompress.c decompress/zstd_ddict.c \
  decompress/zstd_decompress.c decompress/zstd_decompress_block.c \
  zstd_compress_module.c compress/fse_compress.c compress/hist.c compress/huf_compress.c \
  compress/zstd_compress.c compress/zstd_compress_literals.c compress/zstd_compress_sequences.c \
  compress/zstd_compress_superblock.c compress/zstd_double_fast.c compress/zstd_fast.c \
  compress/zstd_lazy.c compress/zstd_ldm.c compress/zstd_opt.c; do
  srcs+=("lib/zstd/$f")
done
# Rebuilt only when missing or older than this script or the stand-ins.
if [ -f "$lib" ] && [ -z "$(find "$0" "$root/capi/kref" -newer "$lib" -type f)" ]; then
  echo "$lib"; exit 0
fi
mkdir -p "$KREF_OUT/obj"
# Two compilers at a time (the machine is shared); any failure fails the build.
printf '%s\n' "${srcs[@]}" | xargs -P 2 -I{} bash -c \
  'o="$KREF_OUT/obj/$(echo "$1" | tr / _).o"; $KREF_CC $KREF_FLAGS -c "$KSRC/$1" -o "$o"' _ {} >&2
rm -f "$lib"
ar rcs "$lib" "$KREF_OUT"/obj/*.o
echo "$lib"
