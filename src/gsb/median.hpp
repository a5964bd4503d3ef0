// The median of samples (the mean of the middle two for an even count; 0 for none): the one definition that every
// time and bandwidth figure uses (the driver's statistics, the copy bandwidth, a staged sort's per-phase times).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace gsb {

inline double median_of(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

}  // namespace gsb
