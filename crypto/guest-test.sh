#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Guest scenario: the crypto API's zstd (crypto/zstd.c) and xxhash64 (crypto/xxhash_generic.c,
# over <linux/xxhash.h>) passed the crypto manager's self-tests at registration
# (testmgr's vectors). The host additionally rejects any "alg: ... failed" in the log.
. /scenarios/lib.sh
for alg in zstd xxhash64; do
  st=$(awk -v a=$alg '/^name/ {n=$3} /^driver/ {d=$3} /^selftest/ && n==a {print d ":" $3}' /proc/crypto)
  # Every driver registered under the name must have passed (not only one of them).
  if [ -n "$st" ] && ! echo "$st" | grep -qv ':passed$'; then rz_pass "crypto-$alg-selftest $(echo $st)"
  else rz_fail "crypto-$alg-selftest [$(echo ${st:-$alg not registered})]"; fi
done
