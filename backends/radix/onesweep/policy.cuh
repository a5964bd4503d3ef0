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
// distance, and the architecture band it is written for (arch.hpp).
template <int RadixBits, int Threads, int Items, int MinBlocks, int Window = 1, bool LateValues = false,
          int PrefetchWavesPer8 = 4, arch::Band B = arch::Band::sm90>
struct PassPolicy {
  static constexpr bool late_values = LateValues;
  static constexpr int prefetch_waves_per_8 = PrefetchWavesPer8;  // L2 prefetch distance, eighths of the resident blocks
  static constexpr int radix_bits = RadixBits;
  static constexpr int threads = Threads;
  static constexpr int items = Items;
  static constexpr int min_blocks = MinBlocks;
  static constexpr int window = Window;
  static constexpr arch::Band band = B;
  static_assert(PrefetchWavesPer8 == 0 || B == arch::Band::sm90, "the bulk L2 prefetch exists from sm_90 on");
};

// 8-bit digits, per key width and value type, for Hopper (sm90 band: measured on an H200; also what sm_100 runs,
// not measured there). (11-bit digits lost on the device, NOTES.md.)
template <class Bits, class Value>
struct HopperTuning {
  static constexpr int value_size = has_values_v<Value> ? static_cast<int>(sizeof(Value)) : 0;
  // The counts below are the largest that compile without spills at the register cap that min_blocks implies
  // (56 registers for 3 blocks of 384 threads, 80 for 2; 64 for 2 blocks of 512).
  // 4-byte keys with 4-byte values: 384 x 16 at 2 blocks/SM and a look-back window of 8 measured 3.196 ms
  // against 3.376 for 384 x 12 at 3 blocks/SM (H200, n = 1e8, 2026-11-22); every other case keeps 1.
  static constexpr bool kv32 = sizeof(Bits) == 4 && value_size == 4;
  // 8-byte keys with values load the values after the ranking (pass_kernel, LateValues): the register peak is
  // then the keys' alone, so u32 values fit the keys-only tile of 384 x 16 (u64 values keep 384 x 12: ranks and
  // 8-byte values need 3 registers per item after the ranking). Measured (H200, n = 1e8, 2026-11-22 round 2):
  // u64+u32 7.574 ms against 8.698 with the values in registers at 384 x 12 (cub-radix 7.612), u64+u64 9.627
  // against 10.150 (cub-radix 9.32); 512 x 12 late was 7.710 / 9.878. For u32+u32 late values lost (3.279
  // against 3.213 ms), so 4-byte keys with 4-byte values keep the values in registers.
  // 2- and 4-byte keys with u64 values load them late too, which lets their tile grow from 384 x 10 at 3 blocks/SM
  // to 384 x 16 at 2 (tools/radix/radix_bench pairs, H200, 2026-11-27, ms at n = 2^24 / 1e8 / 2^28, cub-radix in
  // the same run): u32+u64 0.710 / 3.872 / 10.436 against 0.750 / 4.118 / 11.173 (cub 0.738 / 3.923 / 10.431;
  // 384 x 15 with the values in registers 0.711 / 3.926 / 10.463); u16+u64 0.341 / 1.761 / 4.695 against 0.360 /
  // 1.925 / 5.129 (cub 0.356 / 1.876 / 4.974). 1-byte keys with u32 values take 512 x 16 at 2 blocks/SM (CUB's
  // sm90 tile for them is 512 x 17): 0.141 / 0.663 / 1.759 against 384 x 12 at 3: 0.160 / 0.785 / 2.080 (cub
  // 0.156 / 0.776 / 2.042). u64+u64 kept 384 x 12 late: 384 x 14, 256 x 16 (3 blocks), 512 x 10 and a window of
  // 8 were each 2-5% slower.
  static constexpr bool late_values = value_size > 0 && (sizeof(Bits) == 8 || (value_size == 8 && sizeof(Bits) >= 2));
  static constexpr bool kv8_late = value_size == 8 && sizeof(Bits) >= 2 && sizeof(Bits) <= 4;
  static constexpr bool k8v32 = sizeof(Bits) == 1 && value_size == 4;
  static constexpr int threads = k8v32 ? 512 : 384;
  static constexpr int min_blocks = sizeof(Bits) == 8 || kv32 || kv8_late || k8v32 ? 2 : 3;
  static constexpr int items = sizeof(Bits) == 8 ? (value_size == 0 || value_size == 4 ? 16 : 12)
                               : value_size == 0 ? (sizeof(Bits) == 4 ? 20 : 16)
                               : value_size == 4 ? (kv32 || k8v32 ? 16 : 12)
                               : kv8_late        ? 16
                                                 : 10;
  static constexpr int window = kv32 ? 8 : 1;  // measured: wider windows cost more loads than they save
  // L2 prefetch of the tile half the resident blocks ahead (pass_kernel). Measured (H200, 2026-11-23, n = 1e8,
  // median of 10, distance as a fraction of the resident blocks: none / 0.5 / 1 / 2): u32 2.100 / 2.052 / 2.068 /
  // 2.122 ms, u64 6.093 / 5.860 / 6.027 / 6.331, u32+u32 3.189 / 3.181 / 3.210 / 3.365, u64+u32 7.517 / 7.456 /
  // 8.229 / 8.324: half a wave ahead wins in every case; further ahead the prefetched lines compete with the
  // demand traffic and are evicted before use.
  static constexpr int prefetch_waves_per_8 = 4;
};

// The plan of one key width and value type on band B. sm90 is HopperTuning exactly. The older bands are NOT
// measured (no such GPU was lent; they ran through their PTX on an H100/H200, README "Architectures"): they keep
// Hopper's keys per thread and look-back window, drop the bulk prefetch (sm_90 and newer only), take 256 threads
// on sm75 (1024 threads and 64 KiB of shared memory per SM there), and ask __launch_bounds__ for no more resident
// blocks than the band's shared memory and threads allow (never more than Hopper's, so no plan gets fewer
// registers than the Hopper one, which compiles without spills).
template <class Bits, class Value, arch::Band B>
struct Tuning {
  using H = HopperTuning<Bits, Value>;
  static constexpr int threads = B == arch::Band::sm75 ? 256 : H::threads;
  using VT = std::conditional_t<has_values_v<Value>, Value, NoValue>;
  static constexpr int fit =
      arch::blocks_that_fit(B, static_cast<long long>(PassShape<Bits, VT, 8, threads, H::items>::shared_bytes), threads);
  static constexpr int min_blocks = B == arch::Band::sm90 ? H::min_blocks : std::min(fit, H::min_blocks);
  using policy = PassPolicy<8, threads, H::items, min_blocks, H::window, H::late_values,
                    B == arch::Band::sm90 ? H::prefetch_waves_per_8 : 0, B>;
};

// The pass policy for one key width and value type on band B.
template <class Bits, class Value, arch::Band B = arch::Band::sm90>
struct PolicyFor {
  using type = typename Tuning<Bits, Value, B>::policy;
};

}  // namespace gsb::radix::onesweep
