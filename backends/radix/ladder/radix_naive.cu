// radix-naive (PMPP §13.3): one bit per pass, one key per thread; each thread finds its key's destination from
// a global exclusive scan of the bits and writes it there directly (uncoalesced).
#include "gsb/dispatch.hpp"
#include "gsb/sort_backend.hpp"
#include "radix/ladder/ladder.cuh"

namespace gsb::radix {
namespace {

struct RadixNaive : TypedSort<RadixNaive> {
  static BackendInfo describe() {
    BackendInfo i{"radix-naive", "LSD radix, 1 bit/pass, global scan of the bits, direct scatter (PMPP 13.3)", "radix"};
    i.stable = true;
    i.max_n = max_grid_blocks * naive_threads;
    i.max_n_reason = "one key per thread in a grid of at most 2^31-1 blocks";
    return i;
  }
  static std::size_t temp_bytes(const SortProblem& p) { return naive_temp_bytes(p); }
  template <class Bits, class Value>
  static int sort(const SortProblem& p, const SortBuffers& b) { return naive_sort<Bits, Value>(p, b); }
  template <class Bits, class Value>
  static std::vector<std::uint64_t> sort_tile_items() {  // one key per thread: a block's keys
    return {static_cast<std::uint64_t>(naive_threads)};
  }
};

}  // namespace
GSB_REGISTER_SORT(RadixNaive);
}  // namespace gsb::radix
