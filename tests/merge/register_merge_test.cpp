// Host tests of merge-samples' register merge (backends/merge/detail/register_merge.hpp) against std::merge:
// full and partial counts at every thread share, duplicates (stability via positions).
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "merge/merge_path.hpp"
#include "merge/detail/register_merge.hpp"

namespace {

using gsb::merge::merge_path;
using gsb::merge::merge_to_registers;
using gsb::merge::merge_to_registers_sentinel;
using gsb::merge::merge_two_to_registers;

struct Case {
  std::vector<std::uint32_t> keys;  // A then B, one spare slot at the end
  int la, lb;
  std::vector<int> ref_src;         // stable merge order as source positions
};

Case make_case(std::mt19937& rng, int la, int lb, std::uint32_t range) {
  std::uniform_int_distribution<std::uint32_t> d(0, range - 1);
  Case c{std::vector<std::uint32_t>(la + lb + 1, 0xffffffffu), la, lb, {}};
  for (int i = 0; i < la + lb; ++i) c.keys[i] = d(rng);
  std::sort(c.keys.begin(), c.keys.begin() + la);
  std::sort(c.keys.begin() + la, c.keys.begin() + la + lb);
  std::vector<int> a(la), b(lb);
  for (int i = 0; i < la; ++i) a[i] = i;
  for (int i = 0; i < lb; ++i) b[i] = la + i;
  c.ref_src.resize(la + lb);
  std::merge(a.begin(), a.end(), b.begin(), b.end(), c.ref_src.begin(),
             [&](int x, int y) { return c.keys[x] < c.keys[y]; });
  return c;
}

TEST(RegisterMerge, MatchesStdMergeForEveryThreadShare) {
  constexpr int I = 8;
  std::mt19937 rng(5);
  for (std::uint32_t range : {1u, 4u, 1000u})
    for (int la : {0, 1, 7, 8, 20, 64})
      for (int lb : {0, 1, 9, 16, 33}) {
        const Case c = make_case(rng, la, lb, range);
        const int len = la + lb;
        const std::uint32_t* keys = c.keys.data();
        for (int d0 = 0; d0 < len; d0 += I) {
          const int count = std::min(I, len - d0);
          const int ia = merge_path(keys, la, keys + la, lb, d0);
          std::uint32_t key[I];
          int src[I];
          if (count == I)
            merge_to_registers<I, true>(keys, ia, la, la + d0 - ia, len, I, key, src);
          else
            merge_to_registers<I, false>(keys, ia, la, la + d0 - ia, len, count, key, src);
          for (int i = 0; i < count; ++i) {
            EXPECT_EQ(src[i], c.ref_src[d0 + i]) << la << " " << lb << " d0=" << d0 << " i=" << i;
            EXPECT_EQ(key[i], c.keys[c.ref_src[d0 + i]]);
          }
        }
      }
}

// The clamped variant reads nothing at or past b_end and merges the same.
struct Guarded {
  const std::uint32_t* keys;
  int end;
  int* max_read;
  std::uint32_t operator[](int i) const {
    *max_read = std::max(*max_read, i);
    return keys[i];
  }
};

TEST(RegisterMerge, ClampedReadsStayInsideTheRuns) {
  constexpr int I = 8;
  std::mt19937 rng(6);
  for (std::uint32_t range : {1u, 4u, 1000u})
    for (int la : {1, 7, 8, 20, 64})
      for (int lb : {1, 9, 16, 33}) {
        const Case c = make_case(rng, la, lb, range);
        const int len = la + lb;
        for (int d0 = 0; d0 + I <= len; d0 += I) {
          const int ia = merge_path(c.keys.data(), la, c.keys.data() + la, lb, d0);
          int max_read = -1;
          std::uint32_t key[I];
          int src[I];
          merge_to_registers<I, true, true>(Guarded{c.keys.data(), len, &max_read}, ia, la, la + d0 - ia, len, I,
                                            key, src);
          EXPECT_LT(max_read, len) << la << " " << lb << " d0=" << d0;
          for (int i = 0; i < I; ++i) EXPECT_EQ(src[i], c.ref_src[d0 + i]);
        }
      }
}

// Keys alone against sentinels: A, Items largest keys, B, Items largest keys, with real largest keys among the keys,
// so that a sentinel and an equal real key meet. Every thread share gives std::merge's keys, and no read passes B's
// sentinels. (With one sentinel fewer a run of equal largest keys reads into B: checked, it fails.)
TEST(RegisterMerge, SentinelMergeMatchesStdMergeAndStaysInItsRuns) {
  constexpr int I = 8;
  constexpr std::uint32_t top = 0xffffffffu;
  std::mt19937 rng(7);
  for (std::uint32_t range : {1u, 4u, 1000u})
    for (bool with_top : {false, true})
      for (int la : {0, 1, 7, 8, 20, 64})
        for (int lb : {0, 1, 9, 16, 33}) {
          std::uniform_int_distribution<std::uint32_t> d(0, range - 1);
          std::vector<std::uint32_t> a(la), b(lb);
          for (auto& k : a) k = with_top && d(rng) == 0 ? top : d(rng);
          for (auto& k : b) k = with_top && d(rng) == 0 ? top : d(rng);
          std::sort(a.begin(), a.end());
          std::sort(b.begin(), b.end());
          std::vector<std::uint32_t> merged(la + lb);
          std::merge(a.begin(), a.end(), b.begin(), b.end(), merged.begin());
          const int b_at = la + I, end = b_at + lb + I;
          std::vector<std::uint32_t> slots(end, top);
          std::copy(a.begin(), a.end(), slots.begin());
          std::copy(b.begin(), b.end(), slots.begin() + b_at);
          for (int d0 = 0; d0 < la + lb; d0 += I) {
            const int ia = merge_path(slots.data(), la, slots.data() + b_at, lb, d0);
            int max_read = -1;
            std::uint32_t key[I];
            merge_to_registers_sentinel<I>(Guarded{slots.data(), end, &max_read}, ia, b_at + d0 - ia, key);
            EXPECT_LT(max_read, end) << la << " " << lb << " d0=" << d0;
            for (int i = 0; i < I && d0 + i < la + lb; ++i)
              EXPECT_EQ(key[i], merged[d0 + i]) << la << " " << lb << " d0=" << d0 << " i=" << i;
          }
        }
}

// Two merges laid end to end (the four-way pass with values): runs A, B, C, D side by side and one spare slot; every
// thread share of merge(A, B) ++ merge(C, D), including the one that straddles the two, gives std::merge's stable
// order of each (as positions), and no read passes the spare slot.
TEST(RegisterMerge, TwoMergesEndToEndMatchStdMergeAtEveryThreadShare) {
  constexpr int I = 8;
  std::mt19937 rng(8);
  for (std::uint32_t range : {1u, 4u, 1000u})
    for (int la : {0, 1, 7, 20})
      for (int lb : {0, 3, 9})
        for (int lc : {0, 1, 8, 13})
          for (int ld : {0, 5, 16}) {
            const int l[4] = {la, lb, lc, ld};
            const int c1 = la, c2 = c1 + lb, c3 = c2 + lc, len = c3 + ld;
            std::uniform_int_distribution<std::uint32_t> d(0, range - 1);
            std::vector<std::uint32_t> keys(len + 1, 0xffffffffu);
            for (int i = 0; i < len; ++i) keys[i] = d(rng);
            int at = 0;
            for (int x = 0; x < 4; ++x) {
              std::sort(keys.begin() + at, keys.begin() + at + l[x]);
              at += l[x];
            }
            // The stable order of each merge, as positions in keys.
            std::vector<int> ref(len);
            auto stable_merge = [&](int a0, int a1, int b1, int out) {
              std::vector<int> a, b;
              for (int i = a0; i < a1; ++i) a.push_back(i);
              for (int i = a1; i < b1; ++i) b.push_back(i);
              std::merge(a.begin(), a.end(), b.begin(), b.end(), ref.begin() + out,
                         [&](int x, int y) { return keys[x] < keys[y]; });
            };
            stable_merge(0, c1, c2, 0);
            stable_merge(c2, c3, len, c2);
            const std::uint32_t* k = keys.data();
            for (int p0 = 0; p0 < len; p0 += I) {
              const int count = std::min(I, len - p0);
              const bool in_ab = p0 < c2;
              const int dc = in_ab ? 0 : p0 - c2;
              const int ia = in_ab ? merge_path(k, c1, k + c1, lb, p0) : 0;
              const int ic = in_ab ? 0 : merge_path(k + c2, lc, k + c3, ld, dc);
              int max_read = -1;
              const Guarded g{k, len + 1, &max_read};
              std::uint32_t key[I];
              int src[I];
              if (in_ab)
                merge_two_to_registers<I>(g, ia, c1, c1 + (p0 - ia), c2, c2 + ic, c3, c3 + (dc - ic), len, c2 - p0,
                                          count, key, src);
              else
                merge_two_to_registers<I>(g, c2 + ic, c3, c3 + (dc - ic), len, 0, 0, 0, 0, I, count, key, src);
              EXPECT_LE(max_read, len) << la << " " << lb << " " << lc << " " << ld << " p0=" << p0;
              for (int i = 0; i < count; ++i) {
                EXPECT_EQ(src[i], ref[p0 + i]) << la << " " << lb << " " << lc << " " << ld << " p0=" << p0 << " " << i;
                EXPECT_EQ(key[i], keys[ref[p0 + i]]);
              }
            }
          }
}

}  // namespace
