//! Decodes a `.zst` file N times with ours or C, for `perf stat` comparisons that stay
//! meaningful on a loaded machine (cycles and instructions count only while running).
//! Usage: decode_loop FILE.zst ours|c N

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(which), Some(n)) = (args.next(), args.next(), args.next()) else {
        eprintln!("usage: decode_loop FILE.zst ours|c N");
        std::process::exit(2);
    };
    let z = std::fs::read(&path).expect("read");
    let n: usize = n.parse().expect("N");
    let size = match zstd_kernel::get_frame_header(&z) {
        Ok(zstd_kernel::FrameHeaderProgress::Complete(h)) => h.frame_content_size as usize,
        _ => panic!("frame header"),
    };
    let mut dst = vec![0u8; size];
    let mut ws = vec![0u8; zstd_kernel::dctx_workspace_bound()];
    let mut dctx = zstd_kernel::DCtx::new(&mut ws).unwrap();
    let mut c = zstd::bulk::Decompressor::new().unwrap();
    for _ in 0..n {
        let got = if which == "c" {
            c.decompress_to_buffer(&z, &mut dst).unwrap()
        } else {
            dctx.decompress(&mut dst, &z).unwrap()
        };
        assert_eq!(got, size);
    }
}
