// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Context objects as C sees them: a Rust value placed at the aligned start of memory the
//! caller gave (a workspace) or that we got from the caller's `zstd_custom_mem`, with the
//! rest of that memory handed to the core as `&mut [u8]`.
//!
//! Every handle starts with a kind tag, so a pointer of the wrong kind (a `zstd_dctx *`
//! passed where a `zstd_dstream *` is expected, both `ZSTD_DCtx` in C) is refused instead
//! of being misread.

use crate::types::ZSTD_customMem;
use core::ffi::c_void;
use core::mem::{align_of, size_of};
use core::ptr::NonNull;

/// Which object a handle holds.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A `zstd_cctx`.
    CCtx = 0x4b43_4358,
    /// A `zstd_cstream`.
    CStream = 0x4b43_5354,
    /// A `zstd_cdict`.
    CDict = 0x4b43_4454,
    /// A `zstd_dctx`.
    DCtx = 0x4b44_4358,
    /// A `zstd_dstream`.
    DStream = 0x4b44_5354,
    /// A `zstd_ddict`.
    DDict = 0x4b44_4454,
}

/// The caller's allocator and the block it returned, for objects made by the
/// `*_advanced` / `*_byreference` constructors.
#[derive(Clone, Copy, Debug)]
pub struct HeapBlock {
    /// The allocator that returned `base`.
    pub mem: ZSTD_customMem,
    /// Start of the block.
    pub base: NonNull<c_void>,
}

/// A context object: kind tag first (`repr(C)`), then where it lives, then the value.
#[repr(C)]
pub struct Handle<T> {
    kind: Kind,
    /// The block holding the handle, when the library allocated it.
    pub heap: Option<HeapBlock>,
    /// The object.
    pub value: T,
}

/// Bytes a handle for `T` needs besides the core's `core_bytes`: the handle itself and
/// the worst-case padding to align it (`usize::MAX` on overflow, which no allocation meets).
pub const fn bound<T>(core_bytes: usize) -> usize {
    let extra = size_of::<Handle<T>>() + align_of::<Handle<T>>() - 1;
    match core_bytes.checked_add(extra) {
        Some(n) => n,
        None => usize::MAX,
    }
}

impl ZSTD_customMem {
    /// Whether both functions are present; the kernel has no default allocator, so a
    /// `zstd_custom_mem` without them cannot allocate.
    pub fn can_allocate(&self) -> bool {
        self.customAlloc.is_some() && self.customFree.is_some()
    }

    /// `size` bytes from the caller's allocator, or `None`.
    pub fn alloc(&self, size: usize) -> Option<NonNull<c_void>> {
        let (Some(alloc), Some(_)) = (self.customAlloc, self.customFree) else {
            return None;
        };
        // SAFETY: calling the caller's allocator with its own opaque pointer is the
        // documented use of `zstd_custom_mem`; it returns NULL or a block of `size` bytes.
        NonNull::new(unsafe { alloc(self.opaque, size) })
    }

    /// Returns a block from [`Self::alloc`] to the caller's allocator.
    ///
    /// # Safety
    /// `block` came from `self.alloc` and is not used afterwards.
    pub unsafe fn free(&self, block: NonNull<c_void>) {
        if let Some(free) = self.customFree {
            // SAFETY: `block` was returned by this allocator (caller's contract) and is
            // released exactly once.
            unsafe { free(self.opaque, block.as_ptr()) }
        }
    }
}

/// Where a handle for `T` goes in the `size` bytes at `mem`: its aligned slot and the
/// bytes after it. `None` when `mem` is NULL or too small.
///
/// # Safety
/// `mem` must be NULL or point to `size` writable bytes that stay valid, and are used by
/// nothing else, for as long as the returned handle is used.
unsafe fn place<T>(mem: *mut c_void, size: usize) -> Option<(*mut Handle<T>, &'static mut [u8])> {
    if mem.is_null() {
        return None;
    }
    let bytes = mem.cast::<u8>();
    let pad = bytes.align_offset(align_of::<Handle<T>>());
    let head = pad.checked_add(size_of::<Handle<T>>())?;
    let rest_len = size.checked_sub(head)?;
    // SAFETY: `head <= size`, so `bytes + head .. bytes + size` lies inside the caller's
    // block, which (caller's contract) is writable, exclusively ours and outlives the
    // handle; it does not overlap the handle, which sits at `bytes + pad .. bytes + head`.
    // The `'static` lifetime stands for "as long as the handle is used".
    let rest: &'static mut [u8] =
        unsafe { core::slice::from_raw_parts_mut(bytes.add(head), rest_len) };
    // SAFETY: `bytes + pad` is aligned for `Handle<T>` (align_offset) and the handle's
    // `size_of` bytes fit before `bytes + head <= bytes + size`.
    let slot = unsafe { bytes.add(pad) }.cast::<Handle<T>>();
    Some((slot, rest))
}

