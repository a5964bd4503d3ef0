// The `radix` back-end's hybrid path for 4- and 8-byte keys (alone or with values): two MSD digit passes, then each
// 16-bit bucket sorted whole in shared memory (see hybrid.hpp for when it runs and why it moves fewer bytes).
//
//   0. skew_sample_kernel: 16384 keys spread over the array; if one top-12-bit bin holds far more than its
//      share (skewed keys: low entropy, few distinct values, Zipf), the path is abandoned before the histogram
//      (which would cost up to 0.4 ms on such keys, NOTES.md) and the steps below return at once;
//   1. top16_histogram_kernel (histogram.cuh): one read of the keys, the histogram of their top 16 bits (65536 bins);
//      top_counts_kernel sums it per top-8-bit bucket;
//   2. hybrid_plan_kernel, a block per top-8-bit bucket: where each 16-bit bucket starts in the output, the
//      starts of the top-8-bit buckets, the tile tables of the segmented passes, and the largest bucket (over
//      the bucket capacity: the tile tables are emptied, so steps 3 and 4 do nothing);
//   3. pass_kernel (Segmented, one segment per launch): the top 8 bits (24..31 of a 4-byte key, 56..63 of an 8-byte
//      one), half 0 -> half 1, one launch per look-back portion, each handing its digit starts to the next (as the
//      LSD passes do);
//   4. pass_kernel (Segmented, one segment per top-8-bit bucket): the next 8 bits, half 1 -> half 0; every key
//      now sits in its 16-bit bucket, buckets in order;
//   -- meanwhile the host reads the largest bucket back: over the capacity it sorts by LSD passes instead --
//   5. bucket_sort_kernel: one block per 16-bit bucket sorts it in shared memory by its remaining bits, 8 at a
//      time from bit 0 (2 rounds for 4-byte keys, 6 for 8-byte ones: a counting sort, then the warp-level
//      multisplit of the passes) and writes it back in place, decoded.
// The sort is stable (steps 3-5 are, and step 5's first round may reorder only equal keys).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "radix/onesweep/hybrid.hpp"
#include "radix/onesweep/dispatch.cuh"

namespace gsb::radix::onesweep {

inline constexpr int plan_threads = 256;  // one 16-bit bucket (and one top-8-bit bucket) per thread
static_assert(hybrid_buckets == top16_bins, "the buckets are the 16-bit histogram's bins");

inline constexpr int sample_threads = 256;
inline constexpr int sample_blocks = 64;
inline constexpr int sample_keys = sample_threads * sample_blocks;  // 16384
inline constexpr int sample_bin_bits = 12;
// Uniform keys put Poisson(4) samples in each of the 4096 bins (the largest of them about 14); a bin with more
// than 24 is taken as skew. A wrong call either way costs only time: the exact test on the largest bucket
// still decides.
inline constexpr unsigned sample_skew_limit = 24;

// Whether this block is the last of the grid to get here (arrivals: zeroed before the launch); every block's
// global writes before the call are then visible to it. Block-uniform; called by every thread.
__device__ __forceinline__ bool arrived_last(unsigned* arrivals) {
  __shared__ bool last;
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) last = atomicAdd(arrivals, 1u) == gridDim.x - 1;
  __syncthreads();
  if (last) __threadfence();
  return last;
}

// Sample i (of sample_keys, one per thread) is key i * n / sample_keys, counted by its top 12 bits in bins
// (zeroed) with global atomics; the last block to finish finds the fullest bin and sets *skewed. Block b
// samples one 64th of the array: one block sampling all of it spent 17 us (H200, n = 1e8) on the address
// translation of a few hundred pages from one multiprocessor, not on the loads themselves.
template <class Bits>
__global__ void __launch_bounds__(sample_threads)
    skew_sample_kernel(const Bits* keys, std::uint64_t n, KeyCodec<Bits> codec, unsigned* bins,
                       unsigned* done_blocks, unsigned* skewed) {
  __shared__ unsigned warp_max[sample_threads / 32];
  const std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * sample_threads + threadIdx.x;
  atomicAdd(&bins[static_cast<unsigned>(codec.encode(keys[i * n / sample_keys]) >> (8 * sizeof(Bits) - sample_bin_bits))],
            1u);
  if (!arrived_last(done_blocks)) return;
  unsigned m = 0;
  for (int b = threadIdx.x; b < (1 << sample_bin_bits); b += sample_threads) m = max(m, __ldcg(&bins[b]));
  m = warp_reduce_max(m);
  if (lane_id() == 0) warp_max[threadIdx.x / 32] = m;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 0; w < sample_threads / 32; ++w) m = max(m, warp_max[w]);
    *skewed = m > sample_skew_limit ? 1u : 0u;
  }
}

struct HybridTables {
  std::uint64_t* starts16;  // [65536] where each 16-bit bucket starts in the output
  std::uint64_t* starts8;   // [256] where each top-8-bit bucket starts (the first portion's digit starts)
  unsigned* seg_tiles_top;  // [2 x portions] the first pass: per portion one segment of all its tiles
  std::uint64_t* seg_items_top;
  unsigned* seg_tiles_mid;  // [257] the second pass: one segment per top-8-bit bucket
  std::uint64_t* seg_items_mid;
  unsigned* largest;        // the largest 16-bit bucket (zeroed before the histogram)
  unsigned* plan_blocks;    // hybrid_plan_kernel's finished blocks (zeroed)
};

// The first pass's portions: `portions` (at most plan_threads) of `portion` keys, the last one the rest.
struct TopPortions {
  std::uint64_t portion;
  unsigned portions;
};

