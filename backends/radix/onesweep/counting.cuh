// The `radix` back-end's path for 1- and 2-byte keys without values: a counting sort. A key of 8 or 16 bits is
// its own digit, and with no values equal keys cannot be told apart, so the sorted output is fixed by the
// histogram alone: one read of the keys counts them (256 or 65536 bins), an exclusive sum gives where each key
// value starts, and the output is written from the counts, never gathered. 2 + 2 B per u16 key moved instead of
// the LSD passes' 2 + 2 x 4 (u8: 1 + 1 instead of 1 + 2). The result equals any stable sort's bit for bit.
// (`radix-lsd` keeps the LSD passes, so a run shows the difference.)
//
//   1. the histogram: histogram_kernel (u8, 256 bins, 64-bit counts) or top16_histogram_kernel (u16, 65536 bins in
//      128 KiB of shared memory: sm80 and sm90 bands; elsewhere 2-byte keys take the LSD passes; 32-bit counts, so
//      from 2^31 keys on it counts portions, each into its own counts);
//   2. the starts: bins_kernel (u8) or top16_starts_kernel (u16, as the hybrid path);
//   3. fill_kernel: each block writes one tile of the output; its threads find each position's key value by
//      binary search over the starts (of the tile's bins, staged in shared memory when they fit).
#pragma once

#include <cstdint>
#include <string>

#include "gsb/device_props.hpp"
#include "gsb/error.hpp"
#include "gsb/temp_layout.hpp"
#include "radix/onesweep/histogram.cuh"

