// The hybrid path's buckets past one block's shared memory (hybrid.cuh, step 5; few of them where the path goes on:
// hybrid_buckets_fit): one block sorts such a bucket through global memory, by the same 8-bit rounds as the bucket
// sort (bucket_rounds), alternating between the bucket's range of half 0 and the same range of half 1 (free after
// the two MSD passes), and ending in half 0, keys decoded. One read first counts every round's digits; then each
// round scans its counts and takes the bucket tile by tile in order, each tile ranked as a digit pass ranks one
// (count_tile_digits, start_tile_digits, rank_in_warp: stable) and scattered to the digits' running offsets, which
// the block alone owns -- no look-back. Keys of float types, whose largest exponent's buckets hold twice the mean,
// are what this serves at 1e9 (32 buckets of f64 keys, 256 of f32).
#pragma once

#include <cstdint>

#include "radix/onesweep/hybrid.hpp"
#include "radix/onesweep/pass.cuh"

namespace gsb::radix::onesweep {

inline constexpr int large_bucket_threads = 512;
inline constexpr int large_bucket_items = 8;
template <class Bits, class Value>
using LargeBucketShape = PassShape<Bits, Value, 8, large_bucket_threads, large_bucket_items>;

// One block per 16-bit bucket; those of more than size_above keys are sorted (the others are the bucket sort's).
template <class Bits, class Value>
__global__ void __launch_bounds__(large_bucket_threads)
    large_bucket_kernel(Bits* keys0, Bits* keys1, Value* values0, Value* values1, const unsigned* counts,
                        const std::uint64_t* starts, KeyCodec<Bits> codec, unsigned size_above) {
  using S = LargeBucketShape<Bits, Value>;
  constexpr int radix = S::radix;
  constexpr int rounds = bucket_rounds<Bits>;
  constexpr int threads = large_bucket_threads, items = large_bucket_items;
  static_assert(S::bins_per_thread == 1, "one digit per thread (the first 256 threads)");
  static_assert(rounds % 2 == 0, "the rounds end in half 0");
  const unsigned bucket = blockIdx.x;
  const unsigned size = counts[bucket];
  if (size <= size_above) return;
  const std::uint64_t start = starts[bucket];
  extern __shared__ __align__(16) unsigned char smem[];
  const TileArrays<S, Bits, Value> arrays(smem);  // a digit pass's tile (the tile number unused)
  Bits* s_keys = arrays.keys;
  Value* s_values = arrays.values;
  unsigned* s_hist = arrays.hist;  // [warps][radix]
  unsigned* s_local_start = arrays.local_start;
  std::uint64_t* s_base = arrays.base;
  __shared__ unsigned s_counts[rounds][radix];  // every round's digit counts over the bucket
  __shared__ unsigned warp_sums[32];
  const int d = static_cast<int>(threadIdx.x);  // this thread's digit (threads < radix)
  const unsigned warp = threadIdx.x / 32;
  const unsigned lane = lane_id();
  unsigned* my_hist = s_hist + warp * radix;
  for (int i = threadIdx.x; i < rounds * radix; i += threads) (&s_counts[0][0])[i] = 0;
  __syncthreads();
  for (unsigned i = threadIdx.x; i < size; i += threads) {
    const Bits k = keys0[start + i];
#pragma unroll
    for (int r = 0; r < rounds; ++r) atomicAdd(&s_counts[r][digit_of(k, 8 * r, 8)], 1u);
  }
  __syncthreads();
  const bool decode = !codec.is_identity();
#pragma unroll 1
  for (int r = 0; r < rounds; ++r) {
    const bool even = r % 2 == 0, last = r + 1 == rounds;
    const Bits* src = (even ? keys0 : keys1) + start;
    Bits* dst = (even ? keys1 : keys0) + start;
    [[maybe_unused]] const Value* src_v = nullptr;
    [[maybe_unused]] Value* dst_v = nullptr;
    if constexpr (S::with_values) {
      src_v = (even ? values0 : values1) + start;
      dst_v = (even ? values1 : values0) + start;
    }
    const int shift = 8 * r;
    // Where each digit's keys go in this round: the exclusive scan of its counts, advanced tile by tile.
    unsigned total;
    unsigned run = block_exclusive_sum<unsigned, threads>(d < radix ? s_counts[r][d] : 0u, warp_sums, &total);
    for (unsigned tile_base = 0; tile_base < size; tile_base += S::tile) {
      const int valid = static_cast<int>(min(size - tile_base, static_cast<unsigned>(S::tile)));
      // Warp-striped as in a digit pass; past the bucket, the largest key (ranked after every real one).
      const int warp_first = static_cast<int>(warp) * 32 * items + static_cast<int>(lane);
      Bits keys[items];
      std::conditional_t<S::with_values, Value, char> values[items];
#pragma unroll
      for (int u = 0; u < items; ++u) {
        const bool real = warp_first + u * 32 < valid;
        keys[u] = real ? src[tile_base + warp_first + u * 32] : static_cast<Bits>(~Bits{0});
        if constexpr (S::with_values)
          if (real) values[u] = src_v[tile_base + warp_first + u * 32];
      }
      for (int i = lane; i < radix; i += 32) my_hist[i] = 0;
      __syncwarp();
      unsigned count[1];
      const unsigned thread_total = count_tile_digits<S>(keys, shift, 8, s_hist, my_hist, count);
      start_tile_digits<S>(thread_total, count, s_hist, s_local_start);
      __syncthreads();
#pragma unroll
      for (int u = 0; u < items; ++u) {
        const unsigned rank = rank_in_warp<8>(digit_of(keys[u], shift, 8), my_hist, lane);
        s_keys[rank] = keys[u];
        if constexpr (S::with_values) s_values[rank] = values[u];
      }
      if (d < radix) s_base[d] = static_cast<std::uint64_t>(run) - s_local_start[d];
      __syncthreads();
      scatter_tile<Bits, Value, threads, items, S::with_values>(s_keys, s_values, s_base, shift, 8, valid == S::tile,
                                                                last && decode, valid, codec, dst, dst_v);
      // The padding sits in digit 255, after every real key of the tile: it takes no place in the output.
      if (d < radix) run += count[0] - (d == radix - 1 ? static_cast<unsigned>(S::tile - valid) : 0u);
      __syncthreads();
    }
  }
}

// Launches large_bucket_kernel over the 16-bit buckets (counts, starts) for those of more than size_above keys.
template <class Bits, class Value>
void launch_large_buckets(Bits* keys0, Bits* keys1, Value* values0, Value* values1, const unsigned* counts,
                          const std::uint64_t* starts, const KeyCodec<Bits>& codec, unsigned size_above,
                          cudaStream_t stream) {
  using S = LargeBucketShape<Bits, Value>;
  auto kernel = large_bucket_kernel<Bits, Value>;
  set_dynamic_shared_bytes(kernel, S::shared_bytes, "radix: large buckets");
  kernel<<<hybrid_buckets, large_bucket_threads, S::shared_bytes, stream>>>(keys0, keys1, values0, values1, counts,
                                                                             starts, codec, size_above);
  GSB_CHECK_LAUNCH();
}

}  // namespace gsb::radix::onesweep