// Empties the tile tables of the first pass (every portion) and the second: the passes then return at once.
__device__ __forceinline__ void empty_pass_tables(const HybridTables& t, const TopPortions& top) {
  for (unsigned r = 0; r < top.portions; ++r) t.seg_tiles_top[2 * r + 1] = 0;
  t.seg_tiles_mid[256] = 0;
}

// Block b, thread t: 16-bit bucket 256 b + t. Every block scans the 256 top-8-bit counts (a few hundred
// nanoseconds) for its own bucket's start; block 0 also writes the tables of the passes. (A template only so that
// every translation unit that includes this header may define it: it is the same for every key width.)
template <int = 0>
__global__ void __launch_bounds__(plan_threads)
    hybrid_plan_kernel(const unsigned* counts, const unsigned* top_counts, std::uint64_t n, unsigned tile,
                       TopPortions first_pass, unsigned capacity, HybridTables t, const unsigned* skewed) {
  if (*skewed) {  // the histogram did not run: make the host fall back, and the passes do nothing
    if (blockIdx.x == 0) {
      t.seg_tiles_mid[threadIdx.x] = 0;
      if (threadIdx.x == 0) {
        *t.largest = ~0u;
        empty_pass_tables(t, first_pass);
      }
    }
    return;
  }
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
    t.starts8[threadIdx.x] = top_start;
    t.seg_tiles_mid[threadIdx.x] = tiles_before;
    t.seg_items_mid[threadIdx.x] = top_start;
    if (threadIdx.x == 0) {
      t.seg_tiles_mid[256] = all_tiles;
      t.seg_items_mid[256] = n;
    }
    if (threadIdx.x < first_pass.portions) {  // items relative to the portion (the pass's offset)
      const std::uint64_t items = min(first_pass.portion, n - threadIdx.x * first_pass.portion);
      t.seg_tiles_top[2 * threadIdx.x] = 0;
      t.seg_tiles_top[2 * threadIdx.x + 1] = static_cast<unsigned>((items + tile - 1) / tile);
      t.seg_items_top[2 * threadIdx.x] = 0;
      t.seg_items_top[2 * threadIdx.x + 1] = items;
    }
  }
  const unsigned c = counts[top * 256 + threadIdx.x];
  t.starts16[top * 256 + threadIdx.x] = bin_start;
  unsigned m = c;
  for (int d = 16; d >= 1; d /= 2) m = max(m, __shfl_xor_sync(full_warp, m, d));
  if (lane_id() == 0 && m != 0) atomicMax(t.largest, m);
  // The last block to finish knows the largest bucket: beyond capacity it empties the passes' tile tables, so
  // that the passes, enqueued before the host reads the largest bucket back, return at once.
  if (arrived_last(t.plan_blocks) && threadIdx.x == 0 && __ldcg(t.largest) > capacity)
    empty_pass_tables(t, first_pass);
}

// The bucket sort's blocks: 128 threads while those keep half a multiprocessor's warps resident, else whichever of
// 128 and 256 keeps more (bucket_threads_for below). Measured on an H200 (2026-11-27, radix ms with 128 / 256
// threads, warps resident with each): u32 keys 1e8 1.544 / 1.585 (44 / 64), 2^27 2.049 / 2.081 (36 / 48), 2^28
// 4.183 / 4.025 (20 / 32); u32+u32 1e8 2.651 / 2.661 (24 / 32), 2^27 3.560 / 3.502, 2^28 9.382 / 7.688 (8 / 16);
// u32+u64 1e8 3.711 / 3.358 (12 / 24), 2^27 5.182 / 4.564, 2.3e8 9.980 / 8.602 (8 / 16).
inline constexpr int bucket_threads = 128;
inline constexpr int bucket_threads_wide = 256;
// Where neither keeps bucket_min_warps_per_sm warps resident (large buckets: one block per multiprocessor), 512
// (bucket_widest_pays).
inline constexpr int bucket_threads_widest = 512;

// With fewer warps resident per multiprocessor the bucket sort no longer hides its latency, and the path loses to
// the LSD passes (H200, 2026-11-27, same runs, radix / radix-lsd ms): 8 warps (one 256-thread block of 143 KB,
// u32+u32 at 2^29) 19.34 / 17.02; 8 (one block of 130 KB, u32 keys at 1e9) 20.84 / 20.29; 8 (two 128-thread
// blocks of 112 KB, u32+u64 at 2.3e8) 10.09 / 9.83. With 12 (three 128-thread blocks, u32+u64 at 2^27) 5.23 / 5.57;
// with 16 or more (u32+u32 at 3.6e8, u32 keys at 2^29 and 7.5e8) 1.11-1.35x.
inline constexpr int bucket_min_warps_per_sm = 12;

// The 256 digits of a bucket-sort round over Threads threads: thread t owns [t * per_thread, (t + 1) * per_thread)
// (none past the 256th digit where there are more threads than digits).
template <int Threads>
inline constexpr int bucket_digits_per_thread = Threads < 256 ? 256 / Threads : 1;

