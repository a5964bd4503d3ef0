#include "gsb/key_index.hpp"

#include <algorithm>
#include <cstddef>

#include "gsb/error.hpp"

namespace gsb {

namespace {

// Puts the elements of ranks want[lo..hi) at those ranks (nth_element, halving the range of ranks each time):
// O(S log B) instead of a full sort.
void select_ranks(std::vector<KeyIndex>& v, std::size_t first, std::size_t last, const std::vector<std::size_t>& want,
                  std::size_t lo, std::size_t hi) {
  if (lo >= hi || first >= last) return;
  const std::size_t mid = lo + (hi - lo) / 2;
  const std::size_t r = want[mid];
  std::nth_element(v.begin() + first, v.begin() + r, v.begin() + last);
  select_ranks(v, first, r, want, lo, mid);
  select_ranks(v, r + 1, last, want, mid + 1, hi);
}

// The samples of ranks `want` (ascending, repeats allowed: fewer samples than buckets repeat a rank).
std::vector<KeyIndex> at_ranks(std::vector<KeyIndex> samples, const std::vector<std::size_t>& want) {
  GSB_EXPECTS(std::is_sorted(want.begin(), want.end()), "choose_splitters: ranks not ascending");
  std::vector<std::size_t> ranks = want;
  ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
  select_ranks(samples, 0, samples.size(), ranks, 0, ranks.size());
  std::vector<KeyIndex> out;
  out.reserve(want.size());
  for (std::size_t r : want) out.push_back(samples[r]);
  return out;
}

}  // namespace

std::vector<KeyIndex> choose_splitters(std::vector<KeyIndex> samples, std::uint64_t buckets) {
  if (buckets <= 1 || samples.empty()) return {};
  const std::uint64_t s = samples.size();
  std::vector<std::size_t> want;
  want.reserve(buckets - 1);
  for (std::uint64_t j = 1; j < buckets; ++j) want.push_back(std::min(s - 1, j * s / buckets));
  return at_ranks(std::move(samples), want);
}

std::vector<KeyIndex> choose_splitters(std::vector<KeyIndex> samples, const std::vector<double>& quantiles) {
  if (quantiles.empty() || samples.empty()) return {};
  const std::size_t s = samples.size();
  std::vector<std::size_t> want;
  for (double q : quantiles) {
    // An equal split must give rank j*S/B exactly, whatever the rounding of j/B: nudge q*S up a little.
    const auto r = static_cast<std::size_t>(q * static_cast<double>(s) + 1e-7);
    want.push_back(std::min(s - 1, r));
  }
  return at_ranks(std::move(samples), want);
}

}  // namespace gsb
