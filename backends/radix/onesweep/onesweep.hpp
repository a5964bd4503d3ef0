// `radix`: an LSD radix sort after Onesweep (Adinets & Merrill, 2022, "Onesweep: A Faster Least Significant
// Digit Radix Sort for GPUs"). Declarations only; the kernels are in onesweep.cuh and instantiated once per key
// width and value type (onesweep_u*.cu).
//
// Per sort: one kernel reads the keys once and builds the digit histograms of every pass; one small kernel
// turns them into each digit's global start and marks the passes whose digit is the same for every key; then
// one kernel per digit pass ranks each tile in shared memory (warp-level multisplit), finds its digits' global
// offsets by a single-pass chained scan over tiles with decoupled look-back, and scatters.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gsb/backend.hpp"
#include "gsb/types.hpp"

namespace gsb::radix::onesweep {

// Lookback status words are 32 bits: a 4-bit launch stamp (so the table is cleared once per 15 launches, not
// once per pass), an "inclusive" flag and a 27-bit count. Counts are therefore bounded per launch, and inputs
// larger than one portion are sorted portion by portion within each pass (as CUB does).
inline constexpr unsigned status_count_bits = 27;
inline constexpr std::uint64_t max_portion_items = (std::uint64_t{1} << status_count_bits) - 1;
inline constexpr int stamps_per_clear = 15;

template <class Bits, class Value>
std::size_t temp_bytes(const SortProblem& p);

// lsd_only: LSD passes even where the hybrid path (hybrid.hpp) would run (the `radix-lsd` back-end).
template <class Bits, class Value>
int sort(const SortProblem& p, const SortBuffers& b, bool lsd_only);

}  // namespace gsb::radix::onesweep
