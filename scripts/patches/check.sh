#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# make patches-check: the series in build/patches applied with git am to pristine Linux 6.12
# (build/patches-check, a git repository kept between runs: later runs reset it and rebuild
# only what changed), and after each patch:
#   - checkpatch.pl --strict --no-signoff: no error or warning other than the kinds the
#     cover letter explains (ALLOWED below);
#   - the objects the patch adds are built with CLIPPY=1 (the kernel's Rust lint set);
#     any error or warning fails (build/patches/clippy.log lists them);
#   - a patch that adds codec files (rust/zstd, built only from the C ABI patch on)
#     compiles on its own with clippy-driver and the same lints, warnings as errors;
# and after the last patch:
#   - make LLVM=-14 rustfmtcheck reports none of the series' files;
#   - every file the series adds or changes is identical to the tree that `make run`
#     builds and boots (build/linux, so make kernel-test must have run first).
# The tree is built with rustup's toolchain of rust-toolchain.toml (rustc, clippy-driver and
# rustfmt of one version; rust-src added when missing) and the demo's bindgen.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
patches=build/patches
tree=$root/build/patches-check
k=$(scripts/patches/kscripts.sh)
log() { echo "[patches-check] $*"; }
ls $patches/0001-*.patch >/dev/null 2>&1 || { log "no series: run make patches"; exit 1; }
# The tree make run builds (make kernel-test, which runs before this in make test, has
# built and booted it); overlay.sh only refreshes files that changed.
scripts/kernel/overlay.sh 2>/dev/null

# Toolchain: one rustup version for rustc, clippy-driver and rustfmt.
tc=$(sed -n 's/^channel = "\(.*\)"/\1/p' rust-toolchain.toml)
rustup component list --toolchain "$tc" --installed | grep -q '^rust-src' ||
  rustup component add rust-src --toolchain "$tc"
rustc=$(rustup which --toolchain "$tc" rustc)
[ -x build/tools/bin/bindgen ] || scripts/kernel/deps.sh
KMAKE=(make -C "$tree" -j2 RUSTC="$rustc" HOSTRUSTC="$rustc"
       RUSTDOC="$(rustup which --toolchain "$tc" rustdoc)"
       RUSTFMT="$(rustup which --toolchain "$tc" rustfmt)"
       CLIPPY_DRIVER="$(rustup which --toolchain "$tc" clippy-driver)"
       BINDGEN="$root/build/tools/bin/bindgen")

# The pristine tree, as a git repository (first run: about 2 minutes).
if [ ! -d "$tree/.git" ]; then
  rm -rf "$tree" "$tree.tmp"; mkdir -p "$tree.tmp"
  if [ -f build/linux-pristine/Makefile ]; then
    cp -a build/linux-pristine/. "$tree.tmp/"
  else
    tar -xJf /usr/src/linux-source-6.12.tar.xz -C "$tree.tmp" --strip-components=1
  fi
  # -f: Debian's top-level .gitignore ignores everything ("/*").
  (cd "$tree.tmp" && git init -q && git add -A -f &&
   git -c user.name=pristine -c user.email=pristine@localhost commit -q -m "Linux 6.12" &&
   git tag pristine)
  mv "$tree.tmp" "$tree"
fi
git -C "$tree" am --abort >/dev/null 2>&1 || true
# Files an earlier series added (build outputs stay, so rebuilds are incremental).
git -C "$tree" diff --name-only --diff-filter=A pristine HEAD | (cd "$tree" && xargs -r rm -f)
git -C "$tree" checkout -q --detach pristine
git -C "$tree" reset -q --hard pristine

# Configuration: the demo's options with both Rust implementations on; re-merged after
# each patch, as patches add Kconfig symbols.
frag=$tree/.patches-check.config
cat kernel/config.fragment kernel/impl-rust-zstd.fragment > "$frag"
configure() {
  [ -f "$tree/.config" ] || "${KMAKE[@]}" -s tinyconfig >/dev/null
  (cd "$tree" && scripts/kconfig/merge_config.sh -m -O "$tree" .config "$frag" >/dev/null)
  "${KMAKE[@]}" -s olddefconfig >/dev/null
}
configure
grep -q '^CONFIG_RUST=y' "$tree/.config" || { log "CONFIG_RUST did not survive (rust_is_available?)"; exit 1; }
log "preparing the tree (first run: a few minutes)"
"${KMAKE[@]}" -s prepare > build/patches/prepare.log 2>&1 || { tail -20 build/patches/prepare.log; exit 1; }

# The kernel's Rust lint set (rust_common_flags of Linux 6.12) for the standalone check;
# clippy reads the project's clippy.toml (msrv 1.88, private items checked as the tree's).
LINTS=(-Dwarnings -Dmissing_docs -Drust_2018_idioms -Dunreachable_pub -Dclippy::all
       -Dclippy::ignored_unit_patterns -Dclippy::mut_mut -Dclippy::needless_bitwise_bool
       -Dclippy::no_mangle_with_rust_abi -Dclippy::undocumented_unsafe_blocks
       -Dclippy::unnecessary_safety_comment -Dclippy::unnecessary_safety_doc)
