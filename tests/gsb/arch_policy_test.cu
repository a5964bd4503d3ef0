// The architecture bands (src/gsb/arch.hpp) and every band's policies: each fits its band's documented
// limits, and the sm90 ones are exactly the plans measured on an H200 (no Hopper change hides here).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include "network/network_kernels.cuh"
#include "gsb/arch.hpp"
#include "gsb/device_props.hpp"
#include "gsb/error.hpp"
#include "merge/merge_samples.cuh"
#include "radix/onesweep/hybrid.cuh"

namespace gsb {
namespace {

using arch::Band;

TEST(Arch, BandOfEachComputeCapability) {
  EXPECT_EQ(arch::band_of(75), Band::sm75);
  EXPECT_EQ(arch::band_of(80), Band::sm80);
  EXPECT_EQ(arch::band_of(86), Band::sm86);
  EXPECT_EQ(arch::band_of(87), Band::sm80);  // Orin: A100's shared memory
  EXPECT_EQ(arch::band_of(89), Band::sm86);
  EXPECT_EQ(arch::band_of(90), Band::sm90);
  EXPECT_EQ(arch::band_of(100), Band::sm90);
  EXPECT_EQ(arch::band_of(120), Band::sm86);  // consumer Blackwell: 99 KiB a block
}

TEST(Arch, BlocksThatFit) {
  EXPECT_EQ(arch::blocks_that_fit(Band::sm90, 46 * 1024, 384), 4);  // 228 KiB / 47 KiB, 2048 / 384 = 5
  EXPECT_EQ(arch::blocks_that_fit(Band::sm75, 32 * 1024, 256), 2);  // 64 KiB, no reservation
  EXPECT_EQ(arch::blocks_that_fit(Band::sm86, 99 * 1024, 512), 1);
  EXPECT_EQ(arch::blocks_that_fit(Band::sm75, 100 * 1024, 256), 1);  // never below 1
}

// ---- radix ---------------------------------------------------------------------------------------------------

template <class Bits, class Value, Band B, radix::onesweep::Passes R = radix::onesweep::Passes::lsd>
void expect_radix_plan_fits() {
  using P = typename radix::onesweep::PolicyFor<Bits, Value, B, R>::type;
  using VT = std::conditional_t<has_values_v<Value>, Value, NoValue>;
  using S = radix::onesweep::PassShape<Bits, VT, P::radix_bits, P::threads, P::items, P::shared_values>;
  const arch::Limits lim = arch::limits_of(B);
  const std::string what = "radix K" + std::to_string(sizeof(Bits)) + " band " + std::to_string(int(B)) +
                           (R == radix::onesweep::Passes::hybrid     ? " (hybrid passes)"
                            : R == radix::onesweep::Passes::fallback ? " (fallback passes)"
                                                                     : "");
  EXPECT_LE(S::shared_bytes, std::size_t(lim.shared_bytes_per_block_optin)) << what;
  EXPECT_LE(P::min_blocks * P::threads, lim.max_threads_per_sm) << what;
  if (B != Band::sm90) {
    EXPECT_LE(P::min_blocks, arch::blocks_that_fit(B, S::shared_bytes, P::threads)) << what;
    EXPECT_EQ(P::prefetch_waves_per_8, 0) << what;  // the bulk prefetch is sm_90 only
  }
}
template <Band B>
void expect_radix_band() {
  expect_radix_plan_fits<std::uint8_t, NoValue, B>();
  expect_radix_plan_fits<std::uint8_t, std::uint64_t, B>();
  expect_radix_plan_fits<std::uint16_t, std::uint32_t, B>();
  expect_radix_plan_fits<std::uint32_t, NoValue, B>();
  expect_radix_plan_fits<std::uint32_t, std::uint32_t, B>();
  expect_radix_plan_fits<std::uint32_t, std::uint64_t, B>();
  expect_radix_plan_fits<std::uint64_t, NoValue, B>();
  expect_radix_plan_fits<std::uint64_t, std::uint32_t, B>();
  expect_radix_plan_fits<std::uint64_t, std::uint64_t, B>();
  using radix::onesweep::Passes;
  expect_radix_plan_fits<std::uint32_t, NoValue, B, Passes::hybrid>();
  expect_radix_plan_fits<std::uint32_t, std::uint32_t, B, Passes::hybrid>();
  expect_radix_plan_fits<std::uint64_t, NoValue, B, Passes::hybrid>();
  expect_radix_plan_fits<std::uint32_t, std::uint32_t, B, Passes::fallback>();
  expect_radix_plan_fits<std::uint64_t, std::uint32_t, B, Passes::fallback>();
}

TEST(ArchPolicy, RadixPlansFitEveryBand) {
  expect_radix_band<Band::sm75>();
  expect_radix_band<Band::sm80>();
  expect_radix_band<Band::sm86>();
  expect_radix_band<Band::sm90>();
}

template <class P, int Threads, int Items, int MinBlocks, int Window, bool Late, int Prefetch, int Step>
void expect_plan(const char* what) {
  EXPECT_EQ(P::radix_bits, 8) << what;
  EXPECT_EQ(P::threads, Threads) << what;
  EXPECT_EQ(P::items, Items) << what;
  EXPECT_EQ(P::min_blocks, MinBlocks) << what;
  EXPECT_EQ(P::window, Window) << what;
  EXPECT_EQ(P::late_values, Late) << what;
  EXPECT_EQ(P::prefetch_waves_per_8, Prefetch) << what;
  EXPECT_EQ(P::look_back_step, Step) << what;
}

TEST(ArchPolicy, RadixHopperPlansAreTheMeasuredOnes) {
  using radix::onesweep::PolicyFor;
  constexpr Band H = Band::sm90;
  expect_plan<PolicyFor<std::uint32_t, NoValue, H>::type, 384, 20, 3, 1, false, 2, 2>("u32");
  expect_plan<PolicyFor<std::uint32_t, std::uint32_t, H>::type, 384, 16, 2, 8, false, 2, 0>("u32+u32");
  expect_plan<PolicyFor<std::uint32_t, std::uint64_t, H>::type, 384, 16, 2, 1, true, 2, 0>("u32+u64");
  expect_plan<PolicyFor<std::uint64_t, NoValue, H>::type, 384, 16, 2, 1, false, 2, 2>("u64");
  expect_plan<PolicyFor<std::uint64_t, std::uint32_t, H>::type, 384, 16, 2, 1, true, 2, 0>("u64+u32");
  expect_plan<PolicyFor<std::uint64_t, std::uint64_t, H>::type, 384, 12, 2, 1, true, 2, 0>("u64+u64");
  expect_plan<PolicyFor<std::uint16_t, NoValue, H>::type, 384, 16, 3, 1, false, 2, 2>("u16");
  expect_plan<PolicyFor<std::uint16_t, std::uint32_t, H>::type, 512, 16, 2, 1, false, 2, 0>("u16+u32");
  expect_plan<PolicyFor<std::uint16_t, std::uint64_t, H>::type, 384, 16, 2, 1, true, 2, 0>("u16+u64");
  expect_plan<PolicyFor<std::uint8_t, std::uint32_t, H>::type, 512, 20, 2, 1, true, 2, 0>("u8+u32");
  expect_plan<PolicyFor<std::uint8_t, std::uint64_t, H>::type, 512, 12, 2, 1, true, 2, 0>("u8+u64");
}

// The hybrid path's segmented passes: their own shape for keys alone (places), the LSD passes' for pairs.
TEST(ArchPolicy, RadixHybridPassesOwnShapes) {
  using radix::onesweep::Passes;
  using radix::onesweep::PolicyFor;
  constexpr Band H = Band::sm90;
  expect_plan<PolicyFor<std::uint32_t, NoValue, H, Passes::hybrid>::type, 256, 28, 4, 1, false, 2, 2>("u32 hybrid");
  expect_plan<PolicyFor<std::uint64_t, NoValue, H, Passes::hybrid>::type, 384, 20, 2, 1, false, 2, 2>("u64 hybrid");
  // 4-byte keys with u32 values: 384 x 24 at 2 blocks with the values in shared memory, a tile of 1.5 times the LSD
  // row's (longer runs a digit), which both blocks' shared memory holds on Hopper.
  using Pairs = PolicyFor<std::uint32_t, std::uint32_t, H, Passes::hybrid>::type;
  expect_plan<Pairs, 384, 24, 2, 8, false, 2, 0>("u32+u32 hybrid");
  EXPECT_TRUE(Pairs::shared_values);
  EXPECT_FALSE((PolicyFor<std::uint32_t, std::uint32_t, H>::type::shared_values));
  using PairsShape = radix::onesweep::PassShape<std::uint32_t, std::uint32_t, 8, Pairs::threads, Pairs::items, true>;
  EXPECT_EQ(arch::blocks_that_fit(H, static_cast<long long>(PairsShape::shared_bytes), Pairs::threads), 2);
  EXPECT_TRUE((std::is_same_v<PolicyFor<std::uint32_t, std::uint64_t, H, Passes::hybrid>::type,
                              PolicyFor<std::uint32_t, std::uint64_t, H>::type>));
  EXPECT_TRUE((std::is_same_v<PolicyFor<std::uint64_t, std::uint32_t, H, Passes::hybrid>::type,
                              PolicyFor<std::uint64_t, std::uint32_t, H>::type>));
  // Older bands derive it as they derive the LSD passes' (sm75: 256 threads in any case), with the values in shared
  // memory only where that tile fits a block's (sm80: 2 blocks of its 164 KiB; sm75's 64 KiB: in registers). Their
  // pairs keep the 256-thread tile they took before (older_threads): two 384-thread ones pass sm80's shared memory.
  EXPECT_EQ((PolicyFor<std::uint32_t, NoValue, Band::sm80, Passes::hybrid>::type::items), 28);
  EXPECT_EQ((PolicyFor<std::uint32_t, NoValue, Band::sm75, Passes::hybrid>::type::threads), 256);
  EXPECT_EQ((PolicyFor<std::uint32_t, std::uint32_t, Band::sm75, Passes::hybrid>::type::threads), 256);
  EXPECT_EQ((PolicyFor<std::uint32_t, std::uint32_t, Band::sm80, Passes::hybrid>::type::threads), 256);
  EXPECT_EQ((PolicyFor<std::uint32_t, std::uint32_t, Band::sm86, Passes::hybrid>::type::threads), 256);
  EXPECT_TRUE((PolicyFor<std::uint32_t, std::uint32_t, Band::sm80, Passes::hybrid>::type::shared_values));
  EXPECT_EQ((PolicyFor<std::uint32_t, std::uint32_t, Band::sm80, Passes::hybrid>::type::min_blocks), 2);
  EXPECT_TRUE((PolicyFor<std::uint32_t, std::uint32_t, Band::sm86, Passes::hybrid>::type::shared_values));
  EXPECT_EQ((PolicyFor<std::uint32_t, std::uint32_t, Band::sm86, Passes::hybrid>::type::min_blocks), 1);
  EXPECT_FALSE((PolicyFor<std::uint32_t, std::uint32_t, Band::sm75, Passes::hybrid>::type::shared_values));
}

// The LSD passes the hybrid path falls back to (HybridSort::LsdPast): 4-byte keys with u32 values take the segmented
// passes' policy where the band holds their values in shared memory, the LSD row elsewhere; 8-byte keys with 4-byte
// values 256 x 16 at 3 blocks with the values in registers; the others the LSD rows.
// The warp bucket kernel sorts 4-byte keys with 4-byte values by runs, each key a word of its low half over its
// position in the bucket (warp_buckets.cuh): not with 8-byte keys or values, nor keys alone (their own form); every
// bucket warps take, paired ones included, has positions of 16 bits, and runs up to the carry bound hold the mean run
// of the largest with room (768 keys over 256 digits: 3).
TEST(ArchPolicy, RadixWarpBucketsCarryByRuns) {
  using radix::onesweep::warp_bucket_carry_by_runs;
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  EXPECT_TRUE((warp_bucket_carry_by_runs<u32, u32>));
  EXPECT_FALSE((warp_bucket_carry_by_runs<u32, u64>));
  EXPECT_FALSE((warp_bucket_carry_by_runs<u64, u32>));
  EXPECT_FALSE((warp_bucket_carry_by_runs<u32, NoValue>));
  using radix::onesweep::warp_bucket_stride;
  constexpr unsigned most = 2 * warp_bucket_stride(radix::onesweep::warp_bucket_pays_most<u32, u32>);
  EXPECT_LE(most, 1u << 16);
  EXPECT_GE(radix::onesweep::warp_bucket_carry_run_most, 2 * most / 256);
  // Warps take their buckets up to 384 keys (uniform pairs to about 2e7), 128-thread blocks by runs past that, on
  // every band (measured on an H200, session 81; 8-byte keys alone keep warps to 768 keys, as the test of where the
  // hybrid path's shared memory fits pins).
  using radix::onesweep::bucket_shape_for;
  using radix::onesweep::bucket_warp;
  for (const Band b : arch::all_bands) {
    EXPECT_EQ((bucket_shape_for<u32, u32>(b, 384)), bucket_warp) << static_cast<int>(b);
    EXPECT_EQ((bucket_shape_for<u32, u32>(b, 388)), radix::onesweep::bucket_narrow) << static_cast<int>(b);
  }
  // The first launch of 2e7 uniform pairs (its bound 445 keys) is the blocks'; of 2^24 (384) the warps'.
  EXPECT_EQ((radix::onesweep::bucket_first_least<u32, u32>(20000000, 26864)), 1024u);
  EXPECT_EQ((radix::onesweep::bucket_first_least<u32, u32>(std::uint64_t{1} << 24, 26864)), 32u);
}

TEST(ArchPolicy, RadixFallbackPassesOwnShapes) {
  using radix::onesweep::Passes;
  using radix::onesweep::PolicyFor;
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  constexpr Band H = Band::sm90;
  EXPECT_TRUE((std::is_same_v<PolicyFor<u32, u32, H, Passes::fallback>::type,
                              PolicyFor<u32, u32, H, Passes::hybrid>::type>));
  EXPECT_TRUE((std::is_same_v<PolicyFor<u32, u32, Band::sm80, Passes::fallback>::type,
                              PolicyFor<u32, u32, Band::sm80, Passes::hybrid>::type>));
  EXPECT_TRUE((std::is_same_v<PolicyFor<u32, u32, Band::sm75, Passes::fallback>::type,
                              PolicyFor<u32, u32, Band::sm75>::type>));
  using Wide = PolicyFor<u64, u32, H, Passes::fallback>::type;
  expect_plan<Wide, 256, 16, 3, 1, false, 2, 0>("u64+u32 fallback");
  EXPECT_FALSE(Wide::shared_values);
  EXPECT_EQ((PolicyFor<u64, u32, Band::sm75, Passes::fallback>::type::threads), 256);
  EXPECT_TRUE((std::is_same_v<PolicyFor<u64, u64, H, Passes::fallback>::type, PolicyFor<u64, u64, H>::type>));
  EXPECT_TRUE((std::is_same_v<PolicyFor<u32, u64, H, Passes::fallback>::type, PolicyFor<u32, u64, H>::type>));
  EXPECT_TRUE((std::is_same_v<PolicyFor<u32, NoValue, H, Passes::fallback>::type, PolicyFor<u32, NoValue, H>::type>));
  EXPECT_TRUE((std::is_same_v<PolicyFor<u64, NoValue, H, Passes::fallback>::type, PolicyFor<u64, NoValue, H>::type>));
}

// The one-block path (small.cuh): 1-byte keys take one round of 8-bit digits at 2049-4864 keys where the band
// holds its counters (sm80, sm90) and the 5-bit shape of the same capacity elsewhere, so every band keeps the
// path up to 4864 keys at least for every key and value type (7680 where the 512 x 15 shape fits: every band
// but sm75, whose 64 KiB hold it for 1-byte keys alone). On sm90, where the two largest shapes were measured, the
// path ends at `sm90_capacity`: 16384 keys of up to 4 bytes alone, 7680 8-byte keys with 8-byte values, 10240 for
// the rest.
template <class Bits, class Value>
void expect_small_path_on_every_band(const char* what, std::uint64_t sm90_capacity) {
  using namespace radix::onesweep;
  for (Band b : {Band::sm75, Band::sm80, Band::sm86, Band::sm90}) {
    const long long shared = arch::limits_of(b).shared_bytes_per_block_optin;
    EXPECT_GE((small_capacity<Bits, Value>(shared)), SmallShape3::capacity) << what << " band " << static_cast<int>(b);
    if (b != Band::sm75)
      EXPECT_GE((small_capacity<Bits, Value>(shared)), SmallShape4::capacity) << what << " band " << static_cast<int>(b);
    EXPECT_TRUE((small_fits<Bits, Value, SmallShape3>(shared))) << what;
  }
  EXPECT_EQ((small_capacity<Bits, Value>(arch::limits_of(Band::sm90).shared_bytes_per_block_optin)), sm90_capacity)
      << what;
}

// The L2 prefetch distance (policy.cuh): a quarter of the resident blocks for keys on both measured GPUs, none for
// pairs on the H100 80GB HBM3 (5120-bit bus at 2619 MHz: 3.35 TB/s over 132 SMs), a quarter on the H200 (6016 bits at
// 3201 MHz: 4.81 TB/s), as those devices report their memory.
TEST(ArchPolicy, RadixPrefetchOfPairsOnlyWhereTheMemoryIsFastPerSm) {
  using radix::onesweep::prefetch_distance;
  const double h100 = 2.0 * 2619e6 * 5120 / 8, h200 = 2.0 * 3201e6 * 6016 / 8;
  EXPECT_EQ(prefetch_distance(2, 132, 2, false, h100), 66u);
  EXPECT_EQ(prefetch_distance(2, 132, 2, true, h100), 0u);
  EXPECT_EQ(prefetch_distance(2, 132, 2, true, h200), 66u);
  EXPECT_EQ(prefetch_distance(2, 132, 2, true, 0.0), 66u);  // a device that does not say keeps the band's distance
  EXPECT_EQ(prefetch_distance(2, 132, 0, false, h200), 0u);  // bands without the bulk prefetch
}

// The fallback's own shape for 8-byte keys with 4-byte values (policy.cuh: fallback_shape_pays) only where the memory
// is fast per SM, as the H200's; the H100 80GB HBM3's skewed 8-byte pairs take the LSD row. Every other key and value
// width keeps its own on both, and a device that does not say keeps the band's choice.
TEST(ArchPolicy, RadixFallbackShapeOf8BytePairsOnlyWhereTheMemoryIsFastPerSm) {
  using radix::onesweep::fallback_shape_pays;
  using radix::onesweep::memory_slow_per_sm;
  const double h100 = 2.0 * 2619e6 * 5120 / 8, h200 = 2.0 * 3201e6 * 6016 / 8;
  EXPECT_TRUE(memory_slow_per_sm(h100, 132));
  EXPECT_FALSE(memory_slow_per_sm(h200, 132));
  EXPECT_FALSE(memory_slow_per_sm(0.0, 132));
  EXPECT_FALSE(memory_slow_per_sm(h100, 0));
  EXPECT_FALSE(fallback_shape_pays(8, 4, h100, 132));
  EXPECT_TRUE(fallback_shape_pays(8, 4, h200, 132));
  EXPECT_TRUE(fallback_shape_pays(8, 4, 0.0, 132));
  for (const int key_bytes : {4, 8})
    for (const int value_bytes : {0, 4, 8})
      if (key_bytes != 8 || value_bytes != 4) {
        EXPECT_TRUE(fallback_shape_pays(key_bytes, value_bytes, h100, 132)) << key_bytes << "+" << value_bytes;
        EXPECT_TRUE(fallback_shape_pays(key_bytes, value_bytes, h200, 132)) << key_bytes << "+" << value_bytes;
      }
}

TEST(ArchPolicy, RadixOneBlockShapesOnEveryBand) {
  using namespace radix::onesweep;
  expect_small_path_on_every_band<std::uint8_t, NoValue>("u8", 16384);
  expect_small_path_on_every_band<std::uint32_t, NoValue>("u32", 16384);
  expect_small_path_on_every_band<std::uint64_t, NoValue>("u64", 10240);
  expect_small_path_on_every_band<std::uint8_t, std::uint64_t>("u8+u64", 10240);
  expect_small_path_on_every_band<std::uint32_t, std::uint32_t>("u32+u32", 10240);
  expect_small_path_on_every_band<std::uint64_t, std::uint32_t>("u64+u32", 10240);
  expect_small_path_on_every_band<std::uint64_t, std::uint64_t>("u64+u64", 7680);
  auto byte_shape_fits = [](Band b) {
    return small_fits<std::uint8_t, std::uint32_t, SmallShape3Byte>(arch::limits_of(b).shared_bytes_per_block_optin);
  };
  EXPECT_TRUE(byte_shape_fits(Band::sm90));
  EXPECT_TRUE(byte_shape_fits(Band::sm80));
  EXPECT_FALSE(byte_shape_fits(Band::sm86));
  EXPECT_FALSE(byte_shape_fits(Band::sm75));
  EXPECT_EQ(SmallShape3Byte::capacity, SmallShape3::capacity);
  // 8-bit digits hold a 1-byte key in one round: the shape exists for 1-byte keys only (wider keys lost with it).
  EXPECT_EQ(SmallShape3Byte::radix_bits, 8);
  EXPECT_EQ(small_radix_bits<std::uint8_t>, 5);
  EXPECT_EQ(small_radix_bits<std::uint32_t>, 6);
}

// The one-block path sorts keys of 4 and 8 bytes by runs in its shapes from 2049 keys (1025 with 8-byte keys or values)
// where its layout fits the band: about a key a digit of the top bits (at most two at a shape's capacity), 256 x 19
// keys by runs with 512 threads of 10 keys (256 x 12 with 6); 1- and 2-byte keys keep the block sort; sm75's 64 KiB
// hold the 4864 keys of 4 bytes alone, not with values, and sm90's 227 KiB 10240 keys of up to 8 bytes with their
// values (16 bytes a key in all), not more.
TEST(ArchPolicy, RadixOneBlockByRunsWhereItsLayoutFits) {
  using namespace radix::onesweep;
  EXPECT_TRUE((small_by_runs<std::uint32_t, SmallShape3Runs>));
  EXPECT_TRUE((small_by_runs<std::uint64_t, SmallShapeWide>));
  EXPECT_FALSE((small_by_runs<std::uint16_t, SmallShape4>));
  EXPECT_FALSE((small_by_runs<std::uint8_t, SmallShape6>));
  EXPECT_FALSE((small_by_runs<std::uint32_t, SmallShape3>));
  EXPECT_FALSE((small_by_runs<std::uint32_t, SmallShape2>));
  EXPECT_TRUE(SmallShape3Runs::runs_only);
  EXPECT_EQ(SmallShape3Runs::runs_threads, 512);
  EXPECT_EQ(SmallShape3Runs::runs_items, 10);
  EXPECT_EQ(SmallShape3Runs::capacity, SmallShape3::capacity);
  EXPECT_FALSE(SmallShape4::runs_only);
  EXPECT_EQ(SmallShape4::runs_items, SmallShape4::items);
  // From 2049 to 3072 keys a 256 x 12 block sort, behind runs of 512 threads of 6 keys for 4-byte keys.
  EXPECT_TRUE((small_by_runs<std::uint32_t, SmallShape2Runs>));
  EXPECT_TRUE(SmallShape2Runs::runs_only);
  EXPECT_EQ(SmallShape2Runs::capacity, 3072u);
  EXPECT_EQ(SmallShape2Runs::runs_items, 6);
  EXPECT_FALSE((small_by_runs<std::uint16_t, SmallShape2Tile>));
  EXPECT_EQ(SmallShape2Tile::capacity, SmallShape2Runs::capacity);
  EXPECT_EQ(SmallShape2Byte::capacity, SmallShape2Runs::capacity);
  // The runs' budget a thread: half for 4-byte pairs where the block sort behind them is 256 x 12's.
  EXPECT_EQ((small_runs_budget<std::uint32_t, NoValue, SmallShape2Runs>), 160u);
  EXPECT_EQ((small_runs_budget<std::uint32_t, std::uint32_t, SmallShape2Runs>), 16u);
  EXPECT_EQ((small_runs_budget<std::uint32_t, std::uint32_t, SmallShape3Runs>), 32u);
  EXPECT_EQ((small_runs_budget<std::uint64_t, std::uint32_t, SmallShapeWide>), 64u);
  auto digits_hold = [](auto shape) {
    using Shape = decltype(shape);
    return Shape::capacity <= 2 * SmallRunsLayout<std::uint32_t, NoValue, Shape>::bins;
  };
  EXPECT_TRUE(digits_hold(SmallShapeWide{}));
  EXPECT_TRUE(digits_hold(SmallShape2Runs{}));
  EXPECT_TRUE(digits_hold(SmallShape3Runs{}));
  EXPECT_TRUE(digits_hold(SmallShape4{}));
  EXPECT_TRUE(digits_hold(SmallShape5{}));
  EXPECT_TRUE(digits_hold(SmallShape6{}));
  const long long sm90 = arch::limits_of(Band::sm90).shared_bytes_per_block_optin;
  const long long sm80 = arch::limits_of(Band::sm80).shared_bytes_per_block_optin;
  const long long sm75 = arch::limits_of(Band::sm75).shared_bytes_per_block_optin;
  EXPECT_TRUE((small_runs_fit<std::uint32_t, NoValue, SmallShape6>(sm90)));
  EXPECT_TRUE((small_runs_fit<std::uint32_t, NoValue, SmallShape6>(sm80)));
  EXPECT_TRUE((small_runs_fit<std::uint64_t, std::uint64_t, SmallShape4>(sm90)));
  EXPECT_TRUE((small_runs_fit<std::uint32_t, std::uint32_t, SmallShape5>(sm90)));
  EXPECT_TRUE((small_runs_fit<std::uint64_t, NoValue, SmallShape5>(sm90)));
  // 10240 keys with 12 bytes of key and value: 232 KiB, past sm90's 227 (the block sort alone there).
  EXPECT_FALSE((small_runs_fit<std::uint32_t, std::uint64_t, SmallShape5>(sm90)));
  EXPECT_TRUE((small_runs_fit<std::uint32_t, NoValue, SmallShape3Runs>(sm75)));
  EXPECT_TRUE((small_runs_fit<std::uint32_t, NoValue, SmallShape2Runs>(sm75)));
  EXPECT_FALSE((small_runs_fit<std::uint32_t, std::uint32_t, SmallShape2Runs>(sm75)));  // 65 KiB with values
  EXPECT_FALSE((small_runs_fit<std::uint32_t, std::uint32_t, SmallShape3Runs>(sm75)));
  EXPECT_FALSE((small_runs_fit<std::uint16_t, NoValue, SmallShape3>(sm90)));
  // The layout holds what it names: the counts, two arrays of keys, and with values the values and two 16-bit
  // positions a key.
  using L = SmallRunsLayout<std::uint32_t, std::uint64_t, SmallShape3Runs>;
  EXPECT_EQ(L::bytes, 4096u * 4 + 4864u * (4 + 4 + 8 + 2 + 2));
  EXPECT_EQ((SmallRunsLayout<std::uint64_t, NoValue, SmallShape4>::bytes), 4096u * 4 + 7680u * 16);
}

// The segment sort (hybrid.hpp, segment_sort.cuh): 4-byte keys with 4-byte values from the path's first n to where
// uniform keys' top-8-bit buckets still fit its form's block, on the bands whose shared memory holds that form.
TEST(ArchPolicy, RadixSegmentSortWindow) {
  using namespace radix::onesweep;
  for (const SegmentForm form : {SegmentForm::msd, SegmentForm::blocks}) {
    const std::uint64_t last = segment_sort_last_items(form);
    const unsigned capacity = segment_capacity(form);
    EXPECT_GE(last, std::uint64_t{1} << 22);  // the grid's 2^22 column
    EXPECT_LT(last, std::uint64_t{256} * capacity);
    const double mean = static_cast<double>(last) / 256;
    EXPECT_LE(mean + 4 * std::sqrt(mean), static_cast<double>(capacity));
    EXPECT_TRUE(segment_sort_applies(std::uint64_t{1} << 22, 4, 4, 0, form));
    EXPECT_TRUE(segment_sort_applies(last, 4, 4, 0, form));
    EXPECT_FALSE(segment_sort_applies(last + 1, 4, 4, 0, form));
    EXPECT_FALSE(segment_sort_applies((std::uint64_t{1} << 22) - 1, 4, 4, 0, form));
    EXPECT_TRUE(segment_sort_applies(2, 4, 4, 2, form));  // a test's GSB_RADIX_SEGMENT_SORT_MIN_N
    for (auto [k, v] : {std::pair{4, 0}, std::pair{4, 8}, std::pair{8, 4}, std::pair{8, 0}})
      EXPECT_FALSE(segment_sort_applies(std::uint64_t{1} << 22, k, v, 0, form)) << k << "+" << v;
  }
  EXPECT_FALSE(segment_sort_applies(std::uint64_t{1} << 22, 4, 4, 0, SegmentForm::none));
  EXPECT_GT(segment_sort_last_items(SegmentForm::msd), std::uint64_t{6} * 1000 * 1000);  // past 6e6
  constexpr auto msd = static_cast<long long>(
      segment_sort_shared_bytes<std::uint32_t, std::uint32_t, PathSegmentShape<SegmentForm::msd>>);
  constexpr auto blocks = static_cast<long long>(
      segment_sort_shared_bytes<std::uint32_t, std::uint32_t, PathSegmentShape<SegmentForm::blocks>>);
  for (Band b : {Band::sm80, Band::sm90}) EXPECT_LE(msd, arch::limits_of(b).shared_bytes_per_block_optin);
  // msd's smaller block (values in shared memory): sm90's shared memory holds it, sm80's does not; it holds the
  // blocks form's pairs, so its window ends where that one's does.
  constexpr auto small = static_cast<long long>(
      segment_sort_shared_bytes<std::uint32_t, std::uint32_t, PathSegmentSmallShape>);
  EXPECT_LE(small, arch::limits_of(Band::sm90).shared_bytes_per_block_optin);
  EXPECT_GT(small, arch::limits_of(Band::sm80).shared_bytes_per_block_optin);
  EXPECT_EQ(segment_msd_small_capacity, segment_capacity(SegmentForm::blocks));
  for (Band b : {Band::sm75, Band::sm86}) EXPECT_GT(msd, arch::limits_of(b).shared_bytes_per_block_optin);
  for (Band b : {Band::sm80, Band::sm86, Band::sm90}) EXPECT_LE(blocks, arch::limits_of(b).shared_bytes_per_block_optin);
  EXPECT_GT(blocks, arch::limits_of(Band::sm75).shared_bytes_per_block_optin);  // sm75: the second pass
}

TEST(ArchPolicy, RadixHybridPathWhereItsSharedMemoryFits) {
  using radix::onesweep::hybrid_capacity;
  using radix::onesweep::min_bucket_capacity;
  auto capacity = [](Band b, auto value) {
    return hybrid_capacity<std::uint32_t, decltype(value)>(arch::limits_of(b).shared_bytes_per_block_optin);
  };
  for (Band b : {Band::sm80, Band::sm90}) {
    EXPECT_GE(capacity(b, NoValue{}), min_bucket_capacity);
    EXPECT_GE(capacity(b, std::uint32_t{}), min_bucket_capacity);
    EXPECT_GE(capacity(b, std::uint64_t{}), min_bucket_capacity);
    // Keys alone take 8 bytes of shared memory per key, with u32 values 16, with u64 values 24 (in place 4, 8 and
    // 8: u64 values are gathered by positions of 4 bytes; the in-place shape's registers bound both kinds of pairs
    // at 16384 keys).
    EXPECT_GT(capacity(b, NoValue{}), capacity(b, std::uint32_t{}));
    EXPECT_GE(capacity(b, std::uint32_t{}), capacity(b, std::uint64_t{}));
    EXPECT_EQ(capacity(b, NoValue{}) % 4, 0u);
  }
  // Hopper's 227 KiB: uniform keys' buckets fit up to n = 2^30 keys alone (16384 keys on average).
  EXPECT_GT(capacity(Band::sm90, NoValue{}), 16384u + 8 * 128);
  for (Band b : {Band::sm75, Band::sm86}) EXPECT_EQ(capacity(b, NoValue{}), 0u);  // 128 KiB histogram
  EXPECT_EQ((hybrid_capacity<std::uint32_t, NoValue>(64 * 1024)), 0u);
  // Where the path is tried: 12 warps of the bucket sort resident per SM. On Hopper (228 KiB per SM) that holds
  // uniform keys alone to past 1e9 (16247 keys with 8 standard deviations: one 512-thread block per SM, measured a
  // win; 8 warps of 256-thread blocks lost), to every bucket one block holds; with values, to the buckets the
  // in-place shape holds (16384 keys: 1e9 and no further).
  using radix::onesweep::hybrid_tried_capacity;
  EXPECT_GT((hybrid_tried_capacity<std::uint32_t, NoValue>(Band::sm90)), 16247u);
  EXPECT_EQ((hybrid_tried_capacity<std::uint32_t, NoValue>(Band::sm90)), capacity(Band::sm90, NoValue{}));
  EXPECT_EQ((hybrid_tried_capacity<std::uint32_t, std::uint32_t>(Band::sm90)), 16384u);
  EXPECT_EQ((hybrid_tried_capacity<std::uint32_t, std::uint64_t>(Band::sm90)), 16384u);
  for (Band b : {Band::sm80, Band::sm90}) {
    const unsigned tried = hybrid_tried_capacity<std::uint32_t, NoValue>(b);
    EXPECT_LE(tried, capacity(b, NoValue{}));
    EXPECT_GE((radix::onesweep::bucket_warps_for<std::uint32_t, NoValue>(b, tried)),
              radix::onesweep::bucket_min_warps_per_sm);
  }
  // The block: 128 threads at 1e8 (buckets of about 1840 keys, measured best) and at 2^28 (4608: the two buffers hold
  // 4-byte keys' low halves, bucket_held_t), 256 from 2^29 (8916) to 1e9 (16248; in place before the halves: 2^29
  // 8.19 -> 7.53 ms, 1e9 14.62 -> 14.40, NOTES.md round 30), 512 in place on to 26624 keys for keys alone; 4-byte
  // keys with u64 values 256 while it keeps 12 warps, then in place (never 512 threads with two buffers); with u32
  // values (by runs) 512 threads with two buffers in a window (below).
  using radix::onesweep::bucket_in_place_rows_for;
  using radix::onesweep::bucket_resident_warps;
  using radix::onesweep::bucket_shape_for;
  using radix::onesweep::BucketShape;
  constexpr BucketShape narrow{128, false}, wide{256, false}, widest{512, false}, in_place{512, true};
  constexpr BucketShape in_place_768{768, true};
  EXPECT_EQ((bucket_shape_for<std::uint32_t, NoValue>(Band::sm90, 1840)), narrow);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, NoValue>(Band::sm90, 4608)), narrow);
  // Past 16 rows a warp (8192 keys) in place only where it keeps as many warps as two buffers: with the halves, 256
  // threads keep more to 16248 keys (1e9), in place from about 20000.
  EXPECT_EQ((bucket_shape_for<std::uint32_t, NoValue>(Band::sm90, 8188)), wide);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, NoValue>(Band::sm90, 8916)), wide);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, NoValue>(Band::sm90, 12300)), wide);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, NoValue>(Band::sm90, 16248)), wide);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, NoValue>(Band::sm90, 20000)), in_place);  // to 26624 (52 rows)
  EXPECT_EQ((bucket_shape_for<std::uint32_t, NoValue>(Band::sm90, 26864)), widest);    // past them: registers
  // 4-byte keys with u32 values (sorted by runs; 16-bit counts in their count sets, bucket_sets_packed): 512 threads
  // with two buffers where they keep twice the warps of 256 (64 against 32 at 3116-3400 keys, 48 against 24 at
  // 2^28's 4088-5020), or 1.5 times as many where 256 keep half the SM's or fewer (48 against 32 at 3404-4084, 2.1e8
  // to 2.5e8), or 128 and 256 keep a quarter of the SM's or fewer (from 6728, 4e8), to 8264 keys (32 warps; in place
  // 48, not twice as many); in place from 8268 keys (2^29) on: in 22 rows, carrying positions, three blocks an SM (48
  // warps against 16) to 11264, then in 768-thread blocks of 22 rows, two an SM (48), to the in-place shape's 16384
  // (7.5e8's 12300, 1e9's 16248); 256 threads between (1.2e8: 48 against 64; 1.5e8: 40 against 64; 3e8's 5120: 24
  // against 32).
  const std::pair<unsigned, BucketShape> pairs_sm90[] = {
      {2176, wide}, {2500, wide}, {3100, wide}, {3292, widest}, {3448, widest}, {3924, widest}, {4084, widest},
      {4368, widest}, {4608, widest}, {5120, wide}, {6728, widest}, {8264, widest}, {8268, in_place},
      {8916, in_place}, {10240, in_place}, {10244, in_place}, {11264, in_place}, {11268, in_place_768},
      {12288, in_place_768}, {12292, in_place_768}, {12300, in_place_768}, {12804, in_place_768},
      {16248, in_place_768}, {16384, in_place_768}};
  for (const auto& [keys, shape] : pairs_sm90)
    EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint32_t>(Band::sm90, keys)), shape) << keys << " keys";
  EXPECT_EQ((bucket_resident_warps<std::uint32_t, std::uint32_t>(Band::sm90, in_place, 6728)), 48);
  EXPECT_EQ((bucket_resident_warps<std::uint32_t, std::uint32_t>(Band::sm90, in_place, 8904)), 48);
  EXPECT_EQ((bucket_resident_warps<std::uint32_t, std::uint32_t>(Band::sm90, in_place, 11264)), 48);
  EXPECT_EQ((bucket_resident_warps<std::uint32_t, std::uint32_t>(Band::sm80, in_place, 8192)), 32);  // as before
  EXPECT_EQ((bucket_resident_warps<std::uint32_t, std::uint32_t>(Band::sm80, in_place, 8196)), 16);
  EXPECT_EQ((bucket_resident_warps<std::uint32_t, std::uint32_t>(Band::sm90, in_place_768, 11268)), 48);
  EXPECT_EQ((bucket_resident_warps<std::uint32_t, std::uint32_t>(Band::sm90, in_place_768, 16384)), 48);
  // (the 512-thread shape's 24- and 32-row kernels, which sm80 takes there and a forced shape on sm90)
  EXPECT_EQ((bucket_resident_warps<std::uint32_t, std::uint32_t>(Band::sm90, in_place, 12288)), 32);
  EXPECT_EQ((bucket_resident_warps<std::uint32_t, std::uint32_t>(Band::sm90, in_place, 12292)), 32);
  EXPECT_EQ((bucket_resident_warps<std::uint32_t, std::uint32_t>(Band::sm90, in_place, 16384)), 32);
  EXPECT_EQ((bucket_resident_warps<std::uint32_t, std::uint64_t>(Band::sm90, in_place, 16384)), 16);
  // The 768-thread kernel where its two blocks fit and the 22-row kernel sorts by runs (Hopper), for 4-byte pairs with
  // 4-byte values alone; it holds every bucket the in-place shape takes, one word a key, and no shape of another band.
  using radix::onesweep::bucket_in_place_pairs_wide_on;
  using radix::onesweep::bucket_shape_holds;
  for (Band b : arch::all_bands) {
    EXPECT_EQ((bucket_in_place_pairs_wide_on<std::uint32_t, std::uint32_t>(b)), b == Band::sm90) << static_cast<int>(b);
    EXPECT_FALSE((bucket_in_place_pairs_wide_on<std::uint32_t, std::uint64_t>(b)));
    EXPECT_FALSE((bucket_in_place_pairs_wide_on<std::uint32_t, NoValue>(b)));
    EXPECT_FALSE((bucket_in_place_pairs_wide_on<std::uint64_t, std::uint32_t>(b)));
    const long long room = arch::limits_of(b).shared_bytes_per_block_optin;
    EXPECT_EQ((bucket_shape_holds<std::uint32_t, std::uint32_t>(b, in_place_768, 16384, room)), b == Band::sm90);
    EXPECT_FALSE((bucket_shape_holds<std::uint32_t, std::uint32_t>(b, in_place_768, 16388, room)));
    EXPECT_FALSE((bucket_shape_holds<std::uint32_t, std::uint64_t>(b, in_place_768, 3000, room)));
  }
  const long long hopper_room = arch::limits_of(Band::sm90).shared_bytes_per_block_optin;
  EXPECT_TRUE((bucket_shape_holds<std::uint32_t, std::uint32_t>(Band::sm90, in_place_768, 100, hopper_room)));
  // Carrying positions: the 32-row kernel on every band, the 22-row one where that fits three of its blocks.
  using radix::onesweep::bucket_in_place_carries;
  for (Band b : arch::all_bands) {
    EXPECT_EQ((bucket_in_place_carries<std::uint32_t, std::uint32_t>(b, 22)), b == Band::sm90) << static_cast<int>(b);
    EXPECT_FALSE((bucket_in_place_carries<std::uint32_t, std::uint32_t>(b, 24)));
    EXPECT_TRUE((bucket_in_place_carries<std::uint32_t, std::uint32_t>(b, 32)));
    EXPECT_FALSE((bucket_in_place_carries<std::uint32_t, std::uint64_t>(b, 22)));
    EXPECT_FALSE((bucket_in_place_carries<std::uint32_t, std::uint64_t>(b, 32)));
    EXPECT_FALSE((bucket_in_place_carries<std::uint32_t, NoValue>(b, 32)));
  }
  // ... so a buffer's bytes follow the kernel a launch takes: 22 rows one word a key on sm90, 24 rows (forced) two.
  using radix::onesweep::bucket_buffer_bytes;
  EXPECT_EQ((bucket_buffer_bytes<std::uint32_t, std::uint32_t>(Band::sm90, in_place, 3000)), 3072 * 4);
  EXPECT_EQ((bucket_buffer_bytes<std::uint32_t, std::uint32_t>(Band::sm90, in_place, 3000, 23)), 3072 * 8);
  EXPECT_EQ((bucket_buffer_bytes<std::uint32_t, std::uint32_t>(Band::sm90, in_place, 3000, 25)), 3072 * 4);
  EXPECT_EQ((bucket_buffer_bytes<std::uint32_t, std::uint32_t>(Band::sm80, in_place, 3000)), 3072 * 8);
  EXPECT_EQ((bucket_buffer_bytes<std::uint32_t, std::uint32_t>(Band::sm90, in_place_768, 12300)), 12288 * 4 + 768 * 4);
  EXPECT_EQ((bucket_buffer_bytes<std::uint32_t, std::uint32_t>(Band::sm90, in_place_768, 16384)), 16896 * 4);
  EXPECT_EQ((bucket_in_place_rows_for<std::uint32_t, std::uint32_t>(8904)), 22);
  EXPECT_EQ((bucket_in_place_rows_for<std::uint32_t, std::uint32_t>(11264)), 22);
  EXPECT_EQ((bucket_in_place_rows_for<std::uint32_t, std::uint32_t>(11265)), 24);
  EXPECT_EQ((bucket_in_place_rows_for<std::uint32_t, std::uint32_t>(12288)), 24);
  EXPECT_EQ((bucket_in_place_rows_for<std::uint32_t, std::uint32_t>(12289)), 32);
  EXPECT_EQ((bucket_in_place_rows_for<std::uint32_t, std::uint32_t>(100, 23)), 24);  // forced
  EXPECT_EQ((bucket_in_place_rows_for<std::uint32_t, std::uint64_t>(8904)), 32);  // one block an SM
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint64_t>(Band::sm90, 2412)), wide);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint64_t>(Band::sm90, 4608)), wide);  // 2^28: 9.66 -> 8.94 ms
  EXPECT_NE((bucket_shape_for<std::uint32_t, std::uint64_t>(Band::sm90, 6728)), widest);  // not by runs
  // sm80 (164 KiB a block): 512 threads at 2040-2716 keys (48 against 32), 256 at 3496 (24 against 32); 256 threads
  // keep 16 warps from about 3900 keys (2.3e8), in place from 5536 (about 3.6e8: two blocks an SM to 8192 keys).
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint32_t>(Band::sm80, 2408)), widest);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint32_t>(Band::sm80, 3496)), wide);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint32_t>(Band::sm80, 3924)), widest);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint32_t>(Band::sm80, 5536)), in_place);  // to 8192: 32 against 16
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint32_t>(Band::sm80, 8192)), in_place);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint32_t>(Band::sm80, 8196)), widest);
  // sm86 (99 KiB a block; its path takes 4-byte pairs only where forced): two 22-row blocks an SM at 3488-4096 keys.
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint32_t>(Band::sm86, 3488)), in_place);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint32_t>(Band::sm86, 4096)), in_place);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint32_t>(Band::sm86, 4100)), widest);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint32_t>(Band::sm80, 8904)), in_place);
  // One warp a bucket for small buckets: up to 1024 keys of 4 bytes alone (5e7 uniform keys' largest, about 980), 768
  // of 8-byte keys alone, 384 of 4-byte keys with 4-byte values (RadixWarpBucketsCarryByRuns), 640 beyond; blocks past
  // them.
  constexpr BucketShape warp{32, false};
  EXPECT_EQ((bucket_shape_for<std::uint32_t, NoValue>(Band::sm90, 252)), warp);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, NoValue>(Band::sm90, 1024)), warp);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, NoValue>(Band::sm90, 1028)), narrow);
  EXPECT_EQ((bucket_shape_for<std::uint64_t, NoValue>(Band::sm90, 768)), warp);
  EXPECT_EQ((bucket_shape_for<std::uint32_t, std::uint64_t>(Band::sm90, 640)), warp);
  EXPECT_NE((bucket_shape_for<std::uint32_t, std::uint64_t>(Band::sm90, 644)), warp);
  EXPECT_EQ((bucket_shape_for<std::uint64_t, std::uint32_t>(Band::sm90, 640)), warp);
  EXPECT_EQ((bucket_shape_for<std::uint64_t, std::uint64_t>(Band::sm90, 640)), warp);
  EXPECT_NE((bucket_shape_for<std::uint64_t, std::uint64_t>(Band::sm90, 892)), warp);
  // sm80 (164 KiB a block) holds the warps' blocks too: the largest, u64+u64 at 640 keys, 4 x (2 + 20) KiB.
  EXPECT_EQ((bucket_shape_for<std::uint64_t, std::uint64_t>(Band::sm80, 640)), warp);
}

