// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! One-shot compression of `<linux/zstd.h>`: parameter selection, `zstd_cctx` in a
//! workspace or on the caller's allocator, and `zstd_cdict` by reference.

use crate::errors::encode;
use crate::handle::{self, Handle, Kind};
use crate::raw;
use crate::types::{ZSTD_compressionParameters, ZSTD_customMem, ZSTD_parameters};
use core::ffi::{c_int, c_ulonglong, c_void};
use core::ptr::NonNull;
use zstd_kernel::compress::{self as core_c, cctx_workspace_bound, CCtx, CDict};
use zstd_kernel::params::{CParams, Params};
use zstd_kernel::ErrorCode;

/// A context in `ws` running the best code variant for this CPU.
fn new_cctx(ws: &'static mut [u8]) -> Result<CCtx<'static>, zstd_kernel::Error> {
    let mut c = CCtx::new(ws)?;
    c.set_dispatch(crate::cpu::best_encoder_dispatch());
    Ok(c)
}

/// A `zstd_cctx`. Workspace contexts get their core context at init. Contexts from
/// `zstd_create_cctx_advanced` start empty and (re)allocate the core's workspace from
/// the caller's allocator when a compression needs a larger one, as C does.
pub struct CctxObj {
    core: Option<CCtx<'static>>,
    /// The core's workspace when it came from the allocator (heap contexts only).
    heap_ws: Option<(ZSTD_customMem, NonNull<c_void>, usize)>,
}

impl CctxObj {
    /// The core context, grown first (heap contexts) to fit `cp`.
    fn ready(
        &mut self,
        heap: Option<handle::HeapBlock>,
        cp: &CParams,
    ) -> Result<&mut CCtx<'static>, ErrorCode> {
        if let Some(block) = heap {
            let need = cctx_workspace_bound(cp);
            let big_enough = matches!(self.heap_ws, Some((_, _, len)) if len >= need);
            if !big_enough {
                self.core = None;
                self.release();
                let ws = block.mem.alloc(need).ok_or(ErrorCode::memory_allocation)?;
                self.heap_ws = Some((block.mem, ws, need));
                // SAFETY: `ws` is a fresh block of `need` bytes owned by this context until
                // `release` frees it, after dropping the core context that borrows it.
                let bytes = unsafe { raw::dst(ws.as_ptr(), need) }.ok_or(ErrorCode::GENERIC)?;
                self.core = Some(new_cctx(bytes)?);
            }
        }
        self.core.as_mut().ok_or(ErrorCode::init_missing)
    }

    /// Frees the heap workspace (the core context must already be gone).
    fn release(&mut self) {
        if let Some((mem, ws, _)) = self.heap_ws.take() {
            // SAFETY: `ws` came from `mem.alloc` and the core context borrowing it was
            // dropped by the caller of `release`.
            unsafe { mem.free(ws) };
        }
    }
}

impl Drop for CctxObj {
    fn drop(&mut self) {
        self.core = None;
        self.release();
    }
}

/// The parameters zstd 1.5.2 compresses with when given `raw` (its
/// `ZSTD_getCParamsFromCCtxParams`): a field left at 0 means "the default", i.e. level 3's
/// value for this source; then, for a known source size, windows and tables are shrunk to
/// what the source can use (same frames' content, less table clearing for small inputs).
/// Values out of zstd's bounds are `parameter_outOfBound`.
pub fn resolve_cparams(
    raw: &ZSTD_compressionParameters,
    src_size: Option<u64>,
) -> Result<CParams, ErrorCode> {
    let base = core_c::get_cparams(core_c::default_clevel(), src_size.unwrap_or(0), 0);
    let pick = |v: u32, d: u32| if v == 0 { d } else { v };
    let strategy = if raw.strategy == 0 {
        base.strategy
    } else {
        ZSTD_compressionParameters {
            strategy: raw.strategy,
            ..*raw
        }
        .to_core()?
        .strategy
    };
    let cp = CParams {
        window_log: pick(raw.windowLog, base.window_log),
        chain_log: pick(raw.chainLog, base.chain_log),
        hash_log: pick(raw.hashLog, base.hash_log),
        search_log: pick(raw.searchLog, base.search_log),
        min_match: pick(raw.minMatch, base.min_match),
        target_length: raw.targetLength,
        strategy,
    };
    // Requested values are checked as given, before fitting (as C's setParameter does).
    core_c::params::check_cparams(&cp)?;
    Ok(match src_size {
        Some(n) => core_c::params::adjust_cparams(cp, n, 0),
        None => cp,
    })
}

