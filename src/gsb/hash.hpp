// The project's one 64-bit mixer (host and device): splitmix64 (Steele, Lea & Flood, 2014). mix64 is its
// finaliser, a bijection on 64-bit words with good avalanche; splitmix64 adds the golden-ratio increment first.
#pragma once

#include <cstdint>

#include "gsb/key_codec.hpp"  // GSB_HD

namespace gsb {

GSB_HD constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBULL;
  x ^= x >> 31;
  return x;
}

GSB_HD constexpr std::uint64_t splitmix64(std::uint64_t x) { return mix64(x + 0x9E3779B97F4A7C15ULL); }

}  // namespace gsb