// The in-place shape: one buffer of shared memory (half the two buffers' bytes per key), at most the rows its
// warps hold in registers (32 rows of 32 keys per warp, 52 for 4-byte keys alone; 8-byte values gathered by
// position), one block per SM (two for 4-byte keys alone past 32 rows).
TEST(ArchPolicy, RadixBucketSortInPlace) {
  using radix::onesweep::bucket_capacity;
  using radix::onesweep::bucket_capacity_in_place;
  using radix::onesweep::bucket_in_place_most;
  using radix::onesweep::bucket_resident_warps;
  using radix::onesweep::BucketShape;
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  const long long smem = arch::limits_of(Band::sm90).shared_bytes_per_block_optin;
  EXPECT_EQ((bucket_in_place_most<u64, NoValue>), 16384u);
  EXPECT_EQ((bucket_in_place_most<u64, u32>), 16384u);
  EXPECT_EQ((bucket_in_place_most<u64, u64>), 16384u);  // its values gathered: key and position, as u64+u32
  // 4-byte keys alone hold 52 rows (one word a key): about the two-buffer block's keys, so that uniform buckets past
  // 32 rows (u32 keys past 1.0e9) stay in place.
  EXPECT_EQ((bucket_in_place_most<u32, NoValue>), 26624u);
  EXPECT_EQ((bucket_in_place_most<u32, u32>), 16384u);
  EXPECT_EQ((bucket_capacity_in_place<u32, NoValue>(smem)), 26624u);
  EXPECT_LE((bucket_capacity_in_place<u32, NoValue>(smem)), (bucket_capacity<u32, NoValue>(smem)));
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u32, NoValue>(Band::sm90, 17408)), (BucketShape{512, true}));  // 2^30
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u32, NoValue>(Band::sm90, 26624)), (BucketShape{512, true}));
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u32, NoValue>(Band::sm90, 26628)), (BucketShape{512, false}));
  // Which of the in-place kernels sorts them: 32 rows to 16384 keys, 44 (64 registers, two blocks per SM on Hopper
  // by shared memory too) to 22528, 52 past that; a test's forced rows raise it, other types have the 32-row one.
  using radix::onesweep::bucket_in_place_rows_for;
  EXPECT_EQ((bucket_in_place_rows_for<u32, NoValue>(16384)), 32);
  EXPECT_EQ((bucket_in_place_rows_for<u32, NoValue>(16385)), 44);
  EXPECT_EQ((bucket_in_place_rows_for<u32, NoValue>(17408)), 44);  // uniform at 2^30
  EXPECT_EQ((bucket_in_place_rows_for<u32, NoValue>(22528)), 44);
  EXPECT_EQ((bucket_in_place_rows_for<u32, NoValue>(22529)), 52);
  EXPECT_EQ((bucket_in_place_rows_for<u32, NoValue>(26624)), 52);
  EXPECT_EQ((bucket_in_place_rows_for<u32, NoValue>(100, 44)), 44);
  EXPECT_EQ((bucket_in_place_rows_for<u32, NoValue>(100, 45)), 52);
  EXPECT_EQ((bucket_in_place_rows_for<u32, u32>(100, 52)), 32);
  EXPECT_EQ((bucket_in_place_rows_for<u64, NoValue>(16384, 44)), 32);
  EXPECT_EQ((radix::onesweep::bucket_in_place_min_blocks<u32, NoValue>), 2);
  EXPECT_EQ((radix::onesweep::bucket_in_place_min_blocks<u32, u32>), 2);  // (32 rows carrying positions)
  EXPECT_EQ((radix::onesweep::bucket_in_place_min_blocks<u32, u64>), 1);
  EXPECT_EQ((radix::onesweep::bucket_in_place_min_blocks<u64, NoValue>), 1);
  // 4-byte pairs' 22-row kernel asks for three blocks where they fit (carrying positions: sm90), two elsewhere.
  using radix::onesweep::bucket_in_place_min_blocks_on;
  EXPECT_EQ((bucket_in_place_min_blocks_on<u32, u32>(Band::sm90, 22)), 3);
  EXPECT_EQ((bucket_in_place_min_blocks_on<u32, u32>(Band::sm80, 22)), 2);
  EXPECT_EQ((bucket_in_place_min_blocks_on<u32, u32>(Band::sm86, 22)), 2);
  EXPECT_EQ((bucket_in_place_min_blocks_on<u32, u32>(Band::sm75, 22)), 2);
  EXPECT_EQ((bucket_in_place_min_blocks_on<u32, u32>(Band::sm90, 24)), 2);
  EXPECT_EQ((bucket_in_place_min_blocks_on<u32, u32>(Band::sm90, 32)), 2);
  EXPECT_EQ((bucket_in_place_min_blocks_on<u32, u64>(Band::sm90, 22)), 1);
  EXPECT_EQ((bucket_in_place_min_blocks_on<u32, NoValue>(Band::sm90, 22)), 2);
  const long long two_blocks_rows =
      radix::onesweep::bucket_shared_bytes<u32, NoValue>(Band::sm90, BucketShape{512, true}, 22528);
  EXPECT_EQ(arch::blocks_that_fit(Band::sm90, two_blocks_rows, 512), 2);
  // 52 rows: two blocks fit Hopper with 16-bit counts (add_count), not with 32-bit ones.
  EXPECT_FALSE((radix::onesweep::bucket_packed_counts<true, 44>));
  EXPECT_TRUE((radix::onesweep::bucket_packed_counts<true, 52>));
  const long long rows52 =
      radix::onesweep::bucket_buffer_bytes<u32, NoValue>(Band::sm90, BucketShape{512, true}, 26624);
  EXPECT_EQ(arch::blocks_that_fit(Band::sm90, rows52 + radix::onesweep::bucket_static_bytes<u32, NoValue>(), 512), 1);
  EXPECT_EQ(arch::blocks_that_fit(Band::sm90, rows52 + radix::onesweep::bucket_static_bytes<u32, NoValue, 512, true>(),
                                  512),
            2);
  // Past them (and past the two-buffer block's 26864 keys), 4-byte keys alone take 1024 threads in place, one block an
  // SM, holding no rows in registers (it reads the bucket twice) and each key's low half in its buffer: 106496 keys on
  // Hopper by its shared memory (uniform u32 keys to about 6.8e9), 73728 on sm80; its block counts 32-bit, its runs'
  // 16-bit. Not for pairs or 8-byte keys.
  constexpr BucketShape in_place_wide{1024, true};
  using radix::onesweep::bucket_capacity_in_place_any;
  EXPECT_EQ((radix::onesweep::bucket_in_place_wide_most<u32, NoValue>), 131072u);
  EXPECT_EQ((radix::onesweep::bucket_in_place_wide_most<u32, u32>), 0u);
  EXPECT_EQ((radix::onesweep::bucket_in_place_wide_most<u64, NoValue>), 0u);
  // The 512-thread in-place kernel prefetches the buckets ahead where one block is resident per SM, but for 8-byte
  // keys with 4-byte values (measured slower with it, NOTES.md round 46).
  EXPECT_EQ((radix::onesweep::bucket_in_place_prefetch_waves_per_8<u32, u32>), 2);
  EXPECT_EQ((radix::onesweep::bucket_in_place_prefetch_waves_per_8<u32, u64>), 2);
  EXPECT_EQ((radix::onesweep::bucket_in_place_prefetch_waves_per_8<u64, NoValue>), 2);
  EXPECT_EQ((radix::onesweep::bucket_in_place_prefetch_waves_per_8<u64, u64>), 2);
  EXPECT_EQ((radix::onesweep::bucket_in_place_prefetch_waves_per_8<u64, u32>), 0);
  EXPECT_EQ((bucket_capacity_in_place_any<u32, NoValue>(smem)), 106496u);
  EXPECT_EQ((bucket_capacity_in_place_any<u32, NoValue>(arch::limits_of(Band::sm80).shared_bytes_per_block_optin)),
            73728u);
  EXPECT_EQ((bucket_capacity_in_place_any<u32, u32>(smem)), (bucket_capacity_in_place<u32, u32>(smem)));
  EXPECT_EQ((bucket_capacity_in_place_any<u64, NoValue>(smem)), (bucket_capacity_in_place<u64, NoValue>(smem)));
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u32, NoValue>(Band::sm90, 26864)), (BucketShape{512, false}));
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u32, NoValue>(Band::sm90, 26868)), in_place_wide);
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u32, NoValue>(Band::sm90, 34216)), in_place_wide);
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u32, NoValue>(Band::sm90, 36864)), in_place_wide);
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u32, NoValue>(Band::sm90, 53252)), in_place_wide);
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u32, NoValue>(Band::sm90, 67584)), in_place_wide);  // 2^32+17
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u32, NoValue>(Band::sm90, 106496)), in_place_wide);
  EXPECT_TRUE((radix::onesweep::bucket_shape_holds<u32, NoValue>(Band::sm90, in_place_wide, 106496, smem)));
  EXPECT_FALSE((radix::onesweep::bucket_shape_holds<u32, NoValue>(Band::sm90, in_place_wide, 106500, smem)));
  EXPECT_FALSE((radix::onesweep::bucket_shape_holds<u32, u32>(Band::sm90, in_place_wide, 1024, smem)));
  EXPECT_EQ((bucket_resident_warps<u32, NoValue>(Band::sm90, in_place_wide, 36864)), 32);
  EXPECT_TRUE((radix::onesweep::bucket_packed_counts<true, 36, 1024>));
  // Its runs are held to 6 trips of 32 keys, or 10 where the launch's mean run passes 6 (uniform u32 keys past about
  // 3.1e9: 3e9 gives buckets of up to 47488 keys with 8 standard deviations, 3.2e9 50596).
  EXPECT_EQ(radix::onesweep::bucket_long_runs_above, 49152u);
  EXPECT_LE(radix::onesweep::uniform_bucket_bound(3000000000), radix::onesweep::bucket_long_runs_above);
  EXPECT_GT(radix::onesweep::uniform_bucket_bound(3200000000), radix::onesweep::bucket_long_runs_above);
  // It prefetches the buckets ahead into L2 up to 2^31 keys (a mean bucket of 32768), not past (session 69: 6.5%
  // slower at 3e9 with it).
  EXPECT_EQ(radix::onesweep::bucket_in_place_wide_prefetch_waves(std::uint64_t{1} << 31), 4);
  EXPECT_EQ(radix::onesweep::bucket_in_place_wide_prefetch_waves(1800000000), 4);
  EXPECT_EQ(radix::onesweep::bucket_in_place_wide_prefetch_waves((std::uint64_t{1} << 31) + 65536), 0);
  EXPECT_EQ(radix::onesweep::bucket_in_place_wide_prefetch_waves(3000000000), 0);
  EXPECT_EQ((radix::onesweep::bucket_block_count_words<NoValue, 1024, true>), 256);
  EXPECT_EQ((radix::onesweep::bucket_block_count_words<NoValue, 512, true>), 128);
  EXPECT_EQ((radix::onesweep::bucket_block_count_words<u32, 1024, true>), 1);
  EXPECT_EQ((radix::onesweep::hybrid_capacity<u32, NoValue>(smem)), 106496u);
  EXPECT_EQ((radix::onesweep::hybrid_tried_capacity<u32, NoValue>(Band::sm90)), 106496u);
  // A sort plans with it only where uniform keys' buckets (twice the bound, floats') pass the other shapes' 26864
  // keys (two buffers): from about 8.2e8 keys; below, a larger bucket is a skewed input's (64 distinct keys at 2^22:
  // 65536 keys a bucket) and takes the large buckets' kernels (session 72: 442 us in this kernel against cub-radix's
  // 139 on an H100).
  const unsigned below = radix::onesweep::hybrid_capacity<u32, NoValue>(smem, false);
  EXPECT_EQ(below, 26864u);
  EXPECT_EQ((radix::onesweep::hybrid_capacity<u32, std::uint32_t>(smem, false)),
            (radix::onesweep::hybrid_capacity<u32, std::uint32_t>(smem)));  // (keys alone only)
  using radix::onesweep::hybrid_widest_block_pays;
  EXPECT_FALSE(hybrid_widest_block_pays(std::uint64_t{1} << 22, below));
  EXPECT_FALSE(hybrid_widest_block_pays(std::uint64_t{1} << 28, below));
  EXPECT_FALSE(hybrid_widest_block_pays(800000000, below));
  EXPECT_TRUE(hybrid_widest_block_pays(850000000, below));
  EXPECT_TRUE(hybrid_widest_block_pays(1000000000, below));  // (f32's doubled buckets there: 32.5 thousand keys)
  EXPECT_TRUE(hybrid_widest_block_pays(std::uint64_t{1} << 31, below));
  // One block a bucket past 2^31 keys wherever its capacity reaches (the path stops at 2^33 keys; pairs of cluster
  // blocks took these buckets on sm_90 once, sm80 stopped at 2^31): uniform u32 keys to about 6.8e9 on sm_90 (106496
  // keys a bucket) and 4.7e9 on sm80 (73728): 2^32+17 on both.
  using radix::onesweep::hybrid_applies;
  using radix::onesweep::hybrid_max_items;
  EXPECT_EQ(hybrid_max_items, std::uint64_t{1} << 33);
  EXPECT_FALSE(hybrid_applies(hybrid_max_items + 1, ~0u, 1));
  constexpr std::uint64_t past_2p32 = (std::uint64_t{1} << 32) + 17;
  EXPECT_TRUE(hybrid_applies(past_2p32, 106496u, 4194304u));
  EXPECT_TRUE(hybrid_applies(past_2p32, 73728u, 4194304u));
  EXPECT_EQ((radix::onesweep::hybrid_tried_capacity<u32, NoValue>(Band::sm80)), 73728u);
  const std::uint64_t last_sm90 = radix::onesweep::HybridSort<u32, NoValue, Band::sm90>::last_items();
  EXPECT_GT(last_sm90, std::uint64_t{6700000000});
  EXPECT_LT(last_sm90, std::uint64_t{6900000000});
  const std::uint64_t last_sm80 = radix::onesweep::HybridSort<u32, NoValue, Band::sm80>::last_items();
  EXPECT_GT(last_sm80, std::uint64_t{4600000000});
  EXPECT_LT(last_sm80, std::uint64_t{4800000000});
  for (const Band b : {Band::sm75, Band::sm86})  // (no path: the 16-bit histogram does not fit their blocks)
    EXPECT_EQ((radix::onesweep::hybrid_capacity<u32, NoValue>(arch::limits_of(b).shared_bytes_per_block_optin)), 0u);
  // Pairs and 8-byte keys stop at about 1e9 (the in-place block's 16384 keys) as before.
  EXPECT_LT((radix::onesweep::HybridSort<u32, std::uint32_t, Band::sm90>::last_items()), std::uint64_t{1100000000});
  EXPECT_LT((radix::onesweep::HybridSort<u64, NoValue, Band::sm90>::last_items()), std::uint64_t{1100000000});
  // Its buffer holds whole rows of 1024 keys' low halves.
  EXPECT_EQ((radix::onesweep::bucket_buffer_bytes<u32, NoValue>(Band::sm90, in_place_wide, 30001)), 30720 * 2);
  // Where shared memory holds more than the registers, the registers bound it; else shared memory does.
  EXPECT_EQ((bucket_capacity_in_place<u64, NoValue>(smem)), 16384u);
  EXPECT_EQ((bucket_capacity_in_place<u64, u64>(smem)), 16384u);
  EXPECT_EQ((bucket_capacity_in_place<u64, u64>(smem)), (bucket_capacity_in_place<u64, std::uint32_t>(smem)));
  using radix::onesweep::bucket_words_per_key;
  EXPECT_EQ((bucket_words_per_key<u64, u64>(true)), 3);
  EXPECT_EQ((bucket_words_per_key<u64, u64>(false)), 8);
  EXPECT_EQ((bucket_words_per_key<std::uint32_t, u64>(true)), 2);
  EXPECT_TRUE((radix::onesweep::bucket_gathers_values<u64, true>));
  EXPECT_FALSE((radix::onesweep::bucket_gathers_values<u64, false>));
  EXPECT_FALSE((radix::onesweep::bucket_gathers_values<std::uint32_t, true>));
  EXPECT_LT((bucket_capacity_in_place<u64, u32>(64 * 1024)), 4096u);
  EXPECT_EQ((bucket_capacity_in_place<u64, u32>(64 * 1024)) % 512, 0u);  // whole rows of every warp
  EXPECT_EQ((bucket_capacity_in_place<u32, NoValue>(0)), 0u);
  // One buffer holds about twice two buffers' keys (less the rounding to whole rows).
  EXPECT_GT((bucket_capacity_in_place<u64, u64>(96 * 1024)) + 512, 2 * (bucket_capacity<u64, u64>(96 * 1024)));
  // Its buffer holds whole rows: a bucket of 1025 keys takes 1536 positions.
  using radix::onesweep::bucket_buffer_bytes;
  EXPECT_EQ((bucket_buffer_bytes<u64, NoValue>(Band::sm90, BucketShape{512, true}, 1025)), 1536 * 8);
  EXPECT_EQ((bucket_buffer_bytes<u64, NoValue>(Band::sm90, BucketShape{512, false}, 1025)), 1025 * 16);
  // The two buffers hold 4-byte keys' low halves (bucket_held_t): 2 bytes a key and buffer (with values 4: the key's
  // position over it, and one buffer of values); in place whole keys.
  using radix::onesweep::bucket_launch_bytes;
  EXPECT_EQ((bucket_launch_bytes<std::uint32_t, NoValue>(Band::sm90, BucketShape{128, false}, 1840)), 1840 * 2 * 2);
  EXPECT_EQ((bucket_launch_bytes<std::uint32_t, std::uint32_t>(Band::sm90, BucketShape{256, false}, 1840)),
            1840 * (2 * 4 + 4));
  EXPECT_EQ((bucket_launch_bytes<std::uint32_t, NoValue>(Band::sm90, BucketShape{512, true}, 1025)), 1536 * 4);
  EXPECT_EQ((bucket_launch_bytes<u64, NoValue>(Band::sm90, BucketShape{512, false}, 1025)), 1025 * 16);
  // With values, two buffers of 4-byte keys hold each key's position over its low half (4 bytes) and one buffer of
  // values (bucket_keys_carry_positions); 8-byte keys and the in-place shape move theirs.
  EXPECT_TRUE((radix::onesweep::bucket_keys_carry_positions<std::uint32_t, u64, false>));
  EXPECT_TRUE((radix::onesweep::bucket_keys_carry_positions<std::uint32_t, std::uint32_t, false>));
  EXPECT_FALSE((radix::onesweep::bucket_keys_carry_positions<std::uint32_t, u64, true>));
  EXPECT_FALSE((radix::onesweep::bucket_keys_carry_positions<std::uint32_t, NoValue, false>));
  EXPECT_FALSE((radix::onesweep::bucket_keys_carry_positions<u64, u64, false>));
  EXPECT_EQ((bucket_launch_bytes<std::uint32_t, u64>(Band::sm90, BucketShape{128, false}, 1840)), 1840 * (2 * 4 + 8));
  EXPECT_EQ((bucket_launch_bytes<u64, std::uint32_t>(Band::sm90, BucketShape{256, false}, 1840)), 1840 * 2 * (8 + 4));
  // Their positions are 16 bits: no two-buffer shape takes a bucket past 65536 keys, whatever the shared memory.
  using radix::onesweep::bucket_shape_holds;
  const long long plenty = 1LL << 30;
  EXPECT_TRUE((bucket_shape_holds<std::uint32_t, u64>(Band::sm90, BucketShape{256, false}, 65536, plenty)));
  EXPECT_FALSE((bucket_shape_holds<std::uint32_t, u64>(Band::sm90, BucketShape{256, false}, 65540, plenty)));
  EXPECT_FALSE((bucket_shape_holds<std::uint32_t, std::uint32_t>(Band::sm90, BucketShape{256, false}, 65540, plenty)));
  EXPECT_TRUE((bucket_shape_holds<std::uint32_t, NoValue>(Band::sm90, BucketShape{256, false}, 65540, plenty)));
  // 8-byte keys at 1e9 (16247 with 8 standard deviations) fit one block in place and not in two buffers.
  EXPECT_LT((bucket_capacity<u64, NoValue>(smem)), 16248u);
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u64, NoValue>(Band::sm90, 16248)), (BucketShape{512, true}));
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u64, u32>(Band::sm90, 16248)), (BucketShape{512, true}));
  // One block per SM by its registers, whatever its shared memory would allow.
  EXPECT_EQ((bucket_resident_warps<u32, NoValue>(Band::sm90, BucketShape{512, true}, 1024)), 16);
  EXPECT_EQ((bucket_resident_warps<u32, NoValue>(Band::sm90, BucketShape{512, false}, 1024)), 64);
  // One warp a bucket: blocks of 4 warps, each warp two count sets (16-bit counts for 4-byte keys, 1 KiB; 32-bit for
  // 8-byte ones, 2 KiB) and two buffers of the launch's largest bucket. Buckets of 4-byte keys of up to 256 keys
  // (about 2^24 uniform keys' mean) keep 64 warps, the most an SM holds; u64+u64 at 640 keys 8 (by shared memory).
  using radix::onesweep::warp_bucket_block_bytes;
  EXPECT_EQ((warp_bucket_block_bytes<u32, NoValue>(256)), 4 * (1024 + 2 * 256 * 4));
  EXPECT_EQ((warp_bucket_block_bytes<u64, u64>(640)), 4 * (2048 + 2 * 640 * 16));
  EXPECT_EQ((warp_bucket_block_bytes<u32, u32>(250)), (warp_bucket_block_bytes<u32, u32>(256)));  // whole rows
  EXPECT_EQ((bucket_resident_warps<u32, NoValue>(Band::sm90, BucketShape{32, false}, 256)), 64);
  EXPECT_EQ((bucket_resident_warps<u64, u64>(Band::sm90, BucketShape{32, false}, 640)), 8);
}

