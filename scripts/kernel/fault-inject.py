#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
"""Breaks the zstd consumers of a kernel tree on purpose, to show that each check of the kernel
demo can fail (docs/kernel-demo.md, "Checks made to fail"). Never part of a normal run: the
consumer identity check (scripts/kernel/consumers.py) fails on any of these edits, and
`scripts/kernel/fault-inject.py KDIR --revert` copies the pristine files back.

  fault-inject.py KDIR FAULT...    FAULT: btrfs-compress-fails f2fs-compress-fails
                                   zram-read-flips-byte zram-compress-might-sleep
                                   squashfs-read-flips-byte zswap-compress-fails
                                   module-decompress-ignores-errors kasan-oob
"""
import filecmp
import os
import shutil
import sys

FAULTS = {
    # btrfs: every compression attempt fails, btrfs stores the data raw. (After the outputs
    # are zeroed: returning before leaves *out_folios at the array size, and btrfs then
    # frees that many NULL folios: an Oops in the delalloc worker.)
    "btrfs-compress-fails": ("fs/btrfs/zstd.c",
        "\t*out_folios = 0;\n\t*total_out = 0;\n\t*total_in = 0;\n",
        "\t*out_folios = 0;\n\t*total_out = 0;\n\t*total_in = 0;\n\tif (nr_dest_folios) return -E2BIG; /* FAULT */\n"),
    # f2fs: compression fails, f2fs writes raw clusters.
    "f2fs-compress-fails": ("fs/f2fs/compress.c",
        "\tret = zstd_compress_stream(stream, &outbuf, &inbuf);\n",
        "\tret = zstd_compress_stream(stream, &outbuf, &inbuf);\n\tif (src_size) return -EAGAIN; /* FAULT */\n"),
    # zram: one decompressed page in 64 comes back with one byte changed.
    "zram-read-flips-byte": ("drivers/block/zram/backend_zstd.c",
        "\tif (zstd_is_error(ret))\n\t\treturn -EINVAL;\n\treturn 0;\n}\n",
        "\tif (zstd_is_error(ret))\n\t\treturn -EINVAL;\n\t{ static atomic_t n; if ((atomic_inc_return(&n) & 63) == 0) ((u8 *)req->dst)[7] ^= 0x40; } /* FAULT */\n\treturn 0;\n}\n"),
    # zram: compression (which runs with preemption off, on a per-CPU stream) may sleep.
    "zram-compress-might-sleep": ("drivers/block/zram/backend_zstd.c",
        "\tif (params->dict_sz == 0)\n\t\tret = zstd_compress_cctx(",
        "\tmight_sleep(); /* FAULT */\n\tif (params->dict_sz == 0)\n\t\tret = zstd_compress_cctx("),
    # squashfs: every decompressed page has one byte changed, without an error.
    "squashfs-read-flips-byte": ("fs/squashfs/zstd_wrapper.c",
        "\t\ttotal_out += out_buf.pos; /* add the additional data produced */\n",
        "\t\ttotal_out += out_buf.pos; /* add the additional data produced */\n\t\tif (out_buf.pos > 8) ((u8 *)out_buf.dst)[3] ^= 1; /* FAULT */\n"),
    # crypto zstd: page-sized inputs (zswap) fail; the self-tests' small vectors still pass.
    "zswap-compress-fails": ("crypto/zstd.c",
        "\tout_len = zstd_compress_cctx(zctx->cctx, dst, *dlen, src, slen, &params);\n",
        "\tout_len = zstd_compress_cctx(zctx->cctx, dst, *dlen, src, slen, &params);\n\tif (slen == PAGE_SIZE) return -EINVAL; /* FAULT */\n"),
    # module loading: a decoder error is ignored (the damaged module reaches the ELF checks).
    "module-decompress-ignores-errors": ("kernel/module/decompress.c",
        "\t\tretval = zstd_get_error_code(ret);\n\t\tif (retval)\n\t\t\tbreak;\n",
        "\t\tretval = 0; /* FAULT */\n\t\tif (zstd_is_error(ret))\n\t\t\tbreak;\n"),
    # KASAN: zram's compression reads one byte past a 17-byte allocation.
    "kasan-oob": ("drivers/block/zram/backend_zstd.c",
        "\tif (params->dict_sz == 0)\n\t\tret = zstd_compress_cctx(",
        "\t{ static atomic_t n; if (atomic_inc_return(&n) == 100) { u8 *p = kmalloc(17, GFP_ATOMIC); if (p) { pr_info(\"rz fault %d\\n\", READ_ONCE(p[17])); kfree(p); } } } /* FAULT */\n\tif (params->dict_sz == 0)\n\t\tret = zstd_compress_cctx("),
}


def main():
    kdir = sys.argv[1]
    pristine = os.path.join(os.path.dirname(os.path.abspath(kdir)), "linux-pristine")
    if sys.argv[2:] == ["--revert"]:
        for rel in sorted({f for f, _, _ in FAULTS.values()}):
            src, dst = os.path.join(pristine, rel), os.path.join(kdir, rel)
            # Only files a fault changed: a rewritten file is rebuilt (vmlinux relinked).
            if filecmp.cmp(src, dst, shallow=False):
                continue
            shutil.copyfile(src, dst)
            print("reverted", rel)
        return
    for name in sys.argv[2:]:
        rel, old, new = FAULTS[name]
        path = os.path.join(kdir, rel)
        text = open(path).read()
        if old not in text:
            sys.exit(f"{name}: anchor not found in {rel}")
        open(path, "w").write(text.replace(old, new, 1))
        print("fault", name, "in", rel)


main()
