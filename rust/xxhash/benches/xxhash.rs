// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! xxh32/xxh64 on a 4 KiB page and on 1 MiB, ours beside `xxhash-rust` in one run.
//! Prints ours/reference throughput ratios at the end (>= 1.0 means not slower).

use criterion::{black_box, Criterion, Throughput};
use std::time::{Duration, Instant};

fn data(len: usize) -> Vec<u8> {
    let mut x = 0x1234_5678_9abc_def0u64;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

fn time_of(f: &dyn Fn() -> u64) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let mut n = 0u32;
        while t.elapsed() < Duration::from_millis(60) {
            black_box(f());
            n += 1;
        }
        best = best.min(t.elapsed().as_secs_f64() / f64::from(n));
    }
    best
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let mut ratios = Vec::new();
    for len in [4096usize, 1 << 20] {
        let d = data(len);
        let mut g = c.benchmark_group(format!("xxhash/{len}"));
        g.throughput(Throughput::Bytes(len as u64));
        g.bench_function("ours/xxh32", |b| b.iter(|| xxhash::xxh32(black_box(&d), 0)));
        g.bench_function("ref/xxh32", |b| {
            b.iter(|| xxhash_rust::xxh32::xxh32(black_box(&d), 0))
        });
        g.bench_function("ours/xxh64", |b| b.iter(|| xxhash::xxh64(black_box(&d), 0)));
        g.bench_function("ref/xxh64", |b| {
            b.iter(|| xxhash_rust::xxh64::xxh64(black_box(&d), 0))
        });
        g.finish();
        let r32 = time_of(&|| u64::from(xxhash_rust::xxh32::xxh32(black_box(&d), 0)))
            / time_of(&|| u64::from(xxhash::xxh32(black_box(&d), 0)));
        let r64 = time_of(&|| xxhash_rust::xxh64::xxh64(black_box(&d), 0))
            / time_of(&|| xxhash::xxh64(black_box(&d), 0));
        ratios.push((len, r32, r64));
    }
    c.final_summary();
    println!("\nspeed ratio ours/reference (xxhash-rust), >= 1.0 is not slower:");
    println!("{:>10} {:>8} {:>8}", "input", "xxh32", "xxh64");
    for (len, r32, r64) in ratios {
        println!("{len:>10} {r32:>8.3} {r64:>8.3}");
    }
}
