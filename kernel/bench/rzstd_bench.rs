// SPDX-License-Identifier: GPL-2.0

//! zstd speed in the kernel, in the shapes of its consumers (`make bench-kernel`).
//!
//! Built into both benchmark kernels (stock C `lib/zstd`, and ours with `CONFIG_ZSTD_RUST`),
//! this module times the `<linux/zstd.h>` C API through `bindings::` exactly as zram,
//! crypto/zswap, btrfs and squashfs call it. In our kernel it also times the same shapes
//! through the `zstd_kernel` crate directly (safe contexts on kernel-allocated workspaces,
//! no C shim): the way in for Rust drivers, and a measure of what the shim costs.
//!
//! Inputs are read at boot from the initramfs (`/bench/`, made by
//! `scripts/kernel/bench-kernel.sh` from `../shared/corpus`): `input` (corpus slices),
//! `dict` (a trained dictionary) and `sq-<block>-<level>` (squashfs-style blocks, one frame
//! each, made by the host's zstd as mksquashfs would). Every round trip is compared with
//! the input: a mismatch or an error fails the module and prints no speed for the shape.
//! Each measurement is one line: `rzstd_bench: shape=... level=... api=c|rust dir=c|d
//! bytes=... ns=... csize=...`, the time of the fastest of [`PASSES`] passes over the
//! input; the host computes speeds, medians and ratios.

use core::ffi::c_void;
use core::ptr;
use kernel::bindings;
use kernel::error::from_err_ptr;
use kernel::prelude::*;
use kernel::str::CStr;

module! {
    type: RzstdBench,
    name: "rzstd_bench",
    author: "Rust zstd for Linux",
    description: "zstd speed in the shapes of zram, zswap, btrfs and squashfs",
    license: "GPL",
}

const PAGE: usize = 4096;

/// Passes over the input a measurement times; it reports the fastest. One pass of a fast
/// shape takes a few milliseconds, the first also pays for cold caches, and a tick or a
/// host's hiccup shows in any one of them.
const PASSES: usize = 5;

/// The fastest of [`PASSES`] runs of `pass` (each returns its time in ns).
fn fastest(mut pass: impl FnMut() -> Result<i64>) -> Result<i64> {
    let mut best = i64::MAX;
    for _ in 0..PASSES {
        best = best.min(pass()?);
    }
    Ok(best)
}

