# Session 103 (issue 19): what gathering 8-byte values by 4-byte positions costs on this GPU -- the cost of sorting
# skewed u64+u64 pairs as (key, position) pairs and gathering the values once at the end (NOTES.md, session 103). One
# kernel, out[i] = values[pos[i]], 4 positions a thread (one 16-byte load), over a random permutation and over the
# stable order of Zipf keys (the generator's rule: 2^20 ranks of density 1/rank, each a random 64-bit key), beside a
# plain copy of the values and an iota of the positions. Medians of 7 after a warm-up, cupy events; ms.
import sys
import cupy as cp
import numpy as np

src = r'''
extern "C" __global__ void gather4(const unsigned long long* __restrict__ v, const unsigned* __restrict__ p,
                                   unsigned long long* __restrict__ o, unsigned long long n) {
  unsigned long long i = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) * 4;
  if (i + 3 < n) {
    const uint4 q = *reinterpret_cast<const uint4*>(p + i);
    const unsigned long long a = __ldg(v + q.x), b = __ldg(v + q.y), c = __ldg(v + q.z), d = __ldg(v + q.w);
    reinterpret_cast<ulonglong2*>(o + i)[0] = make_ulonglong2(a, b);
    reinterpret_cast<ulonglong2*>(o + i)[1] = make_ulonglong2(c, d);
  } else {
    for (; i < n; ++i) o[i] = v[p[i]];
  }
}
extern "C" __global__ void iota(unsigned* p, unsigned long long n) {
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n;
       i += (unsigned long long)gridDim.x * blockDim.x) p[i] = (unsigned)i;
}
'''
mod = cp.RawModule(code=src)
gather4, iota = mod.get_function("gather4"), mod.get_function("iota")

def timed(f, reps=7):
    f()
    cp.cuda.Device().synchronize()
    ts = []
    for _ in range(reps):
        s, e = cp.cuda.Event(), cp.cuda.Event()
        s.record(); f(); e.record(); e.synchronize()
        ts.append(cp.cuda.get_elapsed_time(s, e))
    return float(np.median(ts))

print(cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), flush=True)
for n in [int(float(a)) if "e" in a else eval(a.replace("^", "**")) for a in sys.argv[1:]]:
    v = cp.random.randint(0, 2**63 - 1, size=n, dtype=cp.int64).view(cp.uint64)
    o = cp.empty_like(v)
    p = cp.empty(n, dtype=cp.uint32)
    g = (n // 4 + 255) // 256
    t_iota = timed(lambda: iota((min((n + 255) // 256, 65535 * 16),), (256,), (p, cp.uint64(n))))
    t_copy = timed(lambda: cp.copyto(o, v))
    forms = {}
    perm = cp.random.permutation(n).astype(cp.uint32)
    forms["random"] = timed(lambda: gather4((g,), (256,), (v, perm, o, cp.uint64(n))))
    del perm
    if n <= 3 * 10**8:
        u = cp.random.random(n)
        rank = cp.minimum(cp.exp(u * np.log(2.0**20 + 1)) - 1, 2**20 - 1).astype(cp.uint64)
        del u
        keys = (rank * cp.uint64(0x9E3779B97F4A7C15)) ^ (rank >> cp.uint64(7))  # one random-looking key a rank
        zperm = cp.argsort(keys).astype(cp.uint32)
        del keys, rank
        forms["zipf"] = timed(lambda: gather4((g,), (256,), (v, zperm, o, cp.uint64(n))))
        ok = bool((o == v[zperm.astype(cp.int64)]).all())
        del zperm
        forms["zipf-correct"] = ok
    print(f"n={n} iota {t_iota:.3f} copy-u64 {t_copy:.3f} ({2 * 8 * n / t_copy / 1e9:.2f} TB/s) gather-u64 " +
          " ".join(f"{k} {x:.3f}" if isinstance(x, float) else f"{k} {x}" for k, x in forms.items()), flush=True)
    del v, o, p
    cp.get_default_memory_pool().free_all_blocks()
