#!/usr/bin/env bash
# Installs what the kernel pipeline needs, only when it is missing (idempotent).
#   Debian packages: linux-source-6.12, Debian's Rust 1.96 (rustc-web + matching library source),
#   libclang for bindgen, the kernel build tools, QEMU, busybox and the filesystem tools.
#   bindgen-cli 0.69.5 from crates.io into build/tools (pinned; the kernel's bindgen contract).
set -euo pipefail
cd "$(dirname "$0")/../.."
export DEBIAN_FRONTEND=noninteractive

PKGS=(linux-source-6.12 rustc-web rust-web-src libclang-dev gcc make flex bison bc
      libelf-dev libssl-dev cpio busybox-static qemu-system-x86 btrfs-progs squashfs-tools
      zstd xz-utils python3)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

BINDGEN=build/tools/bin/bindgen
if ! { [ -x "$BINDGEN" ] && "$BINDGEN" --version | grep -q '0\.69\.5'; }; then
  echo "deps: installing bindgen-cli 0.69.5 into build/tools"
  cargo install --locked --root build/tools bindgen-cli --version 0.69.5
fi
