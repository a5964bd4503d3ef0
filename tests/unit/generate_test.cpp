#include <bitset>
#include <cmath>
#include <cstring>
#include <set>

#include <gtest/gtest.h>
#include <omp.h>

#include "driver/generate.hpp"
#include "gsb/key_codec.hpp"

namespace gsb {
namespace {

HostKeys gen_with_threads(KeyType t, Distribution d, std::uint64_t n, int threads) {
  const int before = omp_get_max_threads();
  omp_set_num_threads(threads);
  HostKeys k = generate_keys(t, d, n, 99);
  omp_set_num_threads(before);
  return k;
}

TEST(Generate, DeterministicAcrossThreadCounts) {
  for (Distribution d : all_distributions)
    for (KeyType t : all_key_types) {
      if (!distribution_unsupported_reason(d, t).empty()) continue;
      const std::uint64_t n = 200003;
      const HostKeys a = gen_with_threads(t, d, n, 1), b = gen_with_threads(t, d, n, 3);
      EXPECT_EQ(0, std::memcmp(a.array.data(), b.array.data(), a.array.bytes())) << to_string(d) << " " << to_string(t);
    }
}

TEST(Generate, SeedAndDistributionMatter) {
  const HostKeys a = generate_keys(KeyType::u32, Distribution::uniform, 1000, 1);
  const HostKeys b = generate_keys(KeyType::u32, Distribution::uniform, 1000, 2);
  EXPECT_NE(0, std::memcmp(a.array.data(), b.array.data(), a.array.bytes()));
  // Element i does not depend on n.
  const HostKeys c = generate_keys(KeyType::u32, Distribution::uniform, 500, 1);
  EXPECT_EQ(0, std::memcmp(a.array.data(), c.array.data(), c.array.bytes()));
}

// AND of k random words: each bit is set with probability 2^-k.
TEST(Generate, EntropyLevelsHaveTheirBitProbabilities) {
  const std::uint64_t n = 1 << 18;
  const Distribution levels[] = {Distribution::uniform, Distribution::entropy_0_811, Distribution::entropy_0_544,
                                 Distribution::entropy_0_337, Distribution::entropy_0_201};
  const double entropies[] = {1.0, 0.811, 0.544, 0.337, 0.201};
  for (int k = 0; k < 5; ++k) {
    const HostKeys keys = generate_keys(KeyType::u64, levels[k], n, 5);
    const auto* v = keys.array.as<std::uint64_t>();
    const double p = std::ldexp(1.0, -(k == 0 ? 1 : k + 1));
    for (int bit = 0; bit < 64; bit += 7) {
      std::uint64_t ones = 0;
      for (std::uint64_t i = 0; i < n; ++i) ones += (v[i] >> bit) & 1;
      const double q = double(ones) / double(n);
      EXPECT_NEAR(q, p, 5 * std::sqrt(p * (1 - p) / double(n)) + 1e-4) << "level " << k << " bit " << bit;
    }
    const double h = -(p * std::log2(p) + (1 - p) * std::log2(1 - p));
    EXPECT_NEAR(h, entropies[k], 0.001);
  }
}

TEST(Generate, ShapesOfTheOrderedDistributions) {
  const std::uint64_t n = 100000;
  for (KeyType t : all_key_types) {
    const HostKeys s = generate_keys(t, Distribution::sorted, n, 3);
    const HostKeys r = generate_keys(t, Distribution::reverse, n, 3);
    auto enc = [&](const HostKeys& k, std::uint64_t i) -> std::uint64_t {
      switch (key_bytes(t)) {
        case 1: return make_codec<std::uint8_t>(t, Order::asc).encode(k.array.as<std::uint8_t>()[i]);
        case 2: return make_codec<std::uint16_t>(t, Order::asc).encode(k.array.as<std::uint16_t>()[i]);
        case 4: return make_codec<std::uint32_t>(t, Order::asc).encode(k.array.as<std::uint32_t>()[i]);
        default: return make_codec<std::uint64_t>(t, Order::asc).encode(k.array.as<std::uint64_t>()[i]);
      }
    };
    for (std::uint64_t i = 1; i < n; ++i) {
      ASSERT_LE(enc(s, i - 1), enc(s, i)) << to_string(t);
      ASSERT_GE(enc(r, i - 1), enc(r, i)) << to_string(t);
    }
  }
  const HostKeys ns = generate_keys(KeyType::u32, Distribution::nearly_sorted, n, 3);
  std::uint64_t descents = 0;
  for (std::uint64_t i = 1; i < n; ++i) descents += ns.array.as<std::uint32_t>()[i - 1] > ns.array.as<std::uint32_t>()[i];
  EXPECT_GT(descents, 0u);
  EXPECT_LT(descents, n / 25);
}

TEST(Generate, FewUniqueAllEqualZipfNormal) {
  const std::uint64_t n = 1 << 16;
  const HostKeys few = generate_keys(KeyType::u64, Distribution::few_unique, n, 3);
  std::set<std::uint64_t> distinct(few.array.as<std::uint64_t>(), few.array.as<std::uint64_t>() + n);
  EXPECT_LE(distinct.size(), 64u);
  EXPECT_GE(distinct.size(), 60u);
  const HostKeys eq = generate_keys(KeyType::f64, Distribution::all_equal, n, 3);
  for (std::uint64_t i = 1; i < n; ++i) ASSERT_EQ(eq.array.as<std::uint64_t>()[i], eq.array.as<std::uint64_t>()[0]);
  const HostKeys z = generate_keys(KeyType::u32, Distribution::zipf, n, 3);
  std::map<std::uint32_t, int> counts;
  for (std::uint64_t i = 0; i < n; ++i) counts[z.array.as<std::uint32_t>()[i]]++;
  int top = 0;
  for (auto& kv : counts) top = std::max(top, kv.second);
  EXPECT_GT(top, int(n / 40));  // the most frequent rank holds several percent
  EXPECT_GT(counts.size(), 1000u);
  const HostKeys nf = generate_keys(KeyType::f32, Distribution::normal, n, 3);
  double sum = 0, sq = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const float x = nf.array.as<float>()[i];
    sum += x;
    sq += double(x) * x;
  }
  EXPECT_NEAR(sum / n, 0.0, 0.02);
  EXPECT_NEAR(sq / n, 1.0, 0.03);
  EXPECT_FALSE(distribution_unsupported_reason(Distribution::normal, KeyType::u32).empty());
}

TEST(Generate, FloatsAreNeverNaNOrInfinite) {
  for (Distribution d : all_distributions) {
    const HostKeys f = generate_keys(KeyType::f32, d, 1 << 16, 11);
    for (std::uint64_t i = 0; i < f.size(); ++i) ASSERT_TRUE(std::isfinite(f.array.as<float>()[i])) << to_string(d);
    const HostKeys g = generate_keys(KeyType::f64, d, 1 << 16, 11);
    for (std::uint64_t i = 0; i < g.size(); ++i) ASSERT_TRUE(std::isfinite(g.array.as<double>()[i])) << to_string(d);
  }
}

TEST(Generate, NamesRoundTrip) {
  for (Distribution d : all_distributions) EXPECT_EQ(parse_distribution(to_string(d)), d);
  EXPECT_FALSE(parse_distribution("gaussian").has_value());
}

}  // namespace
}  // namespace gsb
