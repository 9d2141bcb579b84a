//! Compressed sizes against the C library at the same level (same parameters) on the
//! corpus: ours may be at most 3% larger.

mod enc;

use enc::*;
use zstd_kernel::compress::{cctx_workspace_bound, compress_bound, get_params, CCtx};

/// Bytes of each corpus file compressed (its beginning).
const SLICE: usize = 2 << 20;

#[test]
fn sizes_within_three_percent_of_c_levels_1_to_12() {
    println!("file           | level |   ours    |     C     | ours/C");
    let mut worst = 0f64;
    let mut fails = Vec::new();
    for name in CORPUS {
        let data = corpus(name, SLICE);
        for level in 1..=12 {
            let p = get_params(level, data.len() as u64);
            let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
            let mut cctx = CCtx::new(&mut ws).unwrap();
            let mut dst = vec![0u8; compress_bound(data.len())];
            let ours = cctx.compress(&mut dst, &data, &p).unwrap();
            assert_eq!(c_decompress(&dst[..ours], data.len()), data);
            let c = zstd::bulk::compress(&data, level).unwrap().len();
            let r = ours as f64 / c as f64;
            println!("{name:14} | {level:5} | {ours:9} | {c:9} | {r:.4}");
            worst = worst.max(r);
            if r > 1.03 {
                fails.push((name, level, r));
            }
        }
    }
    println!("worst ratio ours/C: {worst:.4}");
    assert!(fails.is_empty(), "more than 3% larger than C: {fails:?}");
}