// Per-warp digit counts (s_hist[warp][digit]) -> where each warp's run of each digit starts: the exclusive
// prefix over warps within a digit, then over digits. Thread t owns digits [t * bins_per_thread, ...).
template <int Threads>
__device__ __forceinline__ void scan_warp_digit_counts(unsigned* s_hist, unsigned* warp_sums) {
  constexpr int radix = 256;
  constexpr int warps = Threads / 32;
  constexpr int bins_per_thread = bucket_digits_per_thread<Threads>;
  unsigned count[bins_per_thread];
  unsigned sum = 0;
#pragma unroll
  for (int b = 0; b < bins_per_thread; ++b) {
    const int d = static_cast<int>(threadIdx.x) * bins_per_thread + b;
    unsigned c_sum = 0;
    if (d < radix) {
#pragma unroll
      for (int w = 0; w < warps; ++w) {
        const unsigned c = s_hist[w * radix + d];
        s_hist[w * radix + d] = c_sum;
        c_sum += c;
      }
    }
    count[b] = c_sum;
    sum += c_sum;
  }
  unsigned total;
  unsigned start = block_exclusive_sum<unsigned, Threads>(sum, warp_sums, &total);
#pragma unroll
  for (int b = 0; b < bins_per_thread; ++b) {
    const int d = static_cast<int>(threadIdx.x) * bins_per_thread + b;
    if (d >= radix) break;
#pragma unroll
    for (int w = 0; w < warps; ++w) s_hist[w * radix + d] += start;
    start += count[b];
  }
}

// A stable round: this warp ranks the positions [warp_begin, warp_begin + 32 * per) of src by the digit at
// `shift`, row by row (32 keys), with ballots and its run starts in my_hist, and moves each key (and value) to
// dst. Rows wholly inside the bucket first, then those that reach past it: lanes past it vote digit 255 (after
// every real key of the warp) and store nothing; rows wholly past it are skipped. next(pos, key) is called for
// every real key at its new position.
template <class Bits, class Value, class Next>
__device__ __forceinline__ void rank_rows(const Bits* src_k, const Value* src_v, Bits* dst_k, Value* dst_v,
                                          unsigned* my_hist, int shift, unsigned size, unsigned warp_begin,
                                          unsigned per, Next next) {
  constexpr bool with_values = has_values_v<Value>;
  const unsigned lane = lane_id();
  const unsigned lt = lanemask_lt();
  auto rank = [&](unsigned at, bool real) {
    const Bits k = real ? src_k[at] : static_cast<Bits>(~Bits{0});
    const unsigned d = digit_of(k, shift, 8);
    const unsigned peers = same_digit_lanes<8>(d);
    const int leader = 31 - __clz(peers);
    unsigned first = 0;
    if (static_cast<int>(lane) == leader) first = atomicAdd(&my_hist[d], static_cast<unsigned>(__popc(peers)));
    first = __shfl_sync(full_warp, first, leader);
    if (real) {
      const unsigned pos = first + __popc(peers & lt);
      dst_k[pos] = k;
      if constexpr (with_values) dst_v[pos] = src_v[at];
      next(pos, k);
    }
  };
  const unsigned full_rows = warp_begin >= size ? 0u : min(per, (size - warp_begin) / 32u);
  unsigned at = warp_begin + lane;
#pragma unroll 2
  for (unsigned u = 0; u < full_rows; ++u, at += 32) rank(at, true);
  for (unsigned u = full_rows; u < per && at - lane < size; ++u, at += 32) rank(at, at < size);
}

// The rounds of 8 bits that sort a 16-bit bucket of keys of type Bits by their remaining bits: 2 for 4-byte keys,
// 6 for 8-byte ones (an even number: the rounds alternate between two buffers and end in the first).
template <class Bits>
inline constexpr int bucket_rounds = (8 * static_cast<int>(sizeof(Bits)) - 16) / 8;
// The per-warp count sets bucket_sort_kernel keeps: round r ranks with set r % 2 and counts round r + 1 into the
// other; keys alone in two rounds count round 0 per block and use set 1 only.
template <class Bits, class Value>
inline constexpr int bucket_first_count_set = !has_values_v<Value> && bucket_rounds<Bits> == 2 ? 1 : 0;

