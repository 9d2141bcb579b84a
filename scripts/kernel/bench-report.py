#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Table and chart of `make bench-kernel` from the boot logs of the benchmark kernels.

Each log is build/bench-kernel/round-<r>-<impl>.log; each measurement line reads
`rzstd_bench: shape=S level=L api=c|rust dir=c|d bytes=B ns=N csize=C` (N: the fastest of
the module's passes over the input). Sides: "C" is the
stock kernel (impl c) through <linux/zstd.h>; "Rust" is our kernel through the same C API;
"Rust API" is our kernel through the zstd_kernel crate directly. A ratio is taken per round
(both kernels booted back to back) and the table gives the median and the spread (min-max)
of those per-round ratios, beside the median speeds. Writes table.md and chart.png.
"""
import argparse
import datetime
import os
import re
import statistics
import sys

LINE = re.compile(r"rzstd_bench: shape=(\S+) level=(\d+) api=(\w+) dir=(\w) bytes=(\d+) "
                  r"ns=(\d+) csize=(\d+)")
NAME = re.compile(r"round-(\d+)-([\w-]+)\.log$")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--commit", default="unknown")
    ap.add_argument("--slice", type=int, default=0)
    ap.add_argument("--smoke", default="0")
    ap.add_argument("logs", nargs="+")
    a = ap.parse_args()

    # data[(shape, level, dir)][side][round] = (MB/s, csize)
    data, order, rounds = {}, [], set()
    for path in a.logs:
        m = NAME.search(path)
        if not m:
            continue
        rnd, impl = int(m.group(1)), m.group(2)
        rounds.add(rnd)
        with open(path, errors="replace") as f:
            for line in f:
                x = LINE.search(line)
                if not x:
                    continue
                shape, level, api, d, b, ns, cs = x.groups()
                side = "C" if impl == "c" else ("Rust" if api == "c" else "Rust API")
                key = (shape, int(level), d)
                if key not in data:
                    data[key] = {}
                    order.append(key)
                data[key].setdefault(side, {})[rnd] = (int(b) / int(ns) * 1000.0, int(cs))
    if not data:
        sys.exit("bench-report: no measurements in the logs")

    def med(side_rounds):
        return statistics.median(v[0] for v in side_rounds.values())

    def ratio(row, side):
        """Per-round side/C speed ratios (same round only)."""
        c, s = row.get("C", {}), row.get(side, {})
        return [s[r][0] / c[r][0] for r in sorted(set(c) & set(s))]

    hdr = ("| shape | level | | C MB/s | Rust MB/s | Rust/C (spread) | Rust API MB/s | "
           "Rust API/C (spread) | size Rust/C |")
    lines = [hdr, "|" + " --- |" * 9]
    chart = []
    for key in order:
        shape, level, d = key
        row = data[key]
        cells = [shape, str(level), "compress" if d == "c" else "decompress"]
        for side in ("C", "Rust"):
            cells.append(f"{med(row[side]):.1f}" if side in row else "-")
        rs = ratio(row, "Rust")
        cells.append(f"{statistics.median(rs):.2f} ({min(rs):.2f}-{max(rs):.2f})" if rs else "-")
        cells.append(f"{med(row['Rust API']):.1f}" if "Rust API" in row else "-")
        ra = ratio(row, "Rust API")
        cells.append(f"{statistics.median(ra):.2f} ({min(ra):.2f}-{max(ra):.2f})" if ra else "-")
        if d == "c" and "C" in row and "Rust" in row:
            common = sorted(set(row["C"]) & set(row["Rust"]))
            cells.append(f"{row['Rust'][common[0]][1] / row['C'][common[0]][1]:.4f}" if common else "-")
        else:
            cells.append("-")
        lines.append("| " + " | ".join(cells) + " |")
        if rs:
            chart.append((f"{shape} L{level} {'c' if d == 'c' else 'd'}", statistics.median(rs),
                          statistics.median(ra) if ra else None))
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    n = len(rounds)
    note = (f"{when}, commit {a.commit}, {n} round(s), input {a.slice // 1024} KiB of each of "
            f"linux-src.tar, x86-elf.bin, anon-mem.bin; MB/s of uncompressed data (each "
            f"measurement the module's fastest pass), medians; "
            f"ratios > 1: Rust faster")
    table = "\n".join(lines)
    print(table)
    print(note)
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "table.md"), "w") as f:
        f.write(table + "\n\n" + note + "\n")
    if chart:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        labels = [c[0] for c in chart]
        fig, ax = plt.subplots(figsize=(max(8, len(labels) * 0.55), 4.5))
        xs = range(len(labels))
        ax.bar([x - 0.2 for x in xs], [c[1] for c in chart], 0.4, label="Rust via <linux/zstd.h>")
        ax.bar([x + 0.2 for x in xs], [c[2] or 0 for c in chart], 0.4, label="Rust API (zstd_kernel)")
        ax.axhline(1.0, color="black", linewidth=1)
        ax.set_xticks(list(xs))
        ax.set_xticklabels(labels, rotation=60, ha="right", fontsize=8)
        ax.set_ylabel("speed / kernel C (median of per-round ratios)")
        ax.set_title(f"zstd in UML 6.12: ours / C lib/zstd ({when}, {a.commit})", fontsize=9)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(os.path.join(a.out, "chart.png"), dpi=110)
        print(f"chart: {os.path.join(a.out, 'chart.png')}")


if __name__ == "__main__":
    main()
