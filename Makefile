# Rust zstd/xxhash for Linux: top-level entry points.
#   make run    the main job (see README)
#   make test   everything the project can test
# Each target installs what it needs when it is missing (idempotent), so a fresh
# Debian 12 machine with rustup is enough.

SHELL := /bin/bash
CARGO ?= cargo
export CARGO_TERM_COLOR ?= never

.PHONY: run test deps rust-deps fmt clippy cargo-test build bench corpus-xxh64

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

test: rust-deps fmt clippy cargo-test kernel-test

include kernel.mk

rust-deps:
	@command -v cargo >/dev/null || { echo "cargo (rustup) is required"; exit 1; }
	@rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
	@rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
	@command -v xz >/dev/null || { apt-get update -qq && apt-get install -y -qq xz-utils; }

fmt:
	$(CARGO) fmt --all --check

clippy:
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings

# Tests run optimised with overflow checks on (the kernel's setting): the corpus is large.
cargo-test:
	$(CARGO) test --workspace --release --locked

bench:
	$(CARGO) bench --workspace --locked
