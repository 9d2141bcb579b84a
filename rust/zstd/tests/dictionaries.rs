// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! The dictionary reader both directions share, against C: damaged dictionaries are
//! accepted or refused as C's DDict and CDict accept or refuse them, and every accepted
//! one works both ways (our CDict's frames decode in C with it, C's frames decode with
//! our DDict).

mod enc;

use enc::{corpus, shared};
use proptest::prelude::*;
use zstd::zstd_safe::zstd_sys;
use zstd_kernel::compress::{cctx_workspace_bound, compress_bound, get_cparams, CCtx, CDict};
use zstd_kernel::{dctx_workspace_bound, DCtx, DDict, Error};

/// Whether C's `ZSTD_createDDict` / `ZSTD_createCDict` (level 3) take `d`.
fn c_accepts(d: &[u8]) -> (bool, bool) {
    // SAFETY: `d` outlives the calls; each object created is freed at once.
    unsafe {
        let dd = zstd_sys::ZSTD_createDDict(d.as_ptr().cast(), d.len());
        let cd = zstd_sys::ZSTD_createCDict(d.as_ptr().cast(), d.len(), 3);
        let r = (!dd.is_null(), !cd.is_null());
        zstd_sys::ZSTD_freeDDict(dd);
        zstd_sys::ZSTD_freeCDict(cd);
        r
    }
}

/// Our DDict and CDict (level 3) on `d`: Ok or the error.
fn ours(d: &[u8]) -> (Result<u32, Error>, Result<u32, Error>) {
    let mut dws = vec![0u8; DDict::workspace_bound(d.len())];
    let dd = DDict::new(d, &mut dws).map(|x| x.dict_id());
    let cp = get_cparams(3, 4096, d.len());
    let mut cws = vec![0u8; CDict::workspace_bound(d.len(), &cp)];
    let cd = CDict::new(d, cp, &mut cws).map(|x| x.dict_id());
    (dd, cd)
}

/// Compresses `src` with our CDict of `d` at `level`; C decodes it with `d`.
fn ours_to_c(d: &[u8], src: &[u8], level: i32) {
    let cp = get_cparams(level, src.len() as u64, d.len());
    let mut dws = vec![0u8; CDict::workspace_bound(d.len(), &cp)];
    let cdict = CDict::new(d, cp, &mut dws).unwrap();
    let mut ws = vec![0u8; cctx_workspace_bound(&cp)];
    let mut cctx = CCtx::new(&mut ws).unwrap();
    let mut z = vec![0u8; compress_bound(src.len())];
    let n = cctx.compress_using_cdict(&mut z, src, &cdict).unwrap();
    let mut c = zstd::bulk::Decompressor::with_dictionary(d).unwrap();
    assert_eq!(
        c.decompress(&z[..n], src.len()).unwrap(),
        src,
        "level {level}"
    );
}

/// C compresses `src` with `d` at `level`; our DDict decodes it.
fn c_to_ours(d: &[u8], src: &[u8], level: i32) {
    let z = zstd::bulk::Compressor::with_dictionary(level, d)
        .unwrap()
        .compress(src)
        .unwrap();
    let mut dws = vec![0u8; DDict::workspace_bound(d.len())];
    let dd = DDict::new(d, &mut dws).unwrap();
    let mut ws = vec![0u8; dctx_workspace_bound()];
    let mut dctx = DCtx::new(&mut ws).unwrap();
    let mut out = vec![0u8; src.len()];
    let n = dctx.decompress_using_ddict(&mut out, &z, &dd).unwrap();
    assert_eq!(&out[..n], src, "level {level}");
}

/// A dictionary trained on kernel source pages, the pages after them, and the golden
/// dictionary (some symbols have no code in its Huffman table).
fn dictionaries() -> &'static (Vec<u8>, Vec<u8>, Vec<u8>) {
    static D: std::sync::OnceLock<(Vec<u8>, Vec<u8>, Vec<u8>)> = std::sync::OnceLock::new();
    D.get_or_init(|| {
        let data = corpus("linux-src.tar", 1 << 20);
        let pages: Vec<&[u8]> = data.chunks(4096).collect();
        let trained = zstd::dict::from_samples(&pages[..200], 16 << 10).unwrap();
        let golden = std::fs::read(
            shared().join("testdata/golden/golden-dictionaries/http-dict-missing-symbols"),
        )
        .unwrap();
        (trained, data[200 << 12..210 << 12].to_vec(), golden)
    })
}

