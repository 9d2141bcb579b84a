#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
# Makes everything the guest needs, on the host, without root:
#   build/kernel-run/data/      corpus slices (real data from ../shared/corpus) + SHA256SUMS
#                               + a zstd dictionary for zram (zstd --train on the slices)
#   build/kernel-run/disks/     btrfs images (mkfs.btrfs, fresh each run), squashfs images
#                               (mksquashfs -comp zstd, levels 1/19/22 x blocks 128K/1M) and a
#                               squashfs image with corrupted compressed blocks
#   build/kernel-run/disks.list the attach order (vda, vdb, ...), shared with the guest
#   build/kernel-run/initramfs.cpio.zst  busybox + /init + scenarios + data, made by the
#                               kernel's usr/gen_init_cpio from a list file, zstd-compressed
source "$(dirname "$0")/env.sh"
D=$RUNDIR
mkdir -p "$D/data" "$D/disks" "$BUILD/corpus"

# 1. Corpus (decompressed once, checked against ../shared/corpus/SHA256SUMS) and slices.
SHARED=$ROOT/../shared/corpus
for f in linux-src.tar x86-elf.bin anon-mem.bin; do
  if [ ! -f "$BUILD/corpus/$f" ]; then
    xz -dc "$SHARED/$f.xz" > "$BUILD/corpus/$f.tmp" && mv "$BUILD/corpus/$f.tmp" "$BUILD/corpus/$f"
  fi
done
(cd "$BUILD/corpus" && sha256sum --quiet -c "$SHARED/SHA256SUMS")
stamp="$SLICE_LINUX $SLICE_ELF $SLICE_MEM"
if [ "$(cat "$D/data/.slices" 2>/dev/null)" != "$stamp" ]; then
  log "data: slices linux-src.tar:$SLICE_LINUX x86-elf.bin:$SLICE_ELF anon-mem.bin:$SLICE_MEM"
  rm -rf "$D/data" "$D"/disks/squashfs-*; mkdir -p "$D/data"
  head -c "$SLICE_LINUX" "$BUILD/corpus/linux-src.tar" > "$D/data/linux-src.tar"
  head -c "$SLICE_ELF" "$BUILD/corpus/x86-elf.bin" > "$D/data/x86-elf.bin"
  head -c "$SLICE_MEM" "$BUILD/corpus/anon-mem.bin" > "$D/data/anon-mem.bin"
  (cd "$D/data" && sha256sum linux-src.tar x86-elf.bin anon-mem.bin > SHA256SUMS)
  # zram dictionary: trained on page-sized samples of the same kinds of data.
  zstd -q --train -B4096 --maxdict=32768 "$D"/data/*.bin "$D"/data/*.tar -o "$D/zram.dict.tmp"
  mv "$D/zram.dict.tmp" "$D/data/zram.dict"
  echo "$stamp" > "$D/data/.slices"
fi

# 2. Disk images and their attach order.
disks=()
for lvl in 1 3 15; do
  img=$D/disks/btrfs-zstd$lvl.img
  # zstd:3 also checksums its blocks with xxhash64 (crypto xxhash64 -> <linux/xxhash.h>).
  csum=crc32c; [ "$lvl" = 3 ] && csum=xxhash
  rm -f "$img"; truncate -s 256M "$img"; mkfs.btrfs -q -f --csum "$csum" "$img" >/dev/null
  disks+=("btrfs-zstd$lvl")
done
for lvl in 1 19 22; do
  for bs in 128K 1M; do
    img=$D/disks/squashfs-zstd$lvl-$bs.img
    if [ ! -f "$img" ]; then
      log "mksquashfs -comp zstd -Xcompression-level $lvl -b $bs"
      mksquashfs "$D/data" "$img.tmp" -comp zstd -Xcompression-level "$lvl" -b "$bs" \
        -noappend -quiet -no-progress -all-root -e .slices >/dev/null
      mv "$img.tmp" "$img"
    fi
    disks+=("squashfs-zstd$lvl-$bs")
  done
done
cp "$D/disks/squashfs-zstd19-128K.img" "$D/disks/squashfs-corrupt.img"
python3 "$ROOT/fs/squashfs/corrupt.py" "$D/disks/squashfs-corrupt.img"
disks+=(squashfs-corrupt)
# Concurrent btrfs writers (fs/btrfs/guest-concurrent.sh), f2fs with compression
# (fs/f2fs/guest-test.sh), and the disk swap device behind zswap (mm/guest-test.sh).
for lvl in 3 1; do
  img=$D/disks/btrfs-conc$lvl.img
  rm -f "$img"; truncate -s 384M "$img"; mkfs.btrfs -q -f "$img" >/dev/null
  disks+=("btrfs-conc$lvl")
done
rm -f "$D/disks/f2fs.img"; truncate -s 256M "$D/disks/f2fs.img"
mkfs.f2fs -q -f -O extra_attr,compression "$D/disks/f2fs.img" >/dev/null
disks+=(f2fs)
rm -f "$D/disks/swap.img"; truncate -s 256M "$D/disks/swap.img"
disks+=(swap)
printf '%s\n' "${disks[@]}" > "$D/disks.list"

# 3. Static helpers for the guest (busybox has no equivalent): memory pressure with known
# contents, the btrfs ioctls (defrag -czstd, scrub, FIEMAP), module loading through
# finit_module(MODULE_INIT_COMPRESSED_FILE).
mkdir -p "$D/bin"
for h in scripts/kernel/memhog.c:rz-memhog fs/btrfs/rz-btrfs.c:rz-btrfs kernel/module/rz-finit.c:rz-finit; do
  src=$ROOT/${h%%:*} bin=$D/bin/${h##*:}
  [ "$bin" -nt "$src" ] || gcc -static -O2 -Wall -Wextra -Werror -o "$bin" "$src"
done

# 4. initramfs (+ the modules and modules.dep for KCONF=modules).
list=$D/initramfs.list
modroot=$D/modroot
rm -rf "$modroot" "$D/modules.extra"
if grep -q '^CONFIG_MODULES=y' "$KDIR/.config"; then
  # Without depmod, modules_install only warns and writes no modules.dep (the guest's
  # modprobe then loads nothing): any warning here is an error.
  "${KMAKE[@]}" -s INSTALL_MOD_PATH="$modroot" modules_install > "$D/modules_install.log" 2>&1 ||
    { cat "$D/modules_install.log" >&2; log "modules_install FAILED"; exit 1; }
  if grep -qi "warning" "$D/modules_install.log"; then
    cat "$D/modules_install.log" >&2; log "modules_install warned (see above): FAILED"; exit 1
  fi
  dep=$(echo "$modroot"/lib/modules/*/modules.dep)
  [ -s "$dep" ] || { log "modules_install wrote no modules.dep (depmod missing?): FAILED"; exit 1; }
