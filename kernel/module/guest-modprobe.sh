#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# /sbin/modprobe of the guest for KCONF=modules (busybox's modprobe cannot load .ko.zst):
# resolves names and aliases through modules.dep / modules.alias and loads each module after
# its dependencies with /bin/rz-finit, i.e. finit_module(MODULE_INIT_COMPRESSED_FILE): the
# kernel decompresses the .ko.zst itself. Accepts what the kernel and our scripts pass:
#   modprobe [-q] [-a] [--] NAME...
M=/lib/modules/$(uname -r)
quiet=0; rc=0
norm() { echo "$1" | tr - _; }
path_of() { # module name -> path relative to $M (from modules.dep)
  awk -F: -v n="$1" '{ b = $1; sub(/.*\//, "", b); sub(/\.ko(\.[a-z]+)?$/, "", b); gsub(/-/, "_", b)
    if (b == n) { print $1; exit } }' $M/modules.dep
}
alias_of() { # alias -> module name(s) (modules.alias patterns are shell globs)
  while read -r _ pat mod; do
    case "$1" in $pat) echo "$mod" ;; esac
  done < $M/modules.alias
}
load_one() { # module name
  p=$(path_of "$(norm "$1")")
  [ -n "$p" ] || return 1
  deps=$(awk -F: -v p="$p" '$1 == p { print $2; exit }' $M/modules.dep)
  rev=""; for d in $deps; do rev="$d $rev"; done
  for d in $rev $p; do
    /bin/rz-finit "$M/$d" || return 1
  done
}
for a; do
  case "$a" in
    -q) quiet=1 ;;
    -a|--|-b) ;;
    -*) ;;
    *) n=$(norm "$a")
       grep -q "^$n " /proc/modules && continue
       if ! load_one "$n"; then
         found=0
         for m in $(alias_of "$a"); do load_one "$m" && found=1; done
         if [ $found -eq 0 ]; then
           [ $quiet -eq 1 ] || echo "modprobe: cannot load $a" >&2; rc=1
         fi
       fi ;;
  esac
done
exit $rc
