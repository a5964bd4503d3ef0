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
//   - the block shape grows with n (SmallShape0..6, and 256 x 12 from 2049 keys), so a few keys cost a few keys'
//     work; CUB's single tile is 256 x 19 keys whatever n is, and above 4864 keys (2304 with 8-byte keys or values)
//     its device sort takes the multi-kernel path, where this one block still sorts up to 10240 (16384 keys of up
//     to 4 bytes alone; 7680 pairs of 8-byte keys and values);
//   - 2-byte keys with values (and 1-byte keys with 8-byte values in the larger blocks), where the block sort takes
//     two rounds or more, sort 32-bit words of each key over its input position, keys alone, and the values move
//     once, after the sort (CUB's block sort exchanges them through shared memory in every round);
//   - one key needs no launch at all.
// From 2049 keys on (1025 with 8-byte keys), keys of 4 and 8 bytes are first sorted by runs (small_sort_by_runs: a
// counting sort by their top 11-13 bits, then each key ranked within its digit's run), which costs a few passes over
// shared memory where the block sort takes a round per 6 bits; skewed keys (a sample of each warp's keys, or the
// counts, find runs too long for their budget) fall back to the block sort, keys all equal need no sort.
// NOTES.md ("Small n", rounds 38-39) has the measurements, and the versions that lost to this one (three block
// sorts of our own, this one with 512-thread shapes, striped loads).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include <cub/block/block_radix_sort.cuh>

#include "gsb/device_props.hpp"
#include "gsb/error.hpp"
#include "radix/digit_common.cuh"
#include "radix/onesweep/onesweep.hpp"

