// Kernels and launchers of the teaching rungs (see ladder.hpp). Included by one .cu per key width.
#pragma once

#include <cstdint>
#include <string>

#include "gsb/device_props.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"
#include "radix/ladder/device_scan.hpp"
#include "radix/ladder/ladder.hpp"
#include "radix/pass_plan.hpp"
#include "radix/digit_common.cuh"

namespace gsb::radix {

// ---- §13.3 naive: one bit per pass ------------------------------------------------------------------------

inline constexpr int naive_threads = 256;

template <class Bits>
__global__ void __launch_bounds__(naive_threads)
    naive_bits_kernel(const Bits* keys, std::uint64_t n, int bit, KeyCodec<Bits> in, std::uint64_t* ones) {
  const std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * naive_threads + threadIdx.x;
  if (i < n) ones[i] = digit_of(in.encode(keys[i]), bit, 1);
}

// destination of a zero = index - ones before; of a one = (n - total ones) + ones before (PMPP fig. 13.3).
template <class Bits, class Value>
__global__ void __launch_bounds__(naive_threads)
    naive_scatter_kernel(const Bits* keys_in, Bits* keys_out, const Value* values_in, Value* values_out,
                         std::uint64_t n, int bit, PassCodec<Bits> codec, const std::uint64_t* ones_before) {
  const std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * naive_threads + threadIdx.x;
  if (i >= n) return;
  const Bits key = codec.in.encode(keys_in[i]);
  const unsigned b = digit_of(key, bit, 1);
  const std::uint64_t total_ones = ones_before[n - 1] + digit_of(codec.in.encode(keys_in[n - 1]), bit, 1);
  const std::uint64_t dst = b ? (n - total_ones) + ones_before[i] : i - ones_before[i];
  keys_out[dst] = codec.out.decode(key);
  if constexpr (has_values_v<Value>) values_out[dst] = values_in[i];
}

template <class Bits, class Value>
int naive_sort(const SortProblem& p, const SortBuffers& b) {
  const std::uint64_t n = p.n;
  const int bits = static_cast<int>(8 * sizeof(Bits));
  if (n <= 1) return 0;  // sorted as it is (the codec round trip is the identity)
  const std::uint64_t blocks = ceil_div<std::uint64_t>(n, naive_threads);
  GSB_EXPECTS(blocks <= max_grid_blocks, "radix-naive: n=" + std::to_string(n) + " needs too many blocks");
  TempLayout layout(b.temp);
  std::uint64_t* ones = layout.take<std::uint64_t>(n);
  void* scan_temp = layout.take<unsigned char>(exclusive_scan_temp_bytes(n));
  GSB_EXPECTS(layout.bytes() <= b.temp_bytes, "radix-naive: temp too small");
  const KeyCodec<Bits> codec = make_codec<Bits>(p.key_type, p.order);
  using VPtr = std::conditional_t<has_values_v<Value>, Value, NoValue>;
  for (int bit = 0; bit < bits; ++bit) {
    const int src = bit % 2;
    const PassCodec<Bits> pc = pass_codec(codec, bit == 0, bit == bits - 1);
    const Bits* kin = static_cast<const Bits*>(b.keys[src]);
    naive_bits_kernel<Bits><<<static_cast<unsigned>(blocks), naive_threads, 0, b.stream>>>(kin, n, bit, pc.in, ones);
    GSB_CHECK_LAUNCH();
    exclusive_scan_inplace(ones, n, scan_temp, b.stream);
    naive_scatter_kernel<Bits, VPtr><<<static_cast<unsigned>(blocks), naive_threads, 0, b.stream>>>(
        kin, static_cast<Bits*>(b.keys[1 - src]), static_cast<const VPtr*>(b.values[src]),
        static_cast<VPtr*>(b.values[1 - src]), n, bit, pc, ones);
    GSB_CHECK_LAUNCH();
  }
  return result_half(bits);
}

// ---- §13.4-13.6 tiled: local sort in shared memory, bucket table, coalesced writes -------------------------

// Per-block bucket counts, stored bucket-major (PMPP fig. 13.6: all blocks' 0-buckets, then all 1-buckets...),
// so one exclusive scan of the table gives every block's bucket its global start.
template <class Bits, int Items>
__global__ void __launch_bounds__(tiled_threads)
    tiled_count_kernel(const Bits* keys, std::uint64_t n, int shift, int width, KeyCodec<Bits> in,
                       std::uint64_t* table, std::uint64_t num_blocks) {
  constexpr int tile = tiled_threads * Items;
  __shared__ unsigned hist[1 << tiled_max_radix_bits];
  const int buckets = 1 << width;
  for (int d = threadIdx.x; d < buckets; d += tiled_threads) hist[d] = 0;
  __syncthreads();
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * tile;
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const std::uint64_t i = base + static_cast<std::uint64_t>(u) * tiled_threads + threadIdx.x;
    if (i < n) atomicAdd(&hist[digit_of(in.encode(keys[i]), shift, width)], 1u);
  }
  __syncthreads();
  for (int d = threadIdx.x; d < buckets; d += tiled_threads)
    table[static_cast<std::uint64_t>(d) * num_blocks + blockIdx.x] = hist[d];
}