#[derive(Clone, Copy)]
enum Kind {
    /// One frame per chunk, `zstd_compress_cctx` / `zstd_decompress_dctx`.
    OneShot,
    /// zram's dictionary mode: cdict / ddict from a custom allocator.
    Dict,
    /// btrfs: a cstream per 128 KiB extent, pages in and out; dstream with a page bounce.
    Stream,
    /// squashfs: decompression only of the host's frames, 4 KiB blocks in, pages out.
    Decode(&'static CStr),
}

struct Shape {
    name: &'static str,
    kind: Kind,
    chunk: usize,
    estimate: u64,
    level: i32,
}

const SHAPES: &[Shape] = &[
    Shape { name: "zram", kind: Kind::OneShot, chunk: PAGE, estimate: PAGE as u64, level: 1 },
    Shape { name: "zram", kind: Kind::OneShot, chunk: PAGE, estimate: PAGE as u64, level: 3 },
    Shape { name: "zram", kind: Kind::OneShot, chunk: PAGE, estimate: PAGE as u64, level: 9 },
    Shape { name: "zswap", kind: Kind::OneShot, chunk: PAGE, estimate: 0, level: 3 },
    Shape { name: "zram-dict", kind: Kind::Dict, chunk: PAGE, estimate: PAGE as u64, level: 1 },
    Shape { name: "zram-dict", kind: Kind::Dict, chunk: PAGE, estimate: PAGE as u64, level: 3 },
    Shape { name: "btrfs", kind: Kind::Stream, chunk: 128 << 10, estimate: 128 << 10, level: 1 },
    Shape { name: "btrfs", kind: Kind::Stream, chunk: 128 << 10, estimate: 128 << 10, level: 3 },
    Shape { name: "btrfs", kind: Kind::Stream, chunk: 128 << 10, estimate: 128 << 10, level: 9 },
    Shape {
        name: "btrfs",
        kind: Kind::Stream,
        chunk: 128 << 10,
        estimate: 128 << 10,
        level: 15,
    },
    Shape {
        name: "squashfs-128K",
        kind: Kind::Decode(kernel::c_str!("/bench/sq-128K-19")),
        chunk: 128 << 10,
        estimate: 0,
        level: 19,
    },
    Shape {
        name: "squashfs-128K",
        kind: Kind::Decode(kernel::c_str!("/bench/sq-128K-22")),
        chunk: 128 << 10,
        estimate: 0,
        level: 22,
    },
    Shape {
        name: "squashfs-1M",
        kind: Kind::Decode(kernel::c_str!("/bench/sq-1M-19")),
        chunk: 1 << 20,
        estimate: 0,
        level: 19,
    },
    Shape {
        name: "squashfs-1M",
        kind: Kind::Decode(kernel::c_str!("/bench/sq-1M-22")),
        chunk: 1 << 20,
        estimate: 0,
        level: 22,
    },
];

/// btrfs caps the window at 128 KiB (`ZSTD_BTRFS_MAX_WINDOWLOG`).
const BTRFS_MAX_WINDOWLOG: u32 = 17;

fn now() -> i64 {
    // SAFETY: `ktime_get` has no preconditions once timekeeping is up (long before
    // device initcalls).
    unsafe { bindings::ktime_get() }
}

/// Reads a whole file of the initramfs into a kvmalloc'ed vector.
fn read_file(path: &CStr) -> Result<KVVec<u8>> {
    // SAFETY: `path` is NUL-terminated; `filp_open` returns a file or an ERR_PTR.
    let file = from_err_ptr(unsafe { bindings::filp_open(path.as_char_ptr(), 0, 0) })?;
    let mut data = KVVec::new();
    let mut chunk = KVVec::from_elem(0u8, 1 << 20, GFP_KERNEL)?;
    let mut pos: bindings::loff_t = 0;
    let res = loop {
        // SAFETY: `file` is open; `chunk` has `chunk.len()` writable bytes; `pos` is valid.
        let n = unsafe {
            bindings::kernel_read(file, chunk.as_mut_ptr().cast(), chunk.len(), &mut pos)
        };
        if n < 0 {
            break Err(Error::from_errno(n as i32));
        }
        if n == 0 {
            break Ok(());
        }
        if let Err(e) = data.extend_from_slice(&chunk[..n as usize], GFP_KERNEL) {
            break Err(e.into());
        }
    };
    // SAFETY: `file` came from `filp_open` and is closed once.
    unsafe { bindings::filp_close(file, ptr::null_mut()) };
    res.map(|()| data)
}

/// Frames of one shape: frame `i` is `buf[off[i]..off[i] + len[i]]`.
struct Frames {
    buf: KVVec<u8>,
    off: KVVec<usize>,
    len: KVVec<usize>,
}

impl Frames {
    /// Room for one frame per chunk, each `cap` bytes (page multiples: streamed frames are
    /// written page by page).
    fn with_room(nchunks: usize, cap: usize) -> Result<Self> {
        let mut f = Frames {
            buf: KVVec::from_elem(0u8, nchunks * cap, GFP_KERNEL)?,
            off: KVVec::with_capacity(nchunks, GFP_KERNEL)?,
            len: KVVec::from_elem(0usize, nchunks, GFP_KERNEL)?,
        };
        for i in 0..nchunks {
            f.off.push(i * cap, GFP_KERNEL)?;
        }
        Ok(f)
    }

    /// The host's frames, one after the other in `buf`.
    fn parse(buf: KVVec<u8>, nchunks: usize) -> Result<Self> {
        let mut off = KVVec::with_capacity(nchunks, GFP_KERNEL)?;
        let mut len = KVVec::with_capacity(nchunks, GFP_KERNEL)?;
        let mut at = 0;
        while at < buf.len() {
            // SAFETY: `buf[at..]` is readable.
            let n = unsafe {
                bindings::zstd_find_frame_compressed_size(
                    buf[at..].as_ptr().cast(),
                    buf.len() - at,
                )
            };
            // SAFETY: plain function of its argument.
            if unsafe { bindings::zstd_is_error(n) } != 0 || n == 0 {
                return Err(EINVAL);
            }
            off.push(at, GFP_KERNEL)?;
            len.push(n, GFP_KERNEL)?;
            at += n;
        }
        if off.len() != nchunks {
            pr_err!("FAIL {} frames, want {}\n", off.len(), nchunks);
            return Err(EINVAL);
        }
        Ok(Frames { buf, off, len })
    }

    fn total(&self) -> usize {
        self.len.iter().sum()
    }
}

struct Bench {
    input: KVVec<u8>,
    dict: KVVec<u8>,
    back: KVVec<u8>,
    bounce: KVVec<u8>,
    checked: usize,
}

impl Bench {
    fn nchunks(&self, s: &Shape) -> usize {
        self.input.len().div_ceil(s.chunk)
    }

    fn chunk(&self, s: &Shape, i: usize) -> &[u8] {
        let start = i * s.chunk;
        &self.input[start..(start + s.chunk).min(self.input.len())]
    }

    /// Compares the decompressed copy with the input, then clears it.
    fn verify(&mut self, s: &Shape, api: &str) -> Result {
        if self.back[..] != self.input[..] {
            pr_err!("FAIL {} level {} api={}: round trip differs\n", s.name, s.level, api);
            return Err(EINVAL);
        }
        self.back.iter_mut().for_each(|b| *b = 0);
        self.checked += 1;
        Ok(())
    }

