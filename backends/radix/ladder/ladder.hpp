// The teaching rungs of the LSD radix ladder (PMPP ch. 13.3-13.6). Declarations only: the kernels live in
// ladder.cuh and are instantiated once per key width and value type in the tiled_*.cu / naive files.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gsb/device_props.hpp"

#include "gsb/backend.hpp"
#include "gsb/types.hpp"
#include "radix/ladder/device_scan.hpp"
#include "radix/pass_plan.hpp"

namespace gsb::radix {

// §13.3: one bit per pass, one key per thread, a global exclusive scan of the bits, direct scatter.
inline std::size_t naive_temp_bytes(const SortProblem& p) {
  TempLayout layout;
  layout.take<std::uint64_t>(p.n);  // the bits, scanned in place into "ones before"
  layout.take<unsigned char>(exclusive_scan_temp_bytes(p.n));
  return layout.bytes();
}
template <class Bits, class Value>
int naive_sort(const SortProblem& p, const SortBuffers& b);

// §13.4-13.6: per block, a local sort in shared memory by radix_bits 1-bit splits, per-block bucket counts,
// a global scan of the bucket table, coalesced writes. items_per_thread is 1 (§13.4, §13.5) or
// tiled_coarse_items (§13.6).
inline constexpr int tiled_threads = 256;
inline constexpr int tiled_coarse_items = 8;
inline constexpr int tiled_max_radix_bits = 8;

// The bucket table (2^radix_bits entries per block) and the scan's own temp.
inline std::size_t tiled_temp_bytes(const SortProblem& p, int radix_bits, int items_per_thread) {
  const std::uint64_t tile = static_cast<std::uint64_t>(tiled_threads) * items_per_thread;
  const std::uint64_t entries = (std::uint64_t{1} << radix_bits) * ceil_div<std::uint64_t>(p.n, tile);
  TempLayout layout;
  layout.take<std::uint64_t>(entries);
  layout.take<unsigned char>(exclusive_scan_temp_bytes(entries));
  return layout.bytes();
}
template <class Bits, class Value>
int tiled_sort(const SortProblem& p, const SortBuffers& b, int radix_bits, int items_per_thread);

}  // namespace gsb::radix
