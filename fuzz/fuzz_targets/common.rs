// SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
//! Shared by the fuzz targets: decode single shot and streaming (chunk sizes chosen by
//! the input's hash, so seeds stay plain frames), and check the two agree.

use zstd_kernel::{
    dctx_workspace_bound, dstream_workspace_bound, get_frame_header, DCtx, DDict, DStream,
    FrameHeaderProgress, CONTENTSIZE_UNKNOWN,
};

pub fn check(data: &[u8], ddict: Option<&DDict>) {
    let h = xxhash::xxh64(data, 0);
    let cap = match get_frame_header(data) {
        Ok(FrameHeaderProgress::Complete(fh)) if fh.frame_content_size != CONTENTSIZE_UNKNOWN => {
            (fh.frame_content_size as usize).min(1 << 22)
        }
        _ => 1 << 20,
    };
    let mut ws = vec![0u8; dctx_workspace_bound()];
    let mut dctx = DCtx::new(&mut ws).unwrap();
    let mut dst = vec![0u8; cap];
    let single = match ddict {
        Some(d) => dctx.decompress_using_ddict(&mut dst, data, d),
        None => dctx.decompress(&mut dst, data),
    };

    let in_chunk = 1 + (h % 97) as usize;
    let out_chunk = 1 + ((h >> 8) % 257) as usize;
    let mut sws = vec![0u8; dstream_workspace_bound(1 << 20)];
    let mut ds = DStream::new(&mut sws).unwrap();
    ds.set_ddict(ddict);
    let mut out = Vec::new();
    let mut buf = vec![0u8; out_chunk];
    let mut ip = 0;
    let mut last = 1;
    let mut idle = 0;
    let streamed = loop {
        let end = (ip + in_chunk).min(data.len());
        let mut cpos = 0;
        let mut opos = 0;
        match ds.decompress_stream(&mut buf, &mut opos, &data[ip..end], &mut cpos) {
            Ok(r) => last = r,
            Err(e) => break Err(e),
        }
        ip += cpos;
        out.extend_from_slice(&buf[..opos]);
        if out.len() > 1 << 23 {
            break Ok(None);
        }
        idle = if cpos == 0 && opos == 0 { idle + 1 } else { 0 };
        if ip == data.len() && (last == 0 || idle > 2) {
            break Ok(Some(last == 0));
        }
    };
    // Whole, valid input: both paths must produce the same bytes.
    if let (Ok(n), Ok(Some(true))) = (single, streamed) {
        assert_eq!(&dst[..n], &out[..], "single-shot and streaming disagree");
    }
    // One frame whose window covers its content never wraps the ring: then the stream
    // must accept exactly what the single-shot decoder accepts.
    let one_frame = zstd_kernel::find_frame_compressed_size(data) == Ok(data.len());
    if let (Ok(n), true, Ok(FrameHeaderProgress::Complete(fh))) =
        (single, one_frame, get_frame_header(data))
    {
        if fh.frame_content_size != CONTENTSIZE_UNKNOWN
            && fh.window_size >= fh.frame_content_size
            && fh.window_size <= 1 << 20
        {
            match streamed {
                Ok(Some(true)) => assert_eq!(&dst[..n], &out[..]),
                other => panic!("stream rejected a frame single-shot accepted: {other:?}"),
            }
        }
    }
}