    fn report(&self, s: &Shape, api: &str, dir: &str, ns: i64, csize: usize) {
        pr_info!(
            "shape={} level={} api={} dir={} bytes={} ns={} csize={}\n",
            s.name,
            s.level,
            api,
            dir,
            self.input.len(),
            ns,
            csize
        );
    }
}

/// zram's allocator for dictionary contexts (`zstd_custom_alloc`, kvzalloc).
unsafe extern "C" fn custom_alloc(_opaque: *mut c_void, size: usize) -> *mut c_void {
    // SAFETY: `kvrealloc` of NULL allocates `size` bytes (zeroed with __GFP_ZERO).
    unsafe { bindings::kvrealloc(ptr::null(), size, bindings::GFP_KERNEL | bindings::__GFP_ZERO) }
}

unsafe extern "C" fn custom_free(_opaque: *mut c_void, address: *mut c_void) {
    // SAFETY: `address` is NULL or came from `custom_alloc`.
    unsafe { bindings::kvfree(address) }
}

fn is_error(r: usize) -> bool {
    // SAFETY: plain function of its argument.
    unsafe { bindings::zstd_is_error(r) != 0 }
}

fn c_err(r: usize) -> Result<usize> {
    if is_error(r) {
        Err(EIO)
    } else {
        Ok(r)
    }
}

/// The `<linux/zstd.h>` C API, called as the consumers call it.
mod capi {
    use super::*;

    /// btrfs' `zstd_compress_folios`: pages in, pages out; returns the frame's size.
    fn stream_compress(
        p: &bindings::zstd_parameters,
        ws: &mut [u8],
        src: &[u8],
        dst: &mut [u8],
    ) -> Result<usize> {
        // SAFETY: `ws` is writable for its length and outlives the stream.
        let cs = unsafe {
            bindings::zstd_init_cstream(p, src.len() as u64, ws.as_mut_ptr().cast(), ws.len())
        };
        if cs.is_null() {
            return Err(ENOMEM);
        }
        let mut inb = bindings::zstd_in_buffer {
            src: src.as_ptr().cast(),
            size: src.len().min(PAGE),
            pos: 0,
        };
        let mut done = 0;
        let mut outb = bindings::zstd_out_buffer {
            dst: dst.as_mut_ptr().cast(),
            size: PAGE,
            pos: 0,
        };
        let mut in_off = 0;
        loop {
            // SAFETY: both buffers describe live memory of their sizes.
            c_err(unsafe { bindings::zstd_compress_stream(cs, &mut outb, &mut inb) })?;
            if outb.pos == outb.size {
                done += outb.pos;
                if done + PAGE > dst.len() {
                    return Err(E2BIG);
                }
                outb.dst = dst[done..].as_mut_ptr().cast();
                outb.pos = 0;
            }
            if inb.pos == inb.size {
                in_off += inb.size;
                if in_off == src.len() {
                    break;
                }
                inb.src = src[in_off..].as_ptr().cast();
                inb.size = (src.len() - in_off).min(PAGE);
                inb.pos = 0;
            }
        }
        loop {
            // SAFETY: as above.
            let r = c_err(unsafe { bindings::zstd_end_stream(cs, &mut outb) })?;
            if r == 0 {
                break;
            }
            if outb.pos == outb.size {
                done += outb.pos;
                if done + PAGE > dst.len() {
                    return Err(E2BIG);
                }
                outb.dst = dst[done..].as_mut_ptr().cast();
                outb.pos = 0;
            }
        }
        Ok(done + outb.pos)
    }

    /// btrfs' `zstd_decompress_bio`: page-sized input, one page bounce buffer copied out.
    fn stream_decompress_bounce(
        chunk: usize,
        ws: &mut [u8],
        bounce: &mut [u8],
        src: &[u8],
        dst: &mut [u8],
    ) -> Result {
        // SAFETY: `ws` is writable for its length and outlives the stream.
        let ds = unsafe { bindings::zstd_init_dstream(chunk, ws.as_mut_ptr().cast(), ws.len()) };
        if ds.is_null() {
            return Err(ENOMEM);
        }
        let mut inb = bindings::zstd_in_buffer {
            src: src.as_ptr().cast(),
            size: src.len().min(PAGE),
            pos: 0,
        };
        let mut outb = bindings::zstd_out_buffer {
            dst: bounce.as_mut_ptr().cast(),
            size: PAGE,
            pos: 0,
        };
        let (mut in_off, mut done) = (0, 0);
        loop {
            // SAFETY: both buffers describe live memory of their sizes.
            let r = c_err(unsafe { bindings::zstd_decompress_stream(ds, &mut outb, &mut inb) })?;
            if r == 0 {
                break;
            }
            if outb.pos == outb.size {
                if done + outb.pos > dst.len() {
                    return Err(E2BIG);
                }
                dst[done..done + outb.pos].copy_from_slice(&bounce[..outb.pos]);
                done += outb.pos;
                outb.pos = 0;
            }
            if inb.pos == inb.size {
                in_off += inb.size;
                if in_off == src.len() {
                    return Err(EIO);
                }
                inb.src = src[in_off..].as_ptr().cast();
                inb.size = (src.len() - in_off).min(PAGE);
                inb.pos = 0;
            }
        }
        if done + outb.pos != dst.len() {
            return Err(EIO);
        }
        dst[done..].copy_from_slice(&bounce[..outb.pos]);
        Ok(())
    }

