// merge-samples: the CUDA samples' mergeSort as seed 000_* describes it, with the samples' limits lifted and
// tuned for Hopper. Structure (the seed's names in brackets):
//   1. tile_sort_kernel           [mergeSortShared]          sort tiles of `tile` keys in shared memory
//   2. per pass, runs of width w = tile, 2 tile, ... < n:
//      sample_ranks_group_kernel  [generateSampleRanks +      rank every stride-th key of each run in the
//                                  mergeRanksAndIndices]      other run, and write the limits they imply
//      tile_starts_kernel                                     where each equal output tile starts, searched in
//                                                             the window the limits give (large n; at smaller n
//                                                             the merge blocks search it themselves)
//      merge_tiles_kernel         [mergeElementaryIntervals]  one block merges one equal output tile
//   3. or, for 1- to 4-byte keys alone and for pairs, where the merge blocks come in 1.5 waves or more (0.6 to 2 for
//      pairs: quad_min_waves_percent), passes over groups of four runs (runs of w, 4 w, 16 w ... keys;
//      quad_geometry.hpp):
//      quad_ranks_kernel                                      rank every 1024th key of each run in the three others
//      quad_starts_kernel                                     where each output tile starts in each of the four
//      merge_quad_kernel                                      one block merges one output tile of the four runs
//
// What differs from the samples, and why:
//   - any n (the samples need multiples of 1024 and n <= 4M: uint indices, padding-free tiles): the last tile
//     is padded in registers with the largest key, which sorts after every real key (stable sort; keys-only,
//     equal keys are indistinguishable); runs and segments may be short or empty (pass_geometry.hpp); every
//     position is 64-bit.
//   - any key type and order through the KeyCodec (encoded when the tile sort loads, decoded when the last
//     pass stores), key-value through one template (Value = NoValue is keys-only); stable throughout
//     (the samples' exclusive/inclusive rank rule, kept in backends/merge/merge_path.hpp).
//   - tile sort: the samples give each of 512 threads 2 keys and rank every key by binary search in every
//     pass (O(T log^2 T) shared-memory reads). Here each thread loads `tile_items` consecutive keys with
//     16-byte vector loads, sorts them in registers (keys-only: a bitonic network; with values: stable
//     odd-even transposition), then the block merges runs with one merge-path search per thread and a serial
//     register merge per level (register blocking); levels whose pairs fit in one warp use warp barriers.
//     Tiles of 32768 keys (keys-only up to 4 bytes; 8192 with values and for 8-byte keys) instead of 1024: 5 fewer
//     global passes at 1e8 keys (12 instead of 17). Each global pass reads and writes every key (8 B a
//     4-byte key), so passes are what the bytes moved per key scale with.
//   - ranks and limits: one kernel (the slot arithmetic in pass_geometry.hpp) instead of two, a group of 8
//     lanes per sample searching together (9 rounds of loads instead of 26 dependent ones at 2^26-key runs);
//     SAMPLE_STRIDE 8192 instead of 128 (4096 for 8-byte keys): the limits only bound a search now, and fewer
//     samples make the rank kernel cheaper.
//   - merge: the samples merge elementary intervals, 0 to 2 stride keys each (stride on average): blocks
//     unequal and, sized for the largest, half idle (measured: barrier stalls dominated, 1.5 TB/s a pass).
//     Here every block writes C = 256 x 16 consecutive outputs. The limits fix each tile's start to a window
//     of the merge path (two loads: pass_geometry.hpp's tile_window), which a partition kernel searches once per
//     tile start (or, at smaller n, a warp of the merge block in 3 rounds); then coalesced loads of the tile's A
//     and B parts, a merge-path split per thread and a serial merge of 16 keys into registers, 16-byte stores.
//   - keys alone, the serial merges of the merge passes and of the tile sort's block levels run against
//     sentinels (copies of the largest key after each run) instead of checking both runs' ends every step:
//     equal keys cannot be told apart, so a sentinel taken for an equal real key is the same output.
//   - small n: the tiles shrink with n (DefaultPolicy: one 128 x 8 tile alone to 1024 keys, 256 x 8 tiles to
//     2^18, 512 x 16 to 2^21 where the large ones are 1024 x 32), since there each step costs its latency and a
//     tile sort's grows with the tile; a short tile stops its
//     block levels once one run holds all its keys; passes over segments of at most 2^15 keys search each tile
//     start in the whole segment and launch no rank kernel (whole_segment_search_max).
//   - every kernel after the tile sort is a programmatic dependent of the one before it (dependent_launch.cuh): it is
//     launched while that kernel runs and waits for it before it reads anything, and the rank and partition kernels
//     let the next kernel's blocks in as they start. At small n a sort is the latency of its launches (H200,
//     u32 keys at 4864 19.7 -> 17.5 us, at 2^20 85.4 -> 77.6; u32+u32 at 2^20 105.6 -> 99.3). The tile sort and
//     the merge kernel, whose blocks fill the SMs, let the next kernel in only as they end: letting it in as they
//     started was 2-9% slower with values (u32+u32 at 2^20 108.6 us, at 1e8 8.00 ms against 7.91; NOTES.md,
//     session 73).
//   - 1- and 2-byte keys alone are held as words in registers and shared memory (Word): packed, a warp's merge
//     steps met bank conflicts (H200, u8 keys at 1e8 4.18 -> 3.50 ms, 0.96x -> 1.15x cub-merge; u16 4.06 -> 3.96
//     ms; NOTES.md, session 74).
//   - four-way passes (3.): a binary pass reads and writes every key once, so two of them move it twice; a four-way
//     pass once, merging merge(A, B) and merge(C, D) in shared memory and then the two (H200, u32 keys at 1e8: 6
//     passes of about 27 + 63 + 380 us against 12 of 10 + 14 + 230; 4.36 -> 4.10 ms, 1.035x -> 1.101x cub-merge; u8
//     keys 1.14x -> 1.22x; NOTES.md, session 76). Pairs take them too, their values through the place of each key in
//     the tile's parts (H200, 1e8, cub-merge / merge-samples: u32+u32 1.16x -> 1.32x, u64+u32 1.10x -> 1.23x, u64+u64
//     1.13x -> 1.28x, session 78; u8+u64 1.11x -> 1.29x, session 79; NOTES.md). 8-byte keys alone keep the binary
//     passes.
//   - shared memory is padded one word per 128 bytes so that blocked (thread-consecutive) accesses are free
//     of bank conflicts (the index computed with an unsigned shift: a signed division took four instructions for
//     every key a merge step reads; -17 % instructions in the tile sort, -15 % in a merge pass at 1e8).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

#include "gsb/dependent_launch.cuh"
#include "gsb/device_props.hpp"
#include "merge/detail/merge_common.cuh"
#include "merge/detail/register_merge.hpp"
#include "merge/detail/pass_geometry.hpp"
#include "merge/detail/quad_geometry.hpp"
#include "merge/merge_samples.hpp"

