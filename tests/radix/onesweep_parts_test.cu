// The pieces of `radix`'s digit pass, each on its own (backends/radix/onesweep/pass.cuh), against the host:
//  - a tile's ranking (count_tile_digits, start_tile_digits, rank_in_warp): every key's rank is its place in the
//    stable counting sort of the tile by the pass's digit, with 32-bit running starts and with 16-bit ones
//    (add_count's packed words, as the bucket sort's 52-row kernel keeps them);
//  - the decoupled look-back (look_back, and LookBack stepped as pass_tile steps it): every tile's digit prefix is
//    the exclusive sum of the earlier tiles of its chain, with tiles started in any order, for look-back windows of
//    1 and 8 and chains of several lengths.
// GPU tests: skipped without a device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <cuda_runtime_api.h>

#include "gsb/cuda_raii.hpp"
#include "gsb/error.hpp"
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

// One tile, loaded warp-striped as pass_tile loads it ((warp, item, lane) is input order), ranked; each key's rank
// written at its input position. Packed: the warp's starts copied into 16-bit halves, ranked there.
template <bool Packed>
__global__ void rank_tile_kernel(const std::uint32_t* keys_in, int shift, unsigned* ranks_out) {
  __shared__ unsigned s_hist[Shape::warps * Shape::radix];
  __shared__ unsigned s_packed[Shape::warps * Shape::radix / 2];
  __shared__ unsigned s_local_start[Shape::radix];
  const unsigned warp = threadIdx.x / 32, lane = lane_id();
  unsigned* my_hist = s_hist + warp * Shape::radix;
  for (int d = lane; d < Shape::radix; d += 32) my_hist[d] = 0;
  __syncthreads();
  const int warp_first = static_cast<int>(warp) * 32 * items + static_cast<int>(lane);
  std::uint32_t keys[items];
  for (int u = 0; u < items; ++u) keys[u] = keys_in[warp_first + u * 32];
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
  DeviceBuffer d_counts(cells * sizeof(unsigned)), d_status(cells * sizeof(unsigned)), d_prefix(cells * sizeof(unsigned)),
      d_counter(sizeof(unsigned));
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

}  // namespace
}  // namespace gsb::radix::onesweep
