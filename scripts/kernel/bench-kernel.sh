#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `make bench-kernel`: zstd speed inside the kernel, stock C lib/zstd against ours, at native
# speed. Two User-Mode Linux kernels (ARCH=um, LLVM; UML runs as an ordinary process, so
# its timings mean something, unlike QEMU TCG) are built from ONE source tree
# (build/linux-um: linux-source-6.12 + our overlay + the benchmark module) with one
# configuration (tinyconfig + kernel/um.fragment) that differs only in
# kernel/impl-$IMPL.fragment: IMPL=c (lib/zstd, lib/xxhash) and IMPL=rust-zstd (ours),
# each in its own object directory (O=build/um-$IMPL). The benchmark module
# (kernel/bench/rzstd_bench.rs, built in) runs at boot on corpus slices read from the
# initramfs, checks every round trip and prints one line per measurement (the fastest of
# five passes over the input); the kernel then powers off. Rounds alternate the two
# kernels (C, ours, ours, C, ...); report: scripts/kernel/bench-report.py (table on
# stdout, chart and table under build/bench-kernel/).
#   ROUNDS=n (default 5)  SLICE=bytes per corpus file (default 1 MiB)
#   SMOKE=1: our kernel only, 256 KiB slices, one round (part of `make test`)
set -euo pipefail
source "$(dirname "$0")/env.sh"
KDIR=$BUILD/linux-um
OUT=$BUILD/bench-kernel
SMOKE=${SMOKE:-0}
ROUNDS=${ROUNDS:-5}
SLICE=${SLICE:-1048576}
IMPLS=(c rust-zstd)
MEM=1536M
if [ "$SMOKE" = 1 ]; then ROUNDS=1; SLICE=262144; IMPLS=(rust-zstd); MEM=512M; fi
# BENCH_IMPLS="rust-zstd" BUILD_ONLY=1: configure and build only that kernel.
[ -n "${BENCH_IMPLS:-}" ] && read -ra IMPLS <<< "$BENCH_IMPLS"
LLVM_SUFFIX=-14
mkdir -p "$OUT"

# 1. Tools: the kernel pipeline's packages, LLVM 14 (Rust + UML needs LLVM=1), matplotlib.
"$ROOT/scripts/kernel/deps.sh"
need=()
for p in clang-14 lld-14 llvm-14 python3-matplotlib; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  log "bench: installing ${need[*]}"
  flock /tmp/apt.lock apt-get install -y -qq --no-install-recommends "${need[@]}" ||
    { apt-get update -qq; flock /tmp/apt.lock apt-get install -y -qq --no-install-recommends "${need[@]}"; }
fi

# 2. The source tree: the overlay of `make run`, plus the benchmark module and two lines
# for rust/bindings (zstd.h for the C API, fs.h for reading the inputs).
KDIR=$KDIR "$ROOT/scripts/kernel/overlay.sh"
install_file() { mkdir -p "$(dirname "$KDIR/$2")"; cmp -s "$1" "$KDIR/$2" || cp "$1" "$KDIR/$2"; }
for f in Kconfig Makefile rzstd_bench.rs; do install_file "$ROOT/kernel/bench/$f" "lib/rzstd_bench/$f"; done
add_line() { grep -qxF "$2" "$KDIR/$1" || printf '%s\n' "$2" >> "$KDIR/$1"; }
add_line lib/Makefile 'obj-y += rzstd_bench/'
add_line lib/Kconfig.debug 'source "lib/rzstd_bench/Kconfig"'
add_line rust/bindings/bindings_helper.h '#include <linux/fs.h>'
add_line rust/bindings/bindings_helper.h '#include <linux/zstd.h>'

kmake() { # impl args...
  local impl=$1; shift
  make -C "$KDIR" O="$BUILD/um-$impl" ARCH=um LLVM=$LLVM_SUFFIX -j"$JOBS" \
    RUSTC=/usr/bin/rustc HOSTRUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc \
    BINDGEN="$BUILD/tools/bin/bindgen" "$@"
}

