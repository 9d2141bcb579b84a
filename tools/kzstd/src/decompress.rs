// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! `-d` (decompress) and `-t` (test) modes: streaming decompression of each input with
//! a window limited by `--memory`, like zstd's CLI.

use crate::args::Cli;
use crate::files::{check_overwrite, input_size, inputs, remove_source};
use crate::io::{open_input, read_input};
use crate::progress::Progress;
use std::io::{Read, Write};
use zstd_kernel::{dstream_workspace_bound, DDict, DStream, Error};

/// zstd's default decompression memory limit (`--memory`): 128 MiB.
const DEFAULT_MEMORY: u64 = 128 << 20;
const CHUNK: usize = 1 << 17;

enum Failure {
    Io(std::io::Error),
    Zstd(Error),
    Truncated,
    Message(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Io(e) => write!(f, "{e}"),
            Failure::Zstd(Error::frameParameter_windowTooLarge) => write!(
                f,
                "{} (use --memory=SIZE to allow a larger window)",
                Error::frameParameter_windowTooLarge.message()
            ),
            Failure::Zstd(e) => f.write_str(e.message()),
            Failure::Truncated => f.write_str("Truncated input (unexpected end of file)"),
            Failure::Message(m) => f.write_str(m),
        }
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::Io(e)
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Zstd(e)
    }
}

/// Where decoded bytes go.
enum Sink {
    Discard,
    Stdout(std::io::StdoutLock<'static>),
    File(std::io::BufWriter<std::fs::File>),
}

impl Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<()> {
        match self {
            Sink::Discard => Ok(()),
            Sink::Stdout(s) => s.write_all(b),
            Sink::File(f) => f.write_all(b),
        }
    }
    fn finish(self) -> std::io::Result<()> {
        match self {
            Sink::Discard => Ok(()),
            Sink::Stdout(mut s) => s.flush(),
            Sink::File(f) => f.into_inner().map_err(|e| e.into_error())?.sync_all(),
        }
    }
}

/// Output file name for `input` (`None`: standard output or nothing).
fn output_name(cli: &Cli, input: &str) -> Result<Option<String>, String> {
    if cli.test || cli.stdout || input == "-" && cli.output.is_none() {
        return Ok(None);
    }
    if let Some(o) = &cli.output {
        return Ok(if o == "-" { None } else { Some(o.clone()) });
    }
    match input.strip_suffix(".zst") {
        Some(stem) if !stem.is_empty() => Ok(Some(stem.to_string())),
        _ => Err("unknown suffix (.zst expected); use -o or -c".to_string()),
    }
}

/// Decodes everything `reader` yields into `sink`; returns the decoded size.
fn decode(
    ds: &mut DStream,
    reader: &mut dyn Read,
    sink: &mut Sink,
    progress: &mut Progress,
) -> Result<u64, Failure> {
    let mut inbuf = vec![0u8; CHUNK];
    let mut outbuf = vec![0u8; CHUNK];
    let mut total = 0u64;
    let mut read = 0u64;
    let mut last = 1usize;
    let mut seen = false;
    loop {
        let n = reader.read(&mut inbuf)?;
        if n == 0 {
            break;
        }
        seen = true;
        read += n as u64;
        let mut ip = 0;
        loop {
            let mut op = 0;
            let before = ip;
            last = ds.decompress_stream(&mut outbuf, &mut op, &inbuf[..n], &mut ip)?;
            sink.write(&outbuf[..op])?;
            total += op as u64;
            // Input used up and either room left in the output or the frame complete:
            // a frame that ends exactly at a full output buffer must not be asked for
            // more (the next call would start a new frame and want its header).
            if ip == n && (op < outbuf.len() || last == 0) {
                break;
            }
            if ip == before && op == 0 {
                return Err(Failure::Zstd(Error::GENERIC));
            }
        }
        progress.update(read, total);
    }
    // All input is in; the decoder may still hold output (a block decoded into its
    // window ring waits for room): drain until the frame is done or nothing moves.
    while seen && last != 0 {
        let (mut op, mut ip) = (0, 0);
        last = ds.decompress_stream(&mut outbuf, &mut op, &[], &mut ip)?;
        sink.write(&outbuf[..op])?;
        total += op as u64;
        if op == 0 {
            break;
        }
    }
    if !seen {
        return Err(Failure::Message("empty input: not in zstd format".into()));
    }
    if last != 0 {
        return Err(Failure::Truncated);
    }
    Ok(total)
}

