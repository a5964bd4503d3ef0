// Host tests of backends/radix/pass_plan.hpp: the digit passes of every key width, the temp layout, and
// the device-side skipping of constant-digit passes, emulated end to end with a host LSD sort.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "gsb/dispatch.hpp"
#include "gsb/key_codec.hpp"
#include "gsb/types.hpp"
#include "radix/ladder/ladder.hpp"
#include "radix/pass_plan.hpp"
#include "radix/onesweep/hybrid.hpp"
#include "radix/onesweep/onesweep.hpp"

namespace gsb::radix {
namespace {

TEST(RadixPassPlan, CoversEveryBitOnceLeastSignificantFirst) {
  for (int key_bits : {8, 16, 32, 64})
    for (int digit_bits = 1; digit_bits <= 16; ++digit_bits) {
      const auto passes = plan_passes(key_bits, digit_bits);
      ASSERT_EQ(passes.size(), static_cast<std::size_t>((key_bits + digit_bits - 1) / digit_bits));
      int next = 0;
      for (std::size_t i = 0; i < passes.size(); ++i) {
        EXPECT_EQ(passes[i].shift, next);
        EXPECT_GE(passes[i].width, 1);
        EXPECT_LE(passes[i].width, digit_bits);
        if (i + 1 < passes.size()) {
          EXPECT_EQ(passes[i].width, digit_bits);  // only the top pass is narrower
        }
        next += passes[i].width;
      }
      EXPECT_EQ(next, key_bits);
    }
}

TEST(RadixPassPlan, WideDigitsNeedFewerPasses) {
  EXPECT_EQ(plan_passes(32, 8).size(), 4u);
  EXPECT_EQ(plan_passes(32, 11).size(), 3u);
  EXPECT_EQ(plan_passes(64, 8).size(), 8u);
  EXPECT_EQ(plan_passes(64, 11).size(), 6u);
  EXPECT_EQ(plan_passes(32, 1).size(), 32u);
  EXPECT_TRUE(plan_passes(0, 8).empty());
}

TEST(RadixPassPlan, ResultHalfFollowsParity) {
  EXPECT_EQ(result_half(0), 0);
  EXPECT_EQ(result_half(1), 1);
  EXPECT_EQ(result_half(4), 0);
  EXPECT_EQ(result_half(3), 1);
}

TEST(RadixTempLayout, SizingAndPlacingAgree) {
  TempLayout sizing;
  sizing.take<std::uint64_t>(3);
  sizing.take<unsigned>(1000);
  sizing.take<char>(0);
  sizing.take<std::uint64_t>(7);
  std::vector<unsigned char> block(sizing.bytes() + TempLayout::alignment);
  unsigned char* base = block.data();
  TempLayout placing(base);
  auto* a = placing.take<std::uint64_t>(3);
  auto* b = placing.take<unsigned>(1000);
  placing.take<char>(0);
  auto* c = placing.take<std::uint64_t>(7);
  EXPECT_EQ(placing.bytes(), sizing.bytes());
  EXPECT_EQ(reinterpret_cast<unsigned char*>(a), base);
  EXPECT_EQ((reinterpret_cast<unsigned char*>(b) - base) % TempLayout::alignment, 0);
  EXPECT_GE(reinterpret_cast<unsigned char*>(b), reinterpret_cast<unsigned char*>(a + 3));
  EXPECT_GE(reinterpret_cast<unsigned char*>(c), reinterpret_cast<unsigned char*>(b + 1000));
  EXPECT_LE(reinterpret_cast<unsigned char*>(c + 7), base + sizing.bytes());
}

TEST(RadixPassSkipping, RunsEveryNeededPassAndEndsInTheAnnouncedHalf) {
  for (int passes = 1; passes <= 8; ++passes)
    for (std::uint64_t skippable = 0; skippable < (std::uint64_t{1} << passes); ++skippable) {
      const std::uint64_t run = passes_to_run(skippable, passes);
      const std::uint64_t all = (std::uint64_t{1} << passes) - 1;
      EXPECT_EQ(run & ~all, 0u);
      EXPECT_EQ(run & (all & ~skippable), all & ~skippable) << "a needed pass was skipped";
      const int count = __builtin_popcountll(run);
      EXPECT_EQ(count % 2, passes % 2) << "result would not be in half P % 2";
      EXPECT_LE(count, __builtin_popcountll(all & ~skippable) + 1);
      // Roles: halves alternate from 0, exactly one first and one last among the passes that run.
      int firsts = 0, lasts = 0, half = 0;
      for (int p = 0; p < passes; ++p) {
        const PassRole r = pass_role(run, p);
        EXPECT_EQ(r.run, ((run >> p) & 1u) != 0);
        if (!r.run) continue;
        EXPECT_EQ(r.src_half, half);
        half = 1 - half;
        firsts += r.first;
        lasts += r.last;
      }
      EXPECT_EQ(firsts, count > 0 ? 1 : 0);
      EXPECT_EQ(lasts, count > 0 ? 1 : 0);
      EXPECT_EQ(half, result_half(passes));
    }
}

// The whole `radix` pass pipeline on the host: histograms of every pass, skippable passes, stable counting
// sorts of the passes that run between two halves, codec applied only by the first and last pass that run.
template <class Bits>
std::vector<Bits> emulate_radix(const std::vector<Bits>& in, const KeyCodec<Bits>& codec, int digit_bits,
                                int* result) {
  const int key_bits = 8 * sizeof(Bits);
  const auto passes = plan_passes(key_bits, digit_bits);
  const int P = static_cast<int>(passes.size());
  std::uint64_t skippable = 0;
  for (int p = 0; p < P; ++p) {
    std::vector<std::uint64_t> hist(std::size_t{1} << passes[p].width, 0);
    for (Bits k : in) ++hist[(codec.encode(k) >> passes[p].shift) & ((std::uint64_t{1} << passes[p].width) - 1)];
    if (std::any_of(hist.begin(), hist.end(), [&](std::uint64_t c) { return c == in.size(); }))
      skippable |= std::uint64_t{1} << p;
  }
  std::vector<Bits> half[2] = {in, std::vector<Bits>(in.size(), Bits{0x5a})};
  const std::uint64_t run = passes_to_run(skippable, P);
  for (int p = 0; p < P; ++p) {
    const PassRole r = pass_role(run, p);
    if (!r.run) continue;
    const KeyCodec<Bits> cin = r.first ? codec : KeyCodec<Bits>{};
    const KeyCodec<Bits> cout = r.last ? codec : KeyCodec<Bits>{};
    const auto& src = half[r.src_half];
    auto& dst = half[1 - r.src_half];
    const std::uint64_t mask = (std::uint64_t{1} << passes[p].width) - 1;
    std::vector<std::uint64_t> start(mask + 2, 0);
    for (Bits k : src) ++start[((cin.encode(k) >> passes[p].shift) & mask) + 1];
    for (std::size_t d = 1; d < start.size(); ++d) start[d] += start[d - 1];
    for (Bits k : src) {
      const Bits e = cin.encode(k);
      dst[start[(e >> passes[p].shift) & mask]++] = cout.decode(e);
    }
  }
  *result = result_half(passes.size());
  return half[*result];
}

template <class Bits>
void check_emulation(KeyType type, Order order, int digit_bits, int dist) {
  std::mt19937_64 rng(static_cast<unsigned>(digit_bits * 131 + dist));
  std::vector<Bits> keys(777);
  for (auto& k : keys) {
    const std::uint64_t r = rng();
    k = dist == 0 ? static_cast<Bits>(r) : dist == 1 ? static_cast<Bits>(42) : static_cast<Bits>((r % 3) << 4);
  }
  const KeyCodec<Bits> codec = make_codec<Bits>(type, order);
  int result = -1;
  const auto out = emulate_radix(keys, codec, digit_bits, &result);
  auto want = keys;
  std::stable_sort(want.begin(), want.end(),
                   [&](Bits a, Bits b) { return codec.encode(a) < codec.encode(b); });
  EXPECT_EQ(out, want) << "digit_bits=" << digit_bits << " dist=" << dist;
}

TEST(RadixPassSkipping, HostEmulationSortsEveryKindOfInput) {
  for (int bits : {1, 3, 8, 11})
    for (int dist = 0; dist < 3; ++dist)
      for (Order o : all_orders) {
        check_emulation<std::uint8_t>(KeyType::u8, o, bits, dist);
        check_emulation<std::uint16_t>(KeyType::u16, o, bits, dist);
        check_emulation<std::uint32_t>(KeyType::f32, o, bits, dist);
        check_emulation<std::uint32_t>(KeyType::i32, o, bits, dist);
        check_emulation<std::uint64_t>(KeyType::i64, o, bits, dist);
        check_emulation<std::uint64_t>(KeyType::f64, o, bits, dist);
      }
}

TEST(RadixTemp, LadderTablesScaleWithBucketsAndTiles) {
  SortProblem p;
  p.n = 1000000;
  // 2^r entries of 8 bytes per block, plus the scan's own levels.
  EXPECT_GE(tiled_temp_bytes(p, 8, 1), 256u * ((p.n + tiled_threads - 1) / tiled_threads) * 8);
  EXPECT_LT(tiled_temp_bytes(p, 4, tiled_coarse_items), tiled_temp_bytes(p, 4, 1));
  EXPECT_GE(naive_temp_bytes(p), p.n * 8);
  EXPECT_EQ(exclusive_scan_temp_bytes(2048), 0u);
  EXPECT_GT(exclusive_scan_temp_bytes(2049), 0u);
}

TEST(RadixOnesweep, PortionFitsTheLookbackCount) {
  // Inclusive counts of one portion must fit the 28-bit count of a lookback word.
  EXPECT_LT(onesweep::max_portion_items, std::uint64_t{1} << onesweep::status_count_bits);
  EXPECT_GE(onesweep::max_portion_items, std::uint64_t{100000000});  // n = 1e8 runs as one portion
}

TEST(RadixHybrid, TakenFromItsThresholdWhileUniformBucketsFit) {
  using onesweep::hybrid_applies;
  const std::uint64_t first = onesweep::hybrid_min_items(4, 0);  // u32 keys alone
  constexpr std::uint64_t hopper_keys = 28000;  // about a Hopper block's capacity for keys alone
  EXPECT_FALSE(hybrid_applies(0, hopper_keys, first));
  EXPECT_FALSE(hybrid_applies(first - 1, hopper_keys, first));
  EXPECT_TRUE(hybrid_applies(first, hopper_keys, first));
  EXPECT_TRUE(hybrid_applies(100000000, hopper_keys, first));  // the headline size takes it
  EXPECT_TRUE(hybrid_applies(onesweep::max_portion_items + 1, hopper_keys, first));  // the first pass in portions
  EXPECT_TRUE(hybrid_applies(std::uint64_t{1} << 28, hopper_keys, first));
  EXPECT_TRUE(hybrid_applies(std::uint64_t{1} << 30, hopper_keys, first));  // 16384 per bucket on average
  EXPECT_FALSE(hybrid_applies(std::uint64_t{1} << 31, hopper_keys, first));  // 32768: past the capacity
  EXPECT_TRUE(hybrid_applies(std::uint64_t{1} << 32, 1u << 30, first));  // 65536 per bucket on average
  EXPECT_FALSE(hybrid_applies(onesweep::hybrid_max_items + 1, 1u << 30, first));  // past it, whatever fits
  // The smallest capacity a band may have holds uniform buckets to 2^27 (2048 + 362), not to 2^28 (4096 + 512).
  EXPECT_TRUE(hybrid_applies((std::uint64_t{1} << 27) - 1, onesweep::min_bucket_capacity, first));
  EXPECT_FALSE(hybrid_applies(std::uint64_t{1} << 28, onesweep::min_bucket_capacity, first));
  EXPECT_TRUE(hybrid_applies(100000000, 1840, first));   // 1526 keys on average, 1838 with 8 standard deviations
  EXPECT_FALSE(hybrid_applies(100000000, 1836, first));
  EXPECT_TRUE(hybrid_applies(1000000000, 26864, first));  // 16247 keys a bucket with 8 standard deviations
}

TEST(RadixHybrid, ThresholdByKeyAndValueWidth) {
  // Where the path beat the LSD passes with it forced (H200, 2026-11-30 and 2026-12-02), and skewed keys' fallback
  // stays above cub-radix: 8-byte keys from 2^21, 1.5e6 with 8-byte values; 4-byte keys from 2^22 with every value
  // type (with 4-byte values from 7e6 until session 71); floats as their integers.
  using onesweep::hybrid_first_items;
  using onesweep::hybrid_min_items;
  EXPECT_EQ(hybrid_min_items(4, 0), 4194304u);
  EXPECT_EQ(hybrid_min_items(4, 4), 4194304u);
  EXPECT_EQ(hybrid_min_items(4, 8), 4194304u);
  for (int value_bytes : {0, 4}) EXPECT_EQ(hybrid_min_items(8, value_bytes), 2097152u);
  EXPECT_EQ(hybrid_min_items(8, 8), 1500000u);
  // The grid's 1e7 takes the path with every type; 1e6 with none.
  for (int key_bytes : {4, 8})
    for (int value_bytes : {0, 4, 8}) {
      EXPECT_GE(std::uint64_t{10000000}, hybrid_min_items(key_bytes, value_bytes));
      EXPECT_LT(std::uint64_t{1000000}, hybrid_min_items(key_bytes, value_bytes));
    }
  // A test threshold (GSB_RADIX_HYBRID_MIN_N) replaces every width's; it moves the lower end only.
  EXPECT_EQ(hybrid_first_items(8, 8, 2), 2u);
  EXPECT_EQ(hybrid_first_items(4, 0, 0), hybrid_min_items(4, 0));
  constexpr std::uint64_t hopper_keys = 28000;
  EXPECT_TRUE(onesweep::hybrid_applies(2, hopper_keys, hybrid_first_items(4, 0, 2)));
  EXPECT_FALSE(onesweep::hybrid_applies(1, hopper_keys, hybrid_first_items(4, 0, 2)));
  EXPECT_FALSE(onesweep::hybrid_applies(std::uint64_t{1} << 31, hopper_keys, hybrid_first_items(4, 0, 2)));
}

// Past the histogram: every bucket within a block's capacity, or the ones past it sorted one block each through
// global memory where few and not too large, else by segmented passes where not too many; otherwise the LSD passes.
// The skew sample never judges uniform keys skewed: a bin's count of its sample_keys / 2^sample_bin_bits = 4 expected
// samples is Poisson; the share of samples in bins past sample_heavy_above stays far below 1 / sample_heavy_share
// wherever the path is tried. (Capped at a block's capacity, the threshold gave 21% at u32 keys' 2^30.)
TEST(RadixHybrid, SampleNeverJudgesUniformKeysSkewed) {
  using namespace onesweep;
  const double mean_count = static_cast<double>(sample_keys) / (1 << sample_bin_bits);
  auto poisson_at_least = [&](int k) {  // P(count >= k)
    double term = std::exp(-mean_count), below = 0;
    for (int i = 0; i < k; ++i, term *= mean_count / i) below += term;
    return 1 - below;
  };
  for (double x = static_cast<double>(hybrid_min_items(8, 8)); x <= static_cast<double>(hybrid_max_items);
       x *= 1.05) {  // from the lowest width's threshold
    const auto n = static_cast<std::uint64_t>(x);
    const double per_bucket = static_cast<double>(n) / sample_keys / 16;  // one sample, spread over a bin's buckets
    int k = 1;  // the fewest samples of a heavy bin
    while (k * per_bucket <= sample_heavy_above(n)) ++k;
    // The share of samples in bins of k or more: E[c; c >= k] / mean = P(count >= k - 1).
    EXPECT_LT(poisson_at_least(k - 1) * sample_heavy_share, 0.5) << n;
  }
  // The same with drawn keys, the sample's own count (8-byte keys' top bits alike): u32 keys at 2^30 and 2^33.
  std::mt19937 rng(20261128);
  for (const std::uint64_t n : {std::uint64_t{1} << 30, hybrid_max_items}) {
    std::vector<unsigned> bins(1u << sample_bin_bits);
    for (int i = 0; i < sample_keys; ++i) ++bins[rng() >> (32 - sample_bin_bits)];
    unsigned heavy = 0;
    for (const unsigned c : bins)
      if (c * (static_cast<double>(n) / sample_keys) / 16 > sample_heavy_above(n)) heavy += c;
    EXPECT_LT(heavy * sample_heavy_share, static_cast<unsigned>(sample_keys)) << n;
  }
}

// 8-byte keys alone from 1e8 to 2^28 keys stay on the path to 3/4 of the samples heavy (their large buckets by
// segmented passes); every other width, with values, and every other n, leave it past 1/8.
TEST(RadixHybrid, SampleKeepsSkewed8ByteKeysForTheirPasses) {
  using onesweep::sample_heavy_most;
  using onesweep::sample_keys;
  constexpr unsigned eighth = sample_keys / 8, three_quarters = sample_keys / 4 * 3;
  constexpr std::uint64_t first = 100000000, last = std::uint64_t{1} << 28;
  for (const std::uint64_t n : {first, std::uint64_t{1} << 27, last}) {
    EXPECT_EQ(sample_heavy_most(8, 0, n), three_quarters) << n;
    for (const int v : {4, 8}) EXPECT_EQ(sample_heavy_most(8, v, n), eighth) << n << " " << v;
    for (const int v : {0, 4, 8}) EXPECT_EQ(sample_heavy_most(4, v, n), eighth) << n << " " << v;
  }
  for (const std::uint64_t n : {std::uint64_t{2}, std::uint64_t{1} << 26, first - 1, last + 1})
    EXPECT_EQ(sample_heavy_most(8, 0, n), eighth) << n;
}

TEST(RadixHybrid, BucketsPastABlockOnlyFewAndNotTooLarge) {
  using onesweep::hybrid_buckets_fit;
  constexpr std::uint64_t n = 1000000000;
  EXPECT_TRUE(hybrid_buckets_fit(16384, 0, 16384, n));
  // f64 keys at 1e9: 32 buckets of about 30500 keys (the largest exponent's) past the in-place block's 16384.
  EXPECT_TRUE(hybrid_buckets_fit(30600, 32 * 30600, 16384, n));
  // f32 keys at 1e9: 256 such buckets past the two-buffer block's 26864.
  EXPECT_TRUE(hybrid_buckets_fit(30600, 256 * 30600, 26864, n));
  // One bucket more than 4 capacities (a skewed input) or more than n / 16 keys past the capacity: not so.
  EXPECT_FALSE(hybrid_buckets_fit(4 * 16384 + 4, 4 * 16384 + 4, 16384, n));
  EXPECT_TRUE(hybrid_buckets_fit(4 * 16384 + 3, 4 * 16384 + 3, 16384, n));
  EXPECT_FALSE(hybrid_buckets_fit(20000, static_cast<unsigned>(n / 16 + 1), 16384, n));
  EXPECT_TRUE(hybrid_buckets_fit(20000, static_cast<unsigned>(n / 16), 16384, n));
}

TEST(RadixHybrid, LargeBucketsPlan) {
  using onesweep::large_buckets_plan;
  using onesweep::large_segments_most;
  using onesweep::LargeBuckets;
  using onesweep::LargeForce;
  constexpr std::uint64_t n = 100000000;
  // Room for 1024 .. 4096 segments, 1 per 16384 keys between.
  EXPECT_EQ(large_segments_most(1000), 1024u);
  EXPECT_EQ(large_segments_most(n), 4096u);  // 6103 per 16384 keys
  EXPECT_EQ(large_segments_most(std::uint64_t{1} << 25), 2048u);
  EXPECT_EQ(large_segments_most(std::uint64_t{1} << 31), 4096u);
  // Every bucket fits: none past a block.
  EXPECT_EQ(large_buckets_plan(1800, 0, 0, 26864, n), LargeBuckets::none);
  // Few and not too large: one block each.
  EXPECT_EQ(large_buckets_plan(30600, 256 * 30600, 256, 26864, 10 * n), LargeBuckets::blocks);  // f32 at 1e9
  // 64 distinct keys (1.56e6 each): segmented passes; Zipf's heavy buckets alike, up to 4096 of them at 1e8.
  EXPECT_EQ(large_buckets_plan(1562500, static_cast<unsigned>(n), 64, 26864, n), LargeBuckets::passes);
  EXPECT_EQ(large_buckets_plan(6900000, 45000000, 4096, 26864, n), LargeBuckets::passes);
  EXPECT_EQ(large_buckets_plan(6900000, 45000000, 4097, 26864, n), LargeBuckets::lsd);
  // A test's GSB_RADIX_LARGE_BUCKETS_ABOVE with _BY=block: any number of any size one block each; with _BY=passes:
  // segmented passes even where they would go one block each, up to the room for segments.
  EXPECT_EQ(large_buckets_plan(1000, 1000, 5000, 4, 1000, LargeForce::blocks), LargeBuckets::blocks);
  EXPECT_EQ(large_buckets_plan(1000, 1000, 1, 4, 1000), LargeBuckets::passes);
  EXPECT_EQ(large_buckets_plan(30600, 30600, 1, 26864, n, LargeForce::passes), LargeBuckets::passes);
  EXPECT_EQ(large_buckets_plan(1000, 1000, 1025, 4, 1000, LargeForce::passes), LargeBuckets::lsd);
  EXPECT_EQ(large_buckets_plan(4, 4, 0, 4, 1000, LargeForce::passes), LargeBuckets::none);
  // No segment past a look-back portion (the segmented passes' counts): the LSD passes instead (past 2^31 keys a bucket
  // of 2^28 is under 1/8 of them, which the sample lets through).
  constexpr std::uint64_t past_2p32 = (std::uint64_t{1} << 32) + 17;
  const auto portion = static_cast<unsigned>(onesweep::max_portion_items);
  EXPECT_EQ(large_buckets_plan(portion, portion, 1, 73728, past_2p32), LargeBuckets::passes);
  EXPECT_EQ(large_buckets_plan(portion + 1, portion + 1, 1, 73728, past_2p32), LargeBuckets::lsd);
  EXPECT_EQ(large_buckets_plan(portion + 1, portion + 1, 1, 73728, past_2p32, LargeForce::passes), LargeBuckets::lsd);
}

TEST(RadixHybrid, LastItemsBoundsEveryNTheCapacityTakes) {
  const std::uint64_t first = onesweep::hybrid_min_items(8, 8);  // the lowest threshold: the capacity bounds
  for (std::uint64_t capacity : {4096u, 9336u, 14000u, 28000u, 100000u}) {
    const std::uint64_t last = onesweep::hybrid_last_items(capacity);
    EXPECT_FALSE(onesweep::hybrid_applies(last + 1, capacity, first)) << capacity;
    EXPECT_LE(last, onesweep::hybrid_max_items) << capacity;
    // and not far beyond the last n that is taken (within two buckets' worth), below hybrid_max_items
    if (last < onesweep::hybrid_max_items) {
      EXPECT_TRUE(onesweep::hybrid_applies(last - 2 * onesweep::hybrid_buckets, capacity, first)) << capacity;
    }
  }
}

TEST(RadixHybrid, TempNeverShrinksAsNGrows) {
  // The out-of-core driver sizes one temp block for its largest piece and sorts smaller pieces in it, so the
  // 4-byte-key temp (alone or with u32 values) must not shrink where the hybrid path ends (its buckets outgrow a
  // block) and LSD passes take over.
  for (ValueMode vm : {ValueMode::none, ValueMode::u32}) {
    SortProblem p;
    p.key_type = KeyType::u32;
    p.values = vm;
    std::size_t last = 0;
    const std::uint64_t first = onesweep::hybrid_min_items(4, vm == ValueMode::none ? 0 : 4);
    std::vector<std::uint64_t> sizes{std::uint64_t{1000}, first - 1, first,
                                     std::uint64_t{100000000}, onesweep::max_portion_items,
                                     onesweep::max_portion_items + 1, std::uint64_t{176716512}, std::uint64_t{1} << 28,
                                     std::uint64_t{1} << 30, (std::uint64_t{1} << 30) + 1, std::uint64_t{1} << 31,
                                     (std::uint64_t{1} << 31) + 1, std::uint64_t{1} << 33};
    std::sort(sizes.begin(), sizes.end());  // growing n, wherever the portion bound falls among them
    for (std::uint64_t n : sizes) {
      p.n = n;
      const std::size_t t = vm == ValueMode::none ? onesweep::temp_bytes<std::uint32_t, NoValue>(p)
                                                  : onesweep::temp_bytes<std::uint32_t, std::uint32_t>(p);
      EXPECT_GE(t, last) << "n=" << n << " values " << to_string(vm);
      last = t;
    }
  }
}

TEST(RadixHybrid, UniformBucketBound) {
  // n / 65536 on average, 8 standard deviations above: 2048 + 362 at 2^27, 4096 + 512 at 2^28.
  EXPECT_EQ(onesweep::uniform_bucket_bound(std::uint64_t{1} << 27), 2048u + 362u);
  EXPECT_EQ(onesweep::uniform_bucket_bound(std::uint64_t{1} << 28), 4096u + 512u);
  EXPECT_EQ(onesweep::uniform_bucket_bound(0), 0u);
}

TEST(RadixCounting, ItsThresholdIsATileOfKeysAloneAndItsTempIsHeld) {
  // (no GPU here: the sm90 band's policy) 1- and 2-byte keys without values change shape where the counting sort
  // takes over, so the conformance suite sorts around it; with values, or 8-byte keys, they do not.
  auto has = [](const std::vector<std::uint64_t>& t, std::uint64_t x) {
    return std::find(t.begin(), t.end(), x) != t.end();
  };
  EXPECT_TRUE(has(onesweep::tile_items<std::uint8_t, NoValue>(), std::uint64_t{1} << 16));
  EXPECT_TRUE(has(onesweep::tile_items<std::uint16_t, NoValue>(), std::uint64_t{1} << 22));
  EXPECT_FALSE(has(onesweep::tile_items<std::uint16_t, std::uint32_t>(), std::uint64_t{1} << 22));
  EXPECT_FALSE(has(onesweep::tile_items<std::uint64_t, NoValue>(), std::uint64_t{1} << 22));
  const auto t = onesweep::tile_items<std::uint16_t, NoValue>();
  EXPECT_TRUE(std::is_sorted(t.begin(), t.end()));
  // The temp holds the counting sort's 65536 starts and counts wherever it may run, small n included (a test
  // threshold can start it right after the one-block path).
  SortProblem p;
  p.key_type = KeyType::u16;
  p.values = ValueMode::none;
  for (std::uint64_t n : {std::uint64_t{8000}, std::uint64_t{1} << 22, std::uint64_t{1} << 30}) {
    p.n = n;
    const std::size_t temp = onesweep::temp_bytes<std::uint16_t, NoValue>(p);
    EXPECT_GE(temp, std::size_t{65536} * 8 * 3 / 2) << n;
  }
  // Past 2^32 keys the 16-bit histogram's 32-bit counts take portions of 2^31 keys, each its own 65536 counts and 256
  // top sums: three at 2^32 + 17.
  p.n = (std::uint64_t{1} << 32) + 17;
  EXPECT_GE((onesweep::temp_bytes<std::uint16_t, NoValue>(p)), std::size_t{3} * (65536 * 4 + 256 * 4) + 65536 * 8);
  EXPECT_EQ(onesweep::counting_portions(p.n, 2), 3u);
  EXPECT_EQ(onesweep::counting_portions(std::uint64_t{1} << 31, 2), 1u);
  EXPECT_EQ(onesweep::counting_portions((std::uint64_t{1} << 31) + 1, 2), 2u);
  EXPECT_EQ(onesweep::counting_portions(p.n, 1), 1u);  // 1-byte keys' counts are 64 bits
}

}  // namespace
}  // namespace gsb::radix
