#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Configures build/linux: tinyconfig + kernel/config.fragment + kernel/impl-$IMPL.fragment
# (+ kernel/modules.fragment for KCONF=modules and debug, + kernel/debug.fragment for
# KCONF=debug), olddefconfig, then
# checks that every wanted option survived.
# Re-runs only when the fragments changed (stamp file), so rebuilds stay incremental.
source "$(dirname "$0")/env.sh"
frags=("$ROOT/kernel/config.fragment" "$ROOT/kernel/impl-$IMPL.fragment")
# The debug kernel is the modules kernel plus KASAN, KFENCE, UBSAN, SLUB_DEBUG_ON (LLVM).
[ "$KCONF" = modules ] && frags+=("$ROOT/kernel/modules.fragment")
[ "$KCONF" = debug ] && frags+=("$ROOT/kernel/modules.fragment" "$ROOT/kernel/debug.fragment")
want=$BUILD/kconfig-$KCONF.want
# Later fragments override earlier ones: keep the last line for each option.
cat "${frags[@]}" | awk '{ k = $0 }
  /^CONFIG_/ { split($0, a, "="); k = a[1] }
  /^# CONFIG_.* is not set/ { k = $2 }
  /^CONFIG_|^# CONFIG_.* is not set/ { if (!(k in pos)) order[n++] = k; pos[k] = $0; next }
  END { for (i = 0; i < n; i++) print pos[order[i]] }' > "$want.new"
[ -s "$want.new" ] || { log "config: no options in ${frags[*]}"; exit 1; }
if [ -f "$KDIR/.config" ] && [ -f "$want" ] && cmp -s "$want" "$want.new" && \
   [ "$KDIR/.config" -nt "$want" ]; then
  rm -f "$want.new"; log "config: up to date ($KCONF)"; exit 0
fi
mv "$want.new" "$want"
log "config: tinyconfig + ${frags[*]##*/}"
"${KMAKE[@]}" -s tinyconfig >/dev/null
(cd "$KDIR" && scripts/kconfig/merge_config.sh -m -O "$KDIR" .config "$want" >/dev/null)
"${KMAKE[@]}" -s olddefconfig >/dev/null
# Verify: "CONFIG_X=v" lines must be present verbatim, "# CONFIG_X is not set" must not be =y/m.
lost=0
while IFS= read -r line; do
  case "$line" in
    CONFIG_*=*) grep -qxF "$line" "$KDIR/.config" || { log "config LOST: $line (have: $(grep "^${line%%=*}=" "$KDIR/.config" || echo unset))"; lost=1; } ;;
    "# CONFIG_"*" is not set") opt=${line#\# }; opt=${opt%% *}
      ! grep -q "^$opt=[ym]" "$KDIR/.config" || { log "config LOST: $line"; lost=1; } ;;
  esac
done < "$want"
if [ $lost -ne 0 ]; then rm -f "$want"; exit 1; fi
touch "$KDIR/.config"
log "config: all $(grep -c '^CONFIG_' "$want") wanted options present"
