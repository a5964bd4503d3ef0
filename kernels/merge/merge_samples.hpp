// merge-samples entry points, instantiated once per key width and value type in merge_samples_k*.cu (the
// heavy templates live in merge_samples.cuh; this header is all the back-end's registration file sees).
#pragma once

#include <cstddef>
#include <cstdint>

#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"

namespace gsb::merge::samples {

template <class Bits, class Value>
int sort_default(const SortProblem& p, const SortBuffers& b);
template <class Bits, class Value>
std::size_t temp_bytes_default(std::uint64_t n);

}  // namespace gsb::merge::samples

// One key width, all three value types.
#define GSB_MERGE_SAMPLES_INSTANTIATE(BITS)                                                                   \
  template int gsb::merge::samples::sort_default<BITS, gsb::NoValue>(const gsb::SortProblem&,                 \
                                                                     const gsb::SortBuffers&);                \
  template int gsb::merge::samples::sort_default<BITS, std::uint32_t>(const gsb::SortProblem&,                \
                                                                      const gsb::SortBuffers&);               \
  template int gsb::merge::samples::sort_default<BITS, std::uint64_t>(const gsb::SortProblem&,                \
                                                                      const gsb::SortBuffers&);               \
  template std::size_t gsb::merge::samples::temp_bytes_default<BITS, gsb::NoValue>(std::uint64_t);            \
  template std::size_t gsb::merge::samples::temp_bytes_default<BITS, std::uint32_t>(std::uint64_t);           \
  template std::size_t gsb::merge::samples::temp_bytes_default<BITS, std::uint64_t>(std::uint64_t)
