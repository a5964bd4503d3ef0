// The hybrid path's top-8-bit buckets one block each (hybrid.hpp: segment_sort_applies; hybrid.cuh calls it): once
// the first MSD pass has placed 4-byte keys with 4-byte values by their top 8 bits (half 1, keys encoded, each bucket's
// pairs in their input order), each bucket of up to segment_sort_capacity pairs is loaded by one block, sorted by its 24
// low bits by cub::BlockRadixSort (stable; four rounds of 6 bits) and written to its place in half 0, decoded: in place
// of the second MSD pass, the plan and the bucket sort. The pairs stay in registers (128 a thread; ptxas 13.0 sm_90
// spills 420 bytes), so one block an SM; at 2^22 its 256 blocks take two waves.
// The first pass needs only the top 8 bits' counts, so where the segment sort is tried the path counts those alone
// (segment_histogram_kernel) in place of its 16-bit histogram, which adds up 65536 counts a cluster in global memory:
// 13.0 us under ncu where that histogram took 27.3 (u32+u32 at 2^22, H100, NOTES.md round 80). That histogram then runs
// only where a bucket does not fit after all, after the first pass: 64 distinct keys at 2^22 went 1.44x -> 1.26x
// cub-radix on that H100, where uniform keys went 1.38x -> 1.46x.
#pragma once

#include <algorithm>
#include <cstdint>

#include <cub/block/block_radix_sort.cuh>

#include "gsb/error.hpp"
#include "radix/digit_common.cuh"
#include "radix/onesweep/histogram.cuh"
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

// The segment histogram's verdicts, in the host-mapped word its last block writes (HybridReadBack::segment_word).
inline constexpr unsigned segment_fits = 1;     // every top-8-bit bucket fits the block: the first pass, then the
                                                // segment sort
inline constexpr unsigned segment_buckets = 3;  // one does not, and the skew sample found the keys not skewed: the
                                                // first pass, then the 16-bit histogram and the rest of the path
inline constexpr unsigned segment_skewed = 4;   // one does not, and the sample found them skewed: the first pass finds
                                                // no tile, and the LSD passes sort them
// (HybridReadBack::mark_unset, 2, is none of them.)

// top_counts[t] (zeroed) += the keys whose encoded top 8 bits are t, in blocks of top16_threads: one read of the keys,
// beside the skew sample, whose programmatic dependent it is (as top16_beside_sample_kernel, and held to its
// registers so that a block of each fits a multiprocessor). Its last block to finish judges them (every thread): if
// every bucket holds at most `capacity` keys, it writes what the first pass reads (`last`, FirstPassInputs) and marks
// segment_fits without waiting for the sample; else it waits for the sample's verdict (*skewed) and marks
// segment_buckets (writing the first pass's inputs) or segment_skewed (the pass left without a tile). The host reads
// the mark while the first pass runs.
template <class Bits, class Last>
__global__ void __maxnreg__(top16_registers<Bits>)
    segment_histogram_kernel(const Bits* keys, std::uint64_t n, KeyCodec<Bits> codec, unsigned* top_counts,
                             const unsigned* skewed, unsigned capacity, volatile unsigned* mark, const Last last) {
  __shared__ unsigned s_top[256];
  allow_dependent_grids();  // the first pass may be scheduled (it waits for this kernel)
  for (int i = threadIdx.x; i < 256; i += top16_threads) s_top[i] = 0;
  __syncthreads();
  bool never = false;
  with_encoder(codec, [&](auto encode) {
    count_keys_by_quads<top16_threads>(
        keys, n, [&](Bits key) { return static_cast<unsigned>(encode(key) >> (8 * sizeof(Bits) - 8)); },
        [&](unsigned bin, unsigned c) { atomicAdd(&s_top[bin], c); }, never, [](bool&) {});
  });
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += top16_threads)
    if (s_top[i] != 0) atomicAdd(&top_counts[i], s_top[i]);
  if (!arrived_last(last.arrivals)) return;
  const unsigned count = threadIdx.x < 256 ? __ldcg(&top_counts[threadIdx.x]) : 0u;
  unsigned verdict = segment_fits;
  if (__syncthreads_or(count > capacity)) {
    wait_for_prior_grids();  // the sample, and its *skewed
    verdict = *static_cast<const volatile unsigned*>(skewed) != 0 ? segment_skewed : segment_buckets;
  }
  last.write(top_counts, verdict != segment_skewed);
  __syncthreads();
  // (a system-scope store, as the sample's mark: the host sees it without a fence, at the latest when the kernel ends)
  if (threadIdx.x == 0) *mark = verdict;
}

// Launches segment_histogram_kernel over n keys as the dependent of the skew sample: a block an SM at most (beside the
// sample's), and no more than one per 16 keys a thread.
template <class Bits, class Last>
void launch_segment_histogram(const Bits* keys, std::uint64_t n, const KeyCodec<Bits>& codec, unsigned* top_counts,
                              const unsigned* skewed, unsigned capacity, unsigned* mark, const Last& last,
                              cudaStream_t stream) {
  const auto blocks = static_cast<unsigned>(std::clamp<std::uint64_t>(
      ceil_div<std::uint64_t>(n, std::uint64_t{top16_threads} * 16), 1, current_device_props().sm_count));
  launch_dependent(true, segment_histogram_kernel<Bits, Last>, dim3(blocks), dim3(top16_threads), 0, stream, keys, n,
                   codec, top_counts, skewed, capacity, mark, last);
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
