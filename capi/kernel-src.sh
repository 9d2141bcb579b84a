#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Prints the path of a Linux 6.12 source subset (headers, lib/zstd, lib/xxhash.c, the
# boot/initramfs decompressor lib/decompress_unzstd.c)
# extracted under build/, installing Debian's linux-source-6.12 when it is missing.
# Kernel sources are only ever extracted into build/ (gitignored), never committed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tarball=/usr/src/linux-source-6.12.tar.xz
dest="$root/build/capi-ksrc"
src="$dest/linux-source-6.12"
stamp="$dest/.capi-extracted-2"
if [ ! -f "$stamp" ]; then
  if [ ! -f "$tarball" ]; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq >&2
    $sudo apt-get install -y -qq linux-source-6.12 >&2
  fi
  mkdir -p "$dest"
  tar -xJf "$tarball" -C "$dest" \
    linux-source-6.12/include/linux/zstd.h linux-source-6.12/include/linux/zstd_errors.h \
    linux-source-6.12/include/linux/zstd_lib.h linux-source-6.12/include/linux/xxhash.h \
    linux-source-6.12/lib/zstd linux-source-6.12/lib/xxhash.c \
    linux-source-6.12/lib/decompress_unzstd.c linux-source-6.12/include/linux/decompress/unzstd.h >&2
  touch "$stamp"
fi
echo "$src"
