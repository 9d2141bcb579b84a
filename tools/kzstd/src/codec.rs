// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! One-shot compression of a buffer into one frame (the benchmark's unit of work).

use zstd_kernel::compress::{cctx_workspace_bound, compress_bound, get_params, CCtx};

/// Compresses `src` into one frame at `level`, with or without a checksum.
pub fn compress_frame(src: &[u8], level: i32, checksum: bool) -> Result<Vec<u8>, String> {
    let mut p = get_params(level, src.len() as u64);
    p.fparams.checksum_flag = i32::from(checksum);
    let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
    let mut cctx = CCtx::new(&mut ws).map_err(|e| e.message().to_string())?;
    cctx.set_dispatch(crate::cpu::encoder());
    let mut dst = vec![0u8; compress_bound(src.len())];
    let n = cctx
        .compress(&mut dst, src, &p)
        .map_err(|e| e.message().to_string())?;
    dst.truncate(n);
    Ok(dst)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_decode_with_c() {
        let src: Vec<u8> = (0..100_000u32)
            .flat_map(|i| (i % 251).to_le_bytes())
            .collect();
        for level in [-2, 1, 3, 19] {
            let f = compress_frame(&src, level, true).unwrap();
            assert_eq!(zstd::bulk::decompress(&f, src.len()).unwrap(), src);
        }
    }
}