    /// squashfs' `zstd_uncompress`: device blocks in, page cache pages out (no copy).
    pub(super) fn stream_decompress_pages(
        chunk: usize,
        ws: &mut [u8],
        src: &[u8],
        dst: &mut [u8],
    ) -> Result {
        // SAFETY: `ws` is writable for its length and outlives the stream.
        let ds = unsafe { bindings::zstd_init_dstream(chunk, ws.as_mut_ptr().cast(), ws.len()) };
        if ds.is_null() {
            return Err(ENOMEM);
        }
        let mut inb = bindings::zstd_in_buffer { src: src.as_ptr().cast(), size: 0, pos: 0 };
        let mut outb = bindings::zstd_out_buffer {
            dst: dst.as_mut_ptr().cast(),
            size: 0,
            pos: 0,
        };
        let (mut in_off, mut out_off) = (0, 0);
        loop {
            if inb.pos == inb.size {
                if in_off == src.len() {
                    return Err(EIO);
                }
                inb.src = src[in_off..].as_ptr().cast();
                inb.size = (src.len() - in_off).min(PAGE);
                inb.pos = 0;
                in_off += inb.size;
            }
            if outb.pos == outb.size {
                if out_off == dst.len() {
                    return Err(E2BIG);
                }
                outb.dst = dst[out_off..].as_mut_ptr().cast();
                outb.size = (dst.len() - out_off).min(PAGE);
                outb.pos = 0;
                out_off += outb.size;
            }
            // SAFETY: both buffers describe live memory of their sizes.
            let r = c_err(unsafe { bindings::zstd_decompress_stream(ds, &mut outb, &mut inb) })?;
            if r == 0 {
                break;
            }
        }
        if out_off - outb.size + outb.pos != dst.len() {
            return Err(EIO);
        }
        Ok(())
    }

    /// One shape through the C API: compression (timed), decompression (timed), check.
    // Out of line: inlined, every shape's locals would add up in `bench`'s frame (2.5 KiB)
    // under the codec's own frames, on the module's init stack.
    #[inline(never)]
    pub(super) fn run(b: &mut Bench, s: &Shape, frames: Option<&Frames>) -> Result {
        let n = b.nchunks(s);
        // SAFETY: plain function of its arguments.
        let mut p = unsafe { bindings::zstd_get_params(s.level, s.estimate) };
        if matches!(s.kind, Kind::Stream) && p.cParams.windowLog > BTRFS_MAX_WINDOWLOG {
            p.cParams.windowLog = BTRFS_MAX_WINDOWLOG;
        }
        // SAFETY: plain function of its argument.
        let cap = unsafe { bindings::zstd_compress_bound(s.chunk) }.next_multiple_of(PAGE);
        let mut own;
        let fr: &Frames = match frames {
            Some(f) => f,
            None => {
                own = Frames::with_room(n, cap)?;
                let t = fastest(|| compress(b, s, &p, &mut own))?;
                b.report(s, "c", "c", t, own.total());
                &own
            }
        };
        let t = fastest(|| decompress(b, s, fr))?;
        b.report(s, "c", "d", t, fr.total());
        b.verify(s, "c")
    }