// One block per 16-bit bucket (at most the capacity, which the host checked) sorts it by its remaining bits
// (bucket_rounds<Bits> rounds of 8 bits) in shared memory and writes it back where it is, keys decoded. The keys
// (and values) pass through shared memory once per round rather than living in registers, so every loop runs as
// often as the bucket needs (no per-item predicates), one kernel serves every bucket size, and the buffers are
// sized by the largest bucket (occupancy). The stable rounds are ranked by warps: warp w takes the positions
// [w * chunk, (w + 1) * chunk).
//   load:      global -> a, counting bits 0..7 (keys only: per block; with values: per warp owning the position,
//              into count set 0);
//   round 0:   a -> b by bits 0..7, counting the next round's digit per warp that owns the key's new position.
//              Keys only: a counting sort with an atomic per key, in no particular order within a digit: the
//              keys are the whole record and every key of a bucket has the same top 16 bits, so keys with the
//              same bits 0..7 that the stable later rounds leave in one run are equal. With values: stable,
//              ranked by warps as the later rounds (the load counts per warp owning the position);
//   round r:   by bits 8r..8r+7, stable, b -> a for odd r, a -> b for even r, counting round r + 1's digit on the
//              way: round r ranks with count set r % 2 and counts into set (r + 1) % 2 (keys only with two rounds:
//              set 1 alone);
//   store:     a -> global.
template <int Threads, class Bits, class Value>
__global__ void __launch_bounds__(Threads)
    bucket_sort_kernel(Bits* keys, Value* values, const unsigned* counts, const std::uint64_t* starts,
                       KeyCodec<Bits> codec, unsigned size_above, unsigned buffer_keys) {
  constexpr int radix = 256;
  constexpr int warps = Threads / 32;
  constexpr int bins_per_thread = bucket_digits_per_thread<Threads>;
  constexpr int load_unroll = 8;
  constexpr int rounds = bucket_rounds<Bits>;
  constexpr bool with_values = has_values_v<Value>;
  constexpr int first_set = bucket_first_count_set<Bits, Value>;
  static_assert(radix % Threads == 0 || Threads % radix == 0, "whole digits per thread, or one digit");
  static_assert(rounds % 2 == 0, "the rounds end in buffer a");
  static_assert(!with_values || sizeof(Value) % 4 == 0, "values of whole 4-byte words");
  extern __shared__ __align__(16) unsigned char s_buffers[];  // keys a, keys b[, values a, values b]: 16-B aligned
  __shared__ unsigned s_block_count0[with_values ? 1 : radix];  // keys only: round 0's counts, per block
  __shared__ unsigned s_sets[2 - first_set][warps * radix];     // per-warp counts (sets first_set..1)
  __shared__ unsigned warp_sums[32];
  auto set = [&](int i) { return s_sets[i - first_set]; };
  const unsigned size = counts[blockIdx.x];
  const std::uint64_t start = starts[blockIdx.x];
  // This launch sorts the buckets of size_above + 1 to buffer_keys keys. The last test never holds (start <=
  // n < 2^32); it makes the branch wait for both loads, so that their round trips overlap instead of the start
  // being loaded after it.
  if (size <= size_above || size > buffer_keys || start > ~0u) return;  // size_above >= 0: empty buckets too
  Bits* data = keys + start;
  [[maybe_unused]] Value* vdata = nullptr;
  if constexpr (with_values) vdata = values + start;
  const bool decode = !codec.is_identity();
  if (size == 1) {
    if (threadIdx.x == 0 && decode) data[0] = codec.decode(data[0]);
    return;
  }
  Bits* s_ka = reinterpret_cast<Bits*>(s_buffers);
  Bits* s_kb = s_ka + buffer_keys;
  Value* s_va = reinterpret_cast<Value*>(s_kb + buffer_keys);
  Value* s_vb = s_va + buffer_keys;
  if constexpr (!with_values) {
#pragma unroll
    for (int i = threadIdx.x; i < radix; i += Threads) s_block_count0[i] = 0;
  }
#pragma unroll
  for (int h = 0; h < 2 - first_set; ++h)
#pragma unroll
    for (int i = 0; i < warps * radix / Threads; ++i) s_sets[h][i * Threads + threadIdx.x] = 0;
  const unsigned warp = threadIdx.x / 32;
  const unsigned per = (size + Threads - 1) / Threads;  // rows of 32 keys per warp
  const unsigned chunk = 32u * per;                      // positions per warp
  const unsigned chunk_recip = 0xffffffffu / chunk + 1u;  // ceil(2^32 / chunk): __umulhi(pos, .) = pos / chunk
  __syncthreads();

  auto take = [&](unsigned i, Bits k) {
    if constexpr (with_values) atomicAdd(&set(0)[__umulhi(i, chunk_recip) * radix + digit_of(k, 0, 8)], 1u);
    else atomicAdd(&s_block_count0[digit_of(k, 0, 8)], 1u);
    s_ka[i] = k;
    if constexpr (with_values) s_va[i] = vdata[i];
  };
  // Whole groups of load_unroll keys per thread without bounds checks, then the rest.
  unsigned i0 = threadIdx.x;
  for (; i0 + (load_unroll - 1) * Threads < size; i0 += load_unroll * Threads) {
    Bits k[load_unroll];
#pragma unroll
    for (int j = 0; j < load_unroll; ++j) k[j] = data[i0 + j * Threads];
#pragma unroll
    for (int j = 0; j < load_unroll; ++j) take(i0 + j * Threads, k[j]);
  }
  {
    Bits k[load_unroll - 1];
#pragma unroll
    for (int j = 0; j < load_unroll - 1; ++j)
      if (i0 + j * Threads < size) k[j] = data[i0 + j * Threads];
#pragma unroll
    for (int j = 0; j < load_unroll - 1; ++j)
      if (i0 + j * Threads < size) take(i0 + j * Threads, k[j]);
  }
  __syncthreads();
  // Counts round r's digit (bits 8r..) of a key placed at pos, per warp owning pos, into set r % 2.
  auto count_for = [&](int r) {
    unsigned* h = set(r % 2);
    const int shift = 8 * r;
    return [=](unsigned pos, Bits k) { atomicAdd(&h[__umulhi(pos, chunk_recip) * radix + digit_of(k, shift, 8)], 1u); };
  };
  if constexpr (with_values) {
    scan_warp_digit_counts<Threads>(set(0), warp_sums);
    __syncthreads();
    rank_rows(s_ka, s_va, s_kb, s_vb, set(0) + warp * radix, 0, size, warp * chunk, per, count_for(1));
  } else {
    {
      unsigned count[bins_per_thread];
      unsigned sum = 0;
#pragma unroll
      for (int b = 0; b < bins_per_thread; ++b) {
        const int d = threadIdx.x * bins_per_thread + b;
        count[b] = d < radix ? s_block_count0[d] : 0u;
        sum += count[b];
      }
      unsigned total;
      unsigned first = block_exclusive_sum<unsigned, Threads>(sum, warp_sums, &total);
#pragma unroll
      for (int b = 0; b < bins_per_thread; ++b) {
        const int d = threadIdx.x * bins_per_thread + b;
        if (d < radix) s_block_count0[d] = first;
        first += count[b];
      }
    }
    __syncthreads();
    const auto count_next = count_for(1);
#pragma unroll 4
    for (unsigned i = threadIdx.x; i < size; i += Threads) {
      const Bits k = s_ka[i];
      const unsigned pos = atomicAdd(&s_block_count0[digit_of(k, 0, 8)], 1u);
      s_kb[pos] = k;
      count_next(pos, k);
    }
  }
  __syncthreads();
#pragma unroll
  for (int r = 1; r < rounds; ++r) {
    unsigned* h = set(r % 2);  // this round's counts (counted in round r - 1)
    if (r + 1 < rounds) {  // round r counts into the set round r - 1 ranked with: cleared here, ordered by the barrier below
#pragma unroll
      for (int i = 0; i < warps * radix / Threads; ++i) set((r + 1) % 2)[i * Threads + threadIdx.x] = 0;
    }
    scan_warp_digit_counts<Threads>(h, warp_sums);
    __syncthreads();
    const bool odd = r % 2 == 1;
    const Bits* src_k = odd ? s_kb : s_ka;
    Bits* dst_k = odd ? s_ka : s_kb;
    const Value* src_v = odd ? s_vb : s_va;
    Value* dst_v = odd ? s_va : s_vb;
    if (r + 1 < rounds) {
      rank_rows(src_k, src_v, dst_k, dst_v, h + warp * radix, 8 * r, size, warp * chunk, per, count_for(r + 1));
    } else {
      rank_rows(src_k, src_v, dst_k, dst_v, h + warp * radix, 8 * r, size, warp * chunk, per,
                [](unsigned, Bits) {});
    }
    __syncthreads();
  }
  if (decode) {
#pragma unroll 4
    for (unsigned i = threadIdx.x; i < size; i += Threads) data[i] = codec.decode(s_ka[i]);
  } else {
#pragma unroll 4
    for (unsigned i = threadIdx.x; i < size; i += Threads) data[i] = s_ka[i];
  }
  if constexpr (with_values) {
#pragma unroll 4
    for (unsigned i = threadIdx.x; i < size; i += Threads) vdata[i] = s_va[i];
  }
}

