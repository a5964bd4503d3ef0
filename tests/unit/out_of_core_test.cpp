// Host side of the out-of-core path (issue 7): piece sizing, splitter planning and the stable scatter.
// The device pipeline is tested in tests/conformance/out_of_core_test.cpp.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "driver/generate.hpp"
#include "gsb/host_memory.hpp"
#include "out_of_core/out_of_core.hpp"
#include "driver/report.hpp"
#include "gsb/error.hpp"
#include "gsb/key_codec.hpp"

namespace gsb::ooc {
namespace {

// Encoded key of element i as the partition sees it (the test's own copy of the rule).
template <class Bits>
std::uint64_t encoded(const KeyView& v, const void* keys, std::uint64_t i) {
  const KeyCodec<Bits> c = make_codec<Bits>(v.type, v.order);
  const Bits raw = static_cast<const Bits*>(keys)[i];
  constexpr Bits negative_zero = static_cast<Bits>(Bits{1} << (8 * sizeof(Bits) - 1));
  // -0.0 is +0.0 where the zeros are one key
  return c.encode(v.collapse_signed_zeros && is_float(v.type) && raw == negative_zero ? Bits{0} : raw);
}
std::uint64_t encoded_any(const KeyView& v, const void* keys, std::uint64_t i) {
  switch (key_bytes(v.type)) {
    case 1: return encoded<std::uint8_t>(v, keys, i);
    case 2: return encoded<std::uint16_t>(v, keys, i);
    case 4: return encoded<std::uint32_t>(v, keys, i);
    default: return encoded<std::uint64_t>(v, keys, i);
  }
}

// Bucket by brute force: the number of splitters <= (key, index).
std::size_t bucket_of(const std::vector<Splitter>& s, std::uint64_t key, std::uint64_t index) {
  std::size_t b = 0;
  for (const Splitter& x : s)
    if (!(Splitter{key, index} < x)) ++b;
  return b;
}

void check_partition(const Partition& part, std::uint64_t n, std::uint64_t capacity) {
  ASSERT_EQ(part.sizes.size(), part.splitters.size() + 1);
  ASSERT_EQ(part.offsets.size(), part.sizes.size() + 1);
  EXPECT_EQ(part.offsets.front(), 0u);
  EXPECT_EQ(part.offsets.back(), n);  // pieces cover the input exactly
  for (std::size_t b = 0; b < part.sizes.size(); ++b) {
    EXPECT_LE(part.sizes[b], capacity) << "bucket " << b;
    EXPECT_EQ(part.offsets[b + 1] - part.offsets[b], part.sizes[b]);
  }
  EXPECT_TRUE(std::is_sorted(part.splitters.begin(), part.splitters.end()));
}

// Partition, scatter, stable-sort every piece on the host (standing in for a stable back-end), and compare
// with a stable sort of the whole input: the pieces must be in key order and keep equal keys in input order.
void check_round_trip(const KeyView& view, const HostKeys& keys, std::uint64_t capacity) {
  const std::uint64_t n = keys.size();
  const std::size_t kb = key_bytes(view.type);
  const Partition part = plan_partition(view, keys.array.data(), n, capacity);
  check_partition(part, n, capacity);

  std::vector<std::uint64_t> values(n);
  std::iota(values.begin(), values.end(), 0);
  std::vector<std::byte> out_keys(n * kb + 1);
  std::vector<std::uint64_t> out_values(n + 1, ~std::uint64_t{0});
  scatter(view, keys.array.data(), values.data(), 8, n, part, out_keys.data(), out_values.data());

  // Reference scatter: bucket by brute force, then a stable partition by bucket.
  std::vector<std::uint64_t> expect;
  expect.reserve(n);
  std::vector<std::size_t> bucket(n);
  for (std::uint64_t i = 0; i < n; ++i) bucket[i] = bucket_of(part.splitters, encoded_any(view, keys.array.data(), i), i);
  for (std::size_t b = 0; b < part.sizes.size(); ++b)
    for (std::uint64_t i = 0; i < n; ++i)
      if (bucket[i] == b) expect.push_back(i);
  for (std::uint64_t j = 0; j < n; ++j) {
    ASSERT_EQ(out_values[j], expect[j]) << "position " << j;
    ASSERT_EQ(std::memcmp(out_keys.data() + j * kb, static_cast<const std::byte*>(keys.array.data()) + expect[j] * kb, kb), 0)
        << "key at " << j;
  }

  // Each piece sorted stably by its (partition) key ...
  auto key_of = [&](std::uint64_t original) { return encoded_any(view, keys.array.data(), original); };
  for (std::size_t b = 0; b < part.sizes.size(); ++b)
    std::stable_sort(out_values.begin() + part.offsets[b], out_values.begin() + part.offsets[b + 1],
                     [&](std::uint64_t a, std::uint64_t c) { return key_of(a) < key_of(c); });
  // ... is the stable sort of the whole.
  std::vector<std::uint64_t> whole(n);
  std::iota(whole.begin(), whole.end(), 0);
  std::stable_sort(whole.begin(), whole.end(), [&](std::uint64_t a, std::uint64_t c) { return key_of(a) < key_of(c); });
  for (std::uint64_t j = 0; j < n; ++j) ASSERT_EQ(out_values[j], whole[j]) << "sorted position " << j;
}

TEST(OutOfCorePlan, PieceCapacityIsTheLargestThatFits) {
  auto temp = [](std::uint64_t m) { return std::size_t{4096} + m / 8; };
  const std::size_t limit = std::size_t{4} << 20;
  const std::uint64_t m = piece_capacity(limit, 3, 8, temp, std::uint64_t{1} << 30);
  ASSERT_GT(m, 0u);
  auto need = [&](std::uint64_t x) { return 3 * (2 * x * 8 + temp(x)); };
  EXPECT_LE(need(m), limit);
  EXPECT_GT(need(m + 1), limit);
  EXPECT_EQ(piece_capacity(limit, 3, 8, temp, 1000), 1000u);  // capped at n
  EXPECT_EQ(piece_capacity(100, 3, 8, temp, 1000), 0u);       // not even one element
}

TEST(OutOfCorePlan, UniformFitsTheCapacity) {
  const HostKeys keys = generate_keys(KeyType::u32, Distribution::uniform, 1 << 20, 1);
  const KeyView view{KeyType::u32, Order::asc, false};
  const Partition part = plan_partition(view, keys.array.data(), keys.size(), 100000);
  check_partition(part, keys.size(), 100000);
  EXPECT_GE(part.sizes.size(), 11u);
  EXPECT_EQ(count_buckets(view, keys.array.data(), keys.size(), part.splitters), part.sizes);
}

TEST(OutOfCorePlan, OneBucketWhenItFits) {
  const HostKeys keys = generate_keys(KeyType::u32, Distribution::uniform, 5000, 1);
  const Partition part = plan_partition({KeyType::u32, Order::asc, false}, keys.array.data(), 5000, 5000);
  check_partition(part, 5000, 5000);
  EXPECT_EQ(part.sizes.size(), 1u);
}

TEST(OutOfCorePlan, AllEqualAndFewUniqueSplitOnIndices) {
  for (Distribution d : {Distribution::all_equal, Distribution::few_unique, Distribution::zipf}) {
    const HostKeys keys = generate_keys(KeyType::u32, d, 300000, 3);
    const Partition part = plan_partition({KeyType::u32, Order::asc, false}, keys.array.data(), keys.size(), 20000);
    SCOPED_TRACE(std::string(to_string(d)));
    check_partition(part, keys.size(), 20000);
  }
}

TEST(OutOfCorePlan, StableRoundTripEveryKeyWidth) {
  struct Case { KeyType t; Order o; Distribution d; std::uint64_t n, cap; };
  const Case cases[] = {
      {KeyType::u32, Order::asc, Distribution::uniform, 20000, 3000},
      {KeyType::u32, Order::desc, Distribution::few_unique, 20000, 2500},
      {KeyType::u8, Order::asc, Distribution::uniform, 20000, 1500},  // 256 keys: splitters inside runs
      {KeyType::u16, Order::desc, Distribution::entropy_0_201, 20000, 4000},
      {KeyType::u64, Order::asc, Distribution::uniform, 20000, 3000},
      {KeyType::i32, Order::asc, Distribution::sorted, 20000, 3000},
      {KeyType::i64, Order::desc, Distribution::reverse, 20000, 7000},
      {KeyType::f32, Order::asc, Distribution::normal, 20000, 3000},
      {KeyType::f64, Order::desc, Distribution::uniform, 20000, 3000},
      {KeyType::u32, Order::asc, Distribution::all_equal, 20000, 1000},
      {KeyType::u32, Order::asc, Distribution::uniform, 20000, 1},  // one element per piece
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(to_string(c.t)) + " " + std::string(to_string(c.o)) + " " +
                 std::string(to_string(c.d)) + " cap " + std::to_string(c.cap));
    const HostKeys keys = generate_keys(c.t, c.d, c.n, 11);
    check_round_trip({c.t, c.o, false}, keys, c.cap);
  }
}

TEST(OutOfCorePlan, LargeSampledInputIsStable) {
  // Beyond the all-elements sampling threshold: splitters come from seeded samples.
  const HostKeys keys = generate_keys(KeyType::u32, Distribution::few_unique, 200000, 5);
  check_round_trip({KeyType::u32, Order::asc, false}, keys, 12000);
}

TEST(OutOfCorePlan, SignedZerosCollapseForBackendsThatTreatThemEqual) {
  // Half -0.0, half +0.0, interleaved, plus some other keys: with the zeros one key they split on the index
  // only, so a back-end that keeps them equal (and stable) stays stable across pieces.
  HostKeys keys{KeyType::f32, HostArray(6000, 4)};
  float* k = keys.array.as<float>();
  for (int i = 0; i < 6000; ++i) k[i] = i % 3 == 0 ? 1.5f : (i % 2 ? -0.0f : 0.0f);
  for (Order o : {Order::asc, Order::desc}) {
    check_round_trip({KeyType::f32, o, true}, keys, 700);
    check_round_trip({KeyType::f32, o, false}, keys, 700);  // total order: -0 before +0 (asc)
  }
}

TEST(OutOfCorePlan, KeysOnlyScatterMatchesKeyValueScatter) {
  const HostKeys keys = generate_keys(KeyType::u64, Distribution::uniform, 50000, 9);
  const KeyView view{KeyType::u64, Order::asc, false};
  const Partition part = plan_partition(view, keys.array.data(), keys.size(), 6000);
  std::vector<std::uint64_t> a(keys.size()), b(keys.size());
  std::vector<std::uint32_t> idx(keys.size()), out_idx(keys.size());
  std::iota(idx.begin(), idx.end(), 0u);
  scatter(view, keys.array.data(), nullptr, 0, keys.size(), part, a.data(), nullptr);
  scatter(view, keys.array.data(), idx.data(), 4, keys.size(), part, b.data(), out_idx.data());
  EXPECT_EQ(a, b);
  for (std::size_t j = 0; j < keys.size(); ++j) ASSERT_EQ(b[j], keys.array.as<std::uint64_t>()[out_idx[j]]);
}

TEST(OutOfCorePlan, HostMemoryIsStated) {
  const SortProblem p{KeyType::u32, ValueMode::u64, Order::asc, std::uint64_t{1} << 32};
  EXPECT_EQ(host_bytes_needed(p, Method::host_partition), (std::size_t{12}) << 32);
  // Intermediate buffer and output, plus the staging ring.
  EXPECT_EQ(host_bytes_needed(p, Method::gpu_partition), (std::size_t{24} << 32) + (std::size_t{128} << 20));
  EXPECT_GT(host_bytes_available(), 0u);  // Linux: /proc/meminfo
}

TEST(OutOfCorePlan, InitialBucketsFillPiecesToAboutFourFifths) {
  EXPECT_EQ(initial_buckets(1000, 1000), 1u);
  EXPECT_EQ(initial_buckets(1001, 1000), 2u);
  EXPECT_EQ(initial_buckets(8000, 1000), 10u);
  EXPECT_EQ(initial_buckets(std::uint64_t{1} << 32, 175870314), 31u);  // the H200 2^32 case
  EXPECT_EQ(initial_buckets(10, 1), 10u);                                // capacity 1: 1 per bucket
  EXPECT_THROW(initial_buckets(10, 0), LogicError);
}

// The method comes from GSB_OOC_METHOD; restores the variable afterwards.
TEST(OutOfCoreMethod, ChosenByTheEnvironment) {
  const char* old = std::getenv("GSB_OOC_METHOD");
  const std::string saved = old ? old : "";
  unsetenv("GSB_OOC_METHOD");
  EXPECT_EQ(method_from_environment(), Method::gpu_partition);
  setenv("GSB_OOC_METHOD", "host-partition", 1);
  EXPECT_EQ(method_from_environment(), Method::host_partition);
  setenv("GSB_OOC_METHOD", "gpu-partition", 1);
  EXPECT_EQ(method_from_environment(), Method::gpu_partition);
  setenv("GSB_OOC_METHOD", "merge", 1);
  EXPECT_THROW(method_from_environment(), UsageError);
  if (old) setenv("GSB_OOC_METHOD", saved.c_str(), 1);
  else unsetenv("GSB_OOC_METHOD");
  EXPECT_EQ(to_string(Method::gpu_partition), "gpu-partition");
  EXPECT_EQ(to_string(Method::host_partition), "host-partition");
}

// gpu-partition on the host: pass 1 partitions every chunk (the host reference of the device kernel), pass 2
// concatenates each bucket's segments. The result must be exactly the global stable scatter of host-partition.
void check_chunked_equals_global(const KeyView& view, const HostKeys& keys, std::uint64_t capacity,
                                 std::uint64_t chunk_n) {
  const std::uint64_t n = keys.size();
  const std::size_t kb = key_bytes(view.type);
  const Partition part = plan_partition(view, keys.array.data(), n, capacity);
  std::vector<std::uint64_t> values(n);
  std::iota(values.begin(), values.end(), 0);

  ChunkedPartition cp;
  cp.n = n;
  cp.chunk_n = chunk_n;
  cp.buckets = part.splitters.size() + 1;
  cp.offsets.assign(cp.chunks() * (cp.buckets + 1), 0);
  std::vector<std::byte> mid_keys(n * kb + 1);
  std::vector<std::uint64_t> mid_values(n + 1);
  for (std::uint64_t c = 0; c < cp.chunks(); ++c) {
    const std::uint64_t b0 = cp.chunk_begin(c);
    partition_chunk_host(view, static_cast<const std::byte*>(keys.array.data()) + b0 * kb, values.data() + b0, 8, b0,
                         cp.chunk_size(c), part.splitters, mid_keys.data() + b0 * kb, mid_values.data() + b0,
                         cp.offsets.data() + c * (cp.buckets + 1));
  }
  EXPECT_EQ(cp.bucket_sizes(), part.sizes);

  std::vector<std::byte> got_keys;
  std::vector<std::uint64_t> got_values;
  for (std::uint64_t b = 0; b < cp.buckets; ++b) {
    std::uint64_t total = 0;
    for (const Segment& sg : bucket_segments(cp, b)) {
      EXPECT_GT(sg.n, 0u);
      got_keys.insert(got_keys.end(), mid_keys.begin() + sg.source * kb, mid_keys.begin() + (sg.source + sg.n) * kb);
      got_values.insert(got_values.end(), mid_values.begin() + sg.source, mid_values.begin() + sg.source + sg.n);
      total += sg.n;
    }
    EXPECT_EQ(total, part.sizes[b]) << "bucket " << b;
  }
  std::vector<std::byte> want_keys(n * kb + 1);
  std::vector<std::uint64_t> want_values(n + 1);
  scatter(view, keys.array.data(), values.data(), 8, n, part, want_keys.data(), want_values.data());
  ASSERT_EQ(got_values.size(), n);
  for (std::uint64_t j = 0; j < n; ++j) ASSERT_EQ(got_values[j], want_values[j]) << "position " << j;
  EXPECT_EQ(std::memcmp(got_keys.data(), want_keys.data(), n * kb), 0);
}

TEST(OutOfCoreChunked, TwoPassesEqualTheGlobalScatter) {
  struct Case { KeyType t; Order o; Distribution d; std::uint64_t n, cap, chunk; };
  const Case cases[] = {
      {KeyType::u32, Order::asc, Distribution::uniform, 30000, 4000, 7000},
      {KeyType::u32, Order::asc, Distribution::uniform, 30000, 4000, 30000},  // one chunk
      {KeyType::u32, Order::desc, Distribution::all_equal, 20001, 3000, 999},  // splits on indices only
      {KeyType::u8, Order::asc, Distribution::uniform, 20000, 1500, 4096},
      {KeyType::u64, Order::desc, Distribution::zipf, 25000, 5000, 3333},
      {KeyType::f32, Order::asc, Distribution::normal, 3000, 300, 1},        // chunks of one element
      {KeyType::u16, Order::desc, Distribution::few_unique, 20000, 2500, 6000},
      {KeyType::u32, Order::asc, Distribution::uniform, 5000, 5000, 1000},   // one bucket
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(to_string(c.t)) + " " + std::string(to_string(c.d)) + " chunk " + std::to_string(c.chunk));
    const HostKeys keys = generate_keys(c.t, c.d, c.n, 13);
    check_chunked_equals_global({c.t, c.o, false}, keys, c.cap, c.chunk);
  }
}

