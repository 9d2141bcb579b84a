#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# kernel-doc of our <linux/zstd.h> and <linux/xxhash.h>: Linux 6.12's scripts/kernel-doc
# must report nothing with -Wall, and every function declared in a header must have a
# kernel-doc block (kernel-doc itself does not flag undocumented functions).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
k=$("$root/scripts/patches/kscripts.sh")
status=0
for h in "$root"/include/linux/zstd.h "$root"/include/linux/xxhash.h; do
  name=${h#"$root"/}
  warn=$(perl "$k/scripts/kernel-doc" -none -Wall "$h" 2>&1 | grep -v 'Sphinx version' || true)
  if [ -n "$warn" ]; then echo "$warn"; status=1; fi
  # Functions declared (prototypes and static inlines) vs functions documented.
  declared=$(grep -oE '^[a-z_A-Z][^(;#*]*[ *](zstd_[a-z_]+|xxh[a-z0-9_]*)\(' "$h" \
    | grep -oE '(zstd_[a-z_]+|xxh[a-z0-9_]*)\($' | tr -d '(' | sort -u)
  documented=$(perl "$k/scripts/kernel-doc" -rst "$h" 2>/dev/null \
    | sed -nE 's/^\.\. c:function:: .*[ *](zstd_[a-z_]+|xxh[a-z0-9_]*) \(.*/\1/p' | sort -u)
  n=$(echo "$declared" | grep -c . || true)
  missing=$(comm -23 <(echo "$declared") <(echo "$documented"))
  if [ "$n" -lt 10 ]; then
    echo "$name: only $n functions found (the check's parser is broken)"; status=1
  elif [ -n "$missing" ]; then
    echo "$name: functions without kernel-doc:" $missing; status=1
  else
    echo "kernel-doc: $name: $n functions documented, no warning"
  fi
done
exit $status
