#include "baselines/cub_merge/cub_merge.cuh"

#include "baselines/native_key.hpp"
#include "gsb/sort_backend.hpp"

namespace gsb::baselines::cub_merge {
namespace {

struct CubMerge : TwoPhaseSort<CubMerge> {
  static BackendInfo describe() {
    BackendInfo i{"cub-merge",
                  "cub::DeviceMergeSort::StableSort{Keys,Pairs} with cuda::std::less/greater on the key type: "
                  "the bar for the merge back-ends",
                  "baseline"};
    i.stable = true;
    i.signed_zeros_equal = true;  // less<float>: -0.0 == +0.0 (they keep their input order)
    return i;
  }
  template <class Key>
  static int sort(const SortProblem& p, const SortBuffers& b, std::size_t* temp_bytes) {
    cub_merge::sort<Key>(p, b, temp_bytes);
    return 0;  // merge sort writes keys[0] in place
  }
};

}  // namespace
GSB_REGISTER_SORT(CubMerge);
}  // namespace gsb::baselines::cub_merge
