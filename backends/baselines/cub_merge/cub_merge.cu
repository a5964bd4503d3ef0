#include "baselines/cub_merge/cub_merge.cuh"

#include "baselines/native_key.hpp"

namespace gsb::baselines::cub_merge {
namespace {

class CubMerge final : public Backend {
 public:
  CubMerge() {
    info_.name = "cub-merge";
    info_.description = "cub::DeviceMergeSort::StableSort{Keys,Pairs} with cuda::std::less/greater on the key type: "
                        "the bar for the merge back-ends";
    info_.family = "baseline";
    info_.key_types.assign(std::begin(all_key_types), std::end(all_key_types));
    info_.value_modes.assign(std::begin(all_value_modes), std::end(all_value_modes));
    info_.stable = true;
    info_.signed_zeros_equal = true;  // less<float>: -0.0 == +0.0 (they keep their input order)
  }
  const BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const SortProblem& p) const override {
    std::size_t bytes = 0;
    SortBuffers none;
    dispatch_native_key(p.key_type, [&](auto t) { sort<typename decltype(t)::type>(p, none, &bytes); });
    return bytes;
  }
  int run(const SortProblem& p, const SortBuffers& b) const override {
    dispatch_native_key(p.key_type, [&](auto t) { sort<typename decltype(t)::type>(p, b, nullptr); });
    return 0;
  }

 private:
  BackendInfo info_;
};

}  // namespace
GSB_REGISTER_BACKEND(CubMerge);
}  // namespace gsb::baselines::cub_merge
