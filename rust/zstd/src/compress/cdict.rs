// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! A digested dictionary used by reference (`zstd_create_cdict_byreference`): its
//! content stays in the caller's buffer; its entropy tables are decoded and its content
//! indexed by the match finder once, into the CDict's workspace. A small input at the
//! dfast levels searches those tables where they are, beside small tables of its own (C's
//! attached `dictMatchState`); other compressions copy them into the context.

use super::dict::{load_tables, parse};
use super::entropy::Entropy;
use super::matcher::{MatchState, Segments};
use super::params::check_cparams;
use crate::error::Error;
use crate::params::CParams;
use crate::workspace::Carver;

/// A dictionary ready for [`CCtx::compress_using_cdict`](super::CCtx::compress_using_cdict).
pub struct CDict<'a> {
    content: &'a [u8],
    id: u32,
    rep: [u32; 3],
    cp: CParams,
    ent: Entropy<'a>,
    ms: MatchState<'a>,
}

impl<'a> CDict<'a> {
    /// Workspace bytes for a dictionary of `dict_len` bytes used by reference.
    pub fn workspace_bound(_dict_len: usize, cp: &CParams) -> usize {
        Entropy::WORKSPACE + MatchState::workspace_size(cp)
    }

    /// Digests `dict` (zstd format or raw content), kept by reference, for `cp`.
    pub fn new(dict: &'a [u8], cp: CParams, ws: &'a mut [u8]) -> Result<Self, Error> {
        super::built(|slot| Self::new_in(slot, dict, cp, ws))
    }

    /// [`CDict::new`] into `slot`, which may lie in the caller's workspace (the FFI
    /// shim's handle), so the dictionary is not copied through the caller's frame.
    #[inline(never)]
    pub fn new_in(
        slot: &mut Option<Self>,
        dict: &'a [u8],
        cp: CParams,
        ws: &'a mut [u8],
    ) -> Result<(), Error> {
        check_cparams(&cp)?;
        let mut c = Carver::new(ws);
        let mut ent = Entropy::new(&mut c).ok_or(Error::memory_allocation)?;
        let mut p = parse(dict);
        load_tables(&mut p, &mut ent)?;
        ent.build_repeat_tables();
        if p.content.len() > super::INDEX_LIMIT {
            return Err(Error::dictionary_wrong);
        }
        let mut ms = MatchState::new(&cp, &mut c).ok_or(Error::memory_allocation)?;
        ms.tag_positions(p.content.len());
        let n = p.content.len() as u32;
        if n > 0 {
            let seg = Segments {
                ext: p.content,
                ext_start: 0,
                cur: &[],
                cur_start: n,
                low_limit: 0,
                dict: false,
            };
            ms.load_history(&seg, 0, n);
        }
        *slot = Some(Self {
            content: p.content,
            id: p.id,
            rep: p.rep,
            cp,
            ent,
            ms,
        });
        Ok(())
    }

    /// Dictionary ID (0 for raw content).
    pub fn dict_id(&self) -> u32 {
        self.id
    }

    /// Parameters the dictionary was digested for.
    pub fn cparams(&self) -> &CParams {
        &self.cp
    }

    /// The content used as history.
    pub fn content(&self) -> &'a [u8] {
        self.content
    }

    /// The repeat offsets a frame starts with.
    pub(crate) fn rep(&self) -> [u32; 3] {
        self.rep
    }

    /// The entropy tables a frame starts with.
    pub(crate) fn entropy(&self) -> &Entropy<'a> {
        &self.ent
    }

    /// The indexed content.
    pub(crate) fn match_state(&self) -> &MatchState<'a> {
        &self.ms
    }
}
