#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Builds our C ABI static library the way Kbuild builds the crates of a Linux 6.12 x86_64
# kernel (Makefile, arch/x86/Makefile, scripts/generate_rust_target.rs): one rustc per crate
# (xxhash -> zstd_kernel -> zstd_ffi without `std`), codegen-units=1, no LTO, opt-level 2
# (CONFIG_CC_OPTIMIZE_FOR_PERFORMANCE), overflow checks on (CONFIG_RUST_OVERFLOW_CHECKS),
# panic=abort, no red zone, no SSE/AVX/MMX and soft-float (x86_64-unknown-none: the same
# features and "x86-softfloat" ABI as the kernel's target.json), static relocation model,
# no jump tables (IBT/retpoline kernels). Differences (userspace link): small code model
# instead of -Ccode-model=kernel, no retpoline/return thunks, core prebuilt by rustup.
# Prints the archive's path.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/build/capi/kffi
target=x86_64-unknown-none
rustup target list --installed 2>/dev/null | grep -qx $target || rustup target add $target >&2
lib=$out/libkzstd-kernel.a
srcs=$(find "$root/rust/xxhash/src" "$root/rust/zstd/src" "$root/rust/zstd-ffi/src" \
  "$root/capi/bench/kffi.rs" "$0" -name '*.rs' -o -name '*.sh')
if [ -f "$lib" ] && [ -z "$(find $srcs -newer "$lib")" ]; then echo "$lib"; exit 0; fi
mkdir -p "$out"
flags=(--edition=2021 --target=$target -Cpanic=abort -Cembed-bitcode=n -Clto=n
  -Cforce-unwind-tables=n -Ccodegen-units=1 -Csymbol-mangling-version=v0
  -Crelocation-model=static -Ccode-model=small -Copt-level=2 -Cdebug-assertions=n
  -Coverflow-checks=y -Ctarget-feature=-sse,-sse2,-sse3,-ssse3,-sse4.1,-sse4.2,-avx,-avx2
  -Cno-redzone=y -Cjump-tables=n -Cdebuginfo=1 -Awarnings -L "$out")
rustc "${flags[@]}" --crate-type=rlib --crate-name=xxhash "$root/rust/xxhash/src/lib.rs" \
  -o "$out/libxxhash.rlib" >&2
rustc "${flags[@]}" --crate-type=rlib --crate-name=zstd_kernel --extern xxhash \
  "$root/rust/zstd/src/lib.rs" -o "$out/libzstd_kernel.rlib" >&2
rustc "${flags[@]}" --crate-type=rlib --crate-name=zstd_ffi --extern xxhash \
  --extern zstd_kernel "$root/rust/zstd-ffi/src/lib.rs" -o "$out/libzstd_ffi.rlib" >&2
rustc "${flags[@]}" --crate-type=staticlib --crate-name=kffi "$root/capi/bench/kffi.rs" \
  -o "$lib.tmp" >&2
mv "$lib.tmp" "$lib"
echo "$lib"
