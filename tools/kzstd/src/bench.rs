// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! `kzstd -b# [-e#] [-i#] FILE...`: ratio and speed per level, printed like `zstd -b`.

use crate::args::Cli;
use crate::codec::compress_frame;
use std::time::{Duration, Instant};

/// Which decoder measures decompression speed.
pub const DECODER: &str = "Rust decoder (zstd-kernel DCtx)";

/// Runs `f` repeatedly for at least `min` (and at least once); returns the best time.
fn best_time(min: Duration, mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    let mut best = Duration::MAX;
    loop {
        let t = Instant::now();
        f();
        best = best.min(t.elapsed());
        if start.elapsed() >= min {
            return best;
        }
    }
}

/// Benchmarks levels `-b#` to `-e#` on every input; false when one cannot be read.
pub fn run(o: &Cli) -> bool {
    let first = o.bench.unwrap_or(3);
    let last = o.bench_end.unwrap_or(first).max(first);
    if o.files.is_empty() {
        eprintln!("kzstd: -b needs input files");
        return false;
    }
    println!(
        "kzstd bench: compression = Rust encoder (zstd-kernel), decompression = {DECODER}, \
         code: {}",
        crate::cpu::variant()
    );
    for f in &o.files {
        let src = match std::fs::read(f) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("kzstd: {f}: {e}");
                return false;
            }
        };
        let name = std::path::Path::new(f)
            .file_name()
            .map_or(f.clone(), |n| n.to_string_lossy().into_owned());
        for level in first..=last {
            let mut frame = Vec::new();
            let secs = o.bench_time.map_or(Duration::from_millis(1500), |s| {
                Duration::from_secs(s.into())
            });
            let ct = best_time(secs, || {
                frame = compress_frame(&src, level, !o.no_check).expect("compression failed");
            });
            let mut back = vec![0u8; src.len()];
            let mut dws = vec![0u8; zstd_kernel::dctx_workspace_bound()];
            let mut dctx = zstd_kernel::DCtx::new(&mut dws).expect("decoder workspace");
            dctx.set_dispatch(crate::cpu::decoder());
            let mut got = 0;
            let dt = best_time(secs, || {
                got = dctx
                    .decompress(&mut back, &frame)
                    .expect("our frame did not decode");
            });
            assert_eq!(got, src.len(), "decoded size");
            assert!(back == src, "round trip mismatch");
            let mbs = |d: Duration| src.len() as f64 / 1e6 / d.as_secs_f64().max(1e-9);
            println!(
                "{level:2}#{name:<20.20} :{:10} ->{:10} (x{:5.3}), {:7.1} MB/s, {:7.1} MB/s",
                src.len(),
                frame.len(),
                src.len() as f64 / frame.len().max(1) as f64,
                mbs(ct),
                mbs(dt)
            );
        }
    }
    true
}
