// sample-multi's planning on the host: what the GPUs will do with the splitters and counts, checked against
// brute force (backends/multi/sample_plan.hpp).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "driver/generate.hpp"
#include "gsb/key_codec.hpp"
#include "gsb/multi_gpu.hpp"
#include "multi/sample_plan.hpp"

namespace gsb::multi {
namespace {

TEST(ShardRange, EvenSplitCoversEveryElementOnce) {
  for (std::uint64_t n : {0ull, 1ull, 7ull, 1000ull, 4000000001ull})
    for (int G : {1, 2, 3, 8}) {
      std::uint64_t at = 0, lo = ~0ull, hi = 0;
      for (int g = 0; g < G; ++g) {
        const ShardRange r = shard_range(n, G, g);
        EXPECT_EQ(r.begin, at);
        at = r.end;
        lo = std::min(lo, r.size());
        hi = std::max(hi, r.size());
      }
      EXPECT_EQ(at, n);
      EXPECT_LE(hi - lo, 1u);
    }
}

TEST(SamplePosition, OnePerStratumAndEveryElementWhenFew) {
  const std::uint64_t m = 1000003, s = 4096;
  for (std::uint64_t j = 0; j < s; ++j) {
    const std::uint64_t i = sample_position(m, s, j, 42);
    EXPECT_GE(i, j * m / s);
    EXPECT_LT(i, (j + 1) * m / s);
  }
  for (std::uint64_t j = 0; j < 10; ++j) EXPECT_EQ(sample_position(10, 16, j, 7), j);
  // 64-bit shards: no overflow in the stratum bounds.
  const std::uint64_t big = 4000000000ull;
  EXPECT_LT(sample_position(big, 16384, 16383, 1), big);
  EXPECT_GE(sample_position(big, 16384, 16383, 1), big / 16384 * 16383);
}

TEST(ChooseSplitters, QuantilesOfTheSamples) {
  std::vector<KeyIndex> s;
  for (std::uint64_t i = 0; i < 1000; ++i) s.push_back({(i * 7919) % 1000, i});  // a permutation of 0..999
  const auto spl = choose_splitters(s, 4);
  ASSERT_EQ(spl.size(), 3u);
  EXPECT_EQ(spl[0].key, 250u);
  EXPECT_EQ(spl[1].key, 500u);
  EXPECT_EQ(spl[2].key, 750u);
  EXPECT_TRUE(std::is_sorted(spl.begin(), spl.end()));
  EXPECT_TRUE(choose_splitters(s, 1).empty());
  EXPECT_TRUE(choose_splitters({}, 8).empty());
}

TEST(ChooseSplitters, FewerSamplesThanBucketsRepeatRanks) {
  std::vector<KeyIndex> s{{3, 0}, {1, 1}, {2, 2}};
  const auto spl = choose_splitters(s, 8);
  ASSERT_EQ(spl.size(), 7u);
  EXPECT_TRUE(std::is_sorted(spl.begin(), spl.end()));
  EXPECT_EQ(spl.front().key, 1u);
  EXPECT_EQ(spl.back().key, 3u);
}

TEST(ChooseSplitters, EqualSubRanges) {
  const Config c = default_config(2, 4);
  const std::vector<double> q = splitter_quantiles(c);
  ASSERT_EQ(q.size(), 7u);
  for (std::size_t i = 0; i < q.size(); ++i) EXPECT_DOUBLE_EQ(q[i], (i + 1) / 8.0);
  std::vector<KeyIndex> s;
  for (std::uint64_t i = 0; i < 3200; ++i) s.push_back({i, i});
  const auto spl = choose_splitters(s, q);
  EXPECT_EQ(spl[0].key, 400u);
  EXPECT_EQ(spl[3].key, 1600u);  // the GPU boundary at the middle
  // Sub-range capacity: the mean sub-range with 30% slack plus six standard deviations of a bucket's 4096
  // samples.
  const Capacity cap = capacity(c, 8000000);
  EXPECT_EQ(cap.subrange_n, static_cast<std::uint64_t>(std::ceil(1000000 * (1.3 + 6.0 / 64))) + c.pad);
}

TEST(ChooseSplitters, EqualKeysAreSplitByIndex) {
  std::vector<KeyIndex> s;
  for (std::uint64_t i = 0; i < 800; ++i) s.push_back({5, 799 - i});
  const auto spl = choose_splitters(s, 8);
  ASSERT_EQ(spl.size(), 7u);
  for (int j = 0; j < 7; ++j) {
    EXPECT_EQ(spl[j].key, 5u);
    EXPECT_EQ(spl[j].index, std::uint64_t(j + 1) * 100);
  }
}

// Random splitters with many equal keys; every probe's bucket through the table equals the reference.
template <class Bits>
void check_table(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const int bits = 8 * sizeof(Bits);
  for (int B : {1, 2, 5, 16, 64, 256}) {
    std::vector<KeyIndex> samples;
    for (int i = 0; i < 4000; ++i) {
      std::uint64_t k = static_cast<Bits>(rng());
      if (i % 3 == 0) k = static_cast<Bits>(rng() % 4) << (bits - 3);  // clustered prefixes, duplicates
      samples.push_back({k, rng() % 100000});
    }
    const auto spl = choose_splitters(samples, B);
    const BucketTable t = make_bucket_table(spl, bits, 10);
    for (int i = 0; i < 20000; ++i) {
      KeyIndex x{static_cast<Bits>(rng()), rng() % 100000};
      if (i % 2) x = samples[rng() % samples.size()];  // on a splitter's key, either side of its index
      if (i % 5 == 0) x.index = spl.empty() ? 0 : spl[rng() % spl.size()].index;
      ASSERT_EQ(bucket_by_table(t, spl, x), bucket_of(spl, x)) << "B=" << B << " key=" << x.key;
    }
  }
}
TEST(BucketTable, AgreesWithBinarySearch32) { check_table<std::uint32_t>(1); }
TEST(BucketTable, AgreesWithBinarySearch64) { check_table<std::uint64_t>(2); }

TEST(SortEndBit, BitsBelowTheCommonPrefix) {
  EXPECT_EQ(sort_end_bit(0, 0xFFFFFFFFu, 32), 32);
  EXPECT_EQ(sort_end_bit(0x12000000u, 0x12FFFFFFu, 32), 24);
  EXPECT_EQ(sort_end_bit(0x12FFFFFFu, 0x13000000u, 32), 25);
  EXPECT_EQ(sort_end_bit(77, 77, 32), 0);
  EXPECT_EQ(sort_end_bit(0, ~0ull, 32), 32);  // a sentinel splitter beyond the key width
  EXPECT_EQ(sort_end_bit(1ull << 40, (1ull << 40) + 1, 64), 1);
}

TEST(BucketKeyBounds, SplittersBoundTheKeysAndTightenAtIndexZero) {
  const std::vector<KeyIndex> spl = {{100, 7}, {200, 0}, {200, 0}, {300, 5}, {0xFFFFFFFFull, ~0ull}};
  auto kb = [&](int b) { return bucket_key_bounds(spl, b, 32); };
  EXPECT_EQ(kb(0).lo, 0u);    // first bucket: from the smallest key
  EXPECT_EQ(kb(0).hi, 100u);  // (100, 7): copies of 100 with smaller indices are below it
  EXPECT_EQ(kb(1).lo, 100u);
  EXPECT_EQ(kb(1).hi, 199u);  // (200, 0): no 200 below it
  EXPECT_TRUE(kb(2).empty);   // between two equal splitters
  EXPECT_EQ(kb(3).lo, 200u);
  EXPECT_EQ(kb(3).hi, 300u);
  EXPECT_EQ(kb(4).hi, 0xFFFFFFFFull);
  EXPECT_EQ(kb(5).lo, 0xFFFFFFFFull);  // last bucket: to the largest key of the width
  EXPECT_EQ(kb(5).hi, 0xFFFFFFFFull);
  EXPECT_FALSE(kb(5).empty);
  EXPECT_TRUE(bucket_key_bounds({{0, 0}}, 0, 32).empty);  // nothing is below (0, 0)
  const auto pad = bucket_key_bounds({{~0ull, ~0ull}}, 1, 32);  // the padding splitter of too few samples
  EXPECT_TRUE(pad.empty);
  EXPECT_EQ(bucket_key_bounds({}, 0, 64).hi, ~0ull);
  EXPECT_THROW(bucket_key_bounds(spl, 6, 32), std::logic_error);
  // Every element's key lies in its bucket's bounds (random keys with heavy ties, random splitters).
  std::mt19937_64 rng(5);
  for (int round = 0; round < 50; ++round) {
    std::vector<KeyIndex> s(1 + rng() % 9);
    for (auto& x : s) x = {rng() % 64, (rng() % 3 == 0) ? 0 : rng() % 100};
    std::sort(s.begin(), s.end());
    for (int t = 0; t < 500; ++t) {
      const KeyIndex x{rng() % 64, rng() % 100};
      const KeyBounds k = bucket_key_bounds(s, bucket_of(s, x), 6);
      ASSERT_FALSE(k.empty);
      ASSERT_GE(x.key, k.lo);
      ASSERT_LE(x.key, k.hi);
    }
  }
}

// Counts with every shape; the layout must tile each part exactly, put kept buckets where the receives of
// the same sub-range would go, and pack the send buffer in bucket order.
TEST(Layout, TilesPartsAndSendBuffers) {
  std::mt19937_64 rng(3);
  for (int G : {1, 2, 3, 4})
    for (int k : {1, 2, 8}) {
      const int B = G * k;
      std::vector<std::uint64_t> counts(std::size_t(G) * B);
      for (auto& c : counts) c = rng() % 5 == 0 ? 0 : rng() % 1000;
      const Layout l = make_layout(counts, G, k);
      std::uint64_t total = 0;
      for (int g = 0; g < G; ++g) {
        std::uint64_t expect = 0;
        for (int j = 0; j < k; ++j) {
          std::uint64_t sub = 0;
          for (int p = 0; p < G; ++p) {
            EXPECT_EQ(recv_offset(l, g, j, p), l.subrange_begin[g * (k + 1) + j] + sub);
            sub += counts[std::size_t(p) * B + g * k + j];
          }
          EXPECT_EQ(l.subrange_n(g, j), sub);
          EXPECT_EQ(l.dest[std::size_t(g) * B + g * k + j], recv_offset(l, g, j, g));
          expect += sub;
        }
        EXPECT_EQ(l.part_n[g], expect);
        total += expect;
        std::uint64_t at = 0;
        for (int b = 0; b < B; ++b) {
          if (l.kept(g, b)) continue;
          EXPECT_EQ(send_offset(l, g, b), at);
          at += counts[std::size_t(g) * B + b];
        }
        EXPECT_EQ(l.send_n[g], at);
      }
      EXPECT_EQ(total, std::accumulate(counts.begin(), counts.end(), std::uint64_t{0}));
      EXPECT_EQ(l.max_part_n, *std::max_element(l.part_n.begin(), l.part_n.end()));
    }
}

// The whole planning path on real inputs: stratified samples of every shard, splitters, exact bucket counts;
// parts must fit the capacity and stay within 3% of n/G, even when every key is equal.
TEST(Balance, EveryDistributionStaysWithinAFewPercent) {
  const std::uint64_t n = 3000017;
  for (int G : {2, 3, 4})
    for (Distribution d : {Distribution::uniform, Distribution::sorted, Distribution::reverse, Distribution::few_unique,
                           Distribution::all_equal, Distribution::zipf, Distribution::entropy_0_201}) {
      const HostKeys keys = generate_keys(KeyType::u32, d, n, 11);
      const auto* k = keys.array.as<std::uint32_t>();
      const Config c = default_config(G);
      const Capacity cap = capacity(c, n);
      std::vector<KeyIndex> samples;
      for (int g = 0; g < G; ++g) {
        const ShardRange r = shard_range(n, G, g);
        const std::uint64_t s = std::min(c.samples_per_gpu, r.size());
        for (std::uint64_t j = 0; j < s; ++j) {
          const std::uint64_t i = r.begin + sample_position(r.size(), s, j, 99);
          samples.push_back({k[i], i});
        }
      }
      const int B = G * c.subranges;
      const auto spl = choose_splitters(samples, B);
      std::vector<std::uint64_t> counts(std::size_t(G) * B, 0);
      for (int g = 0; g < G; ++g) {
        const ShardRange r = shard_range(n, G, g);
        for (std::uint64_t i = r.begin; i < r.end; ++i) ++counts[std::size_t(g) * B + bucket_of(spl, {k[i], i})];
      }
      const Layout l = make_layout(counts, G, c.subranges);
      SCOPED_TRACE(std::string(to_string(d)) + " G=" + std::to_string(G));
      EXPECT_LE(balance(l, n), 1.03);
      EXPECT_LE(l.max_part_n, cap.part_n);
      EXPECT_LE(l.max_subrange_n, cap.subrange_n);
    }
}

// One pass: rooms planned from each GPU's own samples must hold its exact bucket counts (6 sigma), and the
// planned layout must put every piece of a sub-range inside its slot, the kept piece first, without overlap.
TEST(OnePass, RoomsHoldTheCountsAndPiecesTileTheSlots) {
  const std::uint64_t n = 3000017;
  struct Shape {
    int gpus, subranges;
  };
  // The last: 2 GPUs x 128 sub-ranges (256 buckets, 64 samples per GPU and bucket: rooms ~1.75x).
  for (const Shape shape : {Shape{1, 4}, Shape{2, 8}, Shape{3, 8}, Shape{2, 128}})
    for (Distribution d : {Distribution::uniform, Distribution::sorted, Distribution::few_unique, Distribution::all_equal,
                           Distribution::zipf}) {
      const int G = shape.gpus;
      const HostKeys keys = generate_keys(KeyType::u32, d, n, 12);
      const auto* k = keys.array.as<std::uint32_t>();
      Config c = default_config(G, shape.subranges);
      c.one_pass = true;
      const Capacity cap = capacity(c, n);
      const int B = G * c.subranges;
      std::vector<KeyIndex> samples;
      std::vector<int> source;
      std::vector<std::uint64_t> taken(G), shard(G);
      for (int g = 0; g < G; ++g) {
        const ShardRange r = shard_range(n, G, g);
        shard[g] = r.size();
        taken[g] = std::min(c.samples_per_gpu, r.size());
        for (std::uint64_t j = 0; j < taken[g]; ++j) {
          const std::uint64_t i = r.begin + sample_position(r.size(), taken[g], j, 5);
          samples.push_back({k[i], i});
          source.push_back(g);
        }
      }
      const auto spl = choose_splitters(samples, splitter_quantiles(c));
      std::vector<std::uint64_t> sample_counts(std::size_t(G) * B, 0), counts(std::size_t(G) * B, 0);
      for (std::size_t i = 0; i < samples.size(); ++i) ++sample_counts[std::size_t(source[i]) * B + bucket_of(spl, samples[i])];
      for (int g = 0; g < G; ++g) {
        const ShardRange r = shard_range(n, G, g);
        for (std::uint64_t i = r.begin; i < r.end; ++i) ++counts[std::size_t(g) * B + bucket_of(spl, {k[i], i})];
      }
      SCOPED_TRACE(std::string(to_string(d)) + " G=" + std::to_string(G) + " k=" + std::to_string(c.subranges));
      const RoomPlan plan = plan_rooms(sample_counts, taken, shard, G, c.subranges, cap.subrange_n, send_capacity(c, n), c.pad);
      ASSERT_TRUE(plan.fits);
      for (std::size_t i = 0; i < counts.size(); ++i) EXPECT_LE(counts[i], plan.room[i]);
      bool fits = false;
      const Layout l = make_planned_layout(counts, plan, G, c.subranges, &fits);
      EXPECT_TRUE(fits);
      for (int g = 0; g < G; ++g) {
        EXPECT_LE(plan.send_room[g], send_capacity(c, n));
        for (int j = 0; j < c.subranges; ++j) {
          const int b = g * c.subranges + j;
          std::vector<std::pair<std::uint64_t, std::uint64_t>> pieces;  // [begin, end) in g's landing buffer
          for (int p = 0; p < G; ++p)
            pieces.push_back({recv_offset(l, g, j, p), recv_offset(l, g, j, p) + counts[std::size_t(p) * B + b]});
          EXPECT_EQ(pieces[g].first, std::uint64_t(j) * plan.stride);  // the kept piece where the scatter put it
          EXPECT_EQ(l.dest[std::size_t(g) * B + b], pieces[g].first);
          std::sort(pieces.begin(), pieces.end());
          EXPECT_EQ(pieces.front().first, l.land_begin[g * (c.subranges + 1) + j]);
          for (std::size_t q = 1; q < pieces.size(); ++q) EXPECT_EQ(pieces[q].first, pieces[q - 1].second);
          EXPECT_LE(pieces.back().second, std::uint64_t(j + 1) * plan.stride);
        }
      }
      // A count beyond its room is reported.
      std::vector<std::uint64_t> more = counts;
      more[0] = plan.room[0] + 1;
      make_planned_layout(more, plan, G, c.subranges, &fits);
      EXPECT_FALSE(fits);
    }
}

TEST(MemoryPlan, TheTargetCaseFitsAnH200) {
  // 4e9 u32 keys over 2 GPUs: per GPU the input/output and landing buffers hold a part (2e9 * 1.1 + pad),
  // the send buffer a shard (2e9), the local sort's scratch a sub-range (1/8 of a part, 30% slack) twice.
  const Config c = default_config(2);
  const std::uint64_t n = 4000000000ull;
  const Capacity cap = capacity(c, n);
  EXPECT_EQ(cap.part_n, 2200000000ull + c.pad);
  // 1/8 of a part with 30% slack plus six standard deviations of a bucket of 2048 samples (6/sqrt(2048)).
  EXPECT_EQ(cap.subrange_n, static_cast<std::uint64_t>(std::ceil(250000000.0 * (1.3 + 6.0 / std::sqrt(2048.0)))) + c.pad);
  const MemoryPlan m = memory_plan(c, n, 4, 0, [](std::uint64_t s) { return 2 * s * 4; }, 1 << 20);
  EXPECT_EQ(m.input_bytes, cap.part_n * 4);
  EXPECT_EQ(m.land_bytes, cap.part_n * 4);
  EXPECT_EQ(m.send_bytes, 2000000000ull * 4);
  EXPECT_EQ(m.sort_bytes, 2 * cap.subrange_n * 4);
  EXPECT_LT(m.total(), 30ull << 30);  // ~28.4 GB of the H200's 141 GB
  const MemoryPlan one = memory_plan(default_config(1), 1000, 4, 4, [](std::uint64_t) { return 0; }, 0);
  EXPECT_EQ(one.send_bytes, 0u);  // one GPU sends nothing
}

TEST(Config, SubRangesAndLimits) {
  EXPECT_EQ(default_config(1).subranges, 1);
  EXPECT_EQ(default_config(2).subranges, 8);
  EXPECT_EQ(default_config(2, 3).subranges, 3);
  EXPECT_THROW(default_config(0), std::logic_error);
  EXPECT_EQ(default_config(2, 128).subranges, 128);
  EXPECT_THROW(default_config(2, 129), std::logic_error);
}

}  // namespace
}  // namespace gsb::multi
