// The `radix` back-end's digit arithmetic (Digits: passes and digit widths of a key), the look-back status word,
// and the up-front histogram kernels that count every pass's digits in one read of the keys.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "gsb/arch.hpp"
#include "gsb/cluster_launch.cuh"
#include "gsb/dependent_launch.cuh"
#include "gsb/device_props.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"
#include "radix/digit_common.cuh"
#include "radix/onesweep/onesweep.hpp"
#include "radix/pass_plan.hpp"

namespace gsb::radix::onesweep {

inline constexpr unsigned status_inclusive = 1u << status_count_bits;
inline constexpr unsigned status_count_mask = status_inclusive - 1;
inline constexpr int status_stamp_shift = status_count_bits + 1;
static_assert(status_stamp_shift + 3 == 32, "3-bit stamp");
static_assert(stamps_per_clear < (1 << 3), "stamps 1..stamps_per_clear (0: cleared)");

inline constexpr int histogram_threads = 128;
inline constexpr int histogram_items = 16;

template <class Bits, int RadixBits>
struct Digits {
  static constexpr int key_bits = 8 * sizeof(Bits);
  static constexpr int radix = 1 << RadixBits;
  static constexpr int passes = (key_bits + RadixBits - 1) / RadixBits;
  static_assert(passes <= 63, "pass bit sets are 64-bit");
  __host__ __device__ static constexpr int shift(int pass) { return pass * RadixBits; }
  __host__ __device__ static constexpr int width(int pass) {
    return key_bits - pass * RadixBits < RadixBits ? key_bits - pass * RadixBits : RadixBits;
  }
};

// ---- up-front histograms of every pass ---------------------------------------------------------------------

// counts[pass * radix + digit] += keys with that digit, over every pass, in one read of the keys. Each block
// keeps its histograms in shared memory and walks tiles grid-stride; full tiles load without bounds checks.
// Random digits send the 32 lanes of an atomic to random banks (about 3.5 lanes on the busiest bank), and the
// kernel is bound by that and by instruction issue, not by the read (interleaved counter copies to spread the banks
// were tried with the 11-bit candidates and removed with them; two and four copies by lane lost 1-8 us at 1e8 u32
// keys, NOTES.md round 17). The keys are encoded by with_encoder's cheapest form for the codec.
template <class Bits, int RadixBits>
__global__ void __launch_bounds__(histogram_threads)
    histogram_kernel(const Bits* keys, std::uint64_t n, KeyCodec<Bits> codec, std::uint64_t* counts) {
  using D = Digits<Bits, RadixBits>;
  __shared__ unsigned s_hist[D::passes * D::radix];
  allow_dependent_grids();  // the bins kernel may be scheduled (it waits for this one's counts)
  for (int i = threadIdx.x; i < D::passes * D::radix; i += histogram_threads) s_hist[i] = 0;
  __syncthreads();
  with_encoder(codec, [&](auto encode) {
    constexpr std::uint64_t tile = static_cast<std::uint64_t>(histogram_threads) * histogram_items;
    const std::uint64_t tiles = (n + tile - 1) / tile;
    for (std::uint64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
      const Bits* in = keys + t * tile + threadIdx.x;
      Bits k[histogram_items];
      const bool full = (t + 1) * tile <= n;
      if (full) {
#pragma unroll
        for (int u = 0; u < histogram_items; ++u) k[u] = encode(in[u * histogram_threads]);
      } else {
        const std::uint64_t left = n - t * tile;
#pragma unroll
        for (int u = 0; u < histogram_items; ++u) {
          const std::uint64_t i = static_cast<std::uint64_t>(u) * histogram_threads + threadIdx.x;
          k[u] = i < left ? encode(in[u * histogram_threads]) : Bits{0};
        }
      }
#pragma unroll
      for (int p = 0; p < D::passes; ++p) {
#pragma unroll
        for (int u = 0; u < histogram_items; ++u)
          atomicAdd(&s_hist[p * D::radix + digit_of(k[u], D::shift(p), D::width(p))], 1u);
      }
      if (!full) {  // the zeros standing in for missing keys were counted in digit 0 of every pass
        const std::uint64_t left = n - t * tile;
        unsigned missing = 0;
#pragma unroll
        for (int u = 0; u < histogram_items; ++u)
          missing += static_cast<std::uint64_t>(u) * histogram_threads + threadIdx.x >= left ? 1u : 0u;
#pragma unroll
        for (int p = 0; p < D::passes; ++p)
          if (missing) atomicSub(&s_hist[p * D::radix], missing);
      }
    }
  });
  __syncthreads();
  for (int i = threadIdx.x; i < D::passes * D::radix; i += histogram_threads) {
    const unsigned c = s_hist[i];
    if (c != 0) atomicAdd(reinterpret_cast<unsigned long long*>(&counts[i]), static_cast<unsigned long long>(c));
  }
}

// Launches histogram_kernel over n keys into counts (zeroed by the caller): enough resident blocks to keep the
// loads of every multiprocessor in flight, no more than there are chunks of keys.
template <class Bits, int RadixBits>
void launch_digit_histograms(const Bits* keys, std::uint64_t n, const KeyCodec<Bits>& codec, std::uint64_t* counts,
                             cudaStream_t stream) {
  auto hist = histogram_kernel<Bits, RadixBits>;
  const std::uint64_t chunk = static_cast<std::uint64_t>(histogram_threads) * histogram_items;
  const int per_sm = resident_blocks_per_sm(hist, histogram_threads, 0);
  const unsigned blocks = static_cast<unsigned>(std::min<std::uint64_t>(
      ceil_div(n, chunk), static_cast<std::uint64_t>(current_device_props().sm_count) * std::max(per_sm, 1)));
  hist<<<blocks, histogram_threads, 0, stream>>>(keys, n, codec, counts);
  GSB_CHECK_LAUNCH();
}

// ---- the histogram of the top 16 bits -------------------------------------------------------------------------

inline constexpr int top16_bins = 1 << 16;
inline constexpr int top16_threads = 1024;
inline constexpr int top16_words = top16_bins / 2;  // two 16-bit counter fields per shared word
// The blocks of a cluster where the device has them: each adds 1 / top16_cluster of every block's counts to global
// memory (top16_count).
inline constexpr unsigned top16_cluster = 2;
// The registers top16_beside_sample_kernel is held to (__maxnreg__, CUDA 12.4 and newer): a block of it and one of
// the skew sample, which runs beside it, must fit one multiprocessor's registers together (hybrid.cuh:
// sample_registers, the rest). ptxas 13.0 sm_90 took 54 unasked for 4-byte keys, which kept the sample's blocks off
// the multiprocessors where they ran; 40 for 8-byte keys, whose sample takes more.
template <class Bits>
inline constexpr int top16_registers = sizeof(Bits) == 8 ? 40 : 48;

// The histograms' walk over n keys (top16_count, segment_sort.cuh's top-8-bit one) by blocks of Threads: this thread's
// share of them, grid stride, those before the first 16-byte boundary one by one, then 16 bytes a load (four loads in
// flight a round), then the rest one by one; each key's bin_of(key), counted by count_run(bin, keys). A 16-byte load
// whose keys all fall in one bin takes one count: on sorted or all-equal inputs the adds to one shared word serialise
// (u16 all-equal at 1e8 took 652 us against 346 uniform on an H200). One test per load, not a run count per key:
// uniform keys pay an xor and an or a key. poll(stopped) may set `stopped` with each round's loads; it is tested once
// they are counted, and ends the walk there.
template <int Threads, class Bits, class BinOf, class CountRun, class Poll>
__device__ __forceinline__ void count_keys_by_quads(const Bits* keys, std::uint64_t n, BinOf&& bin_of,
                                                    CountRun&& count_run, bool& stopped, Poll&& poll) {
  constexpr int per_quad = 16 / static_cast<int>(sizeof(Bits));  // keys per 16-byte load
  auto count = [&](Bits key) { count_run(bin_of(key), 1u); };
  const std::uint64_t thread = static_cast<std::uint64_t>(blockIdx.x) * Threads + threadIdx.x;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * Threads;
  const std::uint64_t head =
      std::min<std::uint64_t>(n, (16u - reinterpret_cast<std::uintptr_t>(keys) % 16u) % 16u / sizeof(Bits));
  if (thread < head) count(keys[thread]);
  const uint4* quads = reinterpret_cast<const uint4*>(keys + head);
  const std::uint64_t num_quads = (n - head) / per_quad;
  auto count_quad = [&](const uint4& v) {
    Bits k[per_quad];
    memcpy(k, &v, sizeof(v));
    unsigned bins[per_quad], differ = 0;
#pragma unroll
    for (int j = 0; j < per_quad; ++j) {
      bins[j] = bin_of(k[j]);
      differ |= bins[j] ^ bins[0];
    }
    if (differ == 0) {
      count_run(bins[0], per_quad);
    } else {
#pragma unroll
      for (int j = 0; j < per_quad; ++j) count_run(bins[j], 1u);
    }
  };
  std::uint64_t q = thread;
  for (; q + 3 * stride < num_quads; q += 4 * stride) {
    uint4 v[4];
#pragma unroll
    for (int u = 0; u < 4; ++u) v[u] = quads[q + u * stride];
    poll(stopped);
#pragma unroll
    for (int u = 0; u < 4; ++u) count_quad(v[u]);
    if (stopped) return;
  }
  for (; q < num_quads; q += stride) {
    const uint4 v = quads[q];  // (loaded whole: bound to count_quad's reference, its memcpy read 16 bytes one by one)
    count_quad(v);
  }
  for (std::uint64_t tail = head + num_quads * per_quad + thread; tail < n; tail += stride) count(keys[tail]);
}

// counts[b] (as pairs of 32-bit counts in 64-bit words) += keys whose encoded top 16 bits are b (2-byte keys: the whole
// key; the hybrid path counts 4- and 8-byte keys, the counting sort 2-byte ones), by a block's share of the keys, and
// top_counts[t] += those whose top 8 bits are t (zeroed by the caller as counts; n < 2^32): each block adds its fields'
// sums per top-8-bit bucket as it flushes them, where a kernel of its own once summed the 65536 counts afterwards (2.8
// us under ncu at 1e7 u32 keys, and a launch, NOTES.md round 34). BesideSample (the hybrid path): the skew sample
// (hybrid.cuh) runs beside the kernel, which is launched as its dependent, and sets *skewed when the path is abandoned;
// a thread that sees it set stops counting, and a block with such a thread writes nothing (the counts are not used
// then). The kernel waits for the sample only at its end, so that its completion covers the sample's (whose *skewed the
// kernels after it read). The 65536 counters of a block live in 128 KiB of shared memory as 16-bit fields, two per
// word: a 15-bit count and a guard bit. The atomic that takes a field from below 0x8000 to 0x8000 or more (sets the
// guard) moves 32768 to the global count and clears the guard again, so a field never carries into its neighbour: that
// would take 32768 more keys of the same bin, added by other threads, between that thread's two atomics, where each of
// the block's 1024 threads has at most one add of at most 16 / sizeof(Bits) keys in flight.
template <class Bits, bool BesideSample>
__device__ __forceinline__ void top16_count(const Bits* keys, std::uint64_t n, const KeyCodec<Bits>& codec,
                                            unsigned long long* pairs, unsigned* top_counts, const unsigned* skewed) {
  static_assert(sizeof(Bits) == 2 || sizeof(Bits) == 4 || sizeof(Bits) == 8, "16 of 16, 32 or 64 bits");
  allow_dependent_grids();  // the kernel after it may be scheduled (it waits for these counts)
  const volatile unsigned* abandoned = skewed;  // BesideSample: written while this kernel runs
  bool stopped = false;
  extern __shared__ __align__(16) unsigned s_fields[];
  __shared__ unsigned s_top[256];  // the block's share of the fields summed per top-8-bit bucket, as they are flushed
  for (int i = threadIdx.x; i < top16_words; i += top16_threads) s_fields[i] = 0;
  for (int i = threadIdx.x; i < 256; i += top16_threads) s_top[i] = 0;
  __syncthreads();
  with_encoder(codec, [&](auto encode) {
    auto bin_of = [&](Bits key) { return static_cast<unsigned>(encode(key) >> (8 * sizeof(Bits) - 16)); };
    // c (1 .. per_quad) more keys in bin. The add that takes the field past 0x7fff moves 32768 out; while it does,
    // the other threads' adds in flight (one each, at most per_quad) stay far below the 32768 that would carry.
    auto count_run = [&](unsigned bin, unsigned c) {
      const unsigned sh = (bin & 1u) * 16u;
      unsigned* word = &s_fields[bin >> 1];
      const unsigned before = (atomicAdd(word, c << sh) >> sh) & 0xffffu;
      if (before < 0x8000u && before + c >= 0x8000u) {
        atomicSub(word, 0x8000u << sh);
        atomicAdd(&pairs[bin >> 1], 0x8000ull << (2 * sh));
        atomicAdd(&top_counts[bin >> 8], 0x8000u);
      }
    };
    // (BesideSample: the mark is loaded with the keys, tested once they are counted; a block that stopped writes
    // nothing.)
    count_keys_by_quads<top16_threads>(keys, n, bin_of, count_run, stopped, [&](bool& s) {
      if constexpr (BesideSample) s = *abandoned != 0;
    });
  });
  // In a cluster of top16_cluster blocks (cluster_launch.cuh), each adds its share of every block's fields to global
  // memory: a fraction of the global atomics, which at the end of the kernel overlap nothing below 1e8 keys (u32 keys
  // at 1e7: 8 of its 29 us, H200, NOTES.md round 35). A block that stopped counting writes nothing, nor then do the
  // others of its cluster (every block of a cluster reaches both cluster syncs).
  __shared__ unsigned s_stopped;
  if constexpr (BesideSample) {
    const bool any = __syncthreads_or(stopped);
    if (threadIdx.x == 0) s_stopped = any;
  } else if (threadIdx.x == 0) {
    s_stopped = 0;
  }
  const unsigned blocks = cluster_size(), rank = cluster_rank();  // blocks <= top16_cluster (top16_grid)
  // Every block of the cluster has counted (the guards are clear once every thread is past its atomics).
  cluster_sync();
  bool skip = false;
  for (unsigned b = 0; b < blocks; ++b) skip |= *cluster_peer(&s_stopped, b) != 0;
  if (!skip) {
    // The block's share of the words, a word a thread in rounds of the block, each word loaded from every block of
    // the cluster. Every lane of a warp takes part in each round, and a warp's 32 words are 64 bins of one top-8-bit
    // bucket (128 words). (Whole buckets a warp instead, four words a lane loaded before any was added and the
    // bucket's sum added by one lane straight to global memory, took u32 keys at 1e7 from 197-198 us to 201-205
    // without clusters and 197-200 with clusters of two; NOTES.md round 36.)
    constexpr int bucket_words = 256 / 2;
    static_assert(top16_words % (top16_cluster * top16_threads) == 0 && top16_threads % bucket_words == 0,
                  "whole rounds of the block in a share, a warp's words in one bucket");
    const unsigned* peer[top16_cluster];
#pragma unroll
    for (unsigned b = 0; b < top16_cluster; ++b)
      peer[b] = b == rank ? s_fields : b < blocks ? cluster_peer(s_fields, b) : nullptr;
    const int share = top16_words / static_cast<int>(blocks), first = static_cast<int>(rank) * share;
    for (int i = first + threadIdx.x; i < first + share; i += top16_threads) {
      unsigned low = 0, high = 0;
#pragma unroll
      for (unsigned b = 0; b < top16_cluster; ++b) {
        if (b >= blocks) break;
        const unsigned v = peer[b][i];
        low += v & 0xffffu;
        high += v >> 16;
      }
      if ((low | high) != 0) atomicAdd(&pairs[i], (static_cast<unsigned long long>(high) << 32) | low);
      const unsigned sum = warp_reduce_sum(low + high);
      if (lane_id() == 0 && sum != 0) atomicAdd(&s_top[i / bucket_words], sum);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += top16_threads)
      if (s_top[i] != 0) atomicAdd(&top_counts[i], s_top[i]);
  }
  if (blocks > 1) cluster_sync();  // the others have read this block's fields
  if constexpr (BesideSample) wait_for_prior_grids();  // (see above)
}

// Without the sample: the counting sort's (2-byte keys), and the hybrid path's for 4-byte pairs whose top-8-bit
// buckets the segment sort could not take (hybrid.cuh). There it is the first MSD pass's programmatic dependent: it
// counts beside the pass's last wave (it reads only the keys, which the pass only reads too) and waits for the pass at
// its end, so that its completion covers the pass's for the plan, an ordinary launch after it. (Launched otherwise,
// the wait returns at once.)
template <class Bits>
__global__ void __launch_bounds__(top16_threads, 1)
    top16_histogram_kernel(const Bits* keys, std::uint64_t n, KeyCodec<Bits> codec, unsigned long long* pairs,
                           unsigned* top_counts) {
  top16_count<Bits, false>(keys, n, codec, pairs, top_counts, nullptr);
  wait_for_prior_grids();
}

// The hybrid path's (4- and 8-byte keys), beside the skew sample: its own kernel for its register cap. The last block
// to finish, once every count is in, writes what the kernel after it reads from top_counts (`last.write`, every
// thread; `last.arrivals` zeroed: hybrid.cuh, FirstPassInputs). Skewed keys leave that unused.
template <class Bits, class Last>
__global__ void __maxnreg__(top16_registers<Bits>)
    top16_beside_sample_kernel(const Bits* keys, std::uint64_t n, KeyCodec<Bits> codec, unsigned long long* pairs,
                               unsigned* top_counts, const unsigned* skewed, const Last last) {
  top16_count<Bits, true>(keys, n, codec, pairs, top_counts, skewed);
  if (arrived_last(last.arrivals)) last.write(top_counts);
}

// Block b of 256 threads, thread t: where 16-bit bin 256 b + t starts (the exclusive sum of the counts before
// it), from the 65536 counts and their 256 top-8-bit sums (top16_count), summed over `portions` histograms laid out
// one after the other (the counting sort past 2^32 keys; each portion's counts are 32 bits). Every block scans the 256
// top sums for its own start (a few hundred nanoseconds) rather than waiting for one block to do it. Also gives
// thread t top-8-bit bucket t's size (of one portion) and start.
__device__ __forceinline__ std::uint64_t top16_start(const unsigned* counts, const unsigned* top_counts,
                                                     unsigned& top_size, std::uint64_t& top_start,
                                                     unsigned portions = 1) {
  __shared__ std::uint64_t top_sums[32];
  __shared__ std::uint64_t bin_sums[32];
  __shared__ std::uint64_t s_base;
  std::uint64_t unused, top = 0, bin = 0;
  for (unsigned q = 0; q < portions; ++q) {
    top += __ldcg(&top_counts[q * 256 + threadIdx.x]);
    bin += __ldcg(&counts[q * 65536 + blockIdx.x * 256 + threadIdx.x]);
  }
  top_size = static_cast<unsigned>(top);
  top_start = block_exclusive_sum<std::uint64_t, 256>(top, top_sums, &unused);
  if (threadIdx.x == blockIdx.x) s_base = top_start;
  const std::uint64_t within = block_exclusive_sum<std::uint64_t, 256>(bin, bin_sums, &unused);
  return s_base + within;
}

// The 16-bit histogram's grid: one block per multiprocessor, but at least 2^15 keys per block, since each block
// flushes up to 32768 words (with at least 2^18 a block, u32 keys at 2^22 took 16 blocks and the hybrid path 169.0 us,
// 156.6 with 128; 2^20 120.4 and 101.0; 2^24 and 2.6e7 alike; H200, NOTES.md round 26). In clusters of `cluster`
// blocks (top16_count) where the device has them: resident, the clusters resident at once (0: no clusters), bounds the
// grid, whose block count is rounded up to a multiple of the cluster (a block past the keys counts none).
struct Top16Grid {
  unsigned blocks;
  unsigned cluster;  // blocks a cluster (1: no clusters)
};
inline Top16Grid top16_grid(std::uint64_t n, unsigned sm_count, unsigned cluster, unsigned resident) {
  const auto blocks = static_cast<unsigned>(std::clamp<std::uint64_t>(n >> 15, 1, sm_count));
  if (resident == 0 || cluster <= 1) return {blocks, 1};
  return {std::min((blocks + cluster - 1) / cluster * cluster, cluster * resident), cluster};
}

// Launches the 16-bit histogram over n keys into pairs and top_counts (both zeroed by the caller). Returns the 65536
// counts (pairs read as 32-bit words). Without `last` (the counting sort's 2-byte keys; the hybrid path's 4-byte pairs
// when the segment sort's buckets did not fit, hybrid.cuh): after the stream's last operation has completed, or
// (`dependent`, the hybrid path's) as its programmatic dependent, which top16_histogram_kernel waits for at its end.
// With it (the hybrid path's 4- and 8-byte keys): the stream's last operation is the skew sample, which sets *skewed,
// and the histogram runs beside it (a programmatic dependent launch: everything it reads but *skewed was written
// before the sample began); its last block runs `last` (top16_beside_sample_kernel).
template <class Bits, class Last = std::nullptr_t>
const unsigned* launch_top16_histogram(const Bits* keys, std::uint64_t n, const KeyCodec<Bits>& codec,
                                       unsigned long long* pairs, const unsigned* skewed, unsigned* top_counts,
                                       cudaStream_t stream, const Last& last = nullptr, bool dependent = false) {
  constexpr int smem = top16_words * static_cast<int>(sizeof(unsigned));
  constexpr bool beside_sample = !std::is_same_v<Last, std::nullptr_t>;
  const DeviceProps& dev = current_device_props();
  auto kernel = [] {
    if constexpr (beside_sample)
      return top16_beside_sample_kernel<Bits, Last>;
    else
      return top16_histogram_kernel<Bits>;
  }();
  set_dynamic_shared_bytes(kernel, smem, "radix: 16-bit histogram");
  const Top16Grid grid = top16_grid(
      n, static_cast<unsigned>(dev.sm_count), top16_cluster,
      dev.cluster_launch ? static_cast<unsigned>(resident_clusters(kernel, top16_threads, smem, top16_cluster)) : 0u);
  if constexpr (beside_sample) {
    GSB_EXPECTS(skewed != nullptr, "radix: the hybrid path's histogram without its sample's verdict");
    launch_in_clusters(grid.cluster, true, kernel, dim3(grid.blocks), dim3(top16_threads), smem, stream, keys, n, codec,
                       pairs, top_counts, skewed, last);
  } else {
    launch_in_clusters(grid.cluster, dependent, kernel, dim3(grid.blocks), dim3(top16_threads), smem, stream, keys, n,
                       codec, pairs, top_counts);
  }
  return reinterpret_cast<const unsigned*>(pairs);  // little-endian: bin 2w is the low half
}

// starts[b] = where 16-bit bin b starts (block b / 256, as top16_start), of the 16-bit histograms' counts.
template <int = 0>
__global__ void __launch_bounds__(256)
    top16_starts_kernel(const unsigned* counts, const unsigned* top_counts, unsigned portions, std::uint64_t* starts) {
  wait_for_prior_grids();  // launched as a dependent of the histogram (counting.cuh)
  allow_dependent_grids();
  unsigned top_size;
  std::uint64_t top_start;
  starts[blockIdx.x * 256 + threadIdx.x] = top16_start(counts, top_counts, top_size, top_start, portions);
}

// One block per pass: the exclusive sum of the pass's digit counts (the first portion's global digit starts),
// and the pass marked skippable when one digit holds every key.
template <class Bits, int RadixBits>
__global__ void __launch_bounds__(256)
    bins_kernel(const std::uint64_t* counts, std::uint64_t n, std::uint64_t* bins, unsigned long long* skippable) {
  using D = Digits<Bits, RadixBits>;
  constexpr int per_thread = (D::radix + 255) / 256;
  __shared__ std::uint64_t warp_sums[32];
  wait_for_prior_grids();  // launched as a dependent of the histogram (dispatch.cuh)
  allow_dependent_grids();
  const int pass = blockIdx.x;
  std::uint64_t c[per_thread];
  std::uint64_t sum = 0;
  bool all_in_one = false;
#pragma unroll
  for (int b = 0; b < per_thread; ++b) {
    const int d = threadIdx.x * per_thread + b;
    c[b] = d < D::radix ? counts[pass * D::radix + d] : 0;
    sum += c[b];
    all_in_one |= c[b] == n;
  }
  std::uint64_t total;
  std::uint64_t run = block_exclusive_sum<std::uint64_t, 256>(sum, warp_sums, &total);
#pragma unroll
  for (int b = 0; b < per_thread; ++b) {
    const int d = threadIdx.x * per_thread + b;
    if (d < D::radix) bins[pass * D::radix + d] = run;
    run += c[b];
  }
  if (__syncthreads_or(all_in_one) && threadIdx.x == 0) atomicOr(skippable, 1ull << pass);
}

}  // namespace gsb::radix::onesweep
