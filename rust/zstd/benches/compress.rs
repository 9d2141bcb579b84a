// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Compression speed and size per level (1, 3, 5, 9, 12) on 1 MiB of each corpus file
//! and on 4 KiB pages, ours beside C libzstd in one run. Prints ours/C ratios at the end
//! (speed >= 1.0: not slower; size <= 1.0: not larger).

use criterion::{black_box, Criterion, Throughput};
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};
use zstd_kernel::compress::{cctx_workspace_bound, compress_bound, get_params, CCtx};

const LEVELS: [i32; 5] = [1, 3, 5, 9, 12];
const FILES: [&str; 3] = ["linux-src.tar", "x86-elf.bin", "anon-mem.bin"];
const SLICE: usize = 1 << 20;

fn corpus(name: &str) -> Vec<u8> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = root.join("target/bench-corpus");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join(format!("{name}.head{SLICE}"));
    if !out.exists() {
        let xz = root.join("../shared/corpus").join(format!("{name}.xz"));
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!("xz -dc '{}' | head -c {SLICE}", xz.display()))
            .output()
            .expect("xz");
        std::fs::write(&out, &o.stdout).unwrap();
    }
    std::fs::read(out).unwrap()
}

/// Ours: one context reused, compressing `chunk`-sized pieces of `src`.
struct Ours {
    ws: Vec<u8>,
    dst: Vec<u8>,
    level: i32,
}

impl Ours {
    fn new(level: i32, chunk: usize) -> Self {
        let p = get_params(level, chunk as u64);
        Self {
            ws: vec![0u8; cctx_workspace_bound(&p.cparams)],
            dst: vec![0u8; compress_bound(chunk)],
            level,
        }
    }
    fn run(&mut self, src: &[u8], chunk: usize) -> usize {
        let mut cctx = CCtx::new(&mut self.ws).unwrap();
        let mut total = 0;
        for c in src.chunks(chunk) {
            let p = get_params(self.level, c.len() as u64);
            total += cctx.compress(&mut self.dst, c, &p).unwrap();
        }
        total
    }
}

struct TheirC {
    c: zstd::bulk::Compressor<'static>,
    dst: Vec<u8>,
}

impl TheirC {
    fn new(level: i32, chunk: usize) -> Self {
        Self {
            c: zstd::bulk::Compressor::new(level).unwrap(),
            dst: vec![0u8; compress_bound(chunk)],
        }
    }
    fn run(&mut self, src: &[u8], chunk: usize) -> usize {
        src.chunks(chunk)
            .map(|c| self.c.compress_to_buffer(c, &mut self.dst).unwrap())
            .sum()
    }
}

fn best_time(f: &mut dyn FnMut() -> usize) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let mut n = 0u32;
        while t.elapsed() < Duration::from_millis(100) {
            black_box(f());
            n += 1;
        }
        best = best.min(t.elapsed().as_secs_f64() / f64::from(n));
    }
    best
}

/// `ZSTD_BENCH_ONE=file:level:chunk[:c]` compresses that input once with ours (or C with
/// `:c`) and exits: a single run for `valgrind --tool=cachegrind` instruction counts.
fn one(spec: &str) {
    let f: Vec<&str> = spec.split(':').collect();
    let name = f[0];
    let level: i32 = f[1].parse().unwrap();
    let chunk: usize = f[2].parse().unwrap();
    let data = corpus(name);
    let n = if f.get(3) == Some(&"c") {
        TheirC::new(level, chunk).run(&data, chunk)
    } else {
        Ours::new(level, chunk).run(&data, chunk)
    };
    println!("{name} level {level} chunk {chunk}: {n} bytes");
}

fn main() {
    if let Ok(spec) = std::env::var("ZSTD_BENCH_ONE") {
        one(&spec);
        return;
    }
    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(300));
    let mut rows = Vec::new();
    for name in FILES {
        let data = corpus(name);
        for (chunk, what) in [(SLICE, "1MiB"), (4096, "4KiB-pages")] {
            for level in LEVELS {
                let mut ours = Ours::new(level, chunk);
                let mut theirs = TheirC::new(level, chunk);
                let mut g = c.benchmark_group(format!("compress/{name}/{what}/level{level}"));
                g.throughput(Throughput::Bytes(data.len() as u64));
                g.bench_function("ours", |b| b.iter(|| ours.run(black_box(&data), chunk)));
                g.bench_function("C", |b| b.iter(|| theirs.run(black_box(&data), chunk)));
                g.finish();
                let (so, sc) = (ours.run(&data, chunk), theirs.run(&data, chunk));
                let to = best_time(&mut || ours.run(&data, chunk));
                let tc = best_time(&mut || theirs.run(&data, chunk));
                let mbs = |t: f64| data.len() as f64 / 1e6 / t;
                rows.push((name, what, level, mbs(to), mbs(tc), so, sc));
            }
        }
    }
    c.final_summary();
    println!(
        "\nfile          | input      | level | ours MB/s | C MB/s | speed ours/C | size ours/C"
    );
    for (name, what, level, o, t, so, sc) in rows {
        println!(
            "{name:13} | {what:10} | {level:5} | {o:9.1} | {t:6.1} | {:12.3} | {:11.4}",
            o / t,
            so as f64 / sc as f64
        );
    }
}