standalone() { # the tree's rust/xxhash and rust/zstd as crates of their own
  local d=$tree/.rzstd-standalone drv
  drv=$(rustup which --toolchain "$tc" clippy-driver)
  rm -rf "$d"; mkdir -p "$d"
  CLIPPY_CONF_DIR=$root "$drv" --edition 2021 --crate-type rlib --emit=metadata \
    --crate-name xxhash "$tree/rust/xxhash/src/lib.rs" --out-dir "$d" "${LINTS[@]}" &&
  CLIPPY_CONF_DIR=$root "$drv" --edition 2021 --crate-type rlib --emit=metadata \
    --crate-name zstd_kernel --extern xxhash="$d/libxxhash.rmeta" \
    "$tree/rust/zstd/src/lib.rs" --out-dir "$d" "${LINTS[@]}"
}

# checkpatch kinds explained in the cover letter.
ALLOWED='CAMELCASE|EXPORT_SYMBOL|EMBEDDED_FILENAME|FILE_PATH_CHANGES'
status=0
: > $patches/clippy.log
for p in $patches/0*.patch; do
  case $p in */0000-cover-letter.patch) continue;; esac
  name=$(basename "$p")
  if ! git -C "$tree" -c user.name=check -c user.email=check@localhost am -q "$root/$p"; then
    log "FAIL $name: git am"; exit 1
  fi
  cp=$(perl "$k/scripts/checkpatch.pl" --strict --no-signoff --no-tree --terse --show-types "$p" 2>&1 || true)
  bad=$(echo "$cp" | grep -E ': (ERROR|WARNING):' | grep -vE "($ALLOWED):" || true)
  if [ -n "$bad" ]; then echo "$bad"; log "FAIL $name: checkpatch"; status=1; fi
  # Objects this patch adds.
  targets=(); alone=0
  files=$(git -C "$tree" diff --name-only HEAD~1 HEAD)
  while read -r f; do
    case $f in
      lib/*.c|lib/rzstd_kunit/*.c) targets+=("${f%.c}.o");;
      rust/xxhash/src/*) targets+=(rust/xxhash.o);;
      rust/zstd-ffi/kernel_xxhash.rs) targets+=(rust/xxhash_ffi.o);;
      rust/zstd-ffi/src/lib.rs) targets+=(rust/zstd_kernel.o rust/zstd_ffi.o);;
      rust/zstd/src/*) alone=1;;
    esac
  done <<< "$files"
  mapfile -t targets < <(printf '%s\n' "${targets[@]}" | sort -u | grep . || true)
  configure
  if [ ${#targets[@]} -gt 0 ]; then
    (cd "$tree" && rm -f "${targets[@]}")
    if "${KMAKE[@]}" CLIPPY=1 "${targets[@]}" > "$patches/build-$name.log" 2>&1; then
      { echo "== $name: ${targets[*]}"; grep -E "^warning" "$patches/build-$name.log" | sort | uniq -c | sort -rn || true; } >> $patches/clippy.log
      if grep -q '^warning' "$patches/build-$name.log"; then
        grep -E '^warning' -A6 "$patches/build-$name.log" | head -40
        log "FAIL $name: Rust lint warnings building ${targets[*]}"; status=1
      else
        log "ok   $name: checkpatch clean, built ${targets[*]} with CLIPPY=1, no warning"
      fi
    else
      grep -E '^error' -A8 "$patches/build-$name.log" | head -40
      log "FAIL $name: build of ${targets[*]}"; status=1
    fi
  elif [ $alone = 1 ]; then
    if standalone > "$patches/build-$name.log" 2>&1; then
      log "ok   $name: checkpatch clean, rust/zstd compiles on its own, lint clean"
    else
      grep -E '^(error|warning)' -A8 "$patches/build-$name.log" | head -40
      log "FAIL $name: rust/zstd on its own"; status=1
    fi
  else
    log "ok   $name: checkpatch clean, nothing to build"
  fi
done

# rustfmt with the kernel's own configuration.
fmt=$("${KMAKE[@]}" LLVM=-14 rustfmtcheck 2>&1 || true)
ours=$(echo "$fmt" | grep -E 'Diff in .*/rust/(xxhash|zstd|zstd-ffi)/' || true)
if [ -n "$ours" ]; then echo "$ours"; log "FAIL rustfmtcheck"; status=1; else log "ok   rustfmtcheck: none of the series' files"; fi

# The last patch gives the tree make run builds and boots.
diffs=0
while read -r f; do
  case $f in MAINTAINERS|Documentation/*|lib/rzstd_kunit/.kunitconfig) continue;; esac
  cmp -s "$tree/$f" "build/linux/$f" || { log "differs from build/linux: $f"; diffs=1; }
done < <(git -C "$tree" diff --name-only pristine HEAD)
# ... and the series carries every file the overlay lays over the tree.
series_files=$(git -C "$tree" diff --name-only pristine HEAD)
want=$( (cd kunit && ls -A | sed 's|^|lib/rzstd_kunit/|')
        (cd kernel/tree && find . -type f | sed 's|^\./||')
        ls rust/xxhash/src/*.rs rust/zstd-ffi/src/*.rs rust/zstd-ffi/kernel_xxhash.rs
        find rust/zstd/src -name '*.rs')
for f in $want; do
  grep -qxF "$f" <<< "$series_files" || { log "missing from the series: $f"; diffs=1; }
done
if [ $diffs = 0 ]; then log "ok   final tree: every file of the series as in build/linux (built and booted by make kernel-test)"; else status=1; fi
exit $status
