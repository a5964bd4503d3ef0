// `cub-merge`: cub::DeviceMergeSort::StableSortPairs / StableSortKeys, the bar for the merge back-ends.
// Keys are compared as KeyCodec-encoded words (the total order, any type and order through one comparator),
// so one instantiation per key width and value type serves every key type.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"

namespace gsb::baselines::cub_merge {

// With temp_bytes != nullptr only computes the temporary size.
template <class Bits>
void sort(const SortProblem& p, const SortBuffers& b, std::size_t* temp_bytes);

#define GSB_CUB_MERGE_DECLARE(T) extern template void sort<T>(const SortProblem&, const SortBuffers&, std::size_t*);
GSB_CUB_MERGE_DECLARE(std::uint8_t)
GSB_CUB_MERGE_DECLARE(std::uint16_t)
GSB_CUB_MERGE_DECLARE(std::uint32_t)
GSB_CUB_MERGE_DECLARE(std::uint64_t)
#undef GSB_CUB_MERGE_DECLARE

}  // namespace gsb::baselines::cub_merge
