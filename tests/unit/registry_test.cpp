#include <iterator>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "driver/generate.hpp"
#include "driver/runner.hpp"
#include "gsb/backend.hpp"
#include "gsb/error.hpp"
#include "gsb/sort_backend.hpp"

namespace gsb {
namespace {

TEST(Registry, EveryBackendDescribesItself) {
  const auto all = Registry::instance().all();
  ASSERT_GE(all.size(), 5u);
  std::set<std::string> names;
  for (const Backend* b : all) {
    const BackendInfo& i = b->info();
    EXPECT_FALSE(i.name.empty());
    EXPECT_TRUE(names.insert(i.name).second) << "duplicate " << i.name;
    EXPECT_FALSE(i.description.empty()) << i.name;
    EXPECT_FALSE(i.family.empty()) << i.name;
    EXPECT_FALSE(i.key_types.empty()) << i.name;
    EXPECT_FALSE(i.value_modes.empty()) << i.name;
    EXPECT_FALSE(i.orders.empty()) << i.name;
    if (i.max_n != no_n_limit) {
      EXPECT_FALSE(i.max_n_reason.empty()) << i.name;
    }
    EXPECT_EQ(Registry::instance().find(i.name), b);
  }
  for (const char* baseline : {"std-sort", "std-sort-par", "thrust", "cub-radix", "cub-merge"})
    EXPECT_NE(Registry::instance().find(baseline), nullptr) << baseline;
  EXPECT_EQ(Registry::instance().find("no-such-sort"), nullptr);
}

class Dummy final : public Backend {
 public:
  Dummy() {
    info_.name = "dummy";
    info_.description = "test";
    info_.family = "test";
    info_.key_types = {KeyType::u32};
    info_.value_modes = {ValueMode::none};
    info_.orders = {Order::asc};
    info_.needs_gpu = false;
    info_.max_n = 100;
    info_.max_n_reason = "slow";
    info_.max_n_overridable = true;
  }
  const BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const SortProblem&) const override { return 0; }
  int run(const SortProblem&, const SortBuffers&) const override { return 0; }  // sorts nothing