/// `zstd_get_params()`: parameters for `level` and an estimated source size (0: unknown).
#[no_mangle]
pub extern "C" fn zstd_get_params(
    level: c_int,
    estimated_src_size: c_ulonglong,
) -> ZSTD_parameters {
    ZSTD_parameters::from_core(&core_c::get_params(level, estimated_src_size))
}

/// `zstd_get_cparams()`.
#[no_mangle]
pub extern "C" fn zstd_get_cparams(
    level: c_int,
    estimated_src_size: c_ulonglong,
    dict_size: usize,
) -> ZSTD_compressionParameters {
    ZSTD_compressionParameters::from_core(&core_c::get_cparams(
        level,
        estimated_src_size,
        dict_size,
    ))
}

/// The core parameters behind a C pointer.
///
/// # Safety
/// `p` must be NULL or point to a readable `T`.
unsafe fn read<T: Copy>(p: *const T) -> Option<T> {
    // SAFETY: non-NULL pointers point to a readable `T` (caller's contract); `T` is a
    // plain-integer `repr(C)` struct, valid for any bits.
    (!p.is_null()).then(|| unsafe { p.read() })
}

/// `zstd_cctx_workspace_bound()`: workspace for `zstd_init_cctx()` with these parameters
/// (an error result for invalid parameters).
///
/// # Safety
/// `cparams` must point to a readable `zstd_compression_parameters`.
#[no_mangle]
pub unsafe extern "C" fn zstd_cctx_workspace_bound(
    cparams: *const ZSTD_compressionParameters,
) -> usize {
    // SAFETY: forwarded caller contract.
    match unsafe { read(cparams) }.map(|c| resolve_cparams(&c, None)) {
        Some(Ok(cp)) => handle::bound::<CctxObj>(cctx_workspace_bound(&cp)),
        Some(Err(e)) => encode(e),
        None => encode(ErrorCode::GENERIC),
    }
}

/// `zstd_init_cctx()`: a context at the start of `workspace`, or NULL when `workspace` is
/// NULL or too small.
///
/// # Safety
/// `workspace` must be NULL or point to `workspace_size` writable bytes that outlive the
/// context and are used by nothing else meanwhile.
#[no_mangle]
pub unsafe extern "C" fn zstd_init_cctx(
    workspace: *mut c_void,
    workspace_size: usize,
) -> *mut c_void {
    // SAFETY: forwarded caller contract.
    let h = unsafe {
        handle::emplace(workspace, workspace_size, Kind::CCtx, None, |rest| {
            Some(CctxObj {
                core: Some(new_cctx(rest).ok()?),
                heap_ws: None,
            })
        })
    };
    h.map_or(core::ptr::null_mut(), |h| h.as_ptr().cast())
}

/// `zstd_create_cctx_advanced()`: a context allocated through `custom_mem`; NULL when it
/// has no allocator or allocation fails. Free it with `zstd_free_cctx()`.
#[no_mangle]
pub extern "C" fn zstd_create_cctx_advanced(custom_mem: ZSTD_customMem) -> *mut c_void {
    handle::create(custom_mem, 0, Kind::CCtx, |_| {
        Some(CctxObj {
            core: None,
            heap_ws: None,
        })
    })
    .map_or(core::ptr::null_mut(), |h| h.as_ptr().cast())
}

/// `zstd_free_cctx()`: 0; an error for contexts that live in a caller's workspace.
///
/// # Safety
/// `cctx` must be NULL or a live context from this library, not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn zstd_free_cctx(cctx: *mut c_void) -> usize {
    if cctx.is_null() {
        return 0;
    }
    // SAFETY: forwarded caller contract.
    if unsafe { handle::destroy::<CctxObj>(cctx, Kind::CCtx) } {
        0
    } else {
        encode(ErrorCode::memory_allocation)
    }
}

/// Runs `f` on the context and the (dst, src) slices, converting the result for C.
///
/// # Safety
/// The pointers must satisfy the contract of the calling C function: a live `zstd_cctx`,
/// `dst_capacity` writable bytes at `dst`, `src_size` readable bytes at `src`.
unsafe fn with_cctx(
    cctx: *mut c_void,
    dst: *mut c_void,
    dst_capacity: usize,
    src: *const c_void,
    src_size: usize,
    f: impl FnOnce(&mut Handle<CctxObj>, &mut [u8], &[u8]) -> Result<usize, ErrorCode>,
) -> usize {
    // SAFETY: forwarded caller contract (the context is used only here during the call).
    let Some(h) = (unsafe { handle::get::<CctxObj>(cctx, Kind::CCtx) }) else {
        return encode(ErrorCode::GENERIC);
    };
    // SAFETY: forwarded caller contract.
    let Some(dst) = (unsafe { raw::dst(dst, dst_capacity) }) else {
        return encode(ErrorCode::dstBuffer_null);
    };
    // SAFETY: forwarded caller contract.
    let Some(src) = (unsafe { raw::src(src, src_size) }) else {
        return encode(ErrorCode::GENERIC);
    };
    f(h, dst, src).unwrap_or_else(encode)
}

