// `cub-radix`: cub::DeviceRadixSort (Onesweep) on the key type itself, through the DoubleBuffer interface
// (no copy back), as the bar every radix back-end is measured against. Each key type is instantiated in its
// own translation unit (cub_radix_<type>.cu) to spread the compile time.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gsb/backend.hpp"

namespace gsb::baselines::cub_radix {

// With temp == nullptr only computes *temp_bytes; otherwise sorts and returns the half holding the result.
template <class Key>
int sort(const SortProblem& p, const SortBuffers& b, std::size_t* temp_bytes);

#define GSB_CUB_RADIX_DECLARE(T) \
  extern template int sort<T>(const SortProblem&, const SortBuffers&, std::size_t*);
GSB_CUB_RADIX_DECLARE(std::uint8_t)
GSB_CUB_RADIX_DECLARE(std::uint16_t)
GSB_CUB_RADIX_DECLARE(std::uint32_t)
GSB_CUB_RADIX_DECLARE(std::uint64_t)
GSB_CUB_RADIX_DECLARE(std::int32_t)
GSB_CUB_RADIX_DECLARE(std::int64_t)
GSB_CUB_RADIX_DECLARE(float)
GSB_CUB_RADIX_DECLARE(double)
#undef GSB_CUB_RADIX_DECLARE

}  // namespace gsb::baselines::cub_radix
