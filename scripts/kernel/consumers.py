#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
"""Consumer identity check: every file of the pristine linux-source-6.12 tree is byte-identical
in build/linux, except the four build files the overlay extends (lib/Kconfig, lib/Kconfig.debug,
lib/Makefile, rust/Makefile). In particular every zstd/xxhash consumer (btrfs, squashfs, zram,
crypto/zstd.c, lib/decompress_unzstd.c, erofs, f2fs, the module and initramfs decompressors,
the preboot decompressors, the public headers) is unchanged. Prints the consumers it found
(files that use the zstd or xxhash API) and exits 1 on any difference."""
import filecmp
import os
import re
import sys

pristine, tree = sys.argv[1], sys.argv[2]
GLUE = {"lib/Kconfig", "lib/Kconfig.debug", "lib/Makefile", "rust/Makefile"}
API = re.compile(rb"\b(zstd_[a-z_]+\(|xxh(32|64)[a-z_]*\(|ZSTD_[A-Za-z_]+|<linux/(zstd|xxhash)\.h>)")
REQUIRED = ["fs/btrfs/zstd.c", "fs/squashfs/zstd_wrapper.c", "drivers/block/zram/backend_zstd.c",
            "crypto/zstd.c", "lib/decompress_unzstd.c", "include/linux/zstd.h",
            "include/linux/xxhash.h", "include/linux/zstd_lib.h", "include/linux/zstd_errors.h"]
changed, missing, consumers, glue_ok = [], [], [], []
count = 0
for root, dirs, files in os.walk(pristine):
    for name in files:
        p = os.path.join(root, name)
        rel = os.path.relpath(p, pristine)
        t = os.path.join(tree, rel)
        count += 1
        if not os.path.exists(t):
            missing.append(rel)
            continue
        if rel.endswith((".c", ".h")):
            with open(p, "rb") as f:
                if API.search(f.read()):
                    consumers.append(rel)
        if not filecmp.cmp(p, t, shallow=False):
            (glue_ok if rel in GLUE else changed).append(rel)
for r in REQUIRED:
    if r not in consumers:
        print(f"consumer check: expected consumer {r} not found as API user")
        changed.append(r)
dirs = sorted({os.path.dirname(c) for c in consumers if not c.startswith("lib/zstd/")})
print(f"consumers: {len(consumers)} files using <linux/zstd.h>/<linux/xxhash.h> in "
      f"{len(dirs)} directories: {' '.join(dirs)}")
print(f"checked {count} pristine files; build glue extended: {', '.join(sorted(glue_ok)) or 'none'}")
if changed or missing:
    for r in changed:
        print(f"CHANGED: {r}")
    for r in missing:
        print(f"MISSING: {r}")
    print("RZ: FAIL consumers-identical")
    sys.exit(1)
print(f"RZ: PASS consumers-identical ({len(consumers)} consumer files, all {count} pristine files unchanged but the build glue)")
