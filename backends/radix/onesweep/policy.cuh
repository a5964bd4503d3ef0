// The `radix` back-end's tuning: a pass policy per key width, value type and architecture band (measured on an
// H200 for sm90; the older bands derived from it, README "Architectures").
#pragma once

#include <algorithm>
#include <type_traits>

#include "gsb/arch.hpp"
#include "radix/onesweep/pass.cuh"

namespace gsb::radix::onesweep {

// ---- tuning ------------------------------------------------------------------------------------------------

// A pass policy (plain data): digit width, threads, keys per thread, blocks per multiprocessor (the register cap
// follows from it), look-back window, whether values are loaded after the ranking (pass_kernel), the L2 prefetch
// distance, the architecture band it is written for (arch.hpp), and where a tile's look-back walks (pass_tile).
template <int RadixBits, int Threads, int Items, int MinBlocks, int Window = 1, bool LateValues = false,
          int PrefetchWavesPer8 = 4, arch::Band B = arch::Band::sm90, int LookBackStep = 0, bool SharedValues = false>
struct PassPolicy {
  static constexpr bool late_values = LateValues;
  static constexpr int prefetch_waves_per_8 = PrefetchWavesPer8;  // L2 prefetch distance, eighths of the resident blocks
  static constexpr int radix_bits = RadixBits;
  static constexpr int threads = Threads;
  static constexpr int items = Items;
  static constexpr int min_blocks = MinBlocks;
  static constexpr int window = Window;
  static constexpr arch::Band band = B;
  static constexpr int look_back_step = LookBackStep;  // ranked keys a look-back round trip (0: after the ranking)
  static constexpr bool shared_values = SharedValues;   // values through shared memory, not registers (pass_tile)
  static_assert(PrefetchWavesPer8 == 0 || B == arch::Band::sm90, "the bulk L2 prefetch exists from sm_90 on");
};
// Policy P with another digit width and tile shape, its other fields kept (the tools' forms of one pass).
template <class P, int RadixBits, int Threads, int Items, int MinBlocks>
using ReshapedPolicy = PassPolicy<RadixBits, Threads, Items, MinBlocks, P::window, P::late_values,
                                  P::prefetch_waves_per_8, P::band, P::look_back_step, P::shared_values>;

// The measured shape of one pass for Hopper: threads, keys per thread, blocks per multiprocessor, look-back
// window, whether values are loaded after the ranking, where the look-back walks, whether values go through shared
// memory (pass_tile), and the threads the older bands take in its place (0: the same; Tuning).
struct HopperShape {
  int threads, items, min_blocks, window;
  bool late_values;
  int look_back_step;
  bool shared_values = false;
  int older_threads = 0;
};

// 8-bit digits, per key width and value size (0: keys alone), for Hopper (sm90 band: measured on an H200; also
// what sm_100 runs, not measured there). 11-bit digits lost on the device (NOTES.md). Each row is the fastest
// shape measured, and compiles without spills at the register cap its blocks per SM imply (56 registers for 3
// blocks of 384 threads, 80 for 2; 64 for 2 blocks of 512). Figures are ms on an H200, uniform keys, same-run
// cub-radix.
//  - Keys alone: 384 x 20 (4-byte keys), 384 x 16 (1, 2 and 8 bytes).
//  - 4-byte keys with 4-byte values: 384 x 16 at 2 blocks and a look-back window of 8, 3.196 ms at n = 1e8 against
//    3.376 for 384 x 12 at 3 blocks (2026-11-22); every other row keeps a window of 1 (wider windows cost more
//    loads than they save). Late values lost here (3.279 against 3.213 ms).
//  - Late values (pass_kernel) keep the register peak at the keys' alone, so larger tiles fit: 8-byte keys with
//    u32 values take the keys-only tile, 7.574 ms at 1e8 against 8.698 with the values in registers at 384 x 12
//    (cub-radix 7.612); u64+u64 keep 384 x 12 (ranks and 8-byte values need 3 registers per item), 9.627 against
//    10.150 (2026-11-22).
//  - Rounds of 2026-11-27 (tools/radix/radix_bench pairs, n = 2^24 / 1e8 / 2^28, kept shape against the one
//    before, cub-radix in brackets):
//    u32+u64 384 x 16 late: 0.702 / 3.837 / 10.362 against 384 x 10 at 3 blocks 0.750 / 4.118 / 11.173
//      (0.731 / 3.900 / 10.375); u16+u64 384 x 16 late: 0.342 / 1.756 / 4.674 against 0.360 / 1.925 / 5.129
//      (0.358 / 1.867 / 4.949);
//    1- and 2-byte keys with values take 512 threads (CUB's sm90 tiles for them are 384-576 x 11-23):
//      u8+u32 512 x 20 late: 0.131 / 0.612 / 1.613 against 384 x 12 at 3 blocks 0.160 / 0.785 / 2.080 (0.156 /
//      0.772 / 2.032; 512 x 16 0.141 / 0.664 / 1.757); u16+u32 512 x 16: 0.272 / 1.364 / 3.628 against 0.304 /
//      1.582 / 4.211 (0.311 / 1.614 / 4.338); u8+u64 512 x 12 late: 0.170 / 0.851 / 2.256 against 0.183 /
//      0.936 / 2.469 (0.202 / 1.023 / 2.698);
//    u64+u64 keeps 384 x 12 late: 384 x 14 and 16, 256 x 16, 512 x 10 and 12 and a window of 8 were 2-10% slower.
//  - Where the look-back walks (the last field; pass_tile). Keys alone start it as soon as the tile has published
//    its counts and take one L2 round trip every 2 ranked keys (H200, 1e8, session 45 rounds 3-6, alternated twice
//    against main in one call, cub-radix in every run): u32 radix 1.557 -> 1.530 ms, radix-lsd 2.023 -> 1.946, u32
//    entropy-0.201 / Zipf 1.925 / 1.93 -> 1.83 / 1.85; u64 3.770 -> 3.722, radix-lsd 5.85 -> 5.71; u8 / u16
//    radix-lsd 0.564 -> 0.539 / 1.115 -> 1.061. Every 4 or 10 keys gained less, every key lost (u32 1.562).
//    Pairs walk after the ranking: stepped every 2 keys they lost 1-6% (u16+u32 1.345 -> 1.424, u32+u32 2.664 ->
//    2.787, u64+u64 5.747 -> 5.814: a step waits for its load, and two blocks an SM hide that wait less than three
//    do); u64+u32 gained on entropy-0.201 keys (6.96 -> 6.69 every 2 keys, 6.80-6.83 -> 6.80 every 4) but lost on
//    Zipf keys (6.77-6.79 -> 6.89-6.92, under cub-radix's 6.87) and uniform ones (4.98 -> 5.00-5.04).
constexpr HopperShape hopper_shape(int key_bytes, int value_bytes) {
  switch (key_bytes * 16 + value_bytes) {
    case 1 * 16 + 4: return {512, 20, 2, 1, true, 0};   // u8+u32
    case 1 * 16 + 8: return {512, 12, 2, 1, true, 0};   // u8+u64
    case 2 * 16 + 4: return {512, 16, 2, 1, false, 0};  // u16+u32
    case 2 * 16 + 8: return {384, 16, 2, 1, true, 0};   // u16+u64
    case 4 * 16 + 0: return {384, 20, 3, 1, false, 2};  // u32
    case 4 * 16 + 4: return {384, 16, 2, 8, false, 0};  // u32+u32
    case 4 * 16 + 8: return {384, 16, 2, 1, true, 0};   // u32+u64
    case 8 * 16 + 0: return {384, 16, 2, 1, false, 2};  // u64
    case 8 * 16 + 4: return {384, 16, 2, 1, true, 0};   // u64+u32
    case 8 * 16 + 8: return {384, 12, 2, 1, true, 0};   // u64+u64
    default: return {384, 16, 3, 1, false, 2};          // u8, u16
  }
}

// The hybrid path's segmented digit passes (hybrid.cuh: its two MSD passes, and the large buckets' passes), where they
// differ from the LSD passes' rows above: keys alone, 4-byte ones 256 x 28 at 4 blocks an SM, 8-byte ones 384 x 20 at
// 2. Their MSD passes rank by the counting atomics' places (pass.cuh, AnyOrderSegments), fewer instructions a key than
// the stable ranking those rows were measured with, so tiles of more keys pay there; the LSD passes keep theirs. H200,
// radix ms with the LSD rows / these, alternated twice, cub-radix in every run (NOTES.md round 33): u32 1e8 1.390-1.393
// / 1.346-1.348, 2^28 3.516-3.519 / 3.375-3.376, 1e9 (these alone) 12.88 against cub-radix's 20.05; f32 1e8 1.478-1.479
// / 1.430; u64 1e8 3.662 / 3.546-3.550, 2^28 10.26 / 9.91; f64 1e8 3.918-3.920 / 3.799. Also measured: 512 x 20 and 384
// x 28 at 2 blocks for 4-byte keys (u32 1e8 1.392, 1.380; radix-lsd with the same rows lost 1-5%, so the LSD passes
// keep 384 x 20), 256 x 16 at 4 for 8-byte keys (u64 1e8 3.645). Since the MSD passes of keys alone claim their runs
// instead of looking back (pass.cuh, ClaimedSegments; their look-back step serves the large buckets' passes alone),
// 4-byte keys measured again (NOTES.md round 42, u32 ms, 256 x 28 / 256 x 20 at 4 / 384 x 20 at 3 / 512 x 16 at 2):
// 1e8 1.256-1.258 / 1.336 / 1.283-1.285 / 1.333, 2^28 3.192-3.195 / 3.425-3.426 / 3.253-3.255 / 3.355-3.357. ptxas 13.0
// sm_90: the places kernels without spills (64 and 80 registers); the stable ones spill: with claimed runs (rows of few
// digits) 40 bytes (4-byte keys) and 24 (8-byte keys), with the look-back (the large buckets) 28 and 0.
// 4-byte keys with u32 values: 384 x 24 at 2 blocks (below), after 256 x 24 at 3 blocks with their values through
// shared memory (the tile of the LSD row, 6144, in place of its 384 x 16 at 2 with the values in registers). H200,
// u32+u32, radix ms, the forms in turn in one process, every repetition validated at 2^24 and 1e8 (session 65 rounds
// 4-6, NOTES.md round 49), LSD row / this / the same shape with values in registers: 2^24 0.4612 / 0.4599 / 0.4909; 1e8
// 2.4216 / 2.3478 / 2.4700; 2^28 6.4596 / 6.2379 / 6.4942; 1e9 25.655 / 24.743 / 25.819; i32+u32 1e8 2.4420 / 2.3536;
// f32+u32 1e8 2.4539 / 2.3640; u32+u32 at 1e8 sorted 1.9816 / 1.8637, few distinct keys 1.5044 / 1.4018; slower at 1e7
// (0.3056 / 0.3104) and on skewed keys at 1e8 (Zipf 2.9134 / 2.9474, entropy-0.201 2.8036 / 2.8512: their first pass,
// before the LSD passes the path hands them to, which take this policy too: HybridSort::LsdPast). The LSD row's shape
// with shared values lost 1.6% (1e8 2.4282 / 2.4679): the gain is the third block an SM that the values' registers kept
// out. More warps with smaller tiles lost from 1e7 on (session 88, NOTES.md round 73, radix ms at 1e8 / 2^29, this /
// 256 x 16 and 256 x 17 at 4 blocks / 384 x 12 at 3): 2.10 / 12.5 against 2.35 and 2.32 / 13.9 and 13.8 / 2.25 / 13.4.
// Then a tile of more keys: 384 x 24 at 2 blocks (9216 keys, 107.5 KB of shared memory each), as many keys resident an
// SM, each digit's run of a tile 1.5 times longer. One pass alone (tools/radix/scatter_ceiling, 2^28 pairs, H100 80GB
// HBM3, NOTES.md session 104): 256 x 24 at 3 blocks 1.72 TB/s, 384 x 24 at 2 2.02, 256 x 32 at 2 1.97, 512 x 24 at 1
// 1.86 (a copy of the pairs 2.82). Whole sorts on the same H100, u32+u32, radix ms, the old shape / this alternated
// twice, cub-radix in every run (session 104 round 2): 2^22 0.126-0.130 / 0.125-0.131 (cub-radix 0.229), 1e7 0.330 /
// 0.312 (0.430), 2^24 0.514-0.516 / 0.467-0.468 (0.651), 1e8 2.640 / 2.373-2.376 (3.434), 2^28 7.20-7.24 / 6.50-6.52
// (9.49), 1e9 28.56 / 25.79-25.82 (33.78); Zipf 1e7 0.408 / 0.401 (0.410), 1e8 3.266-3.273 / 3.087-3.106 (3.202);
// slower on entropy-0.201 keys: 1e7 0.364 / 0.374 (0.385), 1e8 2.821-2.826 / 2.881-2.889 (3.085). Not yet measured on
// an H200 (no H200 started in sessions 103-104). The older bands keep the 256-thread tile (older_threads): two of these
// pass sm80's 164 KiB, and no such GPU was lent to weigh one block against two.
constexpr HopperShape hopper_hybrid_shape(int key_bytes, int value_bytes) {
  if (key_bytes == 4 && value_bytes == 0) return {256, 28, 4, 1, false, 2};
  if (key_bytes == 4 && value_bytes == 4) return {384, 24, 2, 8, false, 0, true, 256};
  if (key_bytes == 8 && value_bytes == 0) return {384, 20, 2, 1, false, 2};
  return hopper_shape(key_bytes, value_bytes);
}

// The LSD passes the hybrid path hands skewed keys to (HybridSort::LsdPast: sampled, or too many buckets past a
// block), which number at least the path's first n, where they differ from the LSD rows (which radix-lsd and the
// sizes below that n keep):
//  - 4-byte keys with u32 values take the segmented passes' shape (above; NOTES.md round 49): radix on skewed keys at
//    1e8 with the LSD row / with it, u32+u32 Zipf 2.921-2.925 / 2.643-2.650 ms, entropy-0.201 2.831-2.832 /
//    2.513-2.518, where it lost at 2^22 and 6e6 (0.1863 / 0.1934, 0.2418 / 0.2481) as the LSD row.
//  - 8-byte keys with 4-byte values: 256 x 16 at 3 blocks, the values in registers (in place of 384 x 16 at 2, late
//    values). H200, radix ms at 1e8, forms in turn in one process, every repetition validated (session 66 round 1,
//    NOTES.md round 50), the LSD row / this: u64+u32 entropy-0.201 6.931 / 6.633 (cub-radix 6.853), Zipf 6.779 /
//    6.761 (6.875), f64+u32 Zipf 6.811 / 6.752 (7.097). Lost there: values through shared memory (256 x 24 at 2
//    blocks 6.910-7.083, 256 x 16 at 3 6.955-7.047, the row's shape 7.434-7.714), late values at 256 x 16
//    (6.896-6.933). 8-byte values keep the LSD row, which every form lost to (u64+u64 Zipf 8.565 against
//    8.725-9.241).
constexpr HopperShape hopper_fallback_shape(int key_bytes, int value_bytes) {
  if (key_bytes == 4 && value_bytes == 4) return hopper_hybrid_shape(key_bytes, value_bytes);
  if (key_bytes == 8 && value_bytes == 4) return {256, 16, 3, 1, false, 0};
  return hopper_shape(key_bytes, value_bytes);
}

// Which digit passes a policy is for: the LSD passes (hopper_shape), the hybrid path's segmented passes
// (hopper_hybrid_shape), or the LSD passes that path falls back to (hopper_fallback_shape).
enum class Passes { lsd, hybrid, fallback };

// L2 prefetch of the tile a quarter of the resident blocks ahead (pass_kernel), every Hopper row. Measured with the
// shapes above (tools/radix/radix_bench prefetch, 2026-11-27, n = 2^24 and 1e8, cub-radix in the same run; distance
// none / a quarter / half / a whole wave): on the H200 a quarter was the fastest or within 0.1% in all 14 cases
// (u32+u64 at 1e8 3.798 / 3.652 / 3.831 / 4.190 ms, u64 6.069 / 5.846 / 5.861 / 6.031, u64+u64 9.523 / 9.234 /
// 9.259 / 10.673; u64+u64 at 2^24 / 1e8 / 2^28 in the pairs round 1.634 / 9.252 / 25.185 against half a wave
// 1.681 / 9.542 / 25.729); on an H100 80GB HBM3 a quarter was at least as fast as half in all 14, but with values
// none beat both (u32+u64 at 1e8 4.664 / 5.039 / 5.487 / 5.935, cub-radix 4.623; u32+u32 3.734 / 3.776 / 3.786 /
// 4.177, cub-radix 3.437), while keys alone kept gaining from it (u64 6.492 / 6.356 / 6.369 / 6.725). Which
// property of the device makes the prefetch of pairs pay (the H200's faster memory, or its 60 MB of L2 against
// 50) two GPUs cannot tell; prefetch_distance below takes the memory (fast_memory_min_dram_per_sm). Earlier
// (2026-11-23, H200, n = 1e8, none / half / a whole / two waves): u32 2.100 / 2.052 / 2.068 / 2.122 ms, u64 6.093 /
// 5.860 / 6.027 / 6.331: further ahead the prefetched lines compete with the demand traffic and are evicted before use.
inline constexpr int hopper_prefetch_waves_per_8 = 2;

// Pairs are prefetched only where the DRAM feeds each SM at least this many bytes/s (peak, DeviceProps; as the
// devices report it: the H200 3201 MHz x 6016 bits = 4.81 TB/s over 132 SMs, 36.5 GB/s an SM; the H100 80GB HBM3
// 2619 MHz x 5120 bits = 3.35 TB/s, 25.4 GB/s an SM). The H200 gains 1-4% from the prefetch of pairs, the H100 loses
// up to 8% to it (u32+u64 at 1e8: 5.039 against 4.664 ms; the measurements above). Of the two properties that tell
// those GPUs apart the rule takes the memory, since the prefetch adds DRAM traffic ahead of demand (its lines compete
// with the demand traffic where the memory is the bound); an L2 rule would decide the same on both GPUs, and no third
// GPU was lent to separate them. Keys alone gain from the prefetch on both. The fallback's own shape takes the same
// property (fallback_shape_pays).
inline constexpr double fast_memory_min_dram_per_sm = 30e9;

// Whether the device's DRAM feeds each SM fewer bytes/s than fast_memory_min_dram_per_sm (false where the device
// does not say: the band's Hopper-measured choices stand).
constexpr bool memory_slow_per_sm(double dram_bytes_per_s, int sm_count) {
  return dram_bytes_per_s > 0 && sm_count > 0 && dram_bytes_per_s / sm_count < fast_memory_min_dram_per_sm;
}

// Whether the LSD passes the hybrid path hands skewed keys to take the fallback's own shape (hopper_fallback_shape),
// else the LSD row's. 8-byte keys with 4-byte values take theirs (256 x 16 at 3 blocks, tuned on the H200, round 50)
// only where the memory is fast per SM: on an H100 80GB HBM3 (1e8, NOTES.md round 56, radix with it / radix-lsd with
// the LSD row / cub-radix ms) u64+u32 entropy-0.811 took 9.276 / 8.821 / 8.636, and u64, i64, f64 with u32 values
// were 0.928-0.935x cub-radix there and 0.967-0.977x on Zipf, where the H200 gains 0.3-4 % from it. 4-byte pairs' own
// shape (their segmented passes', values through shared memory) stays on both: on the H100 it is as fast as the LSD row
// or faster (u32+u32, radix / radix-lsd ms, validated, one run, NOTES.md round 93: Zipf 1e8 3.239 / 3.234, 1e9 31.41 /
// 31.59; entropy-0.811 1e8 3.414 / 3.420, 1e9 33.41 / 33.76; f32+u32 Zipf 1e9 31.41 / 31.58).
constexpr bool fallback_shape_pays(int key_bytes, int value_bytes, double dram_bytes_per_s, int sm_count) {
  return !(key_bytes == 8 && value_bytes == 4 && memory_slow_per_sm(dram_bytes_per_s, sm_count));
}

// The L2 prefetch distance of a digit pass, in tiles: waves_per_8 eighths of the blocks resident on the whole
// device (per_sm of them an SM), none for pairs where the memory is slower per SM than the threshold above.
constexpr unsigned prefetch_distance(int per_sm, int sm_count, int waves_per_8, bool pairs, double dram_bytes_per_s) {
  if (pairs && memory_slow_per_sm(dram_bytes_per_s, sm_count)) return 0;
  return static_cast<unsigned>(per_sm * sm_count * waves_per_8 / 8);
}

// The bytes of a value (0: keys alone), by which the policies and the hybrid path's thresholds are tabled.
template <class Value>
inline constexpr int value_bytes_of = has_values_v<Value> ? static_cast<int>(sizeof(Value)) : 0;

// The Hopper shape of the passes R.
template <class Bits, class Value, Passes R = Passes::lsd>
struct HopperTuning {
  static constexpr int key_bytes = static_cast<int>(sizeof(Bits));
  static constexpr int value_bytes = value_bytes_of<Value>;
  static constexpr HopperShape shape = R == Passes::hybrid     ? hopper_hybrid_shape(key_bytes, value_bytes)
                                       : R == Passes::fallback ? hopper_fallback_shape(key_bytes, value_bytes)
                                                               : hopper_shape(key_bytes, value_bytes);
  static constexpr int threads = shape.threads;
  static constexpr int items = shape.items;
  static constexpr int min_blocks = shape.min_blocks;
  static constexpr int window = shape.window;
  static constexpr bool late_values = shape.late_values;
  static constexpr int prefetch_waves_per_8 = hopper_prefetch_waves_per_8;
  static constexpr int look_back_step = shape.look_back_step;
  static constexpr bool shared_values = shape.shared_values;
  static constexpr int older_threads = shape.older_threads;
};

// The plan of one key width and value type on band B. sm90 is HopperTuning exactly. The older bands are NOT
// measured (no such GPU was lent; they ran through their PTX on an H100/H200, README "Architectures"): they keep
// Hopper's keys per thread, look-back window and step, drop the bulk prefetch (sm_90 and newer only), take 256 threads
// on sm75 (1024 threads and 64 KiB of shared memory per SM there) and a shape's older_threads where it names them, and
// ask __launch_bounds__ for no more resident blocks than the band's shared memory and threads allow (never more than
// Hopper's, so no plan gets fewer registers than the Hopper one, which compiles without spills), and keep the values in
// registers where the tile with them in shared memory passes a block's shared memory (sm75).
template <class Bits, class Value, arch::Band B, Passes R = Passes::lsd>
struct Tuning {
  using H = HopperTuning<Bits, Value, R>;
  static constexpr int threads = B == arch::Band::sm75                          ? 256
                                 : B != arch::Band::sm90 && H::older_threads != 0 ? H::older_threads
                                                                                  : H::threads;
  using VT = std::conditional_t<has_values_v<Value>, Value, NoValue>;
  static constexpr bool shared_values =
      H::shared_values && PassShape<Bits, VT, 8, threads, H::items, true>::shared_bytes <=
                              static_cast<std::size_t>(arch::limits_of(B).shared_bytes_per_block_optin);
  static constexpr int fit = arch::blocks_that_fit(
      B, static_cast<long long>(PassShape<Bits, VT, 8, threads, H::items, shared_values>::shared_bytes), threads);
  static constexpr int min_blocks = B == arch::Band::sm90 ? H::min_blocks : std::min(fit, H::min_blocks);
  using policy = PassPolicy<8, threads, H::items, min_blocks, H::window, H::late_values,
                    B == arch::Band::sm90 ? H::prefetch_waves_per_8 : 0, B, H::look_back_step, shared_values>;
};

// The pass policy for one key width and value type on band B, of the passes R.
template <class Bits, class Value, arch::Band B = arch::Band::sm90, Passes R = Passes::lsd>
struct PolicyFor {
  using type = typename Tuning<Bits, Value, B, R>::policy;
};
// The fallback's row where it takes its values through shared memory serves only on bands that hold them there (its
// gain on Hopper was the block an SM that the values' registers kept out); elsewhere the LSD row's.
template <class Bits, class Value, arch::Band B>
struct PolicyFor<Bits, Value, B, Passes::fallback> {
  using own = typename Tuning<Bits, Value, B, Passes::fallback>::policy;
  using type = std::conditional_t<own::shared_values == HopperTuning<Bits, Value, Passes::fallback>::shared_values,
                                  own, typename Tuning<Bits, Value, B>::policy>;
};

}  // namespace gsb::radix::onesweep