/// `zstd_compress_cctx()`: compresses `src` into one frame with `parameters`.
///
/// # Safety
/// `cctx` is a live context; `dst` holds `dst_capacity` writable bytes; `src` holds
/// `src_size` readable bytes; `parameters` points to readable `zstd_parameters`.
#[no_mangle]
pub unsafe extern "C" fn zstd_compress_cctx(
    cctx: *mut c_void,
    dst: *mut c_void,
    dst_capacity: usize,
    src: *const c_void,
    src_size: usize,
    parameters: *const ZSTD_parameters,
) -> usize {
    // SAFETY: forwarded caller contract.
    let Some(params) = (unsafe { read(parameters) }) else {
        return encode(ErrorCode::GENERIC);
    };
    // SAFETY: forwarded caller contract.
    unsafe {
        with_cctx(cctx, dst, dst_capacity, src, src_size, |h, dst, src| {
            let p = Params {
                cparams: resolve_cparams(&params.cParams, Some(src.len() as u64))?,
                fparams: params.fParams.to_core(),
            };
            h.value.ready(h.heap, &p.cparams)?.compress(dst, src, &p)
        })
    }
}

/// A `zstd_cdict`: the core dictionary over the caller's dictionary bytes.
/// Built in place in the handle (`None` only until it is built).
pub type CdictObj = Option<CDict<'static>>;

/// `zstd_create_cdict_byreference()`: a dictionary that keeps using `dict` (which must
/// outlive it), allocated through `custom_mem`; NULL on failure.
///
/// # Safety
/// `dict` must point to `dict_size` readable bytes that stay unchanged until the
/// dictionary is freed.
#[no_mangle]
pub unsafe extern "C" fn zstd_create_cdict_byreference(
    dict: *const c_void,
    dict_size: usize,
    cparams: ZSTD_compressionParameters,
    custom_mem: ZSTD_customMem,
) -> *mut c_void {
    let Ok(cp) = cparams.to_core() else {
        return core::ptr::null_mut();
    };
    // SAFETY: forwarded caller contract; the bytes outlive the dictionary.
    let Some(dict) = (unsafe { raw::src(dict, dict_size) }) else {
        return core::ptr::null_mut();
    };
    handle::create_in(
        custom_mem,
        CDict::workspace_bound(dict.len(), &cp),
        Kind::CDict,
        None,
        |ws, slot| CDict::new_in(slot, dict, cp, ws).ok(),
    )
    .map_or(core::ptr::null_mut(), |h| h.as_ptr().cast())
}

/// `zstd_free_cdict()`: 0 (NULL is allowed).
///
/// # Safety
/// `cdict` must be NULL or a live dictionary from this library, not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn zstd_free_cdict(cdict: *mut c_void) -> usize {
    // SAFETY: forwarded caller contract.
    if cdict.is_null() || unsafe { handle::destroy::<CdictObj>(cdict, Kind::CDict) } {
        0
    } else {
        encode(ErrorCode::GENERIC)
    }
}

/// `zstd_compress_using_cdict()`: compresses with the dictionary and its parameters.
///
/// # Safety
/// As for [`zstd_compress_cctx`]; `cdict` is a live dictionary.
#[no_mangle]
pub unsafe extern "C" fn zstd_compress_using_cdict(
    cctx: *mut c_void,
    dst: *mut c_void,
    dst_capacity: usize,
    src: *const c_void,
    src_size: usize,
    cdict: *const c_void,
) -> usize {
    // SAFETY: the dictionary is only read (possibly by several contexts at once);
    // forwarded caller contract.
    let Some(d) = (unsafe { handle::get_shared::<CdictObj>(cdict, Kind::CDict) }) else {
        return encode(ErrorCode::dictionary_wrong);
    };
    let Some(d) = d.value.as_ref() else {
        return encode(ErrorCode::dictionary_wrong);
    };
    // SAFETY: forwarded caller contract.
    unsafe {
        with_cctx(cctx, dst, dst_capacity, src, src_size, |h, dst, src| {
            h.value
                .ready(h.heap, d.cparams())?
                .compress_using_cdict(dst, src, d)
        })
    }
}