    /// Compresses the input into `f`; returns the time taken.
    fn compress(b: &Bench, s: &Shape, p: &bindings::zstd_parameters, f: &mut Frames) -> Result<i64> {
        let n = b.nchunks(s);
        let cap = f.buf.len() / n;
        let t;
        match s.kind {
            Kind::OneShot => {
                // SAFETY: `p.cParams` is readable.
                let wsz = unsafe { bindings::zstd_cctx_workspace_bound(&p.cParams) };
                let mut ws = KVVec::from_elem(0u8, wsz, GFP_KERNEL)?;
                // SAFETY: `ws` is writable for `wsz` bytes and outlives the context.
                let cctx = unsafe { bindings::zstd_init_cctx(ws.as_mut_ptr().cast(), wsz) };
                if cctx.is_null() {
                    return Err(ENOMEM);
                }
                let t0 = now();
                for i in 0..n {
                    let src = b.chunk(s, i);
                    let dst = &mut f.buf[i * cap..(i + 1) * cap];
                    // SAFETY: `dst`/`src` are live slices of the given lengths; `cctx`
                    // lives in `ws`.
                    f.len[i] = c_err(unsafe {
                        bindings::zstd_compress_cctx(
                            cctx,
                            dst.as_mut_ptr().cast(),
                            dst.len(),
                            src.as_ptr().cast(),
                            src.len(),
                            p,
                        )
                    })?;
                }
                t = now() - t0;
            }
            Kind::Dict => {
                let mem = bindings::zstd_custom_mem {
                    customAlloc: Some(custom_alloc),
                    customFree: Some(custom_free),
                    opaque: ptr::null_mut(),
                };
                // SAFETY: plain function of its arguments (zram's cdict parameters).
                let cp = unsafe { bindings::zstd_get_cparams(s.level, PAGE as u64, b.dict.len()) };
                // SAFETY: the dictionary outlives the cdict (freed below).
                let cdict = unsafe {
                    bindings::zstd_create_cdict_byreference(b.dict.as_ptr().cast(), b.dict.len(), cp, mem)
                };
                // SAFETY: `mem` holds valid allocation functions.
                let cctx = unsafe { bindings::zstd_create_cctx_advanced(mem) };
                let res = (|| -> Result<i64> {
                    if cdict.is_null() || cctx.is_null() {
                        return Err(ENOMEM);
                    }
                    let t0 = now();
                    for i in 0..n {
                        let src = b.chunk(s, i);
                        let dst = &mut f.buf[i * cap..(i + 1) * cap];
                        // SAFETY: live slices; `cctx`/`cdict` are live.
                        f.len[i] = c_err(unsafe {
                            bindings::zstd_compress_using_cdict(
                                cctx,
                                dst.as_mut_ptr().cast(),
                                dst.len(),
                                src.as_ptr().cast(),
                                src.len(),
                                cdict,
                            )
                        })?;
                    }
                    Ok(now() - t0)
                })();
                // SAFETY: both are NULL or live, and not used afterwards.
                unsafe {
                    bindings::zstd_free_cctx(cctx);
                    bindings::zstd_free_cdict(cdict);
                }
                t = res?;
            }
            Kind::Stream => {
                // SAFETY: `p.cParams` is readable.
                let wsz = unsafe { bindings::zstd_cstream_workspace_bound(&p.cParams) };
                let mut ws = KVVec::from_elem(0u8, wsz, GFP_KERNEL)?;
                let t0 = now();
                for i in 0..n {
                    let src = b.chunk(s, i);
                    f.len[i] = stream_compress(p, &mut ws, src, &mut f.buf[i * cap..(i + 1) * cap])?;
                }
                t = now() - t0;
            }
            Kind::Decode(_) => return Err(EINVAL),
        }
        Ok(t)
    }

    /// Decompresses `f` into `b.back`; returns the time taken.
    fn decompress(b: &mut Bench, s: &Shape, f: &Frames) -> Result<i64> {
        let n = b.nchunks(s);
        let t;
        match s.kind {
            Kind::OneShot | Kind::Dict => {
                let mem = bindings::zstd_custom_mem {
                    customAlloc: Some(custom_alloc),
                    customFree: Some(custom_free),
                    opaque: ptr::null_mut(),
                };
                let dict = matches!(s.kind, Kind::Dict);
                // SAFETY: plain function.
                let wsz = unsafe { bindings::zstd_dctx_workspace_bound() };
                let mut ws = KVVec::from_elem(0u8, if dict { 0 } else { wsz }, GFP_KERNEL)?;
                let (dctx, ddict) = if dict {
                    // SAFETY: `mem` holds valid allocation functions; the dictionary
                    // outlives the ddict (freed below).
                    unsafe {
                        (
                            bindings::zstd_create_dctx_advanced(mem),
                            bindings::zstd_create_ddict_byreference(b.dict.as_ptr().cast(), b.dict.len(), mem),
                        )
                    }
                } else {
                    // SAFETY: `ws` is writable for `wsz` bytes and outlives the context.
                    (unsafe { bindings::zstd_init_dctx(ws.as_mut_ptr().cast(), wsz) }, ptr::null_mut())
                };
                let res = (|| -> Result<i64> {
                    if dctx.is_null() || (dict && ddict.is_null()) {
                        return Err(ENOMEM);
                    }
                    let t0 = now();
                    for i in 0..n {
                        let (start, len) = (i * s.chunk, b.chunk(s, i).len());
                        let src = &f.buf[f.off[i]..f.off[i] + f.len[i]];
                        let dst = &mut b.back[start..start + len];
                        // SAFETY: live slices; `dctx`/`ddict` are live.
                        let r = c_err(unsafe {
                            if dict {
                                bindings::zstd_decompress_using_ddict(
                                    dctx,
                                    dst.as_mut_ptr().cast(),
                                    len,
                                    src.as_ptr().cast(),
                                    src.len(),
                                    ddict,
                                )
                            } else {
                                bindings::zstd_decompress_dctx(
                                    dctx,
                                    dst.as_mut_ptr().cast(),
                                    len,
                                    src.as_ptr().cast(),
                                    src.len(),
                                )
                            }
                        })?;
                        if r != len {
                            return Err(EIO);
                        }
                    }
                    Ok(now() - t0)
                })();
                if dict {
                    // SAFETY: both are NULL or live, and not used afterwards.
                    unsafe {
                        bindings::zstd_free_dctx(dctx);
                        bindings::zstd_free_ddict(ddict);
                    }
                }
                t = res?;
            }
            Kind::Stream | Kind::Decode(_) => {
                // SAFETY: plain function.
                let wsz = unsafe { bindings::zstd_dstream_workspace_bound(s.chunk) };
                let mut ws = KVVec::from_elem(0u8, wsz, GFP_KERNEL)?;
                let t0 = now();
                for i in 0..n {
                    let (start, len) = (i * s.chunk, b.chunk(s, i).len());
                    let src = &f.buf[f.off[i]..f.off[i] + f.len[i]];
                    let dst = &mut b.back[start..start + len];
                    if matches!(s.kind, Kind::Stream) {
                        stream_decompress_bounce(s.chunk, &mut ws, &mut b.bounce, src, dst)?;
                    } else {
                        stream_decompress_pages(s.chunk, &mut ws, src, dst)?;
                    }
                }
                t = now() - t0;
            }
        }
        Ok(t)
    }
}

/// The same shapes through the `zstd_kernel` crate (our kernel only): safe contexts on
/// kvmalloc'ed workspaces, no C shim.
#[cfg(CONFIG_ZSTD_RUST)]
mod rustapi {
    use super::*;
    use zstd_kernel::compress::{get_cparams, get_params};
    use zstd_kernel::{
        cctx_workspace_bound, compress_bound, cstream_workspace_bound, dctx_workspace_bound,
        dstream_workspace_bound, CCtx, CDict, CStream, DCtx, DDict, DStream,
    };