template <class Bits, class Value, int Items>
__global__ void __launch_bounds__(tiled_threads)
    tiled_sort_kernel(const Bits* keys_in, Bits* keys_out, const Value* values_in, Value* values_out,
                      std::uint64_t n, int shift, int width, PassCodec<Bits> codec, const std::uint64_t* table,
                      std::uint64_t num_blocks) {
  constexpr int tile = tiled_threads * Items;
  constexpr bool with_values = has_values_v<Value>;
  __shared__ Bits s_keys[tile];
  __shared__ std::conditional_t<with_values, Value, char> s_values[with_values ? tile : 1];
  __shared__ unsigned warp_sums[32];
  __shared__ unsigned bucket_start[1 << tiled_max_radix_bits];

  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) * tile;
  const int valid = n - base < static_cast<std::uint64_t>(tile) ? static_cast<int>(n - base) : tile;
  // Coalesced load; the padding of a partial tile holds the largest key, so it sorts (stably) to the end.
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int idx = u * tiled_threads + threadIdx.x;
    s_keys[idx] = idx < valid ? codec.in.encode(keys_in[base + idx]) : static_cast<Bits>(~Bits{0});
    if constexpr (with_values) {
      if (idx < valid) s_values[idx] = values_in[base + idx];
    }
  }
  __syncthreads();

  // Local sort: `width` stable 1-bit splits (PMPP §13.5), each thread owning Items consecutive positions.
  for (int bit = shift; bit < shift + width; ++bit) {
    Bits k[Items];
    std::conditional_t<with_values, Value, char> v[Items];
    unsigned ones = 0;
#pragma unroll
    for (int u = 0; u < Items; ++u) {
      k[u] = s_keys[threadIdx.x * Items + u];
      if constexpr (with_values) v[u] = s_values[threadIdx.x * Items + u];
      ones += digit_of(k[u], bit, 1);
    }
    unsigned total_ones;
    unsigned ones_before = block_exclusive_sum<unsigned, tiled_threads>(ones, warp_sums, &total_ones);
    const unsigned zeros_total = tile - total_ones;
#pragma unroll
    for (int u = 0; u < Items; ++u) {
      const unsigned pos = threadIdx.x * Items + u;
      const unsigned b = digit_of(k[u], bit, 1);
      const unsigned dst = b ? zeros_total + ones_before : pos - ones_before;
      ones_before += b;
      s_keys[dst] = k[u];
      if constexpr (with_values) s_values[dst] = v[u];
    }
    __syncthreads();
  }

  // Start of each local bucket: count the tile's digits and scan them.
  const int buckets = 1 << width;
  if (threadIdx.x < buckets) bucket_start[threadIdx.x] = 0;
  __syncthreads();
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int idx = u * tiled_threads + threadIdx.x;
    if (idx < valid) atomicAdd(&bucket_start[digit_of(s_keys[idx], shift, width)], 1u);
  }
  __syncthreads();
  {
    const unsigned c = threadIdx.x < buckets ? bucket_start[threadIdx.x] : 0u;
    unsigned total;
    const unsigned start = block_exclusive_sum<unsigned, tiled_threads>(c, warp_sums, &total);
    if (threadIdx.x < buckets) bucket_start[threadIdx.x] = start;
    __syncthreads();
  }

  // Coalesced writes: consecutive threads write consecutive keys of one local bucket (PMPP fig. 13.5).
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int idx = u * tiled_threads + threadIdx.x;
    if (idx < valid) {
      const Bits key = s_keys[idx];
      const unsigned d = digit_of(key, shift, width);
      const std::uint64_t dst = table[static_cast<std::uint64_t>(d) * num_blocks + blockIdx.x] + (idx - bucket_start[d]);
      keys_out[dst] = codec.out.decode(key);
      if constexpr (with_values) values_out[dst] = s_values[idx];
    }
  }
}