namespace gsb::merge::samples {

// Tuning as plain data, one shape per kernel, so that policies sharing a kernel's shape share its instantiation.
// TileShape: the tile sort (tile_sort_kernel), Threads x Items keys a block.
template <int Threads, int Items, arch::Band B>
struct TileShape {
  static constexpr arch::Band band = B;  // the architecture band it is written for (arch.hpp)
  static constexpr int tile_threads = Threads;
  static constexpr int tile_items = Items;
  static constexpr int tile = Threads * Items;
  static_assert((tile_items & (tile_items - 1)) == 0 && (tile & (tile - 1)) == 0, "powers of two");
};
// MergeShape: every merge pass splits its output into equal tiles of merge_capacity keys (merge_tiles_kernel);
// MinBlocks is its __launch_bounds__ minimum of resident blocks an SM: it caps the kernel's registers
// (65536 / (threads x MinBlocks)).
template <int Threads, int Items, int MinBlocks, arch::Band B>
struct MergeShape {
  static constexpr arch::Band band = B;
  static constexpr int merge_min_blocks = MinBlocks;
  static constexpr int merge_threads = Threads;
  static constexpr int merge_items = Items;  // most keys one thread merges
  static constexpr int merge_capacity = Threads * Items;
};
// A whole sort: the tile sort's shape, the merge passes' shape and SAMPLE_STRIDE.
template <int TileThreads, int TileItems, int MergeThreads, int MergeItems, int Stride, int MergeMinBlocks = 1,
          arch::Band B = arch::Band::sm90>
struct Policy {
  using Tile = TileShape<TileThreads, TileItems, B>;
  using Merge = MergeShape<MergeThreads, MergeItems, MergeMinBlocks, B>;
  static constexpr arch::Band band = B;
  static constexpr int tile = Tile::tile;
  static constexpr int merge_capacity = Merge::merge_capacity;
  static constexpr int stride = Stride;
  static_assert(tile % stride == 0, "runs must be whole numbers of samples");
  static_assert(2 * tile % merge_capacity == 0, "output tiles never straddle two segments");
  static_assert((stride & (stride - 1)) == 0, "powers of two");
};

// The type a key takes in registers and shared memory: 1- and 2-byte keys alone widened to words (zero-extended, so
// their order is the same), laid out as 4-byte keys are. Packed, several keys a word, the merge steps of a warp met
// bank conflicts that the padding below (a word per 128 bytes) does not spread: 4-way for 1-byte keys
// (backends/merge/NOTES.md, sessions 34 and 74). With values they stay packed: widened, the merge kernel of 2-byte
// keys with u32 values spilled at its 5-block bound.
template <class Bits, class Value>
using Word = std::conditional_t<(sizeof(Bits) < 4 && !has_values_v<Value>), std::uint32_t, Bits>;

// Resident-block bound of the tile merge kernel (256 threads). Unbounded, ptxas gives it 63 registers for
// 4-byte keys-only (4 blocks an SM) and 96 with 4-byte values (2 blocks): register-bound occupancy, while
// each block starts with ~4 dependent global round trips (the window loads, then 3 search rounds) and then
// alternates load / merge / store phases between barriers. More resident blocks overlap those phases.
// Measured on an H200 (2026-11-22, backends/merge/NOTES.md): u32 keys-only held to 8 blocks (32 registers,
// no spills) and u32 + u32 values to 5 (48 registers, no spills) are 11 % and 26 % faster at 1e8 keys.
// Other widths take the same bound only where ptxas shows it spill-free (nvcc 13.0, sm_90, -Xptxas -v): 1- and
// 2-byte keys alone at 8 (u16 spilled 4 bytes at 32 registers until the sentinel merge of session 34), 1- and 2-byte
// keys with u32 values at 5. An 8-byte key or value spills at these bounds and takes bounds of its own (H200,
// session 77, ratio to cub-merge at 1e8, unbounded / bounded): 8-byte keys alone at 4 (64 registers where 71 gave 3
// blocks; 1.19x -> 1.22x), pairs of 9 to 12 bytes at 3 (80 registers where 108 gave 2; u64+u32 0.98x -> 1.08x, u32+u64
// 0.99x -> 1.09x, u8+u64 0.96x -> 1.09x). 16-byte pairs keep the unbounded kernel (96 registers, 2 blocks): at 3
// blocks they lost 7 % (1.11x -> 1.03x).
template <class Bits, class Value>
constexpr int merge_min_blocks() {
  constexpr bool wide_key = sizeof(Bits) == 8, wide_value = std::is_same_v<Value, std::uint64_t>;
  if constexpr (wide_key && wide_value) return 1;
  else if constexpr (wide_key && !has_values_v<Value>) return 4;
  else if constexpr (wide_key || wide_value) return 3;
  else if constexpr (!has_values_v<Value>) return 8;
  else return 5;
}

// merge-samples' policy on Hopper (sm90 band; what sm_100 runs too, not measured there): equal output tiles of 256 x 16
// keys, samples every 8192 keys (4096 for 8-byte keys, whose tiles are 8192), bitonic keys-only tile sort with
// warp-level barriers. Tiles of 1024 x 32 = 32768 keys for 1-, 2- and 4-byte keys alone (12 merge passes at 1e8 instead
// of 14 with 8192-key tiles; 1- and 2-byte keys since session 34), 512 x 16 for 4-byte keys with values (shared memory:
// keys and source indices) and for 8-byte keys (256 x 16 before session 74). The 1024 x 32 tile sort of 4-byte keys
// spilled under its 64-register cap (164 B stored a thread; none since the unsigned shared-memory index), yet it beat
// two spill-free shapes on an H200 (device round 3): the same tile as two 1024 x 16 chunks merged in shared memory
// (+117 us at 1e8) and 1024 x 16 tiles (one more merge pass). Measurements: backends/merge/NOTES.md.
//
// Older bands, NOT measured (no such GPU was lent; they ran through their PTX on an H100/H200, README "Architectures"):
// sm80 keeps Hopper's tiles (a 1024 x 32 tile's 132 KiB fit A100's 163 KiB per block); sm86 (99 KiB a block) sorts
// 4-byte keys in 512 x 16 tiles and 8-byte keys in 256 x 16; sm75 (64 KiB a block) also halves the tiles of 4-byte keys
// with values (keys and source indices of 8192 would need 66 KiB) and the merge tiles of 16-byte pairs. On every band
// the merge kernel asks __launch_bounds__ for no more resident blocks than the band's shared memory and threads allow,
// and never more than Hopper's (so no band's kernel gets fewer registers than the measured one).
template <class Bits, class Value, arch::Band B = arch::Band::sm90>
struct DefaultPolicy {
  static constexpr int pair_bytes = int(sizeof(Bits)) + (has_values_v<Value> ? int(sizeof(Value)) : 0);
  // merge_smem_bytes counts keys as they are held (Word)
  static constexpr int held_pair_bytes = pair_bytes - int(sizeof(Bits)) + int(sizeof(Word<Bits, Value>));
  static constexpr bool big_tiles = sizeof(Bits) <= 4 && !has_values_v<Value> && (B == arch::Band::sm90 ||
                                                                                  B == arch::Band::sm80);
  static constexpr bool sm75 = B == arch::Band::sm75;
  static constexpr int merge_items = sm75 && pair_bytes >= 16 ? 8 : 16;
  // merge_smem_bytes, at least (one pad word per 128 bytes, alignment)
  static constexpr int merge_shared = held_pair_bytes * 256 * merge_items * 17 / 16 + 32;
  static constexpr int min_blocks = B == arch::Band::sm90 ? merge_min_blocks<Bits, Value>()
                                                          : std::min(merge_min_blocks<Bits, Value>(),
                                                                     arch::blocks_that_fit(B, merge_shared, 256));
  template <int TileThreads, int TileItems, int Stride>
  using tiles = Policy<TileThreads, TileItems, 256, merge_items, Stride, min_blocks, B>;
  // 8-byte keys: 512 x 16 tiles where a block holds them (sm90, sm80; 98 KiB with an index a key), one merge pass fewer
  // than 256 x 16 (H200, session 74: u64 keys at 1e8 8.68 -> 8.57 ms, u64+u32 14.11 -> 13.88, u64+u64 16.02 -> 15.61,
  // 1-3 % from 2^22); 256 x 16 elsewhere and from 2^18 to 2^21.
  static constexpr bool big8 = sizeof(Bits) == 8 && (B == arch::Band::sm90 || B == arch::Band::sm80);
  using tiles8 = tiles<256, 16, 4096>;
  using type = std::conditional_t<
      (sizeof(Bits) <= 4),
      std::conditional_t<big_tiles, tiles<1024, 32, 8192>,
                         std::conditional_t<sm75 && has_values_v<Value>, tiles<512, 8, 4096>, tiles<512, 16, 8192>>>,
      std::conditional_t<big8, tiles<512, 16, 4096>, tiles8>>;
  // Small n, where a sort costs the latency of its steps and a tile sort's latency grows with its tile (one
  // 1024 x 32 tile takes 70 us on an H200 whatever n). Measured there (2026-11-27, u32 keys alone and with u32
  // values, against cub-merge; backends/merge/NOTES.md): n <= 1024 one 128 x 8 tile, the tile sort alone (one
  // launch); n <= 2^18 tiles of 256 x 8; then, where the large tiles are 1024 x 32, tiles of 512 x 16 to 2^21.
  using single = TileShape<128, 8, B>;
  using small = tiles<256, 8, 2048>;
  static constexpr std::uint64_t small_max_n = std::uint64_t{1} << 18;
  using mid = std::conditional_t<big_tiles, tiles<512, 16, 8192>, std::conditional_t<big8, tiles8, type>>;
  static constexpr std::uint64_t mid_max_n = std::uint64_t{1} << 21;
};

// Shared memory index with one spare word per 128 bytes: thread-consecutive runs of items then start in
// different banks.
// (p >= 0: unsigned division is one shift, where a signed one takes four instructions, and shared-memory indices are
// computed for every key a merge step reads.)
template <class T>
__device__ __forceinline__ int pad(int p) {
  constexpr unsigned per = 128 / sizeof(T) > 0 ? 128 / sizeof(T) : 1;
  return p + static_cast<int>(static_cast<unsigned>(p) / per);
}
template <class T>
constexpr int padded_count(int n) {
  constexpr int per = 128 / int(sizeof(T));
  return n + n / per + 1;
}
template <class T>
constexpr int align16(int bytes) {
  return (bytes + 15) / 16 * 16;
}

// Thread threadIdx.x of T stores elements [0, Count) of a padded shared-memory array to out[0, Count) as
// coalesced 16-byte vectors (out 16-byte aligned), each element through f (the last pass decodes keys; keys held
// as words are narrowed to O).
template <int T, int Count, class E, class O, class F>
__device__ __forceinline__ void store_vectors(const E* s, O* __restrict__ out, F f) {
  constexpr int V = 16 / int(sizeof(O));
  static_assert(Count % (V * T) == 0, "whole vectors a thread");
#pragma unroll
  for (int q = 0; q < Count / (V * T); ++q) {
    const int e = (q * T + int(threadIdx.x)) * V;
    uint4 w;
    O* we = reinterpret_cast<O*>(&w);
#pragma unroll
    for (int j = 0; j < V; ++j) we[j] = f(s[pad<E>(e + j)]);
    *reinterpret_cast<uint4*>(out + e) = w;
  }
}

// A run inside a padded shared-memory array, for merge_path.
template <class Bits>
struct SmemRun {
  const Bits* s;
  int offset;
  __device__ __forceinline__ Bits operator[](int i) const { return s[pad<Bits>(offset + i)]; }
};

// Keys alone: outputs [diag, diag + Items) of the merge of the runs at a0 (la keys) and b0 (lb keys) of the padded
// shared-memory array s, each run followed by Items sentinels: the merge path, then the serial merge against them.
template <int Items, class K>
__device__ __forceinline__ void merge_at_sentinel(const K* s, int a0, int la, int b0, int lb, int diag,
                                                  K (&key)[Items]) {
  const int ia = merge_path(SmemRun<K>{s, a0}, la, SmemRun<K>{s, b0}, lb, diag);
  merge_to_registers_sentinel<Items>(SmemRun<K>{s, 0}, a0 + ia, b0 + (diag - ia), key);
}

// Ascending bitonic sorting network over a thread's registers (indices are compile-time after unrolling).
template <int I, class Bits>
__device__ __forceinline__ void bitonic_sort_registers(Bits (&key)[I]) {
#pragma unroll
  for (int k = 2; k <= I; k <<= 1) {
#pragma unroll
    for (int j = k >> 1; j > 0; j >>= 1) {
#pragma unroll
      for (int i = 0; i < I; ++i) {
        const int l = i ^ j;
        if (l > i) {
          const Bits x = key[i], y = key[l];
          const Bits lo = y < x ? y : x, hi = y < x ? x : y;
          const bool up = (i & k) == 0;
          key[i] = up ? lo : hi;
          key[l] = up ? hi : lo;
        }
      }
    }
  }
}

// G lanes search together (G a power of two dividing 32; all 32 lanes of the warp must call): each round
// the G lanes probe G evenly spaced points and keep the chunk where the predicate turns false, so a range
// of L candidates takes ceil(log_G L) rounds of independent loads instead of log2 L dependent ones. The
// searches of merge-samples' passes read global memory, where each round is a full memory latency. Same
// contract as BinarySearch (pass_geometry.hpp).
template <int G>
struct GroupSearch {
  static_assert(G >= 2 && G <= 32 && (G & (G - 1)) == 0, "G divides the warp (G = 1 would scan linearly)");
  template <class Pred>
  __device__ __forceinline__ std::uint64_t operator()(std::uint64_t len, Pred pred) const {
    const int lane = threadIdx.x & 31;
    const int r = lane & (G - 1);
    const int first = lane & ~(G - 1);
    const unsigned mask = G == 32 ? ~0u : ((1u << G) - 1u);
    std::uint64_t lo = 0, hi = len;
    while (__any_sync(~0u, lo < hi)) {
      const std::uint64_t step = (hi - lo + G - 1) / G;
      const std::uint64_t m = lo + (r + 1) * step - 1;  // last candidate of chunk r
      const bool below = lo < hi && m < hi && pred(m);
      const int c = __popc((__ballot_sync(~0u, below) >> first) & mask);  // chunks wholly before the answer
      if (lo < hi) {
        const std::uint64_t mc = lo + (c + 1) * step - 1;  // pred(mc) is false (or mc >= hi)
        hi = mc < hi ? mc : hi;
        lo += c * step;
      }
    }
    return lo;
  }
};

// A tile sort level whose pairs of runs lie inside one warp (2 w <= 32 I) reads and writes only that warp's part of
// shared memory and takes warp barriers; the others take block barriers.
template <int Items>
__host__ __device__ constexpr bool warp_level(int w) {
  return 2 * w <= 32 * Items;
}
// Keys alone, the block levels (runs of 32 tile_items keys or more) leave tile_items sentinels after each run
// (merge_to_registers_sentinel): tile / 32 slots more at most.
template <class Value, class P>
constexpr int tile_key_slots() {
  return has_values_v<Value> ? P::tile : P::tile + P::tile / 32;
}
template <class Bits, class Value, class P>  // P: a TileShape
constexpr int tile_smem_bytes() {
  using K = Word<Bits, Value>;
  const int keys = align16<K>(padded_count<K>(tile_key_slots<Value, P>()) * int(sizeof(K))) +
                   (has_values_v<Value> ? padded_count<int>(P::tile) * int(sizeof(int)) : 0);
  // 8-byte keys with values: the same space then holds the tile's values (unpadded) for the gather by source index.
  const int values = has_values_v<Value> && sizeof(Bits) == 8 ? P::tile * int(sizeof(Value)) : 0;
  return std::max(keys, values);
}

// 1. [mergeSortShared] Sort tile blockIdx.x of in into out. Keys are encoded on load; decoded on store only
// when no merge pass follows. Values are gathered from the input by source index at the end.
template <class Bits, class Value, class P>
__device__ __forceinline__ void tile_sort_block(const Bits* __restrict__ in_k, const Value* __restrict__ in_v,
                                                Bits* __restrict__ out_k, Value* __restrict__ out_v, std::uint64_t n,
                                                KeyCodec<Bits> codec, bool decode_out) {
  constexpr int T = P::tile_threads, I = P::tile_items, TILE = P::tile;
  using K = Word<Bits, Value>;
  extern __shared__ uint4 smem_raw[];
  K* sk = reinterpret_cast<K*>(smem_raw);
  int* si = reinterpret_cast<int*>(reinterpret_cast<char*>(smem_raw) +
                                   align16<K>(padded_count<K>(tile_key_slots<Value, P>()) * int(sizeof(K))));
  const std::uint64_t base = std::uint64_t{blockIdx.x} * TILE;
  const int valid = static_cast<int>(n - base < std::uint64_t{TILE} ? n - base : std::uint64_t{TILE});
  const int t = threadIdx.x;
  constexpr K max_key = static_cast<Bits>(~Bits{0});

  K key[I];
  int src[I];
  constexpr int per_vec = 16 / int(sizeof(Bits));
  if (valid == TILE && I % per_vec == 0 && reinterpret_cast<std::uintptr_t>(in_k) % 16 == 0) {
    // Full tile: each thread's I consecutive keys as 16-byte vectors (the tile start is 16-byte aligned).
    const uint4* v = reinterpret_cast<const uint4*>(in_k + base + std::uint64_t(t) * I);
#pragma unroll
    for (int q = 0; q < I / per_vec; ++q) {
      const uint4 w = v[q];
      const Bits* e = reinterpret_cast<const Bits*>(&w);
#pragma unroll
      for (int j = 0; j < per_vec; ++j) key[q * per_vec + j] = codec.encode(e[j]);  // widened
    }
  } else {
#pragma unroll
    for (int i = 0; i < I; ++i) {
      const int p = t * I + i;
      key[i] = p < valid ? codec.encode(in_k[base + p]) : max_key;
    }
  }
#pragma unroll
  for (int i = 0; i < I; ++i) src[i] = t * I + i;

  if constexpr (!has_values_v<Value>) {
    // Keys only: equal keys are the same bits, so stability cannot be observed and a bitonic network
    // (I/2 log I (log I + 1)/2 min/max pairs: 240 for 32 keys) replaces the transposition sort (496).
    bitonic_sort_registers(key);
  } else {
  // Stable odd-even transposition sort of the thread's keys (swap only strictly smaller successors).
#pragma unroll
  for (int r = 0; r < I; ++r) {
#pragma unroll
    for (int j = r & 1; j + 1 < I; j += 2) {
      if (key[j + 1] < key[j]) {
        const K k = key[j]; key[j] = key[j + 1]; key[j + 1] = k;
        const int s = src[j]; src[j] = src[j + 1]; src[j + 1] = s;
      }
    }
  }
  }

  // Block merge passes: runs of I, 2I, ... keys; thread t produces outputs [t I, t I + I) of its pair. Once a
  // run holds every real key of a short tile (w >= valid, the same in the whole block) the rest is padding, which
  // sorts after them: the levels stop there.
  constexpr int log2_items = log2_exact(I);
  int log2_w = log2_items;
  for (int w = I; w < TILE && w < valid; w *= 2, ++log2_w) {
    // A warp level (warp_level) needs a warp barrier only, so warps do not wait for each other.
    const bool in_warp = warp_level<I>(w);
    if (in_warp) __syncwarp(); else __syncthreads();
    const int pos = t * I;
    const int pair = pos & ~(2 * w - 1);
    const int diag = pos - pair;
    if constexpr (!has_values_v<Value>) {
      if (!in_warp) {
        // Keys alone at a block level: run r at r (w + I), followed by I sentinels, so that the serial merge needs
        // no bound checks (merge_to_registers_sentinel). (A warp level keeps the runs adjacent: there the layout
        // must stay inside the warp's part of shared memory.)
        const int at = pos + ((pos >> log2_w) << log2_items);
#pragma unroll
        for (int i = 0; i < I; ++i) sk[pad<K>(at + i)] = key[i];
        if (((pos + I) & (w - 1)) == 0) {  // the thread ending a run writes its sentinels
#pragma unroll
          for (int i = 0; i < I; ++i) sk[pad<K>(at + I + i)] = max_key;
        }
        const int a0 = pair + ((pair >> log2_w) << log2_items), b0 = a0 + w + I;
        __syncthreads();
        merge_at_sentinel(sk, a0, w, b0, w, diag, key);
        continue;
      }
    }
#pragma unroll
    for (int i = 0; i < I; ++i) {
      sk[pad<K>(t * I + i)] = key[i];
      if constexpr (has_values_v<Value>) si[pad<int>(t * I + i)] = src[i];
    }
    if (in_warp) __syncwarp(); else __syncthreads();
    const int ia = merge_path(SmemRun<K>{sk, pair}, w, SmemRun<K>{sk, pair + w}, w, diag);
    int from[I];
    // Clamped reads under warp barriers: the look-ahead read past the pair would touch the next warp's part.
    merge_to_registers<I, true, true>(SmemRun<K>{sk, 0}, pair + ia, pair + w, pair + w + (diag - ia),
                                     pair + 2 * w, I, key, from);
    if constexpr (has_values_v<Value>) {
#pragma unroll
      for (int i = 0; i < I; ++i) src[i] = si[pad<int>(from[i])];
    }
  }

  // Store through shared memory so that global stores are coalesced.
  __syncthreads();
#pragma unroll
  for (int i = 0; i < I; ++i) {
    sk[pad<K>(t * I + i)] = key[i];
    if constexpr (has_values_v<Value>) si[pad<int>(t * I + i)] = src[i];
  }
  __syncthreads();
  auto store = [&](auto decode) {
#pragma unroll
    for (int i = 0; i < I; ++i) {
      const int p = i * T + t;
      if (p < valid) {
        const Bits k = static_cast<Bits>(sk[pad<K>(p)]);
        out_k[base + p] = decode.value ? codec.decode(k) : k;
        if constexpr (has_values_v<Value>) {
          if constexpr (sizeof(Bits) == 8) src[i] = si[pad<int>(p)];
          else out_v[base + p] = in_v[base + si[pad<int>(p)]];
        }
      }
    }
  };
  if (decode_out) store(std::true_type{}); else store(std::false_type{});
  if constexpr (has_values_v<Value> && sizeof(Bits) == 8) {
    // The values by source index, gathered in shared memory: the tile's values loaded there coalesced (over the keys
    // and indices, read by now), where 4- and 8-byte loads scattered over the tile in global memory took a sector each.
    Value* sv = reinterpret_cast<Value*>(smem_raw);
    __syncthreads();
#pragma unroll
    for (int i = 0; i < I; ++i) {
      const int p = i * T + t;
      if (p < valid) sv[p] = in_v[base + p];
    }
    __syncthreads();
#pragma unroll
    for (int i = 0; i < I; ++i) {
      const int p = i * T + t;
      if (p < valid) out_v[base + p] = sv[src[i]];
    }
  }
}
template <class Bits, class Value, class P>
__global__ void __launch_bounds__(P::tile_threads)
    tile_sort_kernel(const Bits* __restrict__ in_k, const Value* __restrict__ in_v, Bits* __restrict__ out_k,
                     Value* __restrict__ out_v, std::uint64_t n, KeyCodec<Bits> codec, bool decode_out) {
  GSB_KERNEL_FOR_BAND(P::band) tile_sort_block<Bits, Value, P>(in_k, in_v, out_k, out_v, n, codec, decode_out);
}

// A merge block's output tile, len keys (and values) in padded shared memory, to out_k (out_v), decoded where the
// pass is the last: a full tile starts at a multiple of C in the output, so (aligned buffers) as 16-byte vectors.
template <int T, int C, class K, class Bits, class Value>
__device__ __forceinline__ void store_merged_tile(const K* sk, const Value* sv, Bits* out_k, Value* out_v,
                                                  std::uint64_t out0, int len, const KeyCodec<Bits>& codec,
                                                  bool decode_out, bool vector_store) {
  const int t = threadIdx.x;
  auto store = [&](auto decode) {
    auto out_key = [&](K w) {
      const Bits k = static_cast<Bits>(w);
      return decode.value ? codec.decode(k) : k;
    };
    if (len == C && vector_store) {
      store_vectors<T, C>(sk, out_k + out0, out_key);
      if constexpr (has_values_v<Value>) store_vectors<T, C>(sv, out_v + out0, [](Value v) { return v; });
    } else {
      for (int i = t; i < len; i += T) {
        out_k[out0 + i] = out_key(sk[pad<K>(i)]);
        if constexpr (has_values_v<Value>) out_v[out0 + i] = sv[pad<Value>(i)];
      }
    }
  };
  if (decode_out) store(std::true_type{}); else store(std::false_type{});
}

// Keys alone, the merge tile holds its A part, merge_items sentinels, its B part and merge_items sentinels
// (merge_to_registers_sentinel).
template <class Value, class P>
constexpr int merge_key_slots() {
  return has_values_v<Value> ? P::merge_capacity : P::merge_capacity + 2 * P::merge_items;
}
template <class Bits, class Value, class P>  // P: a MergeShape
constexpr int merge_smem_bytes() {
  using K = Word<Bits, Value>;
  return align16<K>(padded_count<K>(merge_key_slots<Value, P>()) * int(sizeof(K))) +
         (has_values_v<Value> ? padded_count<Value>(P::merge_capacity) * int(sizeof(Value)) : 0);
}

// Lanes per sample in the tile passes' rank kernel: 8 lanes cut a rank search over a run of 2^26 keys from
// 26 dependent loads to 9 rounds (the kernel is latency-bound: one search per thread, ~1 us a round).
constexpr int rank_lanes = 8;

// 2a'. [generateSampleRanks + mergeRanksAndIndices] for the tile passes: a group of rank_lanes lanes per slot.
template <class Bits>
__global__ void sample_ranks_group_kernel(const Bits* __restrict__ in_k, PassGeometry g,
                                          std::uint64_t* __restrict__ limit_a, std::uint64_t* __restrict__ limit_b) {
  wait_for_prior_grids();  // a dependent of the kernel that wrote in_k (and read the limits last pass)
  allow_dependent_grids();  // the next kernel's blocks may start and wait for this one's limits
  const std::uint64_t t = (std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x) / rank_lanes;
  // Every lane of the group writes the same limit (one transaction per warp store); t >= slots writes nothing.
  place_sample(in_k, g, t, limit_a, limit_b, GroupSearch<rank_lanes>{});
}

// Where tile k of a pass (outputs [k C, k C + C) of the array) starts: its segment and diagonal.
struct TileSpot {
  std::uint64_t s;   // segment
  Segment seg;
  std::uint64_t d;   // output offset inside the segment
};
__device__ __forceinline__ TileSpot tile_spot(const PassGeometry& g, std::uint64_t out0) {
  TileSpot p;
  p.s = out0 >> (g.log2_width + 1);
  p.seg = g.segment(p.s);
  p.d = out0 - p.seg.base;
  return p;
}

// 2c. Block k merges output tile k: C = merge_threads x merge_items outputs of one segment (fewer in a
// segment's last tile), every thread merge_items of them. Differs from the samples' mergeElementaryIntervals:
// intervals hold 0 to 2 stride keys (stride on average), so half a block idled and blocks were unequal
// (ncu: barrier stalls dominated, 1.5 TB/s a pass); equal tiles keep every thread busy and each block's loads
// and stores a fixed, vectorisable C keys. The sample limits still decide the split: they bound each tile
// start's merge path to a window of 2 stride + 1 candidates. Presplit: the tile starts come from tile_starts_kernel
// (ranked passes of presplit_min_waves waves or more); otherwise warps 0 and 1 search the tile's start and end, 32
// probes a round, in that window (3 rounds) or, where the pass is not ranked, in the whole segment.
template <class Bits, class Value, class P, bool Presplit>
__device__ __forceinline__ void merge_tiles_block(const Bits* __restrict__ in_k, const Value* __restrict__ in_v,
                                                  Bits* __restrict__ out_k, Value* __restrict__ out_v, PassGeometry g,
                                                  const std::uint64_t* __restrict__ limit_a,
                                                  const std::uint64_t* __restrict__ limit_b,
                                                  const std::uint64_t* __restrict__ starts, KeyCodec<Bits> codec,
                                                  bool decode_out, bool vector_store) {
  constexpr int T = P::merge_threads, I = P::merge_items, C = P::merge_capacity;
  extern __shared__ uint4 smem_raw[];
  using K = Word<Bits, Value>;
  K* sk = reinterpret_cast<K*>(smem_raw);
  Value* sv = reinterpret_cast<Value*>(reinterpret_cast<char*>(smem_raw) +
                                       align16<K>(padded_count<K>(merge_key_slots<Value, P>()) * int(sizeof(K))));
  const int t = threadIdx.x;
  const std::uint64_t out0 = std::uint64_t{blockIdx.x} * C;
  const TileSpot p = tile_spot(g, out0);
  const std::uint64_t seg_len = p.seg.len_a + p.seg.len_b;
  const std::uint64_t d1 = p.d + C < seg_len ? p.d + C : seg_len;
  std::uint64_t a0, a1;
  if constexpr (Presplit) {
    // A segment's last tile ends where its A ends.
    a0 = starts[blockIdx.x];
    a1 = d1 == seg_len ? p.seg.len_a : starts[blockIdx.x + 1];
  } else {
    __shared__ std::uint64_t split_a[2];
    if (t < 64) {
      const std::uint64_t a = tile_split(in_k, g, p.s, p.seg, t < 32 ? p.d : d1, limit_a, limit_b,
                                         GroupSearch<32>{});
      if ((t & 31) == 0) split_a[t >> 5] = a;
    }
    __syncthreads();
    a0 = split_a[0];
    a1 = split_a[1];
  }
  const int la = static_cast<int>(a1 - a0);
  const int len = static_cast<int>(d1 - p.d);
  const int lb = len - la;
  const Bits* a_k = in_k + p.seg.base + a0;
  const Bits* b_k = in_k + p.seg.base + p.seg.len_a + (p.d - a0) - la;  // b_k[q] for q >= la: B's (q - la)-th
  const Value* a_v = advance(in_v, p.seg.base + a0);
  const Value* b_v = advance(in_v, p.seg.base + p.seg.len_a + (p.d - a0) - la);

  // Coalesced loads of the tile's A part then B part into shared memory (one select per key). Keys alone
  // (Sentinels), each part is followed by I copies of the largest key, so that the serial merge needs no bound
  // checks.
  constexpr bool Sentinels = !has_values_v<Value>;
  const int b_at = Sentinels ? la + I : la;  // where B's keys start in shared memory
  if (len == C) {
#pragma unroll
    for (int q = 0; q < I; ++q) {
      const int i = q * T + t;
      sk[pad<K>(Sentinels && i >= la ? i + I : i)] = (i < la ? a_k : b_k)[i];
      if constexpr (has_values_v<Value>) sv[pad<Value>(i)] = (i < la ? a_v : b_v)[i];
    }
  } else {
    for (int i = t; i < len; i += T) {
      sk[pad<K>(Sentinels && i >= la ? i + I : i)] = (i < la ? a_k : b_k)[i];
      if constexpr (has_values_v<Value>) sv[pad<Value>(i)] = (i < la ? a_v : b_v)[i];
    }
  }
  if constexpr (Sentinels) {
    if (t < I) {
      sk[pad<K>(la + t)] = static_cast<Bits>(~Bits{0});
      sk[pad<K>(len + I + t)] = static_cast<Bits>(~Bits{0});
    }
  }
  __syncthreads();

  // Thread t merges outputs [t I, t I + I) of the tile: merge path in shared memory, serial merge to registers.
  const int d0 = t * I;
  const int count = d0 < len ? min(I, len - d0) : 0;
  K key[I];
  int from[I];
  Value val[I];
  if constexpr (Sentinels) {
    if (count > 0) merge_at_sentinel(sk, 0, la, b_at, lb, d0, key);
  } else if (count > 0) {
    const SmemRun<K> a_run{sk, 0}, b_run{sk, la};
    const int ia = merge_path(a_run, la, b_run, lb, d0);
    if (count == I)
      merge_to_registers<I, true>(a_run, ia, la, la + (d0 - ia), len, I, key, from);
    else
      merge_to_registers<I, false>(a_run, ia, la, la + (d0 - ia), len, count, key, from);
    if constexpr (has_values_v<Value>) {
#pragma unroll
      for (int i = 0; i < I; ++i)
        if (i < count) val[i] = sv[pad<Value>(from[i])];
    }
  }
  __syncthreads();
#pragma unroll
  for (int i = 0; i < I; ++i) {
    if (i < count) {
      sk[pad<K>(d0 + i)] = key[i];
      if constexpr (has_values_v<Value>) sv[pad<Value>(d0 + i)] = val[i];
    }
  }
  __syncthreads();

  store_merged_tile<T, C>(sk, sv, out_k, out_v, out0, len, codec, decode_out, vector_store);
}
template <class Bits, class Value, class P, bool Presplit>
__global__ void __launch_bounds__(P::merge_threads, arch::compiles_for<P::band>() ? P::merge_min_blocks : 1)
    merge_tiles_kernel(const Bits* __restrict__ in_k, const Value* __restrict__ in_v, Bits* __restrict__ out_k,
                       Value* __restrict__ out_v, PassGeometry g, const std::uint64_t* __restrict__ limit_a,
                       const std::uint64_t* __restrict__ limit_b, const std::uint64_t* __restrict__ starts,
                       KeyCodec<Bits> codec, bool decode_out, bool vector_store) {
  GSB_KERNEL_FOR_BAND(P::band) {
    wait_for_prior_grids();  // a dependent of the kernel before it (the tile starts, the limits or the last pass)
    merge_tiles_block<Bits, Value, P, Presplit>(in_k, in_v, out_k, out_v, g, limit_a, limit_b, starts, codec,
                                                decode_out, vector_store);
  }
}

// 2b. The partition of a pass with many merge blocks (presplit_min_waves): where each output tile of C keys starts in
// A, one thread a tile, a binary search in the window the limits give (at most 2 stride + 1 candidates: 15 steps at
// stride 8192), or in a pass too short for ranks in the whole segment (at most 2^15 keys: 15 steps). Found once a
// boundary, in a kernel of its own, the merge blocks start loading at once; searched in the merge block, each boundary
// is searched twice (once in each block beside it), 32 probes a round, while the block waits (H200, u32 keys at 1e8,
// ncu: this kernel 14 us a pass, the merge kernel 230 us with it; u64+u32, whose two first passes have no ranks: 850 us
// a merge kernel searching whole segments, 710 after this kernel; NOTES.md, session 77).
template <class Bits>
__global__ void tile_starts_kernel(const Bits* __restrict__ in_k, PassGeometry g,
                                   const std::uint64_t* __restrict__ limit_a, const std::uint64_t* __restrict__ limit_b,
                                   std::uint64_t capacity, std::uint64_t tiles, std::uint64_t* __restrict__ starts) {
  wait_for_prior_grids();  // a dependent of the rank kernel (of the pass before where the pass has no ranks)
  allow_dependent_grids();
  const std::uint64_t k = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (k >= tiles) return;
  const TileSpot p = tile_spot(g, k * capacity);
  starts[k] = tile_split(in_k, g, p.s, p.seg, p.d, limit_a, limit_b, BinarySearch{});
}

// 3. Four-way passes (quad_geometry.hpp): groups of four runs merged in one pass over memory where two binary passes
// read and write every key twice. The same three steps as a binary ranked pass with the partition kernel; the ranks and
// the partition read keys alone, and the order they split by is the stable one, so pairs take the same splits.
//
// 3a. The ranks: four lanes a sample, three of them ranking it in one of the other three runs by a binary search (a
// sample's three searches side by side; 8 samples a warp), the first placing it. Four-way passes sample every
// quad_stride keys, finer than the binary passes (8192): a partition point's windows hold about quad_stride / 16 keys
// a run for uniform keys, so its searches take fewer steps. H200, 1e8 u32 keys, ncu, a pass (NOTES.md, sessions 76-77):
// the partition 145-254 us at stride 8192 with 32 probes a round, 74-87 us at 2048 with 8, 20-44 us at 1024; the ranks
// 14-19, 22-29 and 39-47 us. Finer samples cost the rank kernel less than they save the partition, to 1024.
constexpr int quad_stride = 1024;
template <class P>
constexpr int quad_stride_of() { return P::stride < quad_stride ? P::stride : quad_stride; }
constexpr int quad_warps = 4;  // warps a block of the quad rank and partition kernels
template <class Bits>
__global__ void quad_ranks_kernel(const Bits* __restrict__ in_k, QuadGeometry g, std::uint64_t* __restrict__ limits) {
  wait_for_prior_grids();  // a dependent of the kernel that wrote in_k
  allow_dependent_grids();
  const int k = threadIdx.x & 3;
  const std::uint64_t t = (std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x) >> 2;
  const QuadSample s = quad_sample(g, t);
  const Bits* runs = in_k + s.grp.base;
  const Bits key = s.active ? runs[s.grp.start(s.x) + (s.i << g.log2_stride)] : Bits{};
  const int y = other_run(s.x, k < 3 ? k : 0);
  const std::uint64_t r = s.active && k < 3 ? quad_rank(runs + s.grp.start(y), s.grp.length(y), y < s.x, key) : 0;
  std::uint64_t rank[3];
#pragma unroll
  for (int j = 0; j < 3; ++j) rank[j] = __shfl_sync(~0u, r, j, 4);
  if (k == 0) quad_place(g, s, rank, limits);
}

// 3b. The partition: a group of quad_split_lanes lanes a tile start, the split between merge(A, B) and merge(C, D)
// searched with that many probes a round, each probe two binary merge paths in the windows bounded by the round
// before (quad_split). starts[4 k + x]: where tile k starts in run x. Four lanes: at 1e8 u32 keys the kernel's 763
// blocks make one wave, 60-67 us a pass, where eight lanes' 1526 make two, 82-91 us (H200, ncu; a prefetch of the
// windows into L2 before the search made it slower, 76-78 us).
constexpr int quad_split_lanes = 4;
static_assert(quad_split_lanes >= 4 && 32 % quad_split_lanes == 0, "a lane for each run's start; groups tile a warp");
// The lanes of a group as quad_split's outer search (HostLanes' contract): each lane its own probe, a ballot counts
// them; every group of the warp takes part in each round (more()) until all have their answers.
template <int G>
struct QuadWarpLanes {
  static constexpr int lanes = G;
  using index_type = std::uint32_t;  // positions inside the windows, each under a stride and a key
  QuadProbe<index_type> mine;
  bool active = false;
  __device__ __forceinline__ bool more(bool b) const { return __any_sync(~0u, b); }
  template <class F>
  __device__ __forceinline__ void probe(F f) { active = f(int(threadIdx.x & (G - 1)), mine); }
  __device__ __forceinline__ int count() const {
    const unsigned first = threadIdx.x & 31 & ~(G - 1);
    const unsigned mask = G == 32 ? ~0u : (1u << G) - 1u;
    return __popc((__ballot_sync(~0u, active && mine.before) >> first) & mask);
  }
  __device__ __forceinline__ QuadProbe<index_type> at(int r) const {
    QuadProbe<index_type> p;
    p.ia = __shfl_sync(~0u, mine.ia, r, G);
    p.ic = __shfl_sync(~0u, mine.ic, r, G);
    return p;
  }
};
template <class Bits>
__global__ void quad_starts_kernel(const Bits* __restrict__ in_k, QuadGeometry g,
                                   const std::uint64_t* __restrict__ limits, std::uint64_t capacity,
                                   std::uint64_t tiles, std::uint64_t* __restrict__ starts) {
  wait_for_prior_grids();  // a dependent of the rank kernel
  allow_dependent_grids();
  constexpr int G = quad_split_lanes;
  const std::uint64_t k = (std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x) / G;
  const bool in_range = k < tiles;  // every lane takes part in the group's rounds
  const std::uint64_t out0 = in_range ? k * capacity : 0;
  const std::uint64_t q = out0 >> (g.log2_width + 2);
  const QuadGroup grp = g.group(q);
  const Quad4 split = quad_split(in_k, g, q, grp, out0 - grp.base, limits, QuadWarpLanes<G>{});
  const int lane = threadIdx.x & (G - 1);
  if (in_range && lane < 4)
    starts[4 * k + lane] = lane == 0 ? split.v[0] : lane == 1 ? split.v[1] : lane == 2 ? split.v[2] : split.v[3];
}

// 3c. Block k merges output tile k of its group. Keys alone: the four parts into shared memory (each followed by
// merge_items sentinels), merge(A, B) and merge(C, D) into a second buffer (each followed by sentinels; a thread's
// merge_items outputs may straddle the two), then thread t merges outputs [t I, t I + I) of the two, as
// merge_tiles_block does. With values (no sentinels: a sentinel has no value): the parts' keys and values into shared
// memory; merge(A, B) ++ merge(C, D) into registers with each key's place in the parts, written back over the parts'
// keys (the places beside them) once every thread has read them; then the final merge, each value fetched through the
// place of the key it follows. Three arrays of C (keys, places, values), where a second key buffer and the places
// would take a block more shared memory than the binary merge kernel's.
template <class Bits, class Value, class P>  // P: a MergeShape
constexpr int quad_smem_bytes() {
  using K = Word<Bits, Value>;
  if constexpr (has_values_v<Value>) {
    return align16<K>(padded_count<K>(P::merge_capacity) * int(sizeof(K))) +
           align16<int>(padded_count<int>(P::merge_capacity) * int(sizeof(int))) +
           padded_count<Value>(P::merge_capacity) * int(sizeof(Value));
  } else {
    return align16<K>(padded_count<K>(P::merge_capacity + 4 * P::merge_items) * int(sizeof(K))) +
           align16<K>(padded_count<K>(P::merge_capacity + 2 * P::merge_items) * int(sizeof(K)));
  }
}
// Resident blocks the quad merge kernel asks __launch_bounds__ for: as many as its shared memory allows, up to 6 (42
// registers; ptxas, sm_90: 40 for 4-byte keys alone, spill-free) or, with values, 4 (64 registers; 3 with 1- or 2-byte
// keys, which spilled 80 to 112 bytes at 4 and none but u16+u64's 8 at 3).
template <class Bits, class Value, class P>
constexpr int quad_min_blocks() {
  constexpr int most = has_values_v<Value> ? (sizeof(Bits) < 4 ? 3 : 4) : 6;
  return std::max(1, std::min(most, arch::blocks_that_fit(P::band, quad_smem_bytes<Bits, Value, P>(),
                                                          P::merge_threads)));
}
template <class Bits, class Value, class P>
__device__ __forceinline__ void merge_quad_block(const Bits* __restrict__ in_k, const Value* __restrict__ in_v,
                                                 Bits* __restrict__ out_k, Value* __restrict__ out_v, QuadGeometry g,
                                                 const std::uint64_t* __restrict__ starts, KeyCodec<Bits> codec,
                                                 bool decode_out, bool vector_store) {
  constexpr int T = P::merge_threads, I = P::merge_items, C = P::merge_capacity;
  constexpr bool values = has_values_v<Value>;
  constexpr int gap = values ? 0 : I;  // sentinels after each run, keys alone
  using K = Word<Bits, Value>;
  constexpr K max_key = static_cast<Bits>(~Bits{0});
  extern __shared__ uint4 smem_raw[];
  K* parts = reinterpret_cast<K*>(smem_raw);
  char* const after_parts =
      reinterpret_cast<char*>(smem_raw) + align16<K>(padded_count<K>(C + 4 * gap) * int(sizeof(K)));
  K* pairs = reinterpret_cast<K*>(after_parts);      // keys alone: merge(A, B) and merge(C, D)
  int* place = reinterpret_cast<int*>(after_parts);  // with values: where each key of the two merges was in the parts
  Value* sv = reinterpret_cast<Value*>(after_parts + align16<int>(padded_count<int>(C) * int(sizeof(int))));
  const int t = threadIdx.x;
  const std::uint64_t out0 = std::uint64_t{blockIdx.x} * C;
  const std::uint64_t q = out0 >> (g.log2_width + 2);
  const QuadGroup grp = g.group(q);
  const std::uint64_t d = out0 - grp.base, total = grp.total();
  const std::uint64_t d1 = d + C < total ? d + C : total;
  const bool last = d1 == total;  // a group's last tile ends where its runs end
  int l[4], off[4];
  const Bits* src[4];  // src[x][i]: the key of part x at position i of the tile's concatenated parts
  const Value* src_v[4];  // and its value
  int at = 0;  // where part x starts in the concatenated parts
#pragma unroll
  for (int x = 0; x < 4; ++x) {
    const std::uint64_t s0 = starts[4 * blockIdx.x + x];
    const std::uint64_t s1 = last ? grp.len[x] : starts[4 * (blockIdx.x + 1) + x];
    l[x] = static_cast<int>(s1 - s0);
    off[x] = at + x * gap;  // part x's place in shared memory: after the earlier parts and their sentinels
    src[x] = in_k + grp.base + grp.start(x) + s0 - at;
    if constexpr (values) src_v[x] = in_v + grp.base + grp.start(x) + s0 - at;
    at += l[x];
  }
  const int len = at;
  const int c1 = l[0], c2 = c1 + l[1], c3 = c2 + l[2];
  // Coalesced loads of the concatenated parts (three compares a key pick its part).
  auto load = [&](int i) {  // (selects, not a variable index, which would put src in local memory)
    const int x = int(i >= c1) + int(i >= c2) + int(i >= c3);
    const Bits* from = i < c1 ? src[0] : i < c2 ? src[1] : i < c3 ? src[2] : src[3];
    parts[pad<K>(i + x * gap)] = from[i];
    if constexpr (values) sv[pad<Value>(i)] = (i < c1 ? src_v[0] : i < c2 ? src_v[1] : i < c3 ? src_v[2] : src_v[3])[i];
  };
  if (len == C) {
#pragma unroll
    for (int r = 0; r < I; ++r) load(r * T + t);
  } else {
    for (int i = t; i < len; i += T) load(i);
  }
  const int lab = c2, lcd = len - c2;
  const int p0 = t * I;
  K key[I];
  if constexpr (!values) {
    if (t < I) {
#pragma unroll
      for (int x = 0; x < 4; ++x) parts[pad<K>(off[x] + l[x] + t)] = max_key;
    }
    __syncthreads();

    // merge(A, B) to pairs[0, lab), merge(C, D) to pairs[lab + I, lab + I + lcd), sentinels after each.
    const int cd_at = lab + I;
    if (p0 < lab) {
      merge_at_sentinel(parts, off[0], l[0], off[1], l[1], p0, key);
      const int count = min(I, lab - p0);
#pragma unroll
      for (int i = 0; i < I; ++i)
        if (i < count) pairs[pad<K>(p0 + i)] = key[i];
    }
    if (p0 + I > lab && p0 < len) {  // outputs of merge(C, D), from its start for the thread that straddles
      const int dc = p0 > lab ? p0 - lab : 0;
      merge_at_sentinel(parts, off[2], l[2], off[3], l[3], dc, key);
      const int count = min(p0 + I, len) - (p0 > lab ? p0 : lab);
#pragma unroll
      for (int i = 0; i < I; ++i)
        if (i < count) pairs[pad<K>(cd_at + dc + i)] = key[i];
    }
    if (t < I) {
      pairs[pad<K>(lab + t)] = max_key;
      pairs[pad<K>(cd_at + lcd + t)] = max_key;
    }
    __syncthreads();

    // merge(merge(A, B), merge(C, D)): thread t's outputs into the first buffer (read by everyone before the barrier).
    if (p0 < len) {
      merge_at_sentinel(pairs, 0, lab, cd_at, lcd, p0, key);
#pragma unroll
      for (int i = 0; i < I; ++i) parts[pad<K>(p0 + i)] = key[i];
    }
    __syncthreads();
    store_merged_tile<T, C>(parts, static_cast<NoValue*>(nullptr), out_k, static_cast<NoValue*>(nullptr), out0, len,
                            codec, decode_out, vector_store);
  } else {
    __syncthreads();
    // Thread t's outputs [p0, p0 + count) of merge(A, B) ++ merge(C, D), and where each key was in the parts.
    const int count = p0 < len ? min(I, len - p0) : 0;
    int from[I];
    if (count > 0) {
      const SmemRun<K> run{parts, 0};
      const bool in_ab = p0 < lab;
      const int dc = in_ab ? 0 : p0 - lab;  // the thread's first output of merge(C, D) (its start where it straddles)
      const int ia = in_ab ? merge_path(run, c1, SmemRun<K>{parts, c1}, l[1], p0) : 0;
      const int ic = in_ab ? 0 : merge_path(SmemRun<K>{parts, c2}, l[2], SmemRun<K>{parts, c3}, l[3], dc);
      if (in_ab)
        merge_two_to_registers<I>(run, ia, c1, c1 + (p0 - ia), c2, c2 + ic, c3, c3 + (dc - ic), len, lab - p0, count,
                                  key, from);
      else
        merge_two_to_registers<I>(run, c2 + ic, c3, c3 + (dc - ic), len, 0, 0, 0, 0, I, count, key, from);
    }
    __syncthreads();  // every thread has read the parts' keys
#pragma unroll
    for (int i = 0; i < I; ++i) {
      if (i < count) {
        parts[pad<K>(p0 + i)] = key[i];
        place[pad<int>(p0 + i)] = from[i];
      }
    }
    __syncthreads();

    // merge(merge(A, B), merge(C, D)), each value through the place of its key.
    Value val[I];
    if (count > 0) {
      const SmemRun<K> run{parts, 0};
      const int ia = merge_path(run, lab, SmemRun<K>{parts, lab}, lcd, p0);
      if (count == I)
        merge_to_registers<I, true>(run, ia, lab, lab + (p0 - ia), len, I, key, from);
      else
        merge_to_registers<I, false>(run, ia, lab, lab + (p0 - ia), len, count, key, from);
#pragma unroll
      for (int i = 0; i < I; ++i)
        if (i < count) val[i] = sv[pad<Value>(place[pad<int>(from[i])])];
    }
    __syncthreads();
#pragma unroll
    for (int i = 0; i < I; ++i) {
      if (i < count) {
        parts[pad<K>(p0 + i)] = key[i];
        sv[pad<Value>(p0 + i)] = val[i];
      }
    }
    __syncthreads();
    store_merged_tile<T, C>(parts, sv, out_k, out_v, out0, len, codec, decode_out, vector_store);
  }
}
template <class Bits, class Value, class P>
__global__ void __launch_bounds__(P::merge_threads,
                                  arch::compiles_for<P::band>() ? quad_min_blocks<Bits, Value, P>() : 1)
    merge_quad_kernel(const Bits* __restrict__ in_k, const Value* __restrict__ in_v, Bits* __restrict__ out_k,
                      Value* __restrict__ out_v, QuadGeometry g, const std::uint64_t* __restrict__ starts,
                      KeyCodec<Bits> codec, bool decode_out, bool vector_store) {
  GSB_KERNEL_FOR_BAND(P::band) {
    wait_for_prior_grids();  // a dependent of the partition kernel
    merge_quad_block<Bits, Value, P>(in_k, in_v, out_k, out_v, g, starts, codec, decode_out, vector_store);
  }
}

// A pass takes the partition kernel (tile_starts_kernel) where its merge blocks come in this many waves or more
// (out_tiles / (SMs x resident blocks an SM)); below, each merge block searches its tile's ends itself. The partition
// kernel costs a launch and a 14-step dependent search a pass; the search in the merge block costs each
// block a few round trips, which the other resident blocks hide less the more waves there are. Measured on an H200
// (u32, u64, u8 keys alone and with u32 values, 2^18 to 1e8, both ways in the same runs; backends/merge/NOTES.md,
// session 34): the partition kernel gains about 1 us a pass per wave past 6 to 8 waves (u32 keys at 1e8, 23 waves:
// 4.63 -> 4.41 ms; u32 + u32 8.40 -> 8.06; u32 keys at 2^25, 7.8 waves: 1.49 -> 1.46), and loses 2-5 us a pass below
// (u32 keys at 2^20: 85 -> 108 us; u32 + u32 at 2^24, 6.2 waves: 1.306 -> 1.324 ms).
constexpr std::uint64_t presplit_min_waves = 7;

// A merge pass whose segments hold at most this many keys searches each tile's start in its whole segment (the
// null limits of tile_split): 32 probes a round take ceil(log32(2^15)) = 3 rounds, as many as the sample window's
// 2 stride + 1 candidates, so such a pass launches no rank kernel (one launch instead of two; at small n a pass
// costs its latency, not its bytes).
constexpr std::uint64_t whole_segment_search_max = std::uint64_t{1} << 15;
inline bool pass_is_ranked(std::uint64_t width) { return 2 * width > whole_segment_search_max; }

template <class P>
std::uint64_t most_slots(std::uint64_t n) {
  std::uint64_t most = 0;
  for (std::uint64_t w = P::tile; w < n; w *= 2)
    if (pass_is_ranked(w)) most = std::max(most, make_pass(n, w, P::stride).slots());
  return most;
}
// Four-way passes (3.) merge keys alone of 1 to 4 bytes and pairs where the band holds their shared memory; ranked
// passes of more than two runs take them where the binary merge kernel's blocks would come in quad_min_waves_percent /
// 100 waves or more (or every one, GSB_MERGE_SAMPLES_QUAD=1): 1.5 for keys alone, 0.6 for pairs with 4- or 8-byte keys,
// which move 2 to 4 times the bytes a key and so gain from a saved pass sooner. Below, the four-way pass's three
// dependent kernels cost more than its saved pass. H200, every pass four-way against session 77's policy (3 waves),
// us (NOTES.md, session 78 round 5): u32 keys alone 2^22 (0.97 waves) 179 against 171, 2^23 (1.9) 345 against 366;
// u32+u32 2^20 (0.39) 105 against 100, 2^21 (0.78) 159 against 160, 2^22 (1.6) 311 against 326; u32+u64 2^19 (0.32)
// 86 against 82, 2^20 (0.65) 120.7 against 121.5; u64+u64 2^20 (0.97) 143.7 against 145.1.
// Pairs with 1- or 2-byte keys (their kernel at 3 blocks an SM) start later (H200, four-way against binary, NOTES.md
// session 78 round 7 and session 79 round 1): with u32 values from 2 waves (u8+u32 and u16+u32 2-2.4 % slower at 0.78
// and 1.55 waves, 6.5 % faster at 3.1), with u64 values from 1 (u8+u64 at 0.65 waves 121.3 against 115.7 us, u16+u64
// 119.4 against 119.9; at 1.3 both faster, 198.7 against 200.2 and 203.3 against 210.8).
template <class Bits, class Value>
constexpr std::uint64_t quad_min_waves_percent() {
  if constexpr (!has_values_v<Value>) return 150;
  else if constexpr (sizeof(Bits) >= 4) return 60;
  else return sizeof(Value) <= 4 ? 200 : 100;
}
// 8-byte keys alone keep the binary passes: with four-way passes they tied at 1e8 and lost 3 % at 2^23 (H200, session
// 76). Pairs gain (H200, session 78, cub-merge / merge-samples, binary passes -> four-way: at 2^24 u32+u32 1.13x ->
// 1.28x, u64+u32 1.08x -> 1.19x; at 1e8 u32+u64 1.10x -> 1.32x; u64+u64 from 2^22, where 2 blocks an SM make 3 waves,
// 1.13x -> 1.26x). Pairs with 1- or 2-byte keys too, from the sizes quad_min_waves_percent gives (session 79: at 1e8
// u8+u64 1.108x -> 1.290x, u16+u64 1.114x -> 1.296x, u8+u32 1.167x -> 1.207x, u16+u32 1.181x -> 1.202x).
template <class Bits, class Value, class P>  // P: a Policy
constexpr bool quad_capable() {
  return (has_values_v<Value> || sizeof(Bits) <= 4) &&
         quad_smem_bytes<Bits, Value, typename P::Merge>() <= arch::limits_of(P::band).shared_bytes_per_block_optin;
}
template <class P>
std::uint64_t most_quad_slots(std::uint64_t n) {
  std::uint64_t most = 0;
  for (std::uint64_t w = P::tile; 2 * w < n; w *= 2)
    if (pass_is_ranked(w)) most = std::max(most, make_quad_pass(n, w, quad_stride_of<P>()).slots());
  return most;
}
// Temporary storage, shared by the two kinds of pass: a binary pass's two limit arrays, sized for the ranked pass with
// the most slots, and its tile starts (where a pass is ranked); a four-way pass's four limit arrays and four starts a
// tile.
template <class Bits, class Value, class P>
std::size_t temp_bytes_for(std::uint64_t n) {
  const std::uint64_t slots = most_slots<P>(n);
  const std::uint64_t tiles = (n + P::merge_capacity - 1) / P::merge_capacity;
  const std::uint64_t binary = 2 * slots + (n > std::uint64_t{P::tile} ? tiles : 0);  // the tile starts: any pass
  const std::uint64_t quad_slots = quad_capable<Bits, Value, P>() ? most_quad_slots<P>(n) : 0;
  const std::uint64_t quad = quad_slots > 0 ? 4 * quad_slots + 4 * tiles : 0;
  return std::max(binary, quad) * sizeof(std::uint64_t);
}

// 1. alone or first: the tile sort of in (keys[0]) into keys[1]; decoded when no pass follows.
template <class Bits, class Value, class Tile>
void launch_tile_sort(const SortBuffers& b, std::uint64_t n, const KeyCodec<Bits>& codec) {
  const std::uint64_t tiles = (n + Tile::tile - 1) / Tile::tile;
  GSB_EXPECTS(tiles <= max_grid_blocks, "merge-samples: n=" + std::to_string(n) + " needs too many tiles");
  constexpr int tile_smem = tile_smem_bytes<Bits, Value, Tile>();
  static_assert(tile_smem <= arch::limits_of(Tile::band).shared_bytes_per_block_optin, "tile exceeds a block");
  set_dynamic_shared_bytes(tile_sort_kernel<Bits, Value, Tile>, tile_smem, "merge-samples: tile sort");
  tile_sort_kernel<Bits, Value, Tile><<<static_cast<unsigned>(tiles), Tile::tile_threads, tile_smem, b.stream>>>(
      static_cast<const Bits*>(b.keys[0]), static_cast<const Value*>(b.values[0]), static_cast<Bits*>(b.keys[1]),
      static_cast<Value*>(b.values[1]), n, codec, n <= std::uint64_t{Tile::tile});
  GSB_CHECK_LAUNCH();
}

// The tile sort, then the merge passes over runs of tile, 2 tile, ... keys.
template <class Bits, class Value, class P>
int sort(const SortProblem& p, const SortBuffers& b) {
  using M = typename P::Merge;
  const std::uint64_t n = p.n;
  if (n == 0) return 0;
  const KeyCodec<Bits> codec = make_codec<Bits>(p.key_type, p.order);
  Bits* keys[2] = {static_cast<Bits*>(b.keys[0]), static_cast<Bits*>(b.keys[1])};
  Value* values[2] = {static_cast<Value*>(b.values[0]), static_cast<Value*>(b.values[1])};
  launch_tile_sort<Bits, Value, typename P::Tile>(b, n, codec);
  int cur = 1;
  if (n <= std::uint64_t{P::tile}) return cur;

  const std::size_t need = temp_bytes_for<Bits, Value, P>(n);
  GSB_EXPECTS(b.temp_bytes >= need && (b.temp != nullptr || need == 0), "merge-samples: temp storage too small");
  const std::uint64_t most = most_slots<P>(n);
  std::uint64_t* limit_a = static_cast<std::uint64_t*>(b.temp);
  std::uint64_t* limit_b = limit_a + most;
  std::uint64_t* starts = limit_b + most;
  // A four-way pass's limits (four arrays) and tile starts (four a tile) in the same storage.
  std::uint64_t* quad_limits = static_cast<std::uint64_t*>(b.temp);
  std::uint64_t* quad_starts = quad_limits + 4 * most_quad_slots<P>(n);
  constexpr int rank_threads = 128, starts_threads = 128;
  constexpr int merge_smem = merge_smem_bytes<Bits, Value, M>();
  // The resident-block bound must be reachable on the policy's band.
  static_assert(M::merge_min_blocks <= arch::blocks_that_fit(M::band, merge_smem, M::merge_threads),
                "min blocks exceed the band's shared memory");
  set_dynamic_shared_bytes(merge_tiles_kernel<Bits, Value, M, false>, merge_smem, "merge-samples: tile merge");
  set_dynamic_shared_bytes(merge_tiles_kernel<Bits, Value, M, true>, merge_smem, "merge-samples: tile merge");
  const std::uint64_t out_tiles = (n + M::merge_capacity - 1) / M::merge_capacity;
  GSB_EXPECTS(out_tiles <= max_grid_blocks, "merge-samples: n=" + std::to_string(n) + " needs too many merge tiles");
  auto groups_grid = [&](std::uint64_t groups) {
    return static_cast<unsigned>((groups * rank_lanes + rank_threads - 1) / rank_threads);
  };
  const auto aligned = [](const void* q) { return reinterpret_cast<std::uintptr_t>(q) % 16 == 0; };
  // The partition kernel where the merge blocks come in presplit_min_waves waves or more (or where a test forces it).
  const std::uint64_t resident =
      std::uint64_t(current_device_props().sm_count) *
      std::uint64_t(std::max(1, resident_blocks_per_sm(merge_tiles_kernel<Bits, Value, M, true>, M::merge_threads,
                                                       std::size_t{merge_smem})));
  const bool presplit = forced_presplit() || out_tiles >= presplit_min_waves * resident;
  constexpr bool quad_ok = quad_capable<Bits, Value, P>();
  const bool quad_waves = 100 * out_tiles >= quad_min_waves_percent<Bits, Value>() * resident;
  const QuadMode quad_mode = forced_quad();
  if constexpr (quad_ok) {
    set_dynamic_shared_bytes(merge_quad_kernel<Bits, Value, M>, quad_smem_bytes<Bits, Value, M>(),
                             "merge-samples: quad merge");
  }
  for (std::uint64_t w = P::tile; w < n;) {
    const bool vec = aligned(keys[1 - cur]) && (!has_values_v<Value> || aligned(values[1 - cur]));
    const unsigned grid = static_cast<unsigned>(out_tiles);
    const bool ranked = pass_is_ranked(w);
    if constexpr (quad_ok) {
      const bool quad = ranked && 2 * w < n &&
                        (quad_mode == QuadMode::always || (quad_mode == QuadMode::automatic && quad_waves));
      if (quad) {
        const QuadGeometry qg = make_quad_pass(n, w, quad_stride_of<P>());
        constexpr unsigned threads = 32 * quad_warps;
        const std::uint64_t rank_blocks = ceil_div<std::uint64_t>(4 * qg.slots(), threads);
        const std::uint64_t split_blocks = ceil_div<std::uint64_t>(quad_split_lanes * out_tiles, threads);
        GSB_EXPECTS(rank_blocks < max_grid_blocks && split_blocks < max_grid_blocks, "merge-samples: too many samples");
        launch_dependent(true, quad_ranks_kernel<Bits>, dim3(static_cast<unsigned>(rank_blocks)), dim3(threads), 0,
                         b.stream, keys[cur], qg, quad_limits);
        launch_dependent(true, quad_starts_kernel<Bits>, dim3(static_cast<unsigned>(split_blocks)), dim3(threads), 0,
                         b.stream, keys[cur], qg, quad_limits, std::uint64_t{M::merge_capacity}, out_tiles,
                         quad_starts);
        launch_dependent(true, merge_quad_kernel<Bits, Value, M>, dim3(grid), dim3(M::merge_threads),
                         std::size_t{quad_smem_bytes<Bits, Value, M>()}, b.stream, keys[cur], values[cur],
                         keys[1 - cur], values[1 - cur], qg, quad_starts, codec, 4 * w >= n, vec);
        cur = 1 - cur;
        w *= 4;
        continue;
      }
    }
    const PassGeometry g = make_pass(n, w, P::stride);
    if (ranked) {
      GSB_EXPECTS(g.slots() * rank_lanes / rank_threads < max_grid_blocks, "merge-samples: too many samples");
      launch_dependent(true, sample_ranks_group_kernel<Bits>, dim3(groups_grid(g.slots())), dim3(rank_threads), 0,
                       b.stream, keys[cur], g, limit_a, limit_b);
    }
    // The limits the tile starts are searched within: none (the whole segment) where the pass is not ranked.
    const std::uint64_t* pass_limit_a = ranked ? limit_a : nullptr;
    const std::uint64_t* pass_limit_b = ranked ? limit_b : nullptr;
    if (presplit) {  // ranked or not
      launch_dependent(true, tile_starts_kernel<Bits>,
                       dim3(static_cast<unsigned>(ceil_div<std::uint64_t>(out_tiles, starts_threads))),
                       dim3(starts_threads), 0, b.stream, keys[cur], g, pass_limit_a, pass_limit_b,
                       std::uint64_t{M::merge_capacity}, out_tiles, starts);
      launch_dependent(true, merge_tiles_kernel<Bits, Value, M, true>, dim3(grid), dim3(M::merge_threads), merge_smem,
                       b.stream, keys[cur], values[cur], keys[1 - cur], values[1 - cur], g, nullptr, nullptr, starts,
                       codec, 2 * w >= n, vec);
    } else {
      launch_dependent(true, merge_tiles_kernel<Bits, Value, M, false>, dim3(grid), dim3(M::merge_threads),
                       merge_smem, b.stream, keys[cur], values[cur], keys[1 - cur], values[1 - cur], g,
                       pass_limit_a, pass_limit_b, nullptr, codec, 2 * w >= n, vec);
    }
    cur = 1 - cur;
    w *= 2;
  }
  return cur;
}

// Which of the band's policies sorts n keys (Policies: DefaultPolicy<Bits, Value, B>), as a tag for f: single (a
// TileShape) where one tile holds n, then small and mid up to their n, the large tiles beyond. `forced_large` (the
// GSB_MERGE_SAMPLES_LARGE knob of merge_samples.cpp) takes the large tiles at every n, so that tests run the passes
// of the large-n policy at small n.
template <class Policies, class F>
decltype(auto) with_policy_for(std::uint64_t n, bool forced_large, F&& f) {
  if (!forced_large) {
    if (n <= std::uint64_t{Policies::single::tile}) return f(type_tag<typename Policies::single>{}, std::true_type{});
    if (n <= Policies::small_max_n) return f(type_tag<typename Policies::small>{}, std::false_type{});
    if (n <= Policies::mid_max_n) return f(type_tag<typename Policies::mid>{}, std::false_type{});
  }
  return f(type_tag<typename Policies::type>{}, std::false_type{});
}

// Entry points, one explicit instantiation per key width and value type (generated by CMakeLists.txt).
template <class Bits, class Value>
int sort_default(const SortProblem& p, const SortBuffers& b) {
  return arch::dispatch_band(policy_band(), [&](auto band) {
    using Policies = DefaultPolicy<Bits, Value, decltype(band)::value>;
    return with_policy_for<Policies>(p.n, forced_large_tiles(), [&](auto policy, auto single) -> int {
      using P = typename decltype(policy)::type;
      if constexpr (decltype(single)::value) {
        if (p.n <= 1) return 0;  // sorted as it is
        launch_tile_sort<Bits, Value, P>(b, p.n, make_codec<Bits>(p.key_type, p.order));
        return 1;
      } else {
        return sort<Bits, Value, P>(p, b);
      }
    });
  });
}
// The most any of the band's policies takes at n or below: the driver sizes temp storage once for a run's largest n,
// so the bytes never decrease as n grows (the small tiles' finer samples may take more than the large tiles' just
// above them).
template <class Bits, class Value, class Policies>
std::size_t temp_bytes_of(std::uint64_t n, bool forced_large) {
  std::size_t most = temp_bytes_for<Bits, Value, typename Policies::type>(n);
  if (!forced_large) {
    most = std::max(most, temp_bytes_for<Bits, Value, typename Policies::small>(std::min(n, Policies::small_max_n)));
    most = std::max(most, temp_bytes_for<Bits, Value, typename Policies::mid>(std::min(n, Policies::mid_max_n)));
  }
  return most;
}
template <class Bits, class Value>
std::size_t temp_bytes_default(std::uint64_t n) {
  return arch::dispatch_band(policy_band(), [&](auto band) {
    return temp_bytes_of<Bits, Value, DefaultPolicy<Bits, Value, decltype(band)::value>>(n, forced_large_tiles());
  });
}
// The tiles conformance sizes go around: each policy's tile sort and merge tile, and the n where the policy changes.
template <class Bits, class Value>
std::vector<std::uint64_t> tile_items_default() {
  return arch::dispatch_band(policy_band(), [](auto band) {
    using Policies = DefaultPolicy<Bits, Value, decltype(band)::value>;
    std::vector<std::uint64_t> t{std::uint64_t{Policies::single::tile}, std::uint64_t{Policies::small::tile},
                                 std::uint64_t{Policies::small::merge_capacity}, Policies::small_max_n,
                                 std::uint64_t{Policies::mid::tile}, Policies::mid_max_n,
                                 std::uint64_t{Policies::type::tile}, std::uint64_t{Policies::type::merge_capacity}};
    std::sort(t.begin(), t.end());
    t.erase(std::unique(t.begin(), t.end()), t.end());
    return t;
  });
}

}  // namespace gsb::merge::samples
