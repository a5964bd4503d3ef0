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

// Which pass plan a back-end runs (onesweep.cuh holds the plans as plain data):
//  d8             8-bit digits (4 passes for 32-bit keys), the Onesweep paper's and CUB's choice;
//  d11            11-bit digits for 4- and 8-byte keys (3 passes for 32-bit keys, 6 for 64-bit), packed
//                 16-bit counters (wide_pass.cuh); 1- and 2-byte keys keep 8-bit digits;
//  d8_aor, d11_aor   the same with keys ranked by atomic OR on per-warp lane masks (8 digit bits; d11's other
//                 3 by ballots) instead of one ballot per digit bit;
//  d11_t512x12, d11_t256x20m3   shape experiments of d11 for 32-bit keys without values.
enum class Variant { d8, d11, d8_aor, d11_aor, d11_t512x12, d11_t256x20m3 };

// Lookback status words are 32 bits: a 4-bit launch stamp (so the table is cleared once per 15 launches, not
// once per pass), an "inclusive" flag and a 27-bit count. Counts are therefore bounded per launch, and inputs
// larger than one portion are sorted portion by portion within each pass (as CUB does).
inline constexpr unsigned status_count_bits = 27;
inline constexpr std::uint64_t max_portion_items = (std::uint64_t{1} << status_count_bits) - 1;
inline constexpr int stamps_per_clear = 15;

template <class Bits, class Value>
std::size_t temp_bytes(const SortProblem& p, Variant v);

template <class Bits, class Value>
int sort(const SortProblem& p, const SortBuffers& b, Variant v);

}  // namespace gsb::radix::onesweep
