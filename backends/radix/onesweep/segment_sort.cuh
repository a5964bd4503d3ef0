// The hybrid path's top-8-bit buckets one block each (hybrid.hpp: SegmentForm, segment_sort_applies; hybrid.cuh calls
// it): once the first MSD pass has placed 4-byte keys with 4-byte values by their top 8 bits (half 1, keys encoded,
// each bucket's pairs in their input order), each bucket of up to the form's capacity is loaded by one block, sorted by
// its 24 low bits and written to its place in half 0, decoded: in place of the second MSD pass, the plan and the bucket
// sort. Two forms:
// - msd (segment_msd_kernel, 1024 x 24 pairs, 162 KiB of shared memory): one more MSD digit in shared memory, the
//   sub-buckets sorted by warps; a bucket with a sub-bucket past a warp's scratch (many equal keys) by the block sort;
//   where every bucket fits 1024 x 17 pairs and a block holds 202 KiB (sm90, sm100), that smaller block, its values
//   waiting in shared memory (PathSegmentSmallShape, the segment histogram's verdict segment_fits_small);
// - blocks (segment_sort_kernel, 512 x 34 pairs, 68 KiB), where a block does not hold msd: cub::BlockRadixSort (stable;
//   four rounds of 6 bits), the pairs in registers (128 a thread; ptxas 13.0 sm_90 spills 420 bytes), so one block an
//   SM.
// The first pass needs only the top 8 bits' counts, so where the segment sort is tried the path counts those alone
// (segment_histogram_kernel) in place of its 16-bit histogram, which adds up 65536 counts a cluster in global memory:
// 13.0 us under ncu where that histogram took 27.3 (u32+u32 at 2^22, H100, NOTES.md round 80). That histogram then runs
// only where a bucket does not fit after all, after the first pass: 64 distinct keys at 2^22 went 1.44x -> 1.26x
// cub-radix on that H100, where uniform keys went 1.38x -> 1.46x.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include <cub/block/block_radix_sort.cuh>

#include "gsb/error.hpp"
#include "radix/digit_common.cuh"
#include "radix/onesweep/histogram.cuh"
#include "radix/onesweep/hybrid.hpp"
#include "radix/onesweep/small.cuh"
#include "radix/onesweep/warp_buckets.cuh"

