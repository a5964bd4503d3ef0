// The `radix` back-end's hybrid path for 4- and 8-byte keys (alone or with values): two MSD digit passes, then each
// 16-bit bucket sorted whole in shared memory (see hybrid.hpp for when it runs and why it moves fewer bytes).
//
//   0. skew_sample_kernel: 16384 keys spread over the array; if more of them than sample_heavy_most lie in bins
//      far past their share (skewed keys: low entropy, few distinct values, Zipf), the path is abandoned early (the
//      histogram would cost up to 0.4 ms on such keys, NOTES.md): step 1 stops, and the host, which polls the mark
//      (written into host memory) while they run, sorts by the LSD passes without enqueuing steps 2-5;
//   1. top16_beside_sample_kernel (histogram.cuh), beside the sample: one read of the keys, the histogram of their
//      top 16 bits (65536 bins), and its sums per top-8-bit bucket; its last block to finish writes what step 3
//      reads (FirstPassInputs): the starts of the top-8-bit buckets and step 3's tile tables;
//   2. hybrid_plan_kernel, a block per top-8-bit bucket, launched after step 3 and run beside its last wave: where
//      each 16-bit bucket starts in the output, step 4's tile table, the largest bucket, the list of the buckets
//      past the bucket sort's first launch, and the keys in buckets past the bucket capacity and their number (where
//      the sort takes the LSD passes instead, large_buckets_plan, step 4's table is emptied, so step 4 does nothing
//      and step 3 has sorted for nothing);
//   3. pass_kernel (Segmented, one segment per launch): the top 8 bits (24..31 of a 4-byte key, 56..63 of an 8-byte
//      one), half 0 -> half 1, one launch per look-back portion, each handing its digit starts to the next (as the
//      LSD passes do; keys alone claim each tile's digit runs by atomics instead, ClaimedSegments in pass.cuh);
//   4. pass_kernel (Segmented, one segment per top-8-bit bucket): the next 8 bits, half 1 -> half 0; every key
//      now sits in its 16-bit bucket, buckets in order;
//   -- meanwhile the host reads those two back: where the buckets do not fit, it sorts by LSD passes instead --
//   5. bucket_sort_kernel (bucket_sort.cuh): one block per 16-bit bucket (one warp for small buckets,
//      warp_buckets.cuh) sorts it in shared memory by its remaining
//      bits, 8 at a time from bit 0 (2 rounds for 4-byte keys, 6 for 8-byte ones: a counting sort, then the
//      warp-level multisplit of the passes; 4-byte keys alone in 1024-thread blocks, past about 1.68e9, in two MSD
//      counting sorts, bucket_msd_runs; 4-byte keys with 4-byte values in two buffers by one counting sort and
//      short runs, bucket_carry_by_runs) and writes it back in place, decoded, in launches by size class; the
//      few buckets past the capacity are sorted one block each through global memory (large_buckets.cuh), a skewed
//      input's many by segmented digit passes (large_segments.cuh, enqueued before the bucket sort).
// 4-byte keys with 4-byte values from 2^22 to about 4.32e6 keys (segment_sort.cuh): step 1 counts their top 8 bits
// alone, and once step 3 has placed them one block a top-8-bit bucket sorts it, in place of steps 2, 4 and 5 (the
// 16-bit counts and those steps follow step 3 only where a bucket does not fit the block and the sample found the keys
// not skewed).
// The sort is stable: steps 3-5 keep equal keys in input order, except where only equal keys can change places (keys
// alone: step 5's first round, and steps 3 and 4, whose keys of one digit leave a tile in any order).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "radix/onesweep/bucket_sort.cuh"
#include "radix/onesweep/dispatch.cuh"
#include "radix/onesweep/segment_sort.cuh"
#include "radix/onesweep/hybrid.hpp"
#include "radix/onesweep/large_segments.cuh"

