# Kernel integration (issue 6): Linux 6.12 from Debian's linux-source-6.12 with our Rust
# xxhash (and later zstd) in place of lib/xxhash (lib/zstd), booted in QEMU. See README.
#   make kernel-run     build (reusing build/linux), boot, scenarios, summary  (= make run)
#   make kernel-test    the same, failing on any KUnit/scenario/consumer-identity failure
#   make kernel-build   only build;  make kernel-deps  only install what is missing
#   IMPL=c              the same pipeline on the stock C lib/xxhash + lib/zstd
.PHONY: kernel-deps kernel-build kernel-run kernel-test

kernel-deps:
	scripts/kernel/deps.sh

kernel-build:
	scripts/kernel/build.sh

kernel-run:
	scripts/kernel/run.sh

kernel-test:
	scripts/kernel/run.sh

# Compile the codec + full C ABI crates with the kernel's rustc flags (no linking) and check
# their stack frames: is the code on this branch ready for CONFIG_ZSTD_RUST?
.PHONY: kernel-rust-check
kernel-rust-check:
	scripts/kernel/deps.sh
	scripts/kernel/rust-check.sh
