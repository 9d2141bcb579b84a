#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR BSD-3-Clause
"""zseq.py FRAME.zst: prints the sequences of each block of one zstd frame (without
dictionary) as `lit_len match_len offset_value` lines, after a `block N ...` line.
A debugging aid for comparing our encoder's choices with C's on the same input
(RFC 8878 section 3.1.1.3.2); literals are skipped by their sizes, not decoded."""
import sys

LL_BASE = [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,18,20,22,24,28,32,40,48,64,128,256,512,1024,2048,4096,8192,16384,32768,65536]
LL_BITS = [0]*16 + [1,1,1,1,2,2,3,3,4,6,7,8,9,10,11,12,13,14,15,16]
ML_BASE = list(range(3,35)) + [35,37,39,41,43,47,51,59,67,83,99,131,259,515,1027,2051,4099,8195,16387,32771,65539]
ML_BITS = [0]*32 + [1,1,1,1,2,2,3,3,4,4,5,7,8,9,10,11,12,13,14,15,16]
LL_DEF = ([4,3,2,2,2,2,2,2,2,2,2,2,2,1,1,1,2,2,2,2,2,2,2,2,2,3,2,1,1,1,1,1,-1,-1,-1,-1], 6)
ML_DEF = ([1,4,3,2,2,2,2,2,2,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,-1,-1,-1,-1,-1,-1,-1], 6)
OF_DEF = ([1,1,1,1,1,1,2,2,2,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,-1,-1,-1,-1,-1], 5)

class FwdBits:
    def __init__(s, b, p): s.b=b; s.p=p*8
    def read(s, n):
        v=0
        for i in range(n):
            byte=s.b[(s.p+i)//8]; v|=((byte>>((s.p+i)%8))&1)<<i
        s.p+=n; return v

def read_ncount(b, p, maxsym):
    r=FwdBits(b,p)
    log=r.read(4)+5
    remaining=(1<<log)+1; thr=1<<log; nb=log+1
    norm=[]; prev0=False
    while remaining>1 and len(norm)<=maxsym:
        if prev0:
            while True:
                rep=r.read(2); norm+= [0]*rep
                if rep!=3: break
            prev0=False
            continue
        maxv=(2*thr-1)-remaining
        low=r.read(nb-1)
        if low<maxv: val=low
        else:
            r.p-= (nb-1); val=r.read(nb)
            if val>=thr: val-=maxv
        val-=1
        remaining-= -val if val<0 else val
        norm.append(val); prev0=(val==0)
        while remaining<thr: nb-=1; thr>>=1
    return norm, log, (r.p+7)//8

def build(norm, log):
    size=1<<log; tab=[None]*size; high=size-1
    for s,n in enumerate(norm):
        if n==-1: tab[high]=s; high-=1
    step=(size>>1)+(size>>3)+3; mask=size-1; pos=0
    for s,n in enumerate(norm):
        for _ in range(max(n,0)):
            tab[pos]=s
            pos=(pos+step)&mask
            while pos>high: pos=(pos+step)&mask
    nxt=[ (1 if n==-1 else n) for n in norm]
    dt=[]
    for st in range(size):
        s=tab[st]; x=nxt[s]; nxt[s]+=1
        nbits=log-(x.bit_length()-1)
        dt.append((s, nbits, (x<<nbits)-size))
    return dt, log

class BackBits:
    def __init__(s, b):
        s.b=b; last=b[-1]; s.pos=len(b)*8-(8-last.bit_length())-1
    def read(s, n):
        v=0
        for i in range(n):
            s.pos-=1
            bit = 0 if s.pos<0 else (s.b[s.pos//8]>>(s.pos%8))&1
            v=(v<<1)|bit
        return v

def main():
    d=open(sys.argv[1],'rb').read()
    fhd=d[4]; did=fhd&3; ss=(fhd>>5)&1; fcs=fhd>>6
    p=5+(0 if ss else 1)+[0,1,2,4][did]+[1 if ss else 0,2,4,8][fcs]
    prev={}
    blk=0
    while p<len(d):
        h=int.from_bytes(d[p:p+3],'little'); last=h&1; bt=(h>>1)&3; bs=h>>3; p+=3
        if bt!=2:
            print(f"block {blk} type {bt} size {bs}"); p+= bs if bt==0 else 1; blk+=1
            if last: break
            continue
        b=d[p:p+bs]; p+=bs
        lt=b[0]&3; sf=(b[0]>>2)&3
        if lt in (0,1):
            if sf in (0,2): rs=b[0]>>3; lh=1
            elif sf==1: rs=(b[0]>>4)+(b[1]<<4); lh=2
            else: rs=(b[0]>>4)+(b[1]<<4)+(b[2]<<12); lh=3
            q=lh+(rs if lt==0 else 1)
        else:
            if sf in (0,1): lh=3; v=int.from_bytes(b[:3],'little'); cs=(v>>14)&0x3ff
            elif sf==2: lh=4; v=int.from_bytes(b[:4],'little'); cs=(v>>18)&0x3fff
            else: lh=5; v=int.from_bytes(b[:5],'little'); cs=(v>>22)&0x3ffff
            q=lh+cs
        nb=b[q]
        if nb<128: q+=1
        elif nb<255: nb=((nb-128)<<8)+b[q+1]; q+=2
        else: nb=b[q+1]+(b[q+2]<<8)+0x7f00; q+=3
        print(f"block {blk} nseq {nb}")
        blk+=1
        if nb==0:
            if last: break
            continue
        modes=b[q]; q+=1
        tabs=[]
        for k,(mode,dflt,maxs) in enumerate([(modes>>6,LL_DEF,35),(modes>>4&3,OF_DEF,31),(modes>>2&3,ML_DEF,52)]):
            if mode==0: t=build(*dflt)
            elif mode==1: t=([(b[q],0,0)],0); q+=1
            elif mode==2:
                norm,log,q=read_ncount(b,q,maxs); t=build(norm,log)
            else: t=prev[k]
            prev[k]=t; tabs.append(t)
        br=BackBits(b[q:])
        st=[br.read(t[1]) for t in tabs]
        for i in range(nb):
            ll_s=tabs[0][0][st[0]][0]; of_s=tabs[1][0][st[1]][0]; ml_s=tabs[2][0][st[2]][0]
            ofv=(1<<of_s)+br.read(of_s)
            ml=ML_BASE[ml_s]+br.read(ML_BITS[ml_s])
            ll=LL_BASE[ll_s]+br.read(LL_BITS[ll_s])
            print(ll, ml, ofv)
            if i<nb-1:
                for k in (0,2,1):
                    s,nbits,base=tabs[k][0][st[k]]
                    st[k]=base+br.read(nbits)
        if last: break
main()
