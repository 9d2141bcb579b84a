// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Input helpers shared by the modes.

use std::io::Read;

/// Reads a whole input (`-` is stdin).
pub fn read_input(name: &str) -> std::io::Result<Vec<u8>> {
    if name == "-" {
        let mut v = Vec::new();
        std::io::stdin().read_to_end(&mut v)?;
        Ok(v)
    } else {
        std::fs::read(name)
    }
}

/// Opens an input for streaming (`-` is stdin).
pub fn open_input(name: &str) -> std::io::Result<Box<dyn Read>> {
    if name == "-" {
        Ok(Box::new(std::io::stdin().lock()))
    } else {
        Ok(Box::new(std::fs::File::open(name)?))
    }
}
