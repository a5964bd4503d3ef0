// Host tests of backends/merge/merge_path.hpp against the standard library: ranks vs lower/upper_bound,
// merge_path vs the split that std::merge (stable: equal keys of the first range first) makes at every
// diagonal, serial_merge vs std::merge on (key, tag) pairs, including duplicates and empty sides.
#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "merge/merge_path.hpp"

namespace {

using gsb::NoValue;
using gsb::merge::merge_path;
using gsb::merge::rank_exclusive;
using gsb::merge::rank_inclusive;
using gsb::merge::serial_merge;

// Sorted keys in [0, range): a small range gives many duplicates.
std::vector<std::uint32_t> sorted_keys(std::mt19937_64& rng, std::size_t len, std::uint32_t range) {
  std::uniform_int_distribution<std::uint32_t> d(0, range - 1);
  std::vector<std::uint32_t> v(len);
  for (auto& x : v) x = d(rng);
  std::sort(v.begin(), v.end());
  return v;
}

// (key, tag) with tag = 0 for A, 1 for B, and the index within the run: the stable merge reference.
struct Tagged {
  std::uint32_t key;
  std::uint32_t tag;
  bool operator<(const Tagged& o) const { return key < o.key; }
};

std::vector<Tagged> reference_merge(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  std::vector<Tagged> ta, tb, out(a.size() + b.size());
  for (std::size_t i = 0; i < a.size(); ++i) ta.push_back({a[i], static_cast<std::uint32_t>(i)});
  for (std::size_t i = 0; i < b.size(); ++i) tb.push_back({b[i], static_cast<std::uint32_t>(1u << 31 | i)});
  std::merge(ta.begin(), ta.end(), tb.begin(), tb.end(), out.begin());
  return out;
}

struct Shape {
  std::size_t a, b;
  std::uint32_t range;
};
const Shape shapes[] = {{0, 0, 10},   {0, 7, 10},     {7, 0, 10},    {1, 1, 2},       {1, 1, 1},
                        {5, 9, 3},    {16, 16, 1},    {33, 17, 4},   {100, 3, 1000},  {3, 100, 1000},
                        {257, 255, 2}, {1000, 1000, 50}, {513, 1024, 1u << 30}, {64, 64, 64}};

TEST(MergePath, RanksMatchStdBounds) {
  std::mt19937_64 rng(1);
  for (const Shape& s : shapes) {
    const auto a = sorted_keys(rng, s.a, s.range);
    for (std::uint32_t key = 0; key < std::min<std::uint32_t>(s.range + 2, 2000); ++key) {
      const auto lo = std::lower_bound(a.begin(), a.end(), key) - a.begin();
      const auto hi = std::upper_bound(a.begin(), a.end(), key) - a.begin();
      EXPECT_EQ(rank_exclusive(a.data(), std::uint64_t{a.size()}, key), std::uint64_t(lo));
      EXPECT_EQ(rank_inclusive(a.data(), std::uint64_t{a.size()}, key), std::uint64_t(hi));
      EXPECT_EQ(rank_exclusive(a.data(), std::uint32_t(a.size()), key), std::uint32_t(lo));  // 32-bit index
    }
  }
}

TEST(MergePath, SplitMatchesStableMergeAtEveryDiagonal) {
  std::mt19937_64 rng(2);
  for (const Shape& s : shapes) {
    for (int rep = 0; rep < 5; ++rep) {
      const auto a = sorted_keys(rng, s.a, s.range);
      const auto b = sorted_keys(rng, s.b, s.range);
      const auto ref = reference_merge(a, b);
      std::uint64_t from_a = 0;
      for (std::uint64_t diag = 0; diag <= a.size() + b.size(); ++diag) {
        EXPECT_EQ(merge_path(a.data(), std::uint64_t{a.size()}, b.data(), std::uint64_t{b.size()}, diag), from_a)
            << "a=" << s.a << " b=" << s.b << " diag=" << diag;
        if (diag < ref.size() && !(ref[diag].tag >> 31)) ++from_a;
      }
    }
  }
}

TEST(MergePath, SerialMergeIsStableAndCarriesValues) {
  std::mt19937_64 rng(3);
  for (const Shape& s : shapes) {
    const auto a = sorted_keys(rng, s.a, s.range);
    const auto b = sorted_keys(rng, s.b, s.range);
    const auto ref = reference_merge(a, b);
    std::vector<std::uint32_t> av(a.size()), bv(b.size());
    for (std::size_t i = 0; i < a.size(); ++i) av[i] = static_cast<std::uint32_t>(i);
    for (std::size_t i = 0; i < b.size(); ++i) bv[i] = static_cast<std::uint32_t>(1u << 31 | i);
    // Every prefix length, so the partial merges the block kernels do are covered too.
    for (std::uint64_t count : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t(ref.size() / 2),
                                std::uint64_t(ref.size())}) {
      if (count > ref.size()) continue;
      std::vector<std::uint32_t> out(count + 1, 0xdeadbeef), out_v(count + 1, 0xdeadbeef);
      serial_merge(a.data(), av.data(), std::uint64_t{a.size()}, b.data(), bv.data(), std::uint64_t{b.size()},
                   out.data(), out_v.data(), count);
      for (std::uint64_t k = 0; k < count; ++k) {
        EXPECT_EQ(out[k], ref[k].key);
        EXPECT_EQ(out_v[k], ref[k].tag);  // ties: A's element first, each run's order kept
      }
      EXPECT_EQ(out[count], 0xdeadbeefu);  // nothing written past count
    }
  }
}

TEST(MergePath, SerialMergeKeysOnlyAndTransform) {
  // A transform that reverses the order on load (as the descending KeyCodec does) and undoes it on store.
  struct Flip {
    std::uint32_t load(std::uint32_t k) const { return ~k; }
    std::uint32_t store(std::uint32_t k) const { return ~k; }
  };
  std::mt19937_64 rng(4);
  auto a = sorted_keys(rng, 300, 40), b = sorted_keys(rng, 200, 40);
  std::reverse(a.begin(), a.end());  // descending raw keys are ascending once loaded through Flip
  std::reverse(b.begin(), b.end());
  std::vector<std::uint32_t> out(a.size() + b.size());
  serial_merge<std::uint32_t, NoValue, std::uint64_t, Flip>(a.data(), nullptr, a.size(), b.data(), nullptr,
                                                             b.size(), out.data(), nullptr, out.size(), Flip{});
  std::vector<std::uint32_t> ref(a);
  ref.insert(ref.end(), b.begin(), b.end());
  std::sort(ref.begin(), ref.end(), std::greater<>());
  EXPECT_EQ(out, ref);
}

TEST(MergePath, SixtyFourBitKeysAndIndices) {
  std::vector<std::uint64_t> a{1, 5, 5, std::uint64_t{1} << 40}, b{0, 5, (std::uint64_t{1} << 40) + 1};
  EXPECT_EQ(merge_path(a.data(), std::uint64_t{4}, b.data(), std::uint64_t{3}, std::uint64_t{4}), 3u);
  EXPECT_EQ(rank_exclusive(a.data(), std::uint64_t{4}, std::uint64_t{5}), 1u);
  EXPECT_EQ(rank_inclusive(a.data(), std::uint64_t{4}, std::uint64_t{5}), 3u);
}

}  // namespace
