// How fast can one MSD digit pass of 4-byte pairs go on this GPU, and does loading a block's next tile while it
// ranks and scatters the current one raise it? (issue 19, NOTES.md, session 103.) A model of the hybrid path's MSD
// passes: 8-bit digits (bits 24..31), keys ranked in any order by shared-memory atomics (the real passes of pairs rank
// stably by ballots: more instructions), written from shared memory in digit order, each tile's runs found by
//   claims:   one global atomic a digit (as the MSD passes of keys alone, ClaimedSegments), or
//   lookback: decoupled look-back over the tiles before it (as the stable passes of pairs);
// its loads
//   sync:     every thread loading its keys and values from global memory into registers as the tile begins, or
//   tma:      persistent blocks, each tile's keys and values brought into one of two shared buffers by bulk copies
//             (cp.async.bulk, sm_90) one tile ahead, so a block's loads are in flight while it ranks and scatters
//             (tmaA: the tile ranked into its own input buffer, so more blocks fit an SM).
// Beside them a plain copy of the pairs (the rate the pass is measured against) and radix's own digit pass
// (time_real). Uniform keys (a hash of the position), values the positions; every run checked (digits in order, each
// pair intact, the positions' sum).
//   scatter_ceiling [n ...]     (default 2^28 and 1e9, each rounded down to whole tiles); medians of 7 ms, TB/s
// Not part of the library: a measurement, built on request (tools/CMakeLists.txt).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "gsb/cuda_raii.hpp"
#include "gsb/device_props.hpp"
#include "gsb/error.hpp"
#include "gsb/hash.hpp"
#include "gsb/median.hpp"
#include "radix/onesweep/policy.cuh"

namespace {

#define CK(call) GSB_CUDA_TRY(call)

constexpr int radix = 256;

// A uniform-looking 32-bit key per position (the project's mixer).
__host__ __device__ inline unsigned key_of(unsigned long long i) { return static_cast<unsigned>(gsb::splitmix64(i)); }
__device__ __forceinline__ unsigned digit_of(unsigned k) { return k >> 24; }

__global__ void fill(unsigned* keys, unsigned* values, unsigned long long n) {
  for (unsigned long long i = blockIdx.x * 1ull * blockDim.x + threadIdx.x; i < n; i += 1ull * gridDim.x * blockDim.x) {
    keys[i] = key_of(i);
    values[i] = static_cast<unsigned>(i);
  }
}

__global__ void histogram(const unsigned* keys, unsigned long long n, unsigned long long* counts) {
  __shared__ unsigned h[radix];
  for (int d = threadIdx.x; d < radix; d += blockDim.x) h[d] = 0;
  __syncthreads();
  for (unsigned long long i = blockIdx.x * 1ull * blockDim.x + threadIdx.x; i < n; i += 1ull * gridDim.x * blockDim.x)
    atomicAdd(&h[digit_of(keys[i])], 1u);
  __syncthreads();
  for (int d = threadIdx.x; d < radix; d += blockDim.x) atomicAdd(&counts[d], static_cast<unsigned long long>(h[d]));
}

__global__ void copy_pairs(const uint4* k, const uint4* v, uint4* ko, uint4* vo, unsigned long long n4) {
  for (unsigned long long i = blockIdx.x * 1ull * blockDim.x + threadIdx.x; i < n4;
       i += 1ull * gridDim.x * blockDim.x) {
    ko[i] = k[i];
    vo[i] = v[i];
  }
}

// ---- the bulk copies (sm_90) ----
[[maybe_unused]] __device__ __forceinline__ unsigned smem(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void bar_init(unsigned long long* bar) {
#if __CUDA_ARCH__ >= 900
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(bar)) : "memory");
#endif
}
__device__ __forceinline__ void bulk_load(void* dst, const void* src, unsigned bytes, unsigned long long* bar) {
#if __CUDA_ARCH__ >= 900
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(smem(dst)),
      "l"(src), "r"(bytes), "r"(smem(bar))
      : "memory");
