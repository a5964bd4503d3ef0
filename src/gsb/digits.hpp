// Decimal digits to a 64-bit whole number: the one parse behind --seed (driver/text.hpp) and the GSB_* knobs
// (gsb/env.hpp). No sign, no blanks, no exponent; false on anything else or beyond 2^64 - 1.
#pragma once

#include <cstdint>
#include <string_view>

namespace gsb {

inline bool parse_digits_u64(std::string_view text, std::uint64_t& out) {
  if (text.empty()) return false;
  std::uint64_t x = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (x > (UINT64_MAX - d) / 10) return false;
    x = x * 10 + d;
  }
  out = x;
  return true;
}

}  // namespace gsb
