// When the `radix` back-end takes its hybrid path (hybrid.cuh) instead of LSD passes alone.
//
// 4-byte keys, with or without values, one look-back portion (n < 2^27): an LSD sort moves 4 B per key for the
// histograms and 8 B per key (16 B per pair with u32 values) in each of 4 digit passes, 36 B (68 B). The
// hybrid path sorts by the top 8 bits, then by the next 8 within each top bucket (two chained-scan passes, MSD
// order), after which every key is in its 16-bit bucket and each bucket (n / 65536 keys on average) is sorted
// in one block's shared memory by its low 16 bits and written back in place: 4 + 8 + 8 + 8 = 28 B per key
// (4 + 3 x 16 = 52 B per pair), and the last two digits cost one block-local pass without a look-back. It needs
// every 16-bit bucket to fit one block (bucket_capacity keys): the largest bucket is known after the histogram,
// and the sort falls back to the LSD passes when one does not fit (skewed keys), so the result is the same
// either way.
#pragma once

#include <cstdint>

#include "radix/onesweep/onesweep.hpp"

namespace gsb::radix::onesweep {

inline constexpr int hybrid_buckets = 1 << 16;    // 16-bit buckets after the two MSD passes
inline constexpr unsigned bucket_capacity = 4096;  // keys one block sorts in shared memory
// Below about 2e7 keys the path loses to the LSD passes: its buckets get small, so the bucket sort's fixed cost
// per bucket, the host's read of the largest bucket and the 65536-block launch weigh more than the pass they
// save. Measured with the path forced (H200, 2026-11-24, uniform, radix-lsd / hybrid ms): u32 keys 2^24 0.403 /
// 0.423, 1.5 x 2^24 0.569 / 0.529, 3e7 0.667 / 0.592, 2^25 0.734 / 0.638; u32+u32 2^24 0.600 / 0.644, 1.5 x 2^24
// 0.858 / 0.818, 2^25 1.125 / 1.001 (NOTES.md round 7).
inline constexpr std::uint64_t hybrid_min_items = (std::uint64_t{1} << 24) + (std::uint64_t{1} << 22);

// Whether a 4-byte keys-only sort of n keys tries the hybrid path (the histogram still decides); min_items
// replaces hybrid_min_items where nonzero.
constexpr bool hybrid_applies(std::uint64_t n, std::uint64_t min_items = 0) {
  return n >= (min_items != 0 ? min_items : hybrid_min_items) && n <= max_portion_items;
}

// GSB_RADIX_HYBRID_MIN_N (a whole number 1..max_portion_items, for tests; gsb/env.hpp): the hybrid path from
// that many keys on, so that the sanitizer runs, which keep n small, exercise it. 0 when unset: hybrid_min_items.
std::uint64_t hybrid_min_items_override();

}  // namespace gsb::radix::onesweep
