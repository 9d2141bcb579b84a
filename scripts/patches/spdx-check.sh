#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Every tracked source file (Rust, C, headers, shell, Python, Makefiles, Kconfig, kernel.mk)
# carries an SPDX-License-Identifier on its first line (second after a shebang), in the
# comment style the kernel uses, and each identifier of the expression is one that
# Linux 6.12's LICENSES/ declares valid (what scripts/spdxcheck.py checks).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
k=$("$root/scripts/patches/kscripts.sh")
cd "$root"
valid=$(grep -rh '^Valid-License-Identifier:' "$k/LICENSES" | sed 's/^[^:]*: *//' | sort -u)
[ "$(echo "$valid" | grep -c .)" -gt 20 ] || { echo "spdx: no identifiers read from $k/LICENSES"; exit 1; }
status=0 n=0
while IFS= read -r f; do
  case "$f" in
    *.rs|*.c) style='// ';;
    *.h) style='/\* ';;
    *.sh|*.py|*.mk|Makefile|*/Makefile|Makefile.*|*/Makefile.*|Kconfig|*/Kconfig|Kconfig.*|*/Kconfig.*|.ci/run) style='# ';;
    *) continue;;
  esac
  n=$((n + 1))
  line=$(head -n 1 "$f")
  [[ $line == '#!'* ]] && line=$(sed -n 2p "$f")
  if ! [[ $line =~ ^${style}SPDX-License-Identifier:\ (.*)$ ]]; then
    echo "spdx: $f: first line is not '${style//\\/}SPDX-License-Identifier: ...'"; status=1; continue
  fi
  expr=${BASH_REMATCH[1]% \*/}
  for id in $(echo "$expr" | tr -d '()' | sed 's/ OR / /g; s/ AND / /g; s/ WITH [^ ]*//g'); do
    grep -qxF "$id" <<< "$valid" || { echo "spdx: $f: '$id' is not a kernel LICENSES/ identifier"; status=1; }
  done
done < <(git ls-files)
[ $n -gt 100 ] || { echo "spdx: only $n source files found"; status=1; }
[ $status = 0 ] && echo "spdx: $n source files, each with a valid SPDX line"
exit $status
