#!/bin/bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# make patches: the project as a git format-patch series against pristine Linux 6.12
# (Debian's linux-source-6.12) in build/patches/. The series is built in a small git
# repository holding only the kernel files it modifies (patch context and blob ids are the
# pristine ones), one commit per logical change; the files it adds are the ones
# scripts/kernel/overlay.sh lays over the tree, so the last patch gives the tree that
# `make run` builds and boots.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
tarball=/usr/src/linux-source-6.12.tar.xz
out=$root/build/patches
work=$root/build/patches-work
base_files=(MAINTAINERS lib/Kconfig lib/Kconfig.debug lib/Makefile rust/Makefile
            Documentation/core-api/index.rst)

[ -f "$tarball" ] || { echo "patches: $tarball missing (scripts/setup.sh installs linux-source-6.12)"; exit 1; }
base=$root/build/patches-base
if [ ! -f "$base/.extracted-2" ]; then
  rm -rf "$base"; mkdir -p "$base"
  tar -xJf "$tarball" -C "$base" --strip-components=1 "${base_files[@]/#/linux-source-6.12/}"
  touch "$base/.extracted-2"
fi

rm -rf "$work" "$out"; mkdir -p "$work" "$out"
cd "$work"
git init -q
author=$(git -C "$root" log -1 --format='%an <%ae>')
export GIT_AUTHOR_NAME=${author% <*} GIT_AUTHOR_EMAIL=${author##*<} GIT_COMMITTER_NAME=${author% <*}
GIT_AUTHOR_EMAIL=${GIT_AUTHOR_EMAIL%>}; export GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
export GIT_AUTHOR_DATE="2026-11-23T12:00:00Z" GIT_COMMITTER_DATE="2026-11-23T12:00:00Z"
for f in "${base_files[@]}"; do mkdir -p "$(dirname "$f")"; cp "$base/$f" "$f"; done
git add -A && git commit -q -m "Linux 6.12 (files the series modifies)" && git tag base

put() { # src dest
  mkdir -p "$(dirname "$2")"; cp "$1" "$2"
}
# The MAINTAINERS entry of the series, with the files added so far (F: lines sorted),
# so that every patch adding files also lists them.
maintained=()
maintain() { # paths...
  maintained+=("$@")
  python3 - "${maintained[@]}" <<'PY'
import sys
s = open('MAINTAINERS').read()
start = s.find('RUST ZSTD AND XXHASH\n')
if start >= 0:
    s = s[:start] + s[s.index('\n\n', start) + 2:]
entry = ('RUST ZSTD AND XXHASH\nL:\trust-for-linux@vger.kernel.org\nS:\tMaintained\n'
         + ''.join(f'F:\t{p}\n' for p in sorted(set(sys.argv[1:]))) + '\n')
at = s.index('\nRXRPC SOCKETS (AF_RXRPC)\n') + 1
open('MAINTAINERS', 'w').write(s[:at] + entry + s[at:])
PY
}
commit() { # subject; body on stdin
  git add -A
  { echo "$1"; echo; cat; } | git commit -q -F -
}

# 1. KUnit suites first: they test the C library as it is, then each implementation.
for f in Kconfig Makefile zstd_kunit.c xxhash_kunit.c .kunitconfig; do
  put "$root/kunit/$f" "lib/rzstd_kunit/$f"
done
printf '\nsource "lib/rzstd_kunit/Kconfig"\n' >> lib/Kconfig.debug
printf '\nobj-y += rzstd_kunit/\n' >> lib/Makefile
maintain lib/rzstd_kunit/
commit "lib: add KUnit suites for the zstd and xxhash APIs" <<'EOF'
The zstd and xxhash libraries have no KUnit coverage of the API that
their users call. Add two suites that exercise <linux/zstd.h> and
<linux/xxhash.h> the way btrfs, squashfs, zram and crypto use them:

- rzstd_zstd: round trips at levels -5 and 1..22, empty, concatenated
  and skippable frames, checksums, destinations that are too small,
  streaming with 1 to 13 byte buffers (flush, end, reset and reuse),
  streaming into one reused page and from scattered input pages,
  dictionaries and contexts through a counting kvmalloc allocator,
  workspace bounds, workspaces that are too small, and every truncation
  and single-bit flip of a frame.
- rzstd_xxhash: the published XXH32/XXH64 vectors, streaming in every
  split, state copies and NULL input.

Both suites only use the public API, so they pass on the current C
implementation and are used to check the Rust implementation added later in
this series.
EOF

# 2. xxhash in Rust.
for f in "$root"/rust/xxhash/src/*.rs; do put "$f" "rust/xxhash/src/$(basename "$f")"; done
put "$root/rust/zstd-ffi/kernel_xxhash.rs" rust/zstd-ffi/kernel_xxhash.rs
put "$root/rust/zstd-ffi/src/xxhash.rs" rust/zstd-ffi/src/xxhash.rs
put "$root/rust/zstd-ffi/src/raw.rs" rust/zstd-ffi/src/raw.rs
put "$root/kernel/tree/lib/xxhash_rust_exports.c" lib/xxhash_rust_exports.c
# Kconfig.rzstd and Makefile.rzstd up to their zstd part.
sed '/^config ZSTD_RUST/,$d' "$root/kernel/tree/lib/Kconfig.rzstd" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' |
  sed 's|^# Rust implementations of lib/xxhash and lib/zstd,|# Rust implementation of lib/xxhash,|; s|<linux/xxhash.h> and <linux/zstd.h> unchanged|<linux/xxhash.h> unchanged|' > lib/Kconfig.rzstd
sed '/^# rust\/zstd (crate zstd_kernel/,$d' "$root/kernel/tree/rust/Makefile.rzstd" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' > rust/Makefile.rzstd
printf '\nsource "lib/Kconfig.rzstd"\n' >> lib/Kconfig
printf '\ninclude $(srctree)/rust/Makefile.rzstd\n' >> rust/Makefile
sed -i 's|^obj-$(CONFIG_XXHASH)\t+= xxhash.o$|ifdef CONFIG_XXHASH_RUST\nobj-$(CONFIG_XXHASH) += xxhash_rust_exports.o\nelse\nobj-$(CONFIG_XXHASH) += xxhash.o\nendif|' lib/Makefile
grep -q xxhash_rust_exports lib/Makefile || { echo "patches: lib/Makefile xxhash line not found"; exit 1; }
maintain lib/Kconfig.rzstd lib/xxhash_rust_exports.c rust/Makefile.rzstd rust/xxhash/ rust/zstd-ffi/
commit "lib/xxhash: add a Rust implementation (CONFIG_XXHASH_RUST)" <<'EOF'
Add rust/xxhash, a no_std crate implementing XXH32 and XXH64 (one shot and
streaming) without unsafe code, and the ten functions of <linux/xxhash.h>
over it (rust/zstd-ffi/src/xxhash.rs, built as the crate xxhash_ffi). The
streaming states keep the layout of struct xxh32_state and struct
xxh64_state, so callers that embed them are unchanged.

With CONFIG_XXHASH_RUST=y (default when CONFIG_RUST and a built-in
CONFIG_XXHASH), lib/xxhash.c is not built; lib/xxhash_rust_exports.c
exports the functions to modules, as Rust code cannot export symbols.

Tested with the rzstd_xxhash KUnit suite, the crypto manager's xxhash64
self-tests and btrfs with --csum xxhash, built in and as modules.
EOF

# 3-4. The zstd codec crate: the format's common code and the decoder, then the encoder
# (both built by patch 5). Encoder files, and the module lines that name them:
encoder_re='^(compress/.*|fse/(encode|normalize|cost)\.rs|huf/encode\.rs|bits/writer\.rs)$'
zstd_files=$(cd "$root/rust/zstd/src" && find . -name '*.rs' | sed 's|^\./||' | sort)
for rel in $(grep -vE "$encoder_re" <<< "$zstd_files"); do
  put "$root/rust/zstd/src/$rel" "rust/zstd/src/$rel"
done
# lib.rs and the shared modules' mod.rs without the encoder's modules and re-exports.
python3 - rust/zstd/src <<'PY'
import re, sys
d = sys.argv[1]
def edit(rel, *subs):
    p = f'{d}/{rel}'
    s = open(p).read()
    for pat, rep in subs:
        s, n = re.subn(pat, rep, s, flags=re.S)
        if n == 0:
            sys.exit(f'patches: {rel}: no match for {pat!r}')
    open(p, 'w').write(s)
edit('lib.rs', (r'pub mod compress;\n', ''), (r'pub use compress::\{[^}]*\};\n', ''))
edit('fse/mod.rs', (r', and the\n//! encoder.s normalization, tables and cost estimates\.', '.'),
     (r'pub\(crate\) mod (cost|encode|normalize);\n', ''))
edit('huf/mod.rs', (r'pub\(crate\) mod encode;\n', ''))
edit('bits/mod.rs', (r', the writer for the encoder\.', '.'), (r'pub\(crate\) mod writer;\n', ''))
PY
maintain rust/zstd/
commit "rust: zstd: add the decoder" <<'EOF'
Add rust/zstd (crate zstd_kernel) with the zstd format (RFC 8878) and its
decoder: a no_std implementation without unsafe code and without
allocation. Every context lives in a caller-provided workspace sized by a
*_workspace_bound() function, as with the kernel's C API.

All frame, block, literals and sequences modes, dictionaries (raw and
with entropy tables), checksums, single shot (DCtx) and streaming (DStream,
with a window ring). The hot loops (sequences, Huffman streams) are
reached through one dispatch point, so a caller that checked the CPU can
run them compiled for BMI2, as lib/zstd selects its _bmi2 bodies.

Corrupted input returns the zstd error code and never panics; arithmetic
that may wrap is written with wrapping or checked operations, and the
crate is tested with overflow checks on: decodecorpus and zstd's golden
frames, differential fuzzing against libzstd, and every truncation and
bit flip of the KUnit suite's frames.

The crate is built by the patch that serves <linux/zstd.h> from it.
EOF

for rel in $(grep -E "$encoder_re" <<< "$zstd_files") lib.rs fse/mod.rs huf/mod.rs bits/mod.rs; do
  put "$root/rust/zstd/src/$rel" "rust/zstd/src/$rel"
done
commit "rust: zstd: add the encoder" <<'EOF'
Add compression to the zstd_kernel crate: every level from the negative
ones to 22 with zstd 1.5.2's parameter tables, its match finders (fast,
dfast, greedy, lazy, lazy2, the binary-tree finders and the optimal
parser of btopt, btultra and btultra2), Huffman literals, FSE sequences,
single shot (CCtx), streaming (CStream) and dictionaries (CDict). Like the
decoder, it allocates nothing and has no unsafe code; the workspace bounds
stay at or below lib/zstd's.

Every frame decodes with the C library; the project's tests compress its
corpus at every level and compare sizes and output with lib/zstd built
from this tree.
EOF

# 5. The C ABI over the crates, replacing lib/zstd.
for f in "$root"/rust/zstd-ffi/src/*.rs; do put "$f" "rust/zstd-ffi/src/$(basename "$f")"; done
put "$root/kernel/tree/lib/Kconfig.rzstd" lib/Kconfig.rzstd
put "$root/kernel/tree/rust/Makefile.rzstd" rust/Makefile.rzstd
put "$root/kernel/tree/lib/zstd_rust_exports.c" lib/zstd_rust_exports.c
sed -i 's|^obj-$(CONFIG_ZSTD_COMPRESS) += zstd/$|ifdef CONFIG_ZSTD_RUST\nobj-y += zstd_rust_exports.o\nelse\nobj-$(CONFIG_ZSTD_COMPRESS) += zstd/|; s|^obj-$(CONFIG_ZSTD_DECOMPRESS) += zstd/$|obj-$(CONFIG_ZSTD_DECOMPRESS) += zstd/\nendif|' lib/Makefile
grep -q zstd_rust_exports lib/Makefile || { echo "patches: lib/Makefile zstd lines not found"; exit 1; }
maintain lib/zstd_rust_exports.c
commit "lib/zstd: serve <linux/zstd.h> from Rust (CONFIG_ZSTD_RUST)" <<'EOF'
Add rust/zstd-ffi (crate zstd_ffi): the 37 zstd_* functions of
<linux/zstd.h> over the zstd_kernel crate, and the xxh* functions, with
Linux 6.12's types, layouts and error codes. All unsafe code of the
implementation is here, each block with a SAFETY comment: raw pointers
become slices once, at the boundary. A context is a tagged handle at the
start of the caller's workspace, so passing the wrong kind of context is an
error rather than a misread.

The behaviour is zstd 1.5.2's where users can observe it: parameter
selection, error codes, zstd_reset_dstream() returning the frame header
prefix size, and a streaming decoder that keeps the last byte of a frame
until its output is delivered (btrfs and squashfs treat "input consumed,
frame unfinished" as corruption).

With CONFIG_ZSTD_RUST=y, lib/zstd/ is not built and
lib/zstd_rust_exports.c exports the functions to modules. Users are
unchanged. The x86 preboot decompressor keeps its private C copy.

Tested in QEMU: the rzstd_zstd and rzstd_xxhash KUnit suites pass, a
zstd-compressed initramfs is decoded by the Rust decoder, and zram, btrfs
(compress-force=zstd:1/3/15), squashfs (levels 1/19/22) and the crypto
manager's zstd self-tests pass with data identical to the C build, built
in and with the users as modules.
EOF

# 6. Documentation.
put "$root/Documentation/core-api/rust-zstd.rst" Documentation/core-api/rust-zstd.rst
awk 'done == 0 && /^   errseq$/ { print; print "   rust-zstd"; done = 1; next } { print }' \
  Documentation/core-api/index.rst > index.rst.new && mv index.rst.new Documentation/core-api/index.rst
grep -q 'rust-zstd' Documentation/core-api/index.rst || { echo "patches: core-api/index.rst entry not added"; exit 1; }
maintain Documentation/core-api/rust-zstd.rst
commit "Documentation: core-api: describe the Rust zstd and xxhash" <<'EOF'
Describe the design of the Rust zstd and xxhash implementations (crates,
workspaces, where the unsafe code is, what follows zstd 1.5.2), their
Kconfig options and how to run their KUnit suites.
EOF

git format-patch -q --cover-letter --no-signature -o "$out" base..HEAD
cover=$(ls "$out"/0000-*.patch)
python3 - "$cover" "$root/scripts/patches/cover-letter.txt" <<'PY'
import sys
p, blurb = sys.argv[1], open(sys.argv[2]).read().split('\n', 1)
s = open(p).read()
s = s.replace('*** SUBJECT HERE ***', blurb[0]).replace('*** BLURB HERE ***', blurb[1].rstrip())
open(p, 'w').write(s)
PY
echo "patches: $(ls "$out"/*.patch | wc -l) files in build/patches (cover letter + $(git rev-list --count base..HEAD) patches)"
