# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Common settings of the kernel pipeline (sourced by scripts/kernel/*.sh).
# Debian's Rust 1.96 (rustc-web) builds the kernel: rustup's rustc comes first in PATH, so
# every Rust tool is passed explicitly.
set -euo pipefail
# depmod (make modules_install), mkfs.btrfs: sbin, which a non-root PATH may lack.
export PATH="$PATH:/usr/sbin:/sbin"
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=$ROOT/build
KSRC_TARBALL=/usr/src/linux-source-6.12.tar.xz
# KCONF selects the configuration: builtin (everything in vmlinux), modules (btrfs, zram,
# squashfs, f2fs, crypto zstd/xxhash64 and the KUnit suites as .ko.zst modules loaded by the
# guest) or debug (modules + KASAN, KFENCE, UBSAN, SLUB_DEBUG_ON, built with LLVM).
KCONF=${KCONF:-builtin}
case "$KCONF" in builtin|modules|debug) ;;
  *) echo "KCONF=$KCONF: builtin, modules or debug" >&2; exit 2 ;; esac
# The build tree (source + objects, in-tree build), one per configuration.
if [ "$KCONF" = builtin ]; then KDIR=${KDIR:-$BUILD/linux}; else KDIR=${KDIR:-$BUILD/linux-$KCONF}; fi
KPRISTINE=$BUILD/linux-pristine       # untouched extraction, for the consumer identity check
# IMPL selects who serves <linux/zstd.h>/<linux/xxhash.h>: rust-zstd (our crates for both,
# the default), rust (Rust xxhash, C lib/zstd) or c (stock lib/xxhash.c + lib/zstd).
IMPL=${IMPL:-rust-zstd}
RUNDIR=${RUNDIR:-$BUILD/kernel-run-$KCONF-$IMPL} # initramfs, disk images, console logs
JOBS=${JOBS:-2}
KMAKE=(make -C "$KDIR" -j"$JOBS"
       RUSTC=/usr/bin/rustc HOSTRUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc
       BINDGEN="$BUILD/tools/bin/bindgen")
# Rust + KASAN needs a Clang-built kernel (init/Kconfig): the debug kernel uses LLVM 14.
[ "$KCONF" = debug ] && KMAKE+=(LLVM=-14)
# Corpus slices copied into the guest (real data, cut to keep TCG runs short).
# The modules and debug kernels repeat the builtin kernel's consumer paths: smaller slices and
# less memory under pressure (passed to the guest's environment on the kernel command line)
# keep CI short. Under KASAN + SLUB_DEBUG_ON the swap scenarios take 6x (zram) and more than
# 11x (zswap) as long as without: the debug kernel skips them (RZ_SKIP, guest-init.sh;
# report.sh then expects none of their results).
[ "$KCONF" = debug ] && GUEST_ENV=${GUEST_ENV:-RZ_SWAP_MIB=48 RZ_SWAP_LIMIT_MIB=16 RZ_SKIP=22,25}
if [ "$KCONF" != builtin ]; then
  SLICE_LINUX=${SLICE_LINUX:-4M}; SLICE_ELF=${SLICE_ELF:-2M}; SLICE_MEM=${SLICE_MEM:-2M}
  GUEST_ENV=${GUEST_ENV:-RZ_SWAP_MIB=48 RZ_SWAP_LIMIT_MIB=16}
fi
GUEST_ENV=${GUEST_ENV:-}
SLICE_LINUX=${SLICE_LINUX:-8M}
SLICE_ELF=${SLICE_ELF:-4M}
SLICE_MEM=${SLICE_MEM:-4M}
log() { echo "[kernel] $*" >&2; }
