// The pieces of `radix`'s digit pass, each on its own (backends/radix/onesweep/pass.cuh), against the host:
//  - a tile's ranking (count_tile_digits, start_tile_digits, rank_in_warp): every key's rank is its place in the
//    stable counting sort of the tile by the pass's digit, with 32-bit running starts and with 16-bit ones
//    (add_count's packed words, as the bucket sort's 52-row kernel keeps them);
//  - a tile's ranking in any order (count_tile_digits keeping WarpPlaces, placed_rank), as the hybrid path's MSD
//    passes of keys alone rank: the ranks are a permutation of the tile, each key's inside its digit's run of the
//    stable counting sort, and a partial tile's padding (the largest key, after the valid keys) ranks after every
//    valid key, at its own positions;
//  - the hybrid path's sample (skew_sample_kernel) marks rows of few digits (sorted keys, 64 distinct keys), which the
//    MSD passes then rank stably, and not uniform keys (a host replica of its rows: 512, 143 and 2 of 512 rows hold
//    a digit more than 3 times, past 32 marked);
//  - the hybrid path's warp bucket sort of u32 keys, alone (small buckets sorted by their short runs, and by the
//    rounds from bit 0 where a run is longer or the bucket larger) and with u32 values (by runs at every size, each
//    key carried as a word of its low half over its position, stably; by the rounds where a run is longer);
//  - the hybrid path's in-place bucket kernels of u32 keys with u32 values (22 and 32 rows a warp): every bucket
//    sorted stably, whether by its short runs or, where a run is longer, by the stable rounds;
//  - the hybrid path past 2^32 keys whose 32-bit counts wrap (a skewed input the sample lets through) takes the LSD
//    passes (about 36 GB of device memory, skipped where less is free);
//  - the segment sort's histogram (segment_histogram_kernel): its top-8-bit counts of encoded keys (an unaligned start,
//    sizes around its 16-byte loads) are the host's; its verdict is segment_fits where every bucket holds at most the
//    capacity, else segment_buckets or segment_skewed as the sample's *skewed says; the first pass's inputs it writes
//    are the buckets' starts and a table of the pass's tiles, empty where the keys go to the LSD passes;
//  - the decoupled look-back (look_back, and LookBack stepped as pass_tile steps it): every tile's digit prefix is
//    the exclusive sum of the earlier tiles of its chain, with tiles started in any order, for look-back windows of
//    1 and 8 and chains of several lengths.
// GPU tests: skipped without a device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <cuda_runtime_api.h>

#include "gsb/cuda_raii.hpp"
#include "gsb/device_props.hpp"
#include "gsb/error.hpp"
#include "radix/onesweep/hybrid.cuh"
#include "radix/onesweep/pass.cuh"

namespace gsb::radix::onesweep {
namespace {

bool have_device() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return count > 0;
}

constexpr int radix_bits = 8;
constexpr int threads = 128;
constexpr int items = 4;
using Shape = PassShape<std::uint32_t, NoValue, radix_bits, threads, items>;

// A thread's share of one tile, loaded warp-striped as pass_tile loads it ((warp, item, lane) is input order; past
// `valid`, padding of the largest key), its warp's digit counts zeroed.
struct TileThread {
  unsigned warp, lane;
  unsigned* my_hist;
  int warp_first;
  std::uint32_t keys[items];
  __device__ TileThread(const std::uint32_t* keys_in, int valid, unsigned* s_hist)
      : warp(threadIdx.x / 32), lane(lane_id()), my_hist(s_hist + warp * Shape::radix),
        warp_first(static_cast<int>(warp) * 32 * items + static_cast<int>(lane)) {
    for (int d = lane; d < Shape::radix; d += 32) my_hist[d] = 0;
    __syncthreads();
    for (int u = 0; u < items; ++u) keys[u] = warp_first + u * 32 < valid ? keys_in[warp_first + u * 32] : ~0u;
  }
};

// One tile ranked; each key's rank written at its input position. Packed: the warp's starts copied into 16-bit
// halves, ranked there.
template <bool Packed>
__global__ void rank_tile_kernel(const std::uint32_t* keys_in, int shift, unsigned* ranks_out) {
  __shared__ unsigned s_hist[Shape::warps * Shape::radix];
  __shared__ unsigned s_packed[Shape::warps * Shape::radix / 2];
  __shared__ unsigned s_local_start[Shape::radix];
  TileThread t(keys_in, Shape::tile, s_hist);
  const unsigned warp = t.warp, lane = t.lane;
  unsigned* my_hist = t.my_hist;
  const int warp_first = t.warp_first;
  auto& keys = t.keys;
  unsigned count[Shape::bins_per_thread];
  const unsigned total = count_tile_digits<Shape>(keys, shift, radix_bits, s_hist, my_hist, count);
  start_tile_digits<Shape>(total, count, s_hist, s_local_start);
  __syncthreads();
  if (Packed) {
    unsigned* my_words = s_packed + warp * Shape::radix / 2;
    for (int j = lane; j < Shape::radix / 2; j += 32) my_words[j] = my_hist[2 * j] | my_hist[2 * j + 1] << 16;
    __syncwarp();
    my_hist = my_words;
  }
  for (int u = 0; u < items; ++u)
    ranks_out[warp_first + u * 32] =
        rank_in_warp<radix_bits, Packed>(digit_of(keys[u], shift, radix_bits), my_hist, lane);
}

std::vector<unsigned> rank_on_device(const std::vector<std::uint32_t>& keys, int shift, bool packed) {
  DeviceBuffer d_keys(keys.size() * sizeof(std::uint32_t)), d_ranks(keys.size() * sizeof(unsigned));
  GSB_CUDA_TRY(cudaMemcpy(d_keys.get(), keys.data(), d_keys.bytes(), cudaMemcpyHostToDevice));
  auto kernel = packed ? rank_tile_kernel<true> : rank_tile_kernel<false>;
  kernel<<<1, threads>>>(static_cast<const std::uint32_t*>(d_keys.get()), shift, static_cast<unsigned*>(d_ranks.get()));
  GSB_CHECK_LAUNCH();
  std::vector<unsigned> ranks(keys.size());
  GSB_CUDA_TRY(cudaMemcpy(ranks.data(), d_ranks.get(), d_ranks.bytes(), cudaMemcpyDeviceToHost));
  return ranks;
}

// The stable counting sort's place of every key.
std::vector<unsigned> rank_on_host(const std::vector<std::uint32_t>& keys, int shift) {
  auto digit = [&](std::uint32_t k) { return (k >> shift) & ((1u << radix_bits) - 1); };
  std::vector<unsigned> start(1u << radix_bits, 0), ranks(keys.size());
  for (std::uint32_t k : keys) ++start[digit(k)];
  unsigned sum = 0;
  for (unsigned& s : start) {
    const unsigned c = s;
    s = sum;
    sum += c;
  }
  for (std::size_t i = 0; i < keys.size(); ++i) ranks[i] = start[digit(keys[i])]++;
  return ranks;
}

TEST(OnesweepParts, TileRankIsTheStableCountingSortPlace) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  std::mt19937 rng(2026);
  const std::vector<std::uint32_t (*)(std::mt19937&, int)> inputs = {
      [](std::mt19937& r, int) { return static_cast<std::uint32_t>(r()); },          // every digit
      [](std::mt19937& r, int) { return static_cast<std::uint32_t>(r() % 3) << 8; },  // three digits, many peers
      [](std::mt19937&, int) { return 0x12345678u; },                                  // one digit: every lane peers
      [](std::mt19937&, int i) { return static_cast<std::uint32_t>(Shape::tile - i) << 8; }};  // descending
  for (const auto& make : inputs)
    for (int shift : {0, 8, 24}) {
      std::vector<std::uint32_t> keys(Shape::tile);
      for (int i = 0; i < Shape::tile; ++i) keys[i] = make(rng, i);
      for (bool packed : {false, true})
        EXPECT_EQ(rank_on_device(keys, shift, packed), rank_on_host(keys, shift)) << "shift " << shift
                                                                                  << (packed ? ", 16-bit starts" : "");
    }
}

