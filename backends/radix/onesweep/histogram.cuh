// The `radix` back-end's digit arithmetic (Digits: passes and digit widths of a key), the look-back status word,
// and the up-front histogram kernels that count every pass's digits in one read of the keys.
#pragma once

#include <algorithm>
#include <cstdint>

#include "gsb/device_props.hpp"
#include "gsb/dispatch.hpp"
#include "radix/digit_common.cuh"
#include "radix/onesweep/onesweep.hpp"
#include "radix/pass_plan.hpp"

namespace gsb::radix::onesweep {

inline constexpr unsigned status_inclusive = 1u << status_count_bits;
inline constexpr unsigned status_count_mask = status_inclusive - 1;
inline constexpr int status_stamp_shift = status_count_bits + 1;
static_assert(status_stamp_shift + 4 == 32, "4-bit stamp");

inline constexpr int histogram_threads = 128;
inline constexpr int histogram_items = 16;

template <class Bits, int RadixBits>
struct Digits {
  static constexpr int key_bits = 8 * sizeof(Bits);
  static constexpr int radix = 1 << RadixBits;
  static constexpr int passes = (key_bits + RadixBits - 1) / RadixBits;
  static_assert(passes <= 63, "pass bit sets are 64-bit");
  __host__ __device__ static constexpr int shift(int pass) { return pass * RadixBits; }
  __host__ __device__ static constexpr int width(int pass) {
    return key_bits - pass * RadixBits < RadixBits ? key_bits - pass * RadixBits : RadixBits;
  }
};

// ---- up-front histograms of every pass ---------------------------------------------------------------------

// counts[pass * radix + digit] += keys with that digit, over every pass, in one read of the keys. Each block
// keeps its histograms in shared memory and walks tiles grid-stride; full tiles load without bounds checks.
// Random digits send the 32 lanes of an atomic to random banks (about 3.5 lanes on the busiest bank), and the
// kernel is bound by that, not by the read (interleaved counter copies to spread the banks were tried with the
// 11-bit candidates and removed with them, NOTES.md).
template <class Bits, int RadixBits>
__global__ void __launch_bounds__(histogram_threads)
    histogram_kernel(const Bits* keys, std::uint64_t n, KeyCodec<Bits> codec, std::uint64_t* counts) {
  using D = Digits<Bits, RadixBits>;
  __shared__ unsigned s_hist[D::passes * D::radix];
  for (int i = threadIdx.x; i < D::passes * D::radix; i += histogram_threads) s_hist[i] = 0;
  __syncthreads();
  constexpr std::uint64_t tile = static_cast<std::uint64_t>(histogram_threads) * histogram_items;
  const std::uint64_t tiles = (n + tile - 1) / tile;
  for (std::uint64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const Bits* in = keys + t * tile + threadIdx.x;
    Bits k[histogram_items];
    const bool full = (t + 1) * tile <= n;
    if (full) {
#pragma unroll
      for (int u = 0; u < histogram_items; ++u) k[u] = codec.encode(in[u * histogram_threads]);
    } else {
      const std::uint64_t left = n - t * tile;
#pragma unroll
      for (int u = 0; u < histogram_items; ++u) {
        const std::uint64_t i = static_cast<std::uint64_t>(u) * histogram_threads + threadIdx.x;
        k[u] = i < left ? codec.encode(in[u * histogram_threads]) : Bits{0};
      }
    }
#pragma unroll
    for (int p = 0; p < D::passes; ++p) {
#pragma unroll
      for (int u = 0; u < histogram_items; ++u)
        atomicAdd(&s_hist[p * D::radix + digit_of(k[u], D::shift(p), D::width(p))], 1u);
    }
    if (!full) {  // the zeros standing in for missing keys were counted in digit 0 of every pass
      const std::uint64_t left = n - t * tile;
      unsigned missing = 0;
#pragma unroll
      for (int u = 0; u < histogram_items; ++u)
        missing += static_cast<std::uint64_t>(u) * histogram_threads + threadIdx.x >= left ? 1u : 0u;
#pragma unroll
      for (int p = 0; p < D::passes; ++p)
        if (missing) atomicSub(&s_hist[p * D::radix], missing);
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < D::passes * D::radix; i += histogram_threads) {
    const unsigned c = s_hist[i];
    if (c != 0) atomicAdd(reinterpret_cast<unsigned long long*>(&counts[i]), static_cast<unsigned long long>(c));
  }
}

// One block per pass: the exclusive sum of the pass's digit counts (the first portion's global digit starts),
// and the pass marked skippable when one digit holds every key.
template <class Bits, int RadixBits>
__global__ void __launch_bounds__(256)
    bins_kernel(const std::uint64_t* counts, std::uint64_t n, std::uint64_t* bins, unsigned long long* skippable) {
  using D = Digits<Bits, RadixBits>;
  constexpr int per_thread = (D::radix + 255) / 256;
  __shared__ std::uint64_t warp_sums[32];
  const int pass = blockIdx.x;
  std::uint64_t c[per_thread];
  std::uint64_t sum = 0;
  bool all_in_one = false;
#pragma unroll
  for (int b = 0; b < per_thread; ++b) {
    const int d = threadIdx.x * per_thread + b;
    c[b] = d < D::radix ? counts[pass * D::radix + d] : 0;
    sum += c[b];
    all_in_one |= c[b] == n;
  }
  std::uint64_t total;
  std::uint64_t run = block_exclusive_sum<std::uint64_t, 256>(sum, warp_sums, &total);
#pragma unroll
  for (int b = 0; b < per_thread; ++b) {
    const int d = threadIdx.x * per_thread + b;
    if (d < D::radix) bins[pass * D::radix + d] = run;
    run += c[b];
  }
  if (__syncthreads_or(all_in_one) && threadIdx.x == 0) atomicOr(skippable, 1ull << pass);
}

}  // namespace gsb::radix::onesweep
