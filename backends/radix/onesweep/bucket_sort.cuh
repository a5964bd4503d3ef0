// The hybrid path's bucket sort (hybrid.cuh, step 5): one block per 16-bit bucket sorts it in shared memory by
// the key's remaining bits, 8 per round (bucket_sort_kernel), and writes it back in place; the shared memory a block
// takes per key and value, the buckets one block holds (bucket_capacity), the block's shape by the warps it keeps
// resident (bucket_shape_for), and the launches (launch_bucket_sort; buckets past a block: large_buckets.cuh).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

#include "radix/onesweep/hybrid.hpp"
#include "radix/onesweep/large_buckets.cuh"
#include "radix/onesweep/pass.cuh"
#include "radix/onesweep/policy.cuh"
#include "radix/onesweep/warp_buckets.cuh"

namespace gsb::radix::onesweep {

// The bucket sort's blocks: 128 threads while those keep half a multiprocessor's warps resident, else whichever of
// 128 and 256 keeps more (bucket_shape_for below). Measured on an H200 (2026-11-27, radix ms with 128 / 256
// threads, warps resident with each): u32 keys 1e8 1.544 / 1.585 (44 / 64), 2^27 2.049 / 2.081 (36 / 48), 2^28
// 4.183 / 4.025 (20 / 32); u32+u32 1e8 2.651 / 2.661 (24 / 32), 2^27 3.560 / 3.502, 2^28 9.382 / 7.688 (8 / 16);
// u32+u64 1e8 3.711 / 3.358 (12 / 24), 2^27 5.182 / 4.564, 2.3e8 9.980 / 8.602 (8 / 16).
inline constexpr int bucket_threads = 128;
inline constexpr int bucket_threads_wide = 256;
// Where neither keeps bucket_min_warps_per_sm warps resident (large buckets: one block per multiprocessor), 512
// (bucket_widest_pays); 4-byte keys with 4-byte values take 512 where 128 and 256 keep a quarter of the warps or fewer
// (bucket_carry_widest_rows_most).
inline constexpr int bucket_threads_widest = 512;
// Small buckets (warp_bucket_pays): one warp each (warp_buckets.cuh), its block of warp_bucket_warps warps only the
// unit of launch. Those took the place of round 24's 64-thread blocks, which lost to them at every size they served
// (NOTES.md round 26).

// One warp per bucket (warp_buckets.cuh): its "threads" are the warp's.
inline constexpr BucketShape bucket_warp{32, false};
inline constexpr BucketShape bucket_narrow{bucket_threads, false};
inline constexpr BucketShape bucket_wide{bucket_threads_wide, false};
inline constexpr BucketShape bucket_widest{bucket_threads_widest, false};
inline constexpr BucketShape bucket_in_place{bucket_threads_widest, true};

// With fewer warps resident per multiprocessor the bucket sort no longer hides its latency, and the path loses to
// the LSD passes (H200, 2026-11-27, same runs, radix / radix-lsd ms): 8 warps (one 256-thread block of 143 KB,
// u32+u32 at 2^29) 19.34 / 17.02; 8 (one block of 130 KB, u32 keys at 1e9) 20.84 / 20.29; 8 (two 128-thread
// blocks of 112 KB, u32+u64 at 2.3e8) 10.09 / 9.83. With 12 (three 128-thread blocks, u32+u64 at 2^27) 5.23 / 5.57;
// with 16 or more (u32+u32 at 3.6e8, u32 keys at 2^29 and 7.5e8) 1.11-1.35x.
inline constexpr int bucket_min_warps_per_sm = 12;

// The 256 digits of a bucket-sort round over Threads threads: thread t owns [t * per_thread, (t + 1) * per_thread)
// (none past the 256th digit where there are more threads than digits).
template <int Threads>
inline constexpr int bucket_digits_per_thread = Threads < 256 ? 256 / Threads : 1;

// The 32-bit words of one set of the 256 digits' counts: one a digit, or (Packed, add_count) two digits a word.
template <bool Packed>
inline constexpr int bucket_count_words = Packed ? 256 / 2 : 256;

// Entry i of each of Sets sets of `stride` words (s_hist[set * stride + i]) -> its exclusive prefix over the sets;
// returns their sum.
template <int Sets>
__device__ __forceinline__ unsigned prefix_over_sets(unsigned* s_hist, int i, int stride) {
  unsigned c_sum = 0;
#pragma unroll
  for (int w = 0; w < Sets; ++w) {
    const unsigned c = s_hist[w * stride + i];
    s_hist[w * stride + i] = c_sum;
    c_sum += c;
  }
  return c_sum;
}
template <int Sets>
__device__ __forceinline__ void add_over_sets(unsigned* s_hist, int i, int stride, unsigned add) {
#pragma unroll
  for (int w = 0; w < Sets; ++w) s_hist[w * stride + i] += add;
}

// Digit counts in Sets sets (s_hist[set][digit]: per warp, or 1 for a block's) -> where each set's run of each digit
// starts: the exclusive prefix over sets within a digit, then over digits. Thread t owns digits
// [t * bins_per_thread, ...). Packed (add_count): 16-bit counts, two digits a word; thread t < 128 owns word t and
// sums both halves at once over the sets (no half carries: every start stays below 2^16).
template <int Threads, int Sets, bool Packed = false>
__device__ __forceinline__ void scan_digit_counts(unsigned* s_hist, unsigned* warp_sums) {
  constexpr int radix = 256;
  unsigned total;
  if constexpr (Packed) {
    constexpr int words = bucket_count_words<true>;
    static_assert(Threads >= words, "a word of two digits per thread");
    const int t = static_cast<int>(threadIdx.x);
    const unsigned c_sum = t < words ? prefix_over_sets<Sets>(s_hist, t, words) : 0u;  // two 16-bit sums
    const unsigned low = c_sum & 0xffffu;
    const unsigned start = block_exclusive_sum<unsigned, Threads>(low + (c_sum >> 16), warp_sums, &total);
    if (t < words) add_over_sets<Sets>(s_hist, t, words, start | (start + low) << 16);
    return;
  }
  constexpr int bins_per_thread = bucket_digits_per_thread<Threads>;
  unsigned count[bins_per_thread];
  unsigned sum = 0;
#pragma unroll
  for (int b = 0; b < bins_per_thread; ++b) {
    const int d = static_cast<int>(threadIdx.x) * bins_per_thread + b;
    count[b] = d < radix ? prefix_over_sets<Sets>(s_hist, d, radix) : 0u;
    sum += count[b];
  }
  unsigned start = block_exclusive_sum<unsigned, Threads>(sum, warp_sums, &total);
#pragma unroll
  for (int b = 0; b < bins_per_thread; ++b) {
    const int d = static_cast<int>(threadIdx.x) * bins_per_thread + b;
    if (d >= radix) break;
    add_over_sets<Sets>(s_hist, d, radix, start);
    start += count[b];
  }
}

// A stable round: this warp ranks the positions [warp_begin, warp_begin + 32 * per) of src by the digit at
// `shift`, row by row (32 keys), with ballots and its run starts in my_hist (rank_in_warp), and moves each key (and
// value) to dst. Rows wholly inside the bucket first, then those that reach past it: lanes past it vote digit 255
// (after every real key of the warp) and store nothing; rows wholly past it are skipped. next(pos, key) is called
// for every real key at its new position.
template <bool Packed = false, class Bits, class Value, class Next>
__device__ __forceinline__ void rank_rows(const Bits* src_k, const Value* src_v, Bits* dst_k, Value* dst_v,
                                          unsigned* my_hist, int shift, unsigned size, unsigned warp_begin,
                                          unsigned per, Next next) {
  constexpr bool with_values = has_values_v<Value>;
  const unsigned lane = lane_id();
  auto rank = [&](unsigned at, bool real) {
    const Bits k = real ? src_k[at] : static_cast<Bits>(~Bits{0});
    const unsigned pos = rank_in_warp<8, Packed>(digit_of(k, shift, 8), my_hist, lane);
    if (real) {
      dst_k[pos] = k;
      if constexpr (with_values) dst_v[pos] = src_v[at];
      next(pos, k);
    }
  };
  const unsigned full_rows = warp_begin >= size ? 0u : min(per, (size - warp_begin) / 32u);
  unsigned at = warp_begin + lane;
#pragma unroll 2
  for (unsigned u = 0; u < full_rows; ++u, at += 32) rank(at, true);
  for (unsigned u = full_rows; u < per && at - lane < size; ++u, at += 32) rank(at, at < size);
}

// The same round in place (per <= Rows), over a bucket padded to whole rows: this warp reads its `per` rows of buf
// into registers, the block waits until every warp has, and then each key (and value) is ranked and stored into buf
// at its new position (my_hist of 16-bit counts where Packed). Every row is whole, so no lane tests a bound.
template <int Rows, bool Packed, class Bits, class Value, class Next>
__device__ __forceinline__ void rank_rows_in_place(Bits* buf_k, Value* buf_v, unsigned* my_hist, int shift,
                                                   unsigned warp_begin, unsigned per, Next next) {
  constexpr bool with_values = has_values_v<Value>;
  const unsigned lane = lane_id();
  Bits k[Rows];
  std::conditional_t<with_values, Value, char> v[Rows];
#pragma unroll
  for (int u = 0; u < Rows; ++u) {
    if (u >= per) break;
    k[u] = buf_k[warp_begin + 32u * u + lane];
    if constexpr (with_values) v[u] = buf_v[warp_begin + 32u * u + lane];
  }
  __syncthreads();
#pragma unroll
  for (int u = 0; u < Rows; ++u) {
    if (u >= per) break;
    const unsigned pos = rank_in_warp<8, Packed>(digit_of(k[u], shift, 8), my_hist, lane);
    buf_k[pos] = k[u];
    if constexpr (with_values) buf_v[pos] = v[u];
    next(pos, k[u]);
  }
}

// The per-warp count sets bucket_sort_kernel keeps: round r ranks with set r % 2 and counts round r + 1 into the
// other; keys alone in two rounds count round 0 per block and use set 1 only.
template <class Bits, class Value>
inline constexpr int bucket_first_count_set = !has_values_v<Value> && bucket_rounds<Bits> == 2 ? 1 : 0;

// In place, 8-byte values do not travel through the rounds: each key carries its position in the bucket (4 bytes) in
// their place, and at the end every value is read from the position its key came from and written at the key's
// (a quarter less shared memory and registers per key with 8-byte keys, a third with 4-byte keys). So u64+u64 pairs in
// place hold 32 rows a warp (16384 keys) as u64+u32 pairs do, where they held 24 (12288), and buckets of uniform
// u64+u64 at 1e9 (16247 keys with 8 standard deviations) fit one block.
template <class Value, bool InPlace>
inline constexpr bool bucket_gathers_values = InPlace && has_values_v<Value> && sizeof(Value) == 8;

// Whether bucket_sort_kernel unrolls its rounds (Slot: what the rounds move beside each key). Unrolled, the six
// rounds of 8-byte keys in place (each with its 32 rows unrolled) outgrew the instruction cache: ncu, u64 keys at
// 1e9 on an H200, "no instruction" 1.91 cycles per issued instruction (0.18 rolled), the kernel 27.75 ms (23.44
// rolled). Radix ms unrolled / rolled, each beside cub-radix, one H200 (2026-11-27, logs/session29/round3): u64 keys
// at 1e9 43.448 / 38.994, u64+u32 at 1e9 64.657 / 50.284, u64+u32 at 1e8 5.073 / 4.969, u64 at 1e8 3.726 / 3.750.
// The one loss, u64+u64 at 2^28 in place (16.706 / 17.269), was the kernel that still carried its 8-byte values in
// 24 rows; in place they are now gathered (bucket_gathers_values), so the exception left covers the two-buffer
// u64+u64 kernels only, which were not measured rolled and stay as they were. (Keys of 4 bytes have one round in
// the loop.)
template <class Bits, class Slot>
inline constexpr bool bucket_rounds_unrolled = sizeof(Bits) == 8 && has_values_v<Slot> && sizeof(Slot) == 8;

// 32-bit words of shared memory bucket_sort_kernel takes per key: keys a and b (values a and b), or a alone in place
// (with 8-byte values, the key's position instead: bucket_gathers_values).
template <class Bits, class Value>
constexpr int bucket_words_per_key(bool in_place = false) {
  const int key_words = static_cast<int>(sizeof(Bits) / 4);
  const int value_words = !has_values_v<Value>                  ? 0
                          : in_place && sizeof(Value) == 8 ? 1  // its position (bucket_gathers_values)
                                                           : static_cast<int>(sizeof(Value) / 4);
  return (in_place ? 1 : 2) * (key_words + value_words);
}

// The in-place shape's rows of 32 keys per warp, each thread holding one key (and value or position) of each in
// registers, at most three words a key (ptxas 13.0, sm_90, 512 threads: 109 registers for u64 keys, 128 without
// spills for u64+u32 and for u64+u64 with positions; with its 8-byte values carried, u64+u64 in 32 rows spilled and
// took 24 rows until the values were gathered). Registers of up to 128 a thread leave room for one block per
// multiprocessor (bucket_in_place_registers, bucket_resident_warps). 4-byte keys alone (one word a key) hold up to 52
// rows (26624 keys, about the two-buffer block's 26864) in a kernel of their own for buckets past 32 rows (uniform
// u32 keys past 1.0e9): 72 registers, where the 32-row kernel's 52 leave room for two blocks per SM, so buckets of
// up to 32 rows keep that one (launch_bucket_sort). H200, radix against cub-radix in one run (NOTES.md, round 19):
// u32 keys at 2^30 19.33 / 21.59 ms, 1.5e9 26.57 / 30.13.
// Between the two, 4-byte keys alone take a 44-row kernel (22528 keys, uniform u32 keys to about 1.39e9) that
// __launch_bounds__ holds to 64 registers, so that two of its blocks are resident per SM wherever their shared memory
// fits (on Hopper: 105 KB a block at 44 rows), where the 52-row kernel's 72 registers leave room for one.
// The 52-row kernel is held to 64 registers as well, and keeps its counts in 16 bits (add_count: 8.6 KB of arrays
// where 32-bit counts take 17.1), so that two of its blocks fit Hopper's 228 KB too (113 KB each).
inline constexpr int bucket_rows_in_place_base = 32;
inline constexpr int bucket_rows_two_blocks = 44;
// 4-byte keys with 4-byte values (the pairs the two-buffer shapes sort by runs) sort buckets of up to 24 rows in place
// in kernels of their own that __launch_bounds__ holds to 64 registers (ptxas 13.0 sm_90, u32+u32: 22 rows 64, no
// spills; 24 rows 64 with 12 bytes of spills; their 32-row kernel takes 96) and that keep 16-bit counts (add_count:
// 16.5 KB of static arrays where 32-bit counts take 32.9), so that two of their blocks are resident per SM where
// their shared memory fits (106.6 KB a block at 22 rows, 114.8 at 24; on Hopper the 22-row kernel carries positions,
// 61.5 KB, three blocks: bucket_in_place_three_blocks), where the 512-thread two-buffer shape keeps one (120 KiB at
// 8904 keys): bucket_shape_for takes them where they keep twice its warps or more (sm90: 8268-12288 keys, u32+u32
// uniform about 5e8-7.5e8; sm80 5536-8192). A bucket takes the 22-row kernel where that holds it (the 24-row one
// spills). H200, radix ms, medians of 3, cub-radix in every run, in turn,
// twice (session 82 round 3, NOTES.md round 67), 512 threads with two buffers (the rule before) / in place in 20
// rows forced (32-bit counts): u32+u32 2^29 (8904 keys) 13.41-13.42 / 12.63-12.65 (1.26x -> 1.34x), 6e8 15.06-15.07 /
// 13.91-13.92 (1.25x -> 1.36x); f32+u32 2^29 13.48-13.49 / 12.73-12.76, 6e8 15.16-15.17 / 14.06-14.08; but 4e8 (6728
// keys, 32 warps either way) u32 8.61-8.62 / 9.35. Then 20 rows / 22 / 24 (each alone, 16-bit counts in the 22 and
// 24; session 83 round 1, NOTES.md round 68), u32+u32: 2^29 12.64 / 12.63 / 12.82-12.83, 6e8 13.92-13.93 / 13.91-13.92
// / 14.15-14.16, 6.5e8 16.29-16.30 / 15.40-15.45 / 15.74-15.77, 7e8 17.37-17.44 / 16.43-16.47 / 16.74, 7.5e8
// 18.46-18.49 / 18.47-18.48 / 17.85-17.86.
inline constexpr int bucket_rows_pairs_two_blocks = 22;
inline constexpr int bucket_rows_pairs_two_blocks_most = 24;
template <class Bits, class Value>
inline constexpr bool bucket_in_place_pairs_two_blocks =
    sizeof(Bits) == 4 && has_values_v<Value> && sizeof(Value) == 4;
constexpr bool bucket_rows_pairs_two_blocks_of(int rows) {
  return rows == bucket_rows_pairs_two_blocks || rows == bucket_rows_pairs_two_blocks_most;
}
template <class Bits, class Value>
inline constexpr bool bucket_in_place_more_rows = sizeof(Bits) == 4 && !has_values_v<Value>;
template <class Bits, class Value>
inline constexpr int bucket_rows_in_place = bucket_in_place_more_rows<Bits, Value> ? 52 : bucket_rows_in_place_base;
// The blocks per SM the in-place kernels ask __launch_bounds__ for (their register cap): two for 4-byte keys alone at
// every row count (64 registers; their 32-row kernel took 52 on sm_90 unasked, but 66 on sm_100, one block per SM
// there) and for 4-byte pairs with 4-byte values at every row count (22 and 24 rows, and 32 carrying positions:
// bucket_in_place_carries; their 22-row kernel asks for more where they fit: bucket_in_place_min_blocks_on), one for
// the others (up to 128 registers: bucket_in_place_registers).
template <class Bits, class Value>
inline constexpr int bucket_in_place_min_blocks =
    bucket_in_place_more_rows<Bits, Value> || bucket_in_place_pairs_two_blocks<Bits, Value> ? 2 : 1;
// Buckets of 4-byte keys alone past the 52-row kernel's 26624 keys (uniform u32 keys past about 1.68e9, where the path
// took the LSD passes until session 50) are sorted in place by blocks of 1024 threads, one a multiprocessor (two blocks
// of 512 threads with more rows each do not fit Hopper's shared memory). bucket_shape_for takes it only past every
// 512-thread shape's capacity (NOTES.md round 34). It counts the bucket's keys as it reads them from global memory and
// reads them again (from L2) to place them (bucket_msd_runs), so it holds no rows in registers (40 registers a thread,
// ptxas 13.0 sm_90; 64 while it held 36 rows), and its buffer holds each key's low half (bucket_wide_key_bytes): its
// shared memory alone bounds a bucket, 106496 keys on Hopper (53248 while it held whole keys, 36864 while it held 36
// rows in registers), so it sorts uniform u32 keys' buckets to about 6.9e9 keys. Its block counts are 32-bit, its
// runs' 16-bit (a run past 2^16 keys is the block's, bucket_sort_long_run); bucket_rows_in_place_wide rows are more
// than any shared memory holds.
inline constexpr int bucket_threads_in_place_wide = 1024;
inline constexpr BucketShape bucket_in_place_wide{bucket_threads_in_place_wide, true};
inline constexpr int bucket_rows_in_place_wide = 128;  // 131072 keys: the shared memory binds first
inline constexpr int bucket_wide_key_bytes = 2;
// The words of bucket_sort_kernel's block counts (round 0's, keys alone): 32-bit in the 1024-thread kernel, whose
// buckets pass 2^16 keys (bucket_wide_key_bytes).
template <class Value, int Threads, bool Packed>
inline constexpr int bucket_block_count_words =
    has_values_v<Value> ? 1 : bucket_count_words<Packed && Threads != bucket_threads_in_place_wide>;
// bucket_sort_kernel's own arrays: keys alone round 0's block counts, the per-warp count sets, warp sums (with
// 32-bit counts: the sizes the host checks a bucket against; the kernels with 16-bit counts take less).
template <class Bits, class Value, int Threads = bucket_threads_widest, bool Packed = false>
constexpr int bucket_static_bytes() {
  constexpr int warps = Threads / 32;
  constexpr int sets = 2 - bucket_first_count_set<Bits, Value>;
  constexpr int digit_words = bucket_count_words<Packed>;
  return (bucket_block_count_words<Value, Threads, Packed> + sets * warps * digit_words + 32) * 4;
}
// Bytes of shared memory an in-place block of `threads` threads takes per key (the 1024-thread one: a low half): one
// word where its kernel carries positions (bucket_in_place_carries), else (and for the capacities) a key and its value
// or position.
template <class Bits, class Value>
constexpr int bucket_in_place_key_bytes(int threads, bool carries = false) {
  if (threads == bucket_threads_in_place_wide) return bucket_wide_key_bytes;
  return carries ? 4 : 4 * bucket_words_per_key<Bits, Value>(true);
}
// Whether the in-place kernel of `rows` rows is 4-byte pairs' 22-row one and, carrying positions (one word a key:
// 61.5 KB a block at 11264 keys with its 16-bit counts), fits three blocks on an SM of band b (Hopper's 228 KB; two
// on sm80's 164 KB, as it fits carrying the values, so there it keeps them). It then carries, and asks
// __launch_bounds__ for three blocks (ptxas 13.0 sm_90, u32+u32: 40 registers, no spills). H200, u32+u32, --validate
// none, radix ms, medians of 3, cub-radix in every run, two blocks carrying the values / three carrying positions, in
// turn, twice (session 86, NOTES.md round 70): 2^29 (8904 keys) 12.631-12.653 / 12.511-12.576, 6e8 13.950-13.951 /
// 13.860-13.881, 6.5e8 15.382-15.425 / 15.195-15.196, 7e8 16.395-16.430 / 16.241-16.265.
inline constexpr int bucket_in_place_pairs_most_blocks = 3;
// The shared memory of an in-place block of Threads threads holding 22 rows of those pairs, carrying positions (one
// word a key) with its 16-bit count sets: what decides how many such blocks fit an SM.
template <class Bits, class Value, int Threads>
constexpr long long bucket_in_place_carrying_bytes() {
  return 1LL * bucket_in_place_key_bytes<Bits, Value>(Threads, true) * bucket_rows_pairs_two_blocks * Threads +
         bucket_static_bytes<Bits, Value, Threads, true>();
}
template <class Bits, class Value>
constexpr bool bucket_in_place_three_blocks(arch::Band b, int rows) {
  constexpr int threads = bucket_threads_widest;
  return bucket_in_place_pairs_two_blocks<Bits, Value> && rows == bucket_rows_pairs_two_blocks &&
         arch::blocks_that_fit(b, bucket_in_place_carrying_bytes<Bits, Value, threads>(), threads) >=
             bucket_in_place_pairs_most_blocks;
}
// (On Hopper the buckets past 22 rows take a 768-thread kernel instead, bucket_in_place_pairs_wide_on below; the 24-
// and 32-row kernels serve the other bands and the forced row counts.)
// Past those rows (their 32-row kernel) each key of those pairs carries its position in the bucket over its low half,
// one word (as the two-buffer shapes' keys do: bucket_keys_carry_positions), and the values are read from global
// memory by those positions at the end (as 8-byte values are gathered, bucket_gathers_values): one word a key in
// registers and shared memory where a key and its value took two, so two blocks of 32 rows fit an SM (ptxas 13.0
// sm_90, u32+u32: 64 registers, no spills; 96 carrying the values) where one did. In the 22- and 24-row kernels at
// two blocks either way, the gather cost more than the word it saves; the 22-row kernel carries where that lets a
// third block fit an SM of the band (bucket_in_place_three_blocks: Hopper's). H200, u32+u32, radix ms, medians of 3,
// cub-radix in every run, alternated twice (session 83 round 5, NOTES.md round 69), values carried / every in-place
// kernel carrying positions: 2^29 (22 rows) 12.596-12.604 / 12.737-12.769, 7e8 (22 and 24) 16.404-16.424 /
// 16.475-16.483, 8e8 (32 rows: one block an SM -> two) 20.092-20.120 / 18.074-18.077 (1.25x -> 1.39x), 1e9
// 24.650-24.692 / 23.059-23.177 (1.27x -> 1.36x).
template <class Bits, class Value>
constexpr bool bucket_in_place_carries(arch::Band b, int rows) {
  return bucket_in_place_pairs_two_blocks<Bits, Value> &&
         (!bucket_rows_pairs_two_blocks_of(rows) || bucket_in_place_three_blocks<Bits, Value>(b, rows));
}
// Whether the in-place kernel of `rows` rows sorts by runs, as the two-buffer kernels do (bucket_carry_by_runs): one
// counting round over the top bucket_carry_digit_bits bits of the carried words' low halves, each word placed in its
// run by the atomic that counts it, then ranked within its run by comparison with the run's others (the position
// tells equal keys apart in input order), in place of two stable rounds ranked by 8 ballots a key each. In place the
// block holds its words in registers while it places them, and each key's rank over its position while it stores the
// key (at its rank, to global memory) and the position at its rank in shared memory, from where the values are
// gathered as before. A bucket with a run past bucket_carry_run_most keys takes the stable rounds. Only the 22-row
// kernel of three blocks an SM (bucket_in_place_three_blocks). u32+u32 uniform, radix ms, medians of 3, cub-radix in
// every run, alternated twice (session 100, NOTES.md round 90), stable rounds / by runs: H200 2^29 (22 rows)
// 12.663-12.672 / 11.867-11.908 (1.34x -> 1.43x cub-radix); H100 2^29 15.104-15.106 / 14.403-14.406 (1.21x ->
// 1.27x), 7e8 (22 rows) 19.670-19.679 / 18.833-18.845. The 32-row kernel (two blocks an SM, runs of about 3.7 keys at
// 12 bits) lost by runs (H100: 8e8 22.161-22.218 / 23.046-23.059, 1e9 28.621-28.625 / 31.483-31.511, its ranks
// waiting on shared memory; with 13 bits and four words of a run at a time, H200 1e9 28.80 against main's 23.1).
template <class Bits, class Value>
constexpr bool bucket_in_place_by_runs(arch::Band b, int rows) {
  return bucket_in_place_three_blocks<Bits, Value>(b, rows);
}
// Those pairs' buckets past the 22-row kernel's 11264 keys (uniform u32+u32 from about 7.3e8 keys to 1e9) are sorted
// by the same kernel in blocks of 768 threads (22 rows: 16896 keys, past the in-place shape's 16384), carrying
// positions and by runs, where two of its blocks fit an SM of the band (Hopper: 92.3 KB a block with its 16-bit
// counts) and the 22-row kernel sorts by runs there: 48 warps an SM, as the 22-row kernel keeps, where the 24-row
// kernel (values carried) and the 32-row one (positions carried), both by stable rounds, keep 32. Its register cap is
// the 22-row kernel's at three blocks (1536 threads an SM; ptxas 13.0 sm_90, u32+u32: 40 registers, no spills).
// u32+u32 uniform, --validate none, radix ms, medians of 3, cub-radix in every run, alternated twice (session 101,
// NOTES.md round 91), the 24- and 32-row kernels / 768 threads: H100 7.5e8 21.750-21.764 / 20.549-20.564 (1.18x ->
// 1.24x), 8e8 22.182-22.186 / 21.901-21.914, 1e9 28.616-28.684 / 28.430-28.437.
inline constexpr int bucket_threads_in_place_pairs_wide = 768;
inline constexpr BucketShape bucket_in_place_pairs_wide{bucket_threads_in_place_pairs_wide, true};
inline constexpr int bucket_in_place_pairs_wide_blocks = 2;
template <class Bits, class Value>
constexpr bool bucket_in_place_pairs_wide_on(arch::Band b) {
  constexpr int threads = bucket_threads_in_place_pairs_wide;
  return bucket_in_place_by_runs<Bits, Value>(b, bucket_rows_pairs_two_blocks) &&
         arch::blocks_that_fit(b, bucket_in_place_carrying_bytes<Bits, Value, threads>(), threads) >=
             bucket_in_place_pairs_wide_blocks;
}
// The blocks per SM of band b that the type's in-place kernel of `rows` rows and 512 threads asks __launch_bounds__
// for: bucket_in_place_min_blocks, but three for 4-byte pairs' 22-row kernel where they fit.
template <class Bits, class Value>
constexpr int bucket_in_place_min_blocks_on(arch::Band b, int rows) {
  return bucket_in_place_three_blocks<Bits, Value>(b, rows) ? bucket_in_place_pairs_most_blocks
                                                            : bucket_in_place_min_blocks<Bits, Value>;
}
// One such block an SM leaves nothing to hide its loads behind: as it starts, each block pulls into L2 the bucket of
// the slot this many eighths of the resident blocks on (bulk prefetch, sm_90 on: prefetch_distance), which the block
// that starts about half a lifetime later loads from there. H200, u32 keys alone, 3 repetitions, cub-radix in every
// run (session 59 rounds 2-4, NOTES.md round 43), radix ms with none / 4 / 8 / 16 eighths: 1.8e9 26.02-26.05 /
// 25.05-25.12 / 25.46-25.49 / 26.71-26.74; 2^31 with 4 29.82-30.34 (1.42-1.44x; session 58, without, 30.70). The
// 52-row kernel, two blocks an SM, did not gain (1.5e9: 19.38-19.39 / 19.50 / 19.54-19.55), so of the in-place
// kernels with more than one block an SM none takes it; those with one do (below).
inline constexpr int bucket_in_place_wide_prefetch_waves_per_8 = 4;
// ... while the input's mean bucket (n / 65536) holds up to this many keys (2^31 keys), and none past it. Since the
// kernel reads its bucket twice (round 51) the prefetch costs there: H200, u32 keys alone, radix ms, 3 repetitions,
// the distance an experiment variable, forms in turn (session 69 rounds 8-9, NOTES.md round 53), 4 eighths / none:
// 2^31 27.53-27.67 / 27.65-27.66, 3e9 40.29-40.34 / 37.70-37.79, 2^32+17 56.14 / 55.85.
inline constexpr std::uint64_t bucket_in_place_wide_prefetch_most_keys = 32768;
constexpr int bucket_in_place_wide_prefetch_waves(std::uint64_t n) {
  return n / hybrid_buckets <= bucket_in_place_wide_prefetch_most_keys ? bucket_in_place_wide_prefetch_waves_per_8 : 0;
}
// The 512-thread in-place kernel, where one block of it is resident per SM (its shared memory or registers: pairs
// and 8-byte keys from about 5e8 keys on), prefetches as well, 2 eighths ahead, keys and values, but for 8-byte keys
// with 4-byte values, which lost with it. H200, radix ms at 1e9, 5 repetitions, alternated twice, none / 2 / 4
// eighths (session 62 rounds 2 and 5, NOTES.md round 46): u32+u32 26.97-26.98 / 25.66-25.67 / 26.60-26.61, u32+u64
// 33.92-34.05 / 32.73 / 33.38-33.42, u64+u64 65.96 / 63.61-63.63 / 64.24-64.37, u64 alone 35.47-35.52 / 34.68-34.69 /
// 34.70-34.71; u64+u32 48.22-48.43 / 49.88-49.91 / 50.33-50.41. (4-byte keys alone keep two blocks an SM there.)
template <class Bits, class Value>
inline constexpr int bucket_in_place_prefetch_waves_per_8 =
    sizeof(Bits) == 8 && has_values_v<Value> && sizeof(Value) == 4 ? 0 : 2;
template <class Bits, class Value>
inline constexpr unsigned bucket_in_place_wide_most =
    bucket_in_place_more_rows<Bits, Value> ? bucket_threads_in_place_wide * bucket_rows_in_place_wide : 0u;
// Whether a bucket_sort_kernel keeps 16-bit counts (add_count): in place past 44 rows or in 1024-thread blocks, which
// are 4-byte keys alone, and 4-byte pairs' two-blocks kernels (two rounds: every count and start below 2^16).
template <bool InPlace, int Rows, int Threads = bucket_threads_widest>
inline constexpr bool bucket_packed_counts =
    InPlace && (Rows > bucket_rows_two_blocks || Threads == bucket_threads_in_place_wide ||
                bucket_rows_pairs_two_blocks_of(Rows));
// The rows of the in-place kernel that sorts buffers of buffer_keys keys, at least `at_least` (a test's forced rows,
// bucket_in_place_rows_override): the fewest of the type's kernels' (4-byte pairs: 22, 24 and 32; 4-byte keys alone:
// 32, 44 and 52; the others: 32) that hold them.
template <class Bits, class Value>
constexpr int bucket_in_place_rows_for(unsigned buffer_keys, int at_least = 0) {
  const unsigned need = (buffer_keys + bucket_threads_widest - 1) / bucket_threads_widest;
  const unsigned rows = need > static_cast<unsigned>(at_least) ? need : static_cast<unsigned>(at_least);
  if (bucket_in_place_pairs_two_blocks<Bits, Value> && rows <= bucket_rows_pairs_two_blocks_most)
    return rows <= bucket_rows_pairs_two_blocks ? bucket_rows_pairs_two_blocks : bucket_rows_pairs_two_blocks_most;
  if (!bucket_in_place_more_rows<Bits, Value> || rows <= bucket_rows_in_place_base) return bucket_rows_in_place_base;
  return rows <= bucket_rows_two_blocks ? bucket_rows_two_blocks : bucket_rows_in_place<Bits, Value>;
}
static_assert(bucket_words_per_key<std::uint64_t, std::uint64_t>(true) <= 3, "the in-place rows: three words a key");

// The keys of one bucket agree on their top 16 bits (the bucket's number), so the two-buffer shapes hold
// only the low 16 bits of a 4-byte key in shared memory and put the top back as they store it: half the bytes a key
// (a quarter of a u32+u32 pair's), so more blocks resident. In place the rows' registers and the padding (the
// largest key) keep whole keys. The capacities (bucket_capacity) still count whole keys, so the most a block holds is
// not raised; the shapes count what the launches take (bucket_shared_bytes: bucket_launch_bytes). H200, radix ms,
// alternated twice in one call (NOTES.md round 30): whole keys / low halves, u32 keys at 1e8 1.533 / 1.514 (the
// kernel 11 -> 16 blocks an SM; ncu: its shared memory 93-96% busy either way, so the gain is small), at 2^28 3.93 /
// 3.82, u32+u32 at 2^28 7.66 / 6.80; then shapes by whole keys / by the halves, u32 keys at 2^28 3.813 / 3.802 (256 ->
// 128 threads), 2^29 8.19 / 7.53 and 1e9 14.62 / 14.40 (in place -> 256 threads, two buffers), u32+u64 at 2^28 9.66
// / 8.94 (in place -> 256 threads).
template <class Bits, bool InPlace>
inline constexpr bool bucket_holds_low_half = sizeof(Bits) == 4 && !InPlace;
// With values, the two buffers' rounds move no values: each key is held as a 32-bit word, its position in the bucket
// (the values' one buffer, filled as the block loads them) over its low half, and the store reads each key's value
// from the position it carries: each round reads and writes one word a key where it moved a half and a value, and a
// u32+u64 pair takes 16 bytes of a launch where it took 20 (2 x 4 + 8 against 2 x (2 + 8)), so more blocks are
// resident (a u32+u32 pair 12 either way). H200, radix ms, medians of 10, cub-radix in every run, alternated twice
// (NOTES.md round 45): u32+u64 at 1e8 3.149-3.151 -> 2.921-2.922 (validated: 1.334x), 2^28 8.863-8.885 ->
// 8.611-8.615, 5e8 16.76-16.77 -> 16.75-16.76 (session 61 round 2). u32+u32 did not gain while each value's load
// waited behind the atomics of the keys before it (round 2: 1e8 2.534-2.535 -> 2.528-2.529, 2^28 6.732-6.733 ->
// 6.758-6.764); with the values loaded beside their keys (below) it did (round 5: 1e8 2.460-2.462 -> 2.426-2.427, 2^28
// 6.560-6.561 -> 6.465-6.468).
template <class Bits, class Value, bool InPlace>
inline constexpr bool bucket_keys_carry_positions =
    bucket_holds_low_half<Bits, InPlace> && has_values_v<Value>;
// The position field's width, so the most keys of a bucket such a shape sorts (checked by bucket_shape_holds).
inline constexpr int bucket_position_bits = 16;
// Such keys with 4-byte values are sorted by one counting round over the top bits of their low half
// (bucket_carry_digit_bits of them: the count sets' words, one a digit), each key placed by the atomic that counts it,
// then each key ranked within its digit's run by comparison with the run's others, their words turned to (low half,
// position): the position tells equal keys apart in input order, so the order is stable where neither step is. In
// place of two stable rounds (ranked by 8 ballots a key each). A bucket with a run of more than
// bucket_carry_run_most keys (a skewed one's: each key compares with every key of its run) takes the stable rounds.
// H200, radix ms, medians of 5, cub-radix in every run, stable rounds / by runs, alternated twice (session 69 round 1,
// NOTES.md round 53): u32+u32 1e8 2.372 / 2.294-2.297, 2^27 3.103-3.105 / 3.072-3.097, 2^28 6.288-6.369 /
// 6.245-6.294; i32+u32 1e8 2.347-2.374 / 2.273-2.280, 2^28 6.320-6.329 / 6.195-6.214; f32+u32 1e8 2.373-2.379 /
// 2.355-2.369, 2^28 6.274-6.338 / 6.188-6.242. With u64 values it lost at 1e8 (2.779-2.787 / 2.883-2.888; 2^28
// 8.130-8.148 / 8.037-8.044), so they keep the stable rounds. Counted by a first read of the keys and placed by a
// second, each run then sorted by one thread, it lost everywhere (u32+u32 1e8 2.527, 2^28 6.655; round 3).
inline constexpr unsigned bucket_carry_run_most = 32;
template <class Bits, class Value, bool InPlace>
inline constexpr bool bucket_carry_by_runs =
    bucket_keys_carry_positions<Bits, Value, InPlace> && sizeof(Value) == 4;
// The two-buffer kernels that sort by runs keep 16-bit counts (add_count) in their per-warp count sets, which only the
// stable rounds a run past bucket_carry_run_most falls back to use (the first round counts its runs in the sets' first
// words, 32-bit): the sets take half the shared memory (256 threads: 8.3 KB of static arrays in place of 16.5), so
// more blocks are resident where the buffers bind (the 256-thread shape keeps 32 warps to about 4080 keys, where it
// kept 24 from about 3400), and the shape rule (bucket_shape_for) weighs those warps. H200, u32+u32, radix ms, medians
// of 3, cub-radix in every run, 32- / 16-bit counts alternated twice (session 81 round 9, NOTES.md round 65): 1e8
// 2.135-2.149 / 2.117-2.131 (128 threads now, 256 before), 2.4e8 5.308-5.309 / 5.092-5.098 (256 threads, 24 -> 32
// warps), 2^28 6.106-6.122 / 5.846-5.863 (512 threads now, 256 before).
// Whether a bucket_sort_kernel's count sets hold 16-bit counts: the kernel's own choice, and the one the host's
// shared-memory model (bucket_shared_bytes) counts its arrays by.
template <class Bits, class Value, bool InPlace, int Rows = bucket_rows_in_place_base,
          int Threads = bucket_threads_widest>
inline constexpr bool bucket_sets_packed =
    bucket_packed_counts<InPlace, Rows, Threads> || bucket_carry_by_runs<Bits, Value, InPlace>;
// The digit's bits by the block's threads, so by the buckets' sizes (bucket_shape_for: u32+u32 uniform takes 128
// threads from 2e7 to 8e7 keys, buckets of 445-1500; 256 from 1e8 to about 4e8, 1838-6728): runs of about 2 keys,
// which weighs the counts each bucket clears and scans against the comparisons that rank a run. H200, radix ms,
// medians of 5, cub-radix in every run, alternated twice, --validate none (session 80 round 2, NOTES.md round 62),
// 128 / 256 threads at 11 / 12 bits (before), 11 / 11, 10 / 10, 9 / 10: u32+u32 5e7 1.187-1.192, 1.191-1.196,
// 1.088-1.091, 1.076-1.077; 8e7 1.841-1.853, 1.845-1.847, 1.758-1.765, 1.751-1.753; 1e8 2.283-2.285, 2.123-2.126,
// 2.093-2.105, 2.075-2.090; 2^27 3.037-3.039, 2.820-2.828, 2.844-2.846, 2.837-2.838; 2^28 6.159-6.165, 5.988-5.990,
// 6.063-6.075, 6.055 (f32+u32 alike). 512 threads (buckets of 5120-12800 keys) 12: bucket_carry_widest_rows_most.
template <int Threads>
inline constexpr int bucket_carry_digit_bits = Threads == 128 ? 9 : Threads == 256 ? 11 : 12;
template <class Bits, class Value, bool InPlace>
using bucket_held_t = std::conditional_t<bucket_keys_carry_positions<Bits, Value, InPlace>, std::uint32_t,
                                         std::conditional_t<bucket_holds_low_half<Bits, InPlace>, std::uint16_t, Bits>>;
// What the rounds move beside each key: the value, or its position where the values are gathered (in place), or
// nothing where the key carries its position.
template <class Bits, class Value, bool InPlace>
using bucket_slot_t =
    std::conditional_t<bucket_gathers_values<Value, InPlace>, unsigned,
                       std::conditional_t<bucket_keys_carry_positions<Bits, Value, InPlace>, NoValue, Value>>;
inline constexpr int bucket_in_place_registers = 128;
// ... and the registers a thread they are held to: bucket_in_place_registers over those blocks; 4-byte keys alone's
// kernels are counted at the full 128, as they were measured.
template <class Bits, class Value>
constexpr int bucket_in_place_registers_on(arch::Band b, int rows) {
  return bucket_in_place_registers /
         (bucket_in_place_more_rows<Bits, Value> ? 1 : bucket_in_place_min_blocks_on<Bits, Value>(b, rows));
}
// Where a two-buffer shape keeps bucket_min_warps_per_sm warps or more, the in-place one pays only for buckets of this
// many rows per warp or more (H200, 2026-11-27, radix ms with the default shape / in place forced, the default
// keeping 16 warps in 256-thread blocks, logs/session28/round9): u32 keys at 2^29 (17.4 rows) 8.944 / 8.448, 7.5e8
// (24 rows) 12.275 / 11.500; but u64 keys at 2^28 (9 rows) 10.653 / 12.374, u32+u32 at 2^28 (9 rows) 7.623 / 8.471.
// (Those u32 keys held whole keys in their two buffers; holding the low halves, 256 threads keep 24-40 warps there and
// take those buckets: 2^29 7.53 ms, NOTES.md round 30.)
inline constexpr unsigned bucket_in_place_min_rows = 16;
// The most keys a block of the in-place shape holds in its warps' registers (of the 1024-thread shape:
// bucket_in_place_wide_most), and of the in-place shape of `threads` threads.
template <class Bits, class Value>
inline constexpr unsigned bucket_in_place_most = bucket_threads_widest * bucket_rows_in_place<Bits, Value>;
static_assert(bucket_threads_in_place_pairs_wide * bucket_rows_pairs_two_blocks >=
                  bucket_in_place_most<std::uint32_t, std::uint32_t>,
              "4-byte pairs' 768-thread kernel holds every bucket the in-place shape takes");
template <class Bits, class Value>
constexpr unsigned bucket_in_place_most_for(int threads) {
  return threads == bucket_threads_in_place_wide ? bucket_in_place_wide_most<Bits, Value>
                                                 : bucket_in_place_most<Bits, Value>;
}
// The keys (and values) each buffer of a block of `threads` threads holds for buckets of up to `keys` keys: in place,
// whole rows of every warp.
constexpr unsigned bucket_buffer_keys(bool in_place, unsigned threads, unsigned keys) {
  return in_place ? (keys + threads - 1) / threads * threads : keys;
}

// 4-byte keys alone in the 1024-thread in-place kernel sort a bucket in two MSD rounds, both counting sorts that place
// each key by the atomic that counts it, in no order within a digit: by bits 8 .. 15 over the block, then each such
// run by bits 0 .. 7 by one warp (bucket_sort_run), which stores it. Keys the rounds leave in one digit's run agree on
// every bit below it too, where they are next sorted, so the only keys whose order is left open are equal ones, which
// keys alone cannot tell apart. In place of the LSD rounds' second, stable round (ranked by 8 ballots a key: 45% of
// the kernel's instructions at 1.8e9) and the block's store after it. H200, u32 keys alone, radix ms, 3 repetitions,
// alternated twice against the LSD rounds (session 60 round 3, NOTES.md round 44): 1.8e9 24.97 -> 23.78-23.87, 2^31
// 29.74-30.27 -> 28.57-28.61 (validated: 1.515x and 1.506x cub-radix). The 44- and 52-row kernels (two blocks an SM,
// runs of 72-89 keys) lost with it (1.2e9 14.90 -> 16.89, 1.5e9 19.21 -> 19.50, round 2) and keep the LSD rounds.
// The first round reads the bucket from global memory twice, counting as it reads, then placing what it reads again
// (from L2), where it had held the keys read from shared memory in registers (36 rows) to place them in place: no
// rows in registers, so its shared memory alone bounds the bucket (bucket_rows_in_place_wide). H200, u32 keys alone,
// radix ms, 3 repetitions, alternated twice with the rows in registers (session 67 round 1, NOTES.md round 51): 1.8e9
// 23.86-23.97 -> 23.78-23.81, 2^31 28.60-28.62 -> 27.80-27.81, 3e9 (pairs of blocks before) 42.32-42.45 -> 40.59.
template <class Bits, class Value, bool InPlace, int Threads>
inline constexpr bool bucket_msd_runs =
    InPlace && !has_values_v<Value> && sizeof(Bits) == 4 && Threads == bucket_threads_in_place_wide;

// One warp sorts the run [begin, end) of keys in shared memory by bits 0 .. 7 with the counts `mine` (256, 16-bit
// where Packed; 16-byte aligned; cleared here) and calls out(i, key) for each position i of the run and its key
// there: counted by atomics, the counts turned into starts (warp_scan_counts), each key placed by the atomic that
// takes its start. Every loop takes the run's rows of 32 keys as the whole warp (as warp_rows does; written out here
// as it was measured and checked on the device), so that the warp stays converged for the scan's shuffles: loops over
// each lane's own keys had sent it down its collective path (ncu, session 60 round 1: 13.8 of 16.8 million runs at
// 1.8e9, NOTES.md round 44). Runs of up to
// HeldTrips trips (uniform keys' runs hold n / 2^24 keys: 107 on average at 1.8e9, 256 at 2^32) hold their keys in
// registers while they are counted, are placed back into their run in shared memory and stored in order (out,
// coalesced); a longer run (skewed keys) is read twice and each key stored at its place (out, scattered), which was
// 4% slower for uniform keys' runs (round 3). Runs of 2^16 keys or more are not a warp's (bucket_run_long).
// The 1024-thread kernel holds runs to bucket_run_held_trips trips, or to bucket_run_held_trips_long in the launches
// whose buckets' mean run (their bound over 256) passes that (bucket_long_runs_above: uniform u32 keys past about
// 3.1e9). H200, u32 keys alone, radix ms, medians of 5, alternated twice (session
// 68 round 2, NOTES.md round 52), 6 / 10 trips: 2^31 27.39-27.49 / 28.59-28.60, 3e9 40.18-40.19 / 40.84-40.85,
// 2^32+17 67.19 / 55.91-55.93 (every run past 6 trips there).
inline constexpr int bucket_run_held_trips = 6;
inline constexpr int bucket_run_held_trips_long = 10;
inline constexpr unsigned bucket_long_runs_above = 256u * 32u * bucket_run_held_trips;
inline constexpr unsigned bucket_run_long = 1u << 16;
// The warps of a block take runs 0 .. count - 1 in turn, each warp one at a time (its lane 0 claims the next from
// *next, zeroed before): body(run), warp-uniform.
template <class Body>
__device__ __forceinline__ void bucket_runs_in_turn(unsigned* next, unsigned count, unsigned lane, Body body) {
  for (;;) {
    unsigned run = 0;
    if (lane == 0) run = atomicAdd(next, 1u);
    run = __shfl_sync(full_warp, run, 0);
    if (run >= count) break;
    body(run);
  }
}
template <bool Packed, int HeldTrips, class Bits, class Out>
__device__ __forceinline__ void bucket_sort_run(Bits* keys, unsigned begin, unsigned end, unsigned* mine,
                                                unsigned lane, Out out) {
  if (end - begin <= 1) {
    if (end != begin && lane == 0) out(begin, keys[begin]);
    return;
  }
  constexpr int quads = bucket_count_words<Packed> / 4;  // of the counts' words, per lane
#pragma unroll
  for (int q = 0; q < quads / 32; ++q) reinterpret_cast<uint4*>(mine)[q * 32 + lane] = make_uint4(0, 0, 0, 0);
  __syncwarp();
  const unsigned trips = (end - begin + 31) / 32;  // warp-uniform
  if (trips <= static_cast<unsigned>(HeldTrips)) {
    Bits k[HeldTrips];
#pragma unroll
    for (int t = 0; t < HeldTrips; ++t) {
      const unsigned at = begin + 32u * t + lane;
      if (t < trips && at < end) {
        k[t] = keys[at];
        add_count<Packed>(mine, digit_of(k[t], 0, 8), 1u);
      }
    }
    __syncwarp();
    warp_scan_counts<Packed, false>(mine, lane);
    __syncwarp();
#pragma unroll
    for (int t = 0; t < HeldTrips; ++t) {
      const unsigned at = begin + 32u * t + lane;
      if (t < trips && at < end) keys[begin + add_count<Packed>(mine, digit_of(k[t], 0, 8), 1u)] = k[t];
    }
    __syncwarp();
#pragma unroll
    for (int t = 0; t < HeldTrips; ++t) {
      const unsigned at = begin + 32u * t + lane;
      if (t < trips && at < end) out(at, keys[at]);
    }
  } else {
    for (unsigned t = 0; t < trips; ++t) {
      const unsigned at = begin + 32u * t + lane;
      if (at < end) add_count<Packed>(mine, digit_of(keys[at], 0, 8), 1u);
    }
    __syncwarp();
    warp_scan_counts<Packed, false>(mine, lane);
    __syncwarp();
    for (unsigned t = 0; t < trips; ++t) {
      const unsigned at = begin + 32u * t + lane;
      if (at < end) {
        const Bits k = keys[at];
        out(begin + add_count<Packed>(mine, digit_of(k, 0, 8), 1u), k);
      }
    }
  }
  __syncwarp();  // (the counts are cleared next)
}
// A run of bucket_run_long keys or more (only in a bucket past 2^16 keys: a skewed input's) sorted by bits 0 .. 7 by
// the whole block with the 32-bit counts c (256, 16-byte aligned): its keys agree on every bit above those (the
// bucket's and the run's digit), so the keys of one digit are one key, which the block writes as often as it counts
// it: out(i, digit) for each position i of the run. Every thread of the block calls it; it ends at a barrier.
template <int Threads, class Held, class Out>
__device__ __forceinline__ void bucket_sort_long_run(const Held* keys, unsigned size, unsigned* c, Out out) {
  constexpr int radix = 256;
  for (int i = threadIdx.x; i < radix; i += Threads) c[i] = 0;
  __syncthreads();
  for (unsigned i = threadIdx.x; i < size; i += Threads) atomicAdd(&c[digit_of(keys[i], 0, 8)], 1u);
  __syncthreads();
  if (threadIdx.x < 32) warp_scan_counts<false, false>(c, threadIdx.x);
  __syncthreads();
  for (unsigned d = 0; d < radix; ++d) {
    const unsigned end = d + 1 < radix ? c[d + 1] : size;
    for (unsigned i = c[d] + threadIdx.x; i < end; i += Threads) out(i, d);
  }
  __syncthreads();
}

// The counting round of keys that carry their positions (bucket_keys_carry_positions: words of position << 16 | low
// half, input order, in src) by the top DigitBits bits of their low half, with their counts in runs (1 << DigitBits
// words, one a digit): turns the counts into where each digit's run starts and, unless a run holds more than
// bucket_carry_run_most keys (then false, src and the counts' words left as they were), places each word in its run in
// dst, in no order within the run, turned to low half << 16 | position (place_carried_words); runs[d] is then where
// run d ends, and rank_carried_words ranks each word within its run. Every thread of the block calls it;
// block-uniform; it ends at a barrier. bucket_run_starts only turns the counts into the starts (the in-place kernel
// places and ranks the words itself: bucket_in_place_by_runs).
template <int Threads, int DigitBits, bool Place = true>
__device__ __forceinline__ bool bucket_place_runs(const std::uint32_t* src, std::uint32_t* dst, unsigned* runs,
                                                  unsigned* warp_sums, unsigned size) {
  // Thread t owns digits [t * per_thread, (t + 1) * per_thread), whole quads; where the threads do not divide the
  // digits (768 threads), the first `owners` threads own them and the others none.
  constexpr int digits = 1 << DigitBits;
  constexpr int per_thread = ((digits + Threads - 1) / Threads + 3) / 4 * 4;
  constexpr int owners = digits / per_thread;
  static_assert(owners * per_thread == digits && owners <= Threads, "whole quads of digits a thread");
  const bool owner = owners == Threads || static_cast<int>(threadIdx.x) < owners;
  uint4* mine = reinterpret_cast<uint4*>(runs) + threadIdx.x * (per_thread / 4);
  unsigned c[per_thread];
#pragma unroll
  for (int q = 0; q < per_thread / 4; ++q) {
    const uint4 w = owner ? mine[q] : make_uint4(0u, 0u, 0u, 0u);
    c[4 * q] = w.x, c[4 * q + 1] = w.y, c[4 * q + 2] = w.z, c[4 * q + 3] = w.w;
  }
  unsigned sum = 0, longest = 0;
#pragma unroll
  for (int j = 0; j < per_thread; ++j) sum += c[j], longest = c[j] > longest ? c[j] : longest;
  unsigned total;
  unsigned start = block_exclusive_sum<unsigned, Threads>(sum, warp_sums, &total);
  if (__syncthreads_or(longest > bucket_carry_run_most)) return false;
#pragma unroll
  for (int q = 0; q < per_thread / 4; ++q) {
    uint4 w;
    w.x = start, start += c[4 * q];
    w.y = start, start += c[4 * q + 1];
    w.z = start, start += c[4 * q + 2];
    w.w = start, start += c[4 * q + 3];
    if (owner) mine[q] = w;
  }
  __syncthreads();
  if constexpr (Place) {
    place_carried_words<Threads, DigitBits, false>(src, dst, threadIdx.x, size, runs);
    __syncthreads();
  }
  return true;
}
template <int Threads, int DigitBits>
__device__ __forceinline__ bool bucket_run_starts(unsigned* runs, unsigned* warp_sums) {
  return bucket_place_runs<Threads, DigitBits, false>(nullptr, nullptr, runs, warp_sums, 0);
}

// One block per 16-bit bucket (at most the capacity, which the host checked) sorts it by its remaining bits
// (bucket_rounds<Bits> rounds of 8 bits) in shared memory and writes it back where it is, keys decoded. The keys
// (and values) pass through shared memory once per round rather than living in registers, so every loop runs as
// often as the bucket needs (no per-item predicates), one kernel serves every bucket size, and the buffers are
// sized by the largest bucket (occupancy). The stable rounds are ranked by warps: warp w takes the positions
// [w * chunk, (w + 1) * chunk).
//   load:      global -> a, counting bits 0..7 (keys only: per block; with values: per warp owning the position,
//              into count set 0);
//   round 0:   a -> b by bits 0..7, counting the next round's digit per warp that owns the key's new position.
//              Keys only: a counting sort with an atomic per key, in no particular order within a digit: the
//              keys are the whole record and every key of a bucket has the same top 16 bits, so keys with the
//              same bits 0..7 that the stable later rounds leave in one run are equal. With values: stable,
//              ranked by warps as the later rounds (the load counts per warp owning the position);
//   round r:   by bits 8r..8r+7, stable, b -> a for odd r, a -> b for even r, counting round r + 1's digit on the
//              way: round r ranks with count set r % 2 and counts into set (r + 1) % 2 (keys only with two rounds:
//              set 1 alone);
//   store:     a -> global (4-byte keys with values in two buffers: each key carries its position in the values'
//              one buffer, from which its value is read here: bucket_keys_carry_positions).
// 4-byte keys with 4-byte values in two buffers take one counting round and runs in place of the rounds where their
// runs are short (bucket_carry_by_runs: bucket_place_runs, rank_carried_words), and so does the in-place kernel that
// holds their buckets three blocks an SM (bucket_in_place_by_runs).
// InPlace (bucket_in_place): b is a, every round reads a warp's rows into registers first (rank_rows_in_place), and
// keys alone read their keys for round 0 the same way. The bucket is padded to whole rows (Threads * per positions)
// with the largest key, which every stable round keeps after the real keys (keys alone, round 0 leaves it where
// it is); the buffer holds buffer_keys rounded up to whole rows. 8-byte values are gathered at the end by the
// positions the rounds moved in their place (bucket_gathers_values).
// (The kernel's body, bucket_sort_kernel below.)
template <int Threads, class Bits, class Value, bool InPlace, int Rows, int RunTrips>
__device__ __forceinline__ void bucket_sort_block(Bits* keys, Value* values, const unsigned* counts,
                                                  const std::uint64_t* starts, KeyCodec<Bits> codec,
                                                  unsigned size_above, unsigned buffer_keys, BucketSlots visit,
                                                  unsigned prefetch_ahead) {
  constexpr int radix = 256;
  constexpr int warps = Threads / 32;
  constexpr int load_unroll = 8;
  constexpr int rounds = bucket_rounds<Bits>;
  constexpr bool with_values = has_values_v<Value>;
  constexpr bool gather = bucket_gathers_values<Value, InPlace>;
  // Keys that carry their positions over their low halves (two buffers, or in place: bucket_in_place_carries).
  constexpr bool carry = bucket_keys_carry_positions<Bits, Value, InPlace> ||
                         (InPlace && bucket_in_place_carries<Bits, Value>(arch::band_of(arch::compiling_cc), Rows));
  constexpr bool carry_gathers = carry && InPlace;  // (the values read by position at the end, else from s_vals)
  using Slot = std::conditional_t<carry, NoValue, bucket_slot_t<Bits, Value, InPlace>>;  // moved beside each key
  constexpr bool msd = bucket_msd_runs<Bits, Value, InPlace, Threads>;
  // What the buffers hold of each key (the 1024-thread kernel: its low half, bucket_wide_key_bytes).
  using Held = std::conditional_t<msd, std::uint16_t, bucket_held_t<Bits, Value, InPlace>>;
  static_assert(!msd || sizeof(Held) == bucket_wide_key_bytes, "the 1024-thread kernel's buffer: low halves");
  constexpr bool low_half = msd || bucket_holds_low_half<Bits, InPlace> || carry;
  static_assert(!carry || std::is_same_v<Slot, NoValue>, "keys that carry their positions move no values");
  static_assert(!carry_gathers || Rows * Threads <= (1 << bucket_position_bits), "in place: positions of 16 bits");
  static_assert(!carry || sizeof(Held) * 8 == bucket_position_bits + 16, "a position over the key's 16-bit low half");
  constexpr int first_set = bucket_first_count_set<Bits, Value>;
  static_assert(radix % Threads == 0 || Threads % radix == 0, "whole digits per thread, or one digit");
  static_assert(rounds % 2 == 0, "the rounds end in buffer a");
  static_assert(!with_values || sizeof(Value) % 4 == 0, "values of whole 4-byte words");
  static_assert(!InPlace || Threads == bucket_threads_widest ||
                    (Threads == bucket_threads_in_place_wide && bucket_in_place_more_rows<Bits, Value>) ||
                    (Threads == bucket_threads_in_place_pairs_wide && bucket_in_place_pairs_two_blocks<Bits, Value> &&
                     Rows == bucket_rows_pairs_two_blocks),
                "the in-place shapes");
  constexpr unsigned buffers = InPlace ? 1 : 2;
  constexpr bool packed = bucket_sets_packed<Bits, Value, InPlace, Rows, Threads>;  // 16-bit counts (add_count)
  static_assert(!packed || ((!with_values || bucket_carry_by_runs<Bits, Value, InPlace> ||
                             (InPlace && bucket_rows_pairs_two_blocks_of(Rows))) &&
                            rounds == 2),
                "16-bit counts: buckets of 4-byte keys");
  constexpr int digit_words = bucket_count_words<packed>;  // the words of one set of counts
  // The block counts' (keys alone): 32-bit where buckets pass 2^16 keys (msd).
  constexpr int block_words = bucket_block_count_words<Value, Threads, packed>;
  constexpr bool block_packed = block_words == bucket_count_words<true>;
  static_assert(warps * digit_words % Threads == 0, "whole words of the count sets per thread");
  extern __shared__ __align__(16) unsigned char s_buffers[];      // keys a[, b][, values a[, b]]: 16-B aligned
  __shared__ __align__(16) unsigned s_block_count0[block_words];  // keys only: round 0's counts, per block
  __shared__ __align__(16) unsigned s_sets[2 - first_set][warps * digit_words];  // per-warp counts (sets first_set..1)
  __shared__ unsigned warp_sums[32];  // (msd: then warp_sums[0] counts the runs the warps have taken)
  auto set = [&](int i) { return s_sets[i - first_set]; };
  // Count `index` (warp * radix + digit, or digit) of a set, or of round 0's block counts: its old value.
  auto add = [](unsigned* counts, unsigned index, unsigned by) { return add_count<packed>(counts, index, by); };
  wait_for_prior_grids();  // launched as a dependent of the kernel before it (launch_bucket_sort)
  allow_dependent_grids();
  // This launch sorts the buckets of size_above + 1 to buffer_keys keys (size_above >= 0: not empty ones).
  auto sorted_here = [&](unsigned size) { return size > size_above && size <= buffer_keys; };
  // (prefetch_ahead, where one block is resident per SM: the block of the slot that many on starts when one of the
  // blocks before it ends; its bucket's keys and values are pulled into L2 now, so that its loads hit there.)
  if (prefetch_ahead != 0 && threadIdx.x == Threads - 1) {
    unsigned ahead;
    if (visit.bucket(blockIdx.x + prefetch_ahead, ahead) && sorted_here(counts[ahead])) {
      prefetch_l2_inside(keys + starts[ahead], std::size_t{counts[ahead]} * sizeof(Bits));
      if constexpr (with_values)
        prefetch_l2_inside(values + starts[ahead], std::size_t{counts[ahead]} * sizeof(Value));
    }
  }
  unsigned bucket;
  if (!visit.bucket(blockIdx.x, bucket)) return;
  const unsigned size = counts[bucket];
  const std::uint64_t start = starts[bucket];
  // The last test never holds (start <= n); it makes the branch wait for both loads, so that their round trips
  // overlap instead of the start being loaded after it.
  if (!sorted_here(size) || start > hybrid_max_items) return;
  // (In place, the host checked buffer_keys <= Threads * Rows: per <= Rows below.)
  Bits* data = keys + start;
  [[maybe_unused]] Value* vdata = nullptr;
  if constexpr (with_values) vdata = values + start;
  const bool decode = !codec.is_identity();
  if (size == 1) {
    if (threadIdx.x == 0 && decode) data[0] = codec.decode(data[0]);
    return;
  }
  const unsigned stride = bucket_buffer_keys(InPlace, Threads, buffer_keys);
  Held* s_ka = reinterpret_cast<Held*>(s_buffers);
  Held* s_kb = s_ka + (buffers - 1) * stride;
  Slot* s_va = reinterpret_cast<Slot*>(s_ka + buffers * stride);
  Slot* s_vb = s_va + (buffers - 1) * stride;
  [[maybe_unused]] Value* s_vals = reinterpret_cast<Value*>(s_ka + buffers * stride);  // (carry: the values)
  if constexpr (!with_values) {
#pragma unroll
    for (int i = threadIdx.x; i < block_words; i += Threads) s_block_count0[i] = 0;
  }
  // The count sets (first_set .. 1) are one array of set_words words; clear_words(W) zeroes its first W (a multiple of
  // Threads), clear_sets every set.
  constexpr int set_words = (2 - first_set) * warps * digit_words;
  auto clear_words = [&](auto words) {
    constexpr int w = decltype(words)::value;
#pragma unroll
    for (int i = 0; i < w / Threads; ++i) (&s_sets[0][0])[i * Threads + threadIdx.x] = 0;
    if constexpr (w % Threads != 0) {
      if (threadIdx.x < w % Threads) (&s_sets[0][0])[w / Threads * Threads + threadIdx.x] = 0;
    }
  };
  auto clear_sets = [&] { clear_words(std::integral_constant<int, set_words>{}); };
  // (by runs: the counts of the first round's digit, the sets' first words, one a digit; the stable rounds that a long
  // run falls back to clear every set then)
  constexpr int carry_digit_bits = bucket_carry_digit_bits<Threads>;
  // (in place, where the kernel carries positions and sorts by runs: bucket_in_place_by_runs)
  constexpr bool in_place_runs =
      carry_gathers && bucket_in_place_by_runs<Bits, Value>(arch::band_of(arch::compiling_cc), Rows);
  constexpr bool by_runs = bucket_carry_by_runs<Bits, Value, InPlace> || in_place_runs;
  [[maybe_unused]] unsigned* s_runs = &s_sets[0][0];
  static_assert(!by_runs || (1 << carry_digit_bits) <= set_words, "the first round's counts: within the sets");
  if constexpr (by_runs) {
    clear_words(std::integral_constant<int, 1 << carry_digit_bits>{});
  } else if constexpr (!msd) {
    clear_sets();  // (msd: each warp clears its counts for each run it takes)
  }
  const unsigned warp = threadIdx.x / 32;
  const unsigned per = (size + Threads - 1) / Threads;  // rows of 32 keys per warp
  const unsigned chunk = 32u * per;                      // positions per warp
  const unsigned chunk_recip = 0xffffffffu / chunk + 1u;  // ceil(2^32 / chunk): __umulhi(pos, .) = pos / chunk
  const unsigned slots = InPlace ? Threads * per : size;  // the positions the rounds sort (with the padding)
  __syncthreads();

  constexpr int first_shift = msd ? 8 : 0;  // round 0's digit
  // The value loaded beside each key (none where the rounds carry positions in its place: gather), with the keys,
  // so that its load is not issued behind the counting atomics and shared stores of the keys before it (as it was:
  // ptxas sm_90 then gave the u32+u32 two-buffer kernels 40-42 registers, now 48). H200, radix ms, medians of 10,
  // cub-radix in every run, alternated twice (session 61 round 3, NOTES.md round 45): u32+u32 1e8 2.533-2.534 ->
  // 2.459-2.462, 2^28 6.732-6.735 -> 6.553-6.558, 1e9 28.30-28.31 -> 26.78-26.81; u32+u64 1e8 2.918-2.923 ->
  // 2.777-2.778, 2^28 8.607-8.609 -> 8.117-8.122; u64+u32 1e8 4.951-4.954 -> 4.771-4.777, 2^28 15.24-15.25 ->
  // 14.85-14.86; u64+u64 1e8 5.692-5.696 -> 5.440-5.445, 2^28 16.73 -> 16.73-16.75.
  using Loaded = std::conditional_t<with_values && !gather && !carry_gathers, Value, NoValue>;
  // Counts round r's digit (bits 8r..) of a key placed at pos, per warp owning pos, into set r % 2.
  auto count_for = [&](int r) {
    unsigned* h = set(r % 2);
    const int shift = 8 * r;
    return [=](unsigned pos, Bits k) { add(h, __umulhi(pos, chunk_recip) * radix + digit_of(k, shift, 8), 1u); };
  };
  auto take = [&](unsigned i, Bits k, Loaded v) {
    if constexpr (by_runs) atomicAdd(&s_runs[static_cast<std::uint16_t>(k) >> (16 - carry_digit_bits)], 1u);
    else if constexpr (with_values) count_for(0)(i, k);
    else add_count<block_packed>(s_block_count0, digit_of(k, first_shift, 8), 1u);
    if constexpr (msd) return;  // counted only: read again to be placed (below)
    if constexpr (carry) {
      s_ka[i] = i << 16 | static_cast<std::uint16_t>(k);
      if constexpr (!carry_gathers) s_vals[i] = v;
    } else {
      s_ka[i] = static_cast<Held>(k);
      if constexpr (gather) s_va[i] = i;
      else if constexpr (with_values) s_va[i] = v;
    }
  };
  auto load = [&](unsigned i, Bits& k, Loaded& v) {
    k = data[i];
    if constexpr (has_values_v<Loaded>) v = vdata[i];
  };
  // Every key (and value) of the bucket read from global memory and handed to f(i, key, value): whole groups of
  // load_unroll keys per thread without bounds checks, then the rest.
  auto read_bucket = [&](auto f) {
    unsigned i0 = threadIdx.x;
    for (; i0 + (load_unroll - 1) * Threads < size; i0 += load_unroll * Threads) {
      Bits k[load_unroll];
      Loaded v[load_unroll];
#pragma unroll
      for (int j = 0; j < load_unroll; ++j) load(i0 + j * Threads, k[j], v[j]);
#pragma unroll
      for (int j = 0; j < load_unroll; ++j) f(i0 + j * Threads, k[j], v[j]);
    }
    Bits k[load_unroll - 1];
    Loaded v[load_unroll - 1];
#pragma unroll
    for (int j = 0; j < load_unroll - 1; ++j)
      if (i0 + j * Threads < size) load(i0 + j * Threads, k[j], v[j]);
#pragma unroll
    for (int j = 0; j < load_unroll - 1; ++j)
      if (i0 + j * Threads < size) f(i0 + j * Threads, k[j], v[j]);
  };
  read_bucket(take);
  if constexpr (InPlace && !msd) {  // the padding: the largest key (its values are unused)
    const Bits pad = static_cast<Bits>(~Bits{0});
    for (unsigned i = size + threadIdx.x; i < slots; i += Threads) {
      // With values round 0 is stable and ranks the padding after every real key; keys alone it stays where it is,
      // after the real keys, and is counted only for round 1 (below).
      if constexpr (with_values && !by_runs) add(set(0), __umulhi(i, chunk_recip) * radix + digit_of(pad, 0, 8), 1u);
      s_ka[i] = pad;
    }
  }
  __syncthreads();
  // A stable round from src to dst (the same buffer in place).
  auto stable_round = [&](const Held* src_k, const Slot* src_v, Held* dst_k, Slot* dst_v, unsigned* my_hist,
                          int shift, auto next) {
    if constexpr (InPlace)
      rank_rows_in_place<Rows, packed>(dst_k, dst_v, my_hist, shift, warp * chunk, per, next);
    else
      rank_rows<packed>(src_k, src_v, dst_k, dst_v, my_hist, shift, size, warp * chunk, per, next);
  };
  // The whole key of what the buffers hold (the bucket's number on top where they hold the low half).
  auto whole = [&](Held h) {
    if constexpr (low_half) return static_cast<Bits>(bucket << 16 | static_cast<std::uint16_t>(h));
    else return h;
  };
  bool ranked = false;  // (in place by runs: the keys stored and each position at its key's rank in s_ka)
  if constexpr (by_runs) {
    if constexpr (InPlace) {
      if (bucket_run_starts<Threads, carry_digit_bits>(s_runs, warp_sums)) {
        std::uint32_t w[Rows];  // this thread's words, then its keys' ranks over their positions
#pragma unroll
        for (int u = 0; u < Rows; ++u) {
          if (u >= per) break;
          const unsigned i = threadIdx.x + u * Threads;
          if (i < size) w[u] = s_ka[i];
        }
        __syncthreads();
#pragma unroll
        for (int u = 0; u < Rows; ++u) {
          if (u >= per) break;
          if (threadIdx.x + u * Threads < size) place_carried_word<carry_digit_bits, false>(w[u], s_ka, s_runs);
        }
        __syncthreads();
        with_decoder(codec, [&](auto decoded) {
#pragma unroll
          for (int u = 0; u < Rows; ++u) {
            if (u >= per) break;
            const unsigned i = threadIdx.x + u * Threads;
            if (i < size) {
              const std::uint32_t word = s_ka[i];
              const unsigned rank = carried_word_rank<carry_digit_bits, false>(s_ka, word, s_runs);
              data[rank] = decoded(whole(word >> 16));
              w[u] = rank << 16 | (word & 0xffffu);
            }
          }
        });
        __syncthreads();
#pragma unroll
        for (int u = 0; u < Rows; ++u) {
          if (u >= per) break;
          if (threadIdx.x + u * Threads < size) s_ka[w[u] >> 16] = w[u] << 16;  // its position, where the gather reads
        }
        __syncthreads();
        ranked = true;
      }
    } else if (bucket_place_runs<Threads, carry_digit_bits>(s_ka, s_kb, s_runs, warp_sums, size)) {
      with_decoder(codec, [&](auto decoded) {
        rank_carried_words<Threads, carry_digit_bits, false, 4>(
            s_kb, threadIdx.x, size, s_runs, [&](unsigned at, std::uint32_t word) {
              data[at] = decoded(whole(word >> 16));
              vdata[at] = s_vals[word & 0xffffu];
            });
      });
      return;
    }
    if (!ranked) {
      // A run too long: the stable rounds, their counts taken again (the first round's took the sets' words; in
      // place, the padding's too: [size, slots)).
      clear_sets();
      __syncthreads();
      const auto count_first = count_for(0);
      for (unsigned i = threadIdx.x; i < slots; i += Threads) count_first(i, s_ka[i]);
      __syncthreads();
    }
  }
  if (!ranked) {  // (block-uniform; in place by runs, the keys are stored and the positions at their ranks)
    if constexpr (with_values) {
      scan_digit_counts<Threads, warps, packed>(set(0), warp_sums);
      __syncthreads();
      stable_round(s_ka, s_va, s_kb, s_vb, set(0) + warp * digit_words, 0, count_for(1));
    } else {
      scan_digit_counts<Threads, 1, block_packed>(s_block_count0, warp_sums);  // where each digit's run starts
      __syncthreads();
      const auto count_next = count_for(1);
      auto place = [&](Held k) {
        const unsigned pos = add_count<block_packed>(s_block_count0, digit_of(k, first_shift, 8), 1u);
        s_kb[pos] = k;
        if constexpr (!msd) count_next(pos, k);
      };
      if constexpr (msd) {  // every key read again from global memory (L2) and placed by the atomic that counts it
        if (threadIdx.x == 0) warp_sums[0] = 0;  // (the scan is done with them)
        read_bucket([&](unsigned, Bits k, Loaded) { place(static_cast<Held>(k)); });
      } else if constexpr (InPlace) {  // every key read before any is placed: thread t's keys t, t + Threads, ...
        Held k[Rows];
#pragma unroll
        for (int u = 0; u < Rows; ++u) {
          if (u >= per) break;
          k[u] = s_ka[threadIdx.x + u * Threads];
        }
        __syncthreads();
        // A real key to its digit's run; the padding stays at [size, slots) (after every real key: round 0 is not
        // stable, so counting it would mix it with the real keys of digit 255) and is counted for round 1.
#pragma unroll
        for (int u = 0; u < Rows; ++u) {
          if (u >= per) break;
          const unsigned i = threadIdx.x + u * Threads;
          if (i < size) place(k[u]);
          else count_next(i, k[u]);
        }
      } else {
#pragma unroll 4
        for (unsigned i = threadIdx.x; i < size; i += Threads) place(s_ka[i]);
      }
    }
    __syncthreads();
    if constexpr (msd) {
      // Each digit's run of bits 8 .. 15 now lies at [its predecessor's end, its end) (s_block_count0): the warps take
      // the runs in turn, sort each by bits 0 .. 7 and store it (bucket_sort_run); then the block the runs too long for
      // a warp's 16-bit counts, if any, with 32-bit ones in the warps' sets (bucket_sort_long_run).
      unsigned* mine = set(1) + warp * digit_words;
      const unsigned lane = lane_id();
      auto run_begin = [&](unsigned d) { return d == 0 ? 0u : count_of<block_packed>(s_block_count0, d - 1); };
      auto run_end = [&](unsigned d) { return count_of<block_packed>(s_block_count0, d); };
      with_decoder(codec, [&](auto decoded) {
        bucket_runs_in_turn(&warp_sums[0], radix, lane, [&](unsigned d) {
          const unsigned begin = run_begin(d), end = run_end(d);
          if (end - begin >= bucket_run_long) return;
          bucket_sort_run<packed, RunTrips>(s_ka, begin, end, mine, lane,
                                  [&](unsigned at, Held k) { data[at] = decoded(whole(k)); });
        });
        if (size < bucket_run_long) return;  // (block-uniform)
        __syncthreads();  // every warp done with its runs and its counts
        for (unsigned d = 0; d < radix; ++d) {
          const unsigned begin = run_begin(d), end = run_end(d);
          if (end - begin < bucket_run_long) continue;
          bucket_sort_long_run<Threads>(s_ka + begin, end - begin, set(1), [&](unsigned i, unsigned low) {
            data[begin + i] = decoded(whole(static_cast<Held>(d << 8 | low)));
          });
        }
      });
      return;
    }
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000
    // From sm_100 on (ranking by match.any, same_digit_lanes), rolled rounds in place spilled (ptxas 13.0: 324 bytes
    // for u64 keys with values, 36 alone) where unrolled ones did not; not measured there, so they stay unrolled.
    constexpr bool unrolled = true;
#else
    constexpr bool unrolled = bucket_rounds_unrolled<Bits, Slot>;
#endif
#pragma unroll(unrolled ? rounds : 1)
    for (int r = 1; r < rounds; ++r) {
      unsigned* h = set(r % 2);  // this round's counts (counted in round r - 1)
      // Round r counts into the set round r - 1 ranked with: cleared here, ordered by the barrier below.
      if (r + 1 < rounds) {
#pragma unroll
        for (int i = 0; i < warps * digit_words / Threads; ++i) set((r + 1) % 2)[i * Threads + threadIdx.x] = 0;
      }
      scan_digit_counts<Threads, warps, packed>(h, warp_sums);
      __syncthreads();
      const bool odd = r % 2 == 1;
      const Held* src_k = odd ? s_kb : s_ka;
      Held* dst_k = odd ? s_ka : s_kb;
      const Slot* src_v = odd ? s_vb : s_va;
      Slot* dst_v = odd ? s_va : s_vb;
      if (r + 1 < rounds) stable_round(src_k, src_v, dst_k, dst_v, h + warp * digit_words, 8 * r, count_for(r + 1));
      else stable_round(src_k, src_v, dst_k, dst_v, h + warp * digit_words, 8 * r, [](unsigned, Bits) {});
      __syncthreads();
    }
    with_decoder(codec, [&](auto decoded) {  // (the cheapest form of the codec's, as warp_bucket_sort_kernel's)
#pragma unroll 4
      for (unsigned i = threadIdx.x; i < size; i += Threads) {
        const Held h = s_ka[i];
        data[i] = decoded(whole(h));
        if constexpr (carry && !carry_gathers) vdata[i] = s_vals[h >> 16];
      }
    });
  }
  if constexpr (gather || carry_gathers) {
    // Every value is read (from where its key came) before any is written: thread t's positions t, t + Threads, ...
    Value v[Rows];
#pragma unroll
    for (int u = 0; u < Rows; ++u) {
      if (u >= per) break;
      const unsigned i = threadIdx.x + u * Threads;
      if (i < size) {
        if constexpr (carry_gathers) v[u] = vdata[s_ka[i] >> 16];
        else v[u] = vdata[s_va[i]];
      }
    }
    __syncthreads();
#pragma unroll
    for (int u = 0; u < Rows; ++u) {
      if (u >= per) break;
      const unsigned i = threadIdx.x + u * Threads;
      if (i < size) vdata[i] = v[u];
    }
  } else if constexpr (with_values && !carry) {
#pragma unroll 4
    for (unsigned i = threadIdx.x; i < size; i += Threads) vdata[i] = s_va[i];
  }
}
// The blocks per SM of the band being compiled that an in-place kernel of Threads threads and Rows rows asks
// __launch_bounds__ for (its register cap).
template <int Threads, class Bits, class Value, int Rows>
constexpr int bucket_in_place_min_blocks_compiled() {
  const arch::Band b = arch::band_of(arch::compiling_cc);
  if constexpr (Threads == bucket_threads_widest) return bucket_in_place_min_blocks_on<Bits, Value>(b, Rows);
  if constexpr (Threads == bucket_threads_in_place_pairs_wide)
    return bucket_in_place_pairs_wide_on<Bits, Value>(b) ? bucket_in_place_pairs_wide_blocks : 1;
  return 1;
}
// Whether the band being compiled builds the kernel's body: 4-byte pairs' 768-thread kernel only where the host takes
// it (bucket_in_place_pairs_wide_on); elsewhere it traps (the host never launches it there) and costs no compile time.
template <int Threads, class Bits, class Value>
constexpr bool bucket_sort_kernel_compiled() {
  return Threads != bucket_threads_in_place_pairs_wide || arch::compiling_cc == 0 ||
         bucket_in_place_pairs_wide_on<Bits, Value>(arch::band_of(arch::compiling_cc));
}
template <int Threads, class Bits, class Value, bool InPlace = false, int Rows = bucket_rows_in_place_base,
          int RunTrips = bucket_run_held_trips>
__global__ void __launch_bounds__(Threads, InPlace ? bucket_in_place_min_blocks_compiled<Threads, Bits, Value, Rows>()
                                                   : 0)
    bucket_sort_kernel(Bits* keys, Value* values, const unsigned* counts, const std::uint64_t* starts,
                       KeyCodec<Bits> codec, unsigned size_above, unsigned buffer_keys, BucketSlots visit,
                       unsigned prefetch_ahead) {
  if constexpr (!bucket_sort_kernel_compiled<Threads, Bits, Value>()) {
    __trap();
  } else {
    bucket_sort_block<Threads, Bits, Value, InPlace, Rows, RunTrips>(keys, values, counts, starts, codec, size_above,
                                                                     buffer_keys, visit, prefetch_ahead);
  }
}

// The buffers of shape s for buckets of up to buffer_keys keys on band b (in place: by the kernel of at least
// `at_least` rows, as bucket_in_place_rows_for picks it), counted in whole keys (the unit of the capacities below);
// bucket_launch_bytes is what a launch takes, and bucket_shared_bytes that with the kernel's arrays.
template <class Bits, class Value>
constexpr long long bucket_buffer_bytes(arch::Band b, BucketShape s, unsigned buffer_keys, int at_least = 0) {
  const unsigned slots = bucket_buffer_keys(s.in_place, static_cast<unsigned>(s.threads), buffer_keys);
  const bool carries = s == bucket_in_place_pairs_wide ||
                       (s.in_place && bucket_in_place_carries<Bits, Value>(
                                          b, bucket_in_place_rows_for<Bits, Value>(buffer_keys, at_least)));
  return (s.in_place ? bucket_in_place_key_bytes<Bits, Value>(s.threads, carries)
                     : 4LL * bucket_words_per_key<Bits, Value>()) *
         static_cast<long long>(slots);
}
// ... as a launch of bucket_sort_kernel takes them: two buffers hold bucket_held_t, not whole keys, and of values
// two buffers, or one where the keys carry their positions.
template <class Bits, class Value>
constexpr long long bucket_launch_bytes(arch::Band b, BucketShape s, unsigned buffer_keys, int at_least = 0) {
  if (s.in_place) return bucket_buffer_bytes<Bits, Value>(b, s, buffer_keys, at_least);
  constexpr long long held = sizeof(bucket_held_t<Bits, Value, false>);
  constexpr long long value = has_values_v<Value> ? sizeof(Value) : 0;
  constexpr long long value_buffers = bucket_keys_carry_positions<Bits, Value, false> ? 1 : 2;
  return (2 * held + value_buffers * value) * buffer_keys;
}
template <class Bits, class Value>
constexpr long long bucket_shared_bytes(arch::Band b, BucketShape s, unsigned buffer_keys) {
  using V = Value;
  constexpr bool p = bucket_sets_packed<Bits, Value, false>;  // (the two-buffer kernels')
  // (in place, 4-byte pairs' 22- and 24-row kernels keep 16-bit counts: bucket_packed_counts)
  const bool in_place_packed = bucket_in_place_pairs_two_blocks<Bits, V> &&
                               bucket_rows_pairs_two_blocks_of(bucket_in_place_rows_for<Bits, V>(buffer_keys));
  const long long widest = !s.in_place       ? bucket_static_bytes<Bits, V, bucket_threads_widest, p>()
                           : in_place_packed ? bucket_static_bytes<Bits, V, bucket_threads_widest, true>()
                                             : bucket_static_bytes<Bits, V, bucket_threads_widest>();
  const long long arrays = s.threads == bucket_threads        ? bucket_static_bytes<Bits, V, bucket_threads, p>()
                           : s.threads == bucket_threads_wide ? bucket_static_bytes<Bits, V, bucket_threads_wide, p>()
                           : s.threads == bucket_threads_widest
                               ? widest
                           : s.threads == bucket_threads_in_place_pairs_wide
                               ? bucket_static_bytes<Bits, V, bucket_threads_in_place_pairs_wide, true>()
                               : bucket_static_bytes<Bits, V, bucket_threads_in_place_wide, true>();
  return bucket_launch_bytes<Bits, Value>(b, s, buffer_keys) + arrays;
}

// The most keys of one bucket that a block with shared_bytes of shared memory sorts (a multiple of 4: the buffers
// stay 16-B aligned) from one buffer into another, with any shape (its capacity computed with the largest shape's
// arrays); 0 where not even the arrays fit.
template <class Bits, class Value>
constexpr unsigned bucket_capacity(long long shared_bytes) {
  const long long room = shared_bytes - bucket_static_bytes<Bits, Value>();
  return room <= 0 ? 0u : static_cast<unsigned>(room / (4 * bucket_words_per_key<Bits, Value>()) / 4 * 4);
}
// ... and in place (bucket_in_place): whole rows of every warp (its buffer holds them), at most what its warps'
// registers hold.
template <class Bits, class Value, int Threads = bucket_threads_widest>
constexpr unsigned bucket_capacity_in_place(long long shared_bytes) {
  constexpr long long row = Threads;
  constexpr unsigned most = bucket_in_place_most_for<Bits, Value>(Threads);
  // (the 1024-thread kernel's runs' counts are 16-bit: bucket_packed_counts; its block counts 32-bit)
  const long long room =
      shared_bytes - bucket_static_bytes<Bits, Value, Threads, Threads == bucket_threads_in_place_wide>();
  const long long keys = room / bucket_in_place_key_bytes<Bits, Value>(Threads) / row * row;
  const unsigned c = room <= 0 ? 0u : static_cast<unsigned>(keys);
  return std::min(c, most);  // (most is 0 where the 1024-thread shape does not sort these keys)
}
// ... and by either in-place shape (the 1024-thread one: 4-byte keys alone).
template <class Bits, class Value>
constexpr unsigned bucket_capacity_in_place_any(long long shared_bytes) {
  const unsigned narrow = bucket_capacity_in_place<Bits, Value>(shared_bytes);
  const unsigned wide = bucket_capacity_in_place<Bits, Value, bucket_threads_in_place_wide>(shared_bytes);
  return wide > narrow ? wide : narrow;
}

// Whether shape s sorts buckets of buffer_keys keys in a block with shared_bytes of shared memory (in place: within
// what its warps' registers hold).
template <class Bits, class Value>
constexpr bool bucket_shape_holds(arch::Band b, BucketShape s, unsigned buffer_keys, long long shared_bytes) {
  if (s == bucket_warp)
    return buffer_keys <= warp_bucket_most_keys && warp_bucket_block_bytes<Bits, Value>(buffer_keys) <= shared_bytes;
  if (s == bucket_in_place_pairs_wide && !bucket_in_place_pairs_wide_on<Bits, Value>(b)) return false;
  return bucket_shared_bytes<Bits, Value>(b, s, buffer_keys) <= shared_bytes &&
         (!s.in_place || buffer_keys <= bucket_in_place_most_for<Bits, Value>(s.threads)) &&
         (s.in_place || !bucket_keys_carry_positions<Bits, Value, false> ||
          buffer_keys <= (1u << bucket_position_bits));
}

// Warps of bucket_sort_kernel of shape s resident on one multiprocessor of band b with buffers of buffer_keys (by
// shared memory and threads, and for the in-place shape by its registers, bucket_in_place_registers a thread; the
// other shapes' registers allow more).
template <class Bits, class Value>
constexpr int bucket_resident_warps(arch::Band b, BucketShape s, unsigned buffer_keys) {
  if (s == bucket_warp)
    return warp_bucket_warps *
           arch::blocks_that_fit(b, warp_bucket_block_bytes<Bits, Value>(buffer_keys), warp_bucket_warps * 32);
  const int fit = arch::blocks_that_fit(b, bucket_shared_bytes<Bits, Value>(b, s, buffer_keys), s.threads);
  const int registers =
      s == bucket_in_place
          ? bucket_in_place_registers_on<Bits, Value>(b, bucket_in_place_rows_for<Bits, Value>(buffer_keys))
      : s == bucket_in_place_pairs_wide
          ? arch::limits_of(b).registers_per_sm / (s.threads * bucket_in_place_pairs_wide_blocks)
          : bucket_in_place_registers;
  const int by_registers = arch::limits_of(b).registers_per_sm / (s.threads * registers);
  return s.threads / 32 * (s.in_place && by_registers < fit ? (by_registers < 1 ? 1 : by_registers) : fit);
}
// Where one 512-thread block per multiprocessor (16 warps) beat the LSD passes (H200, 2026-11-27, same runs,
// radix / radix-lsd ms, logs/session27/round3): keys alone, u32 at 1e9 18.09 / 20.27, u64 at 2^29 23.04 / 31.32;
// 8-byte keys with values, u64+u32 at 2^28 15.77 / 20.03, u64+u64 17.62 / 24.95. Not 4-byte keys with values:
// u32+u64 at 2^28 10.16 / 9.83 (their passes move a smaller share of what the bucket sort moves), and u32+u32 with 8
// warps lost by 14% (above).
template <class Bits, class Value>
inline constexpr bool bucket_widest_pays = !has_values_v<Value> || sizeof(Bits) == 8;
// 4-byte keys with 4-byte values sorted by runs (bucket_carry_by_runs) take 512 threads with two buffers where 128 and
// 256 threads keep a quarter of a multiprocessor's warps or fewer, or half the warps the 512 keep, or half the
// multiprocessor's and two thirds of the 512's (below), and the 512 keep as many or more, and more than half as many
// as in place, up to this many rows a warp (bucket_shape_for). In place, which reads a bucket's rows into registers
// each round, lost with as many warps and with 1.5 times as many, and paid with twice and three times as many (H200,
// u32+u32, radix ms, medians of 3, cub-radix in every run, in turn, twice): 4e8 (6728 keys) 8.61-8.62 / 9.35 at 32
// warps each (round 67), 8.604-8.630 / 9.421-9.429 at 32 / 48 (its 22-row kernel carrying positions, three blocks an
// SM; round 70), 4.5e8 9.784-9.809 / 10.623-10.627; 2^29 (8904 keys) 13.41-13.42 / 12.63-12.65 at 16 / 32 (round
// 67), and at 16 / 48 12.511-12.576 (round 70). H200, u32+u32, radix ms, medians of 3, cub-radix in every run, the
// rule's shape / 512 threads with two buffers forced (12 digit bits), alternated twice (session 80 rounds 4-5,
// NOTES.md round 62): 2^28 (4600 keys, 256 threads keep 24 warps) 5.963-5.964 / 5.959-5.962; 4e8 (6728, 16 warps)
// 9.64-9.68 / 8.77-8.81; 2^29 (8904, in place) 14.01-14.12 / 13.42-13.50; 7.5e8 (12300, 24 rows, in place)
// 18.83-18.84 / 18.56-18.58; 1e9 (16248, 31.7 rows, in place) 24.69-24.72 / 24.86-24.90. With 13 digit bits: 4e8
// 9.10-9.13, 2^29 13.73-13.76, 7.5e8 19.13-19.15 (and 11: 8.79-8.80, 13.60-13.61, 19.05). Where 512 threads keep
// twice the warps of 256 (48 against 24, largest buckets of about 3300-3700 keys) they paid too; with 1.2-1.5 times
// as many they did not (session 81 rounds 6-7, NOTES.md round 64, with 32-bit counts in the count sets (before
// bucket_sets_packed, which moves these warps), the same way, medians of 3-5, the largest bucket and warps at 256 /
// 512):
// u32+u32 2.1e8 (3448, 24 / 48) 4.739-4.752 / 4.506-4.523, i32 alike; 2.2e8 (3608, 24 / 48) 4.900-4.910 /
// 4.684-4.695; f32+u32 2e8 (3496, 24 / 48) 4.520-4.526 / 4.264-4.283, but 2.1e8 (3656, 24 / 48) 4.717-4.732 /
// 4.735-4.742; u32+u32 2e8 (3292, 32 / 48) 4.270-4.272 / 4.257-4.264; 1.2e8 (2176, 40 / 48) 2.584-2.589 /
// 2.721-2.723; 2.4e8 (3924, 24 / 32) 5.306-5.324 / 5.372-5.378; 2^28 (4368, 24 / 32) 6.055-6.061 / 6.048-6.060.
// With 16-bit count sets (bucket_sets_packed) 256 threads keep 32 warps to about 4080 keys, and there 512 threads,
// which keep 48, paid as well: they take those buffers where 128 and 256 threads keep half the SM's warps or fewer
// and 512 threads 1.5 times as many (sm90 3404-4084 keys, sm80 2040-2716). 256 threads with 40 warps against 512's
// 64 (1.5e8) did not. H200, radix ms, medians of 3, cub-radix in every run, forms in turn, twice (session 82 rounds
// 1-2, NOTES.md round 66), the rule before / after: u32+u32 2.1e8 4.452-4.455 / 4.395-4.406, 2.3e8 4.820-4.831 /
// 4.743-4.764, 2.5e8 5.251-5.256 / 5.196-5.206; i32+u32 2.3e8 4.789-4.820 / 4.722-4.744; f32+u32 2.2e8
// 4.581-4.593 / 4.528-4.550; unchanged at 2e8 and 2^28; 1.5e8 forced 256 / 512 threads 3.141 / 3.250.
inline constexpr unsigned bucket_carry_widest_rows_most = 25;

// The in-place shape for buffers of buffer_keys on band b: 4-byte pairs' 768-thread blocks past the 22-row kernel's
// keys where they apply (bucket_in_place_pairs_wide_on), else 512 threads.
template <class Bits, class Value>
constexpr BucketShape bucket_in_place_for(arch::Band b, unsigned buffer_keys) {
  const bool wide = bucket_in_place_pairs_wide_on<Bits, Value>(b) &&
                    buffer_keys > static_cast<unsigned>(bucket_threads_widest * bucket_rows_pairs_two_blocks);
  return wide ? bucket_in_place_pairs_wide : bucket_in_place;
}
// The shape of the bucket sort's block for buffers of buffer_keys on band b (with shared_bytes per block): one warp a
// bucket for small buckets where that pays (warp_bucket_pays), else 128 threads while those keep half a
// multiprocessor's warps resident, else whichever of 128 and 256 keeps more (in place instead where that keeps as
// many warps with bucket_in_place_min_rows rows or more per warp); where neither keeps bucket_min_warps_per_sm,
// whichever of the 512-thread shapes keeps more (two buffers only where bucket_widest_pays; in place only where it
// holds the bucket; in place on a tie); in place wherever two buffers do not fit. In place against two buffers, both
// one 512-thread block per SM (H200, 2026-11-27, radix ms, the in-place shape forced, logs/session28/round2): u64 keys
// at 2^29 21.96 / 23.01, u64+u32 at 2^28 15.00 / 15.66, u64+u64 at 2^28 16.69 / 17.80. 4-byte keys with 4-byte values
// take 512 threads with two buffers first in their window (bucket_carry_widest_rows_most).
template <class Bits, class Value>
constexpr BucketShape bucket_shape_for(arch::Band b, unsigned buffer_keys, long long shared_bytes) {
  const BucketShape in_place_shape = bucket_in_place_for<Bits, Value>(b, buffer_keys);
  const bool in_place_fits = bucket_shape_holds<Bits, Value>(b, in_place_shape, buffer_keys, shared_bytes);
  // (Past two buffers' capacity the bucket is within an in-place one: hybrid_capacity, checked before the sort; the
  // 1024-thread one past the 512-thread one's.)
  if (buffer_keys > bucket_capacity<Bits, Value>(shared_bytes)) {
    if (in_place_fits) return in_place_shape;
    return bucket_shape_holds<Bits, Value>(b, bucket_in_place_wide, buffer_keys, shared_bytes) ? bucket_in_place_wide
                                                                                             : bucket_in_place;
  }
  if (warp_bucket_pays<Bits, Value>(buffer_keys) &&
      bucket_shape_holds<Bits, Value>(b, bucket_warp, buffer_keys, shared_bytes))
    return bucket_warp;
  const int narrow = bucket_resident_warps<Bits, Value>(b, bucket_narrow, buffer_keys);
  if (2 * narrow * 32 >= arch::limits_of(b).max_threads_per_sm) return bucket_narrow;
  const int wide = bucket_resident_warps<Bits, Value>(b, bucket_wide, buffer_keys);
  const BucketShape two = wide > narrow ? bucket_wide : bucket_narrow;
  const int best = wide > narrow ? wide : narrow;
  const int in_place = in_place_fits ? bucket_resident_warps<Bits, Value>(b, in_place_shape, buffer_keys) : 0;
  if constexpr (bucket_carry_by_runs<Bits, Value, false>) {
    const int widest = bucket_resident_warps<Bits, Value>(b, bucket_widest, buffer_keys);
    const int sm_warps = arch::limits_of(b).max_threads_per_sm / 32;
    const bool few = best <= sm_warps / 4 || widest >= 2 * best || (2 * best <= sm_warps && 2 * widest >= 3 * best);
    if (few && widest >= best && 2 * widest > in_place &&
        buffer_keys <= bucket_carry_widest_rows_most * bucket_threads_widest &&
        bucket_shape_holds<Bits, Value>(b, bucket_widest, buffer_keys, shared_bytes))
      return bucket_widest;
    if (few && in_place > widest && in_place > best) return in_place_shape;
  }
  if (best >= bucket_min_warps_per_sm) {
    const bool long_rows = buffer_keys >= bucket_in_place_min_rows * bucket_threads_widest;
    return long_rows && in_place >= best ? in_place_shape : two;
  }
  const int widest =
      bucket_widest_pays<Bits, Value> ? bucket_resident_warps<Bits, Value>(b, bucket_widest, buffer_keys) : 0;
  if (in_place >= widest && in_place > best) return in_place_shape;
  if (widest > best) return bucket_widest;
  return two;
}
template <class Bits, class Value>
constexpr BucketShape bucket_shape_for(arch::Band b, unsigned buffer_keys) {
  return bucket_shape_for<Bits, Value>(b, buffer_keys, arch::limits_of(b).shared_bytes_per_block_optin);
}
template <class Bits, class Value>
constexpr int bucket_warps_for(arch::Band b, unsigned buffer_keys) {
  return bucket_resident_warps<Bits, Value>(b, bucket_shape_for<Bits, Value>(b, buffer_keys), buffer_keys);
}

// The bucket sort's launches for n keys whose largest bucket within a block's `capacity` keys (a multiple of 4) holds
// `fitting` keys: launch i sorts the buckets of bounds[i - 1] + 1 .. bounds[i] keys (bounds[-1]: 0), each launch's
// buffers sized for its bound (whole 4 keys, 16-B aligned): first the buckets up to what uniform keys give (at least
// first_least keys: 1024 for blocks, 32 where warps take those buckets), then classes twice as large each, the last
// one up to `fitting` (none where fitting is 0).
struct BucketLaunches {
  std::array<unsigned, 8> bounds{};
  int count = 0;
};
inline unsigned bucket_round4(std::uint64_t k) { return static_cast<unsigned>((k + 3) & ~std::uint64_t{3}); }
// The first launch's bound where a later one follows (the buckets past it are hybrid_plan_kernel's list).
inline unsigned bucket_first_bound(std::uint64_t n, unsigned capacity, unsigned first_least) {
  return bucket_round4(std::clamp<std::uint64_t>(uniform_bucket_bound(n), std::min(first_least, capacity), capacity));
}
inline BucketLaunches bucket_launches(std::uint64_t n, unsigned fitting, unsigned capacity,
                                     unsigned first_least = 1024) {
  const unsigned typical = bucket_first_bound(n, capacity, first_least);
  const unsigned all = std::min(bucket_round4(fitting), capacity);
  BucketLaunches l;
  for (std::uint64_t bound = typical; all != 0; bound *= 2) {
    const bool last = bound >= all || l.count + 1 == static_cast<int>(l.bounds.size());
    l.bounds[l.count++] = last ? all : bucket_round4(bound);
    if (last) break;
  }
  return l;
}

// Where warps take the buckets that uniform keys give, the first launch is sized for those alone (a warp's buffers
// grow with them); block shapes take at least 1024 keys a launch.
template <class Bits, class Value>
unsigned bucket_first_least(std::uint64_t n, unsigned capacity) {
  const std::optional<BucketShape> forced = bucket_shape_override();
  const auto typical = static_cast<unsigned>(std::min<std::uint64_t>(uniform_bucket_bound(n), capacity));
  return (forced ? *forced == bucket_warp : warp_bucket_pays<Bits, Value>(typical)) ? 32u : 1024u;
}
// ... and its bound where a later launch follows (hybrid_plan_kernel lists the buckets past it).
template <class Bits, class Value>
unsigned bucket_first_bound_for(std::uint64_t n, unsigned capacity) {
  return bucket_first_bound(n, capacity, bucket_first_least<Bits, Value>(n, capacity));
}

// The buckets up to what uniform keys would give (uniform_bucket_bound) are sorted by one launch whose shared
// memory fits them, the larger ones (if any) by launches for classes twice as large each (bucket_launches): finite
// f32 keys, for one, put twice the mean into the 1/256 of the buckets that hold the largest exponent, and a skewed
// input's buckets take every size up to the capacity; sizing every block for the largest would leave few blocks
// resident on a multiprocessor (one, past 114 KB: a Zipf input's thousands of buckets of 2-27 thousand u32 keys
// took 597 us in one such launch at 1e8 on an H200). The first launch visits every bucket; the later ones only those
// of `later`, the plan's list of the buckets past the first launch's bound (bucket_first_bound_for), each launch as
// many blocks (or warps) as that list has buckets. Each launch takes the shape that keeps more warps resident on band
// B. Buckets past `capacity` (a multiple of 4) are sorted one block each through global memory, half 1 of the keys
// (and values) lending its range (launch_large_buckets), where `large_by_blocks` (else by segmented passes:
// large_segments.cuh). Each launch but those is a programmatic dependent of the kernel before it (a digit pass, or
// the launch before: dependent_launch.cuh).
template <class Bits, class Value, arch::Band B>
void launch_bucket_sort(Bits* keys, Value* values, Bits* keys1, Value* values1, const unsigned* counts,
                        const std::uint64_t* starts, const KeyCodec<Bits>& codec, std::uint64_t n, unsigned fitting,
                        unsigned capacity, BucketSlots later, bool large_by_blocks, cudaStream_t stream) {
  GSB_EXPECTS(capacity >= 4 && capacity % 4 == 0, "radix: a bucket capacity of " + std::to_string(capacity));
  const std::optional<BucketShape> forced = bucket_shape_override();
  const long long room = current_device_props().shared_bytes_per_block_optin;
  auto shape_for = [&](unsigned buffer_keys) {
    const bool forced_fits = forced && bucket_shape_holds<Bits, Value>(B, *forced, buffer_keys, room);
    return forced_fits ? *forced : bucket_shape_for<Bits, Value>(B, buffer_keys, room);
  };
  // The in-place shapes prefetch the buckets ahead on sm_90 (the bulk instruction) where one block of `kernel` is
  // resident per SM: `waves` eighths of a wave on; 0 elsewhere. The occupancy is asked only where a shape prefetches.
  auto prefetch_slots = [&](auto kernel, int threads, std::size_t smem, int waves) -> unsigned {
    if (B != arch::Band::sm90 || waves == 0 || resident_blocks_per_sm(kernel, threads, smem) != 1) return 0;
    return prefetch_distance(1, current_device_props().sm_count, waves, false, 0);
  };
  // The buckets of above + 1 .. buffer_keys keys of `visit`, and (warps only) those of buffer_keys + 1 .. paired_keys
  // of `paired`, two warps' shared memory each.
  auto launch = [&](unsigned above, unsigned buffer_keys, BucketSlots visit, BucketSlots paired = {nullptr, 0},
                    unsigned paired_keys = 0) {
    const BucketShape shape = shape_for(buffer_keys);
    const bool holds = bucket_shape_holds<Bits, Value>(B, shape, buffer_keys, room);
    GSB_EXPECTS(holds, "radix: a bucket sort block of " + std::to_string(shape.threads) +
                           " threads for buckets of " + std::to_string(buffer_keys) + " keys");
    GSB_EXPECTS(paired.size == 0 || (shape == bucket_warp && warp_bucket_pairs_hold(buffer_keys, paired_keys)),
                "radix: paired warps for buckets of " + std::to_string(paired_keys) + " keys");
    if (shape == bucket_warp) {
      const auto warp_smem = static_cast<std::size_t>(warp_bucket_block_bytes<Bits, Value>(buffer_keys));
      auto warp_kernel = warp_bucket_sort_kernel<Bits, Value, warp_bucket_packed<Bits>>;
      set_dynamic_shared_bytes(warp_kernel, warp_smem, "radix: warp bucket sort");
      const unsigned blocks =
          warp_bucket_paired_blocks(paired.size) + ceil_div(visit.size, unsigned{warp_bucket_warps});
      launch_dependent(true, warp_kernel, dim3(blocks), dim3(warp_bucket_warps * 32), warp_smem, stream, keys, values,
                       counts, starts, codec, above, buffer_keys, visit, paired, paired_keys);
      return;
    }
    // In place: the kernel of the fewest rows that holds the bucket (fewer registers), its buffer one word a key where
    // it carries positions.
    const int forced_rows = bucket_in_place_rows_override();
    const auto smem = static_cast<std::size_t>(bucket_launch_bytes<Bits, Value>(B, shape, buffer_keys, forced_rows));
    constexpr int widest = bucket_threads_widest;
    const int rows = bucket_in_place_rows_for<Bits, Value>(buffer_keys, forced_rows);
    // (Only the types' own row counts are instantiated: bucket_in_place_rows_for.)
    auto kernel = shape == bucket_narrow   ? bucket_sort_kernel<bucket_threads, Bits, Value>
                  : shape == bucket_wide   ? bucket_sort_kernel<bucket_threads_wide, Bits, Value>
                  : shape == bucket_widest ? bucket_sort_kernel<widest, Bits, Value>
                                           : bucket_sort_kernel<widest, Bits, Value, true>;
    if constexpr (bucket_in_place_pairs_two_blocks<Bits, Value>) {
      constexpr int fewer_rows = bucket_rows_pairs_two_blocks, most_rows = bucket_rows_pairs_two_blocks_most;
      if (shape == bucket_in_place && rows == fewer_rows)
        kernel = bucket_sort_kernel<widest, Bits, Value, true, fewer_rows>;
      if (shape == bucket_in_place && rows == most_rows)
        kernel = bucket_sort_kernel<widest, Bits, Value, true, most_rows>;
    }
    if constexpr (bucket_in_place_pairs_wide_on<Bits, Value>(B)) {  // (its device code: that band's alone)
      constexpr int wide = bucket_threads_in_place_pairs_wide, wide_rows = bucket_rows_pairs_two_blocks;
      if (shape == bucket_in_place_pairs_wide) kernel = bucket_sort_kernel<wide, Bits, Value, true, wide_rows>;
    }
    if constexpr (bucket_in_place_more_rows<Bits, Value>) {
      constexpr int two_rows = bucket_rows_two_blocks, most_rows = bucket_rows_in_place<Bits, Value>;
      if (shape == bucket_in_place && rows == two_rows)
        kernel = bucket_sort_kernel<widest, Bits, Value, true, two_rows>;
      if (shape == bucket_in_place && rows == most_rows)
        kernel = bucket_sort_kernel<widest, Bits, Value, true, most_rows>;
      constexpr int wide = bucket_threads_in_place_wide, wide_rows = bucket_rows_in_place_wide;
      // (its runs held to the longer trips where the launch's mean run passes the shorter)
      if (shape == bucket_in_place_wide)
        kernel = buffer_keys <= bucket_long_runs_above
                     ? bucket_sort_kernel<wide, Bits, Value, true, wide_rows>
                     : bucket_sort_kernel<wide, Bits, Value, true, wide_rows, bucket_run_held_trips_long>;
    }
    set_dynamic_shared_bytes(kernel, smem, "radix: bucket sort");
    // (The 1024-thread shape is one block an SM by its registers.)
    const int waves = shape == bucket_in_place_wide ? bucket_in_place_wide_prefetch_waves(n)
                      : shape.in_place              ? bucket_in_place_prefetch_waves_per_8<Bits, Value>
                                                    : 0;
    const unsigned prefetch_ahead = prefetch_slots(kernel, shape.threads, smem, waves);
    launch_dependent(true, kernel, dim3(visit.size), dim3(shape.threads), smem, stream, keys, values, counts, starts,
                     codec, above, buffer_keys, visit, prefetch_ahead);
  };
  const BucketLaunches l = bucket_launches(n, fitting, capacity, bucket_first_least<Bits, Value>(n, capacity));
  // (Past the first launch, every bucket is one of the list's: the plan listed those past the same first bound.)
  GSB_EXPECTS(l.count <= 1 ||
                  (later.list != nullptr && later.size != 0 && later.size <= static_cast<unsigned>(hybrid_buckets)),
              "radix: bucket launches past the first without the plan's list of " + std::to_string(later.size));
  const BucketSlots every{nullptr, static_cast<unsigned>(hybrid_buckets)};
  // Where warps take the first launch, its own blocks of paired warps also take the second launch's class (at most
  // twice the first bound): the listed buckets are then sorted beside the others, where a launch of their own waited
  // for the first to end and took 7.4 us at 1e7 for f32 keys' 256 doubled buckets (NOTES.md round 35).
  const bool pair_second =
      l.count >= 2 && shape_for(l.bounds[0]) == bucket_warp && warp_bucket_pairs_hold(l.bounds[0], l.bounds[1]);
  if (l.count >= 1) launch(0, l.bounds[0], every, pair_second ? later : BucketSlots{nullptr, 0}, l.bounds[1]);
  for (int i = pair_second ? 2 : 1; i < l.count; ++i) launch(l.bounds[i - 1], l.bounds[i], later);
  if (large_by_blocks)
    launch_large_buckets<Bits, Value>(keys, keys1, values, values1, counts, starts, codec, capacity, stream);
}

}  // namespace gsb::radix::onesweep