    fn ok<T>(r: core::result::Result<T, zstd_kernel::Error>) -> Result<T> {
        r.map_err(|e| {
            pr_err!("zstd_kernel error: {:?}\n", e);
            EIO
        })
    }

    fn stream_compress(p: &zstd_kernel::params::Params, ws: &mut [u8], src: &[u8], dst: &mut [u8]) -> Result<usize> {
        let mut cs = ok(CStream::new(p, src.len() as u64, ws))?;
        let (mut done, mut out_pos, mut in_off) = (0, 0, 0);
        loop {
            let end = (in_off + PAGE).min(src.len());
            let mut in_pos = 0;
            let input = &src[in_off..end];
            while in_pos < input.len() {
                ok(cs.compress_stream(&mut dst[done..done + PAGE], &mut out_pos, input, &mut in_pos))?;
                if out_pos == PAGE {
                    done += PAGE;
                    out_pos = 0;
                    if done + PAGE > dst.len() {
                        return Err(E2BIG);
                    }
                }
            }
            in_off = end;
            if in_off == src.len() {
                break;
            }
        }
        loop {
            let r = ok(cs.end_stream(&mut dst[done..done + PAGE], &mut out_pos))?;
            if r == 0 {
                break;
            }
            if out_pos == PAGE {
                done += PAGE;
                out_pos = 0;
                if done + PAGE > dst.len() {
                    return Err(E2BIG);
                }
            }
        }
        Ok(done + out_pos)
    }

    fn stream_decompress(ws: &mut [u8], bounce: Option<&mut [u8]>, src: &[u8], dst: &mut [u8]) -> Result {
        let mut ds = ok(DStream::new(ws))?;
        let (mut in_off, mut done) = (0, 0);
        let mut in_end = src.len().min(PAGE);
        let mut in_pos = 0;
        match bounce {
            // btrfs: one page bounce buffer copied out.
            Some(page) => {
                let mut out_pos = 0;
                loop {
                    let before = (in_pos, out_pos);
                    let r = ok(ds.decompress_stream(page, &mut out_pos, &src[in_off..in_end], &mut in_pos))?;
                    if r == 0 {
                        break;
                    }
                    // With the last input page used up, calls that still progress are
                    // flushing; a call that progresses no more means a truncated frame.
                    let stalled = before == (in_pos, out_pos);
                    if out_pos == PAGE {
                        if done + PAGE > dst.len() {
                            return Err(E2BIG);
                        }
                        dst[done..done + PAGE].copy_from_slice(page);
                        done += PAGE;
                        out_pos = 0;
                    }
                    if in_off + in_pos == in_end {
                        if in_end == src.len() {
                            if stalled {
                                return Err(EIO);
                            }
                            continue;
                        }
                        in_off = in_end;
                        in_end = (in_off + PAGE).min(src.len());
                        in_pos = 0;
                    }
                }
                if done + out_pos != dst.len() {
                    return Err(EIO);
                }
                dst[done..].copy_from_slice(&page[..out_pos]);
            }
            // squashfs: straight into the pages.
            None => loop {
                if in_off + in_pos == in_end && in_end < src.len() {
                    in_off = in_end;
                    in_end = (in_off + PAGE).min(src.len());
                    in_pos = 0;
                }
                let before = (in_off + in_pos, done);
                let out_end = (done - done % PAGE + PAGE).min(dst.len());
                let mut out_pos = done % PAGE;
                let page_start = done - out_pos;
                let r = ok(ds.decompress_stream(
                    &mut dst[page_start..out_end],
                    &mut out_pos,
                    &src[in_off..in_end],
                    &mut in_pos,
                ))?;
                done = page_start + out_pos;
                if r == 0 {
                    if done != dst.len() {
                        return Err(EIO);
                    }
                    break;
                }
                if before == (in_off + in_pos, done) {
                    return Err(EIO); // no progress: truncated frame or output too short
                }
            },
        }
        Ok(())
    }

