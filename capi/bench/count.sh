#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Instructions executed by each shape of `make capi-bench`, the kernel's C beside ours (both
# with kernel code generation flags): one run of build/capi/kbench per shape, direction and
# side under `valgrind --tool=callgrind --toggle-collect=kb_measured`, so only the measured
# compression or decompression of the 3 MiB input is counted (setup, input frames and checks
# are not). Repeatable on a loaded machine, unlike wall-clock time.
#   capi/bench/count.sh [SHAPE:LEVEL...]     (default: every shape of bench.c)
#   JOBS=n (default 2) valgrind runs at a time
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind; }
capi/bench/run.sh build
files=(build/corpus/linux-src.tar build/corpus/x86-elf.bin build/corpus/anon-mem.bin)
out=build/capi/count; mkdir -p $out
if [ $# -gt 0 ]; then shapes=("$@"); else
  shapes=($(sed -n 's/^\t{ "\([^"]*\)", \([A-Z]*\), .*, \([0-9]*\) },$/\1:\3:\2/p' capi/bench/bench.c))
fi
jobs=()
for s in "${shapes[@]}"; do
  name=${s%%:*}; rest=${s#*:}; level=${rest%%:*}; kind=${rest#*:}
  for dir in c d; do
    [ "$dir" = c ] && [ "$kind" = DECODE ] && continue
    for side in kernel ours; do jobs+=("$name:$level:$dir:$side"); done
  done
done
count() { # spec -> writes $out/spec.ir
  local f=$out/${1//:/_}
  [ -s $f.ir ] && [ $f.ir -nt build/capi/kbench ] && return 0 # counted with this binary
  KBENCH_ONE=$1 valgrind --tool=callgrind --toggle-collect=kb_measured \
    --callgrind-out-file=$f.cg build/capi/kbench build/capi/kbench.dict $FILES \
    > $f.log 2>&1 || { echo "FAILED: $1 (see $f.log)" >&2; return 1; }
  sed -n 's/^totals: \([0-9]*\).*/\1/p' $f.cg > $f.ir
  rm -f $f.cg
}
export -f count; export out; export FILES="${files[*]}"
printf '%s\n' "${jobs[@]}" | xargs -P "${JOBS:-2}" -I{} bash -c 'count {}'
ir() { cat "$out/${1//:/_}.ir" 2>/dev/null || echo 0; }
printf '%-14s %3s | %14s %14s %6s | %14s %14s %6s\n' shape lvl "c Ir kernel" "c Ir ours" \
  "C/ours" "d Ir kernel" "d Ir ours" "C/ours"
for s in "${shapes[@]}"; do
  name=${s%%:*}; rest=${s#*:}; level=${rest%%:*}
  ck=$(ir $name:$level:c:kernel); co=$(ir $name:$level:c:ours)
  dk=$(ir $name:$level:d:kernel); dO=$(ir $name:$level:d:ours)
  awk -v n=$name -v l=$level -v ck=$ck -v co=$co -v dk=$dk -v dO=$dO 'BEGIN {
    c = co > 0 ? sprintf("%6.2f", ck / co) : "     -"
    printf "%-14s %3d | %14s %14s %s | %14d %14d %6.2f\n", n, l, (ck > 0 ? ck : "-"),
      (co > 0 ? co : "-"), c, dk, dO, dk / dO }'
done
echo "instructions (callgrind Ir) of the measured calls on 3 MiB (the first 1 MiB of each file);"
echo "C/ours = kernel C's count / ours (1.0 = as few as C, higher is better)"