// One tile of which the first `valid` positions are keys (the rest padding, as pass_tile pads), ranked in any order:
// each valid key by its counting atomic's place, each padding key at its position.
__global__ void rank_any_order_kernel(const std::uint32_t* keys_in, int valid, int shift, unsigned* ranks_out) {
  __shared__ unsigned s_hist[Shape::warps * Shape::radix];
  __shared__ unsigned s_local_start[Shape::radix];
  TileThread t(keys_in, valid, s_hist);
  unsigned* my_hist = t.my_hist;
  const int warp_first = t.warp_first;
  auto& keys = t.keys;
  const int real_items = max(0, min(items, (valid - warp_first + 31) / 32));
  unsigned count[Shape::bins_per_thread];
  WarpPlaces<items> places;
  const unsigned total = count_tile_digits<Shape>(keys, shift, radix_bits, s_hist, my_hist, count, &places, real_items,
                                                  static_cast<unsigned>(Shape::tile - valid));
  start_tile_digits<Shape>(total, count, s_hist, s_local_start);
  __syncthreads();
  for (int u = 0; u < items; ++u)
    ranks_out[warp_first + u * 32] =
        u < real_items ? placed_rank(digit_of(keys[u], shift, radix_bits), my_hist, places.get(u))
                       : static_cast<unsigned>(warp_first + u * 32);
}

TEST(OnesweepParts, TileRankInAnyOrderFillsEachDigitsRun) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  std::mt19937 rng(2027);
  const std::vector<std::uint32_t (*)(std::mt19937&)> inputs = {
      [](std::mt19937& r) { return static_cast<std::uint32_t>(r()); },                // every digit
      [](std::mt19937& r) { return static_cast<std::uint32_t>(r() % 3) * 0x01010101u; },  // three digits, many peers
      [](std::mt19937&) { return ~0u; },                                                // the padding's own digit
      [](std::mt19937& r) { return r() % 2 ? ~0u : 0u; }};
  for (const auto& make : inputs)
    for (int shift : {0, 8, 24})
      for (int valid : {Shape::tile, Shape::tile - 1, Shape::tile - 33, 32 * items + 5, 31, 1}) {
        std::vector<std::uint32_t> keys(Shape::tile, ~0u);
        for (int i = 0; i < valid; ++i) keys[i] = make(rng);
        DeviceBuffer d_keys(keys.size() * sizeof(std::uint32_t)), d_ranks(keys.size() * sizeof(unsigned));
        GSB_CUDA_TRY(cudaMemcpy(d_keys.get(), keys.data(), d_keys.bytes(), cudaMemcpyHostToDevice));
        rank_any_order_kernel<<<1, threads>>>(static_cast<const std::uint32_t*>(d_keys.get()), valid, shift,
                                              static_cast<unsigned*>(d_ranks.get()));
        GSB_CHECK_LAUNCH();
        std::vector<unsigned> ranks(keys.size());
        GSB_CUDA_TRY(cudaMemcpy(ranks.data(), d_ranks.get(), d_ranks.bytes(), cudaMemcpyDeviceToHost));
        // The stable places (padding included) give each digit's run.
        const std::vector<unsigned> stable = rank_on_host(keys, shift);
        std::vector<unsigned> run_start(Shape::radix, Shape::tile), run_end(Shape::radix, 0);
        for (int i = 0; i < Shape::tile; ++i) {
          const unsigned d = (keys[i] >> shift) & (Shape::radix - 1);
          run_start[d] = std::min(run_start[d], stable[i]);
          run_end[d] = std::max(run_end[d], stable[i] + 1);
        }
        std::vector<unsigned> sorted_ranks = ranks;
        std::sort(sorted_ranks.begin(), sorted_ranks.end());
        for (int i = 0; i < Shape::tile; ++i) ASSERT_EQ(sorted_ranks[i], static_cast<unsigned>(i)) << "a permutation";
        for (int i = 0; i < Shape::tile; ++i) {
          const unsigned d = (keys[i] >> shift) & (Shape::radix - 1);
          EXPECT_GE(ranks[i], run_start[d]) << "key " << i << ", shift " << shift << ", valid " << valid;
          EXPECT_LT(ranks[i], run_end[d]) << "key " << i << ", shift " << shift << ", valid " << valid;
          if (i < valid) EXPECT_LT(ranks[i], static_cast<unsigned>(valid)) << "a valid key after the padding";
          else EXPECT_EQ(ranks[i], static_cast<unsigned>(i)) << "padding at its position";
        }
      }
}

