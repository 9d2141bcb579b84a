#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The project's one set-up: checks that every external program (or file) a part of the
# pipeline uses is present, installs the Debian packages of the missing ones (idempotent;
# apt-get as root, or through sudo), checks again and stops with one line naming what is
# still missing. docs/setup.md lists the same table.
#   scripts/setup.sh GROUP...   GROUP: rust (cargo fmt/clippy/test), capi (make capi-test),
#                               kernel (make kernel-test / make run), rustup (cargo + rustup,
#                               installed from static.rust-lang.org when missing), all
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
# depmod, mkfs.btrfs, blockdev live in sbin, which a non-root PATH may lack; the kernel
# pipeline (scripts/kernel/env.sh) adds the same directories.
export PATH="$PATH:/usr/sbin:/sbin"

# probe:package. A probe is a command (found in PATH), an absolute path (must exist), or
# dpkg:NAME (the package itself must be installed, for packages that replace others).
# Essential packages (coreutils, sed, grep, tar, findutils, diffutils, mawk, dash, bash,
# util-linux) are checked too: a stripped image may lack them.
BASE=(bash:bash sh:dash env:coreutils sha256sum:coreutils head:coreutils timeout:coreutils
      truncate:coreutils sed:sed grep:grep awk:mawk find:findutils xargs:findutils
      cmp:diffutils diff:diffutils tar:tar make:make)
RUST=(cc:gcc ar:binutils xz:xz-utils zstd:zstd)
CAPI=(gcc:gcc ar:binutils xz:xz-utils tar:tar
      # -fsanitize=address,undefined (capi/tests/run.sh)
      /usr/lib/x86_64-linux-gnu/libasan.so.8:libasan8 /usr/lib/x86_64-linux-gnu/libubsan.so.1:libubsan1
      /usr/src/linux-source-6.12.tar.xz:linux-source-6.12)
KERNEL=(/usr/src/linux-source-6.12.tar.xz:linux-source-6.12
        # Debian's Rust for the kernel build (rustc-web replaces the older rustc package)
        dpkg:rustc-web /usr/bin/rustc:rustc-web /usr/bin/rustdoc:rustc-web
        /usr/lib/rustlib/src/rust/library/core/src/lib.rs:rust-web-src
        /usr/lib/llvm-14/lib/libclang.so:libclang-dev
        gcc:gcc ld:binutils objdump:binutils ar:binutils nm:binutils objcopy:binutils
        flex:flex bison:bison bc:bc perl:perl
        /usr/include/libelf.h:libelf-dev /usr/include/openssl/ssl.h:libssl-dev
        cpio:cpio depmod:kmod
        qemu-system-x86_64:qemu-system-x86 busybox:busybox-static
        mkfs.btrfs:btrfs-progs btrfs:btrfs-progs mksquashfs:squashfs-tools
        zstd:zstd xz:xz-utils python3:python3 du:coreutils uname:coreutils
        # f2fs images; static guest helpers (scripts/kernel/images.sh); the KCONF=debug
        # kernel (KASAN with Rust needs Clang: LLVM=-14)
        mkfs.f2fs:f2fs-tools /usr/lib/x86_64-linux-gnu/libc.a:libc6-dev
        clang-14:clang-14 ld.lld-14:lld-14 llvm-ar-14:llvm-14 llvm-objcopy-14:llvm-14)
RUSTUP=(curl:curl /etc/ssl/certs/ca-certificates.crt:ca-certificates)

groups=("$@"); [ ${#groups[@]} -gt 0 ] || groups=(all)
want=("${BASE[@]}")
rustup_wanted=0
for g in "${groups[@]}"; do
  case $g in
    rust) want+=("${RUST[@]}") ;;
    capi) want+=("${CAPI[@]}") ;;
    kernel) want+=("${KERNEL[@]}") ;;
    rustup) rustup_wanted=1 ;;
    all) want+=("${RUST[@]}" "${CAPI[@]}" "${KERNEL[@]}"); rustup_wanted=1 ;;
    *) echo "setup: unknown group '$g' (rust, capi, kernel, rustup, all)" >&2; exit 2 ;;
  esac
