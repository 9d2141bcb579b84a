#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Prepares build/linux: extracts Debian's linux-source-6.12 when missing (plus a pristine copy
# for the consumer identity check), then lays our files over it at their kernel paths.
#   rust/xxhash/src/*.rs          -> rust/xxhash/src/        (the safe crate, unchanged)
#   rust/zstd-ffi/{kernel_xxhash.rs,src/*.rs} -> rust/zstd-ffi/  (the C ABI crate: extern "C" xxh*)
#   kernel/tree/**                -> same path               (Kconfig/Makefile glue, exports)
#   kunit/*                       -> lib/rzstd_kunit/        (KUnit suites)
# Four kernel build files get one-line additions (computed from the pristine copy each time):
# lib/Kconfig, lib/Kconfig.debug, lib/Makefile, rust/Makefile. Consumers are never touched.
# Files are only rewritten when their content changes, so incremental builds stay incremental.
source "$(dirname "$0")/env.sh"

extract() { # dest
  local tmp=$BUILD/.extract.$$
  rm -rf "$tmp"; mkdir -p "$tmp"
  log "extracting $KSRC_TARBALL into $1"
  tar -xf "$KSRC_TARBALL" -C "$tmp"
  mv "$tmp"/linux-source-6.12 "$1"; rmdir "$tmp"
}
# A tree without its top Makefile is a leftover (an interrupted run, or a partial extraction
# by another tool): start it again rather than configure a tree that cannot build.
[ -f "$KPRISTINE/Makefile" ] || { rm -rf "$KPRISTINE"; extract "$KPRISTINE"; }
[ -f "$KDIR/Makefile" ] || rm -rf "$KDIR"
if [ ! -d "$KDIR" ]; then
  log "copying the pristine tree into $KDIR"
  cp -a "$KPRISTINE" "$KDIR.tmp" && mv "$KDIR.tmp" "$KDIR"
fi

install_file() { # src dest(relative to KDIR)
  local dst=$KDIR/$2
  mkdir -p "$(dirname "$dst")"
  cmp -s "$1" "$dst" || { cp "$1" "$dst"; log "overlay: $2"; }
}
# Kernel file = pristine file piped through a filter (stdin -> stdout).
edit_file() { # path filter...
  local rel=$1; shift
  local tmp; tmp=$(mktemp)
  "$@" < "$KPRISTINE/$rel" > "$tmp"
  install_file "$tmp" "$rel"; rm -f "$tmp"
}
append() { cat; printf '%s\n' "$@"; }

# 1. KUnit suites (C), built when CONFIG_ZSTD_KUNIT_TEST / CONFIG_XXHASH_KUNIT_TEST are set.
for f in "$ROOT"/kunit/*; do
  case "$f" in *.kunitconfig) continue ;; esac
  install_file "$f" "lib/rzstd_kunit/$(basename "$f")"
done
edit_file lib/Kconfig.debug append '' 'source "lib/rzstd_kunit/Kconfig"'
# 2. Rust overlay: our crates at their kernel paths, the glue under kernel/tree/.
for f in "$ROOT"/rust/xxhash/src/*.rs; do install_file "$f" "rust/xxhash/src/$(basename "$f")"; done
install_file "$ROOT/rust/zstd-ffi/kernel_xxhash.rs" rust/zstd-ffi/kernel_xxhash.rs
for f in "$ROOT"/rust/zstd-ffi/src/*.rs; do install_file "$f" "rust/zstd-ffi/src/$(basename "$f")"; done
(cd "$ROOT/rust/zstd/src" && find . -name '*.rs' | sed 's|^\./||') | while read -r rel; do
  install_file "$ROOT/rust/zstd/src/$rel" "rust/zstd/src/$rel"
done
(cd "$ROOT/kernel/tree" && find . -type f | sed 's|^\./||') | while read -r rel; do
  install_file "$ROOT/kernel/tree/$rel" "$rel"
done
edit_file lib/Kconfig append '' 'source "lib/Kconfig.rzstd"'
edit_file rust/Makefile append '' 'include $(srctree)/rust/Makefile.rzstd'
lib_makefile() {
  sed 's|^obj-$(CONFIG_XXHASH)\t+= xxhash.o$|ifdef CONFIG_XXHASH_RUST\nobj-$(CONFIG_XXHASH) += xxhash_rust_exports.o\nelse\nobj-$(CONFIG_XXHASH) += xxhash.o\nendif|' |
    sed 's|^obj-$(CONFIG_ZSTD_COMPRESS) += zstd/$|ifdef CONFIG_ZSTD_RUST\nobj-y += zstd_rust_exports.o\nelse\nobj-$(CONFIG_ZSTD_COMPRESS) += zstd/|; s|^obj-$(CONFIG_ZSTD_DECOMPRESS) += zstd/$|obj-$(CONFIG_ZSTD_DECOMPRESS) += zstd/\nendif|' |
    append '' 'obj-y += rzstd_kunit/'
}
edit_file lib/Makefile lib_makefile
grep -q xxhash_rust_exports "$KDIR/lib/Makefile" || { log "lib/Makefile: xxhash line not found"; exit 1; }
grep -q zstd_rust_exports "$KDIR/lib/Makefile" || { log "lib/Makefile: zstd lines not found"; exit 1; }
