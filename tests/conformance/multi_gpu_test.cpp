// Multi-GPU back-ends (issue 7) on 1 and 2 GPUs beyond the shared suite's grid: the JSON-facing record of a
// case (parts, balance, phases, exchange) on inputs large enough for several partition blocks and every
// sub-range, including all-equal keys (split by index, not sent to one GPU). Skipped when the build has no
// multi-GPU back-end or the machine has fewer GPUs.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "driver/runner.hpp"
#include "gsb/backend.hpp"
#include "gsb/multi_gpu.hpp"

namespace gsb {
namespace {

struct MultiCase {
  KeyType type;
  ValueMode values;
  Order order;
  Distribution dist;
  std::uint64_t n;
};

class MultiGpu : public testing::TestWithParam<int> {};

TEST_P(MultiGpu, RecordsBalancedPartsAndPhases) {
  const int G = GetParam();
  if (visible_gpu_count() < G) GTEST_SKIP() << G << " GPUs needed, " << visible_gpu_count() << " present";
  std::vector<const Backend*> multi;
  for (const Backend* b : Registry::instance().all())
    if (b->info().spans_gpus) multi.push_back(b);
  if (multi.empty()) GTEST_SKIP() << "no multi-GPU back-end in this build (NCCL not found)";
  static DeviceContext dev(0, false);
  const MultiCase cases[] = {
      {KeyType::u32, ValueMode::none, Order::asc, Distribution::uniform, (1u << 22) + 3},
      {KeyType::u32, ValueMode::u32, Order::asc, Distribution::all_equal, (1u << 21) + 1},
      {KeyType::u32, ValueMode::u32, Order::desc, Distribution::sorted, 3000001},
      {KeyType::f32, ValueMode::none, Order::asc, Distribution::normal, 2000003},
      {KeyType::u64, ValueMode::u64, Order::desc, Distribution::few_unique, 1000003},
  };
  for (const Backend* b : multi)
    for (const MultiCase& c : cases) {
      const SortProblem p{c.type, c.values, c.order, c.n};
      SCOPED_TRACE(b->info().name + " " + describe(p) + " " + std::string(to_string(c.dist)));
      if (!b->unsupported_reason(p, RunOptions{}).empty()) continue;
      const HostKeys keys = generate_keys(c.type, c.dist, c.n, 5 + c.n);
      const Reference ref = make_reference(keys, c.order);
      HostArray values;
      if (c.values != ValueMode::none) values = make_index_values(c.values, c.n);
      CaseInput in{&keys, c.values != ValueMode::none ? &values : nullptr, &ref};
      CaseSettings s;
      s.warmup = 0;
      s.reps = 2;
      s.gpus = G;
      const CaseResult r = Runner::run_case(*b, p, c.dist, in, s, &dev);
      ASSERT_EQ(r.status, CaseStatus::ok) << r.reason;
      ASSERT_TRUE(r.validation_run);
      EXPECT_TRUE(r.validation.passed) << r.validation.first_mismatch;
      ASSERT_TRUE(r.multi_gpu.has_value());
      const MultiGpuInfo& m = *r.multi_gpu;
      EXPECT_EQ(m.gpus, G);
      ASSERT_EQ(m.per_gpu.size(), static_cast<std::size_t>(G));
      std::uint64_t total = 0;
      for (const MultiGpuGpu& g : m.per_gpu) {
        total += g.part_n;
        EXPECT_GT(g.total_ms, 0);
        EXPECT_LE(g.splitters_ms + g.partition_ms, g.total_ms + 1e-3);
        if (G > 1 && c.dist == Distribution::uniform) EXPECT_GT(g.sent_bytes, 0u);
        if (G == 1) EXPECT_EQ(g.sent_bytes, 0u);
      }
      EXPECT_EQ(total, c.n);
      EXPECT_LE(m.balance, 1.05);  // all-equal keys too: ties are split by index
      EXPECT_GE(m.balance, 1.0);
      EXPECT_GT(m.device_bytes_per_gpu, 0u);
      EXPECT_EQ(r.timing_method, "host-clock");
    }
}

INSTANTIATE_TEST_SUITE_P(Gpus, MultiGpu, testing::Values(1, 2),
                         [](const testing::TestParamInfo<int>& i) { return std::to_string(i.param) + "gpu"; });

}  // namespace
}  // namespace gsb