#endif
}
__device__ __forceinline__ void bar_expect(unsigned long long* bar, unsigned bytes) {
#if __CUDA_ARCH__ >= 900
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(bar)), "r"(bytes) : "memory");
#endif
}
__device__ __forceinline__ void bar_wait(unsigned long long* bar, unsigned parity) {
#if __CUDA_ARCH__ >= 900
  asm volatile(
      "{\n .reg .pred p;\n W%=:\n mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n @!p bra W%=;\n}" ::"r"(
          smem(bar)),
      "r"(parity)
      : "memory");
#endif
}
__device__ __forceinline__ void fence_async_shared() {
#if __CUDA_ARCH__ >= 900
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

// Where a tile's runs go: claimed with one global atomic a digit (cursor: each digit's next free place; the tiles' runs
// in any order, as the hybrid path's MSD passes of keys alone), or found by decoupled look-back (the runs in tile
// order, as the stable passes of pairs: status[tile][digit], 0 where not yet published, else a flag and a count, each
// digit's predecessors read a window of 8 tiles a round trip; starts: each digit's start in the output).
struct Runs {
  unsigned long long* cursor;
  const unsigned long long* starts;
  unsigned* status;
};
constexpr unsigned status_inclusive = 1u << 31, status_aggregate = 1u << 30, status_count = status_aggregate - 1;
constexpr int look_back_window = 8;

// The ranking, runs and scatter of tile `tl`, whose keys and values this thread holds (item j: position t + j*Threads).
template <int Threads, int Items, bool LookBack>
__device__ __forceinline__ void rank_and_scatter(const unsigned (&k)[Items], const unsigned (&v)[Items], unsigned tl,
                                                 unsigned* s_count, unsigned* s_start, unsigned long long* s_base,
                                                 unsigned* s_warp, unsigned* out_k, unsigned* out_v, const Runs& runs,
                                                 unsigned* keys_dst, unsigned* values_dst) {
  const int t = threadIdx.x;
  unsigned place[Items];
#pragma unroll
  for (int j = 0; j < Items; ++j) place[j] = atomicAdd(&s_count[digit_of(k[j])], 1u);
  __syncthreads();
  // each digit's start in the tile (and with look-back its count published at once), then its run in the output
  unsigned c = 0, incl = 0;
  unsigned* my_status = LookBack ? runs.status + static_cast<unsigned long long>(tl) * radix + t : nullptr;
  if (t < radix) {
    c = s_count[t];
    s_count[t] = 0;
    if (LookBack) __stcg(my_status, (tl == 0 ? status_inclusive : status_aggregate) | c);
    incl = c;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
      const unsigned y = __shfl_up_sync(0xffffffffu, incl, o);
      if ((t & 31) >= o) incl += y;
    }
    if ((t & 31) == 31) s_warp[t / 32] = incl;
  }
  __syncthreads();
  if (t < radix) {
    unsigned in_tile = 0;
    for (int w = 0; w < t / 32; ++w) in_tile += s_warp[w];
    const unsigned excl = in_tile + incl - c;
    s_start[t] = excl;
    if constexpr (LookBack) {
      unsigned before = 0;
      if (tl > 0) {
        long long j = static_cast<long long>(tl) - 1;  // the nearest predecessor not yet added
        for (bool done = false; !done;) {
          unsigned w[look_back_window];
#pragma unroll
          for (int q = 0; q < look_back_window; ++q)
            w[q] = j - q >= 0 ? __ldcv(runs.status + static_cast<unsigned long long>(j - q) * radix + t)
                              : status_inclusive;
          int q = 0;
          for (; q < look_back_window; ++q) {
            if (w[q] == 0) break;  // not yet published: read again from here
            before += w[q] & status_count;
            if (w[q] & status_inclusive) {
              done = true;
              break;
            }
          }
          j -= q;
        }
        __stcg(my_status, status_inclusive | (before + c));
      }
      s_base[t] = runs.starts[t] + before - excl;
    } else {
      s_base[t] = (c ? atomicAdd(&runs.cursor[t], static_cast<unsigned long long>(c)) : 0ull) - excl;
    }
  }
  __syncthreads();
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    const unsigned r = s_start[digit_of(k[j])] + place[j];
    out_k[r] = k[j];
    out_v[r] = v[j];
  }
  __syncthreads();
#pragma unroll
  for (int j = 0; j < Items; ++j) {
    const int i = t + j * Threads;
    const unsigned key = out_k[i];
    const unsigned long long dst = s_base[digit_of(key)] + i;
    keys_dst[dst] = key;
    values_dst[dst] = out_v[i];
  }
}