namespace gsb::radix::onesweep {

inline constexpr int fill_threads = 256;
inline constexpr int fill_window = 2048;  // bins of one tile staged in shared memory
// Consecutive output positions per thread, and __launch_bounds__'s blocks per SM (the register cap). Measured
// (tools/radix/radix_bench counting, H200, 2026-11-27, median of 10, whole counting sort at n = 1e7 / 1e8 / 2^28):
// u16 with 16 positions at 2 blocks/SM (47 registers) 73.5 / 299 / 738 us, against 79.3 / 349 / 891 with 32
// positions and no bound (94 registers), 74.8 / 308 / 773 with 32 at 2 blocks, 83.1 / 390 / 973 with 8; u8 with
// 32 positions at 2 blocks (63 registers) 43.3 / 185 / 466 us, against 46.5 / 223 / 581 unbounded (88
// registers) and 44.1 / 205 / 522 with 16.
template <class Bits>
inline constexpr int fill_items = sizeof(Bits) == 1 ? 32 : 16;
inline constexpr int fill_min_blocks = 2;

// The last bin in [lo, hi) whose start is <= p (starts non-decreasing, starts[lo] <= p): the bin holding position
// p (empty bins share the next one's start, so the last of equal starts is the one that holds keys).
template <class Starts>
__device__ __forceinline__ unsigned bin_of(const Starts* starts, unsigned lo, unsigned hi, std::uint64_t p) {
  while (hi - lo > 1) {
    const unsigned mid = (lo + hi) / 2;
    if (starts[mid] <= p) lo = mid;
    else hi = mid;
  }
  return lo;
}

// Block t writes positions [t * 256 * Items, ...) of out: each thread Items consecutive positions, each the
// decoded key value of its bin. The block first finds the bins of its first and last positions in two round trips
// to memory (every 256th start, then the 256 starts of each one's group; a binary search over all the starts
// would be 16 dependent loads before the block writes anything); where those bins span at most fill_window bins
// their starts are staged in shared memory and searched there, else in global memory.
template <class Bits, int Items = fill_items<Bits>, int MinBlocks = fill_min_blocks>
__global__ void __launch_bounds__(fill_threads, MinBlocks)
    fill_kernel(Bits* out, std::uint64_t n, const std::uint64_t* starts, unsigned bins, KeyCodec<Bits> codec) {
  static_assert(fill_threads == 256, "a thread per group of bins and per bin of a group");
  constexpr std::uint64_t tile = std::uint64_t{fill_threads} * Items;
  __shared__ std::uint64_t s_starts[fill_window + 1];
  __shared__ std::uint64_t s_top[256];       // starts[g * group] for the 256 groups g
  __shared__ std::uint64_t s_group[2][256];  // the starts of the first and the last position's groups
  const unsigned group = bins / 256;         // bins per group: 1 (u8) or 256 (u16)
  wait_for_prior_grids();                    // launched as a dependent of the kernel that wrote the starts
  const std::uint64_t tile_first = static_cast<std::uint64_t>(blockIdx.x) * tile;
  const std::uint64_t tile_last = min(tile_first + tile, n) - 1;
  s_top[threadIdx.x] = starts[threadIdx.x * group];
  __syncthreads();
  // The group holding position p is the last whose first start is <= p (bin_of's argument, over groups).
  unsigned lo = bin_of(s_top, 0, 256, tile_first);
  unsigned hi = bin_of(s_top, 0, 256, tile_last);
  if (group > 1) {
    s_group[0][threadIdx.x] = starts[lo * group + threadIdx.x];
    s_group[1][threadIdx.x] = starts[hi * group + threadIdx.x];
    __syncthreads();
    lo = lo * group + bin_of(s_group[0], 0, group, tile_first);
    hi = hi * group + bin_of(s_group[1], 0, group, tile_last);
  }
  ++hi;  // bins [lo, hi) hold the tile
  const bool staged = hi - lo <= fill_window;
  if (staged) {
    for (unsigned b = lo + threadIdx.x; b < hi; b += fill_threads) s_starts[b - lo] = starts[b];
    if (threadIdx.x == 0) s_starts[hi - lo] = hi < bins ? starts[hi] : n;
  }
  __syncthreads();
  const std::uint64_t first = tile_first + static_cast<std::uint64_t>(threadIdx.x) * Items;
  if (first >= n) return;
  // The bin of the thread's first position, then onwards: a position at or past the bin's end searches again.
  unsigned bin = staged ? lo + bin_of(s_starts, 0, hi - lo, first) : bin_of(starts, lo, hi, first);
  std::uint64_t end = staged ? s_starts[bin - lo + 1] : (bin + 1 < bins ? starts[bin + 1] : n);
  // The keys packed into 32-bit words as they are found (register arithmetic, no local array), stored as 16-byte
  // vectors where the run is whole and aligned.
  constexpr int per_word = 4 / static_cast<int>(sizeof(Bits));
  constexpr int words = Items / per_word;
  static_assert(words % 4 == 0, "whole 16-byte stores");
  unsigned w[words];
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const std::uint64_t p = first + i;
    if (p >= end && p < n) {
      bin = staged ? lo + bin_of(s_starts, bin - lo + 1, hi - lo, p) : bin_of(starts, bin + 1, hi, p);
      end = staged ? s_starts[bin - lo + 1] : (bin + 1 < bins ? starts[bin + 1] : n);
    }
    const unsigned key = static_cast<unsigned>(codec.decode(static_cast<Bits>(bin)));
    if (i % per_word == 0) w[i / per_word] = key;
    else w[i / per_word] |= key << (8 * sizeof(Bits) * (i % per_word));
  }
  if (first + Items <= n && reinterpret_cast<std::uintptr_t>(out + first) % 16 == 0) {
#pragma unroll
    for (int j = 0; j < words / 4; ++j)
      reinterpret_cast<uint4*>(out + first)[j] = make_uint4(w[4 * j], w[4 * j + 1], w[4 * j + 2], w[4 * j + 3]);
  } else {
#pragma unroll
    for (int i = 0; i < Items; ++i)
      if (first + i < n) out[first + i] = static_cast<Bits>(w[i / per_word] >> (8 * sizeof(Bits) * (i % per_word)));
  }
}

// Below these sizes the LSD passes (or the one-block path) are faster: the counting sort's fixed cost is about
// 15 us for 1-byte keys and 60 us for 2-byte keys (fill_kernel's searches over sparse bins, the 65536-bin
// histogram). Measured (H200, 2026-11-27, uniform, median of 10, radix / radix-lsd / cub-radix us): u8 n = 1e4 18.6
// / 16.2 / 18.0, 1e5 13.7 / 17.3 / 20.6; u16 1e6 69.6 / 42.5 / 44.7, 1e7 78.9 / 148.8 / 145.7 (in between not
// measured; the LSD passes grow about 12 us per 1e6 keys there).
template <class Bits>
constexpr std::uint64_t counting_min_items() {
  return sizeof(Bits) == 1 ? std::uint64_t{1} << 16 : std::uint64_t{1} << 22;
}

// Whether a block of band-or-device shared_bytes holds the 16-bit histogram (2-byte keys need it).
template <class Bits>
constexpr bool counting_fits(long long shared_bytes) {
  return sizeof(Bits) == 1 || top16_words * 4 <= shared_bytes;
}