namespace gsb::radix::onesweep {

inline constexpr int segment_sort_radix_bits = 6;
// The block's shape: Threads x Items pairs, at least MinBlocks resident an SM (launch bounds; 0 asks nothing). The
// path's blocks form is segment_sort_threads x segment_sort_items asking nothing (one block an SM by its registers;
// asking for one spilled 524 bytes where it spills 420); others are timed by tools/radix/radix_bench.cu (mode
// segments).
template <int Threads, int Items, int MinBlocks = 0>
struct SegmentShape {
  static constexpr int threads = Threads, items = Items, min_blocks = MinBlocks;
  static constexpr unsigned capacity = Threads * Items;
  static constexpr bool msd = false;
};
template <class Bits, class Value, class Shape>
using SegmentBlockSort = cub::BlockRadixSort<Bits, Shape::threads, Shape::items, Value, segment_sort_radix_bits>;
// The same bucket by one more MSD digit in shared memory (segment_msd_kernel): the block places its pairs by bits
// 16 .. 23 into 256 sub-buckets, each pair a word of its position over its low 16 bits, and its warps sort the
// sub-buckets by runs, as the warp bucket kernel sorts a 16-bit bucket's carried words (warp_buckets.cuh).
// ValuesShared: the values wait in shared memory, by position (else each is read from global memory as its pair is
// stored).
template <int Threads, int Items, int MinBlocks = 0, bool ValuesShared = true>
struct MsdSegmentShape : SegmentShape<Threads, Items, MinBlocks> {
  static constexpr bool msd = true, values_shared = ValuesShared;
  static_assert(Threads * Items < 1 << 16 && Threads * Items % 4 == 0, "a pair's position in 16 bits");
};
// The path's two forms (hybrid.hpp: SegmentForm): one more MSD digit where a block's shared memory holds it (the
// values read from global memory: 162 KiB), else the block sort.
template <SegmentForm Form>
using PathSegmentShape =
    std::conditional_t<Form == SegmentForm::msd, MsdSegmentShape<segment_msd_threads, segment_msd_items, 0, false>,
                       SegmentShape<segment_sort_threads, segment_sort_items>>;
// The msd form's smaller block (hybrid.hpp: segment_msd_small_items), its values in shared memory.
using PathSegmentSmallShape = MsdSegmentShape<segment_msd_threads, segment_msd_small_items, 0, true>;
static_assert(PathSegmentShape<SegmentForm::msd>::capacity == segment_msd_capacity &&
                  PathSegmentSmallShape::capacity == segment_msd_small_capacity &&
                  PathSegmentShape<SegmentForm::blocks>::capacity == segment_sort_capacity,
              "hybrid.hpp's capacities");
// A warp's scratch: the largest sub-bucket sorted by runs; a bucket with a larger one is sorted by the block sort.
inline constexpr unsigned segment_msd_warp_keys = 384;
template <class Value, class Shape>
struct MsdSegmentStorage {
  static constexpr int warps = Shape::threads / 32;
  alignas(16) unsigned starts[256];  // each sub-bucket's start (the counts first; warp_scan_counts reads them by 16 B)
  unsigned ends[256];    // its running end as the pairs are placed
  std::uint32_t words[Shape::capacity];                     // by sub-bucket: position << 16 | low 16 bits
  Value values[Shape::values_shared ? Shape::capacity : 4];  // by position
  alignas(16) unsigned sets[warps][warp_bucket_set_words<true>];  // a warp's 256 counts of 16 bits
  std::uint32_t scratch[warps][segment_msd_warp_keys];
};
template <class Bits, class Value, class Shape>
inline constexpr std::size_t segment_sort_shared_bytes = [] {
  constexpr std::size_t sort = sizeof(typename SegmentBlockSort<Bits, Value, Shape>::TempStorage);
  if constexpr (Shape::msd)
    return std::max(sizeof(MsdSegmentStorage<Value, Shape>), sort);
  else
    return sort;
}();

// Sorts one bucket (size pairs from keys1 and values1, encoded) by its 24 low bits with the block sort (stable, four
// rounds of 6 bits) and stores it decoded to keys0 and values0. Blocked (the block sort's layout), past the bucket
// the largest low bits, which the stable sort leaves last; then striped to the output.
template <class Bits, class Value, class Shape>
__device__ __forceinline__ void segment_block_sort(const Bits* keys1, const Value* values1, Bits* keys0,
                                                   Value* values0, unsigned size, const KeyCodec<Bits>& codec,
                                                   unsigned char* smem) {
  Bits k[Shape::items];
  Value v[Shape::items];
  small_load_blocked<Shape::items, true>(k, v, keys1, values1, size, KeyCodec<Bits>{});
  using Sort = SegmentBlockSort<Bits, Value, Shape>;
  Sort(*reinterpret_cast<typename Sort::TempStorage*>(smem)).SortBlockedToStriped(k, v, 0, 24);
  small_store_striped<Shape::threads, Shape::items>(k, v, keys0, values0, size, codec);
}

// Block b sorts bucket b: counts[b] pairs from starts[b] (at most Shape::capacity: the caller checked), by their 24
// low bits.
template <class Bits, class Value, class Shape>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    segment_sort_kernel(const Bits* keys1, const Value* values1, Bits* keys0, Value* values0, const unsigned* counts,
                        const std::uint64_t* starts, KeyCodec<Bits> codec) {
  const unsigned size = counts[blockIdx.x];
  if (size == 0) return;
  const std::uint64_t start = starts[blockIdx.x];
  extern __shared__ __align__(16) unsigned char s_segment[];
  segment_block_sort<Bits, Value, Shape>(keys1 + start, values1 + start, keys0 + start, values0 + start, size, codec,
                                         s_segment);
}

// As segment_sort_kernel, by one more MSD digit in shared memory: the block loads the bucket (striped, the values by
// position into shared memory), counts bits 16 .. 23, places each pair as the word (position << 16 | low 16 bits) in
// its sub-bucket (in no order within it: the position orders equal keys), and each warp sorts sub-buckets by runs of
// bits 8 .. 15 (place_carried_words, rank_carried_words), storing each pair decoded at its rank, its value read by
// position. A bucket with a sub-bucket past a warp's scratch (many equal keys) is sorted by the block sort instead.
template <class Bits, class Value, class Shape>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    segment_msd_kernel(const Bits* keys1, const Value* values1, Bits* keys0, Value* values0, const unsigned* counts,
                       const std::uint64_t* starts, KeyCodec<Bits> codec) {
  constexpr int Items = Shape::items, Threads = Shape::threads, warps = Threads / 32;
  using Storage = MsdSegmentStorage<Value, Shape>;
  const unsigned size = counts[blockIdx.x];
  if (size == 0) return;
  const std::uint64_t start = starts[blockIdx.x];
  extern __shared__ __align__(16) unsigned char s_segment[];
  Storage& s = *reinterpret_cast<Storage*>(s_segment);
  const unsigned t = threadIdx.x, lane = lane_id(), warp = t / 32;
  for (unsigned i = t; i < 256; i += Threads) s.starts[i] = 0;
  __syncthreads();
  std::uint32_t k[Items];  // held from counting to placing
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const unsigned at = i * Threads + t;
    if (at < size) {
      k[i] = static_cast<std::uint32_t>(keys1[start + at]);
      if constexpr (Shape::values_shared) s.values[at] = values1[start + at];
      atomicAdd(&s.starts[k[i] >> 16 & 0xffu], 1u);
    }
  }
  // A sub-bucket past a warp's scratch (many equal keys): the block sort, in the same shared memory. (Every count is
  // complete before any is read.)
  __syncthreads();
  if (__syncthreads_or(t < 256 && s.starts[t] > segment_msd_warp_keys)) {
    segment_block_sort<Bits, Value, Shape>(keys1 + start, values1 + start, keys0 + start, values0 + start, size,
                                           codec, s_segment);
    return;
  }
  if (warp == 0) {  // the counts to each sub-bucket's start (lane l: sub-buckets 8l .. 8l + 7), and its running end
    warp_scan_counts<false, false>(s.starts, lane);
#pragma unroll
    for (int j = 0; j < 8; ++j) s.ends[8 * lane + j] = s.starts[8 * lane + j];
  }
  __syncthreads();
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const unsigned at = i * Threads + t;
    if (at < size) s.words[atomicAdd(&s.ends[k[i] >> 16 & 0xffu], 1u)] = at << 16 | (k[i] & 0xffffu);
  }
  __syncthreads();
  // Every key of the bucket shares its top 8 bits.
  const std::uint32_t top = static_cast<std::uint32_t>(keys1[start]) & 0xff000000u;
  unsigned* h = s.sets[warp];
  std::uint32_t* scratch = s.scratch[warp];
  auto value_at = [&](unsigned position) -> Value {
    if constexpr (Shape::values_shared) return s.values[position];
    return values1[start + position];
  };
  with_decoder(codec, [&](auto decoded) {
    for (unsigned d = warp; d < 256; d += warps) {
      const unsigned base = s.starts[d], m = s.ends[d] - base;
      if (m == 0) continue;
      const std::uint32_t* src = s.words + base;
      Bits* out_keys = keys0 + start + base;
      Value* out_values = values0 + start + base;
      const std::uint32_t high = top | d << 16;
#pragma unroll
      for (int j = 0; j < warp_bucket_set_words<true> / 32; ++j) h[j * 32 + lane] = 0;
      __syncwarp();
      for (unsigned i = lane; i < m; i += 32) add_count<true>(h, src[i] >> 8 & 0xffu, 1u);
      __syncwarp();
      warp_scan_counts<true, false>(h, lane);
      __syncwarp();
      place_carried_words<32, 8, true>(src, scratch, lane, m, h);
      __syncwarp();
      rank_carried_words<32, 8, true, 2>(scratch, lane, m, h, [&](unsigned rank, std::uint32_t word) {
        out_keys[rank] = decoded(static_cast<Bits>(high | word >> 16));  // word: low 16 bits << 16 | position
        out_values[rank] = value_at(word & 0xffffu);
      });
      __syncwarp();
    }
  });
}

