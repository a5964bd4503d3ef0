#include "baselines/cub_radix/cub_radix.cuh"

#include "baselines/native_key.hpp"
#include "gsb/sort_backend.hpp"

namespace gsb::baselines::cub_radix {
namespace {

struct CubRadix : TwoPhaseSort<CubRadix> {
  static BackendInfo describe() {
    BackendInfo i{"cub-radix", "cub::DeviceRadixSort (Onesweep LSD radix), DoubleBuffer interface: the bar to beat",
                  "baseline"};
    i.stable = true;
    i.signed_zeros_equal = true;  // documented in device_radix_sort.cuh
    return i;
  }
  template <class Key>
  static int sort(const SortProblem& p, const SortBuffers& b, std::size_t* temp_bytes) {
    return cub_radix::sort<Key>(p, b, temp_bytes);
  }
};

}  // namespace
GSB_REGISTER_SORT(CubRadix);
}  // namespace gsb::baselines::cub_radix
