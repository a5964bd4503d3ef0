// merge-samples: registration. The algorithm and what differs from the CUDA samples: merge_samples.cuh.
#include <cstdint>

#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"
#include "merge/merge_samples.hpp"

namespace gsb::merge {
namespace {

class MergeSamples final : public Backend {
 public:
  MergeSamples() {
    info_.name = "merge-samples";
    info_.description = "CUDA samples' merge sort (000_*): shared-memory tiles, sample ranks bounding equal output tiles";
    info_.family = "merge";
    info_.key_types = {std::begin(all_key_types), std::end(all_key_types)};
    info_.value_modes = {std::begin(all_value_modes), std::end(all_value_modes)};
    info_.stable = true;
  }
  const BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const SortProblem& p) const override {
    return dispatch_problem(p, [&](auto kb, auto vb) {
      return samples::temp_bytes_default<typename decltype(kb)::type, typename decltype(vb)::type>(p.n);
    });
  }
  int run(const SortProblem& p, const SortBuffers& b) const override {
    return dispatch_problem(p, [&](auto kb, auto vb) {
      return samples::sort_default<typename decltype(kb)::type, typename decltype(vb)::type>(p, b);
    });
  }

 private:
  BackendInfo info_;
};

}  // namespace
}  // namespace gsb::merge

using gsb_merge_samples = gsb::merge::MergeSamples;
GSB_REGISTER_BACKEND(gsb_merge_samples);