// Tiles in number order from a counter, each thread's keys and values loaded into registers as the tile begins.
template <int Threads, int Items, bool LookBack>
__global__ void __launch_bounds__(Threads)
    pass_sync(const unsigned* keys, const unsigned* values, unsigned tiles, Runs runs, unsigned* keys_dst,
              unsigned* values_dst, unsigned* tile_counter) {
  constexpr int tile = Threads * Items;
  __shared__ unsigned s_count[radix], s_start[radix], s_warp[radix / 32];
  __shared__ unsigned long long s_base[radix];
  extern __shared__ __align__(128) unsigned char dyn[];
  unsigned* out_k = reinterpret_cast<unsigned*>(dyn);  // [tile]
  unsigned* out_v = out_k + tile;
  __shared__ unsigned s_tile;
  for (int d = threadIdx.x; d < radix; d += Threads) s_count[d] = 0;
  for (;;) {
    if (threadIdx.x == 0) s_tile = atomicAdd(tile_counter, 1u);
    __syncthreads();
    const unsigned tl = s_tile;
    if (tl >= tiles) return;
    const unsigned long long first = static_cast<unsigned long long>(tl) * tile;
    unsigned k[Items], v[Items];
#pragma unroll
    for (int j = 0; j < Items; ++j) {
      k[j] = keys[first + threadIdx.x + j * Threads];
      v[j] = values[first + threadIdx.x + j * Threads];
    }
    rank_and_scatter<Threads, Items, LookBack>(k, v, tl, s_count, s_start, s_base, s_warp, out_k, out_v, runs, keys_dst,
                                               values_dst);
  }
}

// Persistent: block b takes tiles b, b + grid, ... (every block resident, so a look-back always has a predecessor
// that progresses); the next one's bulk copies are issued as the current one begins.
// Alias: a tile is ranked into its own input buffer (dead once its keys are in registers), 4 tiles of shared memory in
// place of 6, for one more barrier a tile (the next bulk copy waits until every thread has scattered from it).
template <int Threads, int Items, bool Alias, bool LookBack>
__global__ void __launch_bounds__(Threads) pass_tma(const unsigned* keys, const unsigned* values, unsigned tiles,
                                                    Runs runs, unsigned* keys_dst, unsigned* values_dst, unsigned*) {
  constexpr int tile = Threads * Items;
  constexpr unsigned bytes = tile * sizeof(unsigned);
  extern __shared__ __align__(128) unsigned char dyn[];
  unsigned* in_k = reinterpret_cast<unsigned*>(dyn);  // [2][tile]
  unsigned* in_v = in_k + 2 * tile;                   // [2][tile]
  unsigned* const out_k0 = in_v + 2 * tile;           // (not Alias)
  unsigned* const out_v0 = out_k0 + tile;
  __shared__ unsigned s_count[radix], s_start[radix], s_warp[radix / 32];
  __shared__ unsigned long long s_base[radix];
  __shared__ __align__(8) unsigned long long bar[2];
  for (int d = threadIdx.x; d < radix; d += Threads) s_count[d] = 0;
  auto issue = [&](unsigned tl, int buf) {
    const unsigned long long first = static_cast<unsigned long long>(tl) * tile;
    bar_expect(&bar[buf], 2 * bytes);
    bulk_load(in_k + buf * tile, keys + first, bytes, &bar[buf]);
    bulk_load(in_v + buf * tile, values + first, bytes, &bar[buf]);
  };
  if (threadIdx.x == 0) {
    bar_init(&bar[0]);
    bar_init(&bar[1]);
#if __CUDA_ARCH__ >= 900
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#endif
  }
  __syncthreads();
  unsigned tl = blockIdx.x;
  if (threadIdx.x == 0 && tl < tiles) issue(tl, 0);
  for (unsigned it = 0; tl < tiles; ++it, tl += gridDim.x) {
    const int buf = it & 1;
    unsigned* const out_k = Alias ? in_k + buf * tile : out_k0;
    unsigned* const out_v = Alias ? in_v + buf * tile : out_v0;
    if (Alias && it > 0) __syncthreads();
    // the other buffer was last read before the previous tile's last barrier: bring the next tile into it
    if (threadIdx.x == 0 && tl + gridDim.x < tiles) {
      fence_async_shared();
      issue(tl + gridDim.x, buf ^ 1);
    }
    bar_wait(&bar[buf], (it >> 1) & 1);
    unsigned k[Items], v[Items];
#pragma unroll
    for (int j = 0; j < Items; ++j) {
      k[j] = in_k[buf * tile + threadIdx.x + j * Threads];
      v[j] = in_v[buf * tile + threadIdx.x + j * Threads];
    }
    rank_and_scatter<Threads, Items, LookBack>(k, v, tl, s_count, s_start, s_base, s_warp, out_k, out_v, runs, keys_dst,
                                               values_dst);
  }
}