// The bucket sort's launches: the buckets uniform keys give in one, the larger ones a block holds in a second, those
// past a block through global memory.
TEST(ArchPolicy, RadixBucketLaunches) {
  using radix::onesweep::bucket_launches;
  auto bounds = [](const radix::onesweep::BucketLaunches& l) {
    return std::vector<unsigned>(l.bounds.begin(), l.bounds.begin() + l.count);
  };
  // u32 keys at 1e8 (1526 keys a bucket on average, 1838 with 8 standard deviations): one launch for the largest.
  EXPECT_EQ(bounds(bucket_launches(100000000, 1701, 26864)), (std::vector<unsigned>{1704}));
  // f32 keys at 1e8: the largest exponent's buckets twice the mean, in a second launch sized for them.
  EXPECT_EQ(bounds(bucket_launches(100000000, 3100, 26864)), (std::vector<unsigned>{1840, 3100}));
  // A Zipf input at 1e8, buckets of every size up to the capacity: classes twice as large each.
  EXPECT_EQ(bounds(bucket_launches(100000000, 26800, 26864)),
            (std::vector<unsigned>{1840, 3680, 7360, 14720, 26800}));
  // f64 keys at 1e9 in place (16384): the mean's buckets, then those up to the largest within the capacity (the 32
  // past it are not the bucket sort's).
  EXPECT_EQ(bounds(bucket_launches(1000000000, 16300, 16384)), (std::vector<unsigned>{16248, 16300}));
  // A test's capacity of 4 keys (GSB_RADIX_LARGE_BUCKETS_ABOVE): below 1024, the launches stay within it.
  EXPECT_EQ(bounds(bucket_launches(5000, 4, 4)), (std::vector<unsigned>{4}));
  EXPECT_EQ(bounds(bucket_launches(5000, 3, 4)), (std::vector<unsigned>{4}));
  // ... and a capacity of 84 at 2^22 (64 keys a bucket on average): 84 itself.
  EXPECT_EQ(bounds(bucket_launches(std::uint64_t{1} << 22, 84, 84)), (std::vector<unsigned>{84}));
  // Where warps take the buckets uniform keys give, the first launch is sized for those alone (no floor of 1024):
  // 2^22 uniform keys (64 a bucket on average, 128 with 8 standard deviations), the largest 96; 2.6e7 (556).
  EXPECT_EQ(bounds(bucket_launches(std::uint64_t{1} << 22, 96, 26864, 32)), (std::vector<unsigned>{96}));
  EXPECT_EQ(bounds(bucket_launches(std::uint64_t{1} << 22, 300, 26864, 32)), (std::vector<unsigned>{128, 256, 300}));
  EXPECT_EQ(bounds(bucket_launches(26000000, 540, 26864, 32)), (std::vector<unsigned>{540}));
  // Every bucket past a block (64 distinct keys at 1e8): no launch.
  EXPECT_EQ(bucket_launches(100000000, 0, 26864).count, 0);
  // At most 8 launches, the last up to the largest.
  const auto many = bucket_launches(100000000, 1000000, 1000000);
  EXPECT_EQ(many.count, 8);
  EXPECT_EQ(many.bounds[7], 1000000u);
  // The plan lists the buckets past the first launch's bound, which it learns before the largest bucket: wherever a
  // later launch follows, that bound is the first launch's.
  using radix::onesweep::bucket_first_bound;
  for (const std::uint64_t n : {std::uint64_t{5000}, std::uint64_t{1} << 22, std::uint64_t{10000000},
                                std::uint64_t{100000000}, std::uint64_t{1000000000}})
    for (const unsigned capacity : {4u, 84u, 16384u, 26864u})
      for (const unsigned first_least : {32u, 1024u})
        for (const unsigned fitting : {1u, 100u, 3100u, 26800u}) {
          const auto l = bucket_launches(n, fitting, capacity, first_least);
          if (l.count > 1) EXPECT_EQ(l.bounds[0], bucket_first_bound(n, capacity, first_least)) << n;
        }
  EXPECT_EQ(bucket_first_bound(10000000, 26864, 32), 252u);  // f32 at 1e7: the doubled buckets (about 305) listed
}

