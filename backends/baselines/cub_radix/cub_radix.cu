#include "baselines/cub_radix/cub_radix.cuh"

#include "baselines/native_key.hpp"

namespace gsb::baselines::cub_radix {
namespace {

class CubRadix final : public Backend {
 public:
  CubRadix() {
    info_.name = "cub-radix";
    info_.description = "cub::DeviceRadixSort (Onesweep LSD radix), DoubleBuffer interface: the bar to beat";
    info_.family = "baseline";
    info_.key_types.assign(std::begin(all_key_types), std::end(all_key_types));
    info_.value_modes.assign(std::begin(all_value_modes), std::end(all_value_modes));
    info_.stable = true;
    info_.signed_zeros_equal = true;  // documented in device_radix_sort.cuh
  }
  const BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const SortProblem& p) const override {
    std::size_t bytes = 0;
    SortBuffers none;
    dispatch_native_key(p.key_type, [&](auto t) { sort<typename decltype(t)::type>(p, none, &bytes); });
    return bytes;
  }
  int run(const SortProblem& p, const SortBuffers& b) const override {
    return dispatch_native_key(p.key_type, [&](auto t) { return sort<typename decltype(t)::type>(p, b, nullptr); });
  }

 private:
  BackendInfo info_;
};

}  // namespace
GSB_REGISTER_BACKEND(CubRadix);
}  // namespace gsb::baselines::cub_radix
