// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The README's Rust usage example, compiled and run; `readme_shows_this_example` keeps the
//! README's copy identical to the body of `example`.

use zstd_kernel::compress::get_params;
use zstd_kernel::Error;
use zstd_kernel::{cctx_workspace_bound, compress_bound, dctx_workspace_bound, CCtx, DCtx};

#[test]
fn example() -> Result<(), Error> {
    let src = b"a kernel page, a kernel page, a kernel page";
    let params = get_params(3, src.len() as u64);
    let mut cws = vec![0u8; cctx_workspace_bound(&params.cparams)];
    let mut frame = vec![0u8; compress_bound(src.len())];
    let n = CCtx::new(&mut cws)?.compress(&mut frame, src, &params)?;

    let mut dws = vec![0u8; dctx_workspace_bound()];
    let mut out = [0u8; 64];
    let m = DCtx::new(&mut dws)?.decompress(&mut out, &frame[..n])?;
    assert_eq!(&out[..m], src);
    assert!(n < src.len(), "the repeated text must shrink: {n} bytes");
    Ok(())
}

/// Every line of the README's ```rust block must appear, in order, in this file.
#[test]
fn readme_shows_this_example() {
    let readme = include_str!("../../../README.md");
    let start = readme
        .find("```rust\n")
        .expect("README has a ```rust block")
        + 8;
    let len = readme[start..].find("```").expect("closed block");
    let mut here = include_str!("readme.rs");
    for line in readme[start..start + len].lines().filter(|l| !l.is_empty()) {
        let at = here
            .find(line.trim())
            .unwrap_or_else(|| panic!("README line not in tests/readme.rs: {line}"));
        here = &here[at + line.trim().len()..];
    }
}