// The capacities below take the value type first and the key type second (4-byte keys by default).

// 32-bit words of shared memory bucket_sort_kernel takes per key: keys a and b (values a and b).
template <class Value, class Bits = std::uint32_t>
constexpr int bucket_words_per_key() {
  return 2 * static_cast<int>(sizeof(Bits) / 4) + (has_values_v<Value> ? 2 * static_cast<int>(sizeof(Value) / 4) : 0);
}

// bucket_sort_kernel's own arrays: keys alone round 0's block counts, the per-warp count sets, warp sums.
template <class Value, class Bits = std::uint32_t, int Threads = bucket_threads_widest>
constexpr int bucket_static_bytes() {
  constexpr int warps = Threads / 32;
  constexpr int sets = 2 - bucket_first_count_set<Bits, Value>;
  return ((has_values_v<Value> ? 1 : 256) + sets * warps * 256 + 32) * 4;
}

// The most keys of one bucket that a block (of any shape) with shared_bytes of shared memory sorts (a multiple
// of 4: the buffers stay 16-B aligned); 0 where not even the arrays fit.
template <class Value, class Bits = std::uint32_t>
constexpr unsigned bucket_capacity(long long shared_bytes) {
  const long long room = shared_bytes - bucket_static_bytes<Value, Bits>();
  return room <= 0 ? 0u : static_cast<unsigned>(room / (4 * bucket_words_per_key<Value, Bits>()) / 4 * 4);
}

// Warps of bucket_sort_kernel<Threads> resident on one multiprocessor of band b with buffers of buffer_keys (by
// shared memory and threads; the kernel's registers allow more).
template <class Value, class Bits, int Threads>
constexpr int bucket_resident_warps(arch::Band b, unsigned buffer_keys) {
  const long long smem =
      4LL * bucket_words_per_key<Value, Bits>() * buffer_keys + bucket_static_bytes<Value, Bits, Threads>();
  return Threads / 32 * arch::blocks_that_fit(b, smem, Threads);
}
// Where one 512-thread block per multiprocessor (16 warps) beat the LSD passes (H200, 2026-11-27, same runs,
// radix / radix-lsd ms, logs/session27/round3): keys alone, u32 at 1e9 18.09 / 20.27, u64 at 2^29 23.04 / 31.32;
// 8-byte keys with values, u64+u32 at 2^28 15.77 / 20.03, u64+u64 17.62 / 24.95. Not 4-byte keys with values:
// u32+u64 at 2^28 10.16 / 9.83 (their passes move a smaller share of what the bucket sort moves), and u32+u32 with 8
// warps lost by 14% (above).
template <class Value, class Bits>
inline constexpr bool bucket_widest_pays = !has_values_v<Value> || sizeof(Bits) == 8;