TEST(ArchPolicy, RadixHistogramGridInClusters) {
  using radix::onesweep::top16_grid;
  auto grid = [](std::uint64_t n, unsigned sms, unsigned cluster, unsigned resident) {
    const auto g = top16_grid(n, sms, cluster, resident);
    return std::vector<unsigned>{g.blocks, g.cluster};
  };
  // Without clusters: one block per 2^15 keys, at least one, at most one a multiprocessor.
  EXPECT_EQ(grid(2, 132, 2, 0), (std::vector<unsigned>{1, 1}));
  EXPECT_EQ(grid(3 << 15, 132, 2, 0), (std::vector<unsigned>{3, 1}));
  EXPECT_EQ(grid(10000000, 132, 2, 0), (std::vector<unsigned>{132, 1}));
  EXPECT_EQ(grid(10000000, 132, 1, 132), (std::vector<unsigned>{132, 1}));
  // In clusters: a whole number of them (a block past the keys counts none), at most those resident at once.
  EXPECT_EQ(grid(2, 132, 2, 66), (std::vector<unsigned>{2, 2}));
  EXPECT_EQ(grid(3 << 15, 132, 2, 66), (std::vector<unsigned>{4, 2}));
  EXPECT_EQ(grid(std::uint64_t{1} << 22, 132, 2, 66), (std::vector<unsigned>{128, 2}));
  EXPECT_EQ(grid(10000000, 132, 2, 66), (std::vector<unsigned>{132, 2}));
  EXPECT_EQ(grid(10000000, 132, 2, 62), (std::vector<unsigned>{124, 2}));  // GPCs of odd multiprocessor counts
  EXPECT_EQ(grid(10000000, 133, 2, 66), (std::vector<unsigned>{132, 2}));
  EXPECT_EQ(grid(3 << 15, 132, 4, 33), (std::vector<unsigned>{4, 4}));
  EXPECT_EQ(grid(10000000, 132, 4, 32), (std::vector<unsigned>{128, 4}));
}