// The mark skew_sample_kernel writes for n keys of type Bits made by `make` (of the index and a random word), the
// path kept to `heavy_most` heavy samples (sample_heavy_most; 1 / 8 by default).
template <class Bits = std::uint32_t, class Make>
unsigned sample_mark(std::uint64_t n, Make make, unsigned heavy_most = sample_keys / sample_heavy_share) {
  std::mt19937_64 rng(2028);
  std::vector<Bits> keys(n);
  for (std::uint64_t i = 0; i < n; ++i) keys[i] = make(i, static_cast<Bits>(rng()));
  constexpr std::size_t bins = std::size_t{1} << sample_bin_bits;
  DeviceBuffer d_keys(n * sizeof(Bits)), d_ors(2 * bins * sizeof(Bits)), d_words((bins + 4) * sizeof(unsigned));
  GSB_CUDA_TRY(cudaMemcpy(d_keys.get(), keys.data(), d_keys.bytes(), cudaMemcpyHostToDevice));
  GSB_CUDA_TRY(cudaMemset(d_ors.get(), 0, d_ors.bytes()));
  GSB_CUDA_TRY(cudaMemset(d_words.get(), 0, d_words.bytes()));
  auto* w = static_cast<unsigned*>(d_words.get());
  auto* ors = static_cast<Bits*>(d_ors.get());
  skew_sample_kernel<Bits><<<sample_blocks, sample_threads>>>(
      static_cast<const Bits*>(d_keys.get()), n, KeyCodec<Bits>{}, w, ors, ors + bins, w + bins, w + bins + 1,
      w + bins + 2, sample_heavy_above(n), heavy_most, true, w + bins + 3);
  GSB_CHECK_LAUNCH();
  unsigned mark = 0;
  GSB_CUDA_TRY(cudaMemcpy(&mark, w + bins + 3, sizeof(unsigned), cudaMemcpyDeviceToHost));
  return mark;
}

// 8-byte keys of entropy 0.811 (the AND of two random words; about 61% of the samples heavy at 2^22, a host model of
// the sample) stay on the path at the 3 / 4 of 8-byte keys alone from 1e8 to 2^28 (sample_heavy_most) and leave it at
// 1 / 8 (the others); those of entropy 0.544 (AND of three, about 83%) leave it either way.
TEST(OnesweepParts, SampleKeepsSkewed8ByteKeysWhereTheirPassesPay) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  const std::uint64_t n = std::uint64_t{1} << 22;
  std::mt19937_64 more(11);
  auto and_of = [&](int words) {
    return [&more, words](std::uint64_t, std::uint64_t r) {
      for (int j = 1; j < words; ++j) r &= more();
      return r;
    };
  };
  const unsigned passes = sample_heavy_most(8, 0, std::uint64_t{1} << 28), lsd = sample_heavy_most(8, 4, n);
  // (not skewed; its rows of 32 keys often share a top digit: mark_few_digit_rows)
  EXPECT_NE(sample_mark<std::uint64_t>(n, and_of(2), passes), mark_skewed) << "entropy 0.811, passes";
  EXPECT_EQ(sample_mark<std::uint64_t>(n, and_of(2), lsd), mark_skewed) << "entropy 0.811, LSD";
  EXPECT_EQ(sample_mark<std::uint64_t>(n, and_of(3), passes), mark_skewed) << "entropy 0.544, passes";
  EXPECT_EQ(sample_mark<std::uint64_t>(n, and_of(1), passes), 0u) << "uniform keys";
}

TEST(OnesweepParts, SampleMarksRowsOfFewDigits) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  const std::uint64_t n = std::uint64_t{1} << 22;
  EXPECT_EQ(sample_mark(n, [](std::uint64_t, std::uint32_t r) { return r; }), 0u) << "uniform keys";
  EXPECT_EQ(sample_mark(n, [](std::uint64_t i, std::uint32_t) { return static_cast<std::uint32_t>(i << 10); }),
            mark_few_digit_rows)
      << "sorted keys";
  std::mt19937 pick(7);
  std::vector<std::uint32_t> few(64);
  for (auto& k : few) k = static_cast<std::uint32_t>(pick());
  EXPECT_EQ(sample_mark(n, [&](std::uint64_t, std::uint32_t r) { return few[r % 64]; }), mark_few_digit_rows)
      << "64 distinct keys";
}

// 16-bit buckets made on the host, each shuffled and laid out one after another: the keys, and each bucket's count
// and start.
struct HostBuckets {
  std::vector<std::uint32_t> keys;
  std::vector<unsigned> counts;
  std::vector<std::uint64_t> starts;
};
HostBuckets lay_out(std::vector<std::vector<std::uint32_t>>& buckets, std::mt19937& rng) {
  HostBuckets h;
  for (auto& bucket : buckets) {
    std::shuffle(bucket.begin(), bucket.end(), rng);
    h.starts.push_back(h.keys.size());
    h.counts.push_back(static_cast<unsigned>(bucket.size()));
    h.keys.insert(h.keys.end(), bucket.begin(), bucket.end());
  }
  return h;
}
// Each bucket of `laid`, sorted in place into `sorted` (and its values, each its pair's input index, into `moved`;
// keys alone where `values` is empty), holds its keys in a stable sort's order.
void expect_each_bucket_sorted_stably(const HostBuckets& laid, const std::vector<std::uint32_t>& values,
                                      const std::vector<std::uint32_t>& sorted,
                                      const std::vector<std::uint32_t>& moved) {
  const bool with_values = !values.empty();
  using Pair = std::pair<std::uint32_t, std::uint32_t>;  // (key, input index)
  for (std::size_t b = 0; b < laid.counts.size(); ++b) {
    std::vector<Pair> want, got;
    for (unsigned i = 0; i < laid.counts[b]; ++i) {
      const std::size_t at = laid.starts[b] + i;
      want.emplace_back(laid.keys[at], with_values ? values[at] : 0u);
      got.emplace_back(sorted[at], with_values ? moved[at] : 0u);
    }
    std::stable_sort(want.begin(), want.end(), [](const Pair& x, const Pair& y) { return x.first < y.first; });
    EXPECT_EQ(got, want) << "bucket " << b << " of " << laid.counts[b] << " keys";
  }
}