namespace gsb::radix::onesweep {

// Digit bits per round: CUB's single-tile choice for sm90 (6, and 5 for 1-byte keys).
template <class Bits>
inline constexpr int small_radix_bits = sizeof(Bits) > 1 ? 6 : 5;

// The block shapes, smallest first: the first that holds n sorts it.
template <int Threads, int Items, bool DifferingBits = true, int RadixBits = 0, int RunBits = 0, int RunsThreads = 0>
struct SmallShape {
  static constexpr int threads = Threads;  // the block sort's
  static constexpr int items = Items;
  static constexpr unsigned capacity = Threads * Items;
  static constexpr bool differing_bits = DifferingBits;  // sort only the bits in which the keys differ
  static constexpr int radix_bits = RadixBits;           // digit bits per round (0: small_radix_bits)
  static constexpr int run_bits = RunBits;               // sorts by runs of this many top bits first (0: never)
  // Sorting by runs with more threads than the block sort (the block launched with them; the block sort's own
  // threads sort where the runs are long, the others leave): such a shape serves only where it sorts by runs.
  static constexpr int runs_threads = RunsThreads > Threads ? RunsThreads : Threads;
  static constexpr int runs_items = static_cast<int>((capacity + runs_threads - 1) / runs_threads);
  static constexpr bool runs_only = runs_threads > Threads;
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
// Keys of 4 and 8 bytes at 2049-4864 (2305-4864 with 8-byte keys or values) sort by runs with 512 threads, and fall
// back to 256 x 19's block sort (the other 256 threads leave). Measured (H200, session 54 rounds 2 and 5, NOTES.md
// round 38, us against main's 256 x 19, uniform): u32 keys at 4864 9.1-9.3 against 12.8 (cub-radix 12.8), u32+u32 13.3
// against 15.6, u64 11.3 against 25.7; by runs with 256 threads u32 12.0 and u32+u32 18.8, with 512 and a 512 x 10
// block sort behind it skewed keys took 15.0-16.1 us where main takes 11.9-13.2 (this fallback 12.4-13.8).
using SmallShape3Runs = SmallShape<256, 19, false, 0, 12, 512>;
// From 2049 to 3072 keys of 1, 2 and 4 bytes a block sort of 256 x 12 (with 8-byte values SmallShapeWide's 256 x 9 to
// 2304 keys, then this shape for 4-byte keys and 256 x 19 for the others; 8-byte keys take 256 x 19 from 2305): CUB's
// single tile is 256 x 19 whatever n is, and 7 keys a thread fewer take each round's serial part shorter. Measured
// (H200, session 56 rounds 3 and 5, NOTES.md round 40, us against main, whose shape there was 256 x 19): skewed 4-byte
// keys that the sample sends to the block sort, u32 entropy-0.544 at 2049 / 3000 11.5 / 11.6 against 13.3 / 13.3
// (cub-radix 11.7 / 12.1), u32+u32 Zipf 13.2 / 13.4 against 14.9 / 15.4; sorted by runs with 512 threads of 6 keys
// in place of 10, uniform u32 keys 6.9 / 7.7 against 7.4 / 8.0; u16 keys 6.9-7.0 against 8.1-8.2 (cub-radix 7.9-8.0),
// u8 keys 5.8-5.9 against 6.1-6.2.
using SmallShape2Runs = SmallShape<256, 12, false, 0, 12, 512>;  // 2049 <= n <= 3072, 4-byte keys
using SmallShape2Tile = SmallShape<256, 12, false>;               // 2049 <= n <= 3072, 2-byte keys
using SmallShape2Byte = SmallShape<256, 12, false, 8>;            // 2049 <= n <= 3072, 1-byte keys
using SmallShape4 = SmallShape<512, 15, false, 0, 12>;  // n <= 7680
// Past 7680 keys the LSD passes cost 5 launches or more (memset, histogram, bins, a pass per digit): 15-81 us at
// 1e4 on an H200, where one block of 512 x 20 took 8-62 us for every type but 8-byte keys with 8-byte values
// (u32 20.5 against 40.2 us, u64 45.2 against 71.1, u16+u64 21.0 against 29.4; u64+u64 79.3 against 76.7: ptxas
// spills 328 bytes there), and 512 x 32 at 16384 keys won for keys of up to 4 bytes alone (u32 37.2 against 41.7,
// u16 20.4 against 25.4) but lost with values (u32+u32 58.9 against 44.3). Session 41 round 1, NOTES.md round 25.
using SmallShape5 = SmallShape<512, 20, false, 0, 13>;  // n <= 10240, but 8-byte keys with 8-byte values
using SmallShape6 = SmallShape<512, 32, false, 0, 13>;  // n <= 16384, keys of up to 4 bytes alone
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
using SmallShapeWide = SmallShape<256, 9, false, 0, 11>;  // 1025 <= n <= 2304, 8-byte keys or values
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
// did. The wide shape only for 8-byte keys or values (in place of 256 x 8 and 256 x 12), the 8-bit-digit shapes only
// for 1-byte keys, the shapes by runs for the widths they serve, the two largest where they were measured faster than
// the LSD passes.
template <class Bits, class Value, class F>
constexpr bool for_small_shapes(F&& f) {
  return f(SmallShape0{}) || f(SmallShape1{}) || small_shape_if<!small_wide_items<Bits, Value>, SmallShape2>(f) ||
         small_shape_if<small_wide_items<Bits, Value>, SmallShapeWide>(f) ||
         small_shape_if<sizeof(Bits) == 1 && !small_wide_items<Bits, Value>, SmallShape2Byte>(f) ||
         small_shape_if<sizeof(Bits) == 2 && !small_wide_items<Bits, Value>, SmallShape2Tile>(f) ||
         small_shape_if<sizeof(Bits) == 4, SmallShape2Runs>(f) ||
         small_shape_if<sizeof(Bits) == 1, SmallShape3Byte>(f) ||
         small_shape_if<sizeof(Bits) >= 4, SmallShape3Runs>(f) ||
         f(SmallShape3{}) || f(SmallShape4{}) ||
         small_shape_if<!small_wide_pairs<Bits, Value>, SmallShape5>(f) ||
         small_shape_if<sizeof(Bits) <= 4 && !has_values_v<Value>, SmallShape6>(f);
}

template <class Value>
using SmallValue = std::conditional_t<has_values_v<Value>, Value, cub::NullType>;
template <class Bits, class Shape>
inline constexpr int small_digit_bits = Shape::radix_bits != 0 ? Shape::radix_bits : small_radix_bits<Bits>;
// 2-byte keys with values, and 1-byte keys with 8-byte values in blocks of 256 threads or more, sort words of each
// key over its input position where their block sort takes two rounds or more (small_sort_kernel): the values move
// once, after the block sort, where the block sort of the pairs exchanged them in every round. Measured (H200, session
// 89 round 2, NOTES.md round 75, us, uniform, against the block sort of the pairs): u16+u32 at 4864 9.3 against 10.0
// (cub-radix's own single tile, 10.05), 7680 11.9 against 13.3; u16+u64 at 2049 7.4-7.5 against 8.0 (256 x 9, as
// cub-radix), 3000 9.1 against 10.5; u8+u64 at 2049 6.0-6.1 against 6.4, 7680 10.5 against 11.5. Where it lost: one
// round of 8-bit digits (u8+u32 at 4864 8.0 against 7.5), 128-thread blocks of 1-byte keys (u8+u64 at 1000 5.6-5.7
// against 5.4-5.6), 1-byte keys with u32 values at 512 x 20 (1e4: 11.3-11.4 against 11.1-11.2).
template <class Bits, class Value, class Shape>
inline constexpr bool small_packs =
    has_values_v<Value> && small_digit_bits<Bits, Shape> < 8 * static_cast<int>(sizeof(Bits)) &&
    (sizeof(Bits) == 2 || (sizeof(Bits) == 1 && sizeof(Value) == 8 && Shape::threads >= 256));
// The block sort: of the keys and values, or of the packed words alone (small_packs: the key in bits 16 and up, so
// that the words sort by bits [16, 16 + key bits) only, with the digits the keys' width takes).
template <class Bits, class Value, class Shape>
using SmallBlockSort = cub::BlockRadixSort<std::conditional_t<small_packs<Bits, Value, Shape>, std::uint32_t, Bits>,
                                           Shape::threads, Shape::items,
                                           std::conditional_t<small_packs<Bits, Value, Shape>, cub::NullType,
                                                              SmallValue<Value>>,
                                           small_digit_bits<Bits, Shape>>;
inline constexpr int small_pack_shift = 16;  // a packed word's key bits start here, over a 16-bit position

// Sorting by runs (small_sort_by_runs): the shapes from 2049 keys on, for keys of 4 and 8 bytes. 1- and 2-byte keys
// keep the block sort, whose rounds are few for them (H200, session 54 round 1, NOTES.md round 38: u16 keys at 4864
// 8.8 us by rounds, 13.4 by runs; u8+u32 at 3000 7.4 and 19.3).
template <class Bits, class Shape>
inline constexpr bool small_by_runs = Shape::run_bits > 0 && sizeof(Bits) >= 4;
// Its shared memory, which the block sort's temporary storage reuses where the keys turn out not to suit it: `bins`
// counts of the keys' top `bits` bits; the keys placed by those digits (`placed`) and in order (`sorted`); with
// values, the values at their input positions and each placed and sorted key's input position (16 bits: a shape holds
// at most 2^16 keys).
template <class Bits, class Value, class Shape>
struct SmallRunsLayout {
  static constexpr bool with_values = has_values_v<Value>;
  static constexpr int bits = Shape::run_bits;
  static constexpr unsigned bins = 1u << bits;
  static_assert(bits < 8 * static_cast<int>(sizeof(Bits)), "digits of the top bits only");
  static constexpr std::size_t cap = Shape::capacity;
  static_assert(cap <= (1u << 16) && cap % 16 == 0, "16-bit input positions, 16-byte aligned arrays");
  static constexpr std::size_t counts = 0;
  static constexpr std::size_t placed = counts + bins * sizeof(unsigned);
  static constexpr std::size_t sorted = placed + cap * sizeof(Bits);
  static constexpr std::size_t values = sorted + cap * sizeof(Bits);
  static constexpr std::size_t placed_from = values + (with_values ? cap * sizeof(Value) : 0);
  static constexpr std::size_t sorted_from = placed_from + (with_values ? cap * 2 : 0);
  static constexpr std::size_t bytes = sorted_from + (with_values ? cap * 2 : 0);
};
// Ranking within runs costs each thread about (its keys) x (the mean run less one) comparisons, where the mean run is
// the sum of the squared counts over n: in all, the squared counts' sum less n, spread over the threads. Sorting by
// runs pays where that stays under this many a thread. Measured against the block sort of the same shape (H200,
// session 55 rounds 2 and 5, NOTES.md round 39), u32 keys alone by runs / by the block sort at 2049, 3000 and 4864
// keys: few-unique (mean run 32, 47, 76) 9.9 / 13.1, 12.5 / 13.1, 22.0 / 13.6 us; Zipf (11, 16, 26) 9.2 / 13.1,
// 11.2 / 13.3, 16.5 / 13.9; entropy-0.811 (13, 12, 18) 8.7 / 13.1, 9.8 / 13.3, 14.6 / 13.9. With values each equal
// key's input position is compared too (Zipf f32+u32 at 2049: 16.4 against 15.4); 8-byte keys' block sort takes
// twice the rounds (u64 Zipf at 4864: 20.3 against 26.6), but 256 x 9's, which 8-byte pairs take to 2304 keys, is
// short (u64+u32 entropy-0.811 at 2049: 21.8 against 20.3). 256 x 12's block sort is short too: 4-byte keys with
// values there price the runs at half (session 56 round 7, NOTES.md round 40: i32+u32 Zipf at 2049 15.9 us by runs,
// 13.3 by the block sort; u32+u32 entropy-0.811 13.9 against 13.3; uniform pairs there still by runs).
template <class Bits, class Value, class Shape>
inline constexpr unsigned small_runs_budget =
    sizeof(Bits) == 8 ? (has_values_v<Value> ? 64u : 400u)
                      : (has_values_v<Value> ? (std::is_same_v<Shape, SmallShape2Runs> ? 16u : 32u) : 160u);

// Shared memory of one shape: the block sort's (dynamic, since it passes 48 KiB for the larger shapes); where the
// keys are packed, at least the values of a whole block, which take its place once it has sorted.
template <class Bits, class Value, class Shape>
constexpr std::size_t small_shared_bytes() {
  constexpr std::size_t sort = sizeof(typename SmallBlockSort<Bits, Value, Shape>::TempStorage);
  if constexpr (small_packs<Bits, Value, Shape>) return std::max<std::size_t>(sort, Shape::capacity * sizeof(Value));
  else return sort;
}
// With sorting by runs where the shape has it: the larger of the two.
template <class Bits, class Value, class Shape>
constexpr std::size_t small_runs_shared_bytes() {
  if constexpr (!small_by_runs<Bits, Shape>) return small_shared_bytes<Bits, Value, Shape>();
  else return std::max(small_shared_bytes<Bits, Value, Shape>(), SmallRunsLayout<Bits, Value, Shape>::bytes);
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

// Thread t's keys at input positions [t * Items, (t + 1) * Items), encoded, and their values; past n, where Pad, the
// largest key, which a stable sort leaves after every real one (the block sort; the by-runs step reads none there).
template <int Items, bool Pad, class Bits, class Value>
__device__ __forceinline__ void small_load_blocked(Bits (&k)[Items], SmallValue<Value> (&v)[Items], const Bits* keys,
                                                   const Value* values, unsigned n, const KeyCodec<Bits>& codec) {
  const unsigned t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const unsigned at = t * Items + i;
    if (at < n) {
      k[i] = codec.encode(keys[at]);
      if constexpr (has_values_v<Value>) v[i] = values[at];
    } else if constexpr (Pad) {
      k[i] = static_cast<Bits>(~Bits{0});
    }
  }
}

// Stores what a block sort left striped in thread t's keys (and values): item i at output position i * Threads + t,
// for the first n, decoded.
template <int Threads, int Items, class Bits, class Value>
__device__ __forceinline__ void small_store_striped(const Bits (&k)[Items], const SmallValue<Value> (&v)[Items],
                                                    Bits* keys, Value* values, unsigned n,
                                                    const KeyCodec<Bits>& codec) {
  const unsigned t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const unsigned at = i * Threads + t;
    if (at < n) {
      keys[at] = codec.decode(k[i]);
      if constexpr (has_values_v<Value>) values[at] = v[i];
    }
  }
}

// The OR of how thread t's keys (input positions [t * Items, (t + 1) * Items), as small_load_blocked loads them) differ
// from key 0: the bits in which they differ; none where every key equals key 0.
template <int Items, class Bits>
__device__ __forceinline__ Bits small_differs_from_first(const Bits (&k)[Items], const Bits* keys, unsigned n,
                                                         const KeyCodec<Bits>& codec) {
  const Bits first = codec.encode(keys[0]);
  Bits differs = 0;
#pragma unroll
  for (int i = 0; i < Items; ++i)
    if (threadIdx.x * Items + i < n) differs |= static_cast<Bits>(k[i] ^ first);
  return differs;
}

// Sorts keys[0, n) (and values) in place by runs with the shape's runs_threads (thread t loads input positions
// [t * runs_items, (t + 1) * runs_items)), unless the keys do not suit it; returns whether it sorted (block-uniform).
// First a counting sort by the top bits (SmallRunsLayout::bits: 12 at 4864 keys, about one key a digit), each key's
// place from the atomic that counts it, then each key ranked within its digit's run by comparing it with every key of
// the run (the smaller ones, and the equal ones from earlier input positions: stable). A uniform input's runs hold a
// key or two, so this costs a few passes over shared memory where the block sort takes a round of 6 bits each.
// Skewed keys make long runs (and atomics that collide): where a sample (each lane's first key, matched across its
// warp) or the counts put the runs' cost past small_runs_budget, the block goes to the block sort (false) before
// anything the block sort reads is written, unless `always`; the block sort loads the keys again (from L1). Keys all
// equal (seen at the sample's barrier) are their own stable sort: nothing is written.
template <class Bits, class Value, class Shape>
__device__ __forceinline__ bool small_sort_by_runs(Bits* keys, Value* values, unsigned n, const KeyCodec<Bits>& codec,
                                                   bool always, unsigned char* smem) {
  using L = SmallRunsLayout<Bits, Value, Shape>;
  constexpr bool with_values = L::with_values;
  constexpr int Threads = Shape::runs_threads;
  constexpr int Items = Shape::runs_items;
  constexpr int warps = Threads / 32;
  constexpr int key_bits = 8 * static_cast<int>(sizeof(Bits));
  constexpr unsigned rows = L::bins / warps / 32;  // rows of 32 counts a warp scans
  static_assert(rows * warps * 32 == L::bins, "whole rows of counts a warp");
  static_assert(warps <= 32, "a warp's lanes take the warps' sums");
  __shared__ unsigned s_warp[warps];
  __shared__ unsigned s_squares;
  unsigned* counts = reinterpret_cast<unsigned*>(smem + L::counts);
  Bits* placed = reinterpret_cast<Bits*>(smem + L::placed);
  Bits* sorted = reinterpret_cast<Bits*>(smem + L::sorted);
  [[maybe_unused]] Value* vals = reinterpret_cast<Value*>(smem + L::values);
  [[maybe_unused]] std::uint16_t* placed_from = reinterpret_cast<std::uint16_t*>(smem + L::placed_from);
  [[maybe_unused]] std::uint16_t* sorted_from = reinterpret_cast<std::uint16_t*>(smem + L::sorted_from);
  auto digit = [](Bits key) { return static_cast<unsigned>(key >> (key_bits - L::bits)); };
  const unsigned t = threadIdx.x;
  const unsigned lane = lane_id(), warp = t / 32;
  Bits k[Items];
  SmallValue<Value> v[Items];
  small_load_blocked<Items, false>(k, v, keys, values, n, codec);
  {
    // The sample: each lane's first key; lanes past n take a digit of their own (above every real one), so that they
    // match nothing. The share of the sample's pairs that fall in one digit estimates the sum of the digits' squared
    // shares (each pair counted from both of its ends: sum of (peers - 1) over lanes, and v (v - 1) for v lanes).
    const bool sampled = t * Items < n;
    const unsigned peers = __match_any_sync(full_warp, sampled ? digit(k[0]) : L::bins + lane);
    const unsigned same = warp_reduce_sum(sampled ? static_cast<unsigned>(__popc(peers)) - 1u : 0u);
    const unsigned v = static_cast<unsigned>(__popc(__ballot_sync(full_warp, sampled)));
    if (lane == 0) s_warp[warp] = same << 16 | v * (v - 1u);  // 992 at most each, 31744 summed over 32 warps
  }
  // And whether any key differs from key 0 (if none, the input is its own stable sort: nothing to write).
  if (__syncthreads_or(small_differs_from_first(k, keys, n, codec) != 0) == 0) return true;
  if (!always) {
    // The squared counts' sum less n, estimated as n^2 x same / pairs, past the budget: nothing written but s_warp
    // (its own). Each lane takes a warp's sums (warps <= 32).
    const unsigned sums = warp_reduce_sum(lane < static_cast<unsigned>(warps) ? s_warp[lane] : 0u);
    const float same = static_cast<float>(sums >> 16), pairs = static_cast<float>(sums & 0xffffu);
    constexpr float budget = static_cast<float>(small_runs_budget<Bits, Value, Shape> * Threads);
    if (static_cast<float>(n) * static_cast<float>(n) * same > budget * pairs) return false;
  }
  for (unsigned b = t; b < L::bins; b += Threads) counts[b] = 0;
  if (t == 0) s_squares = 0;
  __syncthreads();
#pragma unroll
  for (int i = 0; i < Items; ++i)
    if (t * Items + i < n) atomicAdd(&counts[digit(k[i])], 1u);
  __syncthreads();
  // Each digit's start: warp w's rows of counts [w * rows * 32, (w + 1) * rows * 32), lane l column l of them (no two
  // lanes in one bank), summed, then scanned row by row from the warp's start; and the squares' sum.
  unsigned* mine = counts + warp * rows * 32 + lane;
  unsigned c[rows];
  unsigned sum = 0, squares = 0;
#pragma unroll
  for (unsigned r = 0; r < rows; ++r) {
    c[r] = mine[r * 32];
    sum += c[r];
    squares += c[r] * c[r];
  }
  sum = warp_reduce_sum(sum);
  squares = warp_reduce_sum(squares);
  if (lane == 0) {
    s_warp[warp] = sum;
    atomicAdd(&s_squares, squares);
  }
  __syncthreads();
  // The sample can miss what the counts show: twice the budget sends the block to the block sort (the counts only
  // read since the barrier).
  if (!always && s_squares - n > 2u * small_runs_budget<Bits, Value, Shape> * Threads) return false;
  unsigned run = lane < warp ? s_warp[lane] : 0u;  // the earlier warps' keys (warps <= 32)
  run = warp_reduce_sum(run);
#pragma unroll
  for (unsigned r = 0; r < rows; ++r) {
    const unsigned inclusive = warp_inclusive_sum(c[r]);
    mine[r * 32] = run + inclusive - c[r];
    run += __shfl_sync(full_warp, inclusive, 31);
  }
  __syncthreads();
  // Placed by digit, in no order within a digit; counts[d] ends as digit d's end.
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const unsigned at = t * Items + i;
    if (at < n) {
      const unsigned pos = atomicAdd(&counts[digit(k[i])], 1u);
      placed[pos] = k[i];
      if constexpr (with_values) {
        placed_from[pos] = static_cast<std::uint16_t>(at);
        vals[at] = v[i];
      }
    }
  }
  __syncthreads();
  // Each key's rank in its run: the run's keys smaller than it, or equal and from earlier (input positions with
  // values; placed positions for keys alone, whose equal keys cannot be told apart).
#pragma unroll 2
  for (unsigned p = t; p < n; p += Threads) {
    const Bits key = placed[p];
    const unsigned d = digit(key);
    const unsigned begin = d == 0 ? 0u : counts[d - 1], end = counts[d];
    unsigned rank = begin;
    if constexpr (with_values) {
      const unsigned from = placed_from[p];
      for (unsigned q = begin; q < end; ++q) {
        const Bits o = placed[q];
        rank += o < key || (o == key && placed_from[q] < from) ? 1u : 0u;
      }
      sorted[rank] = key;
      sorted_from[rank] = static_cast<std::uint16_t>(from);
    } else {
      for (unsigned q = begin; q < end; ++q) {
        const Bits o = placed[q];
        rank += o < key || (o == key && q < p) ? 1u : 0u;
      }
      sorted[rank] = key;
    }
  }
  __syncthreads();
  for (unsigned r = t; r < n; r += Threads) {
    keys[r] = codec.decode(sorted[r]);
    if constexpr (with_values) values[r] = vals[sorted_from[r]];
  }
  return true;
}