TEST(ArchPolicy, RadixHybridPathForEightByteKeys) {
  using radix::onesweep::hybrid_capacity;
  using radix::onesweep::hybrid_tried_capacity;
  using radix::onesweep::min_bucket_capacity;
  using u64 = std::uint64_t;
  // 8-byte keys take twice the shared memory of 4-byte ones per key (16 bytes alone, 24 with u32 values, 32 with
  // u64 values) and two sets of per-warp counts (six rounds, each counting the next): less room than 4-byte keys.
  for (Band b : {Band::sm80, Band::sm90}) {
    const long long smem = arch::limits_of(b).shared_bytes_per_block_optin;
    EXPECT_GE((hybrid_capacity<u64, NoValue>(smem)), min_bucket_capacity);
    EXPECT_GE((hybrid_capacity<u64, u64>(smem)), min_bucket_capacity);
    EXPECT_LT((hybrid_capacity<u64, NoValue>(smem)), (hybrid_capacity<std::uint32_t, NoValue>(smem)));
    // (In place, the registers bound keys alone and with u32 values alike: 16384 keys.)
    EXPECT_GE((hybrid_capacity<u64, NoValue>(smem)), (hybrid_capacity<u64, std::uint32_t>(smem)));
    // (In place u64 values take a position's 4 bytes, as u32 values do.)
    EXPECT_EQ((hybrid_capacity<u64, std::uint32_t>(smem)), (hybrid_capacity<u64, u64>(smem)));
    EXPECT_GE((radix::onesweep::bucket_warps_for<u64, u64>(b, hybrid_tried_capacity<u64, u64>(b))),
              radix::onesweep::bucket_min_warps_per_sm);
  }
  for (Band b : {Band::sm75, Band::sm86})
    EXPECT_EQ((hybrid_capacity<u64, NoValue>(arch::limits_of(b).shared_bytes_per_block_optin)), 0u);
  // Hopper: keys alone and with u32 or u64 values are tried to 1e9 (16247 keys with 8 standard deviations, in
  // place); one 512-thread block per SM there (measured wins at 2^28 and 2^29: 1.36x and 1.42x radix-lsd with two
  // buffers).
  EXPECT_GT((hybrid_tried_capacity<u64, NoValue>(Band::sm90)), 16247u);
  EXPECT_GT((hybrid_tried_capacity<u64, std::uint32_t>(Band::sm90)), 16247u);
  EXPECT_GT((hybrid_tried_capacity<u64, u64>(Band::sm90)), 16247u);
  using radix::onesweep::BucketShape;
  EXPECT_EQ((radix::onesweep::bucket_shape_for<u64, u64>(Band::sm90, 4608)), (BucketShape{512, true}));
  using radix::onesweep::bucket_shape_for;
  EXPECT_EQ((bucket_shape_for<u64, NoValue>(Band::sm90, 1840)), (BucketShape{256, false}));  // as measured at 1e8
  EXPECT_EQ((bucket_shape_for<u64, NoValue>(Band::sm90, 4608)), (BucketShape{256, false}));  // 2^28: 9 rows a warp
  EXPECT_EQ((bucket_shape_for<u64, NoValue>(Band::sm90, 8916)), (BucketShape{512, true}));   // a tie: in place
}