// Counts the positions out of digit order, the pairs broken, and XORs of the values (each position once: equal to
// the input's XOR, checked on the host together with a sum).
__global__ void verify(const unsigned* k, const unsigned* v, unsigned long long n, unsigned long long* bad,
                       unsigned long long* sum) {
  unsigned long long b = 0, s = 0;
  for (unsigned long long i = blockIdx.x * 1ull * blockDim.x + threadIdx.x; i < n; i += 1ull * gridDim.x * blockDim.x) {
    b += key_of(v[i]) != k[i];
    if (i + 1 < n) b += digit_of(k[i]) > digit_of(k[i + 1]);
    s += v[i];
  }
  atomicAdd(bad, b);
  atomicAdd(sum, s);
}

struct Bufs {
  unsigned *k, *v, *ko, *vo;
  unsigned long long *starts, *cursor, *scratch;
  unsigned *counter, *status;
  unsigned long long* none_skippable;  // (the real pass) one zero word: every pass runs
};

// The median of reps runs after a warm-up, ms: run(a) does its set-up and records a.
template <class F>
double median_ms(F&& run, int reps = 7) {
  const gsb::Event a, b;
  std::vector<double> t;
  for (int r = 0; r <= reps; ++r) {
    run(a.get());
    CK(cudaEventRecord(b.get()));
    CK(cudaEventSynchronize(b.get()));
    if (r > 0) t.push_back(gsb::elapsed_ms(a, b));
  }
  return gsb::median_of(t);
}

bool verified(const Bufs& B, unsigned long long n) {
  CK(cudaMemset(B.scratch, 0, 2 * sizeof(unsigned long long)));
  verify<<<1024, 256>>>(B.ko, B.vo, n, B.scratch, B.scratch + 1);
  CK(cudaGetLastError());
  unsigned long long h[2];
  CK(cudaMemcpy(h, B.scratch, sizeof h, cudaMemcpyDeviceToHost));
  return h[0] == 0 && h[1] == n * (n - 1) / 2;
}

// One form timed: its kernel, grid and dynamic shared memory; each run starts from fresh cursors, counter and status.
template <class K>
void time_form(const Bufs& B, unsigned long long n, int sms, const char* name, int threads, int items, K kernel,
               std::size_t dyn, bool persistent, bool look_back) {
  const unsigned tiles = static_cast<unsigned>(n / (static_cast<unsigned long long>(threads) * items));
  try {
    gsb::set_dynamic_shared_bytes(kernel, dyn, name);
  } catch (const gsb::DeviceUnsupported& e) {  // the form's shared memory passes a block's on this device
    std::printf("  %-12s %4d x %2d: does not fit (%s)\n", name, threads, items, e.what());
    return;
  }
  const int per_sm = gsb::resident_blocks_per_sm(kernel, threads, dyn);
  if (per_sm == 0) {
    std::printf("  %-12s %4d x %2d: no block resident\n", name, threads, items);
    return;
  }
  const unsigned grid = persistent ? std::min<unsigned>(tiles, sms * per_sm) : sms * per_sm;
  const Runs runs{B.cursor, B.starts, B.status};
  const double ms = median_ms([&](cudaEvent_t a) {
    CK(cudaMemcpyAsync(B.cursor, B.starts, radix * sizeof(unsigned long long), cudaMemcpyDeviceToDevice));
    CK(cudaMemsetAsync(B.counter, 0, sizeof(unsigned)));
    if (look_back) CK(cudaMemsetAsync(B.status, 0, static_cast<std::size_t>(tiles) * radix * sizeof(unsigned)));
    CK(cudaEventRecord(a));
    kernel<<<grid, threads, dyn>>>(B.k, B.v, tiles, runs, B.ko, B.vo, B.counter);  // (the counter: pass_sync's)
    CK(cudaGetLastError());
  });
  std::printf("  %-12s %4d x %2d (%d blocks/SM): %8.3f ms %5.2f TB/s %s\n", name, threads, items, per_sm, ms,
              16.0 * n / 1e9 / ms, verified(B, n) ? "checked" : "FAILED");
}