// The hybrid path's warp bucket sort (warp_bucket_sort_kernel) of u32 keys, alone or with u32 values, on 16-bit
// buckets made on the host (each key's top 16 bits its bucket): each bucket sorted in place, whether by its runs or by
// the rounds from bit 0. Keys alone go by runs where a bucket holds at most warp_bucket_by_runs_keys keys and every run
// of bits 8 .. 15 at most warp_bucket_run_most, ties among them; pairs (warp_bucket_carry_by_runs: each key a word of
// its low half over its position) at every size where every run holds at most warp_bucket_carry_run_most; the others
// by the rounds (one run longer, or keys alone in a larger bucket). Pairs stay stable: each value is its pair's input
// index, and equal keys keep input order. Two launches, as launch_bucket_sort makes them: every slot for the buckets of
// up to 300 keys (or by_runs_keys + 1) and, by pairs of warps, the listed ones of up to 600 (an empty bucket, one of
// 1024 keys, one of 200 that the first slots take, one of 500), then the list again for those past 600.
template <class Value>
void check_warp_buckets() {
  constexpr bool with_values = has_values_v<Value>;
  static_assert(!with_values || warp_bucket_carry_by_runs<std::uint32_t, Value>, "pairs: the carry form");
  constexpr unsigned run_most = with_values ? warp_bucket_carry_run_most : warp_bucket_run_most;
  constexpr unsigned buffer_keys = 1024;
  std::mt19937 rng(2029);
  std::vector<std::vector<std::uint32_t>> buckets(hybrid_buckets);
  auto add = [&](unsigned b, unsigned low16) { buckets[b].push_back(b << 16 | (low16 & 0xffffu)); };
  add(0, 5);                                              // one key
  add(1, 77), add(1, 77);                                 // two equal keys
  for (int i = 0; i < 152; ++i) add(2, rng());           // as uniform keys give at 1e7
  for (unsigned d = 0; d < 40; ++d)                       // runs of 1 .. run_most keys, with ties: by runs
    for (unsigned j = 0; j <= d % run_most; ++j) add(3, d << 8 | rng() % 4), add(4, d << 8 | rng() % 4);
  add(4, (run_most - 1) << 8 | 1u);                       // one run of run_most + 1: by rounds
  for (unsigned i = 0; i < buffer_keys; ++i) add(5, rng());  // keys alone past by_runs_keys: by rounds; pairs by runs
  for (unsigned i = 0; i < 200; ++i) add(6, 4242);       // one run of equal keys: by rounds
  for (unsigned i = 0; i < warp_bucket_by_runs_keys; ++i) add(7, (warp_bucket_by_runs_keys - 1 - i) << 8);  // by runs
  for (unsigned i = 0; i <= warp_bucket_by_runs_keys; ++i) add(8, rng() % 4096);  // 16 runs of about 20: by rounds
  for (int i = 0; i < 300; ++i) add(hybrid_buckets - 1, rng());
  for (int i = 0; i < 500; ++i) add(10, rng());  // past the first launch's 300: a pair of warps' (up to 600)
  for (unsigned i = 0; i < 2 * run_most; ++i) add(11, i / 2 << 8 | 9);  // runs of two equal keys: by runs
  static_assert(run_most <= 40, "bucket 4's longest run is one of its 40 digits'");
  ASSERT_LE(buckets[4].size(), warp_bucket_by_runs_keys) << "bucket 4: only its run sends it by rounds";
  const HostBuckets laid = lay_out(buckets, rng);
  const std::vector<std::uint32_t>& keys = laid.keys;
  const std::vector<unsigned>& counts = laid.counts;
  const std::vector<std::uint64_t>& starts = laid.starts;
  std::vector<std::uint32_t> values(with_values ? keys.size() : 0);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::uint32_t>(i);
  DeviceBuffer d_keys(keys.size() * sizeof(std::uint32_t)), d_counts(counts.size() * sizeof(unsigned)),
      d_starts(starts.size() * sizeof(std::uint64_t)), d_values(std::max<std::size_t>(values.size(), 1) * 4);
  GSB_CUDA_TRY(cudaMemcpy(d_keys.get(), keys.data(), d_keys.bytes(), cudaMemcpyHostToDevice));
  GSB_CUDA_TRY(cudaMemcpy(d_counts.get(), counts.data(), d_counts.bytes(), cudaMemcpyHostToDevice));
  GSB_CUDA_TRY(cudaMemcpy(d_starts.get(), starts.data(), d_starts.bytes(), cudaMemcpyHostToDevice));
  if (with_values)
    GSB_CUDA_TRY(cudaMemcpy(d_values.get(), values.data(), values.size() * 4, cudaMemcpyHostToDevice));
  constexpr unsigned first_keys = std::max(300u, warp_bucket_by_runs_keys + 1);  // buckets 7 and 8 too
  ASSERT_EQ(counts[5], buffer_keys) << "bucket 5: the list's";
  ASSERT_TRUE(counts[9] == 0 && counts[6] <= first_keys) << "bucket 9 empty, bucket 6 the first launch's";
  constexpr unsigned paired_keys = 600;
  ASSERT_LE(paired_keys, 2 * warp_bucket_stride(first_keys));
  ASSERT_TRUE(counts[10] > first_keys && counts[10] <= paired_keys) << "bucket 10: the pairs'";
  ASSERT_TRUE(counts[7] <= first_keys && counts[8] <= first_keys) << "buckets 7 and 8: the first launch's";
  const std::vector<unsigned> later = {9, 5, 6, 10};
  DeviceBuffer d_later(later.size() * sizeof(unsigned));
  GSB_CUDA_TRY(cudaMemcpy(d_later.get(), later.data(), d_later.bytes(), cudaMemcpyHostToDevice));
  auto kernel = warp_bucket_sort_kernel<std::uint32_t, Value, warp_bucket_packed<std::uint32_t>>;
  const BucketSlots listed{static_cast<const unsigned*>(d_later.get()), static_cast<unsigned>(later.size())};
  auto launch = [&](unsigned above, unsigned most, BucketSlots slots, BucketSlots paired, unsigned paired_most) {
    const auto smem = static_cast<std::size_t>(warp_bucket_block_bytes<std::uint32_t, Value>(most));
    set_dynamic_shared_bytes(kernel, smem, "warp bucket sort");
    const unsigned blocks =
        warp_bucket_paired_blocks(paired.size) + (slots.size + warp_bucket_warps - 1) / warp_bucket_warps;
    kernel<<<blocks, warp_bucket_warps * 32, smem>>>(
        static_cast<std::uint32_t*>(d_keys.get()), with_values ? static_cast<Value*>(d_values.get()) : nullptr,
        static_cast<const unsigned*>(d_counts.get()), static_cast<const std::uint64_t*>(d_starts.get()),
        KeyCodec<std::uint32_t>{}, above, most, slots, paired, paired_most);
    GSB_CHECK_LAUNCH();
  };
  launch(0, first_keys, BucketSlots{nullptr, hybrid_buckets}, listed, paired_keys);
  launch(paired_keys, buffer_keys, listed, BucketSlots{nullptr, 0}, 0);
  std::vector<std::uint32_t> sorted(keys.size()), moved(values.size());
  GSB_CUDA_TRY(cudaMemcpy(sorted.data(), d_keys.get(), d_keys.bytes(), cudaMemcpyDeviceToHost));
  if (with_values) GSB_CUDA_TRY(cudaMemcpy(moved.data(), d_values.get(), moved.size() * 4, cudaMemcpyDeviceToHost));
  expect_each_bucket_sorted_stably(laid, values, sorted, moved);
}

TEST(OnesweepParts, WarpBucketsSortByRunsAndByRounds) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  check_warp_buckets<NoValue>();
}

TEST(OnesweepParts, WarpBucketsSortPairsByRunsStably) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  check_warp_buckets<std::uint32_t>();
}

