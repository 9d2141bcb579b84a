#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Stack frames of our Rust objects in the kernel build. CONFIG_FRAME_WARN only checks C, so
# this reads the prologues (`sub $N,%rsp`) of every function in rust/<crate>.o, warns when a
# frame exceeds the kernel's CONFIG_FRAME_WARN (2048 bytes) and fails above twice that.
source "$(dirname "$0")/env.sh"
limit=$(sed -n 's/^CONFIG_FRAME_WARN=//p' "$KDIR/.config"); limit=${limit:-2048}
# Only the objects this configuration links (rust/built-in.a), not stale ones of another.
# Which must be linked follows from IMPL (kernel/tree/rust/Makefile.rzstd); with
# RUST_STACK_ALL=1 (scripts/kernel/rust-check.sh) the two compiled zstd crates must exist.
case "${RUST_STACK_ALL:-0}:$IMPL" in
  1:*) expect=(zstd_kernel zstd_ffi) ;;
  0:rust-zstd) expect=(xxhash zstd_kernel zstd_ffi) ;;
  0:rust) expect=(xxhash xxhash_ffi) ;;
  *) expect=() ;;
esac
objs=()
linked=$(ar t "$KDIR/rust/built-in.a" 2>/dev/null | sed "s|.*/||" || true)
for o in xxhash xxhash_ffi zstd_kernel zstd_ffi; do
  [ "${RUST_STACK_ALL:-0}" = 1 ] || grep -qx "$o.o" <<< "$linked" || continue
  [ -f "$KDIR/rust/$o.o" ] && objs+=("$KDIR/rust/$o.o")
done
for o in "${expect[@]}"; do
  [[ " ${objs[*]} " == *"/rust/$o.o "* ]] || { echo "RZ: FAIL rust-stack rust/$o.o not linked/built (IMPL=$IMPL)"; exit 1; }
done
[ ${#objs[@]} -gt 0 ] || { echo "RZ: PASS rust-stack (IMPL=$IMPL: none of our Rust objects is linked)"; exit 0; }
frames=$(for o in "${objs[@]}"; do
  objdump -d --no-show-raw-insn "$o" | awk -v obj="$(basename "$o")" '
    /^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn) }
    /sub +\$0x[0-9a-f]+,%rsp/ { match($0, /\$0x[0-9a-f]+/); print substr($0, RSTART + 3, RLENGTH - 3), obj, fn }'
done | while read -r hex obj fn; do echo "$((16#$hex)) $obj $fn"; done | sort -rn -k1,1 | awk '!seen[$3]++')
[ -n "$frames" ] || { echo "RZ: FAIL rust-stack no stack frames found in ${objs[*]##*/}"; exit 1; }
# sed reads all of its input: `head` would exit early and, with pipefail, the writer's
# SIGPIPE would fail the script once the list outgrows the pipe buffer.
top=$(echo "$frames" | sed -n '1s/ .*//p'); top=${top:-0}
echo "$frames" | sed -n '1,5s/^/  frame /p'
# Like CONFIG_FRAME_WARN for C, a frame above the limit is a warning; twice the limit fails.
if [ "$top" -le "$limit" ]; then echo "RZ: PASS rust-stack largest frame $top bytes (limit $limit) in ${#objs[@]} objects"
elif [ "$top" -le $((2 * limit)) ]; then
  echo "RZ: PASS rust-stack WARNING: largest frame $top bytes > FRAME_WARN $limit ($(echo "$frames" | awk -v l="$limit" '$1 > l' | wc -l) functions)"
else echo "RZ: FAIL rust-stack largest frame $top bytes > 2 x $limit"; exit 1; fi
