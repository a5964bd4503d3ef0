// Seeded, counter-based input generation: element i depends only on (seed, distribution, key type, i), so
// the same command gives the same array on any machine with any thread count.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "driver/host_array.hpp"
#include "gsb/types.hpp"

namespace gsb {

enum class Distribution : std::uint8_t {
  uniform,        // uniform random bits (floats: NaN/inf bit patterns are made finite)
  sorted,         // evenly spread over the key type's range, ascending
  reverse,        // the same, descending
  nearly_sorted,  // sorted, then n/100 random swaps
  few_unique,     // 64 distinct random keys
  all_equal,      // one random key
  entropy_0_811,  // AND of 2 random words (CUB's / GPUSorting's entropy levels)
  entropy_0_544,  // AND of 3
  entropy_0_337,  // AND of 4
  entropy_0_201,  // AND of 5
  zipf,           // Zipf-like ranks (density ~ 1/rank over 2^20 ranks), each rank a random key
  normal,         // standard normal; float key types only
};

inline constexpr Distribution all_distributions[] = {
    Distribution::uniform,       Distribution::sorted,        Distribution::reverse,
    Distribution::nearly_sorted, Distribution::few_unique,    Distribution::all_equal,
    Distribution::entropy_0_811, Distribution::entropy_0_544, Distribution::entropy_0_337,
    Distribution::entropy_0_201, Distribution::zipf,          Distribution::normal};

std::string_view to_string(Distribution d);
std::optional<Distribution> parse_distribution(std::string_view s);
std::string distribution_help();  // one line per distribution, for --help

// Why d cannot produce keys of type t ("normal applies to float key types only"), or empty.
std::string distribution_unsupported_reason(Distribution d, KeyType t);

// Generates n keys in parallel. Floats never come out NaN or infinite.
HostKeys generate_keys(KeyType type, Distribution dist, std::uint64_t n, std::uint64_t seed);

}  // namespace gsb
