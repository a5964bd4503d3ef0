import numpy as np, sys
M=np.uint64(0xFFFFFFFFFFFFFFFF)
def mix64(x):
    x=np.asarray(x,dtype=np.uint64)
    with np.errstate(over='ignore'):
        x = x ^ (x >> np.uint64(30)); x = x*np.uint64(0xBF58476D1CE4E5B9)
        x = x ^ (x >> np.uint64(27)); x = x*np.uint64(0x94D049BB133111EB)
        x = x ^ (x >> np.uint64(31))
    return x
KT={'u8':0,'u16':1,'u32':2,'u64':3,'i32':4,'i64':5,'f32':6,'f64':7}
DI={'entropy-0.811':6,'entropy-0.544':7,'entropy-0.337':8,'entropy-0.201':9}
def keys(t,d,idx,seed=20261122):
    stream = mix64(np.uint64(seed) ^ mix64(np.uint64(0x5EED0000 + DI[d]*16 + KT[t])))
    words = 2 + DI[d]-6
    w = np.full(idx.shape, M, dtype=np.uint64)
    with np.errstate(over='ignore'):
        for j in range(words): w &= mix64(idx*np.uint64(8)+np.uint64(j)+stream)
    if t=='i64': w ^= np.uint64(1<<63)
    return w
def sample(t,d,n):
    i=np.arange(16384,dtype=np.uint64)
    idx=(i*np.uint64(n))//np.uint64(16384)
    k=keys(t,d,idx)
    mean=n/65536; ub=int(mean+8*mean**0.5); heavy_above=2*ub
    kps=n/16384
    bins=(k>>np.uint64(52)).astype(np.int64)
    heavy=0; kinds=0
    for b in np.unique(bins):
        ks=k[bins==b]; c=len(ks)
        ors=np.bitwise_or.reduce(ks); nors=np.bitwise_or.reduce(~ks); differ=ors&nors
        with np.errstate(over='ignore'):
            rest=(differ<<np.uint64(16))&M!=0
        one=(differ>>np.uint64(48))==0
        if rest and c*kps/(1 if one else 16) > heavy_above: heavy+=c
        kinds += 2 if differ!=0 else 1
    return heavy, kinds, heavy*8>16384 or kinds==1
for t in ['u64','i64']:
    for d in ['entropy-0.811','entropy-0.544','entropy-0.337','entropy-0.201']:
        print(t,d,sample(t,d,int(1e8)))
