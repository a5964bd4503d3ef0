// merge-samples candidate "occ" (see merge_samples_variants.cuh).
#include "merge/merge_samples_variants.cuh"

namespace {
using namespace gsb::merge::samples;
class Cand_occ final : public gsb::Backend {
 public:
  const gsb::BackendInfo& info() const override { return impl_.info(); }
  std::size_t temp_bytes(const gsb::SortProblem& p) const override { return impl_.temp_bytes(p); }
  int run(const gsb::SortProblem& p, const gsb::SortBuffers& b) const override { return impl_.run(p, b); }

 private:
  SamplesCandidate<Policy<1024, 32, 256, 16, MergeKind::tiles, 8192, true, 8>,
                   Policy<512, 16, 256, 16, MergeKind::tiles, 8192, true, 5>>
      impl_{"merge-samples-occ", "merge-samples candidate: merge-samples with the tile merge kernel held to 8 blocks an SM (32 registers; 5 with values)"};
};
}  // namespace

using gsb_merge_samples_cand_occ = Cand_occ;
GSB_REGISTER_BACKEND(gsb_merge_samples_cand_occ);
