// A library baseline must be the bar users get (issue 17): the harness's back-end for each library is timed
// against a minimal direct call of the library, written as its documentation shows a user (the key type itself,
// cuda::std::less / greater, the descending API where there is one), on the same device buffers, in the same
// process, the same way (input restored and L2 flushed before each repetition, CUDA events around the call
// alone), repetitions interleaved so that clock drift falls on both. The back-end's median must be within a few
// percent of the direct call's; so must the harness's own measurement (Runner::run_case) of the back-end.
// A GPU test: skipped (reported as skipped) without a device. The tolerance is GSB_FAIRNESS_TOLERANCE (0.05).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cuda/std/functional>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/sort.h>

#include "driver/device_context.hpp"
#include "driver/generate.hpp"
#include "driver/measure.hpp"
#include "driver/results.hpp"
#include "driver/runner.hpp"
#include "driver/validate.hpp"
#include "gsb/backend.hpp"
#include "gsb/error.hpp"

namespace gsb {
namespace {

DeviceContext* device() {
  static std::unique_ptr<DeviceContext> ctx = std::make_unique<DeviceContext>(0, false);
  return ctx->available() ? ctx.get() : nullptr;
}

double tolerance() {
  const char* v = std::getenv("GSB_FAIRNESS_TOLERANCE");
  return v ? std::atof(v) : 0.05;
}

// One problem's buffers: the input kept pristine, the two halves and temp storage sized for both callers.
struct Bench {
  SortProblem p;
  DeviceContext& dev;
  DeviceBuffer pristine_keys, pristine_values, keys[2], values[2], temp;
  SortBuffers buffers;
  EventTimer timer;

  Bench(const SortProblem& problem, DeviceContext& d, const HostKeys& host_keys, const HostArray* host_values,
        std::size_t temp_bytes)
      : p(problem), dev(d), timer(d.stream()) {
    const std::size_t kb = p.n * p.key_size(), vb = p.n * p.value_size();
    pristine_keys = DeviceBuffer(kb);
    GSB_CUDA_TRY(cudaMemcpy(pristine_keys.get(), host_keys.array.data(), kb, cudaMemcpyHostToDevice));
    for (auto& k : keys) k = DeviceBuffer(kb);
    if (vb) {
      pristine_values = DeviceBuffer(vb);
      GSB_CUDA_TRY(cudaMemcpy(pristine_values.get(), host_values->data(), vb, cudaMemcpyHostToDevice));
      for (auto& v : values) v = DeviceBuffer(vb);
    }
    temp = DeviceBuffer(std::max<std::size_t>(temp_bytes, 1));
    buffers.keys[0] = keys[0].get();
    buffers.keys[1] = keys[1].get();
    buffers.values[0] = vb ? values[0].get() : nullptr;
    buffers.values[1] = vb ? values[1].get() : nullptr;
    buffers.temp = temp.get();
    buffers.temp_bytes = temp.bytes();
    buffers.stream = dev.stream();
  }

