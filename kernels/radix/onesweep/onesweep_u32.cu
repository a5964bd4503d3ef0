// The `radix` back-end's instantiations for 32-bit keys (one per value type; split by key width to keep
// each translation unit small). Every 32-bit-key sort may take the hybrid path (hybrid.cuh).
#include "radix/onesweep/hybrid.cuh"

namespace gsb::radix::onesweep {
template <>
std::size_t temp_bytes<std::uint32_t, NoValue>(const SortProblem& p) {
  return HybridSort<NoValue>::temp_bytes(p);
}
template <>
int sort<std::uint32_t, NoValue>(const SortProblem& p, const SortBuffers& b, bool lsd_only) {
  return HybridSort<NoValue>::sort(p, b, lsd_only);
}
template <>
std::size_t temp_bytes<std::uint32_t, std::uint32_t>(const SortProblem& p) {
  return HybridSort<std::uint32_t>::temp_bytes(p);
}
template <>
int sort<std::uint32_t, std::uint32_t>(const SortProblem& p, const SortBuffers& b, bool lsd_only) {
  return HybridSort<std::uint32_t>::sort(p, b, lsd_only);
}
template <>
std::size_t temp_bytes<std::uint32_t, std::uint64_t>(const SortProblem& p) {
  return HybridSort<std::uint64_t>::temp_bytes(p);
}
template <>
int sort<std::uint32_t, std::uint64_t>(const SortProblem& p, const SortBuffers& b, bool lsd_only) {
  return HybridSort<std::uint64_t>::sort(p, b, lsd_only);
}
}  // namespace gsb::radix::onesweep
