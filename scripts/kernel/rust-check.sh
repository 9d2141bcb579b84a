#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Compiles the codec crate (rust/zstd -> rust/zstd_kernel.o) and the full C ABI crate
# (rust/zstd-ffi/src/lib.rs -> rust/zstd_ffi.o) with the kernel's own rustc flags
# (Kbuild single targets; no linking), then checks their stack frames. Tells whether the code
# on this branch builds for the kernel before CONFIG_ZSTD_RUST is switched on.
source "$(dirname "$0")/env.sh"
"$ROOT/scripts/kernel/overlay.sh"
"$ROOT/scripts/kernel/config.sh"
[ -f "$KDIR/include/generated/rustc_cfg" ] || "${KMAKE[@]}" -s prepare
rc=0
for t in rust/zstd_kernel.o rust/zstd_ffi.o; do
  if "${KMAKE[@]}" "$t" > "$BUILD/rust-check.log" 2>&1; then
    echo "RZ: PASS rust-check $t ($(grep -c 'warning:' "$BUILD/rust-check.log" || true) warnings)"
  else
    grep -E "^error" -A5 "$BUILD/rust-check.log" | head -30
    echo "RZ: FAIL rust-check $t (build/rust-check.log)"; rc=1; break
  fi
done
[ $rc -eq 0 ] && RUST_STACK_ALL=1 "$ROOT/scripts/kernel/rust-stack.sh"
exit $rc
