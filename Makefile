# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Rust zstd/xxhash for Linux: top-level entry points.
#   make run    the main job (see README)
#   make test   everything the project can test
# Each target installs what it needs when it is missing (scripts/setup.sh, idempotent), so
# a fresh Debian 12 machine is enough (see docs/setup.md).

SHELL := /bin/bash
# rustup's cargo (toolchain pinned by rust-toolchain.toml) comes first, also right after
# scripts/setup.sh installed rustup.
export PATH := $(HOME)/.cargo/bin:$(PATH)
CARGO ?= cargo
export CARGO_TERM_COLOR ?= never

.PHONY: run test deps rust-deps fmt clippy cargo-test build bench capi capi-deps capi-test capi-bench capi-sizes miri-ffi fuzz fuzz-deps corpus-xxh64

build: rust-deps
	$(CARGO) build --release --locked

# The main job: a Rust-enabled Linux 6.12 booted in QEMU, btrfs/squashfs/zram/crypto
# scenarios on real data, KUnit suites, consumer identity (kernel.mk, scripts/kernel/).
run: kernel-run

# The corpus' XXH64 through kzstd (the previous `make run`).
corpus-xxh64: build
	@set -e; mkdir -p build/corpus; for f in ../shared/corpus/*.xz; do \
	  out=build/corpus/$$(basename $$f .xz); [ -f $$out ] || xz -dc $$f > $$out; \
	  target/release/kzstd --xxh64 $$out; done

test: rust-deps fmt clippy cargo-test capi-test upstream-check kernel-test patches-check

include kernel.mk

rust-deps:
	@scripts/setup.sh rustup rust

fmt:
	$(CARGO) fmt --all --check

# The kernel's Rust lint set (Linux 6.12's rust_common_flags), as errors, on the crates
# the kernel builds.
KERNEL_LINTS := -Dmissing_docs -Drust_2018_idioms -Dunreachable_pub -Dclippy::all \
	-Aclippy::collapsible_if -Aclippy::collapsible_match -Dclippy::ignored_unit_patterns \
	-Dclippy::mut_mut -Dclippy::needless_bitwise_bool -Aclippy::needless_lifetimes \
	-Dclippy::no_mangle_with_rust_abi -Dclippy::undocumented_unsafe_blocks \
	-Aclippy::uninlined_format_args -Dclippy::unnecessary_safety_comment \
	-Dclippy::unnecessary_safety_doc -Aclippy::unwrap_or_default

clippy:
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings
	$(CARGO) clippy --locked -p xxhash -p zstd-kernel -p zstd-ffi --lib -- $(KERNEL_LINTS)

# Tests run optimised with overflow checks on (the kernel's setting): the corpus is large.
cargo-test:
	$(CARGO) test --workspace --release --locked

bench:
	$(CARGO) bench --workspace --locked

# C ABI (issue 5): build/capi/libkzstd.a + build/capi/include/ so that
#   cc -I build/capi/include prog.c build/capi/libkzstd.a -lpthread -ldl -lm
# builds a program against <linux/zstd.h> and <linux/xxhash.h>.
capi: rust-deps capi-deps
	$(CARGO) build --release --locked -p zstd-ffi
	@mkdir -p build/capi/include/linux
	cp include/linux/zstd.h include/linux/zstd_errors.h include/linux/xxhash.h build/capi/include/linux/
	cp capi/userspace/linux/types.h capi/userspace/linux/limits.h build/capi/include/linux/
	cp target/release/libzstd_ffi.a build/capi/libkzstd.a
	@echo "build/capi/libkzstd.a and build/capi/include/ ready"

capi-deps:
	@scripts/setup.sh capi

# The FFI crate builds with core only (as in the kernel), ABI identity with the pristine
# 6.12 headers, then the C tests (plain and ASan/UBSan),
# differential against the kernel's own C lib/zstd and lib/xxhash built in userspace.
capi-test: capi
	$(CARGO) rustc --release --locked -p zstd-ffi --no-default-features --lib --crate-type rlib
	capi/abi/check.sh
	capi/tests/run.sh
	SIZES_LEVELS=1-19 capi/bench/run.sh sizes
	scripts/stack_depth.py build/capi/kbench

# The FFI crate's unsafe code under Miri (nightly): Rust-side calls of every exported
# function, workspace placement, custom allocators. Not part of `make test` (slow).
miri-ffi:
	@rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
	@rustup component list --installed --toolchain nightly | grep -q '^miri' || rustup component add miri rust-src --toolchain nightly
	$(CARGO) +nightly miri test -p zstd-ffi --test ffi --lib

# Fuzzing the decoder (cargo-fuzz, nightly): each target runs FUZZ_SECONDS, seeded from
# the shared fixtures. Crashes land in fuzz/artifacts/<target>/.
FUZZ_SECONDS ?= 60
fuzz-deps: rust-deps
	@rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
	@command -v cargo-fuzz >/dev/null || $(CARGO) install --locked cargo-fuzz

fuzz: fuzz-deps
	@mkdir -p fuzz/corpus/decode fuzz/corpus/decode_dict
	@cp -n ../shared/testdata/decodecorpus/plain-small/*.zst ../shared/testdata/golden/golden-decompression*/*.zst fuzz/corpus/decode/
	@cp -n ../shared/testdata/decodecorpus/dict-a/*.zst fuzz/corpus/decode_dict/
	cd fuzz && $(CARGO) +nightly fuzz run decode -- -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096
	cd fuzz && $(CARGO) +nightly fuzz run decode_dict -- -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096
	@mkdir -p fuzz/corpus/decode_diff fuzz/corpus/compress_roundtrip
	@cp -n ../shared/testdata/decodecorpus/plain-small/*.zst ../shared/testdata/golden/golden-decompression*/*.zst fuzz/corpus/decode_diff/
	@cp -n ../shared/testdata/golden/golden-compression/* fuzz/corpus/compress_roundtrip/
	cd fuzz && $(CARGO) +nightly fuzz run decode_diff -- -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096 -max_len=65536
	cd fuzz && $(CARGO) +nightly fuzz run compress_roundtrip -- -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096 -max_len=300000

# Speed through the C ABI, ours beside the kernel's own C, both built with the kernel's code
# generation flags, in the shapes of zram, zswap, btrfs and squashfs (capi/bench/run.sh;
# instruction counts: capi/bench/count.sh). Not a test: prints a table (docs/performance.md).
capi-bench: rust-deps capi-deps
	capi/bench/run.sh

# Sizes against the kernel's C, levels 1-19; fails above C + SIZES_MAX_PCT (0.5) percent
# (capi-test runs it too). SIZES_BYTES=n: the first n bytes of each file, not 1 MiB.
capi-sizes: rust-deps capi-deps
	capi/bench/run.sh sizes

# Upstream form: SPDX lines in every source file (kernel LICENSES/ identifiers) and
# kernel-doc of include/linux/{zstd,xxhash}.h with Linux 6.12's own
# scripts/kernel-doc (every function documented, no warning).
.PHONY: upstream-check
upstream-check:
	scripts/patches/kdoc-check.sh
	scripts/patches/spdx-check.sh

# The project as a patch series against pristine Linux 6.12 (build/patches/), and its check:
# git am to a pristine tree, checkpatch --strict after each patch, the patch's objects built
# with CLIPPY=1, rustfmtcheck, and the last tree identical to the one make run boots.
.PHONY: patches patches-check
patches:
	scripts/patches/series.sh

patches-check: patches
	scripts/patches/check.sh

