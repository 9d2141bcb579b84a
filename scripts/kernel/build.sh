#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Builds the kernel: dependencies, tree + overlay, configuration, bzImage (+ modules).
# Reuses build/linux when present (incremental builds take seconds).
source "$(dirname "$0")/env.sh"
"$ROOT/scripts/kernel/deps.sh"
"$ROOT/scripts/kernel/overlay.sh"
"$ROOT/scripts/kernel/config.sh"
t0=$(date +%s)
log "building bzImage ($KCONF, -j$JOBS)"
targets=(bzImage)
grep -q '^CONFIG_MODULES=y' "$KDIR/.config" && targets+=(modules)
if ! "${KMAKE[@]}" "${targets[@]}" > "$BUILD/kbuild-$KCONF.log" 2>&1; then
  grep -E "error|Error" "$BUILD/kbuild-$KCONF.log" | head -40 >&2
  log "kernel build FAILED, see build/kbuild-$KCONF.log"; exit 1
fi
grep -E "warning:" "$BUILD/kbuild-$KCONF.log" | sort -u | head -20 >&2 || true
log "kernel built in $(( $(date +%s) - t0 )) s: $KDIR/arch/x86/boot/bzImage"
