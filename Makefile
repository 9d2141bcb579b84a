# Rust zstd/xxhash for Linux: top-level entry points.
#   make run    the main job (see README)
#   make test   everything the project can test
# Each target installs what it needs when it is missing (idempotent), so a fresh
# Debian 12 machine with rustup is enough.

SHELL := /bin/bash
CARGO ?= cargo
export CARGO_TERM_COLOR ?= never

.PHONY: run test deps rust-deps fmt clippy cargo-test build bench fuzz fuzz-deps

build: rust-deps
	$(CARGO) build --release --locked

# The kernel scenario (boot Linux 6.12 with the Rust zstd in QEMU) is not built yet;
# until then `make run` builds kzstd and shows the xxhash checksum of the corpus.
run: build
	@echo "kzstd built at target/release/kzstd."
	@echo "The kernel demo (btrfs/squashfs/zram in QEMU) is not built yet: see README status."
	@set -e; mkdir -p build/corpus; for f in ../shared/corpus/*.xz; do \
	  out=build/corpus/$$(basename $$f .xz); [ -f $$out ] || xz -dc $$f > $$out; \
	  target/release/kzstd --xxh64 $$out; done

test: rust-deps fmt clippy cargo-test

rust-deps:
	@command -v cargo >/dev/null || { echo "cargo (rustup) is required"; exit 1; }
	@rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
	@rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
	@command -v xz >/dev/null || { apt-get update -qq && apt-get install -y -qq xz-utils; }
	@command -v zstd >/dev/null || { apt-get update -qq && apt-get install -y -qq zstd; }

fmt:
	$(CARGO) fmt --all --check

clippy:
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings

# Tests run optimised with overflow checks on (the kernel's setting): the corpus is large.
cargo-test:
	$(CARGO) test --workspace --release --locked

bench:
	$(CARGO) bench --workspace --locked

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
