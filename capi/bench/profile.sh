#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Where the time goes, by function: perf's software clock (`perf record -e cpu-clock`, which
# needs no hardware counters, so it runs in VMs that have none) samples build/capi/kbench
# repeating one measurement (KBENCH_ONE, KBENCH_REPEAT). The binaries given run in turn, five
# times each, so a busy neighbour slows all of them alike; the table sums their samples (0.1
# ms each) per function. Samples include the setup of the input frames (the same for every
# binary of a side): compare functions, not totals across sides.
#   capi/bench/profile.sh SHAPE:LEVEL:c|d BIN[:kernel]...   (":kernel": the C side of BIN)
#   e.g. capi/bench/profile.sh zram:3:d build/capi/kbench build/capi/kbench:kernel
#   REPEAT=n (default 200) runs of the measurement a sample; TOP=n (default 20) rows
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
[ $# -ge 2 ] || { sed -n 3,12p "$0"; exit 2; }
command -v perf >/dev/null || { echo "profile.sh: needs perf (linux-perf)" >&2; exit 1; }
spec=$1; shift
files=(build/capi/kbench.dict build/corpus/linux-src.tar build/corpus/x86-elf.bin build/corpus/anon-mem.bin)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for round in 1 2 3 4 5; do
  for b in "$@"; do
    side=ours; bin=$b
    if [[ $b == *:kernel ]]; then side=kernel; bin=${b%:kernel}; fi
    tag=$(echo "$b" | tr '/:' '__')
    KBENCH_ONE=$spec:$side KBENCH_REPEAT=${REPEAT:-200} \
      perf record -q -e cpu-clock -F 10000 -o "$tmp/perf.data" "$bin" "${files[@]}" >/dev/null
    perf report -i "$tmp/perf.data" -n --no-children --sort symbol 2>/dev/null |
      awk '!/^#/ && NF >= 4 { print $2, $4 }' >> "$tmp/$tag"
  done
done
for b in "$@"; do
  tag=$(echo "$b" | tr '/:' '__')
  echo "== $b ($spec)"
  awk '{ s[$2] += $1; t += $1 } END { for (k in s) printf "%8d %s\n", s[k], k; printf "%8d TOTAL\n", t }' \
    "$tmp/$tag" | sort -rn | sed -n "1,${TOP:-20}p"
done
