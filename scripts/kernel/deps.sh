#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Installs what the kernel pipeline needs, only when it is missing (idempotent):
#   Debian packages through scripts/setup.sh (linux-source-6.12, Debian's Rust 1.96
#   (rustc-web + matching library source), libclang for bindgen, the kernel build tools,
#   kmod (depmod), QEMU, busybox and the filesystem tools; list in docs/setup.md), which
#   stops with one line naming anything still missing;
#   bindgen-cli 0.69.5 from crates.io into build/tools (pinned; the kernel's bindgen contract).
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/setup.sh rustup kernel
export PATH="$HOME/.cargo/bin:$PATH"

BINDGEN=build/tools/bin/bindgen
if ! { [ -x "$BINDGEN" ] && "$BINDGEN" --version | grep -q '0\.69\.5'; }; then
  echo "deps: installing bindgen-cli 0.69.5 into build/tools"
  cargo install --locked --root build/tools bindgen-cli --version 0.69.5
fi
"$BINDGEN" --version | grep -q '0\.69\.5' || { echo "deps: MISSING bindgen 0.69.5 ($BINDGEN)" >&2; exit 1; }
