// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Sequences section header (RFC 8878 §3.1.1.3.2.1): Number_of_Sequences,
//! Symbol_Compression_Modes and the LL / OF / ML table descriptions.

use super::entropy::{
    Entropy, SeqTable, DICT_LL, DICT_ML, DICT_OF, LL_AT, LL_CELLS, ML_AT, ML_CELLS, OF_AT, OF_CELLS,
};
use crate::dict::Seq;
use crate::error::Error;
use crate::fse::decode::Entry;
use crate::fse::decode::{build_sorted, build_table, cell_value, rle_table, symbol_cells, Spread};
use crate::fse::header::{read_counts, NormalizedCounts};
use crate::tables::*;

/// Symbols of the largest sequence alphabet (match length codes, 0..=52), rounded up to
/// a power of two.
const SEQ_SYMBOLS: usize = (MAX_ML + 1).next_power_of_two();

/// Reads Number_of_Sequences; returns (count, bytes used).
pub(crate) fn read_count(src: &[u8]) -> Result<(usize, usize), Error> {
    let b = |i: usize| {
        src.get(i)
            .copied()
            .map(usize::from)
            .ok_or(Error::srcSize_wrong)
    };
    let b0 = b(0)?;
    Ok(match b0 {
        0..=127 => (b0, 1),
        128..=254 => (((b0 - 128) << 8) + b(1)?, 2),
        _ => (b(1)? + (b(2)? << 8) + 0x7F00, 3),
    })
}

/// Offset codes carry their Offset_Value minus 3 (the offset) from code 2 on, and
/// minus 1 (the repeat offset's index) below, as the sequence loop uses them.
const OF_VALUE: [(u32, u8); MAX_OF + 1] = {
    let mut t = [(0u32, 0u8); MAX_OF + 1];
    let mut s = 0;
    while s <= MAX_OF {
        t[s] = ((1u32 << s) - if s < 2 { 1 } else { 3 }, s as u8);
        s += 1;
    }
    t
};

/// Each alphabet's codes with their values, as cells before the state fields (see
/// [`symbol_cells`]): passed as data, so that the three alphabets share one copy of the
/// table builders' code.
static LL_SYMBOLS: [Entry; 64] = symbol_cells(&LL_BASE);
static OF_SYMBOLS: [Entry; 64] = symbol_cells(&OF_VALUE);
static ML_SYMBOLS: [Entry; 64] = symbol_cells(&ML_BASE);

/// Sets one table from its mode; returns bytes of `src` used.
#[allow(clippy::too_many_arguments)]
fn read_table(
    mode: u8,
    src: &[u8],
    t: &mut SeqTable,
    cells: &mut [Entry],
    max_symbol: usize,
    max_log: u32,
    default: (&[i16], u32),
    symbols: &[Entry; 64],
    counts: &mut NormalizedCounts<64>,
    spread: &mut Spread<'_>,
) -> Result<usize, Error> {
    match mode {
        0 => {
            if !t.predefined {
                build_table::<SEQ_SYMBOLS, _>(default.0, default.1, true, cells, |s| {
                    cell_value(&symbols[s & 63])
                })?;
                t.predefined = true;
            }
            t.log = Some(default.1);
            Ok(0)
        }
        1 => {
            t.predefined = false;
            let s = usize::from(*src.first().ok_or(Error::srcSize_wrong)?);
            if s > max_symbol {
                return Err(Error::corruption_detected);
            }
            let (base, extra) = cell_value(&symbols[s & 63]);
            rle_table(cells, base, extra)?;
            t.log = Some(0);
            Ok(1)
        }
        2 => {
            let used = read_counts(src, max_symbol, max_log, counts)?;
            set_table(t, cells, counts, symbols, spread)?;
            Ok(used)
        }
        _ => {
            if t.log.is_none() {
                return Err(Error::corruption_detected);
            }
            Ok(0)
        }
    }
}