#[test]
fn intact_dictionaries_work_both_ways() {
    let (trained, text, golden) = dictionaries();
    for d in [trained, golden] {
        let (dd, cd) = ours(d);
        let id = u32::from_le_bytes(d[4..8].try_into().unwrap());
        assert_eq!((dd, cd), (Ok(id), Ok(id)));
        for level in [1, 3, 9, 19] {
            // Small inputs reuse the dictionary's tables (treeless literals, repeat
            // sequence tables); larger ones build their own.
            for src in [&text[..300], &text[..4096], &text[..]] {
                ours_to_c(d, src, level);
                c_to_ours(d, src, level);
            }
        }
    }
}

/// zram's case: 4 KiB pages, each a frame through one CDict made for pages. Small inputs
/// search the dictionary's tables in place beside their own (C's attached dictionary):
/// every page decodes in C, and the pages together are no larger than C's (+0.5%). One
/// context keeps its own tables from page to page (frames without the dictionary in
/// between): each frame is the one a fresh context makes.
#[test]
fn pages_with_an_attached_dictionary_are_as_small_as_c() {
    let (trained, _, _) = dictionaries();
    let data = corpus("linux-src.tar", 1 << 20);
    let d = &trained[..];
    let cp = get_cparams(3, 4096, d.len());
    let mut dws = vec![0u8; CDict::workspace_bound(d.len(), &cp)];
    let cdict = CDict::new(d, cp, &mut dws).unwrap();
    let mut ws = vec![0u8; cctx_workspace_bound(&cp)];
    let mut cctx = CCtx::new(&mut ws).unwrap();
    let mut c = zstd::bulk::Compressor::with_dictionary(3, d).unwrap();
    let mut dc = zstd::bulk::Decompressor::with_dictionary(d).unwrap();
    let plain = zstd_kernel::compress::get_params(3, 4096);
    let mut fresh_ws = vec![0u8; cctx_workspace_bound(&cp)];
    let (mut ours, mut theirs) = (0, 0);
    for (k, page) in data[210 << 12..].chunks(4096).take(60).enumerate() {
        let mut z = vec![0u8; compress_bound(page.len())];
        if k % 7 == 3 {
            let n = cctx.compress(&mut z, page, &plain).unwrap();
            assert_eq!(zstd::bulk::decompress(&z[..n], page.len()).unwrap(), page);
        }
        let n = cctx.compress_using_cdict(&mut z, page, &cdict).unwrap();
        assert_eq!(dc.decompress(&z[..n], page.len()).unwrap(), page);
        let mut f = vec![0u8; compress_bound(page.len())];
        let m = CCtx::new(&mut fresh_ws)
            .unwrap()
            .compress_using_cdict(&mut f, page, &cdict)
            .unwrap();
        assert!(
            z[..n] == f[..m],
            "page {k}: not the frame of a fresh context"
        );
        ours += n;
        theirs += c.compress(page).unwrap().len();
    }
    assert!(
        ours * 1000 <= theirs * 1005,
        "ours {ours} bytes, C {theirs} bytes"
    );
}