/// Builds a `kind` handle at the aligned start of the `size` bytes at `mem`, giving the
/// bytes after it to `build`. `None` when `mem` is NULL, too small, or `build` fails.
///
/// # Safety
/// As for [`place`].
pub unsafe fn emplace<T>(
    mem: *mut c_void,
    size: usize,
    kind: Kind,
    heap: Option<HeapBlock>,
    build: impl FnOnce(&'static mut [u8]) -> Option<T>,
) -> Option<NonNull<Handle<T>>> {
    // SAFETY: forwarded caller contract.
    let (slot, rest) = unsafe { place::<T>(mem, size) }?;
    let value = build(rest)?;
    // Field by field: a `Handle` assembled first would be one more copy of the value
    // (a stream's is 800 bytes) on the kernel stack.
    // SAFETY: `slot` is valid, aligned and writable storage for one `Handle<T>` (`place`);
    // each field is written once, so the handle is fully initialized after the writes.
    unsafe {
        core::ptr::addr_of_mut!((*slot).kind).write(kind);
        core::ptr::addr_of_mut!((*slot).heap).write(heap);
        core::ptr::addr_of_mut!((*slot).value).write(value);
    }
    NonNull::new(slot)
}

/// Like [`emplace`], but the handle is written first, holding `empty`, and `build`
/// completes its value in place (`Some(())`, or `None` when it fails): a value built on
/// the stack and moved in would pass through the kernel stack, twice its size or more.
///
/// # Safety
/// As for [`place`].
pub unsafe fn emplace_in<T>(
    mem: *mut c_void,
    size: usize,
    kind: Kind,
    empty: T,
    heap: Option<HeapBlock>,
    build: impl FnOnce(&'static mut [u8], &mut T) -> Option<()>,
) -> Option<NonNull<Handle<T>>> {
    // SAFETY: forwarded caller contract.
    let (slot, rest) = unsafe { place::<T>(mem, size) }?;
    // SAFETY: `slot` is valid, aligned and writable storage for one `Handle<T>`, not
    // overlapping `rest` (`place`); after the write it holds an initialized handle, which
    // nothing else refers to until this function returns it.
    let h = unsafe {
        slot.write(Handle {
            kind,
            heap,
            value: empty,
        });
        &mut *slot
    };
    build(rest, &mut h.value)?;
    NonNull::new(slot)
}

/// Allocates `bound::<T>(core_bytes)` bytes through `mem` and builds a handle there with
/// `emplace` ([`emplace`] or [`emplace_in`], given the block, its size and its owner);
/// the block is returned to `mem` when building fails.
fn allocate<T>(
    mem: ZSTD_customMem,
    core_bytes: usize,
    emplace: impl FnOnce(*mut c_void, usize, Option<HeapBlock>) -> Option<NonNull<Handle<T>>>,
) -> Option<NonNull<Handle<T>>> {
    let size = bound::<T>(core_bytes);
    let block = mem.alloc(size)?;
    let heap = Some(HeapBlock { mem, base: block });
    let made = emplace(block.as_ptr(), size, heap);
    if made.is_none() {
        // SAFETY: `block` came from `mem.alloc` and nothing refers to it any more.
        unsafe { mem.free(block) };
    }
    made
}

/// Allocates `bound::<T>(core_bytes)` bytes through `mem` and builds a handle there
/// ([`emplace`]); the block is returned to `mem` when building fails.
pub fn create<T>(
    mem: ZSTD_customMem,
    core_bytes: usize,
    kind: Kind,
    build: impl FnOnce(&'static mut [u8]) -> Option<T>,
) -> Option<NonNull<Handle<T>>> {
    allocate(mem, core_bytes, |block, size, heap| {
        // SAFETY: `block` is a fresh allocation of `size` bytes, owned by the handle until
        // `destroy` gives it back.
        unsafe { emplace(block, size, kind, heap, build) }
    })
}

/// [`create`] with [`emplace_in`]: the value is built in the allocated block.
pub fn create_in<T>(
    mem: ZSTD_customMem,
    core_bytes: usize,
    kind: Kind,
    empty: T,
    build: impl FnOnce(&'static mut [u8], &mut T) -> Option<()>,
) -> Option<NonNull<Handle<T>>> {
    allocate(mem, core_bytes, |block, size, heap| {
        // SAFETY: as in `create`.
        unsafe { emplace_in(block, size, kind, empty, heap, build) }
    })
}

/// The handle behind a C pointer, if it is non-NULL, aligned and of `kind`.
///
/// # Safety
/// `p` must be NULL or a pointer returned by this crate for a live object (of any kind).
unsafe fn checked<T>(p: *const c_void, kind: Kind) -> Option<NonNull<Handle<T>>> {
    let h = p.cast::<Handle<T>>();
    if h.is_null() || !h.is_aligned() {
        return None;
    }
    // SAFETY: every handle is `repr(C)` with its `Kind` tag (a u32) first, so reading a
    // u32 there is valid for a live object of any kind; as a plain u32 any value is valid.
    let tag = unsafe { p.cast::<u32>().read() };
    (tag == kind as u32).then(|| NonNull::new(h.cast_mut()))?
}

/// Exclusive access to the handle behind a C pointer (contexts: one user at a time).
///
/// # Safety
/// As for [`checked`], and nothing else uses the object during `'a`.
pub unsafe fn get<'a, T>(p: *mut c_void, kind: Kind) -> Option<&'a mut Handle<T>> {
    // SAFETY: the tag says this is a live `Handle<T>` (each kind has one value type), and
    // the caller guarantees exclusive use during `'a`.
    unsafe { checked::<T>(p, kind).map(|h| &mut *h.as_ptr()) }
}

/// Shared access to the handle behind a C pointer (dictionaries: many readers at once).
///
/// # Safety
/// As for [`checked`], and nothing modifies or frees the object during `'a`.
pub unsafe fn get_shared<'a, T>(p: *const c_void, kind: Kind) -> Option<&'a Handle<T>> {
    // SAFETY: the tag says this is a live `Handle<T>`; it is only read during `'a`.
    unsafe { checked::<T>(p, kind).map(|h| &*h.as_ptr()) }
}

/// Drops a heap handle of `kind` and returns its block to its allocator.
/// Returns `false` (and does nothing) for workspace handles or pointers of another kind.
///
/// # Safety
/// As for [`get`]; the handle must not be used afterwards.
pub unsafe fn destroy<T>(p: *mut c_void, kind: Kind) -> bool {
    // SAFETY: forwarded caller contract.
    let Some(h) = (unsafe { get::<T>(p, kind) }) else {
        return false;
    };
    let Some(block) = h.heap else {
        return false;
    };
    // SAFETY: the handle is live and is never used again (caller's contract), so it may
    // be dropped in place; then its block, which no longer holds a live value, goes back.
    unsafe {
        core::ptr::drop_in_place(h as *mut Handle<T>);
        block.mem.free(block.base);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_after_alignment_and_refuses_small_workspaces() {
        let mut ws = [0u64; 64];
        let base = ws.as_mut_ptr().cast::<c_void>();
        // SAFETY: `ws` is a live, writable 512-byte buffer used only through the handle.
        let h = unsafe { emplace(base, 512, Kind::DCtx, None, |rest| Some(rest.len())) };
        let h = h.unwrap();
        // SAFETY: `h` was just placed in `ws`.
        let got = unsafe { get::<usize>(h.as_ptr().cast(), Kind::DCtx) }.unwrap();
        assert_eq!(got.value, 512 - size_of::<Handle<usize>>());
        // SAFETY: as above; a different kind is refused.
        assert!(unsafe { get::<usize>(h.as_ptr().cast(), Kind::DStream) }.is_none());
        // SAFETY: too small or NULL workspaces are refused before any write.
        assert!(unsafe { emplace(base, 8, Kind::DCtx, None, |_| Some(0usize)) }.is_none());
        // SAFETY: NULL is refused.
        let null = unsafe { emplace(core::ptr::null_mut(), 512, Kind::DCtx, None, |_| Some(0u8)) };
        assert!(null.is_none());
        assert!(bound::<usize>(usize::MAX - 3) == usize::MAX);
    }
}
