#!/bin/bash
# C tests of the C ABI (run by `make capi-test` after `make capi`):
#   test_*.c  our libkzstd.a alone;
#   diff_*.c  ours beside the kernel's own C lib/zstd + lib/xxhash (capi/kref/build.sh),
#             given the shared fixtures folder (../shared);
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
  if "$bin" "$@" > "$bin.log" 2>&1; then
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
    kflags=(-fsanitize=address,undefined -fno-sanitize-recover=undefined)
  fi
  kref=$("$root/capi/kref/build.sh" "$mode" "${kflags[@]}")
  for t in "$root"/capi/tests/test_*.c "$root"/capi/tests/diff_*.c; do
    name=$(basename "$t" .c)
    libs=("$capi/libkzstd.a")
    case $name in diff_*) libs=("$kref" "$capi/libkzstd.a");; esac
    "$cc" "${flags[@]}" -I "$capi/include" -o "$out/$name.$mode" "$t" "${libs[@]}" -lpthread -ldl -lm
    run "$mode" "$out/$name.$mode" "$root/../shared"
    if [ $mode = plain ] && [[ $name == test_* ]]; then
      "$cc" "${flags[@]}" -include "$root/capi/kref/rename.h" -I "$capi/include" \
        -o "$out/$name.kref" "$t" "$kref" -lpthread -ldl -lm
      run "kernel C" "$out/$name.kref"
    fi
  done
done
exit $fail