TEST(OutOfCoreChunked, BadOffsetsAreCaught) {
  ChunkedPartition cp;
  cp.n = 10;
  cp.chunk_n = 4;  // chunks of 4, 4, 2
  cp.buckets = 2;
  cp.offsets = {0, 1, 4, 0, 4, 4, 0, 0, 2};
  EXPECT_EQ(cp.chunks(), 3u);
  EXPECT_EQ(cp.chunk_size(2), 2u);
  EXPECT_EQ(cp.bucket_sizes(), (std::vector<std::uint64_t>{5, 5}));
  const std::vector<Segment> b1 = bucket_segments(cp, 1);
  ASSERT_EQ(b1.size(), 2u);  // chunk 1 has nothing in bucket 1
  EXPECT_EQ(b1[0].source, 1u);
  EXPECT_EQ(b1[0].n, 3u);
  EXPECT_EQ(b1[1].source, 8u);
  EXPECT_EQ(b1[1].n, 2u);
  EXPECT_THROW(bucket_segments(cp, 2), LogicError);
  cp.offsets[5] = 3;  // chunk 1 does not end at its size
  EXPECT_THROW(cp.bucket_sizes(), LogicError);
  cp.offsets[5] = 4;
  cp.offsets[1] = 5;  // decreasing
  EXPECT_THROW(cp.bucket_sizes(), LogicError);
  cp.offsets.pop_back();
  EXPECT_THROW(cp.bucket_sizes(), LogicError);
}

}  // namespace
}  // namespace gsb::ooc

