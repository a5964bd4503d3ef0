// The sorting-network planner and its host emulation: every plan sorts every 0/1 input of small lengths (by
// Batcher's 0-1 principle, then every input), random inputs with ties against the all-ones "+inf" word keep
// their key-value pairing, and the pass counts match what the back-ends report.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "network/network_emulate.hpp"
#include "network/network_plan.hpp"
#include "gsb/error.hpp"

namespace gsb::network {
namespace {

struct Case {
  Network network;
  PlanConfig config;
};

// PlanConfig{tile_log2, halo_log2, row_min_log2}: 1, 2 and 3 strided bits per row pass, halos of 2 and 4.
std::vector<Case> small_cases() {
  std::vector<Case> cs;
  for (Network net : {Network::bitonic, Network::odd_even_merge}) {
    cs.push_back({net, PlanConfig{3, 1, 2}});
    cs.push_back({net, PlanConfig{3, 1, 1}});
    cs.push_back({net, PlanConfig{4, 2, 1}});
    cs.push_back({net, PlanConfig{4, 1, 2}});
  }
  cs.push_back({Network::bitonic, PlanConfig{2, 0, 1}});
  cs.push_back({Network::bitonic, PlanConfig{5, 0, 3}});
  return cs;
}

const char* name(Network n) { return n == Network::bitonic ? "bitonic" : "odd_even_merge"; }

TEST(NetworkPlan, SortsEveryZeroOneInput) {
  for (const Case& c : small_cases()) {
    for (std::uint64_t n = 0; n <= 17; ++n) {
      const Plan plan = make_plan(c.network, n, c.config);
      for (std::uint64_t bits = 0; bits < (std::uint64_t{1} << n); ++bits) {
        std::vector<std::uint8_t> k;
        for (std::uint64_t i = 0; i < n; ++i) k.push_back(static_cast<std::uint8_t>((bits >> i) & 1));
        const auto ones = std::count(k.begin(), k.end(), 1);
        emulate_plan<std::uint8_t, std::uint32_t>(plan, k, nullptr);
        ASSERT_TRUE(std::is_sorted(k.begin(), k.end()))
            << name(c.network) << " tile=" << c.config.tile_log2 << " n=" << n << " input=" << bits;
        ASSERT_EQ(std::count(k.begin(), k.end(), 1), ones);
      }
    }
  }
}

TEST(NetworkPlan, RandomKeyValueWithAllOnesKeys) {
  std::mt19937_64 rng(42);
  std::vector<Case> cs = small_cases();
  for (Network net : {Network::bitonic, Network::odd_even_merge}) {
    cs.push_back({net, PlanConfig{6, 3, 2}});
    cs.push_back({net, small_plan_config()});
  }
  for (const Case& c : cs) {
    for (std::uint64_t n : {1, 2, 3, 5, 31, 33, 63, 64, 65, 100, 255, 257, 500, 1000, 1025}) {
      const Plan plan = make_plan(c.network, n, c.config);
      // Few distinct keys, many of them 0xff: the all-ones word ties with the virtual +inf tail.
      std::vector<std::uint8_t> k(n);
      for (auto& x : k) x = static_cast<std::uint8_t>(std::array<int, 4>{0, 7, 255, 255}[rng() % 4]);
      std::vector<std::uint32_t> v(n);
      std::iota(v.begin(), v.end(), 0u);
      const std::vector<std::uint8_t> in = k;
      emulate_plan(plan, k, &v);
      ASSERT_TRUE(std::is_sorted(k.begin(), k.end())) << name(c.network) << " n=" << n;
      std::vector<bool> seen(n, false);
      for (std::uint64_t i = 0; i < n; ++i) {
        ASSERT_LT(v[i], n);
        ASSERT_FALSE(seen[v[i]]) << "value " << v[i] << " twice";
        seen[v[i]] = true;
        ASSERT_EQ(in[v[i]], k[i]) << name(c.network) << " n=" << n << " pairing broken at " << i;
      }
    }
  }
}

TEST(NetworkPlan, PassCountsAtTwoToTheTwentyFour) {
  // Bitonic: 2^13 tiles, 9 strided bits per row pass: stages 23 and 24 (10 and 11 bits above the tile) need two
  // row passes, every other stage one, and one block merge each.
  const Plan bit = make_plan(Network::bitonic, std::uint64_t{1} << 24, plan_config_for(8));
  EXPECT_EQ(bit.config.tile_log2, 13);
  EXPECT_EQ(bit.passes.size(), 1u + 11 + 11 + 2);
  EXPECT_TRUE(bit.passes.front().encode_keys);
  EXPECT_TRUE(bit.passes.back().decode_keys);
  // 16-byte elements: 2^12 tiles, 8 strided bits per pass: stages 21..24 need two row passes.
  EXPECT_EQ(make_plan(Network::bitonic, std::uint64_t{1} << 24, plan_config_for(16)).passes.size(), 1u + 12 + 12 + 4);
  // Odd-even merge (2^13 tiles, halo 2^10): per stage one row pass down to bit max(k - 9, 10), single strides
  // for the bits left above 10 (k - 19 of them from k = 20), one halo pass.
  const Plan oem = make_plan(Network::odd_even_merge, std::uint64_t{1} << 24, plan_config_for(8));
  EXPECT_EQ(oem.passes.size(), 1u + 11 + (1 + 2 + 3 + 4 + 5) + 11);
  EXPECT_TRUE(oem.passes.back().decode_keys);
  // The split puts the larger share first and covers every bit once, top first.
  const Plan big = make_plan(Network::bitonic, std::uint64_t{1} << 34, plan_config_for(8));
  for (std::size_t i = 0; i < big.passes.size(); ++i) {
    const Pass& p = big.passes[i];
    if (p.kind != PassKind::row_merge) continue;
    EXPECT_LE(p.top_bit - p.bottom_bit + 1, 9);
    EXPECT_GE(p.bottom_bit, 13);
    const Pass& next = big.passes[i + 1];
    EXPECT_EQ(next.stage, p.stage);
    EXPECT_EQ(next.top_bit, next.kind == PassKind::row_merge ? p.bottom_bit - 1 : 12);
    if (next.kind == PassKind::block_merge) EXPECT_EQ(p.bottom_bit, 13);
  }
}

// The row pass's tile map: over all blocks a bijection onto [0, 2^L), ascending within a tile, and the
// stage's comparators on bits [lo, lo + S) are the tile's own mirror / half-cleaner comparators.
TEST(NetworkPlan, RowTileMapsStageStepsToTileSteps) {
  for (int L = 4; L <= 11; ++L)
    for (int T = 2; T < L; ++T)
      for (int C = 1; C < T; ++C)
        for (int lo = C; lo + (T - C) <= L; ++lo) {
          const int S = T - C;
          for (bool flip : {false, true}) {
            const int k = flip ? lo + S : L;  // without the mirror any stage above the window will do
            std::vector<int> hit(std::size_t{1} << L, 0);
            for (std::uint64_t blk = 0; blk < (std::uint64_t{1} << (L - T)); ++blk) {
              const RowTile t = RowTile::make(blk, lo, C, T, flip);
              for (std::uint32_t x = 0; x < (1u << T); ++x) {
                const std::uint64_t g = t.index(x);
                ASSERT_LT(g, std::uint64_t{1} << L);
                ++hit[g];
                if (x > 0) ASSERT_LT(t.index(x - 1), g) << "tile not ascending";
                for (int j = C; j < T; ++j) {
                  if (x & (1u << j)) continue;
                  if (flip && j == T - 1) {
                    ASSERT_EQ(t.index(x ^ ((1u << T) - 1)), g ^ ((std::uint64_t{1} << k) - 1))
                        << "mirror L=" << L << " T=" << T << " C=" << C << " lo=" << lo;
                  } else {
                    ASSERT_EQ(t.index(x ^ (1u << j)), g ^ (std::uint64_t{1} << (j - C + lo)))
                        << "half-cleaner L=" << L << " T=" << T << " C=" << C << " lo=" << lo << " j=" << j;
                  }
                }
              }
            }
            for (int h : hit) ASSERT_EQ(h, 1) << "not a bijection L=" << L << " T=" << T << " C=" << C;
          }
        }
}

TEST(NetworkPlan, NonPowerOfTwoCostsNoMoreThanNextPowerOfTwo) {
  const std::pair<Network, PlanConfig> cases[] = {{Network::odd_even_merge, plan_config_for(8)},
                                                   {Network::bitonic, plan_config_for(8)},
                                                   {Network::bitonic, plan_config_for(16)}};
  for (const auto& [net, cfg] : cases) {
    for (std::uint64_t n : {std::uint64_t{3} << 20, (std::uint64_t{1} << 24) + 1, (std::uint64_t{1} << 32) + 7}) {
      const Plan a = make_plan(net, n, cfg);
      const Plan b = make_plan(net, std::uint64_t{1} << a.log2_n, cfg);
      EXPECT_EQ(a.passes.size(), b.passes.size());
      std::uint64_t bytes_a = 0, bytes_b = 0;
      for (const Pass& p : a.passes) bytes_a += pass_bytes(a, p, 8);
      for (const Pass& p : b.passes) bytes_b += pass_bytes(b, p, 8);
      EXPECT_LE(bytes_a, bytes_b);
    }
  }
}

TEST(NetworkPlan, SmallNIsOneBlockSortOfTheSmallTile) {
  for (Network net : {Network::bitonic, Network::odd_even_merge})
    for (std::uint64_t n : {2, 3, 100, 1000, 2048}) {
      const Plan p = make_plan(net, n, small_plan_config());
      ASSERT_EQ(p.passes.size(), 1u) << name(net) << " n=" << n;
      EXPECT_EQ(p.passes[0].kind, PassKind::block_sort);
      EXPECT_TRUE(p.passes[0].encode_keys && p.passes[0].decode_keys);
    }
  EXPECT_GT(make_plan(Network::bitonic, 2049, small_plan_config()).passes.size(), 1u);
}

TEST(NetworkPlan, HandlesBeyondTwoToTheThirtyTwo) {
  const Plan p = make_plan(Network::bitonic, (std::uint64_t{1} << 33) + 5, plan_config_for(8));
  EXPECT_EQ(p.log2_n, 34);
  EXPECT_EQ(p.passes.back().stage, 34);
}

TEST(NetworkPlan, RejectsBadConfig) {
  EXPECT_THROW(make_plan(Network::odd_even_merge, 100, PlanConfig{4, 3, 1}), LogicError);  // no window
  EXPECT_THROW(make_plan(Network::odd_even_merge, 100, PlanConfig{4, 0, 1}), LogicError);  // no halo
  EXPECT_THROW(make_plan(Network::bitonic, 100, PlanConfig{0, 0, 1}), LogicError);
  EXPECT_THROW(make_plan(Network::bitonic, 100, PlanConfig{4, 2, 4}), LogicError);  // no strided bit
  EXPECT_THROW(make_plan(Network::bitonic, 100, PlanConfig{4, 2, 0}), LogicError);  // rows of 1
}

}  // namespace
}  // namespace gsb::network
