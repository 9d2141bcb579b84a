#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Shows that the kernel demo's checks fail when the kernel misbehaves (docs/kernel-demo.md,
# "Checks made to fail"): breaks the consumers of the debug tree (KCONF=debug) with every fault of
# scripts/kernel/fault-inject.py at once, runs the pipeline (build, images, boot, report),
# and requires the failure each fault must cause. The faults are reverted on exit; the tree
# then rebuilds the touched objects on its next run. Not part of make test (one more boot).
#   scripts/kernel/fault-demo.sh         all faults;  FAULTS="a b" to pick some
# Run it on the built debug tree after make kernel-test-debug (a copied tree rebuilds
# everything: objtool's paths are absolute).
export KCONF=${KCONF:-debug}
# fault -> a regular expression the report must match.
declare -A expect=(
  [btrfs-compress-fails]='^FAIL btrfs-concurrent-zstd[13] data not compressed'
  [f2fs-compress-fails]='^FAIL f2fs-zstd[13] nothing compressed'
  [zram-read-flips-byte]='^FAIL zram-zstd-[a-z0-9]+ hash mismatch'
  [squashfs-read-flips-byte]='^FAIL squashfs-zstd[0-9]+-[0-9]+[KM] hash mismatch'
  [zswap-compress-fails]='^FAIL zswap-zstd (zstd compression failed|too few pages)'
  [module-decompress-ignores-errors]='^FAIL module-decompress-zstd damaged'
  [kasan-oob]='BUG: (KASAN|KFENCE): [a-z-]*out-of-bounds'
  [zram-compress-might-sleep]='BUG: sleeping function called from invalid context'
)
read -r -a faults <<< "${FAULTS:-${!expect[*]}}"
# zram as swap (22) repeats what 20-zram catches, at the price of the longest scenario; zswap
# (25) only runs for its own fault.
skip=22; [[ " ${faults[*]} " == *" zswap-compress-fails "* ]] || skip=22,25
export GUEST_ENV="${GUEST_ENV:-RZ_SWAP_MIB=48 RZ_SWAP_LIMIT_MIB=16 RZ_SKIP=$skip}"
source "$(dirname "$0")/env.sh"
python3 "$ROOT/scripts/kernel/fault-inject.py" "$KDIR" "${faults[@]}"
trap 'python3 "$ROOT/scripts/kernel/fault-inject.py" "$KDIR" --revert >/dev/null' EXIT
out=$BUILD/fault-demo.log
rc=0
"$ROOT/scripts/kernel/run.sh" > "$out" 2>&1 || rc=$?
bad=0
[ $rc -ne 0 ] || { echo "FAIL fault-demo: run.sh passed with faults ${faults[*]}"; bad=1; }
grep -q '^FAIL consumers-identical' "$out" || { echo "FAIL fault-demo: consumer identity check passed"; bad=1; }
for f in "${faults[@]}"; do
  # A skipped scenario's "(no result line)" is no evidence.
  if hit=$(grep -ahE "${expect[$f]}" "$out" "$RUNDIR/console.log" | grep -v 'no result line' | head -1); then
    echo "caught $f: $hit"
  else
    echo "FAIL fault-demo: $f not caught (wanted /${expect[$f]}/)"; bad=1
  fi
done
cp "$RUNDIR/console.log" "$BUILD/fault-demo-console.log"
echo "run.sh exited $rc; full output $out, console $BUILD/fault-demo-console.log"
[ $bad -eq 0 ] && echo "FAULT DEMO: PASS (every fault caught)" || echo "FAULT DEMO: FAIL"
exit $bad
