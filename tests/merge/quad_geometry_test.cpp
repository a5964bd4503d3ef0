// Runs whole four-way merge-samples passes on the CPU with the kernels' own index arithmetic (place_quad_sample,
// quad_window, quad_split) and checks them against a stable reference merge of each group: every sample in a slot of
// its own, every split at a tile boundary and at other diagonals equal to the reference's, windows under a stride and
// a key a run, and the tiles the splits cut merging to the stable order.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "merge/detail/quad_geometry.hpp"

namespace {

using namespace gsb::merge::samples;

// The reference split of a group at diagonal d: how many keys of each run the stable merge takes first.
Quad4 reference_split(const std::vector<std::uint32_t>& keys, const QuadGroup& grp, std::uint64_t d) {
  std::vector<std::pair<std::uint32_t, int>> all;  // (key, run), stably sorted by key
  for (int x = 0; x < 4; ++x)
    for (std::uint64_t i = 0; i < grp.len[x]; ++i) all.emplace_back(keys[grp.base + grp.start(x) + i], x);
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Quad4 s;
  for (std::uint64_t k = 0; k < d; ++k) ++s.v[all[k].second];
  return s;
}

// n keys in runs of `width`, each run sorted; keys drawn from `distinct` values (duplicates across and within runs).
std::vector<std::uint32_t> sorted_runs(std::uint64_t n, std::uint64_t width, std::uint32_t distinct, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint32_t> keys(n);
  for (auto& k : keys) k = static_cast<std::uint32_t>(rng() % distinct);
  for (std::uint64_t b = 0; b < n; b += width)
    std::sort(keys.begin() + static_cast<std::ptrdiff_t>(b),
              keys.begin() + static_cast<std::ptrdiff_t>(std::min(n, b + width)));
  return keys;
}

// One pass: limits from place_quad_sample, each output tile's ends from quad_split (with the limits and without),
// every split against the reference; the tiles merged serially must give the stable merge of every group.
void check_pass(std::uint64_t n, std::uint64_t width, std::uint64_t stride, std::uint64_t out_tile,
                std::uint32_t distinct, unsigned seed) {
  SCOPED_TRACE(testing::Message() << "n=" << n << " width=" << width << " stride=" << stride << " tile=" << out_tile
                                  << " distinct=" << distinct);
  const std::vector<std::uint32_t> keys = sorted_runs(n, width, distinct, seed);
  const QuadGeometry g = make_quad_pass(n, width, stride);
  std::vector<std::uint64_t> limits(4 * g.slots(), ~0ull);
  for (std::uint64_t t = 0; t < g.slots() + 7; ++t) place_quad_sample(keys.data(), g, t, limits.data());

  for (std::uint64_t q = 0; q < g.groups(); ++q) {
    const QuadGroup grp = g.group(q);
    const std::uint64_t count = g.samples(grp);
    // Every slot below the group's sample count written once (the slot arithmetic is a permutation), in output order.
    std::uint64_t prev_out = 0;
    for (std::uint64_t j = 0; j < g.slots_per_group(); ++j) {
      const std::uint64_t at = (q << g.log2_slots_per_group()) + j;
      if (j >= count) {
        EXPECT_EQ(limits[at], ~0ull) << "slot past the samples written";
        continue;
      }
      const Quad4 l = quad_limit(g, q, j, limits.data());
      for (int x = 0; x < 4; ++x) ASSERT_NE(l.v[x], ~0ull) << "slot " << j << " of group " << q << " not written";
      const std::uint64_t out = l.sum();
      EXPECT_TRUE(j == 0 || out > prev_out) << "slots out of order at " << j;
      EXPECT_LE(out, j * stride);
      EXPECT_GT(out + 3 * stride, j * stride);
      EXPECT_EQ(l.v[0] + l.v[1] + l.v[2] + l.v[3], out);
      const Quad4 ref = reference_split(keys, grp, out);
      for (int x = 0; x < 4; ++x) EXPECT_EQ(l.v[x], ref.v[x]) << "limit of slot " << j << ", run " << x;
      prev_out = out;
    }
    // Splits at every tile boundary and at a few other diagonals.
    std::vector<std::uint64_t> diags;
    for (std::uint64_t d = 0; d <= grp.total(); d += out_tile) diags.push_back(d);
    diags.push_back(grp.total());
    std::mt19937 rng(seed + static_cast<unsigned>(q));
    for (int k = 0; k < 20 && grp.total() > 0; ++k) diags.push_back(rng() % (grp.total() + 1));
    for (const std::uint64_t d : diags) {
      const Quad4 ref = reference_split(keys, grp, d);
      const Quad4 s = quad_split(keys.data(), g, q, grp, d, limits.data());
      const Quad4 whole = quad_split(keys.data(), g, q, grp, d, static_cast<const std::uint64_t*>(nullptr));
      // Two lanes: many rounds, each bounded by the one before.
      const Quad4 two = quad_split(keys.data(), g, q, grp, d, limits.data(), HostLanes<2>{});
      const Quad4 whole2 = quad_split(keys.data(), g, q, grp, d, static_cast<const std::uint64_t*>(nullptr),
                                      HostLanes<2>{});
      // The device's: 8 lanes, 32-bit positions in the windows.
      const Quad4 eight = quad_split(keys.data(), g, q, grp, d, limits.data(), HostLanes<8, std::uint32_t>{});
      for (int x = 0; x < 4; ++x) {
        EXPECT_EQ(s.v[x], ref.v[x]) << "d=" << d << " run " << x;
        EXPECT_EQ(eight.v[x], ref.v[x]) << "d=" << d << " run " << x << " (eight lanes)";
        EXPECT_EQ(whole.v[x], ref.v[x]) << "d=" << d << " run " << x << " (whole runs)";
        EXPECT_EQ(two.v[x], ref.v[x]) << "d=" << d << " run " << x << " (two lanes)";
        EXPECT_EQ(whole2.v[x], ref.v[x]) << "d=" << d << " run " << x << " (two lanes, whole runs)";
      }
      if (d > 0 && d < grp.total()) {
        const QuadWindow w = quad_window(g, q, grp, d, limits.data());
        EXPECT_LE(w.lo.sum(), d);
        EXPECT_GT(w.hi.sum(), d);
        for (int x = 0; x < 4; ++x) {
          EXPECT_LE(w.hi.v[x] - w.lo.v[x], stride + 1) << "window of run " << x;
          EXPECT_LE(w.lo.v[x], ref.v[x]);
          EXPECT_GE(w.hi.v[x], ref.v[x]);
        }
      }
    }
    // The tiles the splits cut, each merged four-way on its own, give the stable merge of the group.
    std::vector<std::uint32_t> merged, ref_keys;
    for (int x = 0; x < 4; ++x)
      for (std::uint64_t i = 0; i < grp.len[x]; ++i) ref_keys.push_back(keys[grp.base + grp.start(x) + i]);
    std::stable_sort(ref_keys.begin(), ref_keys.end());
    for (std::uint64_t d = 0; d < grp.total(); d += out_tile) {
      const std::uint64_t d1 = std::min(d + out_tile, grp.total());
      const Quad4 a = quad_split(keys.data(), g, q, grp, d, limits.data());
      const Quad4 b = quad_split(keys.data(), g, q, grp, d1, limits.data());
      std::vector<std::uint32_t> tile;
      for (int x = 0; x < 4; ++x)
        for (std::uint64_t i = a.v[x]; i < b.v[x]; ++i) tile.push_back(keys[grp.base + grp.start(x) + i]);
      ASSERT_EQ(tile.size(), d1 - d);
      std::sort(tile.begin(), tile.end());
      merged.insert(merged.end(), tile.begin(), tile.end());
    }
    EXPECT_EQ(merged, ref_keys) << "group " << q;
  }
}

TEST(QuadGeometry, GroupsAndSlots) {
  const QuadGeometry g = make_quad_pass(10 * 64 + 5, 64, 16);
  EXPECT_EQ(g.groups(), 3u);
  EXPECT_EQ(g.slots_per_group(), 16u);
  EXPECT_EQ(g.slots(), 48u);
  const QuadGroup last = g.group(2);
  EXPECT_EQ(last.base, 512u);
  EXPECT_EQ(last.len[0], 64u);
  EXPECT_EQ(last.len[1], 64u);
  EXPECT_EQ(last.len[2], 5u);
  EXPECT_EQ(last.len[3], 0u);
  EXPECT_EQ(last.start(3), 133u);
  EXPECT_EQ(g.samples(last), 4u + 4u + 1u);
  const QuadSample s = quad_sample(g, 2 * 16 + 2 * 4 + 1);  // group 2, run C, index 1: past C's 5 keys
  EXPECT_EQ(s.x, 2);
  EXPECT_EQ(s.i, 1u);
  EXPECT_FALSE(s.active);
  EXPECT_FALSE(quad_sample(g, 48).active);
}

// The key at m of a merge, from its merge path (merged_key's contract).
std::uint32_t merged_at(const std::uint32_t* a, std::uint64_t la, const std::uint32_t* b, std::uint64_t lb,
                        std::uint64_t m) {
  return merged_key(a, la, b, lb, m, gsb::merge::merge_path(a, la, b, lb, m));
}

TEST(QuadGeometry, MergedAt) {
  const std::uint32_t a[] = {1, 3, 3, 7};
  const std::uint32_t b[] = {0, 3, 8};
  const std::uint32_t ref[] = {0, 1, 3, 3, 3, 7, 8};
  for (std::uint64_t m = 0; m < 7; ++m) EXPECT_EQ(merged_at(a, 4, b, 3, m), ref[m]) << m;
  EXPECT_EQ(merged_at(a, 0, b, 3, 2), 8u);
  EXPECT_EQ(merged_at(a, 4, b, 0, 3), 7u);
}

TEST(QuadGeometry, WholePassesUniform) {
  check_pass(4 * 256, 256, 32, 64, 1u << 30, 1);
  check_pass(16 * 256, 256, 32, 128, 1u << 30, 2);
  check_pass(1000, 64, 16, 32, 1u << 30, 3);
}

TEST(QuadGeometry, WholePassesDuplicates) {
  for (const std::uint32_t distinct : {1u, 2u, 3u, 17u, 300u}) {
    check_pass(4 * 256, 256, 32, 64, distinct, 10 + distinct);
    check_pass(7 * 128 + 33, 128, 16, 32, distinct, 20 + distinct);
  }
}

TEST(QuadGeometry, ShortLastGroups) {
  // 1, 2, 3 and 4 runs in the last group, and its last run short or one key.
  for (const std::uint64_t n : {64ull * 4 * 2 + 1, 64ull * 4 + 64 + 7, 64ull * 4 * 3 + 128 + 63, 64ull * 3, 64ull + 1})
    for (const std::uint32_t distinct : {2u, 50u, 1u << 30}) check_pass(n, 64, 16, 32, distinct, 7);
}

TEST(QuadGeometry, StrideEqualsWidth) {
  check_pass(4 * 64 * 3 + 10, 64, 64, 64, 5, 4);
  check_pass(4 * 64 * 3 + 10, 64, 64, 16, 1u << 30, 5);
}

}  // namespace
