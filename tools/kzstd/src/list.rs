// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! `-l` / `--list`: frames, skippable frames, sizes, ratio and checksum of each file,
//! in zstd's table (or, with `-v`, zstd's per-file details).

use crate::args::Cli;
use crate::units::{column, plain};
use zstd_kernel::{
    find_frame_compressed_size, get_frame_header, FrameHeaderProgress, FrameType,
    CONTENTSIZE_UNKNOWN,
};

/// What the frames of one file say.
#[derive(Default)]
struct Info {
    frames: u64,
    skips: u64,
    compressed: u64,
    decompressed: u64,
    /// Some frame does not declare its content size.
    unknown_size: bool,
    /// The last frame's window and dictionary ID.
    window: u64,
    dict_id: u32,
    /// The last frame's checksum, when it has one.
    check: Option<u32>,
}

fn parse(src: &[u8]) -> Result<Info, String> {
    let mut info = Info {
        compressed: src.len() as u64,
        ..Info::default()
    };
    let mut pos = 0;
    while pos < src.len() {
        let rest = &src[pos..];
        let h = match get_frame_header(rest) {
            Ok(FrameHeaderProgress::Complete(h)) => h,
            Ok(FrameHeaderProgress::Incomplete(_)) => {
                return Err("reached end of file with incomplete frame".into())
            }
            Err(_) if pos == 0 => return Err("not compressed by zstd".into()),
            Err(e) => return Err(e.message().to_string()),
        };
        let size = find_frame_compressed_size(rest).map_err(|e| e.message().to_string())?;
        if h.frame_type == FrameType::Skippable {
            info.skips += 1;
        } else {
            info.window = h.window_size;
            info.dict_id = h.dict_id;
            info.frames += 1;
            if h.frame_content_size == CONTENTSIZE_UNKNOWN {
                info.unknown_size = true;
            } else {
                info.decompressed = info.decompressed.saturating_add(h.frame_content_size);
            }
            info.check = (h.checksum_flag != 0 && size >= 4).then(|| {
                let c = &rest[size - 4..size];
                u32::from_le_bytes([c[0], c[1], c[2], c[3]])
            });
        }
        pos += size;
    }
    Ok(info)
}

fn check_name(info: &Info) -> &'static str {
    if info.check.is_some() {
        "XXH64"
    } else {
        "None"
    }
}

/// One line of the table; `check` is the Check column (blank on the totals line).
fn row(info: &Info, name: &str, check: &str) {
    let sizes = if info.unknown_size {
        format!("{}{:23}", column(info.compressed, 6), "")
    } else {
        let ratio = info.decompressed as f64 / info.compressed.max(1) as f64;
        format!(
            "{}  {}  {ratio:5.3}  ",
            column(info.compressed, 6),
            column(info.decompressed, 8)
        )
    };
    // zstd's table counts skippable frames among the frames too.
    println!(
        "{:6}  {:5}  {sizes}{:>5}  {name}",
        info.frames + info.skips,
        info.skips,
        check
    );
}

fn details(info: &Info, name: &str) {
    println!("{name} ");
    println!("# Zstandard Frames: {}", info.frames);
    if info.skips > 0 {
        println!("# Skippable Frames: {}", info.skips);
    }
    println!("DictID: {}", info.dict_id);
    println!("Window Size: {} ({} B)", plain(info.window), info.window);
    println!(
        "Compressed Size: {} ({} B)",
        plain(info.compressed),
        info.compressed
    );
    if !info.unknown_size {
        println!(
            "Decompressed Size: {} ({} B)",
            plain(info.decompressed),
            info.decompressed
        );
        println!(
            "Ratio: {:.4}",
            info.decompressed as f64 / info.compressed.max(1) as f64
        );
    }
    // zstd shows the checksum value only for a single frame.
    match info.check {
        Some(c) if info.frames == 1 => println!("Check: XXH64 {c:08x}"),
        _ => println!("Check: {}", check_name(info)),
    }
    println!();
}

/// Lists every input; false when one could not be read or parsed.
pub fn run(cli: &Cli) -> bool {
    let (files, mut ok) = crate::files::inputs(cli);
    if files.iter().any(|f| f == "-") {
        eprintln!("kzstd: --list does not support reading from standard input");
        return false;
    }
    let verbose = cli.display_level() >= 3;
    if !verbose {
        println!("Frames  Skips  Compressed  Uncompressed  Ratio  Check  Filename");
    }
    let mut total = Info::default();
    let mut listed = 0;
    for f in &files {
        let info = match std::fs::read(f) {
            Ok(src) => parse(&src),
            Err(e) => Err(e.to_string()),
        };
        match info {
            Ok(info) => {
                if verbose {
                    details(&info, f);
                } else {
                    row(&info, f, check_name(&info));
                }
                total.frames += info.frames;
                total.skips += info.skips;
                total.compressed += info.compressed;
                total.decompressed += info.decompressed;
                total.unknown_size |= info.unknown_size;
                total.check = info.check.or(total.check);
                listed += 1;
            }
            Err(e) => {
                eprintln!("kzstd: {f}: {e}");
                ok = false;
            }
        }
    }
    if !verbose && listed > 1 {
        println!("{} ", "-".repeat(65));
        row(&total, &format!("{listed} files"), "");
    }
    ok
}
