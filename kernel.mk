# Kernel integration (issue 6): Linux 6.12 from Debian's linux-source-6.12 with our Rust
# xxhash (and later zstd) in place of lib/xxhash (lib/zstd), booted in QEMU. See README.
#   make kernel-run     build (reusing build/linux), boot, scenarios, summary  (= make run);
#                       then the same with zstd in Rust too (IMPL=rust-zstd, a preview)
#   make kernel-test    the same for both configurations (KCONF=builtin, KCONF=modules),
#                       failing on any KUnit/scenario/stack/consumer-identity failure
#   make kernel-build   only build;  make kernel-deps  only install what is missing
#   make kernel-rust-check  compile rust/zstd + the full rust/zstd-ffi with kernel flags
#   IMPL=c              the same pipeline on the stock C lib/xxhash + lib/zstd
#   IMPL=rust-zstd      Rust for zstd too (CONFIG_ZSTD_RUST; needs the complete codec + FFI)
.PHONY: kernel-deps kernel-build kernel-run kernel-test

kernel-deps:
	scripts/kernel/deps.sh

kernel-build:
	scripts/kernel/build.sh

# The main job: xxhash in Rust (must pass), then a preview of zstd in Rust too
# (IMPL=rust-zstd; reported, not failing the target while the codec is being finished).
kernel-run:
	IMPL=rust scripts/kernel/run.sh
	@echo; echo "=== preview: <linux/zstd.h> served by the Rust codec too (IMPL=rust-zstd) ==="
	-IMPL=rust-zstd scripts/kernel/run.sh

# Both configurations: everything built in, then consumers/KUnit as modules.
kernel-test:
	KCONF=builtin scripts/kernel/run.sh
	KCONF=modules scripts/kernel/run.sh

# Compile the codec + full C ABI crates with the kernel's rustc flags (no linking) and check
# their stack frames: is the code on this branch ready for CONFIG_ZSTD_RUST?
.PHONY: kernel-rust-check
kernel-rust-check:
	scripts/kernel/deps.sh
	scripts/kernel/rust-check.sh