// ---- merge-samples --------------------------------------------------------------------------------------------

template <class Bits, class Value, class P>  // a Policy: tile sort and merge passes
void expect_samples_sort_fits(Band b, const std::string& what) {
  const int tile = merge::samples::tile_smem_bytes<Bits, Value, typename P::Tile>();
  const int merge = merge::samples::merge_smem_bytes<Bits, Value, typename P::Merge>();
  EXPECT_LE(tile, arch::limits_of(b).shared_bytes_per_block_optin) << what;
  EXPECT_LE(merge, arch::limits_of(b).shared_bytes_per_block_optin) << what;
  EXPECT_LE(P::Merge::merge_min_blocks, arch::blocks_that_fit(b, merge, P::Merge::merge_threads)) << what;
  // Any pass may take the partition kernel (forced, or in 7 waves), ranked or not: the temp storage holds a start for
  // every merge tile wherever a pass runs (n past one tile), also where no pass is ranked (session 77).
  for (std::uint64_t n : {std::uint64_t{P::tile} + 1, 2 * std::uint64_t{P::tile}, 2 * std::uint64_t{P::tile} + 1,
                          merge::samples::whole_segment_search_max, std::uint64_t{1} << 24}) {
    if (n <= std::uint64_t{P::tile}) continue;  // the tile sort alone
    const std::uint64_t tiles = (n + P::merge_capacity - 1) / P::merge_capacity;
    EXPECT_GE((merge::samples::temp_bytes_for<Bits, Value, P>(n)), tiles * sizeof(std::uint64_t)) << what << " n=" << n;
  }
  // Four-way passes (keys alone of 1 to 4 bytes, pairs) only where the band holds their shared memory, with the
  // resident blocks they ask for.
  const int quad = merge::samples::quad_smem_bytes<Bits, Value, typename P::Merge>();
  const bool quad_capable = merge::samples::quad_capable<Bits, Value, P>();
  EXPECT_EQ(quad_capable, (has_values_v<Value> || sizeof(Bits) <= 4) &&
                             quad <= arch::limits_of(b).shared_bytes_per_block_optin) << what;
  if (quad_capable) {
    EXPECT_LE((merge::samples::quad_min_blocks<Bits, Value, typename P::Merge>()),
              arch::blocks_that_fit(b, quad, P::Merge::merge_threads)) << what;
  }
}
template <class Bits, class Value, Band B>
void expect_samples_policy_fits() {
  using Policies = merge::samples::DefaultPolicy<Bits, Value, B>;
  const std::string what = "merge-samples K" + std::to_string(sizeof(Bits)) + " band " + std::to_string(int(B));
  expect_samples_sort_fits<Bits, Value, typename Policies::type>(B, what + " large");
  expect_samples_sort_fits<Bits, Value, typename Policies::mid>(B, what + " mid");
  expect_samples_sort_fits<Bits, Value, typename Policies::small>(B, what + " small");
  const int single = merge::samples::tile_smem_bytes<Bits, Value, typename Policies::single>();
  EXPECT_LE(single, arch::limits_of(B).shared_bytes_per_block_optin) << what << " single";
  // Each policy takes over where the one before stops.
  EXPECT_LT(std::uint64_t{Policies::single::tile}, Policies::small_max_n) << what;
  EXPECT_LT(Policies::small_max_n, Policies::mid_max_n) << what;
  // Temp storage never decreases as n grows (the driver sizes it once for a run's largest n), with the policies
  // chosen by n and with the large tiles forced: around every policy's edge, and by powers of two to 2^36.
  for (bool forced : {false, true}) {
    std::vector<std::uint64_t> ns;
    for (std::uint64_t e : {std::uint64_t{Policies::single::tile}, Policies::small_max_n, Policies::mid_max_n})
      for (std::uint64_t d : {e - 1, e, e + 1, 2 * e + 1}) ns.push_back(d);
    for (int k = 0; k <= 36; ++k) ns.push_back(std::uint64_t{1} << k);
    std::sort(ns.begin(), ns.end());
    std::size_t before = 0;
    for (std::uint64_t n : ns) {
      const std::size_t bytes = merge::samples::temp_bytes_of<Bits, Value, Policies>(n, forced);
      EXPECT_GE(bytes, before) << what << " n=" << n << (forced ? " (large tiles forced)" : "");
      before = bytes;
    }
  }
}
template <Band B>
void expect_samples_band() {
  expect_samples_policy_fits<std::uint8_t, std::uint64_t, B>();
  expect_samples_policy_fits<std::uint16_t, NoValue, B>();
  expect_samples_policy_fits<std::uint32_t, NoValue, B>();
  expect_samples_policy_fits<std::uint32_t, std::uint32_t, B>();
  expect_samples_policy_fits<std::uint32_t, std::uint64_t, B>();
  expect_samples_policy_fits<std::uint64_t, NoValue, B>();
  expect_samples_policy_fits<std::uint64_t, std::uint64_t, B>();
}

