// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Sizes printed the way zstd prints them: "67 B", "26.0 KiB", "106 KiB", "2.00 MiB".

/// A size as (value, decimals, suffix) with a binary unit that keeps the value below 1024.
pub fn human(size: u64) -> (f64, usize, &'static str) {
    const UNITS: [(u32, &str); 6] = [
        (60, " EiB"),
        (50, " PiB"),
        (40, " TiB"),
        (30, " GiB"),
        (20, " MiB"),
        (10, " KiB"),
    ];
    let (shift, suffix) = UNITS
        .iter()
        .copied()
        .find(|&(s, _)| size >= 1u64 << s)
        .unwrap_or((0, " B"));
    let value = size as f64 / (1u64 << shift) as f64;
    let decimals = if value >= 100.0 || value as u64 == size {
        0
    } else if value >= 10.0 {
        1
    } else if value > 1.0 {
        2
    } else {
        3
    };
    (value, decimals, suffix)
}

/// `width`-wide value then the 4-wide suffix, as zstd's "%6.*f%4s".
pub fn column(size: u64, width: usize) -> String {
    let (v, d, s) = human(size);
    format!("{v:width$.d$}{s:>4}")
}

/// Value and suffix without padding, as zstd's "%.*f%s".
pub fn plain(size: u64) -> String {
    let (v, d, s) = human(size);
    format!("{v:.d$}{s}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_zstd() {
        assert_eq!(column(67, 6), "    67   B");
        assert_eq!(column(26672, 6), "  26.0 KiB");
        assert_eq!(column(108_894, 8), "     106 KiB");
        assert_eq!(plain(2 << 20), "2.00 MiB");
        assert_eq!(plain(1884), "1.84 KiB");
    }
}