template <int Threads, int Items>
void run_forms(const Bufs& B, unsigned long long n, int sms) {
  constexpr std::size_t tile_bytes = static_cast<std::size_t>(Threads) * Items * sizeof(unsigned);
  time_form(B, n, sms, "sync claims", Threads, Items, pass_sync<Threads, Items, false>, 2 * tile_bytes, false, false);
  time_form(B, n, sms, "sync lookback", Threads, Items, pass_sync<Threads, Items, true>, 2 * tile_bytes, false, true);
  time_form(B, n, sms, "tma claims", Threads, Items, pass_tma<Threads, Items, false, false>, 6 * tile_bytes, true,
            false);
  time_form(B, n, sms, "tmaA claims", Threads, Items, pass_tma<Threads, Items, true, false>, 4 * tile_bytes, true,
            false);
  time_form(B, n, sms, "tmaA lookback", Threads, Items, pass_tma<Threads, Items, true, true>, 4 * tile_bytes, true,
            true);
}

// The real thing on the same data: `radix`'s digit pass (pass.cuh) with the policy of the hybrid path's passes of
// u32+u32 (384 x 24 at 2 blocks an SM since session 104, values through shared memory, look-back window 8; stable
// ranking by ballots), launched as the last of four LSD passes (bits 24..31: the top digit, as the first MSD pass
// sorts), the L2 prefetch where the policy takes it on this device. Reshaped<...>: the same pass in another shape (the
// policy's other fields kept), to see what tiles of more keys a digit buy it.
namespace ons = gsb::radix::onesweep;
using HybridPairs = ons::PolicyFor<unsigned, unsigned, gsb::arch::Band::sm90, ons::Passes::hybrid>::type;
template <int Threads, int Items, int MinBlocks>
using Reshaped = ons::ReshapedPolicy<HybridPairs, HybridPairs::radix_bits, Threads, Items, MinBlocks>;