// The threads of the bucket sort's block for buffers of buffer_keys on band b: 128 while those keep half a
// multiprocessor's warps resident, else whichever of 128 and 256 keeps more, and 512 where neither keeps
// bucket_min_warps_per_sm (one block per multiprocessor) and bucket_widest_pays.
template <class Value, class Bits = std::uint32_t>
constexpr int bucket_threads_for(arch::Band b, unsigned buffer_keys) {
  const int narrow = bucket_resident_warps<Value, Bits, bucket_threads>(b, buffer_keys);
  if (2 * narrow * 32 >= arch::limits_of(b).max_threads_per_sm) return bucket_threads;
  const int wide = bucket_resident_warps<Value, Bits, bucket_threads_wide>(b, buffer_keys);
  const int best = wide > narrow ? wide : narrow;
  if (bucket_widest_pays<Value, Bits> && best < bucket_min_warps_per_sm &&
      bucket_resident_warps<Value, Bits, bucket_threads_widest>(b, buffer_keys) > best)
    return bucket_threads_widest;
  return wide > narrow ? bucket_threads_wide : bucket_threads;
}
template <class Value, class Bits = std::uint32_t>
constexpr int bucket_warps_for(arch::Band b, unsigned buffer_keys) {
  switch (bucket_threads_for<Value, Bits>(b, buffer_keys)) {
    case bucket_threads: return bucket_resident_warps<Value, Bits, bucket_threads>(b, buffer_keys);
    case bucket_threads_wide: return bucket_resident_warps<Value, Bits, bucket_threads_wide>(b, buffer_keys);
    default: return bucket_resident_warps<Value, Bits, bucket_threads_widest>(b, buffer_keys);
  }
}

// The buckets up to what uniform keys would give (uniform_bucket_bound) are sorted by one launch whose shared
// memory fits them, the larger ones (if any) by a second launch sized for the largest: finite f32 keys, for one,
// put twice the mean into the 1/256 of the buckets that hold the largest exponent, and sizing every block for
// those would halve the blocks resident on a multiprocessor. Each launch takes the shape that keeps more warps
// resident on band B.
template <class Bits, class Value, arch::Band B>
void launch_bucket_sort(Bits* keys, Value* values, const unsigned* counts, const std::uint64_t* starts,
                        const KeyCodec<Bits>& codec, std::uint64_t n, unsigned largest, unsigned capacity,
                        cudaStream_t stream) {
  GSB_EXPECTS(largest <= capacity, "radix: a bucket of " + std::to_string(largest) + " keys, more than " +
                                       std::to_string(capacity));
  constexpr int words_per_key = bucket_words_per_key<Value, Bits>();
  auto round4 = [](std::uint64_t k) { return static_cast<unsigned>((k + 3) & ~std::uint64_t{3}); };  // 16-B buffers
  auto launch = [&](unsigned above, unsigned buffer_keys) {  // the buckets of above + 1 .. buffer_keys keys
    const std::size_t smem = words_per_key * sizeof(std::uint32_t) * buffer_keys;
    const int forced = bucket_threads_override();
    const int threads = forced != 0 ? forced : bucket_threads_for<Value, Bits>(B, buffer_keys);
    auto kernel = threads == bucket_threads        ? bucket_sort_kernel<bucket_threads, Bits, Value>
                  : threads == bucket_threads_wide ? bucket_sort_kernel<bucket_threads_wide, Bits, Value>
                                                   : bucket_sort_kernel<bucket_threads_widest, Bits, Value>;
    set_dynamic_shared_bytes(kernel, smem, "radix: bucket sort");
    kernel<<<hybrid_buckets, threads, smem, stream>>>(keys, values, counts, starts, codec, above, buffer_keys);
    GSB_CHECK_LAUNCH();
  };
  const unsigned typical = round4(std::clamp<std::uint64_t>(uniform_bucket_bound(n), 1024, capacity));
  const unsigned all = round4(largest);
  if (all <= typical) {
    launch(0, all);
  } else {
    launch(0, typical);
    launch(typical, all);
  }
}

// The event after the planning kernel, one per device and host thread (created on first use, kept for the
// process): recorded on the sort's stream and waited for by the read-back of the largest bucket.
inline cudaEvent_t plan_done_event() {
  constexpr int max_devices = 64;
  thread_local std::array<cudaEvent_t, max_devices> events{};
  int device = 0;
  GSB_CUDA_TRY(cudaGetDevice(&device));
  GSB_EXPECTS(device >= 0 && device < max_devices, "radix: device " + std::to_string(device) + " of too many");
  if (events[device] == nullptr) GSB_CUDA_TRY(cudaEventCreateWithFlags(&events[device], cudaEventDisableTiming));
  return events[device];
}

// ---- host --------------------------------------------------------------------------------------------------

// The keys of one bucket a block sorts where a block has shared_bytes of shared memory, 0 where that cannot hold
// the path's 16-bit histogram (top16_histogram_kernel) or buckets of min_bucket_capacity keys (sm75, sm86: 4-byte
// keys take the LSD passes at every n there). A larger bucket than this makes the sort fall back.
template <class Value, class Bits = std::uint32_t>
constexpr unsigned hybrid_capacity(long long shared_bytes) {
  const unsigned c = bucket_capacity<Value, Bits>(shared_bytes);
  return top16_words * 4 <= shared_bytes && c >= min_bucket_capacity ? c : 0u;
}

// The largest bucket of uniform keys (uniform_bucket_bound) for which the path is tried on band b: one block holds
// it (hybrid_capacity) and its shape (bucket_threads_for) keeps bucket_min_warps_per_sm warps resident. (Every
// smaller bucket keeps at least as many, or half a multiprocessor's.)
template <class Value, class Bits = std::uint32_t>
constexpr unsigned hybrid_tried_capacity(arch::Band b) {
  unsigned k = hybrid_capacity<Value, Bits>(arch::limits_of(b).shared_bytes_per_block_optin);
  while (k >= 4 && bucket_warps_for<Value, Bits>(b, k) < bucket_min_warps_per_sm) k -= 4;
  return k;
}