// The hybrid path's in-place bucket kernels of u32 keys with u32 values (bucket_sort_kernel, 512 threads: 22 rows a
// warp, then 32 carrying positions, or (wide) 768 threads of 22 rows) on 16-bit buckets made on the host, launched as
// launch_bucket_sort launches them (the 22-row kernel the buckets of up to its 11264 keys, the 32-row or 768-thread
// kernel those past it): each bucket sorted in place, stably (each value its pair's input index). Uniform low halves
// in the largest buckets each kernel takes (runs of about 3 and 4 keys by the top 12 bits of the low half), many
// equal keys in runs of up to 32 (bucket_carry_run_most), runs of exactly 32 and 33 (in buckets each kernel takes), a
// run of 5000 equal keys, one of 13000 keys of 16 values, a row, one key. The 22-row kernel sorts by runs where three
// of its blocks fit an SM (bucket_in_place_by_runs), and so does the 768-thread one (bucket_in_place_pairs_wide_on);
// the 32-row one by its stable rounds; a run past 32 keys sends the others to them too.
void check_in_place_pair_buckets(bool wide) {
  using Value = std::uint32_t;
  constexpr int wide_threads = bucket_threads_in_place_pairs_wide;
  constexpr unsigned fewer = 512 * bucket_rows_pairs_two_blocks;
  const unsigned most = wide ? wide_threads * bucket_rows_pairs_two_blocks : 512 * bucket_rows_in_place_base;
  std::mt19937 rng(2031);
  std::vector<std::vector<std::uint32_t>> buckets(hybrid_buckets);
  auto add = [&](unsigned b, unsigned low16) { buckets[b].push_back(b << 16 | (low16 & 0xffffu)); };
  for (unsigned i = 0; i < most; ++i) add(0, rng());               // the 32-row kernel's largest, uniform
  for (unsigned i = 0; i < fewer; ++i) add(1, rng());              // the 22-row kernel's largest, uniform
  for (unsigned i = 0; i < 12000; ++i) add(2, rng() % 16384);       // runs of about 12 with many equal keys
  for (unsigned d = 0; d < 300; ++d)                                // runs of exactly 32 with ties
    for (unsigned j = 0; j < bucket_carry_run_most; ++j) add(3, d << 4 | rng() % 3);
  for (unsigned j = 0; j <= bucket_carry_run_most; ++j) add(4, 7u << 4 | rng() % 2);  // one run of 33: stable rounds
  for (unsigned i = 0; i < 2000; ++i) add(4, rng());
  for (unsigned i = 0; i < 5000; ++i) add(5, 1234);                 // one run of equal keys
  for (unsigned i = 0; i < 13000; ++i) add(6, rng() % 16);          // one run (the 32-row kernel's), few keys
  for (unsigned i = 0; i < 32; ++i) add(7, rng());                  // one row
  add(8, 99);                                                       // one key
  for (unsigned d = 0; d < 400; ++d)                                // ... and past the 22-row kernel's keys
    for (unsigned j = 0; j < bucket_carry_run_most; ++j) add(9, d << 4 | rng() % 3);
  for (unsigned j = 0; j <= bucket_carry_run_most; ++j) add(10, 7u << 4 | rng() % 2);
  for (unsigned i = 0; i < 12000; ++i) add(10, rng());
  for (unsigned i = 0; i < 100; ++i) add(hybrid_buckets - 1, rng() % 64);
  const HostBuckets laid = lay_out(buckets, rng);
  const std::vector<std::uint32_t>& keys = laid.keys;
  const std::vector<unsigned>& counts = laid.counts;
  const std::vector<std::uint64_t>& starts = laid.starts;
  ASSERT_TRUE(counts[0] == most && counts[1] == fewer && counts[2] > fewer && counts[6] > fewer &&
              counts[9] > fewer && counts[10] > fewer);
  std::vector<Value> values(keys.size());
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<Value>(i);
  DeviceBuffer d_keys(keys.size() * 4), d_values(values.size() * 4), d_counts(counts.size() * sizeof(unsigned)),
      d_starts(starts.size() * sizeof(std::uint64_t));
  GSB_CUDA_TRY(cudaMemcpy(d_keys.get(), keys.data(), d_keys.bytes(), cudaMemcpyHostToDevice));
  GSB_CUDA_TRY(cudaMemcpy(d_values.get(), values.data(), d_values.bytes(), cudaMemcpyHostToDevice));
  GSB_CUDA_TRY(cudaMemcpy(d_counts.get(), counts.data(), d_counts.bytes(), cudaMemcpyHostToDevice));
  GSB_CUDA_TRY(cudaMemcpy(d_starts.get(), starts.data(), d_starts.bytes(), cudaMemcpyHostToDevice));
  const DeviceProps& props = current_device_props();
  const arch::Band band = arch::band_of(props.cc_major * 10 + props.cc_minor);
  auto launch = [&](auto kernel, unsigned above, unsigned buffer_keys, BucketShape shape) {
    const auto smem = static_cast<std::size_t>(bucket_launch_bytes<std::uint32_t, Value>(band, shape, buffer_keys));
    set_dynamic_shared_bytes(kernel, smem, "in-place bucket sort");
    kernel<<<hybrid_buckets, shape.threads, smem>>>(
        static_cast<std::uint32_t*>(d_keys.get()), static_cast<Value*>(d_values.get()),
        static_cast<const unsigned*>(d_counts.get()), static_cast<const std::uint64_t*>(d_starts.get()),
        KeyCodec<std::uint32_t>{}, above, buffer_keys, BucketSlots{nullptr, hybrid_buckets}, 0u);
    GSB_CHECK_LAUNCH();
  };
  launch(bucket_sort_kernel<512, std::uint32_t, Value, true, bucket_rows_pairs_two_blocks>, 1, fewer, bucket_in_place);
  if (wide)
    launch(bucket_sort_kernel<wide_threads, std::uint32_t, Value, true, bucket_rows_pairs_two_blocks>, fewer, most,
           bucket_in_place_pairs_wide);
  else
    launch(bucket_sort_kernel<512, std::uint32_t, Value, true, bucket_rows_in_place_base>, fewer, most,
           bucket_in_place);
  std::vector<std::uint32_t> sorted(keys.size());
  std::vector<Value> moved(values.size());
  GSB_CUDA_TRY(cudaMemcpy(sorted.data(), d_keys.get(), d_keys.bytes(), cudaMemcpyDeviceToHost));
  GSB_CUDA_TRY(cudaMemcpy(moved.data(), d_values.get(), d_values.bytes(), cudaMemcpyDeviceToHost));
  expect_each_bucket_sorted_stably(laid, values, sorted, moved);
}

TEST(OnesweepParts, InPlaceBucketsSortPairsStably) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  check_in_place_pair_buckets(false);
}

