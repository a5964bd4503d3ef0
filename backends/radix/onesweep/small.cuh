// The `radix` back-end's path for small inputs (up to small_capacity keys): one launch of one block, nothing
// the host waits for. At these sizes a sort is launch latency plus the latency of one block's dependent steps: the
// LSD passes cost one launch per digit plus two more (dispatch.cuh), which is what made `radix` take 18-43 us for
// n <= 4864 where cub-radix's single-tile kernel took 11-13 us (H200, issue 19).
//
// The block sorts with cub::BlockRadixSort (CUB's block-level primitive, composed here as its documentation shows
// for a kernel of one's own), and differs from cub-radix's single-tile kernel in what it asks of it:
//   - up to 2048 keys (1024 with 8-byte keys or values) only the bits in which the keys differ are sorted (none:
//     the input is its own stable sort, nothing is written), found by one OR over the block before the sort; CUB's
//     device sort always sorts every bit, and so do the larger shapes here (measured: the OR's barrier cost more
//     than it saved there);
//   - the block shape grows with n (SmallShape0..6), so a few keys cost a few keys' work; CUB's single tile is
//     256 x 19 keys whatever n is, and above 4864 keys (2304 with 8-byte keys or values) its device sort takes
//     the multi-kernel path, where this one block still sorts up to 10240 (16384 keys of up to 4 bytes alone;
//     7680 pairs of 8-byte keys and values);
//   - one key needs no launch at all.
// NOTES.md ("Small n") has the measurements, and the four versions that lost to this one (three block sorts of our
// own, and this one with 512-thread shapes).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include <cub/block/block_radix_sort.cuh>

#include "gsb/device_props.hpp"
#include "gsb/error.hpp"
#include "radix/digit_common.cuh"

