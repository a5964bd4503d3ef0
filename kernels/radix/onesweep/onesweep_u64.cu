// The `radix` back-end's instantiations for 64-bit keys (one per value type; split by key width to keep
// each translation unit small).
#include "radix/onesweep/onesweep.cuh"

namespace gsb::radix::onesweep {
GSB_RADIX_ONESWEEP_INSTANTIATE(std::uint64_t, NoValue)
GSB_RADIX_ONESWEEP_INSTANTIATE(std::uint64_t, std::uint32_t)
GSB_RADIX_ONESWEEP_INSTANTIATE(std::uint64_t, std::uint64_t)
}  // namespace gsb::radix::onesweep
