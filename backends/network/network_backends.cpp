// The two network back-ends, one sort (network_sort.hpp) told apart by its network. Neither is stable (the
// compare-exchanges reorder equal keys) and neither needs temporary storage: every pass works in place in keys[0]
// but odd-even merge's halo passes, which ping-pong the two halves.
//
// bitonic: Batcher's bitonic sort (seed 001_*: bitonicSortShared, Batcher's theorem), for any n.
// Tiles sorted in registers + shared memory, then per stage one or two row passes over global memory (up to 9
// strides each) and one tile-local merge pass. Arbitrary n by a virtual +inf tail (network_plan.hpp).
//
// odd-even-merge: Batcher's odd-even merge sort (seed 004_* §13.8), on the bitonic back-end's stage machinery:
// tiles in registers + shared memory, each stage's top strides (up to 9) in one row pass, the middle
// strides one pass each, the low strides in one haloed shared-memory pass. Any n (network_plan.hpp).
#include "gsb/dispatch.hpp"
#include "gsb/sort_backend.hpp"
#include "network/network_sort.hpp"

namespace gsb::network {
namespace {

template <Network Net>
struct NetworkBackend : TypedSort<NetworkBackend<Net>> {
  static BackendInfo describe() {
    if constexpr (Net == Network::bitonic)
      return {"bitonic", "Bitonic sorting network (flip form): register/shared tiles, fused global stages, any n",
              "network"};
    else
      return {"odd-even-merge", "Batcher's odd-even merge sort network: register classes, haloed tile merges, any n",
              "network"};
  }
  static std::size_t temp_bytes(const SortProblem&) { return 0; }
  template <class Bits, class Value>
  static int sort(const SortProblem& p, const SortBuffers& b) {
    return network_sort<Net, Bits, Value>(p, b);
  }
  template <class Bits, class Value>
  static std::vector<std::uint64_t> sort_tile_items() {
    return {network_tile_items<Net, Bits, Value>()};
  }
};

}  // namespace
GSB_REGISTER_SORT(NetworkBackend<Network::bitonic>);
GSB_REGISTER_SORT(NetworkBackend<Network::odd_even_merge>);
}  // namespace gsb::network