namespace gsb::radix::onesweep {

// Digit bits per round: CUB's single-tile choice for sm90 (6, and 5 for 1-byte keys).
template <class Bits>
inline constexpr int small_radix_bits = sizeof(Bits) > 1 ? 6 : 5;

// The block shapes, smallest first: the first that holds n sorts it.
template <int Threads, int Items, bool DifferingBits = true, int RadixBits = 0>
struct SmallShape {
  static constexpr int threads = Threads;
  static constexpr int items = Items;
  static constexpr unsigned capacity = Threads * Items;
  static constexpr bool differing_bits = DifferingBits;  // sort only the bits in which the keys differ
  static constexpr int radix_bits = RadixBits;           // digit bits per round (0: small_radix_bits)
};
// Measured on an H200 (u32 keys, 6-bit digits, whole sort including launch): 128 x 4 7.0 us, 256 x 8 9.7 us,
// 512 x 10 15.5 us, 512 x 15 17.9 us (cub-radix's single tile, 256 x 19: 12.8 us at n = 4864): a block's time
// grows with its threads (the scan and the barriers) faster than with its keys per thread, so the shapes stay
// narrow until n needs more (NOTES.md, "Small n").
using SmallShape0 = SmallShape<128, 4>;    // n <= 512
using SmallShape1 = SmallShape<128, 8>;    // n <= 1024
using SmallShape2 = SmallShape<256, 8>;    // n <= 2048
// The two largest shapes sort every bit: at 2049-4864 keys the OR of the differing bits cost more than it saved
// (H200, 2026-11-27, tools/radix/radix_bench small, the kernel launched alone, 50 repetitions, against cub-radix
// in the same run, at n = 2100 / 3500 / 4864: u32+u32 0.96 / 0.96 / 0.92x with it, 1.10 / 1.03 / 1.05x without;
// u16 0.99 / 0.97 / 0.98x against 1.07 / 1.03 / 1.06x; u8+u32 0.97 / 1.06 / 0.98x against 1.05 / 1.04 / 1.11x;
// u32 and f32 within the run's noise, 0.94-1.06x either way). Uniform keys differ in every bit anyway.
using SmallShape3 = SmallShape<256, 19, false>;  // n <= 4864
using SmallShape4 = SmallShape<512, 15, false>;  // n <= 7680
// Past 7680 keys the LSD passes cost 5 launches or more (memset, histogram, bins, a pass per digit): 15-81 us at
// 1e4 on an H200, where one block of 512 x 20 took 8-62 us for every type but 8-byte keys with 8-byte values
// (u32 20.5 against 40.2 us, u64 45.2 against 71.1, u16+u64 21.0 against 29.4; u64+u64 79.3 against 76.7: ptxas
// spills 328 bytes there), and 512 x 32 at 16384 keys won for keys of up to 4 bytes alone (u32 37.2 against 41.7,
// u16 20.4 against 25.4) but lost with values (u32+u32 58.9 against 44.3). Session 41 round 1, NOTES.md round 25.
using SmallShape5 = SmallShape<512, 20, false>;  // n <= 10240, but 8-byte keys with 8-byte values
using SmallShape6 = SmallShape<512, 32, false>;  // n <= 16384, keys of up to 4 bytes alone
// 1-byte keys in one round of 8-bit digits where the shared memory holds its counters (about 132 KiB: sm_80 and
// sm_90 do, sm_75 and sm_86 take SmallShape3's two rounds of 5 and 3 bits). Measured (same runs as above, against
// cub-radix at n = 2100 / 3500 / 4864): u8+u32 1.06 / 1.01 / 1.09x against 0.99 / 1.01 / 1.05x with 5-bit digits;
// for wider keys 7- and 8-bit digits lost to 6 (u32 0.89-0.96x).
using SmallShape3Byte = SmallShape<256, 19, false, 8>;  // n <= 4864, 1-byte keys
// With 8-byte keys or values, 256 x 19 costs half as much again as cub-radix's single tile for such keys (256 x 9,
// 2304 keys: 30 against 20 us at n = 2049, H200) while it still has one: this shape serves them from 1025 to 2304,
// every bit sorted. With 256 x 8 and the OR of the differing bits to 2048 they were 0.88-0.97x cub-radix at
// 1025-2304 (uniform and Zipf keys alike); this shape took them to 0.89-1.02x (u64 at 2048 16.85 against 17.7 us,
// u8+u64 6.2 against 6.8; session 41 round 6, NOTES.md round 25).
using SmallShapeWide = SmallShape<256, 9, false>;  // 1025 <= n <= 2304, 8-byte keys or values
template <class Bits, class Value>
inline constexpr bool small_wide_items = sizeof(Bits) == 8 || (has_values_v<Value> && sizeof(Value) == 8);
template <class Bits, class Value>
inline constexpr bool small_wide_pairs = sizeof(Bits) == 8 && has_values_v<Value> && sizeof(Value) == 8;

// f(Shape{}) where the shape applies to these keys and values (no kernel is instantiated for the others).
template <bool Applies, class Shape, class F>
constexpr bool small_shape_if(F& f) {
  if constexpr (Applies) return f(Shape{});
  else return false;
}
// The one list of the shapes, in the order they are tried: f(shape) for each until it returns true; whether one
// did. The wide shape only for 8-byte keys or values (in place of 256 x 8), the 8-bit-digit shape only for 1-byte
// keys, the two largest where they were measured faster than the LSD passes.
template <class Bits, class Value, class F>
constexpr bool for_small_shapes(F&& f) {
  return f(SmallShape0{}) || f(SmallShape1{}) || small_shape_if<!small_wide_items<Bits, Value>, SmallShape2>(f) ||
         small_shape_if<small_wide_items<Bits, Value>, SmallShapeWide>(f) ||
         small_shape_if<sizeof(Bits) == 1, SmallShape3Byte>(f) || f(SmallShape3{}) || f(SmallShape4{}) ||
         small_shape_if<!small_wide_pairs<Bits, Value>, SmallShape5>(f) ||
         small_shape_if<sizeof(Bits) <= 4 && !has_values_v<Value>, SmallShape6>(f);
}

template <class Value>
using SmallValue = std::conditional_t<has_values_v<Value>, Value, cub::NullType>;
template <class Bits, class Value, class Shape>
using SmallBlockSort = cub::BlockRadixSort<Bits, Shape::threads, Shape::items, SmallValue<Value>,
                                           Shape::radix_bits != 0 ? Shape::radix_bits : small_radix_bits<Bits>>;

// Shared memory of one shape: the block sort's (dynamic, since it passes 48 KiB for the larger shapes).
template <class Bits, class Value, class Shape>
constexpr std::size_t small_shared_bytes() {
  return sizeof(typename SmallBlockSort<Bits, Value, Shape>::TempStorage);
}
// Whether one shape's block fits `shared_bytes` of shared memory per block (the band's, or the device's): the
// block sort's, and 1 KiB for the kernel's own static shared memory (a word per warp) and the runtime's reserve.
template <class Bits, class Value, class Shape>
constexpr bool small_fits(long long shared_bytes) {
  return static_cast<long long>(small_shared_bytes<Bits, Value, Shape>() + 1024) <= shared_bytes;
}
// The most keys the path takes with `shared_bytes` of shared memory per block: the capacity of the largest shape
// that fits.
template <class Bits, class Value>
constexpr std::uint64_t small_capacity(long long shared_bytes) {
  std::uint64_t most = 0;
  for_small_shapes<Bits, Value>([&](auto shape) {
    using Shape = decltype(shape);
    if (small_fits<Bits, Value, Shape>(shared_bytes)) most = std::max<std::uint64_t>(most, Shape::capacity);
    return false;
  });
  return most;
}

// Sorts keys[0, n) (and values) in place, n <= Shape::capacity: blocked loads (thread t holds positions
// [t * Items, (t + 1) * Items), past n the largest key, which a stable sort leaves after every real one), where the
// shape asks for it the OR of how each key differs from key 0, the block sort of those bits (or of all), striped
// stores.
template <class Bits, class Value, class Shape>
__global__ void __launch_bounds__(Shape::threads)
    small_sort_kernel(Bits* keys, Value* values, unsigned n, KeyCodec<Bits> codec) {
  constexpr bool with_values = has_values_v<Value>;
  constexpr int Threads = Shape::threads;
  constexpr int Items = Shape::items;
  using Sort = SmallBlockSort<Bits, Value, Shape>;
  extern __shared__ __align__(16) unsigned char s_small[];
  const unsigned t = threadIdx.x;
  Bits k[Items];
  SmallValue<Value> v[Items];
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const unsigned at = t * Items + i;
    if (at < n) {
      k[i] = codec.encode(keys[at]);
      if constexpr (with_values) v[i] = values[at];
    } else {
      k[i] = static_cast<Bits>(~Bits{0});
    }
  }
  int lo = 0, hi = 8 * static_cast<int>(sizeof(Bits));
  if constexpr (Shape::differing_bits) {
    __shared__ std::uint64_t s_differs[Threads / 32];
    const Bits first = codec.encode(keys[0]);
    std::uint64_t d64 = 0;
#pragma unroll
    for (int i = 0; i < Items; ++i)
      if (t * Items + i < n) d64 |= static_cast<Bits>(k[i] ^ first);
#pragma unroll
    for (int s = 16; s > 0; s /= 2) d64 |= __shfl_xor_sync(full_warp, d64, s);
    if (lane_id() == 0) s_differs[t / 32] = d64;
    __syncthreads();
    d64 = 0;
#pragma unroll
    for (int w = 0; w < Threads / 32; ++w) d64 |= s_differs[w];
    if (d64 == 0) return;  // every key equal: the input is its own stable sort
    lo = __ffsll(static_cast<long long>(d64)) - 1;
    hi = 64 - __clzll(static_cast<long long>(d64));
  }
  auto& temp = *reinterpret_cast<typename Sort::TempStorage*>(s_small);
  if constexpr (with_values) Sort(temp).SortBlockedToStriped(k, v, lo, hi);
  else Sort(temp).SortBlockedToStriped(k, lo, hi);
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const unsigned at = i * Threads + t;
    if (at < n) {
      keys[at] = codec.decode(k[i]);
      if constexpr (with_values) values[at] = v[i];
    }
  }
}

