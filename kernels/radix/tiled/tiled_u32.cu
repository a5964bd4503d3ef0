// Instantiations of the tiled ladder rungs (radix-shared, radix-multibit, radix-coarse) for 32-bit keys.
#include "radix/common/ladder.cuh"

namespace gsb::radix {
template int tiled_sort<std::uint32_t, NoValue>(const SortProblem&, const SortBuffers&, int, int);
template int tiled_sort<std::uint32_t, std::uint32_t>(const SortProblem&, const SortBuffers&, int, int);
template int tiled_sort<std::uint32_t, std::uint64_t>(const SortProblem&, const SortBuffers&, int, int);
}  // namespace gsb::radix
