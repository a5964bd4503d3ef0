// merge-samples candidate "intervals" (see merge_samples_variants.cuh).
#include "merge/merge_samples_variants.cuh"

namespace {
using namespace gsb::merge::samples;
class Cand_intervals final : public gsb::Backend {
 public:
  const gsb::BackendInfo& info() const override { return impl_.info(); }
  std::size_t temp_bytes(const gsb::SortProblem& p) const override { return impl_.temp_bytes(p); }
  int run(const gsb::SortProblem& p, const gsb::SortBuffers& b) const override { return impl_.run(p, b); }

 private:
  SamplesCandidate<IntervalsPolicy<std::uint32_t, gsb::NoValue>::type, IntervalsPolicy<std::uint32_t, std::uint32_t>::type>
      impl_{"merge-samples-intervals",
            "merge-samples candidate: the samples' elementary intervals (the policy before equal output tiles)"};
};
}  // namespace

using gsb_merge_samples_cand_intervals = Cand_intervals;
GSB_REGISTER_BACKEND(gsb_merge_samples_cand_intervals);
