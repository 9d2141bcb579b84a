# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Kernel integration (issue 6): Linux 6.12 from Debian's linux-source-6.12 with our Rust
# zstd and xxhash in place of lib/zstd and lib/xxhash, booted in QEMU. See README.
#   make kernel-run     build (reusing build/linux), boot, scenarios, summary  (= make run)
#   make kernel-test    the same for KCONF=builtin and KCONF=debug plus the UML bench smoke,
#                       failing on any KUnit/scenario/stack/consumer-identity/health failure
#   make kernel-test-debug  KCONF=debug alone: the modules kernel + KASAN/KFENCE/UBSAN/
#                       SLUB_DEBUG_ON (LLVM), without the two swap scenarios
#   make kernel-test-modules  KCONF=modules alone: the modules kernel without the checkers
#   make kernel-build   only build;  make kernel-deps  only install what is missing
#   make kernel-rust-check  compile rust/zstd + the full rust/zstd-ffi with kernel flags
#   IMPL=rust-zstd      (default) our Rust crates serve <linux/zstd.h> and <linux/xxhash.h>
#   IMPL=rust           Rust xxhash, C lib/zstd;  IMPL=c  the stock C lib/xxhash + lib/zstd
.PHONY: kernel-deps kernel-build kernel-run kernel-test

kernel-deps:
	scripts/kernel/deps.sh

kernel-build:
	scripts/kernel/build.sh

# The main job: zstd and xxhash served by our Rust crates (IMPL=rust-zstd), built in.
kernel-run:
	scripts/kernel/run.sh

# Two configurations in make test: everything built in (-cpu max: the BMI2 paths), and the
# debug kernel: consumers, KUnit and module decompression as modules, with KASAN, KFENCE,
# UBSAN and SLUB_DEBUG_ON, built with LLVM, on qemu64 (the generic paths); it skips the two
# swap scenarios (5-11x slower under the checkers; the builtin kernel runs them). Then the
# UML benchmark smoke run. The plain modules kernel (the debug one without the checkers,
# with every scenario) is make kernel-test-modules. CI arithmetic: docs/kernel-demo.md.
.PHONY: kernel-test-debug kernel-test-modules
kernel-test:
	KCONF=builtin scripts/kernel/run.sh
	KCONF=debug scripts/kernel/run.sh
	SMOKE=1 scripts/kernel/bench-kernel.sh

kernel-test-debug:
	KCONF=debug scripts/kernel/run.sh

kernel-test-modules:
	KCONF=modules scripts/kernel/run.sh

# Compile the codec + full C ABI crates with the kernel's rustc flags (no linking) and check
# their stack frames: is the code on this branch ready for CONFIG_ZSTD_RUST?
.PHONY: kernel-rust-check
kernel-rust-check:
	scripts/kernel/deps.sh
	scripts/kernel/rust-check.sh

# zstd speed inside the kernel at native speed (issue 10): two User-Mode Linux kernels from
# one tree and config, stock C lib/zstd and ours, running the benchmark module
# (kernel/bench/) in alternating rounds; table on stdout, chart + table in build/bench-kernel/.
# Not a test. The smoke run (our UML kernel, short slices, one round, every round trip
# checked) is part of kernel-test.
.PHONY: bench-kernel bench-kernel-smoke
bench-kernel:
	scripts/kernel/bench-kernel.sh

bench-kernel-smoke:
	SMOKE=1 scripts/kernel/bench-kernel.sh