/// Parses the section header at `src` and updates the tables in `ent`; returns
/// (Number_of_Sequences, bytes used). With zero sequences the section must end there.
pub(crate) fn read_header(src: &[u8], ent: &mut Entropy<'_>) -> Result<(usize, usize), Error> {
    let (nb_seq, mut pos) = read_count(src)?;
    if nb_seq == 0 {
        if pos != src.len() {
            return Err(Error::corruption_detected);
        }
        return Ok((0, pos));
    }
    let modes = *src.get(pos).ok_or(Error::srcSize_wrong)?;
    pos += 1;
    if modes & 3 != 0 {
        return Err(Error::corruption_detected);
    }
    let mut counts = NormalizedCounts {
        counts: [0; 64],
        max_symbol: 0,
        table_log: 0,
        less_than_one: false,
    };
    pos += read_table(
        modes >> 6,
        &src[pos..],
        &mut ent.ll,
        &mut ent.seq[LL_AT..LL_AT + LL_CELLS],
        MAX_LL,
        LL_MAX_LOG,
        (&LL_DEFAULT_NORM, LL_DEFAULT_LOG),
        &LL_SYMBOLS,
        &mut counts,
        &mut ent.spread,
    )?;
    pos += read_table(
        (modes >> 4) & 3,
        &src[pos..],
        &mut ent.of,
        &mut ent.seq[OF_AT..OF_AT + OF_CELLS],
        MAX_OF,
        OF_MAX_LOG,
        (&OF_DEFAULT_NORM, OF_DEFAULT_LOG),
        &OF_SYMBOLS,
        &mut counts,
        &mut ent.spread,
    )?;
    pos += read_table(
        (modes >> 2) & 3,
        src.get(pos..).ok_or(Error::srcSize_wrong)?,
        &mut ent.ml,
        &mut ent.seq[ML_AT..ML_AT + ML_CELLS],
        MAX_ML,
        ML_MAX_LOG,
        (&ML_DEFAULT_NORM, ML_DEFAULT_LOG),
        &ML_SYMBOLS,
        &mut counts,
        &mut ent.spread,
    )?;
    if pos > src.len() {
        return Err(Error::srcSize_wrong);
    }
    // A table the block set (any mode but Repeat) is the context's own.
    for (mode, bit) in [
        (modes >> 6, DICT_LL),
        (modes >> 4, DICT_OF),
        (modes >> 2, DICT_ML),
    ] {
        if mode & 3 != 3 {
            ent.dict &= !bit;
        }
    }
    Ok((nb_seq, pos))
}

/// Builds a dictionary's FSE table for `seq` from its counts (read by [`crate::dict`]).
pub(crate) fn build_dict_table(
    counts: &NormalizedCounts<64>,
    ent: &mut Entropy<'_>,
    seq: Seq,
) -> Result<(), Error> {
    match seq {
        Seq::LiteralLengths => set_table(
            &mut ent.ll,
            &mut ent.seq[LL_AT..LL_AT + LL_CELLS],
            counts,
            &LL_SYMBOLS,
            &mut ent.spread,
        ),
        Seq::Offsets => set_table(
            &mut ent.of,
            &mut ent.seq[OF_AT..OF_AT + OF_CELLS],
            counts,
            &OF_SYMBOLS,
            &mut ent.spread,
        ),
        Seq::MatchLengths => set_table(
            &mut ent.ml,
            &mut ent.seq[ML_AT..ML_AT + ML_CELLS],
            counts,
            &ML_SYMBOLS,
            &mut ent.spread,
        ),
    }
}

/// Builds `t` (its cells: `cells`) from the normalized counts of a description.
fn set_table(
    t: &mut SeqTable,
    cells: &mut [Entry],
    counts: &NormalizedCounts<64>,
    symbols: &[Entry; 64],
    spread: &mut Spread<'_>,
) -> Result<(), Error> {
    t.predefined = false;
    let c = counts
        .counts
        .get(..=counts.max_symbol)
        .ok_or(Error::GENERIC)?;
    let log = counts.table_log;
    if counts.less_than_one {
        let value = |s: usize| cell_value(&symbols[s & 63]);
        build_table::<SEQ_SYMBOLS, _>(c, log, true, cells, value)?;
    } else {
        build_sorted(c, log, cells, symbols, spread)?;
    }
    t.log = Some(log);
    Ok(())
}
