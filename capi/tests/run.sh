#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# C tests of the C ABI (run by `make capi-test` after `make capi`):
#   test_*.c  our libkzstd.a alone;
#   diff_*.c  ours beside the kernel's own C lib/zstd + lib/xxhash (capi/kref/build.sh),
#             given the shared fixtures folder (../shared);
#   consumer_*.c  real kernel consumers, unchanged (lib/decompress_unzstd.c), built
#             against our headers with userspace stand-ins (capi/tests/consumer);
#   test_*.c  also against the kernel's C (names mapped by capi/kref/rename.h), which checks
#             that the tests expect exactly what Linux 6.12 does.
# Every test runs twice: plain -O2, then with -fsanitize=address,undefined (both the test
# and the reference C built instrumented; the Rust library is checked by its own tests).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cc=${CC:-gcc}
capi="$root/build/capi"
[ -f "$capi/libkzstd.a" ] || { echo "run 'make capi' first" >&2; exit 1; }
out="$capi/tests"
mkdir -p "$out"
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS=detect_leaks=1
fail=0
run() { # label binary [args]
  local label=$1 bin=$2; shift 2
  local t0=$SECONDS
  if "$bin" "$@" > "$bin.log" 2>&1; then
    [ $((SECONDS - t0)) -gt 5 ] && echo "[$label] $(basename "$bin"): $((SECONDS - t0)) s" 
    grep -v '^  ' "$bin.log" | sed "s/^/[$label] /"
  else
    echo "[$label] $(basename "$bin") FAILED:"; tail -n 40 "$bin.log"; fail=1
  fi
}
for mode in plain asan; do
  flags=(-std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-function)
  kflags=()
  if [ $mode = asan ]; then
    flags+=(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
    kflags=(-O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined)
  fi
  kref=$("$root/capi/kref/build.sh" "$mode" "${kflags[@]}")
  ksrc=$("$root/capi/kernel-src.sh")
  for t in "$root"/capi/tests/{test,diff,consumer}_*.c; do
    name=$(basename "$t" .c)
    libs=("$capi/libkzstd.a")
    inc=(-I "$capi/include")
    extra=()
    case $name in
      diff_*) libs=("$kref" "$capi/libkzstd.a");;
      consumer_*) libs=("$kref" "$capi/libkzstd.a")
        inc=(-I "$root/capi/tests/consumer" -I "$root/capi/kref/include" -I "$capi/include"
             -I "$ksrc/lib" -I "$ksrc/include" -I "$root/capi/tests")
        # Kernel code is built without -Wextra and with -fno-strict-overflow; its
        # `1 << ZSTD_WINDOWLOG_MAX` (31) is a signed shift overflow in ISO C.
        extra=(-Wno-sign-compare -fno-strict-overflow)
        [ $mode = asan ] && extra+=(-fno-sanitize=shift);;
    esac
    "$cc" "${flags[@]}" "${extra[@]}" "${inc[@]}" -o "$out/$name.$mode" "$t" "${libs[@]}" -lpthread -ldl -lm
    run "$mode" "$out/$name.$mode" "$root/../shared"
    if [ $mode = plain ] && [[ $name == test_* ]]; then
      "$cc" "${flags[@]}" -include "$root/capi/kref/rename.h" -I "$capi/include" \
        -o "$out/$name.kref" "$t" "$kref" -lpthread -ldl -lm
      run "kernel C" "$out/$name.kref"
    fi
  done
done
# The README's C example, as written there, compiled and run.
sed -n '/^```c$/,/^```$/{/^```/d;p}' "$root/README.md" > "$out/readme_example.c"
"$cc" -std=gnu11 -O2 -Wall -Wextra -Werror -I "$capi/include" -I "$out" -o "$out/readme_main" \
  "$root/capi/tests/readme_main.c" "$capi/libkzstd.a" -lpthread -ldl -lm
run plain "$out/readme_main"
exit $fail