# 3. Configure and build each kernel (incremental when the trees exist).
for impl in "${IMPLS[@]}"; do
  obj=$BUILD/um-$impl; mkdir -p "$obj"
  want=$obj/kconfig.want
  cat "$ROOT/kernel/um.fragment" "$ROOT/kernel/impl-$impl.fragment" | grep '^CONFIG_\|^# CONFIG_' > "$want.new"
  if ! { [ -f "$obj/.config" ] && cmp -s "$want" "$want.new"; }; then
    mv "$want.new" "$want"
    log "bench: configuring um-$impl"
    kmake "$impl" -s tinyconfig > /dev/null
    (cd "$obj" && "$KDIR/scripts/kconfig/merge_config.sh" -m -O "$obj" .config "$want" > /dev/null)
    kmake "$impl" -s olddefconfig > /dev/null
    while IFS= read -r line; do
      case "$line" in
        CONFIG_*=*) grep -qxF "$line" "$obj/.config" || { log "config LOST in um-$impl: $line"; rm -f "$want"; exit 1; } ;;
        "# CONFIG_"*) opt=${line#\# }; opt=${opt%% *}
          ! grep -q "^$opt=[ym]" "$obj/.config" || { log "config LOST in um-$impl: $line"; rm -f "$want"; exit 1; } ;;
      esac
    done < "$want"
  else
    rm -f "$want.new"
  fi
  log "bench: building um-$impl (-j$JOBS)"
  t0=$(date +%s)
  if ! kmake "$impl" linux > "$OUT/build-$impl.log" 2>&1; then
    grep -E "error|Error" "$OUT/build-$impl.log" | head -40 >&2
    log "bench: build of um-$impl FAILED, see $OUT/build-$impl.log"; exit 1
  fi
  log "bench: um-$impl built in $(( $(date +%s) - t0 )) s"
done

[ "${BUILD_ONLY:-0}" = 1 ] && exit 0

# 4. Who serves zstd in each vmlinux: the C kernel must hold C lib/zstd and no Rust zstd,
# ours the Rust crates and no C lib/zstd.
for impl in "${IMPLS[@]}"; do
  syms=$(llvm-nm$LLVM_SUFFIX "$BUILD/um-$impl/vmlinux")
  rust=$(grep -c '11zstd_kernel' <<< "$syms" || true)
  cdec=$(grep -cE ' [Tt] (ZSTD_decompressStream|ZSTD_compressBlock_doubleFast|HUF_decompress4X_usingDTable)$' <<< "$syms" || true)
  echo "vmlinux um-$impl: $rust Rust zstd_kernel symbols, $cdec C lib/zstd symbols" | tee "$OUT/symbols-$impl.txt"
  if [ "$impl" = c ] && { [ "$rust" -ne 0 ] || [ "$cdec" -eq 0 ]; }; then
    log "bench: FAIL the C kernel does not run C lib/zstd only"; exit 1; fi
  if [ "$impl" = rust-zstd ] && { [ "$rust" -eq 0 ] || [ "$cdec" -ne 0 ]; }; then
    log "bench: FAIL our kernel does not run the Rust zstd only"; exit 1; fi
  # The module uses the codec crate directly: compiled before the crate's metadata was
  # rebuilt, it would run with the previous build's struct layouts (Makefile.rzstd builds
  # the crate while preparing to rule that out).
  mod=$BUILD/um-$impl/lib/rzstd_bench/rzstd_bench.o meta=$BUILD/um-$impl/rust/libzstd_kernel.rmeta
  if [ "$impl" = rust-zstd ] && ! [ "$mod" -nt "$meta" ]; then
    log "bench: FAIL $mod is not newer than $meta: compiled against stale crate metadata"; exit 1; fi
done

# 5. Inputs (initramfs /bench/): the first SLICE bytes of each corpus file; zram's dictionary
# (zstd --train on 4 KiB samples of the next 2 MiB of each); squashfs blocks (128 KiB,
# 1 MiB) compressed one frame each by the host's zstd at levels 19 and 22 without
# checksum, as mksquashfs does.
data=$OUT/data-$SLICE; root=$data/root
if [ ! -f "$data/initrd.cpio" ]; then
  rm -rf "$data"; mkdir -p "$root/bench" "$root/bin" "$data/tmp"
  : > "$root/bench/input"
  for f in linux-src.tar x86-elf.bin anon-mem.bin; do
    xz -dc "$ROOT/../shared/corpus/$f.xz" | head -c $((SLICE + 2097152)) > "$data/tmp/$f" || true
    head -c "$SLICE" "$data/tmp/$f" > "$data/tmp/$f.slice"
    cat "$data/tmp/$f.slice" >> "$root/bench/input"
    tail -c +$((SLICE + 1)) "$data/tmp/$f" > "$data/tmp/$f.train"
  done
  zstd -q --train -B4096 --maxdict=65536 -o "$root/bench/dict" "$data"/tmp/*.train
  for b in 128K 1M; do
    case $b in 128K) bs=131072 ;; 1M) bs=1048576 ;; esac
    for lvl in 19 22; do
      out=$root/bench/sq-$b-$lvl; : > "$out"
      # Blocks of the whole input, as the module cuts it (file boundaries when SLICE >= bs).
      (cd "$data/tmp" && rm -f blk.* && split -a 4 -b "$bs" "$root/bench/input" blk.)
      for blk in "$data"/tmp/blk.*; do
        zstd -q --ultra -"$lvl" --no-check -c "$blk" >> "$out"
      done
    done
  done
  cp /bin/busybox "$root/bin/busybox"
  printf '#!/bin/busybox sh\n/bin/busybox poweroff -f\n' > "$root/init"; chmod +x "$root/init"
  (cd "$root" && find . | sort | cpio -o -H newc --quiet) > "$data/initrd.cpio.tmp"
  mv "$data/initrd.cpio.tmp" "$data/initrd.cpio"
  rm -rf "$data/tmp"
fi

# 6. Rounds, alternating the kernels. Each boot runs every shape once and powers off.
rm -f "$OUT"/round-*.log
boot() { # impl round
  local log=$OUT/round-$2-$1.log
  timeout 1800 "$BUILD/um-$1/linux" mem=$MEM initrd="$data/initrd.cpio" initramfs_async=0 \
    ignore_loglevel > "$log" 2>&1 < /dev/null || true
  if ! grep -q "rzstd_bench: done" "$log"; then
    { grep "rzstd_bench\|Kernel panic\|BUG" "$log" || true; } | tail -5 >&2
    log "bench: FAIL um-$1 round $2 (see $log)"; return 1
  fi
  grep -o "round_trips_checked=[0-9]*" "$log" | sed "s/^/um-$1 round $2: /" >&2
}
for r in $(seq 1 "$ROUNDS"); do
  order=("${IMPLS[@]}")
  [ $((r % 2)) = 0 ] && [ ${#IMPLS[@]} = 2 ] && order=("${IMPLS[1]}" "${IMPLS[0]}")
  for impl in "${order[@]}"; do boot "$impl" "$r"; done
done

# 7. Table and chart.
commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
# Debian's python3 (python3-matplotlib), not a python3 that may come first in PATH.
/usr/bin/python3 "$ROOT/scripts/kernel/bench-report.py" --out "$OUT" --commit "$commit" \
  --slice "$SLICE" ${SMOKE:+--smoke=$SMOKE} "$OUT"/round-*.log
