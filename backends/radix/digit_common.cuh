// Device pieces shared by every radix rung: digit extraction, lane masks, warp and block scans.
#pragma once

#include <cstdint>
#include <type_traits>

#include "gsb/dispatch.hpp"
#include "gsb/key_codec.hpp"

namespace gsb::radix {

inline constexpr unsigned full_warp = 0xffffffffu;

// Bits [shift, shift + width) of an encoded key, as an unsigned digit.
template <class Bits>
__device__ __forceinline__ unsigned digit_of(Bits key, int shift, int width) {
  return static_cast<unsigned>((key >> shift) & static_cast<Bits>((Bits{1} << width) - 1));
}
// 1-byte and 2-byte keys promote to int when shifted; keep the arithmetic in 32 bits there.
template <>
__device__ __forceinline__ unsigned digit_of<std::uint8_t>(std::uint8_t key, int shift, int width) {
  return (static_cast<unsigned>(key) >> shift) & ((1u << width) - 1u);
}
template <>
__device__ __forceinline__ unsigned digit_of<std::uint16_t>(std::uint16_t key, int shift, int width) {
  return (static_cast<unsigned>(key) >> shift) & ((1u << width) - 1u);
}

__device__ __forceinline__ unsigned lane_id() { return threadIdx.x & 31u; }
__device__ __forceinline__ unsigned lanemask_lt() {
  unsigned m;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m));
  return m;
}

template <class T>
__device__ __forceinline__ T warp_inclusive_sum(T x) {
#pragma unroll
  for (int d = 1; d < 32; d *= 2) {
    const T y = __shfl_up_sync(full_warp, x, d);
    if (static_cast<int>(lane_id()) >= d) x += y;
  }
  return x;
}

// The largest value, and the sum, over the full warp: one redux instruction from sm_80 on, a shuffle tree before.
__device__ __forceinline__ unsigned warp_reduce_max(unsigned x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_max_sync(full_warp, x);
#else
#pragma unroll
  for (int d = 16; d > 0; d /= 2) x = max(x, __shfl_xor_sync(full_warp, x, d));
  return x;
#endif
}
__device__ __forceinline__ unsigned warp_reduce_sum(unsigned x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_add_sync(full_warp, x);
#else
#pragma unroll
  for (int d = 16; d > 0; d /= 2) x += __shfl_xor_sync(full_warp, x, d);
  return x;
#endif
}

// Exclusive prefix sum over the block of one value per thread; *total receives the block total. Uses
// warp_sums[32] of shared memory; ends with a barrier so warp_sums may be reused afterwards.
template <class T, int Threads>
__device__ __forceinline__ T block_exclusive_sum(T x, T* warp_sums, T* total) {
  static_assert(Threads % 32 == 0 && Threads <= 1024, "block of whole warps");
  constexpr int warps = Threads / 32;
  const int warp = static_cast<int>(threadIdx.x / 32);
  const T inc = warp_inclusive_sum(x);
  if (lane_id() == 31) warp_sums[warp] = inc;
  __syncthreads();
  if (warp == 0) {
    T w = static_cast<int>(lane_id()) < warps ? warp_sums[lane_id()] : T{0};
    w = warp_inclusive_sum(w);
    if (static_cast<int>(lane_id()) < warps) warp_sums[lane_id()] = w;  // inclusive over warps
  }
  __syncthreads();
  const T warp_base = warp == 0 ? T{0} : warp_sums[warp - 1];
  *total = warp_sums[warps - 1];
  __syncthreads();
  return warp_base + inc - x;
}

// Whether this block is the last of the grid to get here (arrivals: zeroed before the launch); every block's
// global writes before the call are then visible to it. Block-uniform; called by every thread.
__device__ __forceinline__ bool arrived_last(unsigned* arrivals) {
  __shared__ bool last;
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) last = atomicAdd(arrivals, 1u) == gridDim.x - 1;
  __syncthreads();
  if (last) __threadfence();
  return last;
}

// Encode on load / decode on store only in the pass that needs it: intermediate passes keep encoded words.
template <class Bits>
struct PassCodec {
  KeyCodec<Bits> in;   // identity unless this is the first pass
  KeyCodec<Bits> out;  // identity unless this is the last pass
};

template <class Bits>
inline PassCodec<Bits> pass_codec(const KeyCodec<Bits>& codec, bool first, bool last) {
  PassCodec<Bits> c;
  if (first) c.in = codec;
  if (last) c.out = codec;
  return c;
}

// The value pointer type for a value type, where NoValue carries nothing.
template <class V>
using value_ptr_t = std::conditional_t<has_values_v<V>, V*, NoValue*>;

}  // namespace gsb::radix
