// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Shared helpers of the encoder tests: the corpus and the C reference.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;
use zstd::zstd_safe::zstd_sys;
use zstd_kernel::params::{CParams, Params, Strategy};

/// `../shared` seen from the repository root.
pub fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

/// The first `max` bytes of corpus file `name` (decompressed once into the target dir).
pub fn corpus(name: &str, max: usize) -> Vec<u8> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("corpus");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join(format!("{name}.head{max}"));
    if !out.exists() {
        let xz = shared().join("corpus").join(format!("{name}.xz"));
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!("xz -dc '{}' | head -c {max}", xz.display()))
            .output()
            .expect("xz");
        // Tests run in parallel threads (and binaries): each writes its own file.
        let tmp = out.with_extension(format!(
            "{}.{:?}.tmp",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::write(&tmp, &o.stdout).unwrap();
        std::fs::rename(&tmp, &out).unwrap();
    }
    std::fs::read(out).unwrap()
}

pub const CORPUS: [&str; 3] = ["linux-src.tar", "x86-elf.bin", "anon-mem.bin"];

pub fn strategy_c(s: Strategy) -> zstd_sys::ZSTD_strategy {
    use zstd_sys::ZSTD_strategy::*;
    match s {
        Strategy::Fast => ZSTD_fast,
        Strategy::Dfast => ZSTD_dfast,
        Strategy::Greedy => ZSTD_greedy,
        Strategy::Lazy => ZSTD_lazy,
        Strategy::Lazy2 => ZSTD_lazy2,
        Strategy::Btlazy2 => ZSTD_btlazy2,
        Strategy::Btopt => ZSTD_btopt,
        Strategy::Btultra => ZSTD_btultra,
        Strategy::Btultra2 => ZSTD_btultra2,
    }
}

pub fn to_c(cp: &CParams) -> zstd_sys::ZSTD_compressionParameters {
    zstd_sys::ZSTD_compressionParameters {
        windowLog: cp.window_log,
        chainLog: cp.chain_log,
        hashLog: cp.hash_log,
        searchLog: cp.search_log,
        minMatch: cp.min_match,
        targetLength: cp.target_length,
        strategy: strategy_c(cp.strategy),
    }
}

pub fn from_c(c: &zstd_sys::ZSTD_compressionParameters) -> CParams {
    CParams {
        window_log: c.windowLog,
        chain_log: c.chainLog,
        hash_log: c.hashLog,
        search_log: c.searchLog,
        min_match: c.minMatch,
        target_length: c.targetLength,
        strategy: Strategy::from_u32(c.strategy as u32).unwrap(),
    }
}

/// C's `ZSTD_getCParams`.
pub fn c_cparams(level: i32, src: u64, dict: usize) -> CParams {
    // SAFETY: plain value function of libzstd.
    from_c(&unsafe { zstd_sys::ZSTD_getCParams(level, src, dict) })
}

/// C's `ZSTD_getParams`.
pub fn c_params(level: i32, src: u64) -> Params {
    // SAFETY: plain value function of libzstd.
    let p = unsafe { zstd_sys::ZSTD_getParams(level, src, 0) };
    Params {
        cparams: from_c(&p.cParams),
        fparams: zstd_kernel::params::FrameParams {
            content_size_flag: p.fParams.contentSizeFlag,
            checksum_flag: p.fParams.checksumFlag,
            no_dict_id_flag: p.fParams.noDictIDFlag,
        },
    }
}

/// C's workspace estimates for a CCtx and a CStream with `cp`.
pub fn c_estimates(cp: &CParams) -> (usize, usize) {
    let c = to_c(cp);
    // SAFETY: plain value functions of libzstd.
    unsafe {
        (
            zstd_sys::ZSTD_estimateCCtxSize_usingCParams(c),
            zstd_sys::ZSTD_estimateCStreamSize_usingCParams(c),
        )
    }
}

/// Decompresses one frame with the C library.
pub fn c_decompress(frame: &[u8], cap: usize) -> Vec<u8> {
    zstd::bulk::decompress(frame, cap.max(1)).expect("C decoder rejected our frame")
}

/// Decompresses with the C library and a dictionary.
pub fn c_decompress_dict(frame: &[u8], cap: usize, dict: &[u8]) -> Vec<u8> {
    let mut d = zstd::bulk::Decompressor::with_dictionary(dict).unwrap();
    d.decompress(frame, cap.max(1))
        .expect("C decoder rejected our frame")
}

/// Decompresses one frame with our decoder (zstd-kernel `DCtx`).
pub fn our_decompress(frame: &[u8], cap: usize) -> Vec<u8> {
    let mut ws = vec![0u8; zstd_kernel::dctx_workspace_bound()];
    let mut d = zstd_kernel::DCtx::new(&mut ws).unwrap();
    let mut out = vec![0u8; cap + 1];
    let n = d
        .decompress(&mut out, frame)
        .expect("our decoder rejected our frame");
    out.truncate(n);
    out
}

/// Decompresses with our decoder and a dictionary.
pub fn our_decompress_dict(frame: &[u8], cap: usize, dict: &[u8]) -> Vec<u8> {
    let mut dws = vec![0u8; zstd_kernel::DDict::workspace_bound(dict.len())];
    let dd = zstd_kernel::DDict::new(dict, &mut dws).unwrap();
    let mut ws = vec![0u8; zstd_kernel::dctx_workspace_bound()];
    let mut d = zstd_kernel::DCtx::new(&mut ws).unwrap();
    let mut out = vec![0u8; cap + 1];
    let n = d
        .decompress_using_ddict(&mut out, frame, &dd)
        .expect("our decoder rejected our frame");
    out.truncate(n);
    out
}

/// C's estimate for a CDict made by reference.
pub fn c_cdict_estimate(dict_len: usize, cp: &CParams) -> usize {
    // SAFETY: plain value function of libzstd.
    unsafe {
        zstd_sys::ZSTD_estimateCDictSize_advanced(
            dict_len,
            to_c(cp),
            zstd_sys::ZSTD_dictLoadMethod_e::ZSTD_dlm_byRef,
        )
    }
}
