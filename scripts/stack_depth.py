#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
"""Worst-case stack depth of each C ABI entry point, ours beside the kernel's C.

Reads the disassembly of a binary that links both (build/capi/kbench: our `zstd_*` and
the kernel's lib/zstd as `kref_zstd_*`, each built with the kernel's code generation
flags) and, from every entry point, walks the call graph adding up frames: the return
address, the pushes and the `sub $N,%rsp` of each function's prologue. Direct calls and
tail jumps are followed, and so are calls through a register loaded with a function's
address just before. The codec's one indirect call, its hot-loop dispatch (`Dispatch`:
the baseline runner or the FFI shim's BMI2 one), is followed to both runners of its
module. Panic paths (which end in a kernel oops anyway) are left out; recursion is
reported and counted once.

CONFIG_FRAME_WARN checks one frame at a time; a kernel stack (16 KiB on x86-64) holds
the whole chain, under whatever called the codec (btrfs writeback, zram under reclaim).
Fails when an entry point of ours goes deeper than `--budget` bytes (a quarter of the
kernel stack by default) and deeper than the kernel's C goes from the same entry point.
Calls through the caller's allocator (`zstd_custom_mem`) stay unresolved and uncounted.

Usage: stack_depth.py BINARY [--budget BYTES] [--path]
"""

import argparse
import re
import subprocess
import sys

ENTRIES = [
    "zstd_compress_cctx",
    "zstd_compress_using_cdict",
    "zstd_init_cctx",
    "zstd_create_cdict_byreference",
    "zstd_init_cstream",
    "zstd_reset_cstream",
    "zstd_compress_stream",
    "zstd_flush_stream",
    "zstd_end_stream",
    "zstd_decompress_dctx",
    "zstd_decompress_using_ddict",
    "zstd_init_dctx",
    "zstd_create_ddict_byreference",
    "zstd_init_dstream",
    "zstd_reset_dstream",
    "zstd_decompress_stream",
    "zstd_get_frame_header",
    "zstd_find_frame_compressed_size",
]

# Calls that only lead to a panic (an oops in the kernel) or sanitizer reports.
COLD = re.compile(r"panicking|rust_begin_unwind|panic_fmt|slice_index_fail|"
                  r"_printk|dump_stack|__ubsan|__asan|__kasan")
HEADER = re.compile(r"^([0-9a-f]+) <(.+)>:$")
DIRECT = re.compile(r"(call|j[a-z]+)\s+[0-9a-f]+ <([^>+]+)(\+0x[0-9a-f]+)?>")
THROUGH_REG = re.compile(r"(call|jmp)\w*\s+\*(%\w+)$")
LOAD_ADDR = (re.compile(r"movabs\s+\$0x([0-9a-f]+),(%\w+)"),
             re.compile(r"lea\s+\S*\(%rip\),(%\w+)\s+#\s+([0-9a-f]+)"))
WRITES_REG = re.compile(r",(%\w+)$")
SUB_RSP = re.compile(r"sub\s+\$0x([0-9a-f]+),%rsp")