// 4- and 8-byte keys, with or without values: the hybrid path where hybrid_applies() and every 16-bit
// bucket fits a block, the LSD passes (OnesweepSort) otherwise. Both leave the result in half 0.
template <class Bits, class Value, arch::Band B>
struct HybridSort {
  static_assert(sizeof(Bits) == 4 || sizeof(Bits) == 8, "the hybrid path sorts 4- and 8-byte keys");
  using P = typename PolicyFor<Bits, Value, B>::type;
  using Lsd = OnesweepSort<Bits, Value, P>;
  using D = Digits<Bits, 8>;
  // The band's capacities (hybrid_capacity: one block's, hybrid_tried_capacity: where the path is tried); the
  // device's one-block capacity may be smaller (newer PTX may run on a GPU with less shared memory than its band's).
  static constexpr unsigned band_capacity =
      hybrid_capacity<Value, Bits>(arch::limits_of(B).shared_bytes_per_block_optin);
  static constexpr unsigned tried_capacity = hybrid_tried_capacity<Value, Bits>(B);
  static constexpr bool fits = band_capacity != 0;
  using S = PassShape<Bits, Value, 8, P::threads, P::items>;
  using VT = std::conditional_t<has_values_v<Value>, Value, NoValue>;
  static_assert(result_half(D::passes) == 0, "the hybrid path ends in half 0, as the LSD passes do");

  static unsigned device_capacity() {
    return std::min(band_capacity,
                    hybrid_capacity<Value, Bits>(current_device_props().shared_bytes_per_block_optin));
  }

  static TopPortions top_portions(std::uint64_t n) {
    const std::uint64_t portion = portion_items(S::tile);
    return {portion, static_cast<unsigned>(std::max<std::uint64_t>(1, ceil_div(n, portion)))};
  }

  struct Layout {
    unsigned long long* pairs;  // [32768]: the 65536 bucket counts as 32-bit pairs
    unsigned* top_counts;       // [256]
    unsigned* skewed;           // set by skew_sample_kernel
    unsigned* sample_bins;      // [4096] skew_sample_kernel's counts
    unsigned* sample_done;      // skew_sample_kernel's finished blocks
    unsigned* tile_counters;    // [portions + 1]: the first pass's launches, then the second's
    unsigned* status;           // [tiles][256]
    std::size_t clear_bytes;    // everything above: one memset
    std::size_t portion_status_bytes;  // the rows of one portion of the first pass (cleared every 15 launches)
    std::uint64_t* top_bins;    // [portions][256]: portion r's digit starts in the first pass (r >= 1)
    HybridTables tables;
    std::size_t bytes;
  };
  static std::uint64_t max_tiles(std::uint64_t n) { return ceil_div<std::uint64_t>(n, S::tile) + 256; }
  static Layout layout(std::uint64_t n, void* temp) {
    const TopPortions top = top_portions(n);
    TempLayout t(temp);
    Layout l;
    l.pairs = t.take<unsigned long long>(hybrid_buckets / 2);
    l.top_counts = t.take<unsigned>(256);
    l.skewed = t.take<unsigned>(1);
    l.sample_bins = t.take<unsigned>(1u << sample_bin_bits);
    l.sample_done = t.take<unsigned>(1);
    l.tables.largest = t.take<unsigned>(1);
    l.tables.plan_blocks = t.take<unsigned>(1);
    l.tile_counters = t.take<unsigned>(top.portions + 1);
    l.status = t.take<unsigned>(max_tiles(n) * 256);
    l.clear_bytes = t.bytes();
    l.portion_status_bytes = ceil_div<std::uint64_t>(std::min(n, top.portion), S::tile) * 256 * sizeof(unsigned);
    l.top_bins = t.take<std::uint64_t>(static_cast<std::size_t>(top.portions) * 256);
    l.tables.starts16 = t.take<std::uint64_t>(hybrid_buckets);
    l.tables.starts8 = t.take<std::uint64_t>(256);
    l.tables.seg_tiles_top = t.take<unsigned>(2 * top.portions);
    l.tables.seg_items_top = t.take<std::uint64_t>(2 * top.portions);
    l.tables.seg_tiles_mid = t.take<unsigned>(257);
    l.tables.seg_items_mid = t.take<std::uint64_t>(257);
    l.bytes = t.bytes();
    return l;
  }

  // Non-decreasing in n (the out-of-core driver sizes one temp block for its largest piece): from the hybrid
  // threshold on, the hybrid layout of min(n, the last n the path may take on this band) is included even where n
  // itself is sorted by LSD.
  static std::size_t temp_bytes(const SortProblem& p) {
    const std::size_t lsd = Lsd::temp_bytes(p);
    if (!fits || p.n < hybrid_first_items(hybrid_min_items_override())) return lsd;
    return std::max(lsd, layout(std::min(p.n, hybrid_last_items(tried_capacity)), nullptr).bytes);
  }

  static int sort(const SortProblem& p, const SortBuffers& b, bool lsd_only) {
    if constexpr (fits) {
      // (more portions than the plan's threads only with a tiny GSB_RADIX_PORTION_N)
      if (!lsd_only &&
          hybrid_applies(p.n, std::min(tried_capacity, device_capacity()), hybrid_min_items_override(),
                         is_float(p.key_type)) &&
          top_portions(p.n).portions <= plan_threads)
        return sort_hybrid(p, b, device_capacity());
    }
    return Lsd::sort(p, b);
  }