TEST(OnesweepParts, InPlaceBucketsSortPairsStablyWide) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  const DeviceProps& props = current_device_props();
  const arch::Band band = arch::band_of(props.cc_major * 10 + props.cc_minor);
  if (!bucket_in_place_pairs_wide_on<std::uint32_t, std::uint32_t>(band))
    GTEST_SKIP() << "the 768-thread kernel does not serve this band";
  check_in_place_pair_buckets(true);
}

// Tiles numbered in the order blocks start (as pass_tile numbers them); each publishes its digits' counts, looks
// back when it is not the first of its chain, publishes its inclusive prefix and writes the exclusive one. Steps > 0:
// the look-back as pass_tile steps it (LookBack: begun, stepped that many times, finished).
template <int Window, int Steps>
__global__ void look_back_kernel(const unsigned* counts, unsigned* status, unsigned* tile_counter, unsigned chain,
                                 unsigned stamp, unsigned* prefix_out) {
  __shared__ unsigned s_tile;
  if (threadIdx.x == 0) s_tile = atomicAdd(tile_counter, 1u);
  __syncthreads();
  const unsigned tile = s_tile, first_tile = tile / chain * chain;
  const int d = static_cast<int>(threadIdx.x);
  const unsigned c = counts[static_cast<std::uint64_t>(tile) * Shape::radix + d];
  unsigned* mine = status + static_cast<std::uint64_t>(tile) * Shape::radix + d;
  const unsigned stamped = stamp << status_stamp_shift;
  store_status(mine, stamped | (tile == first_tile ? status_inclusive : 0u) | c);
  unsigned before = 0;
  if (tile > first_tile) {
    if constexpr (Steps == 0) {
      before = look_back<Window, Shape::radix>(status, tile, first_tile, d, stamp);
    } else {
      LookBack<Window, Shape::radix> walk;
      walk.begin(status, tile, first_tile, d, stamp);
      for (int s = 0; s < Steps; ++s) walk.step();
      walk.finish();
      before = walk.before;
    }
    store_status(mine, stamped | status_inclusive | (before + c));
  }
  prefix_out[static_cast<std::uint64_t>(tile) * Shape::radix + d] = before;
}

template <int Window, int Steps = 0>
void check_look_back(unsigned tiles, unsigned chain, unsigned stamp) {
  const std::size_t cells = static_cast<std::size_t>(tiles) * Shape::radix;
  std::mt19937 rng(tiles + chain);
  std::vector<unsigned> counts(cells);
  for (unsigned& c : counts) c = rng() % 1000;
  DeviceBuffer d_counts(cells * sizeof(unsigned)), d_status(cells * sizeof(unsigned)),
      d_prefix(cells * sizeof(unsigned)), d_counter(sizeof(unsigned));
  GSB_CUDA_TRY(cudaMemcpy(d_counts.get(), counts.data(), d_counts.bytes(), cudaMemcpyHostToDevice));
  // A stale table from another launch: words with another stamp must be waited past, never summed.
  GSB_CUDA_TRY(cudaMemset(d_status.get(), 0x5A, d_status.bytes()));
  GSB_CUDA_TRY(cudaMemset(d_counter.get(), 0, sizeof(unsigned)));
  look_back_kernel<Window, Steps><<<tiles, Shape::radix>>>(static_cast<const unsigned*>(d_counts.get()),
                                                   static_cast<unsigned*>(d_status.get()),
                                                   static_cast<unsigned*>(d_counter.get()), chain, stamp,
                                                   static_cast<unsigned*>(d_prefix.get()));
  GSB_CHECK_LAUNCH();
  std::vector<unsigned> prefix(cells);
  GSB_CUDA_TRY(cudaMemcpy(prefix.data(), d_prefix.get(), d_prefix.bytes(), cudaMemcpyDeviceToHost));
  for (unsigned d = 0; d < Shape::radix; ++d) {
    unsigned sum = 0;
    for (unsigned t = 0; t < tiles; ++t) {
      if (t % chain == 0) sum = 0;
      ASSERT_EQ(prefix[static_cast<std::size_t>(t) * Shape::radix + d], sum)
          << "window " << Window << ", steps " << Steps << ", chain " << chain << ": tile " << t << ", digit " << d;
      sum += counts[static_cast<std::size_t>(t) * Shape::radix + d];
    }
  }
}

TEST(OnesweepParts, LookBackSumsEveryEarlierTileOfItsChain) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  ASSERT_NE(0x5A5A5A5Au >> status_stamp_shift, 3u) << "the stale words must carry another stamp";
  for (unsigned chain : {1u, 7u, 300u, 5000u}) {
    check_look_back<1>(5000, chain, 3);
    check_look_back<8>(5000, chain, 3);
    check_look_back<1, 3>(5000, chain, 3);
    check_look_back<8, 3>(5000, chain, 3);
  }
}

// What segment_histogram_kernel leaves for the f32 keys (their bits; descending: the codec encodes) from `offset` keys
// into the array, with `skewed` as the sample's verdict, `capacity` as the block's and `small` as the smaller block's.
struct SegmentJudged {
  std::vector<unsigned> counts;
  std::vector<std::uint64_t> starts;
  unsigned tiles, verdict;
};
SegmentJudged segment_judged(const std::vector<std::uint32_t>& keys, std::size_t offset, unsigned skewed,
                             unsigned capacity, unsigned small) {
  const std::uint64_t n = keys.size() - offset;
  constexpr unsigned tile = 1000;
  DeviceBuffer d_keys(keys.size() * sizeof(std::uint32_t)), d_words((256 + 8) * sizeof(unsigned)),
      d_wide((256 + 2) * sizeof(std::uint64_t));
  GSB_CUDA_TRY(cudaMemcpy(d_keys.get(), keys.data(), d_keys.bytes(), cudaMemcpyHostToDevice));
  GSB_CUDA_TRY(cudaMemset(d_words.get(), 0, d_words.bytes()));
  GSB_CUDA_TRY(cudaMemset(d_wide.get(), 0xff, d_wide.bytes()));
  auto* w = static_cast<unsigned*>(d_words.get());  // [256] counts, arrivals, skewed, mark, tiles[2]
  auto* wide = static_cast<std::uint64_t*>(d_wide.get());  // [256] starts, items[2]
  GSB_CUDA_TRY(cudaMemcpy(w + 257, &skewed, sizeof(unsigned), cudaMemcpyHostToDevice));
  GSB_CUDA_TRY(cudaMemset(w + 259, 0xff, 2 * sizeof(unsigned)));  // (a table left from before)
  const FirstPassInputs first{w + 256, wide, w + 259, wide + 256, n, TopPortions{n, 1}, tile};
  using Bits = std::uint32_t;
  const KeyCodec<Bits> codec = make_codec<Bits>(KeyType::f32, Order::desc);
  Stream stream;  // (as the driver's runs: a dependent launch)
  launch_segment_histogram<Bits>(static_cast<const Bits*>(d_keys.get()) + offset, n, codec, w, w + 257, capacity,
                                 small, w + 258, first, stream.get());
  GSB_CUDA_TRY(cudaStreamSynchronize(stream.get()));
  SegmentJudged j{std::vector<unsigned>(256), std::vector<std::uint64_t>(256), 0, 0};
  unsigned tail[2];
  GSB_CUDA_TRY(cudaMemcpy(j.counts.data(), w, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost));
  GSB_CUDA_TRY(cudaMemcpy(j.starts.data(), wide, 256 * sizeof(std::uint64_t), cudaMemcpyDeviceToHost));
  GSB_CUDA_TRY(cudaMemcpy(&j.verdict, w + 258, sizeof(unsigned), cudaMemcpyDeviceToHost));
  GSB_CUDA_TRY(cudaMemcpy(tail, w + 259, sizeof(tail), cudaMemcpyDeviceToHost));
  EXPECT_EQ(tail[0], 0u);
  j.tiles = tail[1];
  return j;
}

