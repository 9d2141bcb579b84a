#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Turns the guest's console log into results: KUnit (KTAP, parsed by the kernel's own
# tools/testing/kunit/kunit.py), the scenario PASS/FAIL lines, the host-side btrfs restore
# check, and kernel health (no Oops/BUG/panic/WARNING, no "alg: ... failed").
# Prints a short summary (also build/kernel-run/summary.txt); exits 1 if anything failed.
source "$(dirname "$0")/env.sh"
D=$RUNDIR
LOG=${1:-$D/console.log}
# The guest's result lines, from their own serial port (boot.sh).
RES=${LOG%.log}.results
OUT=$D/summary.txt
mkdir -p "$D"
fail=0
{
  # A missing or empty log must fail here, not read as "no Oops found".
  [ -s "$LOG" ] || { echo "FAIL console log missing or empty: $LOG"; fail=1; }
  [ -s "$RES" ] || { echo "FAIL result lines missing or empty: $RES"; fail=1; }
  echo "== kernel demo: Linux $(make -s -C "$KDIR" kernelversion 2>/dev/null), IMPL=$IMPL, KCONF=$KCONF =="
  echo "xxhash served by: $(grep -q '^CONFIG_XXHASH_RUST=y' "$KDIR/.config" && echo 'Rust (rust/xxhash)' || echo 'C (lib/xxhash.c)')"
  echo "zstd served by:   $(grep -q '^CONFIG_ZSTD_RUST=y' "$KDIR/.config" && echo 'Rust (rust/zstd + rust/zstd-ffi)' || echo 'C (lib/zstd)')"
  # KUnit: each top-level KTAP document (the built-in run at boot, then one per loaded test
  # module) is parsed on its own by the kernel's kunit.py; empty ones ("1..0") are skipped.
  rm -f "$D"/ktap.*; : > "$D/kunit.txt"
  if [ -s "$LOG" ]; then awk -v out="$D/ktap" '/^KTAP version/ { n++ } n { print > (out "." n) }' "$LOG"; fi
  kfail=0; kruns=""
  for k in "$D"/ktap.*; do
    [ -e "$k" ] || continue
    sed -n 2p "$k" | tr -d '\r' | grep -qx '1\.\.0' && continue
    python3 "$KDIR/tools/testing/kunit/kunit.py" parse "$k" > "$k.txt" 2>&1 || kfail=1
    sed 's/\x1b\[[0-9;]*m//g' "$k.txt" >> "$D/kunit.txt"
    kruns="$kruns$(grep -o 'Ran [0-9]* tests: .*' "$D/kunit.txt" | tail -1); "
  done
  [ -n "$kruns" ] || { kfail=1; kruns="no KTAP output; "; }
  # Both suites must have run and passed (a KTAP document of another suite is not enough).
  for suite in rzstd_zstd rzstd_xxhash; do
    grep -qE "\[PASSED\] $suite( |$)" "$D/kunit.txt" || { kfail=1; kruns="$kruns$suite did not pass; "; }
  done
  if [ $kfail -eq 0 ]; then echo "PASS kunit: $kruns"
  else
    fail=1; echo "FAIL kunit: $kruns"
    grep -E "\[FAILED\]|EXPECTATION|ASSERTION|ERROR" "$D/kunit.txt" | head -20 || true
  fi
  # Scenarios (guest) + btrfs restore (host).
  "$ROOT/fs/btrfs/host-verify.sh" "$D" > "$D/host.txt" || echo "RZ: FAIL btrfs-host-verify exited $?" >> "$D/host.txt"
  results=$( (grep -a "^RZ: \(PASS\|FAIL\) " "$RES" 2>/dev/null || true; cat "$D/host.txt") | sed 's/^RZ: //; s/\r$//')
  echo "$results"
  # Scenarios the guest skipped on purpose (RZ_SKIP in GUEST_ENV: the debug kernel's swap
  # scenarios) have no results to expect; the guest logs each skip.
  skip=$(sed -n 's/.*RZ_SKIP=\([0-9,]*\).*/\1/p' <<< "$GUEST_ENV")
  skipped() { [[ ",$skip," == *",$1,"* ]] && grep -aq "scenario $1-.* skipped (RZ_SKIP)" "$RES"; }
  expected=()
  skipped 22 || expected+=(zram-swap-l3 zram-swap-l3-4procs zram-swap-l1-4procs zram-swap-dict)
  skipped 25 || expected+=(zswap-zstd)
  [ -z "$skip" ] || echo "skipped (RZ_SKIP=$skip): $(grep -a 'skipped (RZ_SKIP)' "$RES" | sed 's/.*scenario \([^ ]*\) skipped.*/\1/' | tr '\n' ' ')"
  for s in crypto-zstd-selftest crypto-xxhash64-selftest zram-zstd-default zram-zstd-l1 zram-zstd-l19 zram-zstd-dict \
           btrfs-zstd1 btrfs-zstd3 btrfs-zstd15 btrfs-restore-zstd1 btrfs-restore-zstd3 \
           btrfs-restore-zstd15 squashfs-zstd1-128K squashfs-zstd1-1M squashfs-zstd19-128K \
           squashfs-zstd19-1M squashfs-zstd22-128K squashfs-zstd22-1M squashfs-corrupt \
           "${expected[@]}" \
           btrfs-concurrent-zstd3 btrfs-concurrent-zstd1 btrfs-restore-zstdconc3 btrfs-restore-zstdconc1 \
           squashfs-concurrent-percpu-zstd19-128K squashfs-concurrent-percpu-zstd22-1M \
           squashfs-concurrent-multi-zstd19-128K \
           f2fs-zstd3 f2fs-zstd1 \
           $([ "$KCONF" != builtin ] && echo modules-loaded module-decompress-zstd); do
    grep -q "^\(PASS\|FAIL\) $s\b" <<< "$results" || { echo "FAIL $s (no result line)"; fail=1; }
  done
  grep -q "^FAIL" <<< "$results" && fail=1
  # Kernel health over the whole boot: oopses, BUG (KASAN, KFENCE, SLUB, "sleeping function
  # called from invalid context", lockdep's own limits), WARNING (lockdep reports), UBSAN,
  # SLUB consistency reports, hung tasks, RCU stalls, crypto self-test failures.
  bad=$(grep -aE "Oops|BUG:|BUG [a-z0-9_-]+ \(|kernel BUG|Kernel panic|general protection|Call Trace|WARNING:|UBSAN|KASAN|KFENCE|alg: .*failed|stack-protector|Unable to handle|sleeping function called|possible (recursive|circular) locking|inconsistent lock state|DEBUG_LOCKS_WARN_ON|lockdep is turned off|blocked for more than|detected stalls|Redzone overwritten|Poison overwritten|Object padding overwritten|Freepointer corrupt|slab-out-of-bounds|use-after-free" "$LOG" 2>/dev/null || true)
  if [ ! -s "$LOG" ]; then echo "FAIL kernel-health (no console log)"; fail=1
  elif [ -n "$bad" ]; then echo "FAIL kernel-health:"; echo "$bad" | head -10 || true; fail=1
  else echo "PASS kernel-health (no Oops/BUG/panic/WARNING/KASAN/KFENCE/UBSAN/SLUB/lockdep/atomic-sleep/hung-task report, no crypto self-test failure)"; fi
  # Deepest kernel stack of any task (CONFIG_DEBUG_STACK_USAGE; scripts/kernel/guest-stack.sh).
  # x86-64: THREAD_SIZE = 16 KiB, doubled by KASAN. Fails when less than 2 KiB stayed untouched.
  tsize=16384; grep -q '^CONFIG_KASAN=y' "$KDIR/.config" && tsize=32768
  st=$( (grep -a "^RZ: STACK min_free=" "$RES" 2>/dev/null || true) | tail -1 | tr -d "\r")
  if [ -z "$st" ]; then echo "FAIL deepest-stack (no RZ: STACK line)"; fail=1
  else
    free=$(sed 's/.*min_free=\([0-9]*\).*/\1/' <<< "$st"); who=$(sed 's/.*task=//' <<< "$st")
    line="deepest-stack $((tsize - free)) of $tsize bytes used ($free left) by $who"
    if [ "$free" -lt 2048 ]; then echo "FAIL $line"; fail=1; else echo "PASS $line"; fi
  fi
  # SMP for real: all four CPUs came up (the scenarios' concurrency depends on it).
  cpus=$( (grep -a "smp: Brought up" "$LOG" 2>/dev/null || true) | sed -n 's/.* \([0-9]*\) CPUs\?.*/\1/p' | tail -1)
  if [ "${cpus:-0}" -eq 4 ]; then echo "PASS smp 4 CPUs online"
  else echo "FAIL smp ${cpus:-no} CPU(s) online, 4 wanted"; fail=1; fi
  echo "qemu: -smp 4 (4 sockets) -cpu $(cat "$D/qemu.cpu" 2>/dev/null || echo '?')"

  grep -q "^RZ: all scenarios finished" "$RES" 2>/dev/null || { echo "FAIL guest did not finish"; fail=1; }
  echo "times: boot+scenarios $(cat "$D/boot.seconds" 2>/dev/null || echo ?) s (QEMU TCG);" \
       "$(grep -a '^RZ: scenario .* done in' "$RES" | sed 's/.*scenario \([^ ]*\) done in \(.*\) s/\1 \2s/' | tr '\n' ' ')"
  [ $fail -eq 0 ] && echo "RESULT: PASS" || echo "RESULT: FAIL"
} | tee "$OUT"
grep -q "^RESULT: PASS" "$OUT"
