// merge-samples candidate "tiles8k" (see merge_samples_variants.cuh).
#include "merge/merge_samples_variants.cuh"

namespace {
using namespace gsb::merge::samples;
class Cand_tiles8k final : public gsb::Backend {
 public:
  const gsb::BackendInfo& info() const override { return impl_.info(); }
  std::size_t temp_bytes(const gsb::SortProblem& p) const override { return impl_.temp_bytes(p); }
  int run(const gsb::SortProblem& p, const gsb::SortBuffers& b) const override { return impl_.run(p, b); }

 private:
  SamplesCandidate<Policy<1024, 32, 512, 16, MergeKind::tiles, 8192, true>,
                   Policy<512, 16, 512, 16, MergeKind::tiles, 8192, true>>
      impl_{"merge-samples-tiles8k", "merge-samples candidate: equal output tiles of 512x16, tile starts searched by the merge block"};
};
}  // namespace

using gsb_merge_samples_cand_tiles8k = Cand_tiles8k;
GSB_REGISTER_BACKEND(gsb_merge_samples_cand_tiles8k);
