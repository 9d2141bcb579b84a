// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Match-finder throughput per strategy on corpus slices, side by side with C's whole
//! compressor (match finding + entropy coding) at the same level.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use zstd_kernel::compress::matcher::{MatchState, Segments};
use zstd_kernel::compress::seq_store::SeqStore;
use zstd_kernel::compress::GENERIC;
use zstd_kernel::params::{CParams, Strategy};
use zstd_kernel::workspace::Carver;

/// zstd 1.5.6 `clevels.h` rows (sources over 256 KiB) for the levels benched.
const LEVELS: [(i32, CParams); 7] = [
    (1, cp(19, 13, 14, 1, 7, 0, Strategy::Fast)),
    (3, cp(21, 16, 17, 1, 5, 0, Strategy::Dfast)),
    (5, cp(21, 18, 19, 3, 5, 2, Strategy::Greedy)),
    (6, cp(21, 18, 19, 3, 5, 4, Strategy::Lazy)),
    (8, cp(21, 19, 20, 4, 5, 16, Strategy::Lazy2)),
    (12, cp(22, 22, 23, 6, 5, 32, Strategy::Lazy2)),
    (13, cp(22, 22, 22, 4, 5, 32, Strategy::Btlazy2)),
];

const fn cp(w: u32, c: u32, h: u32, s: u32, m: u32, t: u32, st: Strategy) -> CParams {
    CParams::new(w, c, h, s, m, t, st)
}

fn corpus(name: &str) -> Option<Vec<u8>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = root.join("target/corpus").join(name);
    if !out.exists() {
        std::fs::create_dir_all(root.join("target/corpus")).ok()?;
        let src = root.join("../shared/corpus").join(format!("{name}.xz"));
        let o = std::process::Command::new("xz")
            .arg("-dc")
            .arg(src)
            .output()
            .ok()?;
        std::fs::write(&out, o.stdout).ok()?;
    }
    std::fs::read(out).ok()
}

/// Runs the match finder over `data` in 128 KiB blocks; returns the sequence count.
fn find_all(ws: &mut [u8], p: &CParams, data: &[u8]) -> usize {
    let mut c = Carver::new(ws);
    let Some(mut ms) = MatchState::new(p, &mut c) else {
        return 0;
    };
    let Some(mut seqs) = SeqStore::new(&mut c) else {
        return 0;
    };
    let seg = Segments {
        ext: &[],
        ext_start: 0,
        cur: data,
        cur_start: 0,
        low_limit: 0,
        dict: false,
    };
    let mut rep = [1, 4, 8];
    let mut n = 0;
    for s in (0..data.len()).step_by(1 << 17) {
        let e = (s + (1 << 17)).min(data.len());
        seqs.reset();
        ms.compress_block(&seg, s as u32, e as u32, &mut rep, &mut seqs, None, GENERIC);
        n += seqs.len();
    }
    n
}

fn bench(c: &mut Criterion) {
    for name in ["linux-src.tar", "x86-elf.bin", "anon-mem.bin"] {
        let Some(all) = corpus(name) else { continue };
        let data = &all[all.len() / 3..all.len() / 3 + (4 << 20)];
        let mut g = c.benchmark_group(format!("match/{name}"));
        g.sample_size(10);
        g.measurement_time(std::time::Duration::from_secs(2));
        g.warm_up_time(std::time::Duration::from_millis(500));
        g.throughput(Throughput::Bytes(data.len() as u64));
        for (level, p) in LEVELS {
            let mut ws = vec![0u8; MatchState::workspace_size(&p) + SeqStore::workspace_size()];
            g.bench_with_input(BenchmarkId::new("rust-matcher", level), data, |b, d| {
                b.iter(|| find_all(&mut ws, &p, d))
            });
            g.bench_with_input(BenchmarkId::new("c-compress", level), data, |b, d| {
                b.iter(|| zstd::bulk::compress(d, level).map(|v| v.len()))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
