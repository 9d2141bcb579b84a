// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Progress on standard error for long inputs, as zstd shows it: on a terminal unless
//! `-q` or `--no-progress`, or always with `--progress`; at most five updates a second.

use crate::args::Cli;
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

const INTERVAL: Duration = Duration::from_millis(200);

pub struct Progress {
    enabled: bool,
    label: String,
    total: Option<u64>,
    last: Option<Instant>,
    /// Wait one interval before the first update (so short inputs show nothing), unless
    /// progress was asked for with `--progress`.
    wait_first: bool,
    shown: bool,
}

impl Progress {
    /// Progress for one input of `total` bytes (`None`: unknown, e.g. stdin).
    pub fn new(cli: &Cli, label: &str, total: Option<u64>) -> Self {
        let enabled = !cli.no_progress
            && (cli.progress || (cli.display_level() >= 2 && std::io::stderr().is_terminal()));
        Self {
            enabled,
            label: label.to_string(),
            total,
            last: None,
            wait_first: !cli.progress,
            shown: false,
        }
    }

    /// Reports `read` input bytes and `written` output bytes so far.
    pub fn update(&mut self, read: u64, written: u64) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        match self.last {
            Some(t) if now.duration_since(t) < INTERVAL => return,
            None if self.wait_first => {
                self.last = Some(now);
                return;
            }
            _ => {}
        }
        self.last = Some(now);
        let pct = match self.total {
            Some(t) if t > 0 => format!(" {:5.1}%", read as f64 * 100.0 / t as f64),
            _ => String::new(),
        };
        let mib = |b: u64| b as f64 / f64::from(1 << 20);
        eprint!(
            "\rRead: {:8.2} MiB{pct} ==> {:8.2} MiB  {}",
            mib(read),
            mib(written),
            self.label
        );
        let _ = std::io::stderr().flush();
        self.shown = true;
    }

    /// Clears the progress line before the summary is printed.
    pub fn finish(&mut self) {
        if self.shown {
            eprint!("\r{:79}\r", "");
            self.shown = false;
        }
    }
}
