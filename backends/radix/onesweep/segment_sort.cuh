// The hybrid path's top-8-bit buckets one block each (hybrid.hpp: segment_sort_applies; hybrid.cuh calls it): once
// the first MSD pass has placed 4-byte keys with 4-byte values by their top 8 bits (half 1, keys encoded, each bucket's
// pairs in their input order), each bucket of up to segment_sort_capacity pairs is loaded by one block, sorted by its 24
// low bits by cub::BlockRadixSort (stable; four rounds of 6 bits) and written to its place in half 0, decoded: in place
// of the second MSD pass, the plan and the bucket sort. The pairs stay in registers (128 a thread; ptxas 13.0 sm_90
// spills 420 bytes), so one block an SM; at 2^22 its 256 blocks take two waves.
#pragma once

#include <cstdint>

#include <cub/block/block_radix_sort.cuh>

#include "gsb/error.hpp"
#include "radix/digit_common.cuh"
#include "radix/onesweep/hybrid.hpp"
#include "radix/onesweep/small.cuh"

namespace gsb::radix::onesweep {

inline constexpr int segment_sort_radix_bits = 6;
// The block's shape: Threads x Items pairs, at least MinBlocks resident an SM (launch bounds; 0 asks nothing). The
// path's own is segment_sort_threads x segment_sort_items asking nothing (one block an SM by its registers; asking
// for one spilled 524 bytes where it spills 420); others are timed by tools/radix/radix_bench.cu (mode segments).
template <int Threads = segment_sort_threads, int Items = segment_sort_items, int MinBlocks = 0>
struct SegmentShape {
  static constexpr int threads = Threads, items = Items, min_blocks = MinBlocks;
  static constexpr unsigned capacity = Threads * Items;
};
template <class Bits, class Value, class Shape = SegmentShape<>>
using SegmentBlockSort = cub::BlockRadixSort<Bits, Shape::threads, Shape::items, Value, segment_sort_radix_bits>;
template <class Bits, class Value, class Shape = SegmentShape<>>
inline constexpr std::size_t segment_sort_shared_bytes =
    sizeof(typename SegmentBlockSort<Bits, Value, Shape>::TempStorage);

// Block b sorts bucket b: counts[b] pairs from starts[b] (at most Shape::capacity: the caller checked), by their 24
// low bits.
template <class Bits, class Value, class Shape>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    segment_sort_kernel(const Bits* keys1, const Value* values1, Bits* keys0, Value* values0, const unsigned* counts,
                        const std::uint64_t* starts, KeyCodec<Bits> codec) {
  constexpr int Items = Shape::items, Threads = Shape::threads;
  const unsigned size = counts[blockIdx.x];
  if (size == 0) return;
  const std::uint64_t start = starts[blockIdx.x];
  // Blocked (the block sort's layout), the keys as the first pass left them (encoded); past the bucket the largest
  // low bits, which the stable sort leaves last. Then striped, decoded, to the bucket's place in half 0.
  Bits k[Items];
  Value v[Items];
  small_load_blocked<Items, true>(k, v, keys1 + start, values1 + start, size, KeyCodec<Bits>{});
  extern __shared__ __align__(16) unsigned char s_segment[];
  using Sort = SegmentBlockSort<Bits, Value, Shape>;
  Sort(*reinterpret_cast<typename Sort::TempStorage*>(s_segment)).SortBlockedToStriped(k, v, 0, 24);
  small_store_striped<Threads, Items>(k, v, keys0 + start, values0 + start, size, codec);
}

// `buckets` blocks, one a bucket (the path: its 256 top-8-bit buckets).
template <class Bits, class Value, class Shape = SegmentShape<>>
void launch_segment_sort(const Bits* keys1, const Value* values1, Bits* keys0, Value* values0, const unsigned* counts,
                         const std::uint64_t* starts, const KeyCodec<Bits>& codec, cudaStream_t stream,
                         unsigned buckets = 256) {
  static_assert(sizeof(Bits) == 4, "a top-8-bit bucket's 24 low bits");
  auto kernel = segment_sort_kernel<Bits, Value, Shape>;
  constexpr std::size_t shared = segment_sort_shared_bytes<Bits, Value, Shape>;
  set_dynamic_shared_bytes(kernel, shared, "radix: segment sort");
  kernel<<<buckets, Shape::threads, shared, stream>>>(keys1, values1, keys0, values0, counts, starts, codec);
  GSB_CHECK_LAUNCH();
}

}  // namespace gsb::radix::onesweep
