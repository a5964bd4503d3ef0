// gsb::choose_splitters (gsb/key_index.hpp), the selection out of core and sample-multi share, against a full sort
// and the pick of ranks j * S / B: random, duplicate-heavy and short sample sets; the quantile form at j / B agrees.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "gsb/key_index.hpp"

namespace gsb {
namespace {

std::vector<KeyIndex> sorted_pick(std::vector<KeyIndex> samples, std::uint64_t buckets) {
  if (buckets <= 1 || samples.empty()) return {};
  std::sort(samples.begin(), samples.end());
  std::vector<KeyIndex> out;
  const std::uint64_t s = samples.size();
  for (std::uint64_t j = 1; j < buckets; ++j) out.push_back(samples[std::min(s - 1, j * s / buckets)]);
  return out;
}

TEST(KeyIndex, ChooseSplittersIsTheSortedPickOfEqualRanks) {
  std::mt19937_64 rng(18);
  for (std::uint64_t s : {1u, 2u, 7u, 100u, 1000u, 65537u})
    for (std::uint64_t buckets : {1u, 2u, 3u, 8u, 255u, 1000u, 4096u})
      for (std::uint64_t distinct : {std::uint64_t{1}, std::uint64_t{5}, std::uint64_t{1} << 40}) {
        std::vector<KeyIndex> samples(s);
        for (std::uint64_t i = 0; i < s; ++i) samples[i] = KeyIndex{rng() % distinct, rng() % (4 * s)};
        const std::vector<KeyIndex> got = choose_splitters(samples, buckets);
        EXPECT_EQ(got, sorted_pick(samples, buckets)) << "S=" << s << " B=" << buckets << " distinct=" << distinct;
        ASSERT_TRUE(std::is_sorted(got.begin(), got.end()));
        std::vector<double> q;
        for (std::uint64_t j = 1; j < buckets; ++j) q.push_back(static_cast<double>(j) / static_cast<double>(buckets));
        EXPECT_EQ(choose_splitters(samples, q), got) << "quantiles, S=" << s << " B=" << buckets;
      }
  EXPECT_TRUE(choose_splitters({}, std::uint64_t{8}).empty());
}

}  // namespace
}  // namespace gsb