template <class Bits, class Value, class Shape>
void launch_small_sort(Bits* keys, Value* values, std::uint64_t n, const KeyCodec<Bits>& codec, cudaStream_t stream) {
  constexpr std::size_t smem = small_shared_bytes<Bits, Value, Shape>();
  auto kernel = small_sort_kernel<Bits, Value, Shape>;
  set_dynamic_shared_bytes(kernel, smem, "radix: one-block sort");
  kernel<<<1, Shape::threads, smem, stream>>>(keys, values, static_cast<unsigned>(n), codec);
  GSB_CHECK_LAUNCH();
}

// The one-block path for n keys where a shape holds them within `band_shared_bytes` (the policy's band) and the
// device at hand's shared memory per block (newer PTX may run on a GPU with less than its band's): the first such
// shape sorts. Returns whether it sorted; the result is then in half 0. One key needs no launch at all.
template <class Bits, class Value>
bool small_sort(const SortProblem& p, const SortBuffers& b, long long band_shared_bytes) {
  const long long shared_bytes =
      std::min(band_shared_bytes, static_cast<long long>(current_device_props().shared_bytes_per_block_optin));
  return for_small_shapes<Bits, Value>([&](auto shape) {
    using Shape = decltype(shape);
    if (p.n > Shape::capacity || !small_fits<Bits, Value, Shape>(shared_bytes)) return false;
    if (p.n > 1)
      launch_small_sort<Bits, Value, Shape>(static_cast<Bits*>(b.keys[0]), static_cast<Value*>(b.values[0]), p.n,
                                            make_codec<Bits>(p.key_type, p.order), b.stream);
    return true;
  });
}

}  // namespace gsb::radix::onesweep
