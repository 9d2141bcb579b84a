#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# ABI identity check: our include/linux/{zstd,zstd_errors,xxhash}.h against the
# pristine Linux 6.12 headers. Compiles capi/abi/probe.c against each (with the
# userspace stand-ins of capi/userspace for <linux/types.h> and <linux/limits.h>)
# and requires identical output (sizes, alignments, offsets, enum and macro values),
# and identical prototypes for every function (gcc -aux-info).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cc=${CC:-gcc}
command -v "$cc" >/dev/null || { apt-get update -qq && apt-get install -y -qq gcc; }
ksrc=$("$root/capi/kernel-src.sh")
out="$root/build/capi/abi"
rm -rf "$out"; mkdir -p "$out/pristine/linux"
cp "$ksrc"/include/linux/{zstd.h,zstd_errors.h,zstd_lib.h,xxhash.h} "$out/pristine/linux/"

probe() { # name include-dir
  local name=$1 inc=$2
  "$cc" -std=gnu11 -Wall -Werror -I "$inc" -I "$root/capi/userspace" \
    -aux-info "$out/$name.protos.raw" -o "$out/probe-$name" "$root/capi/abi/probe.c"
  "$out/probe-$name" > "$out/$name.txt"
  # Prototypes of the API's functions, without file/line comments.
  grep -E '\b(zstd_[a-z_]+|xxh(32|64)[a-z_]*|ZSTD_getErrorCode|ZSTD_getErrorString) \(' \
    "$out/$name.protos.raw" | grep -v '/\* .*probe.c' | sed -E 's@^/\*[^*]*\*/ *@@' | sort -u > "$out/$name.protos"
}
probe ours "$root/include"
probe linux612 "$out/pristine"

status=0
# An empty probe or prototype list on both sides would compare equal: require the API's size
# (6.12: 37 zstd_* + 10 xxh* functions + ZSTD_getErrorCode/String; probe.c's lines).
min_probe=200 min_protos=49
if [ "$(wc -l < "$out/linux612.txt")" -lt $min_probe ]; then
  echo "ABI probe: only $(wc -l < "$out/linux612.txt") lines from the 6.12 headers (want >= $min_probe)"; status=1
fi
if diff -u "$out/linux612.txt" "$out/ours.txt"; then
  echo "ABI probe: $(wc -l < "$out/ours.txt") lines identical (types, offsets, enum and macro values)"
else
  echo "ABI probe: MISMATCH"; status=1
fi
# Every function of the 6.12 kernel API (zstd_*, xxh*) must be declared identically by us.
grep -E '\b(zstd_|xxh)' "$out/linux612.protos" > "$out/linux612.api.protos"
grep -E '\b(zstd_|xxh)' "$out/ours.protos" > "$out/ours.api.protos"
grep -E 'ZSTD_getError(Code|String)' "$out/linux612.protos" >> "$out/linux612.api.protos" || true
grep -E 'ZSTD_getError(Code|String)' "$out/ours.protos" >> "$out/ours.api.protos" || true
if [ "$(wc -l < "$out/linux612.api.protos")" -lt $min_protos ]; then
  echo "ABI prototypes: only $(wc -l < "$out/linux612.api.protos") found in the 6.12 headers (want >= $min_protos)"; status=1
fi
if diff -u "$out/linux612.api.protos" "$out/ours.api.protos"; then
  echo "ABI prototypes: $(wc -l < "$out/ours.api.protos") function prototypes identical"
else
  echo "ABI prototypes: MISMATCH"; status=1
fi
exit $status
