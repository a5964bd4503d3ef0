// The `radix` back-end's instantiations for 32-bit keys (one per value type; split by key width to keep
// each translation unit small). Every 32-bit-key sort may take the hybrid path (hybrid.cuh).
#include "radix/onesweep/hybrid.cuh"

namespace gsb::radix::onesweep {

#define GSB_RADIX_HYBRID_INSTANTIATE(VALUE)                                                       \
  template <>                                                                                     \
  std::size_t temp_bytes<std::uint32_t, VALUE>(const SortProblem& p) {                            \
    return arch::dispatch_band(policy_band(),                                                     \
                               [&](auto band) { return HybridSort<VALUE, decltype(band)::value>::temp_bytes(p); }); \
  }                                                                                               \
  template <>                                                                                     \
  int sort<std::uint32_t, VALUE>(const SortProblem& p, const SortBuffers& b, bool lsd_only) {     \
    return arch::dispatch_band(policy_band(), [&](auto band) {                                    \
      return HybridSort<VALUE, decltype(band)::value>::sort(p, b, lsd_only);                      \
    });                                                                                           \
  }

GSB_RADIX_HYBRID_INSTANTIATE(NoValue)
GSB_RADIX_HYBRID_INSTANTIATE(std::uint32_t)
GSB_RADIX_HYBRID_INSTANTIATE(std::uint64_t)
#undef GSB_RADIX_HYBRID_INSTANTIATE

}  // namespace gsb::radix::onesweep