done

present() { # probe
  case $1 in
    dpkg:*) dpkg-query -W -f='${Status}' "${1#dpkg:}" 2>/dev/null | grep -q "install ok installed" ;;
    /*) [ -e "$1" ] ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
  esac
}
# Fills $missing ("probe (package)" words) and $pkgs (unique packages) from $@.
scan() {
  missing=(); pkgs=()
  local e probe pkg
  for e in "$@"; do
    probe=${e%:*}; pkg=${e##*:}
    present "$probe" && continue
    [[ " ${missing[*]} " == *" ${probe#dpkg:} ($pkg)"* ]] || missing+=("${probe#dpkg:} ($pkg)")
    [[ " ${pkgs[*]} " == *" $pkg "* ]] || pkgs+=("$pkg")
  done
}

apt_install() { # packages...
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo -n"
    else echo "setup: MISSING ${missing[*]}: run as root, or: apt-get install $*" >&2; exit 1; fi
  fi
  echo "setup: installing $* (for ${missing[*]})" >&2
  $sudo apt-get update -qq >&2
  $sudo apt-get install -y -qq --no-install-recommends "$@" > /dev/null
}

[ $rustup_wanted = 1 ] && ! command -v rustup >/dev/null && ! [ -x "$HOME/.cargo/bin/rustup" ] &&
  want+=("${RUSTUP[@]}")
scan "${want[@]}"
if [ ${#pkgs[@]} -gt 0 ]; then
  command -v apt-get >/dev/null || { echo "setup: MISSING ${missing[*]} (no apt-get: install them)" >&2; exit 1; }
  apt_install "${pkgs[@]}"
  scan "${want[@]}"
  [ ${#missing[@]} -eq 0 ] || { echo "setup: MISSING after apt-get install: ${missing[*]}" >&2; exit 1; }
fi

# Rust: rustup's cargo with the toolchain of rust-toolchain.toml; never Debian's cargo (older
# than the workspace's rust-version). rustup is installed when missing and reachable.
if [ $rustup_wanted = 1 ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
  if ! command -v rustup >/dev/null; then
    url=https://static.rust-lang.org/rustup/dist/x86_64-unknown-linux-gnu/rustup-init
    tmp=$(mktemp -d)
    if curl --proto '=https' --tlsv1.2 -sSf -o "$tmp/rustup-init" "$url"; then
      echo "setup: installing rustup into $HOME/.cargo (toolchain from rust-toolchain.toml)" >&2
      chmod +x "$tmp/rustup-init"
      # rustc-web puts a rustc in /usr/bin for the kernel build: expected, not a conflict.
      RUSTUP_INIT_SKIP_PATH_CHECK=yes "$tmp/rustup-init" -y -q --profile minimal --default-toolchain none --no-modify-path >&2
      rm -rf "$tmp"
    else
      rm -rf "$tmp"
      echo "setup: MISSING rustup (https://rustup.rs; $url unreachable): install rustup, then re-run" >&2
      exit 1
    fi
  fi
  # Installs the pinned toolchain and its components when missing (rustup >= 1.28 no longer
  # does this on `rustup show`).
  rustup toolchain install >/dev/null 2>&1 || rustup show active-toolchain >/dev/null
  for c in cargo rustfmt cargo-clippy; do
    [ "$(rustup which "$c" 2>/dev/null)" ] || { echo "setup: MISSING $c of the toolchain in rust-toolchain.toml (rustup component add ${c#cargo-})" >&2; exit 1; }
  done
  [ "$(command -v cargo)" = "$HOME/.cargo/bin/cargo" ] || [ "$(command -v cargo)" = "$(dirname "$(command -v rustup)")/cargo" ] ||
    { echo "setup: cargo on PATH ($(command -v cargo)) is not rustup's: put rustup's bin directory first" >&2; exit 1; }
fi
echo "setup: ${groups[*]}: all present" >&2
