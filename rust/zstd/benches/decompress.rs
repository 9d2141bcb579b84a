// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Decompression speed, ours beside C libzstd in one run, on the project corpus
//! (../shared/corpus, unpacked to build/corpus) compressed by C at levels 1, 3, 19.
//! Prints a closing table of throughput ratios ours / C (higher is better).

use criterion::{criterion_group, Criterion, Throughput};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use zstd_kernel::{dctx_workspace_bound, DCtx};

const LEVELS: [i32; 3] = [1, 3, 19];
const FILES: [&str; 3] = ["linux-src.tar", "x86-elf.bin", "anon-mem.bin"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The unpacked corpus file and its compressed forms (cached in build/corpus).
fn load(name: &str, level: i32) -> (Vec<u8>, Vec<u8>) {
    let dir = root().join("build/corpus");
    std::fs::create_dir_all(&dir).unwrap();
    let raw = dir.join(name);
    if !raw.exists() {
        let xz = root().join("../shared/corpus").join(format!("{name}.xz"));
        let out = std::process::Command::new("xz")
            .arg("-dc")
            .arg(&xz)
            .output()
            .expect("xz");
        assert!(out.status.success(), "xz -dc {xz:?}");
        std::fs::write(&raw, &out.stdout).unwrap();
    }
    let data = std::fs::read(&raw).unwrap();
    let zpath = dir.join(format!("{name}.{level}.zst"));
    let z = match std::fs::read(&zpath) {
        Ok(z) => z,
        Err(_) => {
            let z = zstd::bulk::compress(&data, level).unwrap();
            std::fs::write(&zpath, &z).unwrap();
            z
        }
    };
    (data, z)
}

fn best_of<F: FnMut()>(mut f: F) -> Duration {
    let mut best = Duration::MAX;
    let start = Instant::now();
    let mut runs = 0;
    while runs < 3 || (start.elapsed() < Duration::from_secs(2) && runs < 20) {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
        runs += 1;
    }
    best
}

fn bench(c: &mut Criterion) {
    let mut ws = vec![0u8; dctx_workspace_bound()];
    let mut dctx = DCtx::new(&mut ws).unwrap();
    let mut cd = zstd::bulk::Decompressor::new().unwrap();
    let mut table = Vec::new();
    let only = std::env::var("KZ_BENCH_FILES").ok();
    for name in FILES {
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
        for level in LEVELS {
            let (data, z) = load(name, level);
            let mut dst = vec![0u8; data.len()];
            let n = dctx.decompress(&mut dst, &z).unwrap();
            assert!(
                n == data.len() && dst == data,
                "{name} level {level}: wrong output"
            );
            let mut g = c.benchmark_group(format!("decompress/{name}/{level}"));
            g.throughput(Throughput::Bytes(data.len() as u64));
            g.sample_size(10);
            g.measurement_time(Duration::from_secs(3));
            g.bench_function("ours", |b| {
                b.iter(|| dctx.decompress(&mut dst, &z).unwrap())
            });
            g.bench_function("c", |b| {
                b.iter(|| cd.decompress_to_buffer(&z, &mut dst).unwrap())
            });
            g.finish();
            let ours = best_of(|| {
                dctx.decompress(&mut dst, &z).unwrap();
            });
            let theirs = best_of(|| {
                cd.decompress_to_buffer(&z, &mut dst).unwrap();
            });
            let mbs = |d: Duration| data.len() as f64 / d.as_secs_f64() / 1e6;
            table.push((name, level, mbs(ours), mbs(theirs)));
        }
    }
    println!("\n| file | level | ours MB/s | C MB/s | ours / C |");
    println!("| --- | --- | --- | --- | --- |");
    for (name, level, o, t) in table {
        println!("| {name} | {level} | {o:.0} | {t:.0} | {:.2} |", o / t);
    }
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