template <class P = HybridPairs>
void time_real(const Bufs& B, unsigned long long n, int sms) {
  using S = ons::PassShape<unsigned, unsigned, 8, P::threads, P::items, P::shared_values>;
  auto kernel = ons::pass_kernel<unsigned, unsigned, P, ons::NoSegments>;
  const unsigned tiles = static_cast<unsigned>(n / S::tile);
  gsb::set_dynamic_shared_bytes(kernel, S::shared_bytes, "scatter_ceiling: the real pass");
  const int per_sm = gsb::resident_blocks_per_sm(kernel, P::threads, S::shared_bytes);
  ons::PassParams<unsigned, unsigned> prm{};
  prm.keys[0] = B.ko;  // the last of four passes reads half 1
  prm.keys[1] = B.k;
  prm.values[0] = B.vo;
  prm.values[1] = B.v;
  prm.offset = 0;
  prm.num_items = static_cast<unsigned>(n);
  prm.pass = 3;
  prm.num_passes = 4;
  prm.skippable = B.none_skippable;
  prm.bins_in = reinterpret_cast<const std::uint64_t*>(B.starts);
  prm.bins_out = nullptr;
  prm.status = B.status;
  prm.stamp = 1;
  prm.tile_counter = B.counter;
  prm.prefetch_ahead =
      ons::prefetch_distance(per_sm, sms, P::prefetch_waves_per_8, true, gsb::current_device_props().dram_bytes_per_s);
  const double ms = median_ms([&](cudaEvent_t a) {
    CK(cudaMemsetAsync(B.counter, 0, sizeof(unsigned)));
    CK(cudaMemsetAsync(B.status, 0, static_cast<std::size_t>(tiles) * radix * sizeof(unsigned)));
    CK(cudaEventRecord(a));
    kernel<<<tiles, P::threads, S::shared_bytes>>>(prm, ons::NoSegments{});
    CK(cudaGetLastError());
  });
  std::printf("  %-12s %4d x %2d (%d blocks/SM): %8.3f ms %5.2f TB/s %s (prefetch %u tiles ahead)\n",
              std::is_same_v<P, HybridPairs> ? "radix pass" : "radix pass'", P::threads, P::items, per_sm, ms,
              16.0 * n / 1e9 / ms, verified(B, n) ? "checked" : "FAILED", prm.prefetch_ahead);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<double> ns;
    for (int i = 1; i < argc; ++i) ns.push_back(std::atof(argv[i]));
    if (ns.empty()) ns = {268435456.0, 1e9};
    cudaDeviceProp prop{};
    CK(cudaGetDeviceProperties(&prop, 0));
    if (prop.major < 9) throw std::runtime_error("the bulk copies need sm_90 or newer");
    std::printf("%s, %d SMs\n", prop.name, prop.multiProcessorCount);
    constexpr unsigned long long whole = 16384ull * 9;  // every tile below divides it
    for (double nd : ns) {
      const unsigned long long n = static_cast<unsigned long long>(nd) / whole * whole;
      gsb::DeviceBuffer k(n * 4), v(n * 4), ko(n * 4), vo(n * 4), starts(radix * 8), cursor(radix * 8), scratch(16),
          counter(4), status(n / 4096 * radix * sizeof(unsigned)),  // (the smallest tile's count)
          none_skippable(8);
      const Bufs B{k.get<unsigned>(),
                   v.get<unsigned>(),
                   ko.get<unsigned>(),
                   vo.get<unsigned>(),
                   starts.get<unsigned long long>(),
                   cursor.get<unsigned long long>(),
                   scratch.get<unsigned long long>(),
                   counter.get<unsigned>(),
                   status.get<unsigned>(),
                   none_skippable.get<unsigned long long>()};
      CK(cudaMemset(B.none_skippable, 0, 8));
      fill<<<4096, 256>>>(B.k, B.v, n);
      CK(cudaGetLastError());
      CK(cudaMemset(B.cursor, 0, radix * 8));
      histogram<<<2048, 256>>>(B.k, n, B.cursor);
      CK(cudaGetLastError());
      unsigned long long h[radix], run = 0;
      CK(cudaMemcpy(h, B.cursor, sizeof h, cudaMemcpyDeviceToHost));
      for (auto& c : h) {
        const unsigned long long x = c;
        c = run;
        run += x;
      }
      CK(cudaMemcpy(B.starts, h, sizeof h, cudaMemcpyHostToDevice));
      const double gb = 16.0 * n / 1e9;
      const double copy = median_ms([&](cudaEvent_t a) {
        CK(cudaEventRecord(a));
        copy_pairs<<<prop.multiProcessorCount * 8, 256>>>(
            reinterpret_cast<const uint4*>(B.k), reinterpret_cast<const uint4*>(B.v), reinterpret_cast<uint4*>(B.ko),
            reinterpret_cast<uint4*>(B.vo), n / 4);
        CK(cudaGetLastError());
      });
      std::printf("n = %llu: copy of the pairs %.3f ms %.2f TB/s\n", n, copy, gb / copy);
      time_real(B, n, prop.multiProcessorCount);
      run_forms<256, 16>(B, n, prop.multiProcessorCount);
      run_forms<512, 8>(B, n, prop.multiProcessorCount);
      run_forms<256, 24>(B, n, prop.multiProcessorCount);
      // tiles of more keys a digit (the runs written longer)
      run_forms<384, 24>(B, n, prop.multiProcessorCount);
      run_forms<512, 24>(B, n, prop.multiProcessorCount);
      run_forms<512, 32>(B, n, prop.multiProcessorCount);
      time_real<Reshaped<256, 24, 3>>(B, n, prop.multiProcessorCount);  // the policy's shape before session 104
      time_real<Reshaped<512, 24, 1>>(B, n, prop.multiProcessorCount);
      time_real<Reshaped<256, 32, 2>>(B, n, prop.multiProcessorCount);
    }
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "scatter_ceiling: %s\n", e.what());
    return 1;
  }
}