    // Out of line: inlined, every shape's locals would add up in `bench`'s frame (2.5 KiB)
    // under the codec's own frames, on the module's init stack.
    #[inline(never)]
    pub(super) fn run(b: &mut Bench, s: &Shape, frames: Option<&Frames>) -> Result {
        let n = b.nchunks(s);
        let mut p = get_params(s.level, s.estimate);
        if matches!(s.kind, Kind::Stream) && p.cparams.window_log > BTRFS_MAX_WINDOWLOG {
            p.cparams.window_log = BTRFS_MAX_WINDOWLOG;
        }
        let own;
        let f: &Frames = match frames {
            Some(f) => f,
            None => {
                let cap = compress_bound(s.chunk).next_multiple_of(PAGE);
                let mut fr = Frames::with_room(n, cap)?;
                let t = fastest(|| match s.kind {
                    Kind::OneShot => compress_one_shot(b, s, &p, &mut fr, cap),
                    Kind::Dict => compress_dict(b, s, &mut fr, cap),
                    Kind::Stream => compress_streams(b, s, &p, &mut fr, cap),
                    Kind::Decode(_) => Err(EINVAL),
                })?;
                b.report(s, "rust", "c", t, fr.total());
                own = fr;
                &own
            }
        };
        let t = fastest(|| match s.kind {
            Kind::OneShot | Kind::Dict => decompress_blocks(b, s, f),
            Kind::Stream | Kind::Decode(_) => decompress_streams(b, s, f),
        })?;
        b.report(s, "rust", "d", t, f.total());
        b.verify(s, "rust")
    }

    // Each way of calling the crate in a frame of its own (out of line): its contexts
    // (a digested dictionary, 500 bytes; a stream, 800) then never add up with another
    // way's on the module's init stack, under the codec's own frames.

    /// Chunks compressed one by one with a `CCtx`; returns the time taken.
    #[inline(never)]
    fn compress_one_shot(b: &Bench, s: &Shape, p: &zstd_kernel::params::Params, fr: &mut Frames, cap: usize) -> Result<i64> {
        let n = b.nchunks(s);
        let mut ws = KVVec::from_elem(0u8, cctx_workspace_bound(&p.cparams), GFP_KERNEL)?;
        let mut cctx = ok(CCtx::new(&mut ws))?;
        let t0 = now();
        for i in 0..n {
            let dst = &mut fr.buf[i * cap..(i + 1) * cap];
            fr.len[i] = ok(cctx.compress(dst, b.chunk(s, i), p))?;
        }
        Ok(now() - t0)
    }

    /// Chunks compressed with a digested dictionary, as zram does.
    #[inline(never)]
    fn compress_dict(b: &Bench, s: &Shape, fr: &mut Frames, cap: usize) -> Result<i64> {
        let n = b.nchunks(s);
        let cp = get_cparams(s.level, PAGE as u64, b.dict.len());
        let mut dws = KVVec::from_elem(0u8, CDict::workspace_bound(b.dict.len(), &cp), GFP_KERNEL)?;
        let cdict = ok(CDict::new(&b.dict, cp, &mut dws))?;
        let mut ws = KVVec::from_elem(0u8, cctx_workspace_bound(&cp), GFP_KERNEL)?;
        let mut cctx = ok(CCtx::new(&mut ws))?;
        let t0 = now();
        for i in 0..n {
            let dst = &mut fr.buf[i * cap..(i + 1) * cap];
            fr.len[i] = ok(cctx.compress_using_cdict(dst, b.chunk(s, i), &cdict))?;
        }
        Ok(now() - t0)
    }