def read_graph(binary):
    """Frame size, callees and indirect-call count of every function."""
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary],
                         capture_output=True, text=True, check=True).stdout
    frame, calls, indirect, at, sub = {}, {}, {}, {}, {}
    through = []  # (caller, address) of calls through a register holding an address
    fn, regs, prologue = None, {}, True
    for line in out.splitlines():
        m = HEADER.match(line)
        if m:
            fn = m.group(2)
            at[int(m.group(1), 16)] = fn
            frame[fn], calls[fn], indirect[fn], sub[fn] = 8, set(), 0, 0
            regs, prologue = {}, True
            continue
        if fn is None or "\t" not in line:
            continue
        ins = line.split("\t", 1)[1].strip()
        if ins.startswith("push") and prologue:
            frame[fn] += 8
        m = SUB_RSP.match(ins)
        if m and int(m.group(1), 16) < 1 << 31:
            # Pushes before the first adjustment save registers; the largest adjustment
            # counts (`sub $-0x80` is an addition, left out by the bound).
            sub[fn] = max(sub[fn], int(m.group(1), 16))
            prologue = False
        m = LOAD_ADDR[0].match(ins)
        if m:
            regs[m.group(2)] = int(m.group(1), 16)
        else:
            m = LOAD_ADDR[1].match(ins)
            if m:
                regs[m.group(1)] = int(m.group(2), 16)
            else:
                w = WRITES_REG.search(ins)
                if w:
                    regs.pop(w.group(1), None)
        m = DIRECT.match(ins)
        if m:
            if m.group(2) != fn:
                calls[fn].add(m.group(2))
            continue
        m = THROUGH_REG.match(ins)
        if m:
            if m.group(2) in regs:
                through.append((fn, regs[m.group(2)], m.group(1)))
            elif m.group(1) == "call":
                indirect[fn] += 1
    for caller, addr, kind in through:
        if addr in at:
            if at[addr] != caller:
                calls[caller].add(at[addr])
        elif kind == "call":
            indirect[caller] += 1
    # The codec's hot-loop dispatch: an indirect call in a compression (decompression)
    # function may run either runner of the compression (decompression) module.
    for f in calls:
        if not indirect[f] or "zstd_kernel" not in f:
            continue
        mod = "10decompress" if "10decompress" in f else "8compress" if "8compress" in f else None
        if mod is None:
            continue
        for g in frame:
            if mod + "3hot" in g and ("11run_generic" in g or "Hot8run_bmi2" in g):
                if not (mod == "8compress" and "10decompress" in g):
                    calls[f].add(g)
        indirect[f] = 0
    for f in frame:
        frame[f] += sub[f]
    return frame, calls, indirect


def demangle(name):
    """Last path component of a Rust v0 symbol, for the report."""
    if not name.startswith("_R"):
        return name
    parts = re.findall(r"\d+([A-Za-z_][A-Za-z0-9_]*)", name)
    return "::".join(parts[-2:]) if parts else name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--budget", type=int, default=4096)
    ap.add_argument("--path", action="store_true", help="print the deepest chain of each")
    args = ap.parse_args()
    try:
        frame, calls, indirect = read_graph(args.binary)
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"FAIL stack-depth: cannot disassemble {args.binary}: {e}")
        return 1
    memo, active, cycles = {}, set(), set()

    def depth(f):
        if f in memo:
            return memo[f]
        if f in active:
            cycles.add(f)
            return 0, []
        active.add(f)
        best = (0, [])
        for c in calls.get(f, ()):
            if not COLD.search(c):
                d = depth(c)
                if d[0] > best[0]:
                    best = d
        active.discard(f)
        own = frame.get(f, 8)
        memo[f] = (own + best[0], [(f, own)] + best[1])
        return memo[f]

    print(f"{'entry point':34} {'C':>6} {'ours':>6} {'ours-C':>7}  unresolved indirect calls")
    fail = 0
    for e in ENTRIES:
        ref = "kref_" + e
        if e not in frame or ref not in frame:
            print(f"{e:34} missing from {args.binary}")
            fail = 1
            continue
        (c, _), (o, path) = depth(ref), depth(e)
        unresolved = sum(indirect.get(f, 0) for f, _ in path)
        over = o > max(c, args.budget)
        fail |= over
        print(f"{e:34} {c:6d} {o:6d} {o - c:+7d}  {unresolved}{'  OVER' if over else ''}")
        if args.path or over:
            print("    " + " > ".join(f"{demangle(f)}:{n}" for f, n in path))
    if cycles:
        print("recursion (counted once): " + ", ".join(sorted(demangle(f) for f in cycles)))
    worst = max((depth(e)[0], e) for e in ENTRIES if e in frame)
    verdict = "PASS" if not fail else "FAIL"
    print(f"{verdict} stack-depth: deepest {worst[1]} {worst[0]} bytes "
          f"(limit: {args.budget} bytes or the kernel C's depth)")
    return fail


if __name__ == "__main__":
    sys.exit(main())