 private:
  BackendInfo info_;
};

TEST(Registry, UnsupportedCombinationsAreReasonsNotErrors) {
  Dummy d;
  RunOptions plain, force;
  force.force = true;
  EXPECT_NE(d.unsupported_reason({KeyType::f32, ValueMode::none, Order::asc, 10}, plain).find("f32"), std::string::npos);
  EXPECT_NE(d.unsupported_reason({KeyType::u32, ValueMode::u64, Order::asc, 10}, plain).find("u64"), std::string::npos);
  EXPECT_NE(d.unsupported_reason({KeyType::u32, ValueMode::none, Order::desc, 10}, plain).find("desc"), std::string::npos);
  EXPECT_NE(d.unsupported_reason({KeyType::u32, ValueMode::none, Order::asc, 101}, plain).find("slow"), std::string::npos);
  EXPECT_TRUE(d.unsupported_reason({KeyType::u32, ValueMode::none, Order::asc, 101}, force).empty());
}

// A back-end as SortBackend adapts it: the required functions only, then the optional ones too.
struct PlainSort {
  static BackendInfo describe() {
    BackendInfo i{"plain", "test", "test"};
    i.needs_gpu = false;
    i.max_n = 100;
    i.max_n_reason = "slow";
    return i;
  }
  static std::size_t temp_bytes(const SortProblem& p) { return p.n; }
  static int run(const SortProblem&, const SortBuffers&) { return 1; }
};
struct HookedSort : PlainSort {
  static std::string unsupported_reason(const SortProblem& p, const RunOptions&) { return p.n % 2 ? "odd n" : ""; }
  static std::size_t host_workspace_bytes(const SortProblem& p) { return 2 * p.n; }
};

TEST(Registry, SortBackendAdaptsAPlainStruct) {
  const SortProblem seven{KeyType::f64, ValueMode::u64, Order::desc, 7};
  const SortBackend<PlainSort> plain;
  EXPECT_EQ(plain.info().name, "plain");
  EXPECT_EQ(plain.info().key_types.size(), std::size(all_key_types));  // the defaults: everything
  EXPECT_EQ(plain.info().value_modes.size(), std::size(all_value_modes));
  EXPECT_EQ(plain.info().orders.size(), std::size(all_orders));
  EXPECT_EQ(plain.temp_bytes(seven), 7u);
  EXPECT_EQ(plain.host_workspace_bytes(seven), 0u);
  EXPECT_EQ(plain.unsupported_reason(seven, RunOptions{}), "");
  SortBuffers b;
  EXPECT_EQ(plain.run(seven, b), 1);

  const SortBackend<HookedSort> hooked;
  EXPECT_EQ(hooked.host_workspace_bytes(seven), 14u);
  EXPECT_EQ(hooked.unsupported_reason(seven, RunOptions{}), "odd n");
  EXPECT_EQ(hooked.unsupported_reason({KeyType::u32, ValueMode::none, Order::asc, 8}, RunOptions{}), "");
  // The description's limits are checked before the back-end's own.
  EXPECT_NE(hooked.unsupported_reason({KeyType::u32, ValueMode::none, Order::asc, 101}, RunOptions{}).find("slow"),
            std::string::npos);
}

TEST(Registry, DuplicateNamesAreRejected) {
  Registry r;
  r.add(std::make_unique<Dummy>());
  EXPECT_THROW(r.add(std::make_unique<Dummy>()), LogicError);
}

// A back-end that does nothing must be reported FAILED, never timed as a success.
TEST(Runner, ABackendThatDoesNotSortFails) {
  Dummy d;
  const SortProblem p{KeyType::u32, ValueMode::none, Order::asc, 50};
  const HostKeys keys = generate_keys(KeyType::u32, Distribution::uniform, 50, 1);
  const Reference ref = make_reference(keys, Order::asc);
  CaseSettings s;
  const CaseResult r = Runner::run_case(d, p, Distribution::uniform, {&keys, nullptr, &ref}, s, nullptr);
  EXPECT_EQ(r.status, CaseStatus::failed);
  EXPECT_NE(r.reason.find("validation failed"), std::string::npos);
}

TEST(Runner, SkipsWithAReason) {
  Dummy d;
  CaseSettings s;
  const HostKeys keys = generate_keys(KeyType::u32, Distribution::uniform, 500, 1);
  const CaseResult r = Runner::run_case(d, {KeyType::u32, ValueMode::none, Order::asc, 500}, Distribution::uniform,
                                        {&keys, nullptr, nullptr}, s, nullptr);
  EXPECT_EQ(r.status, CaseStatus::skipped);
  EXPECT_NE(r.reason.find("exceeds limit"), std::string::npos) << r.reason;
  const Backend* gpu = Registry::instance().find("cub-radix");
  ASSERT_NE(gpu, nullptr);
  const CaseResult g = Runner::run_case(*gpu, {KeyType::u32, ValueMode::none, Order::asc, 500}, Distribution::uniform,
                                        {&keys, nullptr, nullptr}, s, nullptr);
  EXPECT_EQ(g.status, CaseStatus::skipped);
  EXPECT_EQ(g.reason, "no CUDA device");
}

TEST(Runner, StatisticsOfSamples) {
  const Stats s = make_stats({4, 1, 3, 2});
  EXPECT_DOUBLE_EQ(s.min_ms, 1);
  EXPECT_DOUBLE_EQ(s.max_ms, 4);
  EXPECT_DOUBLE_EQ(s.median_ms, 2.5);
  EXPECT_DOUBLE_EQ(s.mean_ms, 2.5);
  EXPECT_NEAR(s.stddev_ms, 1.29099, 1e-4);
  EXPECT_EQ(s.samples_ms, (std::vector<double>{4, 1, 3, 2}));
}

}  // namespace
}  // namespace gsb

namespace gsb {
namespace {

// A back-end states the oldest GPU it runs on; on an older device, or with GSB_ARCH naming one, it is skipped
// with that reason (issue 15).
TEST(Registry, EveryGpuBackendRunsFromTheFloor) {
  for (const Backend* b : Registry::instance().all())
    if (b->info().needs_gpu) EXPECT_GE(b->info().min_compute_capability, 75) << b->info().name;
}

TEST(Runner, ArchitectureReason) {
  BackendInfo info;
  info.min_compute_capability = 80;
  DeviceInfo dev;
  dev.compute_capability = "9.0";
  EXPECT_EQ(Runner::architecture_reason(info, dev), "");
  dev.compute_capability = "7.5";
  EXPECT_EQ(Runner::architecture_reason(info, dev), "needs compute capability 8.0 or newer; the device is 7.5");
  dev.compute_capability = "9.0";
  dev.emulated_cc = 75;
  EXPECT_EQ(Runner::architecture_reason(info, dev),
            "needs compute capability 8.0 or newer; the device is 7.5 (GSB_ARCH)");
  dev.emulated_cc = 86;
  EXPECT_EQ(Runner::architecture_reason(info, dev), "");
  dev.compute_capability = "10.0";
  dev.emulated_cc = 0;
  EXPECT_EQ(dev.effective_cc(), 100);
}

}  // namespace
}  // namespace gsb