TEST(ArchPolicy, MergeSamplesPoliciesFitEveryBand) {
  expect_samples_band<Band::sm75>();
  expect_samples_band<Band::sm80>();
  expect_samples_band<Band::sm86>();
  expect_samples_band<Band::sm90>();
}

TEST(ArchPolicy, MergeSamplesHopperPoliciesAreTheMeasuredOnes) {
  using merge::samples::DefaultPolicy;
  using K4 = DefaultPolicy<std::uint32_t, NoValue, Band::sm90>::type;
  EXPECT_EQ(K4::Tile::tile_threads * 1000 + K4::Tile::tile_items, 1024 * 1000 + 32);
  EXPECT_EQ(K4::stride, 8192);
  EXPECT_EQ(K4::merge_capacity, 256 * 16);
  EXPECT_EQ(K4::Merge::merge_min_blocks, 8);
  using KV4 = DefaultPolicy<std::uint32_t, std::uint32_t, Band::sm90>::type;
  EXPECT_EQ(KV4::tile, 512 * 16);
  EXPECT_EQ(KV4::Merge::merge_min_blocks, 5);
  // An 8-byte key or value (session 77): keys alone at 4 blocks, pairs of 9 to 12 bytes at 3, 16-byte pairs unbounded.
  EXPECT_EQ((DefaultPolicy<std::uint64_t, NoValue, Band::sm90>::type::Merge::merge_min_blocks), 4);
  EXPECT_EQ((DefaultPolicy<std::uint64_t, std::uint32_t, Band::sm90>::type::Merge::merge_min_blocks), 3);
  EXPECT_EQ((DefaultPolicy<std::uint32_t, std::uint64_t, Band::sm90>::type::Merge::merge_min_blocks), 3);
  EXPECT_EQ((DefaultPolicy<std::uint8_t, std::uint64_t, Band::sm90>::type::Merge::merge_min_blocks), 3);
  EXPECT_EQ((DefaultPolicy<std::uint64_t, std::uint64_t, Band::sm90>::type::Merge::merge_min_blocks), 1);
  // Four-way passes: keys alone of 1 to 4 bytes and pairs (session 78); not 8-byte keys alone.
  EXPECT_TRUE((merge::samples::quad_capable<std::uint32_t, NoValue, K4>()));
  EXPECT_TRUE((merge::samples::quad_capable<std::uint8_t, NoValue,
                                            DefaultPolicy<std::uint8_t, NoValue, Band::sm90>::type>()));
  EXPECT_FALSE((merge::samples::quad_capable<std::uint64_t, NoValue,
                                             DefaultPolicy<std::uint64_t, NoValue, Band::sm90>::type>()));
  EXPECT_TRUE((merge::samples::quad_capable<std::uint32_t, std::uint32_t, KV4>()));
  using KV8_4 = DefaultPolicy<std::uint64_t, std::uint32_t, Band::sm90>::type;
  using KV8_8 = DefaultPolicy<std::uint64_t, std::uint64_t, Band::sm90>::type;
  EXPECT_TRUE((merge::samples::quad_capable<std::uint64_t, std::uint32_t, KV8_4>()));
  EXPECT_TRUE((merge::samples::quad_capable<std::uint64_t, std::uint64_t, KV8_8>()));
  using KV1_8 = DefaultPolicy<std::uint8_t, std::uint64_t, Band::sm90>::type;
  EXPECT_TRUE((merge::samples::quad_capable<std::uint8_t, std::uint64_t, KV1_8>()));
  EXPECT_EQ((merge::samples::quad_min_blocks<std::uint32_t, NoValue, K4::Merge>()), 6);
  // With values, up to 4 blocks an SM as their shared memory allows: 4 for u32+u32, 3 for 12-byte pairs, 2 for 16.
  EXPECT_EQ((merge::samples::quad_min_blocks<std::uint32_t, std::uint32_t, KV4::Merge>()), 4);
  EXPECT_EQ((merge::samples::quad_min_blocks<std::uint64_t, std::uint32_t, KV8_4::Merge>()), 3);
  EXPECT_EQ((merge::samples::quad_min_blocks<std::uint64_t, std::uint64_t, KV8_8::Merge>()), 2);
  EXPECT_EQ((merge::samples::quad_min_blocks<std::uint8_t, std::uint64_t, KV1_8::Merge>()), 3);  // 1- or 2-byte keys
  // Where four-way passes start, in waves of binary merge blocks (x 100): keys alone 1.5, pairs with 4- or 8-byte keys
  // 0.6, with 1- or 2-byte keys 2 (u32 values) or 1 (u64 values).
  EXPECT_EQ((merge::samples::quad_min_waves_percent<std::uint32_t, NoValue>()), 150u);
  EXPECT_EQ((merge::samples::quad_min_waves_percent<std::uint8_t, NoValue>()), 150u);
  EXPECT_EQ((merge::samples::quad_min_waves_percent<std::uint32_t, std::uint32_t>()), 60u);
  EXPECT_EQ((merge::samples::quad_min_waves_percent<std::uint64_t, std::uint64_t>()), 60u);
  EXPECT_EQ((merge::samples::quad_min_waves_percent<std::uint8_t, std::uint32_t>()), 200u);
  EXPECT_EQ((merge::samples::quad_min_waves_percent<std::uint16_t, std::uint32_t>()), 200u);
  EXPECT_EQ((merge::samples::quad_min_waves_percent<std::uint8_t, std::uint64_t>()), 100u);
  EXPECT_EQ((merge::samples::quad_min_waves_percent<std::uint16_t, std::uint64_t>()), 100u);
  // Small n (2026-11-27): one 128 x 8 tile to 1024 keys, 2048-key tiles to 2^18, 8192-key tiles to 2^21 where the
  // large tiles are 32768.
  using K4s = DefaultPolicy<std::uint32_t, NoValue, Band::sm90>;
  EXPECT_EQ(K4s::single::tile_threads * 1000 + K4s::single::tile_items, 128 * 1000 + 8);
  EXPECT_EQ(K4s::small::tile, 2048);
  EXPECT_EQ(K4s::small_max_n, 1u << 18);
  EXPECT_EQ(K4s::mid::tile, 8192);
  EXPECT_EQ(K4s::mid_max_n, 1u << 21);
  // 8-byte keys (session 74): 512 x 16 tiles on sm90 and sm80, 256 x 16 from 2^18 to 2^21 and on sm86.
  using K8 = DefaultPolicy<std::uint64_t, std::uint64_t, Band::sm90>::type;
  EXPECT_EQ(K8::tile, 512 * 16);
  EXPECT_EQ(K8::stride, 4096);
  EXPECT_EQ(K8::Merge::merge_min_blocks, 1);
  EXPECT_EQ((DefaultPolicy<std::uint64_t, NoValue, Band::sm90>::type::tile), 512 * 16);
  EXPECT_EQ((DefaultPolicy<std::uint64_t, std::uint32_t, Band::sm80>::type::tile), 512 * 16);
  EXPECT_EQ((DefaultPolicy<std::uint64_t, std::uint64_t, Band::sm90>::mid::tile), 256 * 16);
  EXPECT_EQ((DefaultPolicy<std::uint64_t, std::uint64_t, Band::sm86>::type::tile), 256 * 16);
}

