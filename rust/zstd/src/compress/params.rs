// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Parameter selection with the semantics of zstd 1.5.6 (`ZSTD_getCParams`,
//! `ZSTD_getParams`, `ZSTD_adjustCParams_internal`) and parameter validation.

use super::params_table::DEFAULT_CPARAMS;
use crate::error::Error;
use crate::params::{CParams, FrameParams, Params, Strategy};

/// Content size unknown (`ZSTD_CONTENTSIZE_UNKNOWN`).
pub const CONTENTSIZE_UNKNOWN: u64 = u64::MAX;

/// Largest window log (64-bit builds).
pub const WINDOWLOG_MAX: u32 = 31;
/// Smallest window log.
pub const WINDOWLOG_MIN: u32 = 10;

/// Default level (`ZSTD_CLEVEL_DEFAULT`).
pub const fn default_clevel() -> i32 {
    3
}
/// Strongest level.
pub const fn max_clevel() -> i32 {
    22
}
/// Fastest ("negative") level: `-(1 << 17)`.
pub const fn min_clevel() -> i32 {
    -(1 << 17)
}

/// Size class row of the default tables for a source of `rsize` bytes.
fn table_id(rsize: u64) -> usize {
    usize::from(rsize <= 256 << 10)
        + usize::from(rsize <= 128 << 10)
        + usize::from(rsize <= 16 << 10)
}

/// `floor(log2(v)) + 1` for `v >= 1`.
fn bits_for(v: u64) -> u32 {
    64 - v.leading_zeros()
}

/// Window log that covers a dictionary and a window (C's `ZSTD_dictAndWindowLog`).
fn dict_and_window_log(window_log: u32, src: u64, dict: u64) -> u32 {
    if dict == 0 {
        return window_log;
    }
    let window = 1u64 << window_log.min(WINDOWLOG_MAX);
    let both = dict.saturating_add(window);
    if window >= dict.saturating_add(src) {
        window_log
    } else if both >= 1u64 << WINDOWLOG_MAX {
        WINDOWLOG_MAX
    } else {
        bits_for(both - 1)
    }
}

/// Shrinks `cp` for a known small source and dictionary (`ZSTD_adjustCParams_internal`
/// in its plain mode): window no larger than source + dictionary, hash and chain tables
/// no larger than what that window can fill.
pub fn adjust_cparams(mut cp: CParams, src_size: u64, dict_size: u64) -> CParams {
    let max_resize = 1u64 << (WINDOWLOG_MAX - 1);
    if src_size <= max_resize && dict_size <= max_resize {
        let t = src_size + dict_size;
        debug_assert!(t <= 1 << WINDOWLOG_MAX);
        let src_log = if t < 64 { 6 } else { bits_for(t - 1) };
        if cp.window_log > src_log {
            cp.window_log = src_log;
        }
    }
    if src_size != CONTENTSIZE_UNKNOWN {
        let dw = dict_and_window_log(cp.window_log, src_size, dict_size);
        let cycle = cp
            .chain_log
            .saturating_sub(u32::from(cp.strategy >= Strategy::Btlazy2));
        if cp.hash_log > dw + 1 {
            cp.hash_log = dw + 1;
        }
        if cycle > dw {
            cp.chain_log = cp.chain_log.saturating_sub(cycle - dw);
        }
    }
    if cp.window_log < WINDOWLOG_MIN {
        cp.window_log = WINDOWLOG_MIN;
    }
    // Row-based match finders (greedy..lazy2 in C) cap the hash log at 24 + row log.
    if (Strategy::Greedy..=Strategy::Lazy2).contains(&cp.strategy) {
        let row_log = cp.search_log.clamp(4, 6);
        if cp.hash_log > 24 + row_log {
            cp.hash_log = 24 + row_log;
        }
    }
    cp
}

/// Compression parameters for `level` (0 = default; below 0 = fast levels, whose
/// acceleration is `target_length`), a source of about `src_size` bytes (0 or
/// [`CONTENTSIZE_UNKNOWN`]: unknown) and a dictionary of `dict_size` bytes. Same values
/// as C's `ZSTD_getCParams`.
pub fn get_cparams(level: i32, src_size: u64, dict_size: usize) -> CParams {
    let src = if src_size == 0 {
        CONTENTSIZE_UNKNOWN
    } else {
        src_size
    };
    let dict = dict_size as u64;
    let unknown = src == CONTENTSIZE_UNKNOWN;
    let rsize = if unknown && dict == 0 {
        CONTENTSIZE_UNKNOWN
    } else {
        src.wrapping_add(dict)
            .wrapping_add(if unknown { 500 } else { 0 })
    };
    let row = if level == 0 {
        default_clevel() as usize
    } else if level < 0 {
        0
    } else {
        level.min(max_clevel()) as usize
    };
    let mut cp = DEFAULT_CPARAMS[table_id(rsize)][row];
    if level < 0 {
        cp.target_length = level.max(min_clevel()).unsigned_abs();
    }
    adjust_cparams(cp, src, dict)
}

/// [`get_cparams`] with frame parameters: content size on, no checksum, dictionary ID
/// on (`ZSTD_getParams`).
pub fn get_params(level: i32, src_size: u64) -> Params {
    Params {
        cparams: get_cparams(level, src_size, 0),
        fparams: FrameParams {
            content_size_flag: 1,
            checksum_flag: 0,
            no_dict_id_flag: 0,
        },
    }
}

/// Checks every field against zstd's bounds (`parameter_outOfBound` otherwise).
pub fn check_cparams(cp: &CParams) -> Result<(), Error> {
    let ok = (WINDOWLOG_MIN..=WINDOWLOG_MAX).contains(&cp.window_log)
        && (6..=30).contains(&cp.chain_log)
        && (6..=30).contains(&cp.hash_log)
        && (1..=30).contains(&cp.search_log)
        && (3..=7).contains(&cp.min_match)
        && cp.target_length <= 1 << 17;
    if ok {
        Ok(())
    } else {
        Err(Error::parameter_outOfBound)
    }
}

/// Checks a strategy given as C's integer (1..=9).
pub fn strategy_from_c(v: u32) -> Result<Strategy, Error> {
    Strategy::from_u32(v).ok_or(Error::parameter_outOfBound)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_shrinks_to_small_sources() {
        let cp = get_cparams(3, 1000, 0);
        assert_eq!(cp.window_log, 10);
        assert_eq!(get_cparams(3, 0, 0), get_cparams(3, CONTENTSIZE_UNKNOWN, 0));
        assert_eq!(get_cparams(-5, 0, 0).target_length, 5);
        assert_eq!(get_cparams(i32::MIN, 0, 0).target_length, 1 << 17);
        assert!(check_cparams(&get_cparams(22, 0, 0)).is_ok());
        let mut bad = get_cparams(1, 0, 0);
        bad.min_match = 8;
        assert_eq!(check_cparams(&bad), Err(Error::parameter_outOfBound));
    }
}
