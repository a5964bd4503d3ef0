// Instantiations of the tiled ladder rungs (radix-shared, radix-multibit, radix-coarse) for 8-bit keys.
#include "radix/common/ladder.cuh"

namespace gsb::radix {
template int tiled_sort<std::uint8_t, NoValue>(const SortProblem&, const SortBuffers&, int, int);
template int tiled_sort<std::uint8_t, std::uint32_t>(const SortProblem&, const SortBuffers&, int, int);
template int tiled_sort<std::uint8_t, std::uint64_t>(const SortProblem&, const SortBuffers&, int, int);
}  // namespace gsb::radix