TEST(OnesweepParts, SegmentHistogramCountsTopBitsAndJudges) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  std::mt19937 rng(5);
  std::normal_distribution<float> normal;
  const KeyCodec<std::uint32_t> codec = make_codec<std::uint32_t>(KeyType::f32, Order::desc);
  // (2^20 random words fit, about 4096 a bucket, and the smaller block of 4400 too; 70001 and 2^20 normal floats, in a
  // few buckets, do not)
  constexpr unsigned capacity = 5000;
  for (const std::uint64_t n : {1ull, 3ull, 4ull, 5ull, 1000ull, 70001ull, 1ull << 20})
    for (const bool skew : {false, true})
      for (const unsigned skewed : {0u, 1u})
        for (const std::size_t offset : {std::size_t{0}, std::size_t{1}})
          for (const unsigned small : {0u, 4400u}) {
            std::vector<std::uint32_t> keys(n + offset);
            for (auto& k : keys) {
              const float f = normal(rng);
              if (skew) std::memcpy(&k, &f, sizeof(k));
              else k = static_cast<std::uint32_t>(rng());
            }
            std::vector<unsigned> want(256, 0);
            for (std::size_t i = offset; i < keys.size(); ++i) ++want[codec.encode(keys[i]) >> 24];
            const SegmentJudged j = segment_judged(keys, offset, skewed, capacity, small);
            const std::string where = "n " + std::to_string(n) + (skew ? ", normal" : ", random bits") + ", skewed " +
                                      std::to_string(skewed) + ", offset " + std::to_string(offset) + ", small " +
                                      std::to_string(small);
            EXPECT_EQ(j.counts, want) << where;
            const unsigned most = *std::max_element(want.begin(), want.end());
            const unsigned fitting = most <= small ? segment_fits_small : segment_fits;
            EXPECT_EQ(j.verdict, most <= capacity ? fitting : skewed ? segment_skewed : segment_buckets) << where;
            EXPECT_EQ(j.tiles, j.verdict == segment_skewed ? 0u : static_cast<unsigned>((n + 999) / 1000)) << where;
            std::uint64_t start = 0;
            for (int t = 0; t < 256; ++t) {
              EXPECT_EQ(j.starts[t], start) << where << ", bucket " << t;
              start += want[t];
            }
          }
}

// Each form of the segment sort (segment_sort.cuh), and the msd form's smaller block (its values in shared memory),
// sorts every bucket it is given by its 24 low bits, stably, its
// pairs decoded to their place: buckets of 0, 1, 2, 33 and 385 pairs, and up to the form's capacity, of random low
// bits, of 6 distinct keys (the msd form's sub-buckets past a warp's scratch: its block sort) and of one key; keys
// encoded as the first pass leaves them (f32, descending), each bucket's top 8 bits its index. Skipped without a
// device, or where a block's shared memory does not hold the form.
template <class ShapeF>
void check_segment_shape() {
  using Bits = std::uint32_t;
  if (current_device_props().shared_bytes_per_block_optin <
      static_cast<long long>(segment_sort_shared_bytes<Bits, Bits, ShapeF>))
    GTEST_SKIP() << "a block's shared memory does not hold the form";
  const KeyCodec<Bits> codec = make_codec<Bits>(KeyType::f32, Order::desc);
  const unsigned c = ShapeF::capacity;
  const std::vector<unsigned> sizes{0, 1, 2, 33, 385, c / 2, c - 1, c};
  std::mt19937 rng(94);
  std::vector<unsigned> counts;
  std::vector<std::uint64_t> starts;
  std::vector<Bits> keys;  // encoded, bucket by bucket
  std::vector<Bits> values;
  for (int kind = 0; kind < 3; ++kind)  // random low bits, 6 distinct keys, one key
    for (const unsigned size : sizes) {
      const auto b = static_cast<Bits>(counts.size());
      counts.push_back(size);
      starts.push_back(keys.size());
      Bits few[6];
      for (auto& f : few) f = rng() & 0xffffffu;
      for (unsigned i = 0; i < size; ++i) {
        const Bits low = kind == 0 ? rng() & 0xffffffu : kind == 1 ? few[rng() % 6] : few[0];
        keys.push_back(b << 24 | low);
        values.push_back(static_cast<Bits>(keys.size()));
      }
    }
  ASSERT_LE(counts.size(), 256u);
  const std::size_t n = keys.size();
  DeviceBuffer k1(n * 4), v1(n * 4), k0(n * 4), v0(n * 4), d_counts(counts.size() * 4), d_starts(starts.size() * 8);
  GSB_CUDA_TRY(cudaMemcpy(k1.get(), keys.data(), n * 4, cudaMemcpyHostToDevice));
  GSB_CUDA_TRY(cudaMemcpy(v1.get(), values.data(), n * 4, cudaMemcpyHostToDevice));
  GSB_CUDA_TRY(cudaMemcpy(d_counts.get(), counts.data(), counts.size() * 4, cudaMemcpyHostToDevice));
  GSB_CUDA_TRY(cudaMemcpy(d_starts.get(), starts.data(), starts.size() * 8, cudaMemcpyHostToDevice));
  GSB_CUDA_TRY(cudaMemset(k0.get(), 0, n * 4));
  GSB_CUDA_TRY(cudaMemset(v0.get(), 0, n * 4));
  launch_segment_sort<Bits, Bits, ShapeF>(
      static_cast<const Bits*>(k1.get()), static_cast<const Bits*>(v1.get()), static_cast<Bits*>(k0.get()),
      static_cast<Bits*>(v0.get()), static_cast<const unsigned*>(d_counts.get()),
      static_cast<const std::uint64_t*>(d_starts.get()), codec, nullptr, static_cast<unsigned>(counts.size()));
  GSB_CUDA_TRY(cudaDeviceSynchronize());
  std::vector<Bits> got_k(n), got_v(n);
  GSB_CUDA_TRY(cudaMemcpy(got_k.data(), k0.get(), n * 4, cudaMemcpyDeviceToHost));
  GSB_CUDA_TRY(cudaMemcpy(got_v.data(), v0.get(), n * 4, cudaMemcpyDeviceToHost));
  for (std::size_t b = 0; b < counts.size(); ++b) {
    std::vector<std::size_t> order(counts[b]);
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = starts[b] + i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return keys[x] < keys[y]; });
    std::size_t bad = 0;
    for (std::size_t i = 0; i < order.size(); ++i)
      bad += got_k[starts[b] + i] != codec.decode(keys[order[i]]) || got_v[starts[b] + i] != values[order[i]];
    EXPECT_EQ(bad, 0u) << "bucket " << b << " of " << counts[b] << " pairs (kind " << b / sizes.size() << ")";
  }
}

