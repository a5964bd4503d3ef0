// merge-samples: registration. The algorithm and what differs from the CUDA samples: merge_samples.cuh.
#include "gsb/dispatch.hpp"
#include "gsb/sort_backend.hpp"
#include "merge/merge_samples.hpp"

namespace gsb::merge {
namespace {

struct MergeSamples : TypedSort<MergeSamples> {
  static BackendInfo describe() {
    BackendInfo i{"merge-samples",
                  "CUDA samples' merge sort (000_*): shared-memory tiles, sample ranks bounding equal output tiles",
                  "merge"};
    i.stable = true;
    return i;
  }
  template <class Bits, class Value>
  static std::size_t sort_temp_bytes(const SortProblem& p) {
    return samples::temp_bytes_default<Bits, Value>(p.n);
  }
  template <class Bits, class Value>
  static int sort(const SortProblem& p, const SortBuffers& b) {
    return samples::sort_default<Bits, Value>(p, b);
  }
  template <class Bits, class Value>
  static std::vector<std::uint64_t> sort_tile_items() {
    return samples::tile_items_default<Bits, Value>();
  }
};

}  // namespace
GSB_REGISTER_SORT(MergeSamples);
}  // namespace gsb::merge
