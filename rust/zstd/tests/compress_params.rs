// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Parameter selection and workspace bounds against the C library.

mod enc;

use enc::*;
use zstd_kernel::compress::params::{check_cparams, CONTENTSIZE_UNKNOWN};
use zstd_kernel::compress::{
    cctx_workspace_bound, cstream_workspace_bound, get_cparams, get_params, max_clevel, min_clevel,
};
use zstd_kernel::Error;

const SIZES: [u64; 20] = [
    0,
    1,
    63,
    64,
    100,
    513,
    1000,
    4096,
    16 << 10,
    (16 << 10) + 1,
    100_000,
    128 << 10,
    (128 << 10) + 1,
    200_000,
    256 << 10,
    (256 << 10) + 1,
    1 << 20,
    5_000_000,
    1 << 31,
    CONTENTSIZE_UNKNOWN,
];

fn levels() -> Vec<i32> {
    let mut v: Vec<i32> = (-20..=max_clevel() + 2).collect();
    v.extend([min_clevel(), min_clevel() - 5, -1000, -131071]);
    v
}

#[test]
fn cparams_equal_c_for_every_level_size_and_dictionary() {
    let mut n = 0;
    for level in levels() {
        for &src in &SIZES {
            for dict in [0usize, 100, 1000, 8 << 10, 100_000, 1 << 20] {
                assert_eq!(
                    get_cparams(level, src, dict),
                    c_cparams(level, src, dict),
                    "level {level} src {src} dict {dict}"
                );
                n += 1;
            }
            assert_eq!(
                get_params(level, src),
                c_params(level, src),
                "level {level} src {src}"
            );
        }
    }
    assert!(n > 1000);
}

#[test]
fn out_of_bound_parameters_are_errors() {
    let good = get_cparams(3, 0, 0);
    assert!(check_cparams(&good).is_ok());
    let bad = [
        (9u32, 16u32, 17u32, 1u32, 5u32, 0u32),
        (32, 16, 17, 1, 5, 0),
        (20, 5, 17, 1, 5, 0),
        (20, 31, 17, 1, 5, 0),
        (20, 16, 5, 1, 5, 0),
        (20, 16, 31, 1, 5, 0),
        (20, 16, 17, 0, 5, 0),
        (20, 16, 17, 31, 5, 0),
        (20, 16, 17, 1, 2, 0),
        (20, 16, 17, 1, 8, 0),
        (20, 16, 17, 1, 5, (1 << 17) + 1),
    ];
    for (w, c, h, s, m, t) in bad {
        let cp = zstd_kernel::params::CParams::new(w, c, h, s, m, t, good.strategy);
        assert_eq!(check_cparams(&cp), Err(Error::parameter_outOfBound));
        let mut ws = vec![0u8; 1 << 16];
        let mut cctx = zstd_kernel::compress::CCtx::new(&mut ws).unwrap();
        let p = zstd_kernel::params::Params {
            cparams: cp,
            fparams: Default::default(),
        };
        assert_eq!(
            cctx.compress(&mut [0u8; 64], b"abc", &p),
            Err(Error::parameter_outOfBound)
        );
    }
    assert!(zstd_kernel::compress::params::strategy_from_c(0).is_err());
    assert!(zstd_kernel::compress::params::strategy_from_c(10).is_err());
}

#[test]
fn workspace_bounds_are_not_larger_than_c() {
    println!("level | src size | CCtx ours | CCtx C | CStream ours | CStream C");
    let mut worse = Vec::new();
    for level in 1..=max_clevel() {
        for src in [4096u64, 128 << 10, CONTENTSIZE_UNKNOWN] {
            let cp = get_cparams(level, src, 0);
            let (c_cctx, c_cstream) = c_estimates(&cp);
            let (o_cctx, o_cstream) = (cctx_workspace_bound(&cp), cstream_workspace_bound(&cp));
            let s = if src == CONTENTSIZE_UNKNOWN {
                "unknown".to_string()
            } else {
                src.to_string()
            };
            println!(
                "{level:5} | {s:>8} | {o_cctx:9} | {c_cctx:9} | {o_cstream:12} | {c_cstream:9}"
            );
            if o_cctx > c_cctx || o_cstream > c_cstream {
                worse.push((level, s));
            }
        }
    }
    assert!(worse.is_empty(), "larger than C: {worse:?}");
}

