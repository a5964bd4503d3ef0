// The back-end shared by the tiled ladder rungs: one sort (ladder.cuh), three rungs told apart by their
// radix width and keys per thread (PMPP §13.4: 1 bit, 1 key; §13.5: r bits; §13.6: r bits, several keys).
#pragma once

#include <cstdint>

#include "gsb/dispatch.hpp"
#include "gsb/sort_backend.hpp"
#include "radix/ladder/ladder.hpp"

namespace gsb::radix {

// Rung provides name(), description(), radix_bits and items_per_thread.
template <class Rung>
struct TiledLadder : TypedSort<TiledLadder<Rung>> {
  static BackendInfo describe() {
    BackendInfo i{Rung::name(), Rung::description(), "radix"};
    i.stable = true;  // every 1-bit split keeps the order of equal bits
    // One block per tile and a 1-D grid; 64-bit offsets everywhere else. Temp is 8 B per bucket per block.
    i.max_n = max_grid_blocks * static_cast<std::uint64_t>(tiled_threads) * Rung::items_per_thread;
    i.max_n_reason = "one block per tile in a grid of at most 2^31-1 blocks";
    return i;
  }
  static std::size_t temp_bytes(const SortProblem& p) {
    return tiled_temp_bytes(p, Rung::radix_bits, Rung::items_per_thread);
  }
  template <class Bits, class Value>
  static int sort(const SortProblem& p, const SortBuffers& b) {
    return tiled_sort<Bits, Value>(p, b, Rung::radix_bits, Rung::items_per_thread);
  }
  template <class Bits, class Value>
  static std::vector<std::uint64_t> sort_tile_items() {
    return {static_cast<std::uint64_t>(tiled_threads) * Rung::items_per_thread};
  }
};

}  // namespace gsb::radix