    /// Chunks streamed in pages, as btrfs does.
    #[inline(never)]
    fn compress_streams(b: &Bench, s: &Shape, p: &zstd_kernel::params::Params, fr: &mut Frames, cap: usize) -> Result<i64> {
        let n = b.nchunks(s);
        let mut ws = KVVec::from_elem(0u8, cstream_workspace_bound(&p.cparams), GFP_KERNEL)?;
        let t0 = now();
        for i in 0..n {
            let dst = &mut fr.buf[i * cap..(i + 1) * cap];
            fr.len[i] = stream_compress(p, &mut ws, b.chunk(s, i), dst)?;
        }
        Ok(now() - t0)
    }

    /// Frames decompressed one by one with a `DCtx` (and a `DDict` for the dictionary
    /// shape).
    #[inline(never)]
    fn decompress_blocks(b: &mut Bench, s: &Shape, f: &Frames) -> Result<i64> {
        let n = b.nchunks(s);
        let mut ws = KVVec::from_elem(0u8, dctx_workspace_bound(), GFP_KERNEL)?;
        let mut dws = KVVec::from_elem(0u8, DDict::workspace_bound(b.dict.len()), GFP_KERNEL)?;
        let ddict = if matches!(s.kind, Kind::Dict) { Some(ok(DDict::new(&b.dict, &mut dws))?) } else { None };
        let mut dctx = ok(DCtx::new(&mut ws))?;
        let t0 = now();
        for i in 0..n {
            let (start, len) = (i * s.chunk, b.chunk(s, i).len());
            let src = &f.buf[f.off[i]..f.off[i] + f.len[i]];
            let dst = &mut b.back[start..start + len];
            let r = match &ddict {
                Some(d) => ok(dctx.decompress_using_ddict(dst, src, d))?,
                None => ok(dctx.decompress(dst, src))?,
            };
            if r != len {
                return Err(EIO);
            }
        }
        Ok(now() - t0)
    }

    /// Frames streamed: through a page bounce buffer (btrfs) or into the pages
    /// (squashfs).
    #[inline(never)]
    fn decompress_streams(b: &mut Bench, s: &Shape, f: &Frames) -> Result<i64> {
        let n = b.nchunks(s);
        let mut ws = KVVec::from_elem(0u8, dstream_workspace_bound(s.chunk), GFP_KERNEL)?;
        let t0 = now();
        for i in 0..n {
            let (start, len) = (i * s.chunk, b.chunk(s, i).len());
            let src = &f.buf[f.off[i]..f.off[i] + f.len[i]];
            let dst = &mut b.back[start..start + len];
            let bounce = if matches!(s.kind, Kind::Stream) { Some(&mut b.bounce[..]) } else { None };
            stream_decompress(&mut ws, bounce, src, dst)?;
        }
        Ok(now() - t0)
    }
}

struct RzstdBench;

fn bench() -> Result {
    let input = read_file(kernel::c_str!("/bench/input"))
        .inspect_err(|e| pr_err!("FAIL reading /bench/input: {:?}\n", e))?;
    let dict = read_file(kernel::c_str!("/bench/dict"))
        .inspect_err(|e| pr_err!("FAIL reading /bench/dict: {:?}\n", e))?;
    let back = KVVec::from_elem(0u8, input.len(), GFP_KERNEL)?;
    let bounce = KVVec::from_elem(0u8, PAGE, GFP_KERNEL)?;
    let mut b = Bench { input, dict, back, bounce, checked: 0 };
    let imp = if cfg!(CONFIG_ZSTD_RUST) { "rust-zstd" } else { "c" };
    pr_info!("start impl={} input={} dict={}\n", imp, b.input.len(), b.dict.len());
    // Which code the C API runs: the shim takes the BMI2 variant when this is true.
    #[cfg(CONFIG_ZSTD_RUST)]
    {
        extern "C" {
            fn rzstd_cpu_has_bmi2() -> bool;
        }
        // SAFETY: a C function without arguments that reads the boot CPU's feature bits.
        let bmi2 = unsafe { rzstd_cpu_has_bmi2() };
        pr_info!("cpu bmi2={}\n", bmi2);
    }
    for s in SHAPES {
        let frames = match s.kind {
            Kind::Decode(path) => Some(Frames::parse(read_file(path)?, b.nchunks(s))?),
            _ => None,
        };
        let res = capi::run(&mut b, s, frames.as_ref());
        if let Err(e) = res {
            pr_err!("FAIL {} level {} api=c: {:?}\n", s.name, s.level, e);
            return res;
        }
        #[cfg(CONFIG_ZSTD_RUST)]
        {
            let res = rustapi::run(&mut b, s, frames.as_ref());
            if let Err(e) = res {
                pr_err!("FAIL {} level {} api=rust: {:?}\n", s.name, s.level, e);
                return res;
            }
        }
    }
    pr_info!("done impl={} round_trips_checked={}\n", imp, b.checked);
    Ok(())
}

impl kernel::Module for RzstdBench {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        bench()?;
        Ok(RzstdBench)
    }
}
