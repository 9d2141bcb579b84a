#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Prints the path of a directory holding Linux 6.12's scripts/ (kernel-doc, checkpatch.pl and
# their data files) and LICENSES/,
# extracted under build/ from Debian's linux-source-6.12 (installed by scripts/setup.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tarball=/usr/src/linux-source-6.12.tar.xz
dest="$root/build/kscripts"
stamp="$dest/.extracted-1"
if [ ! -f "$stamp" ]; then
  [ -f "$tarball" ] || { echo "kscripts: $tarball missing (scripts/setup.sh installs linux-source-6.12)" >&2; exit 1; }
  mkdir -p "$dest"
  tar -xJf "$tarball" -C "$dest" --strip-components=1 \
    linux-source-6.12/scripts/kernel-doc linux-source-6.12/scripts/checkpatch.pl \
    linux-source-6.12/scripts/spelling.txt linux-source-6.12/scripts/const_structs.checkpatch \
    linux-source-6.12/scripts/spdxcheck.py linux-source-6.12/LICENSES >&2
  touch "$stamp"
fi
echo "$dest"
