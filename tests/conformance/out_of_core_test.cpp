// The out-of-core path on a device (issue 7): a tiny device-memory cap forces conformance-sized cases through
// partition -> pieces on several streams -> back into place, and the full validation must pass (order,
// permutation, pairing, and stability for stable back-ends). Skipped without a CUDA device.
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "driver/runner.hpp"
#include "gsb/backend.hpp"

namespace gsb {
namespace {

DeviceContext* device() {
  static std::unique_ptr<DeviceContext> ctx = std::make_unique<DeviceContext>(0, false);
  return ctx->available() ? ctx.get() : nullptr;
}

struct OocCase {
  KeyType type;
  ValueMode values;
  Order order;
  Distribution dist;
  std::uint64_t n;
};

// Runs one case with `cap` bytes of device memory; returns the result (validated).
CaseResult run_capped(const Backend& b, const OocCase& c, std::uint64_t cap, int reps = 2) {
  const SortProblem p{c.type, c.values, c.order, c.n};
  const HostKeys keys = generate_keys(c.type, c.dist, c.n, 17 + c.n);
  const Reference ref = make_reference(keys, c.order);
  HostArray values;
  if (c.values != ValueMode::none) values = make_index_values(c.values, c.n);
  CaseInput in;
  in.keys = &keys;
  in.values = c.values != ValueMode::none ? &values : nullptr;
  in.reference = &ref;
  CaseSettings s;
  s.warmup = 0;
  s.reps = reps;
  s.device_memory_limit_bytes = cap;
  return Runner::run_case(b, p, c.dist, in, s, device());
}

class OutOfCore : public testing::TestWithParam<std::string> {};

TEST_P(OutOfCore, ForcedByATinyCapAndValidated) {
  if (!device()) GTEST_SKIP() << "no CUDA device";
  const Backend* b = Registry::instance().find(GetParam());
  if (!b) GTEST_SKIP() << GetParam() << " is not registered";
  const OocCase cases[] = {
      {KeyType::u32, ValueMode::none, Order::asc, Distribution::uniform, 1000003},
      {KeyType::u32, ValueMode::u32, Order::asc, Distribution::few_unique, 1000003},  // heavy duplicates
      {KeyType::u32, ValueMode::u32, Order::desc, Distribution::all_equal, 600001},   // split on indices only
      {KeyType::f32, ValueMode::u32, Order::asc, Distribution::normal, 700001},
      {KeyType::u64, ValueMode::u64, Order::desc, Distribution::zipf, 500009},
      {KeyType::i32, ValueMode::none, Order::desc, Distribution::entropy_0_201, 777777},
  };
  for (const OocCase& c : cases) {
    const SortProblem p{c.type, c.values, c.order, c.n};
    SCOPED_TRACE(GetParam() + " " + describe(p) + " " + std::string(to_string(c.dist)));
    if (!b->unsupported_reason(p, RunOptions{}).empty()) continue;
    // Room for three pieces of 32Ki elements (a few MiB): 15-30 pieces, whatever the back-end's temp storage.
    SortProblem piece = p;
    piece.n = 32768;
    const std::uint64_t cap = 3 * (2 * piece.n * (p.key_size() + p.value_size()) + b->temp_bytes(piece)) + 4096;
    const CaseResult r = run_capped(*b, c, cap);
    ASSERT_EQ(r.status, CaseStatus::ok) << r.reason;
    ASSERT_TRUE(r.validation_run);
    EXPECT_TRUE(r.validation.passed) << r.validation.first_mismatch;
    ASSERT_TRUE(r.out_of_core.has_value());
    const OutOfCoreInfo& o = *r.out_of_core;
    EXPECT_GT(o.pieces, 1u);
    EXPECT_LE(o.device_bytes_used, cap);
    ASSERT_EQ(o.timeline.size(), o.pieces);
    std::uint64_t covered = 0;
    for (const OutOfCorePiece& pc : o.timeline) {
      EXPECT_EQ(pc.offset, covered);
      EXPECT_LE(pc.n, o.piece_capacity_n);
      covered += pc.n;
      EXPECT_LE(pc.h2d_ms[0], pc.h2d_ms[1]);
      EXPECT_LE(pc.h2d_ms[1], pc.sort_ms[1]);
      EXPECT_LE(pc.sort_ms[1], pc.d2h_ms[1]);
    }
    EXPECT_EQ(covered, c.n);
    EXPECT_GT(o.pinned_h2d_GBps, 0);
    EXPECT_GT(o.link_bound_ms, 0);
    ASSERT_TRUE(r.timing.has_value());
    EXPECT_EQ(r.timing_method, "host-clock");
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, OutOfCore, testing::Values("cub-radix", "radix", "merge-samples"),
                         [](const testing::TestParamInfo<std::string>& i) {
                           std::string s = i.param;
                           for (char& ch : s)
                             if (ch == '-') ch = '_';
                           return s;
                         });

TEST(OutOfCoreLimits, CapTooSmallForOnePieceIsSkippedWithAReason) {
  if (!device()) GTEST_SKIP() << "no CUDA device";
  const Backend* b = Registry::instance().find("cub-radix");
  ASSERT_NE(b, nullptr);
  const CaseResult r = run_capped(*b, {KeyType::u32, ValueMode::none, Order::asc, Distribution::uniform, 100000}, 16, 1);
  EXPECT_EQ(r.status, CaseStatus::skipped);
  EXPECT_NE(r.reason.find("out of core"), std::string::npos) << r.reason;
}

TEST(OutOfCoreLimits, CasesThatFitStayInCore) {
  if (!device()) GTEST_SKIP() << "no CUDA device";
  const Backend* b = Registry::instance().find("cub-radix");
  ASSERT_NE(b, nullptr);
  const CaseResult r =
      run_capped(*b, {KeyType::u32, ValueMode::u32, Order::asc, Distribution::uniform, 100000}, std::uint64_t{1} << 30, 1);
  EXPECT_EQ(r.status, CaseStatus::ok) << r.reason;
  EXPECT_FALSE(r.out_of_core.has_value());
}

}  // namespace
}  // namespace gsb
