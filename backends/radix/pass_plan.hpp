// Host-testable planning for the LSD radix sorts: which bits each pass sorts, how temporary storage is laid
// out, and (for the `radix` back-end) which passes run once the digit histograms are known.
// Everything here is plain arithmetic; tests/radix exercises it on the CPU.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "gsb/key_codec.hpp"  // GSB_HD
#include "gsb/temp_layout.hpp"

namespace gsb::radix {

inline constexpr int max_passes = 64;  // 64-bit keys at one bit per pass (radix-naive)

// One LSD pass: sorts by bits [shift, shift + width) of the encoded key.
struct DigitPass {
  int shift = 0;
  int width = 0;
};

// Split key_bits into passes of at most digit_bits, least significant first. When digit_bits does not divide
// key_bits the last (most significant) pass is the narrower one: every pass but one then keeps the full
// digit width, which keeps the number of passes minimal.
inline std::vector<DigitPass> plan_passes(int key_bits, int digit_bits) {
  std::vector<DigitPass> passes;
  if (key_bits <= 0 || digit_bits <= 0) return passes;
  for (int shift = 0; shift < key_bits; shift += digit_bits) {
    const int width = key_bits - shift < digit_bits ? key_bits - shift : digit_bits;
    passes.push_back({shift, width});
  }
  return passes;
}

// The double buffer of the driver holds the input in half 0; after P passes the output is in half P % 2.
constexpr int result_half(std::size_t num_passes) { return static_cast<int>(num_passes % 2); }

// ---- `radix` (onesweep-style) pass selection --------------------------------------------------------------
//
// After the up-front histogram kernel every pass's digit counts are known on the device. A pass whose digit is
// the same for every key (one bucket holds all n keys) moves nothing and can be skipped. The host, however,
// must return the half holding the result when it enqueues the work, without waiting for the histograms; it
// returns result_half(P) for the P planned passes. The device therefore runs every pass that is needed, and
// when their count has the wrong parity it runs one skippable pass as well (a pass of a constant digit is a
// stable copy), so the data always ends in half P % 2.
//
// skippable: bit p set when pass p may be skipped. Returns the bit set of the passes to run.
GSB_HD std::uint64_t passes_to_run(std::uint64_t skippable, int num_passes) {
  const std::uint64_t all = num_passes >= 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << num_passes) - 1);
  skippable &= all;
  std::uint64_t run = all & ~skippable;
  int needed = 0;
  for (int p = 0; p < num_passes; ++p) needed += static_cast<int>((run >> p) & 1u);
  if ((needed % 2) != (num_passes % 2)) {
    // P - needed is odd, so at least one skippable pass exists: run the least significant one.
    for (int p = 0; p < num_passes; ++p)
      if ((skippable >> p) & 1u) {
        run |= std::uint64_t{1} << p;
        break;
      }
  }
  return run;
}

// For a pass that runs: which half it reads (the other is written), whether it is the first pass to run
// (encode keys on load) and the last (decode keys on store).
struct PassRole {
  bool run = false;
  int src_half = 0;
  bool first = false;
  bool last = false;
};

GSB_HD PassRole pass_role(std::uint64_t run_set, int pass) {
  PassRole r;
  r.run = ((run_set >> pass) & 1u) != 0;
  int before = 0;
  for (int q = 0; q < pass; ++q) before += static_cast<int>((run_set >> q) & 1u);
  r.src_half = before % 2;
  r.first = before == 0;
  const std::uint64_t after = pass + 1 >= 64 ? 0 : (run_set >> (pass + 1));
  r.last = after == 0;
  return r;
}

}  // namespace gsb::radix