// Sorts keys[0, n) (and values) in place, n <= Shape::capacity: by runs where the shape has them and `runs` and the
// keys let it (small_sort_by_runs, with the shape's runs_threads), else with the block sort's threads: blocked loads
// (small_load_blocked, the block sort's own layout), where the shape asks for it the OR of how each key differs from
// key 0, the block sort of those bits (or of all), striped stores. Narrow keys with values (small_packs) sort words of
// each key over its input position, and each sorted key then takes its value from that position.
template <class Bits, class Value, class Shape>
__global__ void __launch_bounds__(Shape::runs_threads)
    small_sort_kernel(Bits* keys, Value* values, unsigned n, KeyCodec<Bits> codec, SmallRuns runs) {
  constexpr bool with_values = has_values_v<Value>;
  constexpr int Threads = Shape::threads;
  constexpr int Items = Shape::items;
  using Sort = SmallBlockSort<Bits, Value, Shape>;
  extern __shared__ __align__(16) unsigned char s_small[];
  const unsigned t = threadIdx.x;
  if constexpr (small_by_runs<Bits, Shape>) {
    if (runs != SmallRuns::never &&
        small_sort_by_runs<Bits, Value, Shape>(keys, values, n, codec, runs == SmallRuns::always, s_small))
      return;
    if (t >= static_cast<unsigned>(Threads)) return;  // the block sort's barriers wait for no thread that has left
  }
  static_assert(!small_packs<Bits, Value, Shape> || Shape::capacity <= (1u << small_pack_shift), "16-bit positions");
  Bits k[Items];
  SmallValue<Value> v[Items];
  small_load_blocked<Items, true>(k, v, keys, values, n, codec);
  int lo = 0, hi = 8 * static_cast<int>(sizeof(Bits));
  if constexpr (Shape::differing_bits) {
    __shared__ std::uint64_t s_differs[Threads / 32];
    std::uint64_t d64 = small_differs_from_first(k, keys, n, codec);
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
  if constexpr (small_packs<Bits, Value, Shape>) {
    // Each key over its input position (a pad's position past n: the stable sort leaves it after every real key).
    std::uint32_t w[Items];
#pragma unroll
    for (int i = 0; i < Items; ++i)
      w[i] = static_cast<std::uint32_t>(k[i]) << small_pack_shift | (t * Items + static_cast<unsigned>(i));
    Sort(temp).SortBlockedToStriped(w, small_pack_shift + lo, small_pack_shift + hi);
    // The values by input position where the block sort's storage was, then each sorted key's from its position.
    Value* vals = reinterpret_cast<Value*>(s_small);
    __syncthreads();  // every thread past the block sort's last reads of its storage
#pragma unroll
    for (int i = 0; i < Items; ++i)
      if (t * Items + i < n) vals[t * Items + i] = v[i];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < Items; ++i) {
      const unsigned at = i * Threads + t;
      if (at < n) {
        keys[at] = codec.decode(static_cast<Bits>(w[i] >> small_pack_shift));
        values[at] = vals[w[i] & ((1u << small_pack_shift) - 1u)];
      }
    }
  } else {
    if constexpr (with_values) Sort(temp).SortBlockedToStriped(k, v, lo, hi);
    else Sort(temp).SortBlockedToStriped(k, lo, hi);
    small_store_striped<Threads, Items>(k, v, keys, values, n, codec);
  }
}