  // Restores the input, flushes L2, and times f() alone with events (ms).
  double time(const std::function<void()>& f) {
    GSB_CUDA_TRY(cudaMemcpyAsync(keys[0].get(), pristine_keys.get(), keys[0].bytes(), cudaMemcpyDeviceToDevice,
                                 dev.stream()));
    if (p.values != ValueMode::none)
      GSB_CUDA_TRY(cudaMemcpyAsync(values[0].get(), pristine_values.get(), values[0].bytes(),
                                   cudaMemcpyDeviceToDevice, dev.stream()));
    dev.flush_l2();
    timer.start();
    f();
    return timer.stop();
  }
};

// A direct call of the library as a user writes it, on the buffers b; with b.temp null it only sizes the
// temporary storage (CUB's own convention).
using Direct = std::function<void(const SortProblem& p, const SortBuffers& b, std::size_t& temp_bytes)>;

template <class Key>
Direct cub_merge_keys(bool ascending) {
  return [ascending](const SortProblem& p, const SortBuffers& b, std::size_t& bytes) {
    Key* keys = static_cast<Key*>(b.keys[0]);
    const auto n = static_cast<std::int64_t>(p.n);
    if (ascending) GSB_CUDA_TRY(cub::DeviceMergeSort::StableSortKeys(b.temp, bytes, keys, n, cuda::std::less<Key>{}, b.stream));
    else GSB_CUDA_TRY(cub::DeviceMergeSort::StableSortKeys(b.temp, bytes, keys, n, cuda::std::greater<Key>{}, b.stream));
  };
}

Direct cub_merge_pairs_u32() {
  return [](const SortProblem& p, const SortBuffers& b, std::size_t& bytes) {
    using K = std::uint32_t;
    GSB_CUDA_TRY(cub::DeviceMergeSort::StableSortPairs(b.temp, bytes, static_cast<K*>(b.keys[0]),
                                                       static_cast<K*>(b.values[0]), static_cast<std::int64_t>(p.n),
                                                       cuda::std::less<K>{}, b.stream));
  };
}

template <class Key>
Direct cub_radix_keys(bool ascending) {
  return [ascending](const SortProblem& p, const SortBuffers& b, std::size_t& bytes) {
    cub::DoubleBuffer<Key> keys(static_cast<Key*>(b.keys[0]), static_cast<Key*>(b.keys[1]));
    const auto n = static_cast<std::int64_t>(p.n);
    if (ascending) GSB_CUDA_TRY(cub::DeviceRadixSort::SortKeys(b.temp, bytes, keys, n, 0, int(8 * sizeof(Key)), b.stream));
    else GSB_CUDA_TRY(cub::DeviceRadixSort::SortKeysDescending(b.temp, bytes, keys, n, 0, int(8 * sizeof(Key)), b.stream));
  };
}

Direct cub_radix_pairs_u64() {
  return [](const SortProblem& p, const SortBuffers& b, std::size_t& bytes) {
    using K = std::uint64_t;
    cub::DoubleBuffer<K> keys(static_cast<K*>(b.keys[0]), static_cast<K*>(b.keys[1]));
    cub::DoubleBuffer<K> values(static_cast<K*>(b.values[0]), static_cast<K*>(b.values[1]));
    GSB_CUDA_TRY(cub::DeviceRadixSort::SortPairs(b.temp, bytes, keys, values, static_cast<std::int64_t>(p.n), 0, 64,
                                                 b.stream));
  };
}

// thrust::sort with Thrust's own temporary allocation, as the documentation's examples do; it allocates inside
// the call, so the harness (which serves Thrust from its temp buffer) can only be faster.
template <class Key>
Direct thrust_keys(bool ascending) {
  return [ascending](const SortProblem& p, const SortBuffers& b, std::size_t& bytes) {
    if (b.temp == nullptr) {
      bytes = 0;
      return;
    }
    Key* keys = static_cast<Key*>(b.keys[0]);
    const auto policy = thrust::cuda::par_nosync.on(b.stream);
    if (ascending) thrust::sort(policy, keys, keys + p.n, thrust::less<Key>());
    else thrust::sort(policy, keys, keys + p.n, thrust::greater<Key>());
  };
}

struct FairCase {
  std::string backend;
  SortProblem p;
  Direct direct;
  std::string label;
};

std::vector<FairCase> fair_cases(std::uint64_t n) {
  return {
      {"cub-merge", {KeyType::u32, ValueMode::none, Order::asc, n}, cub_merge_keys<std::uint32_t>(true), "merge_u32"},
      {"cub-merge", {KeyType::u32, ValueMode::u32, Order::asc, n}, cub_merge_pairs_u32(), "merge_u32_u32"},
      {"cub-merge", {KeyType::f32, ValueMode::none, Order::desc, n}, cub_merge_keys<float>(false), "merge_f32_desc"},
      {"cub-merge", {KeyType::u64, ValueMode::none, Order::asc, n}, cub_merge_keys<std::uint64_t>(true), "merge_u64"},
      {"cub-radix", {KeyType::u32, ValueMode::none, Order::asc, n}, cub_radix_keys<std::uint32_t>(true), "radix_u32"},
      {"cub-radix", {KeyType::f32, ValueMode::none, Order::desc, n}, cub_radix_keys<float>(false), "radix_f32_desc"},
      {"cub-radix", {KeyType::u64, ValueMode::u64, Order::asc, n}, cub_radix_pairs_u64(), "radix_u64_u64"},
      {"thrust", {KeyType::u32, ValueMode::none, Order::asc, n}, thrust_keys<std::uint32_t>(true), "thrust_u32"},
      {"thrust", {KeyType::i64, ValueMode::none, Order::desc, n}, thrust_keys<std::int64_t>(false), "thrust_i64_desc"},
  };
}

class Fairness : public testing::TestWithParam<int> {};

TEST_P(Fairness, BaselineIsWithinAFewPercentOfTheDirectLibraryCall) {
  DeviceContext* dev = device();
  if (!dev) GTEST_SKIP() << "no CUDA device";
  const std::uint64_t n = std::uint64_t{1} << 24;
  const FairCase c = fair_cases(n)[static_cast<std::size_t>(GetParam())];
  const Backend* backend = Registry::instance().find(c.backend);
  ASSERT_NE(backend, nullptr) << c.backend;
  SCOPED_TRACE(c.backend + " " + describe(c.p));

  const HostKeys host_keys = generate_keys(c.p.key_type, Distribution::uniform, n, 1234);
  HostArray host_values;
  if (c.p.values != ValueMode::none) host_values = make_index_values(c.p.values, n);
  std::size_t direct_temp = 0;
  c.direct(c.p, SortBuffers{}, direct_temp);
  Bench bench(c.p, *dev, host_keys, c.p.values != ValueMode::none ? &host_values : nullptr,
              std::max(direct_temp, backend->temp_bytes(c.p)));

  // Interleaved, the order alternating; the first pair is a warm-up.
  std::vector<double> harness, direct;
  const int reps = 21;
  for (int r = 0; r <= reps; ++r) {
    const auto run_backend = [&] { (void)backend->run(c.p, bench.buffers); };
    const auto run_direct = [&] {
      std::size_t bytes = bench.buffers.temp_bytes;
      c.direct(c.p, bench.buffers, bytes);
    };
    double a = 0, b = 0;
    if (r % 2) {
      a = bench.time(run_backend);
      b = bench.time(run_direct);
    } else {
      b = bench.time(run_direct);
      a = bench.time(run_backend);
    }
    if (r == 0) continue;
    harness.push_back(a);
    direct.push_back(b);
  }
  const double mh = median_of(harness), md = median_of(direct);

  // The harness's own measurement of the back-end (its buffers, its protocol).
  const Reference ref = make_reference(host_keys, c.p.order);
  CaseInput in;
  in.keys = &host_keys;
  in.values = c.p.values != ValueMode::none ? &host_values : nullptr;
  in.reference = &ref;
  CaseSettings s;
  s.warmup = 1;
  s.reps = reps;
  const CaseResult r = Runner::run_case(*backend, c.p, Distribution::uniform, in, s, dev);
  ASSERT_EQ(r.status, CaseStatus::ok) << r.reason;
  ASSERT_TRUE(r.timing.has_value());
  const double mr = r.timing->median_ms;

  const double tol = tolerance();
  std::printf("[ fairness ] %-10s %-18s n=2^24 %s: back-end %.3f ms, direct %.3f ms (%.3fx); harness %.3f ms (%.3fx)\n",
              c.backend.c_str(), describe(c.p).c_str(), dev->info().name.c_str(), mh, md, mh / md, mr, mr / md);
  EXPECT_LE(mh, md * (1 + tol)) << "the back-end is slower than the library called directly";
  EXPECT_LE(mr, md * (1 + tol)) << "the harness measures the back-end slower than the library called directly";
}

INSTANTIATE_TEST_SUITE_P(Baselines, Fairness, testing::Range(0, static_cast<int>(fair_cases(1).size())),
                         [](const testing::TestParamInfo<int>& i) { return fair_cases(1)[static_cast<std::size_t>(i.param)].label; });

}  // namespace
}  // namespace gsb