namespace gsb::radix::onesweep {

inline constexpr int plan_threads = 256;  // one 16-bit bucket (and one top-8-bit bucket) per thread
static_assert(hybrid_buckets == top16_bins, "the buckets are the 16-bit histogram's bins");

// The sample's verdicts, in its mark (HybridReadBack): 0 for keys of neither kind.
inline constexpr unsigned mark_skewed = 1;          // skewed keys: the LSD passes
inline constexpr unsigned mark_few_digit_rows = 4;  // rows of few digits: stable MSD passes (hybrid.hpp)

inline constexpr int sample_threads = 256;
inline constexpr int sample_blocks = 64;
static_assert(sample_threads * sample_blocks == sample_keys, "one sampled key a thread");
// The registers the sample is held to (__maxnreg__): what a multiprocessor's registers hold beside a block of the
// 16-bit histogram, which runs beside the sample (ptxas 13.0 sm_90: 4-byte keys 64, which took 58 unasked; 8-byte
// keys 96, which took 136 unasked, and spill 64 bytes, in the verdict of the last block).
template <class Bits>
inline constexpr int sample_registers =
    (arch::compiling_registers_per_sm - top16_threads * top16_registers<Bits>) / sample_threads;

template <class Bits>
__device__ __forceinline__ void atomic_or_bits(Bits* p, Bits v) {
  if constexpr (sizeof(Bits) == 8)
    atomicOr(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
  else
    atomicOr(reinterpret_cast<unsigned*>(p), static_cast<unsigned>(v));
}

// Sample i (of sample_keys, one per thread) is key i * n / sample_keys, counted by its top 12 bits in bins (zeroed)
// with global atomics (one per bin and warp), which also gather each bin's OR of its sampled keys and of their
// complements (ors, nors, zeroed: their AND is the bits in which the bin's samples differ). The last block to finish
// estimates the keys in buckets of more than `heavy_above` keys whose remaining bits (below the top 16) vary: a bin's
// samples stand for n / sample_keys keys each, in one 16-bit bucket where they agree on the top 16 bits, else taken as
// spread over its 16.
// Past `heavy_most` of the samples (sample_heavy_most), or where every sample is one key (the LSD passes then skip
// every pass), it marks the keys skewed: 1 in *skewed and mark_skewed in the host-mapped *mark (await_mark), else 0
// (always 0 where `judge` is false: a test forcing the path). Each warp also reads the row of 32 keys from its first
// sample on and counts it in *few_rows (zeroed) where some MSD digit is held by more than few_digit_lanes of them; past
// 1 / few_digit_rows_share of the rows the mark (not skewed) is mark_few_digit_rows. No mark where `mark` is null (the
// segment sort's keys: its histogram reads *skewed instead, segment_sort.cuh). Block b samples one
// 64th of the array: one block sampling all of it spent 17 us (H200, n = 1e8) on the address translation of a few
// hundred pages from one multiprocessor, not on the loads themselves.
template <class Bits>
__global__ void __maxnreg__(sample_registers<Bits>)
    skew_sample_kernel(const Bits* keys, std::uint64_t n, KeyCodec<Bits> codec, unsigned* bins, Bits* ors, Bits* nors,
                       unsigned* done_blocks, unsigned* skewed, unsigned* few_rows, unsigned heavy_above,
                       unsigned heavy_most, bool judge, volatile unsigned* mark) {
  constexpr int key_bits = 8 * sizeof(Bits);
  __shared__ unsigned warp_sums[32];
  wait_for_prior_grids();   // launched as a dependent of clear_kernel
  allow_dependent_grids();  // the 16-bit histogram runs beside the sample (launch_top16_histogram)
  const std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * sample_threads + threadIdx.x;
  const Bits key = codec.encode(keys[i * n / sample_keys]);
  const auto bin = static_cast<unsigned>(key >> (key_bits - sample_bin_bits));
  // The lanes of a warp that sample one bin add up first and their lowest adds for all: skewed keys put most samples
  // in a few bins, and one atomic a sample queued thousands on one address.
  const unsigned peers = __match_any_sync(full_warp, bin);
  Bits any = 0, any_not = 0;
  for (int src = 0; src < 32; ++src) {
    const Bits k = __shfl_sync(full_warp, key, src);
    if ((peers >> src) & 1u) {
      any |= k;
      any_not |= static_cast<Bits>(~k);
    }
  }
  if ((peers & lanemask_lt()) == 0) {
    atomicAdd(&bins[bin], static_cast<unsigned>(__popc(peers)));
    atomic_or_bits(&ors[bin], any);
    atomic_or_bits(&nors[bin], any_not);
  }
  const std::uint64_t row = (i - lane_id()) * n / sample_keys;  // warp-uniform
  if (row + 32 <= n) {
    const Bits k = codec.encode(keys[row + lane_id()]);
    const auto top = static_cast<unsigned>(k >> (key_bits - 8));
    const auto next = static_cast<unsigned>(k >> (key_bits - 16)) & 255u;
    const unsigned most = warp_reduce_max(static_cast<unsigned>(
        max(__popc(__match_any_sync(full_warp, top)), __popc(__match_any_sync(full_warp, next)))));
    if (lane_id() == 0 && most > static_cast<unsigned>(few_digit_lanes)) atomicAdd(few_rows, 1u);
  }
  if (!arrived_last(done_blocks)) return;
  const double keys_per_sample = static_cast<double>(n) / sample_keys;
  constexpr int per_thread = (1 << sample_bin_bits) / sample_threads;
  unsigned c[per_thread];
  Bits differ[per_thread];
#pragma unroll
  for (int u = 0; u < per_thread; ++u) {  // every load first: one L2 round trip, not one per bin
    const int b = u * sample_threads + static_cast<int>(threadIdx.x);
    c[u] = __ldcg(&bins[b]);
    differ[u] = __ldcg(&ors[b]) & __ldcg(&nors[b]);
  }
  unsigned heavy = 0, kinds = 0;  // heavy samples; per bin 1, or 2 where its samples differ
#pragma unroll
  for (int u = 0; u < per_thread; ++u) {
    if (c[u] == 0) continue;
    const bool rest_varies = static_cast<Bits>(differ[u] << 16) != 0;
    const bool one_bucket = (differ[u] >> (key_bits - 16)) == 0;
    if (rest_varies && c[u] * keys_per_sample / (one_bucket ? 1 : 16) > heavy_above) heavy += c[u];
    kinds += differ[u] != 0 ? 2 : 1;
  }
  unsigned all_heavy, all_kinds;
  block_exclusive_sum<unsigned, sample_threads>(heavy, warp_sums, &all_heavy);
  block_exclusive_sum<unsigned, sample_threads>(kinds, warp_sums, &all_kinds);
  if (threadIdx.x == 0) {
    const unsigned s = judge && (all_heavy > heavy_most || all_kinds == 1) ? 1u : 0u;
    *skewed = s;
    const bool few = __ldcg(few_rows) * few_digit_rows_share > sample_keys / 32;
    // (a system-scope store: the host sees it without a fence, at the latest when the kernel ends)
    if (mark != nullptr) *mark = s != 0 ? mark_skewed : few ? mark_few_digit_rows : 0u;
  }
}

// Zeroes quads[0 .. count) (16-byte words): the sort's first kernel, where a memset had ended 3.7-4.1 us into the
// sort (u32 keys at 1e7, H200, NOTES.md round 36), and the sample follows it as its programmatic dependent. (A
// template only so that every translation unit that includes this header may define it.)
inline constexpr int clear_threads = 256;
inline constexpr unsigned clear_blocks_per_sm = 4;  // at most (fewer where the words are fewer)
template <int = 0>
__global__ void __launch_bounds__(clear_threads) clear_kernel(uint4* quads, std::uint64_t count) {
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * clear_threads;
  for (std::uint64_t q = static_cast<std::uint64_t>(blockIdx.x) * clear_threads + threadIdx.x; q < count; q += stride)
    quads[q] = make_uint4(0, 0, 0, 0);
}

inline constexpr int hybrid_largest_words = 6;  // HybridTables::largest
struct HybridTables {
  std::uint64_t* starts16;  // [65536] where each 16-bit bucket starts in the output
  std::uint64_t* starts8;   // [256] where each top-8-bit bucket starts (the first portion's digit starts)
  unsigned* seg_tiles_top;  // [2 x portions] the first pass: per portion one segment of all its tiles
  std::uint64_t* seg_items_top;
  unsigned* seg_tiles_mid;  // [257] the second pass: one segment per top-8-bit bucket
  std::uint64_t* seg_items_mid;
  unsigned* largest;        // [6]: the largest 16-bit bucket, the keys in buckets past the capacity (at most
                            // 2^32 - 1: saturated), the number of those buckets, the largest bucket within the
                            // capacity, the number of buckets in `later`, and nonzero where the counts do not add up
                            // (a count wrapped past 2^32: the LSD passes) (zeroed before the histogram)
  unsigned long long* bin_total;  // the 16-bit buckets' counts added up (zeroed)
  unsigned* later;          // [65536]: the buckets past the bucket sort's first launch's bound and within the capacity
                            // (in no order), which its later launches sort (launch_bucket_sort)
  unsigned* plan_blocks;    // hybrid_plan_kernel's finished blocks (zeroed)
  unsigned* large_per_top;  // [2][256]: per top-8-bit bucket, its buckets past the capacity and their tiles
};

// The first pass's portions: `portions` (at most plan_threads) of `portion` keys, the last one the rest.
struct TopPortions {
  std::uint64_t portion;
  unsigned portions;
};

// What the first MSD pass reads, written by the 16-bit histogram's last block to finish (top16_beside_sample_kernel),
// once every count is in: where each top-8-bit bucket starts, and the pass's tile tables, one segment a portion. The
// pass then follows the histogram, and the plan, which it needs not, runs beside the pass (hybrid_plan_kernel).
struct FirstPassInputs {
  unsigned* arrivals;       // the histogram's finished blocks (zeroed)
  std::uint64_t* starts8;   // HybridTables::starts8
  unsigned* seg_tiles;      // HybridTables::seg_tiles_top
  std::uint64_t* seg_items;  // HybridTables::seg_items_top
  std::uint64_t n;
  TopPortions top;
  unsigned tile;
  // Called by every thread of the histogram's last block. Without `tiles` the pass finds no tile (pass_kernel: an
  // emptied table), where the segment sort's keys go to the LSD passes (segment_histogram_kernel).
  __device__ __forceinline__ void write(const unsigned* top_counts, bool tiles = true) const {
    static_assert(top16_threads >= 256 && top16_threads >= plan_threads, "a thread per top-8-bit bucket and portion");
    __shared__ std::uint64_t warp_sums[32];
    const unsigned i = threadIdx.x;
    std::uint64_t all;
    const std::uint64_t start = block_exclusive_sum<std::uint64_t, top16_threads>(
        i < 256 ? __ldcg(&top_counts[i]) : 0u, warp_sums, &all);
    if (i < 256) starts8[i] = start;
    if (i < top.portions) {  // items relative to the portion (the pass's offset)
      const std::uint64_t items = min(top.portion, n - i * top.portion);
      seg_tiles[2 * i] = 0;
      seg_tiles[2 * i + 1] = tiles ? static_cast<unsigned>((items + tile - 1) / tile) : 0u;
      seg_items[2 * i] = 0;
      seg_items[2 * i + 1] = items;
    }
  }
};

// Block b, thread t: 16-bit bucket 256 b + t. Every block scans the 256 top-8-bit counts (a few hundred
// nanoseconds) for its own bucket's start; block 0 also writes the second pass's tile table. Launched after the
// first MSD pass, which lets it in once all of its blocks have begun (SegmentTable::let_next_in), so that it runs
// beside the pass's last wave (its 6-7 us had come between the histogram and the pass: u32 keys at 1e7, H200,
// NOTES.md round 36). It reads only the histogram's counts, complete before the pass began (the pass's blocks had
// waited for them, and their trigger follows that wait), from L2. It waits for the pass only at its end, so that its
// completion covers the pass's for the second pass, its dependent. (A template only so that every translation unit
// that includes this header may define it: it is the same for every key width.)
template <int = 0>
__global__ void __launch_bounds__(plan_threads)
    hybrid_plan_kernel(const unsigned* counts, const unsigned* top_counts, std::uint64_t n, unsigned tile,
                       unsigned capacity, unsigned first_bound, LargeForce force, HybridTables t) {
  allow_dependent_grids();
  static_assert(plan_threads == 256, "top16_start: a block per top-8-bit bucket, a thread per 16-bit bucket");
  __shared__ unsigned warp_tiles[32];
  const unsigned top = blockIdx.x;
  unsigned top_size;
  std::uint64_t top_start;
  const std::uint64_t bin_start = top16_start(counts, top_counts, top_size, top_start);
  const unsigned top_tiles = (top_size + tile - 1) / tile;
  unsigned all_tiles;
  const unsigned tiles_before = block_exclusive_sum<unsigned, plan_threads>(top_tiles, warp_tiles, &all_tiles);
  if (top == 0) {
    t.seg_tiles_mid[threadIdx.x] = tiles_before;
    t.seg_items_mid[threadIdx.x] = top_start;
    if (threadIdx.x == 0) {
      t.seg_tiles_mid[256] = all_tiles;
      t.seg_items_mid[256] = n;
    }
  }
  const unsigned c = __ldcg(&counts[top * 256 + threadIdx.x]);
  t.starts16[top * 256 + threadIdx.x] = bin_start;
  // The block's largest bucket and largest within the capacity: one atomic each per block (per warp, 2048 atomics
  // on each of two words serialised in L2).
  __shared__ unsigned warp_max[2][plan_threads / 32];
  const unsigned m = warp_reduce_max(c);
  const unsigned m_fitting = warp_reduce_max(c <= capacity ? c : 0u);
  if (lane_id() == 0) {
    warp_max[0][threadIdx.x / 32] = m;
    warp_max[1][threadIdx.x / 32] = m_fitting;
  }
  if (c > capacity) {
    // (Saturating: past 2^32 keys they may pass 2^32 - 1 in all. Any add onto the saturated sum wraps, and sets it
    // again.)
    const unsigned before = atomicAdd(&t.largest[1], c);
    if (before + c < before) atomicExch(&t.largest[1], ~0u);
    atomicAdd(&t.largest[2], 1u);
  }
  // The counts add up: this top-8-bit bucket's 16-bit ones to its count, and (the last block, below) all of them to n.
  // A count of 32 bits (one 16-bit bucket's, half of a 64-bit word of the histogram; or a top-8-bit bucket's) that
  // passed 2^32 has lost 2^32 (a half carrying into its neighbour: 2^32 - 1 in all), so the sums fall short: possible
  // only past 2^32 keys (to hybrid_max_items), and skewed ones.
  __shared__ std::uint64_t warp_bins[32];
  std::uint64_t block_bins;
  block_exclusive_sum<std::uint64_t, plan_threads>(c, warp_bins, &block_bins);
  if (threadIdx.x == 0) {
    if (block_bins != __ldcg(&top_counts[top])) atomicOr(&t.largest[5], 1u);
    atomicAdd(t.bin_total, static_cast<unsigned long long>(block_bins));
  }
  // The buckets the bucket sort's later launches take: one atomic a warp for its places in the list.
  const bool later = c > first_bound && c <= capacity;
  const unsigned later_lanes = __ballot_sync(full_warp, later);
  if (later_lanes != 0) {
    const unsigned leader = __ffs(later_lanes) - 1;
    unsigned at = 0;
    if (lane_id() == leader) at = atomicAdd(&t.largest[4], static_cast<unsigned>(__popc(later_lanes)));
    at = __shfl_sync(full_warp, at, leader);
    if (later) t.later[at + __popc(later_lanes & lanemask_lt())] = top * 256 + threadIdx.x;
  }
  // This top bucket's buckets past the capacity and their tiles (large_segments.cuh lists them from these).
  unsigned large = 0, large_tiles = 0;
  if (__syncthreads_or(c > capacity)) {  // (also the barrier after warp_max)
    block_exclusive_sum<unsigned, plan_threads>(c > capacity ? 1u : 0u, warp_tiles, &large);
    block_exclusive_sum<unsigned, plan_threads>(c > capacity ? (c + tile - 1) / tile : 0u, warp_tiles, &large_tiles);
  }
  if (threadIdx.x < 2) {
    unsigned v = 0;
    for (int w = 0; w < plan_threads / 32; ++w) v = max(v, warp_max[threadIdx.x][w]);
    if (v != 0) atomicMax(&t.largest[threadIdx.x == 0 ? 0 : 3], v);
  }
  if (threadIdx.x == 0) {
    t.large_per_top[top] = large;
    t.large_per_top[256 + top] = large_tiles;
  }
  // The last block to finish knows the largest bucket and those past the capacity: where the sort takes the LSD
  // passes instead (large_buckets_plan, or counts that do not add up) it empties the second pass's tile table, so
  // that the pass, enqueued before the host reads those back, returns at once. (The first pass, running beside, goes
  // on: the keys the sample let through and the bucket sort cannot take cost it a pass of the keys. With counts that
  // wrapped, its starts are short, which keeps every key it writes within half 1.)
  if (arrived_last(t.plan_blocks) && threadIdx.x == 0) {
    if (__ldcg(t.bin_total) != n) atomicOr(&t.largest[5], 1u);
    if (__ldcg(&t.largest[5]) != 0 ||
        large_buckets_plan(__ldcg(&t.largest[0]), __ldcg(&t.largest[1]), __ldcg(&t.largest[2]), capacity, n, force) ==
            LargeBuckets::lsd)
      t.seg_tiles_mid[256] = 0;
  }
  wait_for_prior_grids();  // the first pass
}

// The hybrid path's read-backs, per device and host thread (created on first use, kept for the process): events
// after the histogram and after the plan on the sort's stream, and pinned words mapped into the device: [0] the
// sample's mark, which skew_sample_kernel writes there itself (mark_unset until it has), [1..6] HybridTables::largest,
// copied on a second stream so that queueing the copy does not block the host, [7] the segment histogram's verdict
// (segment_sort.cuh), which its last block writes there.
struct HybridReadBack {
  static constexpr unsigned mark_unset = 2;  // none of the sample's verdicts (0: uniform keys, skew_sample_kernel)
  static constexpr int segment_word = 1 + hybrid_largest_words;
  cudaEvent_t histogram_done = nullptr;
  cudaEvent_t plan_done = nullptr;
  unsigned* words = nullptr;
  unsigned* mark_on_device = nullptr;  // words[0] as the device addresses it
  unsigned* segment_mark_on_device = nullptr;  // words[segment_word]
};
inline HybridReadBack& hybrid_read_back() {
  constexpr int max_devices = 64;
  thread_local std::array<HybridReadBack, max_devices> states{};
  int device = 0;
  GSB_CUDA_TRY(cudaGetDevice(&device));
  GSB_EXPECTS(device >= 0 && device < max_devices, "radix: device " + std::to_string(device) + " of too many");
  HybridReadBack& s = states[device];
  if (s.words == nullptr) {
    GSB_CUDA_TRY(cudaEventCreateWithFlags(&s.histogram_done, cudaEventDisableTiming));
    GSB_CUDA_TRY(cudaEventCreateWithFlags(&s.plan_done, cudaEventDisableTiming));
    void* words = nullptr;
    GSB_CUDA_TRY(cudaHostAlloc(&words, (HybridReadBack::segment_word + 1) * sizeof(unsigned),
                               cudaHostAllocMapped | cudaHostAllocPortable));
    s.words = static_cast<unsigned*>(words);
    void* mark = nullptr;
    GSB_CUDA_TRY(cudaHostGetDevicePointer(&mark, words, 0));
    s.mark_on_device = static_cast<unsigned*>(mark);
    s.segment_mark_on_device = s.mark_on_device + HybridReadBack::segment_word;
  }
  return s;
}

// A verdict the device writes into rb.words[word] (mark_unset until then): polls it in host memory until the kernel has
// written it (the sample's: no copy to queue on a second stream and wait for: with that copy and the sample's atomics
// one a sample, the fallback to the LSD passes cost 23-40 us over radix-lsd, 15-24 with the mark polled and the atomics
// one a bin and warp; u32 and i32 keys at 9e6 ... 2.6e7, H200, NOTES.md round 27). Where the histogram, enqueued after
// the sample (and waiting for it, or writing the word itself), has completed without it (a failed launch), throws
// instead of waiting.
inline unsigned await_mark(const HybridReadBack& rb, int word, const char* writer) {
  const volatile unsigned* mark = rb.words + word;
  for (;;) {
    unsigned v = *mark;
    if (v != HybridReadBack::mark_unset) return v;
    const cudaError_t e = cudaEventQuery(rb.histogram_done);
    if (e == cudaErrorNotReady) continue;
    GSB_CUDA_TRY(e);
    v = *mark;
    if (v != HybridReadBack::mark_unset) return v;
    throw std::logic_error(std::string("radix: the ") + writer + " completed without writing its mark");
  }
}

// ---- host --------------------------------------------------------------------------------------------------

// PassParams::num_items of a segmented pass, where it bounds only the prefetch (the segments bound the tiles): n, or
// past 2^32 - 1 keys 2^32 - 1 (the few tiles past it are not prefetched).
inline unsigned pass_items_bound(std::uint64_t n) { return n < ~0u ? static_cast<unsigned>(n) : ~0u; }

// The keys of one bucket a block sorts where a block has shared_bytes of shared memory (from one buffer into
// another, or in place where that holds more), 0 where that cannot hold the path's 16-bit histogram
// (top16_beside_sample_kernel) or buckets of min_bucket_capacity keys (sm75, sm86: 4-byte keys take the LSD passes at
// every n there). A larger bucket than this makes the sort fall back. Without the 1024-thread in-place shape where
// `widest` is false (hybrid_widest_block_pays).
template <class Bits, class Value>
constexpr unsigned hybrid_capacity(long long shared_bytes, bool widest = true) {
  const unsigned two = bucket_capacity<Bits, Value>(shared_bytes);
  const unsigned one = widest ? bucket_capacity_in_place_any<Bits, Value>(shared_bytes)
                              : bucket_capacity_in_place<Bits, Value>(shared_bytes);
  const unsigned c = one > two ? one : two;
  return top16_words * 4 <= shared_bytes && c >= min_bucket_capacity ? c : 0u;
}

// The largest bucket of uniform keys (uniform_bucket_bound) for which the path is tried on band b: one block holds
// it (hybrid_capacity) and its shape (bucket_shape_for) keeps bucket_min_warps_per_sm warps resident. (Every
// smaller bucket keeps at least as many, or half a multiprocessor's.)
template <class Bits, class Value>
constexpr unsigned hybrid_tried_capacity(arch::Band b) {
  unsigned k = hybrid_capacity<Bits, Value>(arch::limits_of(b).shared_bytes_per_block_optin);
  while (k >= 4 && bucket_warps_for<Bits, Value>(b, k) < bucket_min_warps_per_sm) k -= 4;
  return k;
}

// 4- and 8-byte keys, with or without values: the hybrid path where hybrid_applies() and every 16-bit
// bucket fits a block, the LSD passes (OnesweepSort) otherwise. Both leave the result in half 0.
template <class Bits, class Value, arch::Band B>
struct HybridSort {
  static_assert(sizeof(Bits) == 4 || sizeof(Bits) == 8, "the hybrid path sorts 4- and 8-byte keys");
  // Its segmented passes' policy (the tile of its plan and tables too), and the LSD passes it falls back to.
  using P = typename PolicyFor<Bits, Value, B, Passes::hybrid>::type;
  using Lsd = OnesweepSort<Bits, Value, typename PolicyFor<Bits, Value, B>::type>;
  using D = Digits<Bits, 8>;
  // The band's capacities (hybrid_capacity: one block's, hybrid_tried_capacity: where the path is tried); the
  // device's one-block capacity may be smaller (newer PTX may run on a GPU with less shared memory than its band's).
  static constexpr unsigned band_capacity =
      hybrid_capacity<Bits, Value>(arch::limits_of(B).shared_bytes_per_block_optin);
  static constexpr unsigned tried_capacity = hybrid_tried_capacity<Bits, Value>(B);
  static constexpr bool fits = band_capacity != 0;
  using S = PassShape<Bits, Value, 8, P::threads, P::items, P::shared_values>;
  using VT = std::conditional_t<has_values_v<Value>, Value, NoValue>;
  static constexpr int value_bytes = value_bytes_of<Value>;  // 0: keys alone
  // Keys the path hands to the LSD passes (skewed: sampled, or too many buckets past a block) number first_items() or
  // more: those passes take the fallback's policy (hopper_fallback_shape), the LSD row where it has none of its own.
  using LsdPast = OnesweepSort<Bits, Value, typename PolicyFor<Bits, Value, B, Passes::fallback>::type>;
  // Those passes, in the fallback's shape where it pays on this device (fallback_shape_pays), else the LSD row's.
  static int sort_past(const SortProblem& p, const SortBuffers& b) {
    const DeviceProps& dev = current_device_props();
    const bool own =
        fallback_shape_pays(static_cast<int>(sizeof(Bits)), value_bytes, dev.dram_bytes_per_s, dev.sm_count);
    return own ? LsdPast::sort(p, b) : Lsd::sort(p, b);
  }
  static_assert(result_half(D::passes) == 0, "the hybrid path ends in half 0, as the LSD passes do");

  // The segment sort's form for n keys (segment_sort_applies: 4-byte pairs in its window), where a block on this
  // device holds it: msd, else blocks (a test's GSB_RADIX_SEGMENT_FORM: that one alone); none where neither applies.
  static constexpr bool segment_sortable = sizeof(Bits) == 4 && value_bytes == 4;
  // Whether a block on this device (GSB_ARCH's limits where set) holds the segment sort's Shape.
  template <class Shape>
  static bool segment_block_fits() {
    return current_device_props().shared_bytes_per_block_optin >=
           static_cast<long long>(segment_sort_shared_bytes<Bits, VT, Shape>);
  }
  static SegmentForm segment_form(std::uint64_t n) {
    if constexpr (segment_sortable) {
      const SegmentForm forced = segment_form_override();
      auto holds = [&](SegmentForm form, bool fits) {
        return (forced == SegmentForm::none || forced == form) && fits &&
               segment_sort_applies(n, 4, 4, segment_sort_min_items_override(), form);
      };
      if (holds(SegmentForm::msd, segment_block_fits<PathSegmentShape<SegmentForm::msd>>())) return SegmentForm::msd;
      if (holds(SegmentForm::blocks, segment_block_fits<PathSegmentShape<SegmentForm::blocks>>()))
        return SegmentForm::blocks;
    }
    return SegmentForm::none;
  }

  // The msd form's smaller block's capacity where a block on this device holds it (the segment histogram then says
  // whether every bucket fits it), else 0.
  static unsigned segment_small_capacity(SegmentForm form) {
    if constexpr (segment_sortable) {
      if (form == SegmentForm::msd && segment_block_fits<PathSegmentSmallShape>())
        return PathSegmentSmallShape::capacity;
    }
    return 0;
  }

  // The smallest n the path is tried at for these keys and values (a test's GSB_RADIX_HYBRID_MIN_N where set).
  static std::uint64_t first_items() {
    return hybrid_first_items(sizeof(Bits), value_bytes, hybrid_min_items_override());
  }

  // Where the sort changes shape: the LSD passes' sizes (Lsd::tiles) and the segmented passes' tile.
  // (With the segment sort's last n, past which the second pass sorts 4-byte pairs again.)
  static std::vector<std::uint64_t> tiles() {
    std::vector<std::uint64_t> t = with_size(Lsd::tiles(), S::tile);
    for (const SegmentForm form : {SegmentForm::blocks, SegmentForm::msd})
      if (segment_sort_applies(segment_sort_last_items(form), sizeof(Bits), value_bytes, 0, form))
        t = with_size(t, segment_sort_last_items(form));
    return t;
  }

  // (Without the 1024-thread in-place shape where `widest` is false: hybrid_capacity.)
  static unsigned device_capacity(bool widest = true) {
    return std::min(hybrid_capacity<Bits, Value>(arch::limits_of(B).shared_bytes_per_block_optin, widest),
                    hybrid_capacity<Bits, Value>(current_device_props().shared_bytes_per_block_optin, widest));
  }
  // The capacity a sort of n keys plans with (sort_hybrid): the 1024-thread in-place shape's only where
  // hybrid_widest_block_pays (or a test forces that shape), else the other shapes'.
  static unsigned capacity_at(std::uint64_t n) {
    const std::optional<BucketShape> forced = bucket_shape_override();
    const unsigned below = device_capacity(false);
    const bool widest = hybrid_widest_block_pays(n, below) || (forced && *forced == bucket_in_place_wide);
    return widest ? device_capacity() : below;
  }
  // The last n the path takes on this band (temp_bytes sizes its layout up to there).
  static std::uint64_t last_items() { return hybrid_last_items(tried_capacity); }

  static TopPortions top_portions(std::uint64_t n) {
    const std::uint64_t portion = portion_items(S::tile);
    return {portion, static_cast<unsigned>(std::max<std::uint64_t>(1, ceil_div(n, portion)))};
  }

  struct Layout {
    unsigned long long* pairs;  // [32768]: the 65536 bucket counts as 32-bit pairs
    unsigned* top_counts;       // [256]
    unsigned* top_sums;         // [256] the 16-bit histogram's sums per top-8-bit bucket where the segment histogram
                                // has counted top_counts (not read)
    unsigned* skewed;           // set by skew_sample_kernel
    unsigned* sample_bins;      // [4096] skew_sample_kernel's counts
    Bits* sample_ors;           // [4096] and its ORs of the keys
    Bits* sample_nors;          // [4096] and of their complements
    unsigned* sample_done;      // skew_sample_kernel's finished blocks
    unsigned* sample_few_rows;  // and its rows of few digits
    unsigned* histogram_blocks;  // the 16-bit histogram's finished blocks (FirstPassInputs)
    unsigned* tile_counters;    // [portions + 1 + rounds]: the first pass's launches, the second's, the large
                                // segments' (large_segments.cuh)
    unsigned* claims;           // [1 + 256][256], keys alone: the MSD passes' cursors (ClaimedSegments)
    unsigned* status;           // [tiles][256]
    std::size_t clear_bytes;    // everything above and (pairs) the status rows up to the second pass's
                                // (clear_kernel)
    std::size_t portion_status_bytes;  // (pairs) one portion's rows of the first pass (cleared every stamps_per_clear
                                       // launches; keys alone: 0, none to clear)
    std::size_t status_bytes;   // every status row (cleared before the large segments' passes)
    std::uint64_t* top_bins;    // [portions][256]: portion r's digit starts in the first pass (r >= 1)
    HybridTables tables;
    LargeSegments large;
    std::size_t bytes;
  };
  static constexpr int rounds = bucket_rounds<Bits>;
  static_assert(rounds < static_cast<int>(stamps_per_clear), "the large segments' passes: one stamp each");
  // The most tiles of the second pass (256 segments, each adding a partial tile), and of every segmented pass (the
  // large segments' too, large_segments.cuh).
  static std::uint64_t mid_tiles(std::uint64_t n) { return ceil_div<std::uint64_t>(n, S::tile) + 256; }
  static std::uint64_t max_tiles(std::uint64_t n) {
    return ceil_div<std::uint64_t>(n, S::tile) + std::max(256u, large_segments_most(n));
  }
  static Layout layout(std::uint64_t n, void* temp) {
    const TopPortions top = top_portions(n);
    TempLayout t(temp);
    Layout l;
    l.pairs = t.take<unsigned long long>(hybrid_buckets / 2);
    l.top_counts = t.take<unsigned>(256);
    l.top_sums = t.take<unsigned>(256);
    l.skewed = t.take<unsigned>(1);
    l.sample_bins = t.take<unsigned>(1u << sample_bin_bits);
    l.sample_ors = t.take<Bits>(1u << sample_bin_bits);
    l.sample_nors = t.take<Bits>(1u << sample_bin_bits);
    l.sample_done = t.take<unsigned>(1);
    l.sample_few_rows = t.take<unsigned>(1);
    l.tables.largest = t.take<unsigned>(hybrid_largest_words);
    l.tables.bin_total = t.take<unsigned long long>(1);
    l.tables.plan_blocks = t.take<unsigned>(1);
    l.histogram_blocks = t.take<unsigned>(1);
    l.tile_counters = t.take<unsigned>(top.portions + 1 + rounds);
    l.claims = t.take<unsigned>(has_values_v<VT> ? 0 : 257 * 256);
    l.status = t.take<unsigned>(max_tiles(n) * 256);
    l.status_bytes = max_tiles(n) * 256 * sizeof(unsigned);
    // (Keys alone claim their runs and read no status row in the MSD passes: none is cleared for them.)
    const std::uint64_t msd_status_tiles = has_values_v<VT> ? mid_tiles(n) : 0;
    l.clear_bytes = t.bytes() - l.status_bytes + msd_status_tiles * 256 * sizeof(unsigned);
    l.portion_status_bytes =
        has_values_v<VT> ? ceil_div<std::uint64_t>(std::min(n, top.portion), S::tile) * 256 * sizeof(unsigned) : 0;
    l.top_bins = t.take<std::uint64_t>(static_cast<std::size_t>(top.portions) * 256);
    l.tables.starts16 = t.take<std::uint64_t>(hybrid_buckets);
    l.tables.starts8 = t.take<std::uint64_t>(256);
    l.tables.seg_tiles_top = t.take<unsigned>(2 * top.portions);
    l.tables.seg_items_top = t.take<std::uint64_t>(2 * top.portions);
    l.tables.seg_tiles_mid = t.take<unsigned>(257);
    l.tables.seg_items_mid = t.take<std::uint64_t>(257);
    l.tables.large_per_top = t.take<unsigned>(2 * 256);
    l.tables.later = t.take<unsigned>(hybrid_buckets);
    const unsigned most = large_segments_most(n);
    l.large.most = most;
    l.large.tiles_all = t.take<unsigned>(most + 1);
    l.large.tiles_sorting = t.take<unsigned>(most + 1);
    l.large.tiles_sorted = t.take<unsigned>(most + 1);
    l.large.items = t.take<std::uint64_t>(most);
    l.large.ends = t.take<std::uint64_t>(most);
    l.large.counts = t.take<unsigned>(std::size_t{most} * rounds * 256);
    l.large.bins = t.take<std::uint64_t>(std::size_t{most} * rounds * 256);
    l.large.sorting = t.take<unsigned>(most);
    l.bytes = t.bytes();
    return l;
  }

  // Non-decreasing in n (the out-of-core driver sizes one temp block for its largest piece): from the hybrid
  // threshold on, the hybrid layout of min(n, the last n the path may take on this band) is included even where n
  // itself is sorted by LSD.
  static std::size_t temp_bytes(const SortProblem& p) {
    const std::size_t lsd = Lsd::temp_bytes(p);
    if (!fits || p.n < first_items()) return lsd;
    return std::max({lsd, LsdPast::temp_bytes(p), layout(std::min(p.n, last_items()), nullptr).bytes});
  }

  static int sort(const SortProblem& p, const SortBuffers& b, bool lsd_only) {
    if constexpr (fits) {
      // (more portions than plan_threads only with a tiny GSB_RADIX_PORTION_N; FirstPassInputs takes one a thread)
      if (!lsd_only && top_portions(p.n).portions <= plan_threads) {
        if (hybrid_applies(p.n, std::min(tried_capacity, device_capacity()), first_items()))
          return sort_hybrid(p, b, capacity_at(p.n));
      }
    }
    return Lsd::sort(p, b);
  }

  static int sort_hybrid(const SortProblem& p, const SortBuffers& b, unsigned block_capacity) {
    const std::uint64_t n = p.n;
    // A test's GSB_RADIX_LARGE_BUCKETS_ABOVE lowers the bucket sort's capacity (to a multiple of 4) and sends every
    // bucket past it one block each through global memory, or (GSB_RADIX_LARGE_BUCKETS_BY=passes) through segmented
    // passes, whatever the sample says.
    const std::uint64_t large_above = large_buckets_above_override();
    const LargeForce force = large_buckets_force_override();
    const unsigned capacity = large_above == 0 ? block_capacity
                                               : static_cast<unsigned>(std::min<std::uint64_t>(
                                                     block_capacity, std::max<std::uint64_t>(4, large_above / 4 * 4)));
    GSB_EXPECTS(n <= hybrid_max_items, "radix: the hybrid path with " + std::to_string(n) + " keys");
    const TopPortions top = top_portions(n);
    const Layout l = layout(n, b.temp);
    GSB_EXPECTS(l.bytes <= b.temp_bytes, "radix: temp of " + std::to_string(b.temp_bytes) + " bytes, needs " +
                                             std::to_string(l.bytes));
    const KeyCodec<Bits> codec = make_codec<Bits>(p.key_type, p.order);
    const DeviceProps& dev = current_device_props();
    auto* keys0 = static_cast<Bits*>(b.keys[0]);

    // The status rows of both MSD passes (pairs: keys alone claim their runs instead) are cleared with the rest,
    // before the sample, so that the first pass follows the histogram as its programmatic dependent (a memset of the
    // rows between them, once the sample had passed, cost the u32 sort 2-3 us from 2^22 to 2^24; skewed keys now clear
    // rows they do not use, under 2 us at 1e7, NOTES.md round 34). By clear_kernel, a few blocks an SM at most, which
    // the sample follows as its dependent: with a memset there the sort took 1-2.5 us longer from 2^22 to 2^24
    // (NOTES.md round 37).
    GSB_EXPECTS(reinterpret_cast<std::uintptr_t>(b.temp) % 16 == 0, "radix: temp not 16-byte aligned");
    const auto quads = static_cast<std::uint64_t>(ceil_div<std::size_t>(l.clear_bytes, 16));
    clear_kernel<<<static_cast<unsigned>(std::min<std::uint64_t>(ceil_div<std::uint64_t>(quads, clear_threads),
                                                                  std::uint64_t{clear_blocks_per_sm} * dev.sm_count)),
                   clear_threads, 0, b.stream>>>(static_cast<uint4*>(b.temp), quads);
    GSB_CHECK_LAUNCH();
    const unsigned heavy_above = sample_heavy_above(n);
    const SegmentForm segment = segment_form(n);
    const bool segments = segment != SegmentForm::none;
    HybridReadBack& rb = hybrid_read_back();
    // (Every earlier sort on this thread and device has read the marks it asked for; the segment sort's keys ask none
    // of the sample.)
    rb.words[0] = HybridReadBack::mark_unset;
    rb.words[HybridReadBack::segment_word] = HybridReadBack::mark_unset;
    launch_dependent(true, skew_sample_kernel<Bits>, dim3(sample_blocks), dim3(sample_threads), 0, b.stream, keys0, n,
                     codec, l.sample_bins, l.sample_ors, l.sample_nors, l.sample_done, l.skewed, l.sample_few_rows,
                     heavy_above, sample_heavy_most(sizeof(Bits), value_bytes, n), force != LargeForce::passes,
                     segments ? nullptr : static_cast<volatile unsigned*>(rb.mark_on_device));
    // The histogram runs beside the sample and is enqueued while the sample runs (on skewed keys it stops once the
    // sample has set l.skewed, so that those keys go to the LSD passes without the steps below being enqueued). The
    // segment sort's keys (4-byte pairs in its window) are counted by their top 8 bits alone, and the first pass is
    // enqueued without waiting for either verdict: the histogram's last block gives the pass no tile where the keys go
    // to the LSD passes, and the 16-bit counts follow the pass where its buckets do not fit (segment_sort.cuh).
    const FirstPassInputs first{l.histogram_blocks, l.tables.starts8, l.tables.seg_tiles_top, l.tables.seg_items_top,
                                n, top, static_cast<unsigned>(S::tile)};
    const unsigned* counts = nullptr;  // the 65536 16-bit counts
    unsigned verdict = 0;  // (the segment sort's keys, pairs, ask none: only keys alone read it, below)
    if (segments) {
      if constexpr (segment_sortable)
        launch_segment_histogram<Bits>(keys0, n, codec, l.top_counts, l.skewed, segment_capacity(segment),
                                       segment_small_capacity(segment), rb.segment_mark_on_device, first, b.stream);
      GSB_CUDA_TRY(cudaEventRecord(rb.histogram_done, b.stream));
    } else {
      counts = launch_top16_histogram<Bits>(keys0, n, codec, l.pairs, l.skewed, l.top_counts, b.stream, first);
      GSB_CUDA_TRY(cudaEventRecord(rb.histogram_done, b.stream));
      verdict = await_mark(rb, 0, "skew sample");
      if (verdict == mark_skewed) return sort_past(p, b);  // skewed keys (sampled)
    }
    // The two MSD passes (steps 3 and 4): keys alone claim their tiles' runs of a digit (ClaimedSegments) and rank
    // them in any order within a tile (AnyOrderSegments), stably where the sample found rows of few digits. Pairs, and
    // the large buckets' LSD passes, keep the stable kernel and its look-back.
    constexpr bool keys_alone = !has_values_v<VT>;
    using AnySegments = std::conditional_t<keys_alone, AnyOrderSegments, SegmentTable>;
    using StableSegments = std::conditional_t<keys_alone, ClaimedSegments, SegmentTable>;
    auto pass = pass_kernel<Bits, VT, P, SegmentTable>;
    auto any_pass = pass_kernel<Bits, VT, P, AnySegments>;
    auto stable_pass = pass_kernel<Bits, VT, P, StableSegments>;
    const bool any_order = keys_alone && verdict != mark_few_digit_rows;
    set_dynamic_shared_bytes(pass, S::shared_bytes, "radix: segmented digit pass");
    if (any_order) set_dynamic_shared_bytes(any_pass, S::shared_bytes, "radix: segmented digit pass");
    else set_dynamic_shared_bytes(stable_pass, S::shared_bytes, "radix: segmented digit pass");
    PassParams<Bits, VT> prm{};
    // (Keys alone: the tiles claim their runs from `claims`, one row of cursors a segment: the first pass's one
    // segment a portion shares row 0, the second pass's 256 take the rows after it.)
    auto launch_msd = [&](bool dependent, std::uint64_t tiles, const SegmentTable& table, unsigned* claims) {
      const dim3 grid(static_cast<unsigned>(tiles)), block(P::threads);
      if constexpr (keys_alone) {
        if (any_order)
          launch_dependent(dependent, any_pass, grid, block, S::shared_bytes, b.stream, prm,
                           AnyOrderSegments{{table, claims}});
        else
          launch_dependent(dependent, stable_pass, grid, block, S::shared_bytes, b.stream, prm,
                           ClaimedSegments{table, claims});
      } else {
        launch_dependent(dependent, pass, grid, block, S::shared_bytes, b.stream, prm, table);
      }
    };
    prm.keys[0] = keys0;
    prm.keys[1] = static_cast<Bits*>(b.keys[1]);
    prm.values[0] = static_cast<VT*>(b.values[0]);
    prm.values[1] = static_cast<VT*>(b.values[1]);
    prm.codec = codec;
    const int resident = any_order ? resident_blocks_per_sm(any_pass, P::threads, S::shared_bytes)
                                   : resident_blocks_per_sm(stable_pass, P::threads, S::shared_bytes);
    prm.prefetch_ahead = prefetch_distance(resident, dev.sm_count,
                                           P::prefetch_waves_per_8, has_values_v<VT>, dev.dram_bytes_per_s);
    // Each launch stamps its look-back (stamp_launch; launch 0 relies on clear_kernel above). Launches before the
    // last use the status rows of one portion only, which is what the clears cover; the last (the second pass)
    // uses more, which clear_kernel cleared and nothing else wrote. (Keys alone use none: nothing is cleared.)
    // Whether it cleared a bank (a memset: the launch after it is an ordinary one, else a dependent of the kernel
    // before it, dependent_launch.cuh).
    auto stamp = [&](unsigned launch) {
      return stamp_launch(prm, launch, l.tile_counters, l.status, l.portion_status_bytes, b.stream);
    };
    // The top 8 bits over the whole array, encoding on the way in, portion by portion: the last tile of a portion
    // writes the next one's digit starts (keys alone: every portion claims from the same cursors instead). The last
    // launch lets the plan in as soon as all of its blocks have begun.
    prm.pass = D::passes - 1;
    for (unsigned r = 0; r < top.portions; ++r) {
      const bool cleared = stamp(r);
      prm.offset = r * top.portion;
      const std::uint64_t items = std::min(top.portion, n - prm.offset);
      prm.num_items = static_cast<unsigned>(items);
      prm.bins_in = r == 0 || keys_alone ? l.tables.starts8 : l.top_bins + std::size_t{r} * 256;
      prm.bins_out = r + 1 < top.portions && !keys_alone ? l.top_bins + std::size_t{r + 1} * 256 : nullptr;
      SegmentTable whole{l.tables.seg_tiles_top + 2 * r, l.tables.seg_items_top + 2 * r, 1, 0, true};
      // (The segment sort's keys: the 16-bit histogram where their buckets do not fit; the segment sort and the LSD
      // passes, which it lets in too, are ordinary launches, the LSD passes' first a memset.)
      whole.let_next_in = r + 1 == top.portions;
      // (The first launch follows the histogram: the status rows were cleared before the sample.)
      launch_msd(!cleared, ceil_div<std::uint64_t>(items, S::tile), whole, l.claims);
    }
    // The segment histogram's verdict, read while the first pass runs: the segment sort; the LSD passes (the pass found
    // no tile); or the 16-bit counts beside the pass's last wave (its dependent, which waits for it at its end), and
    // the rest of the path, whose plan is then an ordinary launch (its code reads the counts without waiting for them,
    // which only a launch after they are complete may do).
    if constexpr (segment_sortable) {
      if (segments) {
        const unsigned judged = await_mark(rb, HybridReadBack::segment_word, "segment histogram");
        if (judged == segment_fits || judged == segment_fits_small) {
          auto launch = [&](auto shape) {
            launch_segment_sort<Bits, VT, decltype(shape)>(prm.keys[1], prm.values[1], keys0, prm.values[0],
                                                           l.top_counts, l.tables.starts8, codec, b.stream);
          };
          if (judged == segment_fits_small)
            launch(PathSegmentSmallShape{});
          else if (segment == SegmentForm::msd)
            launch(PathSegmentShape<SegmentForm::msd>{});
          else
            launch(PathSegmentShape<SegmentForm::blocks>{});
          return 0;
        }
        if (judged == segment_skewed) return sort_past(p, b);
        GSB_EXPECTS(judged == segment_buckets, "radix: segment histogram verdict " + std::to_string(judged));
        counts =
            launch_top16_histogram<Bits>(keys0, n, codec, l.pairs, nullptr, l.top_sums, b.stream, nullptr, true);
      }
    }
    launch_dependent(!segments, hybrid_plan_kernel<>, dim3(256), dim3(plan_threads), 0, b.stream, counts, l.top_counts,
                     n, static_cast<unsigned>(S::tile), capacity, bucket_first_bound_for<Bits, VT>(n, capacity), force,
                     l.tables);
    // The largest bucket and those past the capacity: read back while the second pass is enqueued and runs.
    GSB_CUDA_TRY(cudaEventRecord(rb.plan_done, b.stream));
    GSB_CUDA_TRY(cudaStreamWaitEvent(cudaStreamPerThread, rb.plan_done, 0));
    GSB_CUDA_TRY(cudaMemcpyAsync(rb.words + 1, l.tables.largest, hybrid_largest_words * sizeof(unsigned),
                                 cudaMemcpyDeviceToHost, cudaStreamPerThread));
    // The next 8 bits within each top-8-bit bucket (one launch: each bucket is its own look-back chain, of fewer
    // than 2^27 keys wherever the path goes on, every one of its 16-bit buckets fitting a block).
    const bool mid_cleared = stamp(top.portions);
    prm.pass = D::passes - 2;
    prm.offset = 0;
    prm.num_items = pass_items_bound(n);
    prm.bins_in = l.tables.starts16;
    prm.bins_out = nullptr;
    const SegmentTable buckets{l.tables.seg_tiles_mid, l.tables.seg_items_mid, 256, 1, false};
    launch_msd(!mid_cleared, mid_tiles(n), buckets, l.claims + 256);
    // The second pass does nothing when the plan fell back (hybrid_plan_kernel emptied its tile table), so it is
    // enqueued before the host learns the largest bucket: its read-back, ordered after the plan on a second stream,
    // overlaps it instead of leaving the device idle (about 19 us at 1e8, NOTES.md round 7).
    GSB_CUDA_TRY(cudaStreamSynchronize(cudaStreamPerThread));
    const unsigned largest = rb.words[1], in_large = rb.words[2], large_count = rb.words[3], fitting = rb.words[4],
                   later_count = rb.words[5], wrapped = rb.words[6];
    const LargeBuckets large = large_buckets_plan(largest, in_large, large_count, capacity, n, force);
    // Skewed keys: too many buckets past a block, or (past 2^32 keys) a count that wrapped.
    if (large == LargeBuckets::lsd || wrapped != 0) return sort_past(p, b);
    if (large == LargeBuckets::passes) {
      // Each bucket past a block a segment, sorted by its remaining bits in LSD order, half 0 -> 1 -> ... -> 0, the
      // last pass decoding; the segments whose keys are all equal are left out (large_segments.cuh). These launches
      // use every status row, the second pass's stamped ones included: all cleared first. Their stamps then differ
      // from every word left in the rows (at most 6 launches, fewer than stamps_per_clear), so a stamp's wrap needs
      // no clear (0 bytes).
      prepare_large_segments<Bits>(keys0, n, counts, l.tables.starts16, l.tables.large_per_top, capacity, large_count,
                                   S::tile, l.large, codec, b.stream);
      GSB_CUDA_TRY(cudaMemsetAsync(l.status, 0, l.status_bytes, b.stream));
      prm.offset = 0;
      prm.num_items = pass_items_bound(n);
      prm.bins_out = nullptr;
      for (int r = 0; r < rounds; ++r) {
        stamp_launch(prm, top.portions + 1 + r, l.tile_counters, l.status, 0, b.stream);
        prm.pass = r;
        prm.bins_in = l.large.bins + std::size_t{l.large.most} * 256 * r;
        const SegmentTable segments{l.large.tiles_sorting, l.large.items, large_count, r % 2, false, l.large.ends,
                                    r + 1 == rounds};
        pass<<<static_cast<unsigned>(ceil_div<std::uint64_t>(n, S::tile) + large_count), P::threads, S::shared_bytes,
               b.stream>>>(prm, segments);
        GSB_CHECK_LAUNCH();
      }
    }
    launch_bucket_sort<Bits, VT, B>(keys0, static_cast<VT*>(b.values[0]), prm.keys[1], prm.values[1], counts,
                                    l.tables.starts16, codec, n, fitting, capacity,
                                    BucketSlots{l.tables.later, later_count}, large == LargeBuckets::blocks, b.stream);
    return 0;
  }
};

}  // namespace gsb::radix::onesweep

// `radix` for 4- and 8-byte keys, every value type (generated by backends/radix/CMakeLists.txt): every such sort may
// take the hybrid path; the other widths take GSB_RADIX_ONESWEEP_INSTANTIATE_KEY (dispatch.cuh).
#define GSB_RADIX_HYBRID_INSTANTIATE(BITS, VALUE)                                                 \
  template <>                                                                                     \
  std::vector<std::uint64_t> tile_items<BITS, VALUE>() {                                          \
    return arch::dispatch_band(policy_band(), [](auto band) {                                     \
      return HybridSort<BITS, VALUE, decltype(band)::value>::tiles();                             \
    });                                                                                           \
  }                                                                                               \
  template <>                                                                                     \
  std::size_t temp_bytes<BITS, VALUE>(const SortProblem& p) {                                     \
    return arch::dispatch_band(policy_band(), [&](auto band) {                                    \
      return HybridSort<BITS, VALUE, decltype(band)::value>::temp_bytes(p);                       \
    });                                                                                           \
  }                                                                                               \
  template <>                                                                                     \
  int sort<BITS, VALUE>(const SortProblem& p, const SortBuffers& b, bool lsd_only) {              \
    return arch::dispatch_band(policy_band(), [&](auto band) {                                    \
      return HybridSort<BITS, VALUE, decltype(band)::value>::sort(p, b, lsd_only);                \
    });                                                                                           \
  }

#define GSB_RADIX_HYBRID_INSTANTIATE_KEY(BITS)                                                    \
  static_assert(sizeof(BITS) == 4 || sizeof(BITS) == 8, "the hybrid path sorts 4- and 8-byte keys"); \
  namespace gsb::radix::onesweep {                                                                \
  GSB_RADIX_HYBRID_INSTANTIATE(BITS, gsb::NoValue)                                                \
  GSB_RADIX_HYBRID_INSTANTIATE(BITS, std::uint32_t)                                               \
  GSB_RADIX_HYBRID_INSTANTIATE(BITS, std::uint64_t)                                               \
  }
