// Runs whole merge-samples passes on the CPU with the kernels' own index arithmetic (place_sample,
// elementary_interval) and checks each against a stable reference merge: limits, interval bounds (at most
// `stride` keys from each run), coverage of every output exactly once, and stability.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "merge/detail/samples_plan.hpp"

namespace {

using namespace gsb::merge::samples;

struct Item {
  std::uint32_t key;
  std::uint32_t index;  // input position: stability witness
};

// One pass: runs of `width` sorted in `in`; returns the merged runs of 2 * width.
std::vector<Item> run_pass(const std::vector<Item>& in, std::uint64_t width, std::uint64_t stride) {
  const PassGeometry g = make_pass(in.size(), width, stride);
  std::vector<std::uint32_t> keys(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) keys[i] = in[i].key;
  std::vector<std::uint64_t> la(g.slots() + 1, ~0ull), lb(g.slots() + 1, ~0ull);
  for (std::uint64_t t = 0; t < g.slots(); ++t) place_sample(keys.data(), g, t, la.data(), lb.data());
  std::vector<Item> out(in.size(), Item{0xdeadbeef, 0xdeadbeef});
  std::vector<int> written(in.size(), 0);
  for (std::uint64_t k = 0; k < g.slots(); ++k) {
    const Interval iv = elementary_interval(g, k, la.data(), lb.data());
    if (!iv.valid) continue;
    EXPECT_LE(iv.a_len, stride);
    EXPECT_LE(iv.b_len, stride);
    std::vector<std::uint32_t> ak(keys.begin() + iv.a_begin, keys.begin() + iv.a_begin + iv.a_len);
    std::vector<std::uint32_t> bk(keys.begin() + iv.b_begin, keys.begin() + iv.b_begin + iv.b_len);
    std::vector<std::uint32_t> av(iv.a_len), bv(iv.b_len), ok(iv.a_len + iv.b_len), ov(ok.size());
    for (std::uint32_t i = 0; i < iv.a_len; ++i) av[i] = in[iv.a_begin + i].index;
    for (std::uint32_t i = 0; i < iv.b_len; ++i) bv[i] = in[iv.b_begin + i].index;
    gsb::merge::serial_merge(ak.data(), av.data(), iv.a_len, bk.data(), bv.data(), iv.b_len, ok.data(), ov.data(),
                             iv.a_len + iv.b_len);
    for (std::size_t i = 0; i < ok.size(); ++i) {
      out[iv.out_begin + i] = Item{ok[i], ov[i]};
      ++written[iv.out_begin + i];
    }
  }
  for (std::size_t i = 0; i < in.size(); ++i) EXPECT_EQ(written[i], 1) << "output " << i;
  return out;
}

void check_sort(std::size_t n, std::uint64_t tile, std::uint64_t stride, std::uint32_t range, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::uint32_t> d(0, range - 1);
  std::vector<Item> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = Item{d(rng), static_cast<std::uint32_t>(i)};
  auto ref = v;
  std::stable_sort(ref.begin(), ref.end(), [](const Item& a, const Item& b) { return a.key < b.key; });
  // "Tile sort": stable sort of each tile.
  for (std::size_t t = 0; t < n; t += tile)
    std::stable_sort(v.begin() + t, v.begin() + std::min<std::size_t>(n, t + tile),
                     [](const Item& a, const Item& b) { return a.key < b.key; });
  for (std::uint64_t w = tile; w < n; w *= 2) v = run_pass(v, w, stride);
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(v[i].key, ref[i].key) << "n=" << n << " i=" << i;
    ASSERT_EQ(v[i].index, ref[i].index) << "n=" << n << " i=" << i << " (stability)";
  }
}

TEST(SamplesPlan, SortsEveryShape) {
  unsigned seed = 10;
  for (std::uint32_t range : {1u, 3u, 100u, 1u << 30})
    for (std::size_t n : {1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 1000, 4097})
      check_sort(n, 8, 4, range, seed++);
}

TEST(SamplesPlan, StrideEqualsTileAndFewDistinctKeys) {
  for (std::size_t n : {64, 100, 1000}) {
    check_sort(n, 16, 16, 1u << 30, 1);
    check_sort(n, 16, 8, 2, 2);
  }
}

TEST(SamplesPlan, GeometryOfShortLastSegment) {
  const PassGeometry g = make_pass(2 * 64 + 40, 64, 16);  // one full segment, then A of 40 keys and an empty B
  EXPECT_EQ(g.segments(), 2u);
  EXPECT_EQ(g.slots_per_segment(), 8u);
  const Segment s = g.segment(1);
  EXPECT_EQ(s.base, 128u);
  EXPECT_EQ(s.len_a, 40u);
  EXPECT_EQ(s.len_b, 0u);
  EXPECT_EQ(g.samples(s.len_a), 3u);
  // Beyond 2^32: positions stay 64-bit.
  const PassGeometry big = make_pass((std::uint64_t{1} << 33) + 5, std::uint64_t{1} << 32, 2048);
  EXPECT_EQ(big.segments(), 2u);
  EXPECT_EQ(big.segment(1).base, std::uint64_t{1} << 33);
  EXPECT_EQ(big.segment(1).len_a, 5u);
}

}  // namespace
