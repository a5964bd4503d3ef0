// The shared conformance suite: every registered back-end, every key type and value mode it claims, both
// orders, every distribution, over the sizes where partial-tile and indexing bugs live. GPU back-ends are
// skipped (reported as skipped) without a device. GSB_CONFORMANCE_MAX_N caps the sizes (sanitizer runs).
#include <algorithm>
#include <cstdlib>
#include <map>
#include <tuple>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "driver/runner.hpp"
#include "gsb/backend.hpp"
#include "gsb/multi_gpu.hpp"

namespace gsb {
namespace {

struct ConformanceParam {
  const Backend* backend;
  KeyType type;
  ValueMode values;
};

std::vector<ConformanceParam> all_params() {
  std::vector<ConformanceParam> out;
  for (const Backend* b : Registry::instance().all())
    for (KeyType t : b->info().key_types)
      for (ValueMode v : b->info().value_modes) out.push_back({b, t, v});
  return out;
}

void PrintTo(const ConformanceParam& p, std::ostream* os) {  // readable test names in ctest's listing
  *os << p.backend->info().name << " " << to_string(p.type) << " values=" << to_string(p.values);
}

std::string param_name(const testing::TestParamInfo<ConformanceParam>& info) {
  std::string s = info.param.backend->info().name + "_" + std::string(to_string(info.param.type)) + "_" +
                  std::string(to_string(info.param.values));
  std::replace_if(s.begin(), s.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
  return s;
}

DeviceContext* device() {
  static std::unique_ptr<DeviceContext> ctx = std::make_unique<DeviceContext>(0, false);
  return ctx->available() ? ctx.get() : nullptr;
}

std::uint64_t max_n() {
  const char* env = std::getenv("GSB_CONFORMANCE_MAX_N");
  return env ? std::strtoull(env, nullptr, 10) : ~std::uint64_t{0};
}

// GSB_CONFORMANCE_GPUS=N: multi-GPU back-ends spread each case over N GPUs (default: every visible GPU);
// with fewer GPUs present they are skipped.
int conformance_gpus() {
  const char* env = std::getenv("GSB_CONFORMANCE_GPUS");
  return env ? std::atoi(env) : 0;
}

// GSB_CONFORMANCE_QUICK=1: a reduced grid for compute-sanitizer runs (which are 10-100x slower): partial
// tiles, one full-tile boundary and a multi-tile size, a random and a degenerate distribution, both orders.
bool quick() {
  const char* env = std::getenv("GSB_CONFORMANCE_QUICK");
  return env && std::string(env) == "1";
}

// Edge sizes around warps, tiles and 16-bit boundaries; primes; seeded random sizes up to ~2^22.
std::vector<std::uint64_t> small_sizes() { return {0, 1, 2, 3, 31, 32, 33, 1023, 1024, 1025, 65535, 65537}; }
std::vector<std::uint64_t> large_sizes() {
  std::mt19937_64 rng(2026);
  return {104729, 1000003, std::uniform_int_distribution<std::uint64_t>(1 << 16, 1 << 20)(rng),
          std::uniform_int_distribution<std::uint64_t>(1 << 20, (1 << 22) + 17)(rng)};
}

// Inputs, index values and references are shared by every back-end that sorts the same (type, distribution,
// n, order): generating and sorting them on the host is most of the suite's cost.
struct CachedInput {
  HostKeys keys;
  Reference ref;
};
const CachedInput& cached_input(KeyType t, Distribution d, std::uint64_t n, Order o) {
  static std::map<std::tuple<KeyType, Distribution, std::uint64_t, Order>, std::unique_ptr<CachedInput>> cache;
  auto& slot = cache[{t, d, n, o}];
  if (!slot) {
    HostKeys keys = generate_keys(t, d, n, 7 + n);
    Reference ref = make_reference(keys, o);
    slot = std::make_unique<CachedInput>(CachedInput{std::move(keys), std::move(ref)});
  }
  return *slot;
}
const HostArray& cached_values(ValueMode m, std::uint64_t n) {
  static std::map<std::pair<ValueMode, std::uint64_t>, HostArray> cache;
  auto it = cache.find({m, n});
  if (it == cache.end()) it = cache.emplace(std::make_pair(m, n), make_index_values(m, n)).first;
  return it->second;
}

class Conformance : public testing::TestWithParam<ConformanceParam> {};

TEST_P(Conformance, SortsEverySizeDistributionAndOrder) {
  const ConformanceParam& cp = GetParam();
  const Backend& backend = *cp.backend;
  DeviceContext* dev = device();
  if (backend.info().needs_gpu && !dev) GTEST_SKIP() << "no CUDA device";
  if (backend.info().spans_gpus && conformance_gpus() > visible_gpu_count())
    GTEST_SKIP() << "GSB_CONFORMANCE_GPUS=" << conformance_gpus() << " but " << visible_gpu_count() << " GPU(s) present";

  const std::vector<Order>& orders = backend.info().orders;
  std::vector<Distribution> dists;
  for (Distribution d : all_distributions)
    if (distribution_unsupported_reason(d, cp.type).empty()) dists.push_back(d);
  if (quick()) dists = {Distribution::uniform, Distribution::few_unique};

  // (n, distribution, order): the full cross product for small n; for large n, three combinations per size
  // rotating through every distribution and order.
  struct Run { std::uint64_t n; Distribution dist; Order order; };
  std::vector<Run> runs;
  const std::vector<std::uint64_t> smalls =
      quick() ? std::vector<std::uint64_t>{1, 33, 1025, 65537} : small_sizes();
  for (std::uint64_t n : smalls)
    for (Distribution d : dists)
      for (Order o : orders) runs.push_back({n, d, o});
  // Around every tile of the back-end's kernels (Backend::tile_items, under this device's policy): one item short
  // of a tile, a tile, one over, two tiles and one; every order, the distributions taking turns.
  std::vector<std::uint64_t> around_tiles;
  for (std::uint64_t t : backend.tile_items(SortProblem{cp.type, cp.values, Order::asc, 1}))
    for (std::uint64_t n : {t - 1, t, t + 1, 2 * t + 1})
      if (std::find(smalls.begin(), smalls.end(), n) == smalls.end() &&
          std::find(around_tiles.begin(), around_tiles.end(), n) == around_tiles.end())
        around_tiles.push_back(n);
  for (std::size_t j = 0; j < around_tiles.size(); ++j)
    for (std::size_t k = 0; k < orders.size(); ++k)
      runs.push_back({around_tiles[j], dists[(j * orders.size() + k) % dists.size()], orders[k]});
  RecordProperty("tile_sizes", static_cast<int>(around_tiles.size()));
  const auto large = quick() ? std::vector<std::uint64_t>{} : large_sizes();
  for (std::size_t j = 0; j < large.size(); ++j)
    for (std::size_t k = 0; k < 3; ++k) {
      const std::size_t c = j * 3 + k;
      runs.push_back({large[j], dists[c % dists.size()], orders[(c + c / dists.size()) % orders.size()]});
    }

  CaseSettings settings;
  settings.warmup = 0;
  settings.reps = 1;
  settings.force = false;  // a back-end's time limit (e.g. host-driven recursion) skips the larger sizes
  settings.gpus = conformance_gpus();
  int failures = 0, ran = 0;
  for (const Run& run : runs) {
    if (run.n > max_n()) continue;
    const SortProblem p{cp.type, cp.values, run.order, run.n};
    if (!backend.unsupported_reason(p, RunOptions{}).empty()) continue;  // beyond a declared limit
    const CachedInput& input = cached_input(cp.type, run.dist, run.n, run.order);
    const HostArray& values = cached_values(cp.values, run.n);
    CaseInput in{&input.keys, cp.values == ValueMode::none ? nullptr : &values, &input.ref};
    const CaseResult r = Runner::run_case(backend, p, run.dist, in, settings, dev);
    ++ran;
    if (r.status != CaseStatus::ok) {
      ADD_FAILURE() << backend.info().name << " " << describe(p) << " " << to_string(run.dist) << ": "
                    << to_string(r.status) << ": " << r.reason;
      if (++failures >= 8) FAIL() << "stopping after 8 failures";
      if (r.status == CaseStatus::error) FAIL() << "stopping after an error (the CUDA context may be lost)";
    } else {
      EXPECT_TRUE(r.validation_run);
    }
  }
  RecordProperty("cases", ran);
}

// The contract out of core relies on to size its pieces (gsb/backend.hpp): temp_bytes never decreases as n grows,
// for every back-end, key type, value mode and order; from the suite's sizes, powers of two to 2^32 and 1e8 (only
// computed, nothing allocated). GPU back-ends need a device: the libraries' size queries read it.
TEST_P(Conformance, TempBytesNeverDecreaseAsNGrows) {
  const ConformanceParam& cp = GetParam();
  const Backend& backend = *cp.backend;
  if (backend.info().needs_gpu && !device()) GTEST_SKIP() << "no CUDA device";
  if (backend.info().spans_gpus) GTEST_SKIP() << "multi-GPU back-ends size their storage per GPU, not by temp_bytes";
  std::vector<std::uint64_t> ns = small_sizes();
  for (std::uint64_t n : large_sizes()) ns.push_back(n);
  for (int e = 10; e <= 32; ++e) ns.push_back(std::uint64_t{1} << e);
  ns.push_back(100000000);
  std::sort(ns.begin(), ns.end());
  ns.erase(std::unique(ns.begin(), ns.end()), ns.end());
  for (Order order : backend.info().orders) {
    std::size_t before = 0;
    std::uint64_t before_n = 0;
    for (std::uint64_t n : ns) {
      const SortProblem p{cp.type, cp.values, order, n};
      if (!backend.unsupported_reason(p, RunOptions{}).empty()) continue;
      const std::size_t bytes = backend.temp_bytes(p);
      EXPECT_GE(bytes, before) << describe(p) << ": " << bytes << " bytes, n = " << before_n << " took " << before;
      before = bytes;
      before_n = n;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, Conformance, testing::ValuesIn(all_params()), param_name);

}  // namespace
}  // namespace gsb
