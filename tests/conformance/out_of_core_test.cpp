// The out-of-core path on a device (issue 7): a tiny device-memory cap forces conformance-sized cases through
// both methods (gpu-partition: chunks partitioned on the device, then buckets sorted; host-partition: host
// scatter, then buckets sorted), and the full validation must pass (order, permutation, pairing, and
// stability for stable back-ends). The device chunk partition is also compared with its host reference.
// Skipped without a CUDA device. GSB_CONFORMANCE_MAX_N caps the sizes (sanitizer runs).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <numeric>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "out_of_core/out_of_core.hpp"
#include "driver/runner.hpp"
#include "gsb/backend.hpp"
#include "gsb/error.hpp"

namespace gsb {
namespace {

DeviceContext* device() {
  static std::unique_ptr<DeviceContext> ctx = std::make_unique<DeviceContext>(0, false);
  return ctx->available() ? ctx.get() : nullptr;
}

// GSB_CONFORMANCE_MAX_N, or unlimited.
std::uint64_t max_n() {
  const char* env = std::getenv("GSB_CONFORMANCE_MAX_N");
  return env && *env ? std::strtoull(env, nullptr, 10) : ~std::uint64_t{0};
}

// Sets GSB_OOC_METHOD for the lifetime of the object.
class MethodScope {
 public:
  explicit MethodScope(const std::string& m) {
    if (const char* old = std::getenv("GSB_OOC_METHOD")) saved_ = old, had_ = true;
    setenv("GSB_OOC_METHOD", m.c_str(), 1);
  }
  ~MethodScope() {
    if (had_) setenv("GSB_OOC_METHOD", saved_.c_str(), 1);
    else unsetenv("GSB_OOC_METHOD");
  }
  MethodScope(const MethodScope&) = delete;
  MethodScope& operator=(const MethodScope&) = delete;