/// The kernel's KUnit case: a raw-content dictionary digested with a page's parameters
/// (a 4 KiB window, so only the dictionary's last bytes are within reach) still shortens
/// a page that starts with the bytes before its end, and the frame needs the dictionary.
/// Frames whose window (4 KiB) is much smaller than the dictionary (16 KiB) reach all of
/// it while their bytes fit the window, as C's do (the decoders resolve such offsets in
/// the dictionary); a block past the window does not. C and our stream, fed in pieces,
/// decode them.
#[test]
fn a_small_window_reaches_the_whole_dictionary() {
    let (trained, text, _) = dictionaries();
    let d = &trained[header_size(trained)..];
    // Content from the dictionary's start, the part farthest from the frame.
    let mut page = text[..96].to_vec();
    page.extend_from_slice(&d[..2048]);
    page.extend_from_slice(&text[96..4096 - 2048]);
    let mut pages = page.clone();
    pages.extend_from_slice(&text[4096..8192]);
    pages.extend_from_slice(&page);
    // The 12 KiB frame announces a 16 KiB window (as C's does); its matches stay
    // within the parameters' 4 KiB.
    let mut dss = vec![0u8; zstd_kernel::dstream_workspace_bound(1 << 14)];
    let mut dds = vec![0u8; DDict::workspace_bound(d.len())];
    let ddict = DDict::new(d, &mut dds).unwrap();
    let mut ds = zstd_kernel::DStream::new(&mut dss).unwrap();
    ds.set_ddict(Some(&ddict));
    for level in [1, 3, 5, 9, 13, 16, 19] {
        let p = zstd_kernel::compress::get_params(level, 4096);
        assert_eq!(p.cparams.window_log, 12);
        let mut cws = vec![0u8; CDict::workspace_bound(d.len(), &p.cparams)];
        let cdict = CDict::new(d, p.cparams, &mut cws).unwrap();
        let mut ws = vec![0u8; cctx_workspace_bound(&p.cparams)];
        let mut cctx = CCtx::new(&mut ws).unwrap();
        for src in [&page, &pages] {
            let mut z = vec![0u8; compress_bound(src.len())];
            let without = cctx.compress(&mut z, src, &p).unwrap();
            let with = cctx.compress_using_cdict(&mut z, src, &cdict).unwrap();
            // The first page takes its 2 KiB from the dictionary (the frame's
            // entropy tables come from it too); the last, past the window, cannot.
            assert!(with + 1024 < without, "level {level}: {with}, {without}");
            let z = &z[..with];
            let mut c = zstd::bulk::Decompressor::with_dictionary(d).unwrap();
            assert!(
                c.decompress(z, src.len()).unwrap() == **src,
                "level {level}"
            );
            ds.reset();
            let mut out = vec![0u8; src.len()];
            let (mut ip, mut op, mut r) = (0, 0, Ok(1));
            while r.is_ok_and(|n| n > 0) && ip < z.len() {
                let ie = (ip + 100).min(z.len());
                let oe = (op + 1000).min(out.len());
                let (mut i, mut o) = (0, 0);
                r = ds.decompress_stream(&mut out[op..oe], &mut o, &z[ip..ie], &mut i);
                ip += i;
                op += o;
            }
            assert_eq!((r, op), (Ok(0), src.len()), "level {level}");
            assert!(out == **src, "level {level}");
        }
    }
}

#[test]
fn short_and_raw_dictionaries() {
    for d in [
        &b""[..],
        b"1234567",
        b"12345678",
        b"not a zstd dictionary at all",
    ] {
        let (dd, cd) = ours(d);
        assert_eq!((dd, cd), (Ok(0), Ok(0)), "{d:?}");
        assert_eq!(c_accepts(d), (true, true));
    }
}

/// Bytes of `d` before its content (magic, ID, entropy tables, repeat offsets), by C.
fn header_size(d: &[u8]) -> usize {
    // SAFETY: reads `d` only.
    let n = unsafe { zstd_sys::ZDICT_getDictHeaderSize(d.as_ptr().cast(), d.len()) };
    assert_eq!(unsafe { zstd_sys::ZDICT_isError(n) }, 0);
    n
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]
    /// Damage lands in the tables and repeat offsets; cuts fall around the content's start
    /// (repeat offsets beyond the content) or inside the tables.
    #[test]
    fn damaged_dictionaries_as_c(golden in any::<bool>(), flips in proptest::collection::vec((0.0f64..1.0, any::<u8>()), 0..4), cut in -40i64..40, cut_tables in any::<bool>()) {
        let (trained, text, g) = dictionaries();
        let mut d = if golden { g.clone() } else { trained.clone() };
        let hdr = header_size(&d);
        for &(at, v) in &flips {
            let i = 8 + ((hdr - 8) as f64 * at) as usize;
            d[i] ^= v;
        }
        let end = if cut_tables { 8 + (hdr as i64 - 8) * (cut + 40) / 80 } else { hdr as i64 + cut };
        if flips.is_empty() || cut_tables || cut < 10 {
            d.truncate(end as usize);
        }
        let (dd, cd) = ours(&d);
        let (c_dd, c_cd) = c_accepts(&d);
        prop_assert!(matches!(dd, Ok(_) | Err(Error::dictionary_corrupted)), "{:?}", dd);
        prop_assert!(matches!(cd, Ok(_) | Err(Error::dictionary_corrupted)), "{:?}", cd);
        prop_assert_eq!(dd.is_ok(), c_dd, "DDict");
        prop_assert_eq!(cd.is_ok(), c_cd, "CDict");
        if dd.is_ok() && cd.is_ok() {
            ours_to_c(&d, &text[..1000], 3);
            c_to_ours(&d, &text[..1000], 3);
        }
    }
}