// Whether a shape sorts by runs within `shared_bytes` of shared memory per block (as small_fits, for the larger
// layout).
template <class Bits, class Value, class Shape>
constexpr bool small_runs_fit(long long shared_bytes) {
  return small_by_runs<Bits, Shape> && static_cast<long long>(small_runs_shared_bytes<Bits, Value, Shape>() + 1024) <= shared_bytes;
}

// Launches one shape's block; it sorts by runs as `runs` asks where the shape has it and its layout fits
// `shared_bytes` (the band's and the device's), else with the block sort alone.
template <class Bits, class Value, class Shape>
void launch_small_sort(Bits* keys, Value* values, std::uint64_t n, const KeyCodec<Bits>& codec, cudaStream_t stream,
                       SmallRuns runs = SmallRuns::never, long long shared_bytes = 0) {
  if (!small_runs_fit<Bits, Value, Shape>(shared_bytes)) runs = SmallRuns::never;
  const std::size_t smem = runs == SmallRuns::never ? small_shared_bytes<Bits, Value, Shape>()
                                                    : small_runs_shared_bytes<Bits, Value, Shape>();
  auto kernel = small_sort_kernel<Bits, Value, Shape>;
  set_dynamic_shared_bytes(kernel, smem, "radix: one-block sort");
  const int threads = runs == SmallRuns::never ? Shape::threads : Shape::runs_threads;
  kernel<<<1, threads, smem, stream>>>(keys, values, static_cast<unsigned>(n), codec, runs);
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
    if constexpr (Shape::runs_only) {  // its threads suit runs; where it cannot sort by them, the next shape sorts
      if (small_runs_override() == SmallRuns::never || !small_runs_fit<Bits, Value, Shape>(shared_bytes)) return false;
    }
    if (p.n > 1)
      launch_small_sort<Bits, Value, Shape>(static_cast<Bits*>(b.keys[0]), static_cast<Value*>(b.values[0]), p.n,
                                            make_codec<Bits>(p.key_type, p.order), b.stream, small_runs_override(),
                                            shared_bytes);
    return true;
  });
}

}  // namespace gsb::radix::onesweep