namespace gsb {
namespace {

TEST(OutOfCoreReport, JsonCarriesTheObjectOnlyOnOutOfCoreCases) {
  RunReport rep;
  rep.argv = {"gpusort-bench"};
  rep.timestamp_utc = utc_timestamp();
  rep.host = read_host_info();
  rep.reps = 1;
  rep.timing = "device";
  rep.validate = "full";
  rep.device_memory_limit_bytes = std::uint64_t{4} << 20;
  CaseResult in_core;
  in_core.backend = "cub-radix";
  in_core.timing = make_stats({1.0});
  in_core.timing_method = "cuda-events";
  CaseResult ooc = in_core;
  ooc.timing_method = "host-clock";
  OutOfCoreInfo o;
  o.pieces = 2;
  o.slots = 3;
  o.piece_capacity_n = 10;
  o.pinned_h2d_GBps = o.pinned_d2h_GBps = 20;
  o.partition_attempts = 1;
  OutOfCorePiece pc;
  pc.n = 7;
  pc.h2d_ms[1] = 1;
  o.timeline = {pc, pc};
  ooc.out_of_core = o;
  rep.cases = {in_core, ooc};
  const auto j = nlohmann::json::parse(to_json(rep));
  EXPECT_EQ(j["settings"]["device_memory_limit_bytes"], 4u << 20);
  EXPECT_FALSE(j["cases"][0].contains("out_of_core"));
  ASSERT_TRUE(j["cases"][1].contains("out_of_core"));
  const auto& x = j["cases"][1]["out_of_core"];
  EXPECT_EQ(x["pieces"], 2);
  EXPECT_EQ(x["timeline"].size(), 2u);
  EXPECT_EQ(x["timeline"][0]["h2d_ms"].size(), 2u);
  EXPECT_EQ(x["timeline"][0]["h2d_ms"][1], 1.0);
  EXPECT_EQ(x["timeline"][0]["stage"], "sort");
  for (const char* key : {"method", "chunks", "link_bytes", "link_h2d_bytes", "link_d2h_bytes", "pinned_h2d_GBps",
                          "pinned_d2h_GBps", "pinned_bidir_GBps", "host_register_GBps", "link_bound_ms",
                          "link_bound_serial_ms", "ratio_to_link_bound", "device_memory_limit_bytes",
                          "host_bytes_needed", "partition_ms"})
    EXPECT_TRUE(x.contains(key)) << key;
  rep.device_memory_limit_bytes.reset();
  EXPECT_TRUE(nlohmann::json::parse(to_json(rep))["settings"]["device_memory_limit_bytes"].is_null());
  if (const char* dump = std::getenv("GSB_OOC_DUMP_JSON")) {
    rep.device_memory_limit_bytes = std::uint64_t{4} << 20;
    std::ofstream(dump) << to_json(rep);
  }
}

}  // namespace
}  // namespace gsb