// The segment histogram's verdicts, in the host-mapped word its last block writes (HybridReadBack::segment_word).
inline constexpr unsigned segment_fits = 1;     // every top-8-bit bucket fits the block: the first pass, then the
                                                // segment sort
inline constexpr unsigned segment_fits_small = 5;  // ... and the smaller block where one was asked about (msd's
                                                   // PathSegmentSmallShape)
inline constexpr unsigned segment_buckets = 3;  // one does not, and the skew sample found the keys not skewed: the
                                                // first pass, then the 16-bit histogram and the rest of the path
inline constexpr unsigned segment_skewed = 4;   // one does not, and the sample found them skewed: the first pass finds
                                                // no tile, and the LSD passes sort them
// (HybridReadBack::mark_unset, 2, is none of them.)

// top_counts[t] (zeroed) += the keys whose encoded top 8 bits are t, in blocks of top16_threads: one read of the keys,
// beside the skew sample, whose programmatic dependent it is (as top16_beside_sample_kernel, and held to its
// registers so that a block of each fits a multiprocessor). Its last block to finish judges them (every thread): if
// every bucket holds at most `capacity` keys, it writes what the first pass reads (`last`, FirstPassInputs) and marks
// segment_fits (segment_fits_small where each holds at most `small_capacity`, 0 where no smaller block is asked
// about) without waiting for the sample; else it waits for the sample's verdict (*skewed) and marks
// segment_buckets (writing the first pass's inputs) or segment_skewed (the pass left without a tile). The host reads
// the mark while the first pass runs.
template <class Bits, class Last>
__global__ void __maxnreg__(top16_registers<Bits>)
    segment_histogram_kernel(const Bits* keys, std::uint64_t n, KeyCodec<Bits> codec, unsigned* top_counts,
                             const unsigned* skewed, unsigned capacity, unsigned small_capacity,
                             volatile unsigned* mark, const Last last) {
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
  unsigned verdict = __syncthreads_or(count > small_capacity) ? segment_fits : segment_fits_small;
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
                              const unsigned* skewed, unsigned capacity, unsigned small_capacity, unsigned* mark,
                              const Last& last, cudaStream_t stream) {
  const auto blocks = static_cast<unsigned>(std::clamp<std::uint64_t>(
      ceil_div<std::uint64_t>(n, std::uint64_t{top16_threads} * 16), 1, current_device_props().sm_count));
  launch_dependent(true, segment_histogram_kernel<Bits, Last>, dim3(blocks), dim3(top16_threads), 0, stream, keys, n,
                   codec, top_counts, skewed, capacity, small_capacity, mark, last);
}

template <class Bits, class Value, class Shape>
constexpr auto segment_sort_kernel_for() {
  if constexpr (Shape::msd)
    return segment_msd_kernel<Bits, Value, Shape>;
  else
    return segment_sort_kernel<Bits, Value, Shape>;
}

// `buckets` blocks, one a bucket (the path: its 256 top-8-bit buckets).
template <class Bits, class Value, class Shape>
void launch_segment_sort(const Bits* keys1, const Value* values1, Bits* keys0, Value* values0, const unsigned* counts,
                         const std::uint64_t* starts, const KeyCodec<Bits>& codec, cudaStream_t stream,
                         unsigned buckets = 256) {
  static_assert(sizeof(Bits) == 4, "a top-8-bit bucket's 24 low bits");
  auto kernel = segment_sort_kernel_for<Bits, Value, Shape>();
  constexpr std::size_t shared = segment_sort_shared_bytes<Bits, Value, Shape>;
  set_dynamic_shared_bytes(kernel, shared, "radix: segment sort");
  kernel<<<buckets, Shape::threads, shared, stream>>>(keys1, values1, keys0, values0, counts, starts, codec);
  GSB_CHECK_LAUNCH();
}

}  // namespace gsb::radix::onesweep
