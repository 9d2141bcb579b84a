#!/bin/sh
# Guest scenario: the crypto API's zstd ("zstd-generic", crypto/zstd.c) passed the crypto
# manager's self-tests at registration (CONFIG_CRYPTO_MANAGER_EXTRA_TESTS also fuzzes it
# against the generic implementation). The host additionally rejects any "alg: ... failed".
. /scenarios/lib.sh
st=$(awk '/^name/ {n=$3} /^driver/ {d=$3} /^selftest/ && n=="zstd" {print d ":" $3}' /proc/crypto)
case "$st" in
  *zstd*:passed*) rz_pass "crypto-zstd-selftest $st" ;;
  *) rz_fail "crypto-zstd-selftest [${st:-zstd not registered}]" ;;
esac