TEST(OnesweepParts, SegmentSortMsdFormSortsEachBucket) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  check_segment_shape<PathSegmentShape<SegmentForm::msd>>();
}
TEST(OnesweepParts, SegmentSortMsdFormsSmallerBlockSortsEachBucket) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  check_segment_shape<PathSegmentSmallShape>();
}
TEST(OnesweepParts, SegmentSortBlocksFormSortsEachBucket) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  check_segment_shape<PathSegmentShape<SegmentForm::blocks>>();
}

// Keys of the wrap test: a byte of a hash of the index in bits 16 .. 23, every other bit 0; sums[0] += their bytes,
// sums[1] += those whose byte is 255.
__global__ void fill_byte_keys(std::uint32_t* keys, std::uint64_t n, unsigned long long* sums) {
  unsigned long long bytes = 0, top = 0;
  for (std::uint64_t i = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x; i < n;
       i += std::uint64_t{gridDim.x} * blockDim.x) {
    const auto b = static_cast<std::uint32_t>((i * 0x9E3779B97F4A7C15ull) >> 56);
    keys[i] = b << 16;
    bytes += b;
    top += b == 255 ? 1 : 0;
  }
  atomicAdd(&sums[0], bytes);
  atomicAdd(&sums[1], top);
}
// The same sums of the sorted keys, and the keys out of order (keys[i] > keys[i + 1]) into sums[2].
__global__ void check_byte_keys(const std::uint32_t* keys, std::uint64_t n, unsigned long long* sums) {
  unsigned long long bytes = 0, top = 0, bad = 0;
  for (std::uint64_t i = blockIdx.x * std::uint64_t{blockDim.x} + threadIdx.x; i < n;
       i += std::uint64_t{gridDim.x} * blockDim.x) {
    const std::uint32_t b = keys[i] >> 16;
    bytes += b;
    top += b == 255 ? 1 : 0;
    bad += i + 1 < n && keys[i] > keys[i + 1] ? 1 : 0;
  }
  atomicAdd(&sums[0], bytes);
  atomicAdd(&sums[1], top);
  atomicAdd(&sums[2], bad);
}

// Past 2^32 keys a 32-bit count of the hybrid path can wrap on a skewed input that the skew sample lets through:
// keys whose bits 16 .. 23 vary and whose others are 0 (the sample's top-12-bit bins differ only in bits 16 .. 19,
// above the 16 bits it judges by: no bin is heavy). Their one top-8-bit bucket holds all 2^32 + 17 keys, whose 32-bit
// count wraps to 17; each of its 256 16-bit buckets holds about 2^24, which the segmented passes would take (fewer
// than 2^28 keys each). The plan finds that the counts do not add up (hybrid_plan_kernel) and the sort takes the LSD
// passes from the untouched input: the result is sorted and holds the same keys. (Without the check the passes ran
// on the wrapped count's tables: the first pass's places wrapped over 2^32, the second took one tile of the bucket.)
// Skipped without a device, or without the device memory for the keys' two halves and the temp (about 36 GB).
TEST(OnesweepParts, HybridCountsThatWrapPast2To32TakeTheLsdPasses) {
  if (!have_device()) GTEST_SKIP() << "no CUDA device";
  SortProblem p;
  p.key_type = KeyType::u32;
  p.n = (std::uint64_t{1} << 32) + 17;
  const std::size_t temp = temp_bytes<std::uint32_t, NoValue>(p);
  std::size_t free_bytes = 0, total_bytes = 0;
  GSB_CUDA_TRY(cudaMemGetInfo(&free_bytes, &total_bytes));
  const std::size_t need = 2 * p.n * sizeof(std::uint32_t) + temp + (std::size_t{1} << 30);
  if (free_bytes < need) GTEST_SKIP() << "needs " << need << " bytes of device memory, " << free_bytes << " free";
  DeviceBuffer keys0(p.n * sizeof(std::uint32_t)), keys1(p.n * sizeof(std::uint32_t)), d_temp(temp),
      d_sums(5 * sizeof(unsigned long long));
  GSB_CUDA_TRY(cudaMemset(d_sums.get(), 0, d_sums.bytes()));
  auto* sums = static_cast<unsigned long long*>(d_sums.get());
  auto* keys = static_cast<std::uint32_t*>(keys0.get());
  fill_byte_keys<<<1024, 256>>>(keys, p.n, sums);
  GSB_CHECK_LAUNCH();
  SortBuffers b;
  b.keys[0] = keys0.get();
  b.keys[1] = keys1.get();
  b.temp = d_temp.get();
  b.temp_bytes = temp;
  Stream stream;  // (as the driver's runs)
  b.stream = stream.get();
  GSB_CUDA_TRY(cudaDeviceSynchronize());
  sort<std::uint32_t, NoValue>(p, b, false);
  GSB_CUDA_TRY(cudaStreamSynchronize(stream.get()));
  check_byte_keys<<<1024, 256>>>(keys, p.n, sums + 2);
  GSB_CHECK_LAUNCH();
  unsigned long long c[5];
  GSB_CUDA_TRY(cudaMemcpy(c, sums, sizeof(c), cudaMemcpyDeviceToHost));
  EXPECT_GT(c[1], p.n / 512);  // (about n / 256 keys of byte 255)
  EXPECT_EQ(c[4], 0u) << "keys out of order";
  EXPECT_EQ(c[2], c[0]) << "the keys' bytes added up, in and out";
  EXPECT_EQ(c[3], c[1]) << "keys of byte 255, in and out";
}

}  // namespace
}  // namespace gsb::radix::onesweep
