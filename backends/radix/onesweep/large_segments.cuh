// The hybrid path's buckets past one block's shared memory where they are many or large (a skewed input: Zipf, few
// distinct keys, low entropy; hybrid.hpp: large_buckets_plan gives LargeBuckets::passes). Each such 16-bit bucket is
// a segment of its own, sorted by its remaining bits (bucket_rounds: 2 for 4-byte keys, 6 for 8-byte ones) with
// segmented digit passes (pass_kernel with a SegmentTable, LSD order, from half 0 to half 1 and back, so the result
// is in half 0, decoded), the other buckets by the bucket sort as ever. Before the passes:
//   1. large_segments_table_kernel lists the buckets past the capacity (hybrid_plan_kernel counted them per top-8-bit
//      bucket): where each starts and ends, and its first tile in the histogram's table;
//   2. large_segments_histogram_kernel counts every round's digits of each segment (one read of its keys);
//   3. large_segments_starts_kernel turns the counts into each round's digit starts, and marks the segments whose
//      every round has one digit: their keys are equal (all of a bucket's bits are), so they are sorted already;
//   4. large_segments_split_kernel writes two tile tables: the segments to sort, and the sorted ones, which only
//      large_segments_decode_kernel visits (decoding them in place) where the key codec is not the identity.
// Few distinct keys are so sorted by the two MSD passes alone, and a Zipf input's few heavy buckets by passes over
// those buckets only.
#pragma once

#include <cstdint>

#include "radix/onesweep/hybrid.hpp"
#include "radix/onesweep/pass.cuh"