  static int sort_hybrid(const SortProblem& p, const SortBuffers& b, unsigned capacity) {
    const std::uint64_t n = p.n;
    GSB_EXPECTS(n < (std::uint64_t{1} << 32), "radix: the hybrid path with " + std::to_string(n) + " keys");
    const TopPortions top = top_portions(n);
    const Layout l = layout(n, b.temp);
    GSB_EXPECTS(l.bytes <= b.temp_bytes, "radix: temp of " + std::to_string(b.temp_bytes) + " bytes, needs " +
                                             std::to_string(l.bytes));
    const KeyCodec<Bits> codec = make_codec<Bits>(p.key_type, p.order);
    const DeviceProps& dev = current_device_props();
    auto* keys0 = static_cast<Bits*>(b.keys[0]);

    GSB_CUDA_TRY(cudaMemsetAsync(b.temp, 0, l.clear_bytes, b.stream));
    skew_sample_kernel<<<sample_blocks, sample_threads, 0, b.stream>>>(keys0, n, codec, l.sample_bins,
                                                                       l.sample_done, l.skewed);
    GSB_CHECK_LAUNCH();
    const unsigned* counts = launch_top16_histogram<Bits>(keys0, n, codec, l.pairs, l.skewed, l.top_counts, b.stream);
    hybrid_plan_kernel<><<<256, plan_threads, 0, b.stream>>>(counts, l.top_counts, n, S::tile, top, capacity, l.tables,
                                                           l.skewed);
    GSB_CHECK_LAUNCH();
    const cudaEvent_t plan_done = plan_done_event();
    GSB_CUDA_TRY(cudaEventRecord(plan_done, b.stream));
    auto pass = pass_kernel<Bits, VT, P, SegmentTable>;
    set_dynamic_shared_bytes(pass, S::shared_bytes, "radix: segmented digit pass");
    PassParams<Bits, VT> prm{};
    prm.keys[0] = keys0;
    prm.keys[1] = static_cast<Bits*>(b.keys[1]);
    prm.values[0] = static_cast<VT*>(b.values[0]);
    prm.values[1] = static_cast<VT*>(b.values[1]);
    prm.codec = codec;
    prm.prefetch_ahead = prefetch_distance(resident_blocks_per_sm(pass, P::threads, S::shared_bytes), dev.sm_count,
                                           P::prefetch_waves_per_8, has_values_v<VT>, dev.dram_bytes_per_s);
    // Each launch stamps its look-back (stamp_launch; launch 0 relies on the memset above). Launches before the
    // last use the status rows of one portion only, which is what the clears cover; the last (the second pass)
    // uses more, which the memset above cleared and nothing else wrote.
    auto stamp = [&](unsigned launch) {
      stamp_launch(prm, launch, l.tile_counters, l.status, l.portion_status_bytes, b.stream);
    };
    // The top 8 bits over the whole array, encoding on the way in, portion by portion: the last tile of a portion
    // writes the next one's digit starts.
    prm.pass = D::passes - 1;
    for (unsigned r = 0; r < top.portions; ++r) {
      stamp(r);
      prm.offset = r * top.portion;
      const std::uint64_t items = std::min(top.portion, n - prm.offset);
      prm.num_items = static_cast<unsigned>(items);
      prm.bins_in = r == 0 ? l.tables.starts8 : l.top_bins + std::size_t{r} * 256;
      prm.bins_out = r + 1 < top.portions ? l.top_bins + std::size_t{r + 1} * 256 : nullptr;
      const SegmentTable whole{l.tables.seg_tiles_top + 2 * r, l.tables.seg_items_top + 2 * r, 1, 0, true};
      pass<<<static_cast<unsigned>(ceil_div<std::uint64_t>(items, S::tile)), P::threads, S::shared_bytes, b.stream>>>(
          prm, whole);
      GSB_CHECK_LAUNCH();
    }
    // The next 8 bits within each top-8-bit bucket (one launch: each bucket is its own look-back chain, of fewer
    // than 2^27 keys wherever the path goes on, every one of its 16-bit buckets fitting a block).
    stamp(top.portions);
    prm.pass = D::passes - 2;
    prm.offset = 0;
    prm.num_items = static_cast<unsigned>(n);
    prm.bins_in = l.tables.starts16;
    prm.bins_out = nullptr;
    const SegmentTable buckets{l.tables.seg_tiles_mid, l.tables.seg_items_mid, 256, 1, false};
    pass<<<static_cast<unsigned>(max_tiles(n)), P::threads, S::shared_bytes, b.stream>>>(prm, buckets);
    GSB_CHECK_LAUNCH();
    // The passes above do nothing when the plan fell back (hybrid_plan_kernel emptied their tile tables), so
    // they are enqueued before the host learns the largest bucket: its read-back, ordered after the plan on a
    // second stream, overlaps them instead of leaving the device idle (about 19 us at 1e8, NOTES.md round 7).
    unsigned largest = 0;
    GSB_CUDA_TRY(cudaStreamWaitEvent(cudaStreamPerThread, plan_done, 0));
    GSB_CUDA_TRY(cudaMemcpyAsync(&largest, l.tables.largest, sizeof(largest), cudaMemcpyDeviceToHost,
                                 cudaStreamPerThread));
    GSB_CUDA_TRY(cudaStreamSynchronize(cudaStreamPerThread));
    if (largest > capacity) return Lsd::sort(p, b);  // skewed keys (sampled, or a bucket too large)
    launch_bucket_sort<Bits, VT, B>(keys0, static_cast<VT*>(b.values[0]), counts, l.tables.starts16, codec, n, largest,
                                    capacity, b.stream);
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
      return HybridSort<BITS, VALUE, decltype(band)::value>::Lsd::tiles();                        \
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
