// merge-samples candidate "split" (see merge_samples_variants.cuh).
#include "merge/merge_samples_variants.cuh"

namespace {
using namespace gsb::merge::samples;
class Cand_split final : public gsb::Backend {
 public:
  const gsb::BackendInfo& info() const override { return impl_.info(); }
  std::size_t temp_bytes(const gsb::SortProblem& p) const override { return impl_.temp_bytes(p); }
  int run(const gsb::SortProblem& p, const gsb::SortBuffers& b) const override { return impl_.run(p, b); }

 private:
  SamplesCandidate<Policy<1024, 32, 256, 16, MergeKind::tiles_split, 8192, true>,
                   Policy<512, 16, 256, 16, MergeKind::tiles_split, 8192, true>>
      impl_{"merge-samples-split", "merge-samples candidate: equal output tiles of 256x16, tile starts from a partition kernel (3 launches a pass)"};
};
}  // namespace

using gsb_merge_samples_cand_split = Cand_split;
GSB_REGISTER_BACKEND(gsb_merge_samples_cand_split);
