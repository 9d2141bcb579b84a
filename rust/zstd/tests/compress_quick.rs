use zstd_kernel::compress::{cctx_workspace_bound, compress_bound, get_params, CCtx};

fn roundtrip(src: &[u8], level: i32) -> usize {
    let mut p = get_params(level, src.len() as u64);
    p.fparams.checksum_flag = 1;
    let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
    let mut cctx = CCtx::new(&mut ws).unwrap();
    let mut dst = vec![0u8; compress_bound(src.len())];
    let n = cctx.compress(&mut dst, src, &p).unwrap();
    let back = zstd::bulk::decompress(&dst[..n], src.len() + 1).unwrap();
    assert_eq!(back, src, "level {level} len {}", src.len());
    n
}

#[test]
fn quick() {
    let text: Vec<u8> = (0..300_000u32)
        .flat_map(|i| format!("line {} of the test {}\n", i % 1000, i % 7).into_bytes())
        .collect();
    for level in [-5, -1, 1, 3, 5, 9, 12, 19, 22] {
        for len in [0usize, 1, 10, 100, 1000, 5000, 100_000, 300_000] {
            let n = roundtrip(&text[..len.min(text.len())], level);
            if len == 300_000 {
                let c = zstd::bulk::compress(&text[..len], level).unwrap().len();
                println!("level {level}: ours {n} C {c}");
            }
        }
    }
}