fi
{
  echo "dir /dev 0755 0 0"
  echo "nod /dev/console 0600 0 0 c 5 1"
  for d in /bin /sbin /proc /sys /mnt /tmp /scenarios /data; do echo "dir $d 0755 0 0"; done
  for b in "$D"/bin/*; do echo "file /bin/$(basename "$b") $b 0755 0 0"; done
  echo "file /bin/busybox $(command -v busybox || echo /bin/busybox) 0755 0 0"
  echo "slink /bin/sh busybox 0777 0 0"
  echo "file /init $ROOT/scripts/kernel/guest-init.sh 0755 0 0"
  echo "file /scenarios/lib.sh $ROOT/scripts/kernel/guest-lib.sh 0644 0 0"
  echo "file /scenarios/10-crypto.sh $ROOT/crypto/guest-test.sh 0755 0 0"
  echo "file /scenarios/20-zram.sh $ROOT/drivers/block/zram/guest-test.sh 0755 0 0"
  echo "file /scenarios/30-btrfs.sh $ROOT/fs/btrfs/guest-test.sh 0755 0 0"
  echo "file /scenarios/40-squashfs.sh $ROOT/fs/squashfs/guest-test.sh 0755 0 0"
  echo "file /scenarios/pressure.sh $ROOT/scripts/kernel/guest-pressure.sh 0644 0 0"
  echo "file /scenarios/22-zram-swap.sh $ROOT/drivers/block/zram/guest-swap.sh 0755 0 0"
  echo "file /scenarios/25-zswap.sh $ROOT/mm/guest-test.sh 0755 0 0"
  echo "file /scenarios/32-btrfs-concurrent.sh $ROOT/fs/btrfs/guest-concurrent.sh 0755 0 0"
  echo "file /scenarios/42-squashfs-concurrent.sh $ROOT/fs/squashfs/guest-concurrent.sh 0755 0 0"
  echo "file /scenarios/50-f2fs.sh $ROOT/fs/f2fs/guest-test.sh 0755 0 0"
  echo "file /scenarios/99-stack.sh $ROOT/scripts/kernel/guest-stack.sh 0755 0 0"
  echo "file /scenarios/disks.list $D/disks.list 0644 0 0"
  for f in "$D"/data/*; do echo "file /data/$(basename "$f") $f 0644 0 0"; done
  if [ -d "$modroot/lib/modules" ]; then
    echo "file /scenarios/05-modules.sh $ROOT/scripts/kernel/guest-modules.sh 0755 0 0"
    echo "file /scenarios/06-module-decompress.sh $ROOT/kernel/module/guest-test.sh 0755 0 0"
    echo "file /sbin/modprobe $ROOT/kernel/module/guest-modprobe.sh 0755 0 0"
    # lib/zstd's compressor is a module only when our Rust crates do not serve <linux/zstd.h>.
    grep -q '^CONFIG_ZSTD_RUST=y' "$KDIR/.config" || echo zstd_compress > "$D/modules.extra"
    if [ -f "$D/modules.extra" ]; then echo "file /scenarios/modules.extra $D/modules.extra 0644 0 0"; fi
    (cd "$modroot" && find lib -type d | sort | sed 's|.*|dir /& 0755 0 0|')
    (cd "$modroot" && find lib -type f | sort) | while read -r f; do
      echo "file /$f $modroot/$f 0644 0 0"; done
  fi
} > "$list"
[ -x "$KDIR/usr/gen_init_cpio" ] || "${KMAKE[@]}" -s usr/gen_init_cpio
"$KDIR/usr/gen_init_cpio" "$list" | zstd -q -9 --check -f -o "$D/initramfs.cpio.zst"
log "initramfs: $(du -h "$D/initramfs.cpio.zst" | cut -f1), ${#disks[@]} disks"
