// The --n grammar: sizes, lists and ranges.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gsb {

// Grammar (documented in --help):
//   sizes  := item { ',' item }
//   item   := size | size ':' size ':' step
//   step   := 'x' factor      geometric: start, start*factor, ... up to stop (factor > 1)
//           | '+' size        arithmetic: start, start+step, ... up to stop
//   size   := integer | decimal 'e' integer | integer '^' integer | decimal suffix
//   suffix := k M G T (10^3, 10^6, 10^9, 10^12) | Ki Mi Gi Ti (2^10, 2^20, 2^30, 2^40)
// Every size must be an integer >= 1 after scaling (e.g. 1.5k = 1500; 1.5 is rejected). Geometric steps are
// rounded to the nearest integer; duplicates are dropped; the order of the items is kept.
// Throws UsageError naming the offending text.
std::vector<std::uint64_t> parse_sizes(std::string_view text);

// One size ("1e8", "2^27", "64Ki"); throws UsageError.
std::uint64_t parse_size(std::string_view text);

// Shortest readable form of n for tables: 2^27, 1e8, 1.5M or plain digits.
std::string format_size(std::uint64_t n);

}  // namespace gsb