// The counting sort of 1- or 2-byte keys without values, n > 1 keys in b.keys[0], sorted in place (1-byte keys'
// counts are 64 bits; 2-byte keys' 16-bit histogram counts portions of counting_portion_items). Returns the half
// holding the result (0).
template <class Bits, int FillItems = fill_items<Bits>, int FillMinBlocks = fill_min_blocks>
struct CountingSort {
  static_assert(sizeof(Bits) <= 2, "a counting sort of 1- or 2-byte keys (256 or 65536 bins: fill_kernel's groups)");
  static constexpr bool wide = sizeof(Bits) == 2;
  static constexpr unsigned bins = 1u << (8 * sizeof(Bits));

  struct Layout {
    std::uint64_t* counts;  // u8: [256] 64-bit counts; u16: [portions][32768] words of two 32-bit counts
    unsigned* top_counts;   // u16: [portions][256] the counts' top-8-bit sums
    std::uint64_t* starts;  // [bins]
    unsigned long long* skippable;  // bins_kernel's flag (u8; unread)
    std::size_t clear_bytes;
    std::size_t bytes;
  };
  static std::uint64_t portions(std::uint64_t n) {
    return counting_portions(n, sizeof(Bits));
  }
  static Layout layout(std::uint64_t n, void* temp) {
    TempLayout t(temp);
    Layout l;
    l.counts = t.take<std::uint64_t>((wide ? bins / 2 : bins) * portions(n));
    l.skippable = t.take<unsigned long long>(1);
    l.top_counts = t.take<unsigned>(256 * portions(n));
    l.clear_bytes = t.bytes();
    l.starts = t.take<std::uint64_t>(bins);
    l.bytes = t.bytes();
    return l;
  }
  static bool applies(std::uint64_t n) {
    const std::uint64_t o = counting_min_items_override();
    return n >= (o != 0 ? o : counting_min_items<Bits>()) &&
           counting_fits<Bits>(current_device_props().shared_bytes_per_block_optin);
  }
  static std::size_t temp_bytes(std::uint64_t n) { return layout(n, nullptr).bytes; }

  static int sort(const SortProblem& p, const SortBuffers& b) {
    const std::uint64_t n = p.n;
    const Layout l = layout(n, b.temp);
    GSB_EXPECTS(l.bytes <= b.temp_bytes, "radix: temp of " + std::to_string(b.temp_bytes) + " bytes, needs " +
                                             std::to_string(l.bytes));
    const KeyCodec<Bits> codec = make_codec<Bits>(p.key_type, p.order);
    auto* keys = static_cast<Bits*>(b.keys[0]);
    GSB_CUDA_TRY(cudaMemsetAsync(b.temp, 0, l.clear_bytes, b.stream));
    if constexpr (wide) {
      const std::uint64_t portion = counting_portion_items(), count = portions(n);
      const unsigned* counts = nullptr;
      for (std::uint64_t q = 0; q < count; ++q) {
        const unsigned* c = launch_top16_histogram<Bits>(
            keys + q * portion, std::min(portion, n - q * portion), codec,
            reinterpret_cast<unsigned long long*>(l.counts + q * (bins / 2)), nullptr, l.top_counts + q * 256, b.stream);
        if (q == 0) counts = c;
      }
      launch_dependent(true, top16_starts_kernel<>, dim3(256), dim3(256), 0, b.stream, counts, l.top_counts,
                       static_cast<unsigned>(count), l.starts);
    } else {
      launch_digit_histograms<Bits, 8>(keys, n, codec, l.counts, b.stream);
      launch_dependent(true, bins_kernel<Bits, 8>, dim3(1), dim3(256), 0, b.stream, l.counts, n, l.starts, l.skippable);
    }
    // Each kernel above a programmatic dependent of the one before it (dependent_launch.cuh), as the fill.
    constexpr std::uint64_t fill_tile = std::uint64_t{fill_threads} * FillItems;
    const unsigned fill_blocks = blocks_for(n, fill_tile, "radix: counting sort");
    launch_dependent(true, fill_kernel<Bits, FillItems, FillMinBlocks>, dim3(fill_blocks), dim3(fill_threads), 0,
                     b.stream, keys, n, l.starts, bins, codec);
    return 0;
  }
};

}  // namespace gsb::radix::onesweep