/// Streams over the largest windows (log 30 and 31, which re-bases its indices a block at
/// a time) need no more workspace than C's either, at every level's other parameters.
#[test]
fn large_window_workspace_bounds_are_not_larger_than_c() {
    let mut worse = Vec::new();
    for level in 1..=max_clevel() {
        for window_log in [30, 31] {
            let mut cp = get_cparams(level, CONTENTSIZE_UNKNOWN, 0);
            cp.window_log = window_log;
            let (c_cctx, c_cstream) = c_estimates(&cp);
            let (o_cctx, o_cstream) = (cctx_workspace_bound(&cp), cstream_workspace_bound(&cp));
            if o_cctx > c_cctx || o_cstream > c_cstream {
                worse.push((level, window_log, o_cstream, c_cstream));
            }
        }
    }
    assert!(worse.is_empty(), "larger than C: {worse:?}");
}

mod never_panic {
    use proptest::prelude::*;
    use zstd_kernel::compress::params::adjust_cparams;
    use zstd_kernel::compress::{get_cparams, CDict};
    use zstd_kernel::params::{CParams, Strategy};

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]
        #[test]
        fn parameter_functions_take_any_input(level in any::<i32>(), src in any::<u64>(), dict in any::<usize>(),
                w in any::<u32>(), c in any::<u32>(), h in any::<u32>(), s in any::<u32>(), st in 1u32..=9) {
            let cp = get_cparams(level, src, dict);
            prop_assert!((10..=31).contains(&cp.window_log));
            let raw = CParams { window_log: w, chain_log: c, hash_log: h, search_log: s, min_match: 4, target_length: 0, strategy: Strategy::from_u32(st).unwrap() };
            let a = adjust_cparams(raw, src, dict as u64);
            prop_assert!(a.window_log <= w.max(10) && a.hash_log <= h && a.chain_log <= c);
        }

        #[test]
        fn corrupted_dictionaries_are_errors_not_panics(flips in proptest::collection::vec((8usize..1000, any::<u8>()), 1..6), cut in 0usize..1000) {
            let golden = super::shared().join("testdata/golden/golden-dictionaries/http-dict-missing-symbols");
            let mut d = std::fs::read(golden).unwrap();
            for (at, v) in flips {
                let n = d.len();
                d[at % n] ^= v;
            }
            d.truncate(cut.max(8));
            let cp = get_cparams(3, 4096, d.len());
            let mut ws = vec![0u8; CDict::workspace_bound(d.len(), &cp)];
            let r = CDict::new(&d, cp, &mut ws).map(|c| c.dict_id());
            prop_assert!(matches!(r, Ok(_) | Err(zstd_kernel::Error::dictionary_corrupted)), "{:?}", r);
        }
    }
}

#[test]
fn cdict_bounds_are_not_larger_than_c() {
    println!("level | dict | CDict ours | CDict C");
    for level in 1..=12 {
        for dict in [16usize << 10, 110 << 10] {
            let cp = get_cparams(level, 4096, dict);
            let ours = zstd_kernel::CDict::workspace_bound(dict, &cp);
            let c = c_cdict_estimate(dict, &cp);
            println!("{level:5} | {dict:6} | {ours:10} | {c:9}");
            assert!(ours <= c, "level {level} dict {dict}: {ours} > {c}");
        }
    }
}

#[test]
fn compress_bound_matches_c() {
    for n in [
        0usize,
        1,
        100,
        4096,
        128 << 10,
        (128 << 10) + 1,
        1 << 20,
        1 << 40,
        usize::MAX - 1,
        usize::MAX,
    ] {
        // SAFETY: plain value functions of libzstd.
        let c = unsafe {
            let c = zstd::zstd_safe::zstd_sys::ZSTD_compressBound(n);
            if zstd::zstd_safe::zstd_sys::ZSTD_isError(c) != 0 {
                0
            } else {
                c
            }
        };
        assert_eq!(zstd_kernel::compress_bound(n), c, "{n}");
    }
}
