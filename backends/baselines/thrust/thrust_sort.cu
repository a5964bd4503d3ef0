#include "baselines/thrust/thrust_sort.cuh"

#include "baselines/native_key.hpp"

namespace gsb::baselines::thrust_sort {
namespace {

class ThrustSort final : public Backend {
 public:
  ThrustSort() {
    info_.name = "thrust";
    info_.description = "thrust::sort / sort_by_key with less/greater (dispatches to CUB radix sort)";
    info_.family = "baseline";
    info_.key_types.assign(std::begin(all_key_types), std::end(all_key_types));
    info_.value_modes.assign(std::begin(all_value_modes), std::end(all_value_modes));
    info_.stable = true;              // thrust::sort_by_key on arithmetic keys is CUB's stable radix sort
    info_.signed_zeros_equal = true;  // inherited from CUB's radix sort
  }
  const BackendInfo& info() const override { return info_; }
  // Thrust does not expose its temporary size: the alternate key/value buffers of its radix sort plus a
  // generous margin for CUB's own scratch. The bump allocator throws if this ever falls short.
  std::size_t temp_bytes(const SortProblem& p) const override {
    return p.n * (p.key_size() + p.value_size()) + p.n / 8 + (std::size_t{64} << 20);
  }
  int run(const SortProblem& p, const SortBuffers& b) const override {
    dispatch_native_key(p.key_type, [&](auto t) { sort<typename decltype(t)::type>(p, b); });
    return 0;
  }

 private:
  BackendInfo info_;
};

}  // namespace
GSB_REGISTER_BACKEND(ThrustSort);
}  // namespace gsb::baselines::thrust_sort
