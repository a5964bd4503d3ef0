// `cub-merge`: cub::DeviceMergeSort::StableSortKeys / StableSortPairs on the key type itself with
// cuda::std::less / cuda::std::greater, as CUB's documentation shows a user calling it (CUB has no descending
// merge-sort API): the bar for the merge back-ends. `less` on floats makes -0.0 and +0.0 equal (they keep their
// input order), which the back-end declares. One translation unit per key type spreads the compile time.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gsb/backend.hpp"

namespace gsb::baselines::cub_merge {

// With temp_bytes != nullptr only computes the temporary size.
template <class Key>
void sort(const SortProblem& p, const SortBuffers& b, std::size_t* temp_bytes);

#define GSB_CUB_MERGE_DECLARE(T) extern template void sort<T>(const SortProblem&, const SortBuffers&, std::size_t*);
GSB_CUB_MERGE_DECLARE(std::uint8_t)
GSB_CUB_MERGE_DECLARE(std::uint16_t)
GSB_CUB_MERGE_DECLARE(std::uint32_t)
GSB_CUB_MERGE_DECLARE(std::uint64_t)
GSB_CUB_MERGE_DECLARE(std::int32_t)
GSB_CUB_MERGE_DECLARE(std::int64_t)
GSB_CUB_MERGE_DECLARE(float)
GSB_CUB_MERGE_DECLARE(double)
#undef GSB_CUB_MERGE_DECLARE

}  // namespace gsb::baselines::cub_merge