// ---- sorting networks -------------------------------------------------------------------------------------------

template <class Bits, class Value, Band B>
void expect_network_policy_fits() {
  using P = network::device::Policy<Bits, Value, B>;
  EXPECT_LE(P::tile_shared_bytes(), std::size_t(arch::limits_of(B).shared_bytes_per_block_optin))
      << "network K" << sizeof(Bits) << " band " << int(B);
}
TEST(ArchPolicy, NetworkTilesFitEveryBand) {
  for (auto check : {expect_network_policy_fits<std::uint32_t, NoValue, Band::sm75>,
                     expect_network_policy_fits<std::uint32_t, std::uint32_t, Band::sm75>,
                     expect_network_policy_fits<std::uint64_t, std::uint64_t, Band::sm75>,
                     expect_network_policy_fits<std::uint32_t, std::uint32_t, Band::sm86>,
                     expect_network_policy_fits<std::uint64_t, std::uint64_t, Band::sm86>,
                     expect_network_policy_fits<std::uint64_t, std::uint64_t, Band::sm80>,
                     expect_network_policy_fits<std::uint64_t, std::uint64_t, Band::sm90>})
    check();
  EXPECT_EQ(network::tuning_for(8, Band::sm90).block_threads_log2, 9);  // Hopper's measured 512 x 16
  EXPECT_EQ(network::tuning_for(8, Band::sm90).block_items_log2, 4);
  EXPECT_EQ(network::tuning_for(16, Band::sm90).block_items_log2, 3);
}

// ---- GSB_ARCH ---------------------------------------------------------------------------------------------------

struct ArchEnv : ::testing::Test {
  void TearDown() override { unsetenv("GSB_ARCH"); }
  static int parse(const char* v) {
    setenv("GSB_ARCH", v, 1);
    return requested_arch_cc();
  }
};

TEST_F(ArchEnv, Parses) {
  unsetenv("GSB_ARCH");
  EXPECT_EQ(requested_arch_cc(), 0);
  EXPECT_EQ(parse("75"), 75);
  EXPECT_EQ(parse("7.5"), 75);
  EXPECT_EQ(parse("sm_80"), 80);
  EXPECT_EQ(parse("compute_86"), 86);
  EXPECT_EQ(parse("100"), 100);
  EXPECT_EQ(parse(""), 0);
}

TEST_F(ArchEnv, RejectsBelowTheFloorAndGarbage) {
  for (const char* bad : {"70", "7.0", "sm_52", "abc", "75a", "-75", "1000"}) {
    setenv("GSB_ARCH", bad, 1);
    try {
      requested_arch_cc();
      ADD_FAILURE() << bad << " accepted";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find(bad), std::string::npos) << e.what();
    }
  }
}

TEST_F(ArchEnv, PolicyBandWithoutADevice) {
  int count = 0;
  if (cudaGetDeviceCount(&count) == cudaSuccess && count > 0) GTEST_SKIP() << "a device decides the band here";
  cudaGetLastError();
  unsetenv("GSB_ARCH");
  EXPECT_EQ(policy_band(), Band::sm90);
  setenv("GSB_ARCH", "8.0", 1);
  EXPECT_EQ(policy_band(), Band::sm80);
  setenv("GSB_ARCH", "sm_75", 1);
  EXPECT_EQ(policy_band(), Band::sm75);
}

}  // namespace
}  // namespace gsb