 private:
  std::string saved_;
  bool had_ = false;
};

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

class OutOfCore : public testing::TestWithParam<std::tuple<std::string, std::string>> {};

TEST_P(OutOfCore, ForcedByATinyCapAndValidated) {
  if (!device()) GTEST_SKIP() << "no CUDA device";
  const auto& [name, method] = GetParam();
  const Backend* b = Registry::instance().find(name);
  if (!b) GTEST_SKIP() << name << " is not registered";
  const MethodScope scope(method);
  const OocCase cases[] = {
      {KeyType::u32, ValueMode::none, Order::asc, Distribution::uniform, 1000003},
      {KeyType::u32, ValueMode::u32, Order::asc, Distribution::few_unique, 1000003},  // heavy duplicates
      {KeyType::u32, ValueMode::u32, Order::desc, Distribution::all_equal, 600001},   // split on indices only
      {KeyType::f32, ValueMode::u32, Order::asc, Distribution::normal, 700001},
      {KeyType::u64, ValueMode::u64, Order::desc, Distribution::zipf, 500009},
      {KeyType::i32, ValueMode::none, Order::desc, Distribution::entropy_0_201, 777777},
      {KeyType::u8, ValueMode::u32, Order::asc, Distribution::uniform, 300007},       // 256 keys, long runs
  };
  // Sanitizer runs: a tenth of the sizes, pieces a tenth as large.
  const bool small = max_n() < 1000000;
  for (OocCase c : cases) {
    if (small) c.n = std::min(c.n / 10, max_n());
    const SortProblem p{c.type, c.values, c.order, c.n};
    SCOPED_TRACE(name + " " + method + " " + describe(p) + " " + std::string(to_string(c.dist)));
    if (!b->unsupported_reason(p, RunOptions{}).empty()) continue;
    // Room for three pieces of 32Ki elements (a few MiB): 15-30 pieces, whatever the back-end's temp storage.
    SortProblem piece = p;
    piece.n = small ? 4096 : 32768;
    const std::uint64_t cap = 3 * (2 * piece.n * (p.key_size() + p.value_size()) + b->temp_bytes(piece)) + 4096;
    const CaseResult r = run_capped(*b, c, cap);
    ASSERT_EQ(r.status, CaseStatus::ok) << r.reason;
    ASSERT_TRUE(r.validation_run);
    EXPECT_TRUE(r.validation.passed) << r.validation.first_mismatch;
    ASSERT_TRUE(r.out_of_core.has_value());
    const OutOfCoreInfo& o = *r.out_of_core;
    EXPECT_EQ(o.method, method);
    EXPECT_GT(o.pieces, 1u);
    EXPECT_LE(o.device_bytes_used, cap);
    const bool gpu = method == "gpu-partition";
    EXPECT_EQ(o.chunks > 1, gpu);
    ASSERT_EQ(o.timeline.size(), o.pieces + o.chunks);
    // Pass-1 chunks cover the input in order, then pieces cover the output in order.
    std::uint64_t covered[2] = {0, 0};
    for (const OutOfCorePiece& pc : o.timeline) {
      const int stage = pc.stage == "sort" ? 1 : 0;
      EXPECT_TRUE(stage == 1 || pc.stage == "partition") << pc.stage;
      EXPECT_EQ(pc.offset, covered[stage]);
      if (stage == 1) EXPECT_LE(pc.n, o.piece_capacity_n);
      covered[stage] += pc.n;
      EXPECT_LE(pc.h2d_ms[0], pc.h2d_ms[1]);
      EXPECT_LE(pc.h2d_ms[1], pc.sort_ms[1]);
      EXPECT_LE(pc.sort_ms[1], pc.d2h_ms[1]);
    }
    EXPECT_EQ(covered[1], c.n);
    EXPECT_EQ(covered[0], gpu ? c.n : 0);
    EXPECT_EQ(o.link_h2d_bytes, (gpu ? 2 : 1) * c.n * (p.key_size() + p.value_size()));
    EXPECT_GT(o.pinned_h2d_GBps, 0);
    EXPECT_GT(o.pinned_bidir_GBps, 0);
    EXPECT_GT(o.link_bound_ms, 0);
    EXPECT_GE(o.link_bound_serial_ms, o.link_bound_ms);
    ASSERT_TRUE(r.timing.has_value());
    EXPECT_EQ(r.timing_method, "host-clock");
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, OutOfCore,
                         testing::Combine(testing::Values("cub-radix", "radix", "merge-samples"),
                                          testing::Values("gpu-partition", "host-partition")),
                         [](const testing::TestParamInfo<std::tuple<std::string, std::string>>& i) {
                           std::string s = std::get<0>(i.param) + "_" + std::get<1>(i.param);
                           for (char& ch : s)
                             if (ch == '-') ch = '_';
                           return s;
                         });

// The device's chunk partition against partition_chunk_host: same order, same bucket offsets, for every key
// width, with and without values, one bucket and thousands.
TEST(OutOfCoreChunkPartition, MatchesTheHostReference) {
  if (!device()) GTEST_SKIP() << "no CUDA device";
  struct Case { KeyType t; Order o; Distribution d; std::size_t vb; std::uint64_t n, buckets; bool collapse; };
  const Case cases[] = {
      {KeyType::u32, Order::asc, Distribution::uniform, 0, 100003, 37, false},
      {KeyType::u32, Order::desc, Distribution::few_unique, 4, 100003, 300, false},
      {KeyType::u8, Order::asc, Distribution::uniform, 8, 70001, 1000, false},
      {KeyType::u16, Order::desc, Distribution::all_equal, 4, 50000, 17, false},
      {KeyType::u64, Order::asc, Distribution::zipf, 8, 65537, 5000, false},
      {KeyType::f32, Order::asc, Distribution::normal, 4, 40000, 64, true},
      {KeyType::f64, Order::desc, Distribution::uniform, 0, 30001, 2, false},
      {KeyType::i32, Order::asc, Distribution::uniform, 0, 4097, 1, false},  // one bucket: a copy
  };
  for (const Case& c : cases) {
    const std::uint64_t n = std::min(c.n, max_n());
    SCOPED_TRACE(std::string(to_string(c.t)) + " " + std::string(to_string(c.d)) + " buckets " +
                 std::to_string(c.buckets));
    const std::size_t kb = key_bytes(c.t);
    const HostKeys keys = generate_keys(c.t, c.d, n, 29);
    std::vector<std::byte> values(n * c.vb + 1);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::byte>(i * 7 + 3);
    const ooc::KeyView view{c.t, c.o, c.collapse};
    // Splitters of the whole "input", and a chunk that starts at input index 1000.
    const std::vector<ooc::Splitter> splitters =
        ooc::sample_splitters(view, keys.array.data(), n, c.buckets, 16, 7);
    const std::uint64_t first = 1000;
    std::vector<std::byte> want_keys(n * kb + 1), want_values(n * c.vb + 1);
    std::vector<std::uint64_t> want_offsets(splitters.size() + 2);
    ooc::partition_chunk_host(view, keys.array.data(), values.data(), c.vb, first, n, splitters, want_keys.data(),
                              want_values.data(), want_offsets.data());

    DeviceBuffer d_keys(n * kb), d_values(n * c.vb), d_out_keys(n * kb), d_out_values(n * c.vb);
    DeviceBuffer d_splitters(std::max<std::size_t>(1, splitters.size()) * sizeof(ooc::Splitter));
    DeviceBuffer d_offsets((splitters.size() + 2) * sizeof(std::uint64_t));
    const std::size_t scratch_bytes = ooc::chunk_partition_scratch_bytes(n, splitters.size() + 1);
    DeviceBuffer d_scratch(scratch_bytes);
    const cudaStream_t st = device()->stream();
    GSB_CUDA_TRY(cudaMemcpyAsync(d_keys.get(), keys.array.data(), n * kb, cudaMemcpyHostToDevice, st));
    if (c.vb) GSB_CUDA_TRY(cudaMemcpyAsync(d_values.get(), values.data(), n * c.vb, cudaMemcpyHostToDevice, st));
    if (!splitters.empty())
      GSB_CUDA_TRY(cudaMemcpyAsync(d_splitters.get(), splitters.data(), splitters.size() * sizeof(ooc::Splitter),
                                   cudaMemcpyHostToDevice, st));
    ooc::ChunkPartitionArgs a;
    a.key_type = c.t;
    a.order = c.o;
    a.collapse_signed_zeros = c.collapse;
    a.value_bytes = c.vb;
    a.n = n;
    a.first_index = first;
    a.keys = d_keys.get();
    a.values = c.vb ? d_values.get() : nullptr;
    a.out_keys = d_out_keys.get();
    a.out_values = c.vb ? d_out_values.get() : nullptr;
    a.splitters = static_cast<const ooc::Splitter*>(d_splitters.get());
    a.splitter_count = static_cast<std::uint32_t>(splitters.size());
    a.bucket_offsets = static_cast<std::uint64_t*>(d_offsets.get());
    a.scratch = d_scratch.get();
    a.scratch_bytes = scratch_bytes;
    a.stream = st;
    ooc::partition_chunk(a);
    std::vector<std::byte> got_keys(n * kb + 1), got_values(n * c.vb + 1);
    std::vector<std::uint64_t> got_offsets(splitters.size() + 2);
    GSB_CUDA_TRY(cudaMemcpyAsync(got_keys.data(), d_out_keys.get(), n * kb, cudaMemcpyDeviceToHost, st));
    if (c.vb) GSB_CUDA_TRY(cudaMemcpyAsync(got_values.data(), d_out_values.get(), n * c.vb, cudaMemcpyDeviceToHost, st));
    GSB_CUDA_TRY(cudaMemcpyAsync(got_offsets.data(), d_offsets.get(), got_offsets.size() * sizeof(std::uint64_t),
                                 cudaMemcpyDeviceToHost, st));
    GSB_CUDA_TRY(cudaStreamSynchronize(st));
    EXPECT_EQ(got_offsets, want_offsets);
    EXPECT_EQ(std::memcmp(got_keys.data(), want_keys.data(), n * kb), 0);
    EXPECT_EQ(std::memcmp(got_values.data(), want_values.data(), n * c.vb), 0);
  }
  // Too little scratch is refused, not overrun.
  ooc::ChunkPartitionArgs bad;
  bad.n = 1000;
  bad.scratch_bytes = 16;
  EXPECT_THROW(ooc::partition_chunk(bad), LogicError);
}

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