namespace gsb::radix::onesweep {

inline constexpr int large_table_threads = 1024;  // large_segments_split_kernel's
inline constexpr int large_histogram_threads = 256;

// The large segments' tables and counts, `most` (large_segments_most) segments' room each.
struct LargeSegments {
  unsigned* tiles_all;       // [most + 1]: first tile of each segment in the histogram's table, then the total
  unsigned* tiles_sorting;   // [most + 1]: the same, only of the segments to sort (the others: none)
  unsigned* tiles_sorted;    // [most + 1]: the same, only of the segments sorted already
  std::uint64_t* items;      // [most]: where each segment starts
  std::uint64_t* ends;       // [most]: where each ends
  unsigned* counts;          // [most][rounds][256]: digit counts (zeroed before the histogram)
  std::uint64_t* bins;       // [rounds][most][256]: digit starts, absolute
  unsigned* sorting;         // [most]: 1 where a round has two digits or more
  unsigned most;
};

// Block b of 256 threads, thread t: bucket 256 b + t, listed as a segment where it holds more than `capacity` keys
// (segments in bucket order), with its tiles of `tile` keys; large_per_top ([2][256], hybrid_plan_kernel) holds each
// block's number of such buckets and their tiles, whose sums before b are where its own start.
template <int = 0>
__global__ void __launch_bounds__(256)
    large_segments_table_kernel(const unsigned* bucket_counts, const std::uint64_t* bucket_starts,
                                const unsigned* large_per_top, unsigned capacity, unsigned tile, LargeSegments a) {
  __shared__ unsigned warp_sums[32];
  __shared__ unsigned s_base[2];
  unsigned all_large, all_tiles;
  const unsigned large_before =
      block_exclusive_sum<unsigned, 256>(large_per_top[threadIdx.x], warp_sums, &all_large);
  const unsigned tiles_before =
      block_exclusive_sum<unsigned, 256>(large_per_top[256 + threadIdx.x], warp_sums, &all_tiles);
  if (threadIdx.x == blockIdx.x) {
    s_base[0] = large_before;
    s_base[1] = tiles_before;
  }
  if (blockIdx.x == 0 && threadIdx.x == 0 && all_large <= a.most) a.tiles_all[all_large] = all_tiles;
  __syncthreads();
  if (large_per_top[blockIdx.x] == 0) return;  // block-uniform
  const unsigned b = blockIdx.x * 256 + threadIdx.x;
  const unsigned c = bucket_counts[b];
  const bool large = c > capacity;
  const unsigned tiles = large ? (c + tile - 1) / tile : 0u;
  unsigned unused;
  const unsigned segment = s_base[0] + block_exclusive_sum<unsigned, 256>(large ? 1u : 0u, warp_sums, &unused);
  const unsigned first_tile = s_base[1] + block_exclusive_sum<unsigned, 256>(tiles, warp_sums, &unused);
  if (large && segment < a.most) {
    a.items[segment] = bucket_starts[b];
    a.ends[segment] = bucket_starts[b] + c;
    a.tiles_all[segment] = first_tile;
  }
}

// Where tile t of a tile table (tiles: tiles_all, tiles_sorting or tiles_sorted; `count` segments of tiles of `tile`
// keys) lies: [begin, end). Returns its segment.
__device__ __forceinline__ unsigned large_segment_tile(const LargeSegments& a, const unsigned* tiles, unsigned count,
                                                       unsigned tile, unsigned t, std::uint64_t& begin,
                                                       std::uint64_t& end) {
  const unsigned s = segment_of_tile(tiles, count, t);
  begin = a.items[s] + static_cast<std::uint64_t>(t - tiles[s]) * tile;
  end = min(begin + tile, a.ends[s]);
  return s;
}

// f(i, keys[i]) for every i in [begin, end), the block's threads taking consecutive keys, each thread with 8 loads
// in flight (one at a time would leave the kernel waiting on each load's latency).
template <class Bits, class F>
__device__ __forceinline__ void visit_in_flight(const Bits* keys, std::uint64_t begin, std::uint64_t end, F f) {
  constexpr int per = 8;
  for (std::uint64_t i = begin + threadIdx.x; i < end; i += per * large_histogram_threads) {
    Bits k[per];
#pragma unroll
    for (int u = 0; u < per; ++u) {
      const std::uint64_t j = i + static_cast<std::uint64_t>(u) * large_histogram_threads;
      if (j < end) k[u] = keys[j];
    }
#pragma unroll
    for (int u = 0; u < per; ++u) {
      const std::uint64_t j = i + static_cast<std::uint64_t>(u) * large_histogram_threads;
      if (j < end) f(j, k[u]);
    }
  }
}

// One block per tile of the histogram's table: every round's digit counts of the tile's keys (half 0, encoded),
// added to its segment's.
template <class Bits>
__global__ void __launch_bounds__(large_histogram_threads)
    large_segments_histogram_kernel(const Bits* keys, LargeSegments a, unsigned count, unsigned tile) {
  constexpr int rounds = bucket_rounds<Bits>;
  __shared__ unsigned s_counts[rounds * 256];
  const unsigned t = blockIdx.x;
  if (t >= a.tiles_all[count]) return;  // the grid is sized for the most tiles possible
  std::uint64_t begin, end;
  const unsigned s = large_segment_tile(a, a.tiles_all, count, tile, t, begin, end);
  for (int i = threadIdx.x; i < rounds * 256; i += large_histogram_threads) s_counts[i] = 0;
  __syncthreads();
  visit_in_flight(keys, begin, end, [&](std::uint64_t, Bits k) {
#pragma unroll
    for (int r = 0; r < rounds; ++r) atomicAdd(&s_counts[r * 256 + digit_of(k, 8 * r, 8)], 1u);
  });
  __syncthreads();
  unsigned* counts = a.counts + static_cast<std::size_t>(s) * rounds * 256;
  for (int i = threadIdx.x; i < rounds * 256; i += large_histogram_threads)
    if (s_counts[i] != 0) atomicAdd(&counts[i], s_counts[i]);
}

// One block of 256 threads per segment: each round's digit starts (the segment's start plus the exclusive sum of the
// counts), and whether every round has one digit (the segment is then sorted already).
template <int Rounds>
__global__ void __launch_bounds__(256) large_segments_starts_kernel(LargeSegments a) {
  __shared__ std::uint64_t warp_sums[32];
  const unsigned s = blockIdx.x;
  const std::uint64_t start = a.items[s];
  const unsigned size = static_cast<unsigned>(a.ends[s] - start);
  bool one_digit_each = true;
  for (int r = 0; r < Rounds; ++r) {
    const unsigned c = a.counts[(static_cast<std::size_t>(s) * Rounds + r) * 256 + threadIdx.x];
    std::uint64_t total;
    const std::uint64_t before = block_exclusive_sum<std::uint64_t, 256>(c, warp_sums, &total);
    a.bins[(static_cast<std::size_t>(r) * a.most + s) * 256 + threadIdx.x] = start + before;
    one_digit_each &= __syncthreads_or(c == size) != 0;
  }
  if (threadIdx.x == 0) a.sorting[s] = one_digit_each ? 0u : 1u;
}

// One block: the tile tables of the segments to sort and of those sorted already (each segment's tiles in one, none
// in the other). Thread t takes the segments [t * per_thread, ...).
template <int = 0>
__global__ void __launch_bounds__(large_table_threads)
    large_segments_split_kernel(LargeSegments a, unsigned count, unsigned tile) {
  __shared__ unsigned warp_sums[32];
  const unsigned per_thread = (count + large_table_threads - 1) / large_table_threads;
  const unsigned first = threadIdx.x * per_thread;
  const unsigned last = min(first + per_thread, count);
  unsigned sorting = 0, sorted = 0;
  for (unsigned s = first; s < last; ++s) {
    const unsigned tiles = a.tiles_all[s + 1] - a.tiles_all[s];
    (a.sorting[s] != 0 ? sorting : sorted) += tiles;
  }
  unsigned all_sorting, all_sorted;
  unsigned at_sorting = block_exclusive_sum<unsigned, large_table_threads>(sorting, warp_sums, &all_sorting);
  unsigned at_sorted = block_exclusive_sum<unsigned, large_table_threads>(sorted, warp_sums, &all_sorted);
  for (unsigned s = first; s < last; ++s) {
    const unsigned tiles = a.tiles_all[s + 1] - a.tiles_all[s];
    a.tiles_sorting[s] = at_sorting;
    a.tiles_sorted[s] = at_sorted;
    (a.sorting[s] != 0 ? at_sorting : at_sorted) += tiles;
  }
  if (threadIdx.x == 0) {
    a.tiles_sorting[count] = all_sorting;
    a.tiles_sorted[count] = all_sorted;
  }
}

// One block per tile of the sorted segments' table: their keys decoded in place (half 0).
template <class Bits>
__global__ void __launch_bounds__(large_histogram_threads)
    large_segments_decode_kernel(Bits* keys, LargeSegments a, unsigned count, unsigned tile, KeyCodec<Bits> codec) {
  const unsigned t = blockIdx.x;
  if (t >= a.tiles_sorted[count]) return;
  std::uint64_t begin, end;
  large_segment_tile(a, a.tiles_sorted, count, tile, t, begin, end);
  visit_in_flight(keys, begin, end, [&](std::uint64_t i, Bits k) { keys[i] = codec.decode(k); });
}

// Steps 1-4 (and the decoding) for `count` segments, the buckets of more than `capacity` keys, in tiles of `tile`
// keys (the digit pass's, so that the passes' tables serve both); keys in half 0, n of them.
template <class Bits>
void prepare_large_segments(Bits* keys, std::uint64_t n, const unsigned* bucket_counts,
                            const std::uint64_t* bucket_starts, const unsigned* large_per_top, unsigned capacity,
                            unsigned count, unsigned tile, const LargeSegments& a, const KeyCodec<Bits>& codec,
                            cudaStream_t stream) {
  constexpr int rounds = bucket_rounds<Bits>;
  GSB_EXPECTS(count >= 1 && count <= a.most, "radix: " + std::to_string(count) + " large segments of room for " +
                                                 std::to_string(a.most));
  const unsigned grid = static_cast<unsigned>(ceil_div<std::uint64_t>(n, tile) + count);
  GSB_CUDA_TRY(cudaMemsetAsync(a.counts, 0, std::size_t{count} * rounds * 256 * sizeof(unsigned), stream));
  large_segments_table_kernel<><<<256, 256, 0, stream>>>(bucket_counts, bucket_starts, large_per_top, capacity, tile,
                                                         a);
  GSB_CHECK_LAUNCH();
  large_segments_histogram_kernel<Bits><<<grid, large_histogram_threads, 0, stream>>>(keys, a, count, tile);
  GSB_CHECK_LAUNCH();
  large_segments_starts_kernel<rounds><<<count, 256, 0, stream>>>(a);
  GSB_CHECK_LAUNCH();
  large_segments_split_kernel<><<<1, large_table_threads, 0, stream>>>(a, count, tile);
  GSB_CHECK_LAUNCH();
  if (!codec.is_identity()) {
    large_segments_decode_kernel<Bits><<<grid, large_histogram_threads, 0, stream>>>(keys, a, count, tile, codec);
    GSB_CHECK_LAUNCH();
  }
}

}  // namespace gsb::radix::onesweep