/// Decodes one input; returns the decoded size and the output file, if any.
fn process(
    cli: &Cli,
    name: &str,
    ddict: Option<&DDict>,
    memory: u64,
) -> Result<(u64, Option<String>), Failure> {
    let out = output_name(cli, name).map_err(Failure::Message)?;
    let mut reader = open_input(name)?;
    if let Some(o) = &out {
        check_overwrite(cli, o).map_err(Failure::Message)?;
    }
    let window = usize::try_from(memory).unwrap_or(usize::MAX);
    let mut ws = vec![0u8; dstream_workspace_bound(window)];
    let mut ds = DStream::new(&mut ws)?;
    ds.set_dispatch(crate::cpu::decoder());
    ds.set_ddict(ddict);
    let mut sink = match &out {
        None if cli.test => Sink::Discard,
        None => Sink::Stdout(std::io::stdout().lock()),
        Some(o) => Sink::File(std::io::BufWriter::new(std::fs::File::create(o)?)),
    };
    let mut progress = Progress::new(cli, name, input_size(name));
    let result = decode(&mut ds, &mut reader, &mut sink, &mut progress);
    progress.finish();
    let result = result.and_then(|n| sink.finish().map(|_| n).map_err(Failure::Io));
    match result {
        Ok(n) => Ok((n, out)),
        Err(e) => {
            if let Some(o) = &out {
                let _ = std::fs::remove_file(o);
            }
            Err(e)
        }
    }
}

/// The largest window accepted: `--memory`, else the default raised to 2^# by
/// `--long=#` (as in zstd, an explicit `--memory` wins).
fn memory_limit(cli: &Cli) -> u64 {
    match (cli.memory, cli.long) {
        (Some(m), _) => m,
        (None, Some(log)) => DEFAULT_MEMORY.max(1u64 << log.min(31)),
        (None, None) => DEFAULT_MEMORY,
    }
}

/// Runs `-d` / `-t` over every input; false when any failed.
pub fn run(cli: &Cli) -> bool {
    let (files, mut ok) = inputs(cli);
    if cli.output.is_some() && files.len() > 1 {
        eprintln!("kzstd: -o needs a single input file");
        return false;
    }
    let memory = memory_limit(cli);
    let dict_bytes = match &cli.dict {
        Some(d) => match read_input(d) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("kzstd: {d}: {e}");
                return false;
            }
        },
        None => None,
    };
    let mut dws = vec![0u8; DDict::workspace_bound(dict_bytes.as_ref().map_or(0, |d| d.len()))];
    let ddict = match &dict_bytes {
        Some(b) => match DDict::new(b, &mut dws) {
            Ok(d) => Some(d),
            Err(e) => {
                eprintln!(
                    "kzstd: {}: {}",
                    cli.dict.as_deref().unwrap_or(""),
                    e.message()
                );
                return false;
            }
        },
        None => None,
    };
    let (mut total, mut done) = (0u64, 0u32);
    for f in &files {
        match process(cli, f, ddict.as_ref(), memory) {
            Ok((n, out)) => {
                if let Err(e) = remove_source(cli, f, out.as_deref()) {
                    eprintln!("kzstd: {e}");
                    ok = false;
                }
                let shown = out.is_some() || cli.test;
                if files.len() == 1 && shown && cli.display_level() >= 2 {
                    eprintln!("{f:20}: {n} bytes ");
                }
                total += n;
                done += 1;
            }
            Err(e) => {
                eprintln!("kzstd: {f}: {e}");
                ok = false;
            }
        }
    }
    if files.len() > 1 && cli.display_level() >= 2 {
        eprintln!("{done} files decompressed : {total:6} bytes total ");
    }
    ok
}
