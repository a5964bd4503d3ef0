// Runs whole merge-samples passes on the CPU with the kernels' own index arithmetic (place_sample,
// tile_window, tile_split) and checks each against a stable reference merge: every tile split against the
// merge path, windows within 2 stride, coverage of every output exactly once, and stability.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "merge/detail/pass_geometry.hpp"

namespace {

using namespace gsb::merge::samples;

struct Item {
  std::uint32_t key;
  std::uint32_t index;  // input position: stability witness
};

// One pass over runs of `width` sorted in `in`, with equal output tiles of `out_tile` keys (merge-samples'
// merge_tiles_kernel): the limits from place_sample, each tile's start and end from tile_split; checks that
// every split lies in its window and that tiles cover every output once. Returns the merged runs of 2 width.
// ranked = false: no limits at all (the passes whose segments are short enough for merge_tiles_kernel to search
// them whole, with no rank kernel): every split searches its whole segment.
std::vector<Item> run_tile_pass(const std::vector<Item>& in, std::uint64_t width, std::uint64_t stride,
                                std::uint64_t out_tile, bool ranked = true) {
  const PassGeometry g = make_pass(in.size(), width, stride);
  std::vector<std::uint32_t> keys(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) keys[i] = in[i].key;
  std::vector<std::uint64_t> la(g.slots() + 1, ~0ull), lb(g.slots() + 1, ~0ull);
  if (ranked)
    for (std::uint64_t t = 0; t < g.slots() + 5; ++t) place_sample(keys.data(), g, t, la.data(), lb.data());
  const std::uint64_t* lim_a = ranked ? la.data() : nullptr;
  const std::uint64_t* lim_b = ranked ? lb.data() : nullptr;
  std::vector<Item> out(in.size(), Item{0xdeadbeef, 0xdeadbeef});
  std::vector<int> written(in.size(), 0);
  for (std::uint64_t out0 = 0; out0 < in.size(); out0 += out_tile) {
    const std::uint64_t s = out0 / (2 * width);
    const Segment seg = g.segment(s);
    const std::uint64_t d0 = out0 - seg.base, d1 = std::min(d0 + out_tile, seg.len_a + seg.len_b);
    const std::uint64_t a0 = tile_split(keys.data(), g, s, seg, d0, lim_a, lim_b);
    const std::uint64_t a1 = tile_split(keys.data(), g, s, seg, d1, lim_a, lim_b);
    if (ranked && d0 > 0) {
      const Window w = tile_window(g, s, seg, d0, la.data(), lb.data());
      EXPECT_LE(w.a_hi - w.a_lo, 2 * stride);
      EXPECT_LE(w.b_hi - w.b_lo, 2 * stride);
      EXPECT_LE(w.a_lo + w.b_lo, d0);
      EXPECT_GE(a0, w.a_lo);
      EXPECT_LE(a0, w.a_hi);
    }
    // The split must be the merge path: a reference stable merge of the whole segment agrees.
    std::uint64_t ref_a = 0, ref_b = 0;
    while (ref_a + ref_b < d0) {
      const bool take_a = ref_b >= seg.len_b ||
                          (ref_a < seg.len_a && !(keys[seg.base + seg.len_a + ref_b] < keys[seg.base + ref_a]));
      take_a ? ++ref_a : ++ref_b;
    }
    EXPECT_EQ(a0, ref_a) << "d0=" << d0;
    if (a0 > a1 || d0 - a0 > d1 - a1) {
      ADD_FAILURE() << "splits out of order at d0=" << d0;
      return out;
    }
    const std::uint64_t lena = a1 - a0, lenb = (d1 - a1) - (d0 - a0);
    const std::uint64_t ab = seg.base + a0, bb = seg.base + seg.len_a + (d0 - a0);
    std::vector<std::uint32_t> ak(keys.begin() + ab, keys.begin() + ab + lena);
    std::vector<std::uint32_t> bk(keys.begin() + bb, keys.begin() + bb + lenb);
    std::vector<std::uint32_t> av(lena), bv(lenb), ok(lena + lenb), ov(ok.size());
    for (std::uint64_t i = 0; i < lena; ++i) av[i] = in[ab + i].index;
    for (std::uint64_t i = 0; i < lenb; ++i) bv[i] = in[bb + i].index;
    gsb::merge::serial_merge(ak.data(), av.data(), lena, bk.data(), bv.data(), lenb, ok.data(), ov.data(),
                             lena + lenb);
    for (std::size_t i = 0; i < ok.size(); ++i) {
      out[out0 + i] = Item{ok[i], ov[i]};
      ++written[out0 + i];
    }
  }
  for (std::size_t i = 0; i < in.size(); ++i) EXPECT_EQ(written[i], 1) << "output " << i;
  return out;
}

void check_sort(std::size_t n, std::uint64_t tile, std::uint64_t stride, std::uint32_t range, unsigned seed,
                std::uint64_t out_tile, bool ranked = true) {
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
  for (std::uint64_t w = tile; w < n; w *= 2) v = run_tile_pass(v, w, stride, out_tile, ranked);
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(v[i].key, ref[i].key) << "n=" << n << " i=" << i;
    ASSERT_EQ(v[i].index, ref[i].index) << "n=" << n << " i=" << i << " (stability)";
  }
}

TEST(PassGeometry, SortsEveryShape) {
  unsigned seed = 10;
  for (std::uint32_t range : {1u, 3u, 100u, 1u << 30})
    for (std::size_t n : {1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 1000, 4097})
      check_sort(n, 8, 4, range, seed++, 16);  // output tile = a whole first-pass segment
}

TEST(PassGeometry, StrideEqualsTileAndFewDistinctKeys) {
  for (std::size_t n : {64, 100, 1000}) {
    check_sort(n, 16, 16, 1u << 30, 1, 8);
    check_sort(n, 16, 8, 2, 2, 32);
  }
}

TEST(PassGeometry, EqualOutputTilesFromSampleWindows) {
  unsigned seed = 100;
  for (std::uint32_t range : {1u, 3u, 100u, 1u << 30})
    for (std::size_t n : {1, 2, 7, 8, 9, 17, 33, 64, 65, 100, 129, 1000, 4097})
      for (std::uint64_t out_tile : {4u, 8u, 16u}) {
        check_sort(n, 8, 4, range, seed++, out_tile);  // stride < tile
        check_sort(n, 8, 8, range, seed++, out_tile);  // stride = tile (the shipped keys-only choice)
      }
}

TEST(PassGeometry, WholeSegmentSearchWithoutSamples) {
  unsigned seed = 500;
  for (std::uint32_t range : {1u, 3u, 100u, 1u << 30})
    for (std::size_t n : {1, 2, 7, 8, 9, 17, 33, 64, 65, 100, 129, 1000, 4097})
      for (std::uint64_t out_tile : {4u, 16u}) check_sort(n, 8, 4, range, seed++, out_tile, false);
}

TEST(PassGeometry, GeometryOfShortLastSegment) {
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
