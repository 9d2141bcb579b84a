#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
"""Corrupts the compressed data blocks of a squashfs image (zstd), leaving its metadata intact.

The data and fragment blocks lie between the superblock and the inode table
(superblock field inode_table_start at offset 64). Every zstd frame there starts with the
magic 28 B5 2F FD: every 3rd frame gets a broken magic, and every other 3rd frame the
reserved bit of its frame header descriptor (RFC 8878 3.1.1.1.1: a decoder must refuse it).
Both are damage every decoder must detect, so each block either fails with EIO or reads
back exactly (fs/squashfs/guest-test.sh checks both); squashfs' frames carry no checksum, so
garbage inside a frame could decode to wrong bytes without an error (KUnit's bit flips and
the fuzzers cover that the decoder survives it).
"""
import struct
import sys

path = sys.argv[1]
with open(path, "r+b") as f:
    img = bytearray(f.read())
    magic = struct.unpack_from("<I", img, 0)[0]
    assert magic == 0x73717368, "not a squashfs image"
    inode_table = struct.unpack_from("<Q", img, 64)[0]
    frames = []
    pos = img.find(b"\x28\xb5\x2f\xfd", 96, inode_table)
    while pos != -1:
        frames.append(pos)
        pos = img.find(b"\x28\xb5\x2f\xfd", pos + 4, inode_table)
    for i, start in enumerate(frames):
        end = frames[i + 1] if i + 1 < len(frames) else inode_table
        if i % 3 == 0:
            img[start:start + 4] = b"\xde\xad\xbe\xef"
        elif i % 3 == 1:
            img[start + 4] |= 0x08
    f.seek(0)
    f.write(img)
print(f"corrupted {len(frames)} zstd frames below offset {inode_table}")
