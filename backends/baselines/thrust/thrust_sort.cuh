// `thrust`: thrust::sort / thrust::sort_by_key on the key type itself with thrust::less / thrust::greater,
// as a user would call them. Thrust's temporary allocations are served from the driver's temp buffer by a
// bump allocator, so nothing is allocated inside the timed region, and par_nosync keeps Thrust from
// synchronising the stream at the end. One translation unit per key type spreads the compile time.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gsb/backend.hpp"

namespace gsb::baselines::thrust_sort {

template <class Key>
void sort(const SortProblem& p, const SortBuffers& b);

#define GSB_THRUST_DECLARE(T) extern template void sort<T>(const SortProblem&, const SortBuffers&);
GSB_THRUST_DECLARE(std::uint8_t)
GSB_THRUST_DECLARE(std::uint16_t)
GSB_THRUST_DECLARE(std::uint32_t)
GSB_THRUST_DECLARE(std::uint64_t)
GSB_THRUST_DECLARE(std::int32_t)
GSB_THRUST_DECLARE(std::int64_t)
GSB_THRUST_DECLARE(float)
GSB_THRUST_DECLARE(double)
#undef GSB_THRUST_DECLARE

}  // namespace gsb::baselines::thrust_sort