template <class Bits, class Value, int Items>
int tiled_sort_items(const SortProblem& p, const SortBuffers& b, int radix_bits) {
  GSB_EXPECTS(radix_bits >= 1 && radix_bits <= tiled_max_radix_bits,
              "radix ladder: radix_bits=" + std::to_string(radix_bits) + " outside 1..8");
  const int key_bits = static_cast<int>(8 * sizeof(Bits));
  const std::vector<DigitPass> passes = plan_passes(key_bits, radix_bits);
  const std::uint64_t n = p.n;
  if (n <= 1) return 0;  // sorted as it is
  constexpr std::uint64_t tile = static_cast<std::uint64_t>(tiled_threads) * Items;
  const std::uint64_t blocks = ceil_div(n, tile);
  GSB_EXPECTS(blocks <= max_grid_blocks, "radix ladder: n=" + std::to_string(n) + " needs too many blocks");
  const std::uint64_t entries = (std::uint64_t{1} << radix_bits) * blocks;
  TempLayout layout(b.temp);
  std::uint64_t* table = layout.take<std::uint64_t>(entries);
  void* scan_temp = layout.take<unsigned char>(exclusive_scan_temp_bytes(entries));
  GSB_EXPECTS(layout.bytes() <= b.temp_bytes, "radix ladder: temp too small");
  const KeyCodec<Bits> codec = make_codec<Bits>(p.key_type, p.order);
  using VT = std::conditional_t<has_values_v<Value>, Value, NoValue>;
  for (std::size_t q = 0; q < passes.size(); ++q) {
    const int src = static_cast<int>(q % 2);
    const PassCodec<Bits> pc = pass_codec(codec, q == 0, q + 1 == passes.size());
    const Bits* kin = static_cast<const Bits*>(b.keys[src]);
    tiled_count_kernel<Bits, Items><<<static_cast<unsigned>(blocks), tiled_threads, 0, b.stream>>>(
        kin, n, passes[q].shift, passes[q].width, pc.in, table, blocks);
    GSB_CHECK_LAUNCH();
    // Every bucket of the table is scanned, also the empty high buckets of a narrower last pass: they hold 0.
    const std::uint64_t used = (std::uint64_t{1} << passes[q].width) * blocks;
    exclusive_scan_inplace(table, used, scan_temp, b.stream);
    tiled_sort_kernel<Bits, VT, Items><<<static_cast<unsigned>(blocks), tiled_threads, 0, b.stream>>>(
        kin, static_cast<Bits*>(b.keys[1 - src]), static_cast<const VT*>(b.values[src]),
        static_cast<VT*>(b.values[1 - src]), n, passes[q].shift, passes[q].width, pc, table, blocks);
    GSB_CHECK_LAUNCH();
  }
  return result_half(passes.size());
}

template <class Bits, class Value>
int tiled_sort(const SortProblem& p, const SortBuffers& b, int radix_bits, int items_per_thread) {
  if (items_per_thread == 1) return tiled_sort_items<Bits, Value, 1>(p, b, radix_bits);
  GSB_EXPECTS(items_per_thread == tiled_coarse_items,
              "radix ladder: items_per_thread=" + std::to_string(items_per_thread) + " not instantiated");
  return tiled_sort_items<Bits, Value, tiled_coarse_items>(p, b, radix_bits);
}

}  // namespace gsb::radix

// The tiled rungs (radix-shared, radix-multibit, radix-coarse) for one key width, every value type (generated per
// width by backends/radix/CMakeLists.txt).
#define GSB_RADIX_TILED_INSTANTIATE(BITS)                                                                        \
  template int gsb::radix::tiled_sort<BITS, gsb::NoValue>(const gsb::SortProblem&, const gsb::SortBuffers&, int, int); \
  template int gsb::radix::tiled_sort<BITS, std::uint32_t>(const gsb::SortProblem&, const gsb::SortBuffers&, int, int); \
  template int gsb::radix::tiled_sort<BITS, std::uint64_t>(const gsb::SortProblem&, const gsb::SortBuffers&, int, int);
