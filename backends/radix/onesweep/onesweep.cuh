// Kernels and host dispatch of the `radix` back-end (see onesweep.hpp for the design and the paper).
//
// Ideas taken from Onesweep and CUB's agent_radix_sort_onesweep.cuh, written anew here:
//  - tiles are numbered in the order blocks start (an atomic counter), so a tile only ever waits for tiles that
//    are already running: the chained scan cannot deadlock whatever the block scheduler does;
//  - a tile publishes its digit counts ("partial") as soon as it has ranked its keys, before it looks back, and
//    its inclusive prefix ("inclusive") right after, so successors rarely wait;
//  - keys are ranked by warp-level multisplit: each warp finds the lanes holding the same digit with one
//    ballot per digit bit and keeps a per-warp digit histogram in shared memory (Ashkiani et al., 2017).
// Differences: the lookback words carry a launch stamp, so the table is cleared once per 15 launches rather
// than before every pass; passes whose digit is constant are skipped on the device, keeping the host free of
// any synchronisation (pass_plan.hpp explains how the result still lands in the half announced by run()).
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstdint>
#include <string>

#include "gsb/device_props.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"
#include "radix/pass_plan.hpp"
#include "radix/digit_common.cuh"
#include "radix/onesweep/onesweep.hpp"

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

// ---- one digit pass ----------------------------------------------------------------------------------------

template <class Bits, class Value>
struct PassParams {
  Bits* keys[2];
  Value* values[2];          // unused (NoValue) for keys-only sorts
  std::uint64_t offset;      // first item of this portion
  unsigned num_items;        // items in this portion
  int pass;
  int num_passes;
  KeyCodec<Bits> codec;
  const unsigned long long* skippable;
  const std::uint64_t* bins_in;  // this portion's digit starts
  std::uint64_t* bins_out;       // next portion's digit starts (written by the last tile), or null
  unsigned* status;              // lookback table: [tile][digit]
  unsigned stamp;                // 1..15
  unsigned* tile_counter;
  unsigned prefetch_ahead;       // L2-prefetch the tile this many numbers ahead (0: none)
};

// Segmented passes (used by hybrid.cuh): the items form segments that are sorted independently by the pass's
// digit; tiles never straddle a segment, each segment has its own look-back chain and its digit starts at
// bins_in[segment * radix]. The pass's role is given, not derived from the histograms. A separate kernel
// parameter (NoSegments for the LSD passes): three more words in PassParams made ptxas spill the u32 pass.
struct SegmentTable {
  const unsigned* tiles;       // [count + 1]: first tile of each segment, then the tile total
  const std::uint64_t* items;  // [count + 1]: first item of each segment, then n
  unsigned count;
  int src_half;
  bool first;
};
struct NoSegments {};

template <class Bits, class Value, int RadixBits, int Threads, int Items>
struct PassShape {
  static constexpr int radix = 1 << RadixBits;
  static constexpr int warps = Threads / 32;
  static constexpr int tile = Threads * Items;
  static constexpr int bins_per_thread = (radix + Threads - 1) / Threads;  // digits owned by one thread
  static constexpr bool with_values = has_values_v<Value>;
  static constexpr std::size_t round16(std::size_t b) { return (b + 15) / 16 * 16; }
  // Shared memory: the tile's keys and values in ranked order, the per-warp digit counts, the digit starts in
  // the tile, the digit offsets in the output, the tile number. Nothing aliases, so a key is stored at its
  // rank as soon as the rank is known and no rank is kept in registers.
  static constexpr std::size_t keys_offset = 0;
  static constexpr std::size_t values_offset = round16(sizeof(Bits) * tile);
  static constexpr std::size_t hist_offset = values_offset + (with_values ? round16(sizeof(Value) * tile) : 0);
  static constexpr std::size_t local_start_offset = hist_offset + round16(sizeof(unsigned) * warps * radix);
  static constexpr std::size_t base_offset = local_start_offset + round16(sizeof(unsigned) * radix);
  static constexpr std::size_t tile_id_offset = base_offset + sizeof(std::uint64_t) * radix;
  static constexpr std::size_t shared_bytes = tile_id_offset + 16;
  static_assert(Threads % 32 == 0, "whole warps");
};

// One bulk prefetch of [p, p + bytes) into L2 (p rounded down to 16 bytes; bytes a multiple of 16). The
// instruction exists from sm_90 on; plans of older bands set no prefetch distance (Tuning), and this compiles
// to nothing there.
__device__ __forceinline__ void prefetch_l2_bulk(const void* p, std::size_t bytes) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(reinterpret_cast<std::uintptr_t>(p) & ~std::uintptr_t{15}),
               "r"(static_cast<unsigned>(bytes))
               : "memory");
#else
  (void)p;
  (void)bytes;
#endif
}

// The lanes of the warp whose digit equals this lane's: one ballot per digit bit (warp-level multisplit).
// Each vote is written in PTX with the bit tested against a constant mask and the complement predicated on
// the same test: ptxas then loads all of the digit's bits into predicate registers with one instruction and
// feeds the votes directly (about half the instructions of the plain C++ form, seen in the SASS).
__device__ __forceinline__ unsigned lanes_agreeing_on_bit(unsigned digit, unsigned bit_mask) {
  unsigned lanes;
  asm("{\n\t.reg .pred p;\n\t.reg .b32 t;\n\t"
      "and.b32 t, %1, %2;\n\t"
      "setp.ne.u32 p, t, 0;\n\t"
      "vote.sync.ballot.b32 %0, p, 0xffffffff;\n\t"
      "@!p not.b32 %0, %0;\n\t}"
      : "=r"(lanes)
      : "r"(digit), "r"(bit_mask));
  return lanes;
}

// From sm_100 on, one match.any instead: ptxas 13.0 fails to allocate predicate registers for the ballot form in
// bucket_sort_kernel there ("Register allocation failed with register count of '7'"; found by building the
// default architecture list). Not measured on Blackwell; Hopper and older keep the ballots measured on an H200.
template <int RadixBits>
__device__ __forceinline__ unsigned same_digit_lanes(unsigned digit) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000
  return __match_any_sync(full_warp, digit);
#else
  unsigned peers = lanes_agreeing_on_bit(digit, 1u);
#pragma unroll
  for (int b = 1; b < RadixBits; ++b) peers &= lanes_agreeing_on_bit(digit, 1u << b);
  return peers;
#endif
}

// Writes the tile's keys (and values) from shared memory, in tile order, to their digits' runs: consecutive
// threads write consecutive keys of a run. Only the `valid` first positions are real keys.
template <class Bits, class Value, int Threads, int Items, bool WithValues>
__device__ __forceinline__ void scatter_tile(const Bits* s_keys, const Value* s_values, const std::uint64_t* s_base,
                                             int shift, int width, bool full, bool decode, int valid,
                                             const KeyCodec<Bits>& codec_out, Bits* keys_out, Value* values_out) {
  auto one = [&](int u, bool with_decode) {
    const int i = u * Threads + static_cast<int>(threadIdx.x);
    const Bits k = s_keys[i];
    const std::uint64_t idx = s_base[digit_of(k, shift, width)] + static_cast<unsigned>(i);
    keys_out[idx] = with_decode ? codec_out.decode(k) : k;
    if constexpr (WithValues) values_out[idx] = s_values[i];
  };
  if (full && !decode) {
#pragma unroll
    for (int u = 0; u < Items; ++u) one(u, false);
  } else {
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (u * Threads + static_cast<int>(threadIdx.x) < valid) one(u, decode);
  }
}

__device__ __forceinline__ unsigned load_status(const unsigned* p) {
  unsigned v;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_status(unsigned* p, unsigned v) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

// Lookback: each thread reads `Window` predecessors' words at once, so one L2 round trip covers that many
// tiles. With one word per round trip a walk is as long as the number of tiles that start during one L2
// latency, and grows as the sort gets faster.
//
// Values travel in one of two ways (LateValues):
//  - false: loaded with the keys and held in registers through counting and ranking, stored at the key's rank;
//  - true (as CUB's onesweep agent orders it): the ranks are kept in registers instead, and the values are
//    loaded only after the ranking, before the look-back (whose L2 round trips then hide their latency) and
//    stored at their ranks after it. Each key's registers die as its rank is born, so the peak register demand
//    is the keys' alone (2 x Items for 8-byte keys) instead of keys + values (3 x Items with 4-byte values),
//    which lets a tile hold more items at the same register cap (used for 8-byte keys, Tuning).
//
// Segmented (hybrid.cuh): each segment of the input is sorted on its own by this pass's digit, so the pass can
// follow an MSD pass. Tile numbers still come from one counter; a tile finds its segment by binary search.
template <class Bits, class Value, class P, class Segments>
__device__ __forceinline__ void pass_tile(const PassParams<Bits, Value>& prm, const Segments& seg) {
  constexpr int RadixBits = P::radix_bits, Threads = P::threads, Items = P::items, Window = P::window;
  constexpr bool LateValues = P::late_values;
  constexpr bool Segmented = std::is_same_v<Segments, SegmentTable>;
  using S = PassShape<Bits, Value, RadixBits, Threads, Items>;
  constexpr int radix = S::radix;
  extern __shared__ __align__(16) unsigned char smem[];
  Bits* s_keys = reinterpret_cast<Bits*>(smem + S::keys_offset);
  Value* s_values = reinterpret_cast<Value*>(smem + S::values_offset);
  unsigned* s_hist = reinterpret_cast<unsigned*>(smem + S::hist_offset);  // [warps][radix]
  unsigned* s_local_start = reinterpret_cast<unsigned*>(smem + S::local_start_offset);
  std::uint64_t* s_base = reinterpret_cast<std::uint64_t*>(smem + S::base_offset);
  unsigned* s_tile = reinterpret_cast<unsigned*>(smem + S::tile_id_offset);

  // Which passes run is decided on the device from the histograms (pass_plan.hpp); the block is uniform.
  PassRole role;
  if constexpr (Segmented) {
    if (seg.tiles[seg.count] == 0) return;  // an emptied table (the hybrid path fell back): no tile to sort
    role.run = true;
    role.src_half = seg.src_half;
    role.first = seg.first;
    role.last = false;
  } else {
    role = pass_role(passes_to_run(*prm.skippable, prm.num_passes), prm.pass);
    if (!role.run) return;
  }
  const KeyCodec<Bits> codec_in = role.first ? prm.codec : KeyCodec<Bits>{};
  const KeyCodec<Bits> codec_out = role.last ? prm.codec : KeyCodec<Bits>{};
  // Select with ?: rather than a run-time index, which would copy the parameter arrays to local memory.
  const bool from1 = role.src_half == 1;
  const Bits* keys_in = (from1 ? prm.keys[1] : prm.keys[0]) + prm.offset;
  Bits* keys_out = from1 ? prm.keys[0] : prm.keys[1];
  const int shift = prm.pass * RadixBits;
  // Every key width is a multiple of 8 bits, so with 8-bit digits the width is a compile-time constant and
  // the digit is one shift and one mask.
  constexpr bool uniform_width = Digits<Bits, RadixBits>::key_bits % RadixBits == 0;
  const int width = uniform_width ? RadixBits : Digits<Bits, RadixBits>::width(prm.pass);
  // The codec is one XOR per key; skip it in the (usual) passes and problems where it is the identity.
  const bool encode = role.first && !prm.codec.is_identity();
  const bool decode = role.last && !prm.codec.is_identity();

  if (threadIdx.x == 0) {
    const unsigned t = atomicAdd(prm.tile_counter, 1u);
    s_tile[0] = t;
    if constexpr (Segmented) {  // the last segment whose first tile is <= t (empty segments share a start)
      unsigned lo = 0, hi = seg.count;
      while (hi - lo > 1) {
        const unsigned mid = (lo + hi) / 2;
        if (seg.tiles[mid] <= t) lo = mid;
        else hi = mid;
      }
      s_tile[1] = lo;
    }
  }
  const unsigned warp = threadIdx.x / 32;
  const unsigned lane = lane_id();
  unsigned* my_hist = s_hist + warp * radix;
  // Zero this warp's digit counts while the tile number arrives.
  for (int d = lane; d < radix; d += 32) my_hist[d] = 0;
  __syncthreads();
  const unsigned tile = s_tile[0];
  std::uint64_t tile_base = static_cast<std::uint64_t>(tile) * S::tile;
  std::uint64_t tile_end = prm.num_items;
  unsigned first_tile = 0;  // where this tile's look-back chain starts
  if constexpr (Segmented) {
    if (tile >= seg.tiles[seg.count]) return;  // the grid is sized for the most tiles possible
    const unsigned segment = s_tile[1];
    first_tile = seg.tiles[segment];
    tile_base = seg.items[segment] + static_cast<std::uint64_t>(tile - first_tile) * S::tile;
    tile_end = seg.items[segment + 1];
  }
  const bool full = tile_end - tile_base >= static_cast<std::uint64_t>(S::tile);
  const int valid = full ? S::tile : static_cast<int>(tile_end - tile_base);
  if (P::prefetch_waves_per_8 != 0 && prm.prefetch_ahead != 0 && threadIdx.x == 0) {
    // Tiles are taken in number order by the resident blocks, so the tile `prefetch_ahead` numbers on will be
    // taken by another block a fraction of a tile lifetime from now: one bulk prefetch pulls it into L2 and that
    // block's key (and value) loads become L2 hits. The pass is latency-bound (ncu: warps wait on the tile's
    // loads and at barriers with DRAM 35 % busy), so the extra L2 fill costs no DRAM bandwidth that is missed.
    // Full tiles only: a bulk prefetch must stay inside the array.
    // (Segmented: tiles are nearly contiguous, only segment ends are partial, so this is the tile about that
    // many numbers ahead.)
    const std::uint64_t ahead_base = Segmented ? tile_base + static_cast<std::uint64_t>(prm.prefetch_ahead) * S::tile
                                               : (static_cast<std::uint64_t>(tile) + prm.prefetch_ahead) * S::tile;
    // The bulk prefetch needs a 16-byte aligned address and size: the start is rounded down (it stays inside
    // the array, and tile sizes in bytes are multiples of 16).
    static_assert(sizeof(Bits) * S::tile % 16 == 0 && sizeof(Value) * S::tile % 16 == 0, "bulk sizes");
    if (ahead_base + S::tile <= prm.num_items) {
      const Bits* src = (role.src_half == 1 ? prm.keys[1] : prm.keys[0]) + prm.offset + ahead_base;
      prefetch_l2_bulk(src, sizeof(Bits) * S::tile);
      if constexpr (S::with_values) {
        const Value* vsrc = (role.src_half == 1 ? prm.values[1] : prm.values[0]) + prm.offset + ahead_base;
        prefetch_l2_bulk(vsrc, sizeof(Value) * S::tile);
      }
    }
  }

  // Load warp-striped: warp w owns items [w * 32 * Items, (w + 1) * 32 * Items) of the tile, and lane l item
  // u * 32 + l of that range, so (warp, u, lane) is input order (stability) and each load is coalesced.
  // A partial tile is padded with the largest key: it ranks last, after every real key of the top digit.
  const int warp_first = static_cast<int>(warp) * 32 * Items + static_cast<int>(lane);
  const Bits* warp_keys = keys_in + tile_base + warp_first;
  Bits keys[Items];
  if (full && !encode) {
#pragma unroll
    for (int u = 0; u < Items; ++u) keys[u] = warp_keys[u * 32];
  } else if (full) {
#pragma unroll
    for (int u = 0; u < Items; ++u) keys[u] = codec_in.encode(warp_keys[u * 32]);
  } else {
#pragma unroll
    for (int u = 0; u < Items; ++u)
      keys[u] = warp_first + u * 32 < valid ? codec_in.encode(warp_keys[u * 32]) : static_cast<Bits>(~Bits{0});
  }
  constexpr bool late = S::with_values && LateValues;
  std::conditional_t<S::with_values, Value, char> values[Items];
  const Value* warp_values = nullptr;
  if constexpr (S::with_values) {
    warp_values = (from1 ? prm.values[1] : prm.values[0]) + prm.offset + tile_base + warp_first;
    if constexpr (!late) {
#pragma unroll
      for (int u = 0; u < Items; ++u)
        if (full || warp_first + u * 32 < valid) values[u] = warp_values[u * 32];
    }
  }

  // Early counts (as Onesweep): count the digits per warp first, so the tile's counts are published before
  // the ranking, and look back only after the ranking, when predecessors are likely done.
#pragma unroll
  for (int u = 0; u < Items; ++u) atomicAdd(&my_hist[digit_of(keys[u], shift, width)], 1u);
  __syncthreads();

  // Per digit (thread t owns digits [t * bins_per_thread, (t + 1) * bins_per_thread)): the tile's count, and
  // in s_hist the exclusive prefix over warps.
  unsigned count[S::bins_per_thread];
  unsigned thread_total = 0;
#pragma unroll
  for (int b = 0; b < S::bins_per_thread; ++b) {
    const int d = threadIdx.x * S::bins_per_thread + b;
    unsigned sum = 0;
    if (d < radix) {
#pragma unroll
      for (int w = 0; w < S::warps; ++w) {
        const unsigned c = s_hist[w * radix + d];
        s_hist[w * radix + d] = sum;
        sum += c;
      }
    }
    count[b] = sum;
    thread_total += sum;
  }
  // Publish this tile's counts (padding removed from the top digit) so successors can look back past us;
  // a chain's first tile has no predecessor and publishes its inclusive prefix directly.
  const unsigned pad = S::tile - valid;
  const unsigned top_digit = (1u << width) - 1u;
  unsigned* my_status = prm.status + static_cast<std::uint64_t>(tile) * radix;
  const unsigned stamp = prm.stamp << status_stamp_shift;
#pragma unroll
  for (int b = 0; b < S::bins_per_thread; ++b) {
    const int d = threadIdx.x * S::bins_per_thread + b;
    if (d < radix) store_status(my_status + d, stamp | (tile == first_tile ? status_inclusive : 0u) |
                                                   (count[b] - (static_cast<unsigned>(d) == top_digit ? pad : 0u)));
  }
  // Where each digit starts inside the tile (padding included: it sits at the very end); added to every
  // warp's prefix, so a warp's running count of a digit is directly the next rank for that digit.
  {
    __shared__ unsigned warp_sums[32];
    unsigned total;
    unsigned start = block_exclusive_sum<unsigned, Threads>(thread_total, warp_sums, &total);
#pragma unroll
    for (int b = 0; b < S::bins_per_thread; ++b) {
      const int d = threadIdx.x * S::bins_per_thread + b;
      if (d < radix) {
        s_local_start[d] = start;
#pragma unroll
        for (int w = 0; w < S::warps; ++w) s_hist[w * radix + d] += start;
      }
      start += count[b];
    }
  }
  __syncthreads();

  // Rank and place in shared memory: the lanes holding the same digit (warp-level multisplit); the last of
  // them takes the digit's next ranks with one atomic and passes the first to its peers by a shuffle. No
  // item waits on the previous one's shared-memory round trip except through the atomic itself.
  std::conditional_t<late, unsigned, char> ranks[Items];
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const unsigned d = digit_of(keys[u], shift, width);
    const unsigned peers = same_digit_lanes<RadixBits>(d);
    const int leader = 31 - __clz(peers);
    unsigned first = 0;
    if (static_cast<int>(lane) == leader) first = atomicAdd(&my_hist[d], static_cast<unsigned>(__popc(peers)));
    first = __shfl_sync(full_warp, first, leader);
    const unsigned rank = first + __popc(peers & lanemask_lt());
    s_keys[rank] = keys[u];
    if constexpr (late) ranks[u] = rank;
    else if constexpr (S::with_values) s_values[rank] = values[u];
  }
  if constexpr (late) {
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (full || warp_first + u * 32 < valid) values[u] = warp_values[u * 32];
  }

  // Decoupled look-back, one digit per thread: add predecessors' counts until one carries an inclusive prefix.
#pragma unroll
  for (int b = 0; b < S::bins_per_thread; ++b) {
    const int d = threadIdx.x * S::bins_per_thread + b;
    if (d < radix) {
      const unsigned c = count[b] - (static_cast<unsigned>(d) == top_digit ? pad : 0u);
      unsigned before = 0;
      if (tile > first_tile) {
        const int chain_first = static_cast<int>(first_tile);
        bool done = false;
        for (int j = static_cast<int>(tile) - 1; !done; j -= Window) {
          unsigned v[Window];
#pragma unroll
          for (int k = 0; k < Window; ++k)
            v[k] = j - k >= chain_first ? load_status(prm.status + static_cast<std::uint64_t>(j - k) * radix + d) : 0u;
#pragma unroll
          for (int k = 0; k < Window; ++k) {
            if (!done && j - k >= chain_first) {
              while ((v[k] >> status_stamp_shift) != prm.stamp)
                v[k] = load_status(prm.status + static_cast<std::uint64_t>(j - k) * radix + d);
              before += v[k] & status_count_mask;
              done = (v[k] & status_inclusive) != 0;
            }
          }
        }
        store_status(my_status + d, stamp | status_inclusive | (before + c));
      }
      // (Segmented: the segment's digit starts; the segment number is re-read here rather than held in registers.)
      const std::uint64_t* bins_in = Segmented ? prm.bins_in + static_cast<std::uint64_t>(s_tile[1]) * radix : prm.bins_in;
      const std::uint64_t start = bins_in[d] + before;
      // s_base[d] + (position in the tile) is the output index (bins_in are global, across portions); the local
      // start is subtracted here.
      s_base[d] = start - s_local_start[d];
      if (prm.bins_out != nullptr && tile_base + S::tile >= prm.num_items) prm.bins_out[d] = start + c;
    }
  }
  if constexpr (late) {
#pragma unroll
    for (int u = 0; u < Items; ++u) s_values[ranks[u]] = values[u];  // padding positions get unused values
  }
  __syncthreads();

  Value* values_out = nullptr;
  if constexpr (S::with_values) values_out = from1 ? prm.values[0] : prm.values[1];
  scatter_tile<Bits, Value, Threads, Items, S::with_values>(s_keys, s_values, s_base, shift, width,
                                                             full, decode, valid, codec_out, keys_out, values_out);
  (void)values;
  (void)ranks;
}

// One tile of a digit pass (pass_tile), for the architecture band of plan P (arch.hpp): compiled only where that
// band's device code is built.
template <class Bits, class Value, class P, class Segments = NoSegments>
__global__ void __launch_bounds__(P::threads, arch::compiles_for<P::band>() ? P::min_blocks : 1)
    pass_kernel(const PassParams<Bits, Value> prm, const Segments seg) {
  GSB_KERNEL_FOR_BAND(P::band) pass_tile<Bits, Value, P, Segments>(prm, seg);
}

// ---- tuning ------------------------------------------------------------------------------------------------

// A pass plan (plain data): digit width, threads, keys per thread, blocks per multiprocessor (the register cap
// follows from it), look-back window, whether values are loaded after the ranking (pass_kernel), the L2 prefetch
// distance, and the architecture band it is written for (arch.hpp).
template <int RadixBits, int Threads, int Items, int MinBlocks, int Window = 1, bool LateValues = false,
          int PrefetchWavesPer8 = 4, arch::Band B = arch::Band::sm90>
struct Plan {
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
  // (56 registers for 3 blocks, 80 for 2).
  // 4-byte keys with 4-byte values: 384 x 16 at 2 blocks/SM and a look-back window of 8 measured 3.196 ms
  // against 3.376 for 384 x 12 at 3 blocks/SM (H200, n = 1e8, 2026-11-22); every other case keeps 1.
  static constexpr bool kv32 = sizeof(Bits) == 4 && value_size == 4;
  // 8-byte keys with values load the values after the ranking (pass_kernel, LateValues): the register peak is
  // then the keys' alone, so u32 values fit the keys-only tile of 384 x 16 (u64 values keep 384 x 12: ranks and
  // 8-byte values need 3 registers per item after the ranking). Measured (H200, n = 1e8, 2026-11-22 round 2):
  // u64+u32 7.574 ms against 8.698 with the values in registers at 384 x 12 (cub-radix 7.612), u64+u64 9.627
  // against 10.150 (cub-radix 9.32); 512 x 12 late was 7.710 / 9.878. For u32+u32 late values lost (3.279
  // against 3.213 ms), so 4-byte keys keep the values in registers.
  static constexpr bool late_values = sizeof(Bits) == 8 && value_size > 0;
  static constexpr int threads = 384;
  static constexpr int min_blocks = sizeof(Bits) == 8 || kv32 ? 2 : 3;
  static constexpr int items = sizeof(Bits) == 8 ? (value_size == 0 || value_size == 4 ? 16 : 12)
                               : value_size == 0 ? (sizeof(Bits) == 4 ? 20 : 16)
                               : value_size == 4 ? (kv32 ? 16 : 12)
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
  using plan = Plan<8, threads, H::items, min_blocks, H::window, H::late_values,
                    B == arch::Band::sm90 ? H::prefetch_waves_per_8 : 0, B>;
};

// The plan for one key width and value type on band B.
template <class Bits, class Value, arch::Band B = arch::Band::sm90>
struct PlanFor {
  using type = typename Tuning<Bits, Value, B>::plan;
};

// ---- host dispatch -----------------------------------------------------------------------------------------

template <class Bits, class Value, class P>
struct OnesweepSort {
  static constexpr int RadixBits = P::radix_bits;
  static constexpr int Threads = P::threads;
  using D = Digits<Bits, RadixBits>;
  using VT = std::conditional_t<has_values_v<Value>, Value, NoValue>;
  using S = PassShape<Bits, VT, RadixBits, Threads, P::items>;
  static_assert(S::shared_bytes <= static_cast<std::size_t>(arch::limits_of(P::band).shared_bytes_per_block_optin),
                "one block's shared memory on the plan's band");

  static std::uint64_t portion_items() { return max_portion_items / S::tile * S::tile; }
  struct Layout {
    std::uint64_t* counts;            // [passes][radix]
    unsigned long long* skippable;    // one word
    unsigned* tile_counters;          // [launches]
    std::uint64_t* bins;              // [portions][passes][radix]
    unsigned* status;                 // [tiles of a portion][radix]
    std::size_t clear_bytes;          // counts, skippable and counters are contiguous: one memset
    std::size_t status_bytes;
    std::size_t bytes;
  };

  static Layout layout(std::uint64_t n, void* temp) {
    const std::uint64_t portions = std::max<std::uint64_t>(1, ceil_div(n, portion_items()));
    const std::uint64_t tiles = ceil_div(std::min(n, portion_items()), static_cast<std::uint64_t>(S::tile));
    TempLayout t(temp);
    Layout l;
    l.counts = t.take<std::uint64_t>(static_cast<std::size_t>(D::passes) * D::radix);
    l.skippable = t.take<unsigned long long>(1);
    l.tile_counters = t.take<unsigned>(portions * D::passes);
    l.clear_bytes = t.bytes();
    l.bins = t.take<std::uint64_t>(portions * D::passes * D::radix);
    const std::size_t before_status = (t.bytes() + TempLayout::alignment - 1) / TempLayout::alignment *
                                      TempLayout::alignment;
    l.status = t.take<unsigned>(std::max<std::uint64_t>(tiles, 1) * D::radix);
    l.status_bytes = t.bytes() - before_status;
    l.bytes = t.bytes();
    return l;
  }

  static std::size_t temp_bytes(const SortProblem& p) { return layout(p.n, nullptr).bytes; }

  static auto pass_kernel_of() { return pass_kernel<Bits, VT, P>; }

  static int sort(const SortProblem& p, const SortBuffers& b) {
    const std::uint64_t n = p.n;
    const int result = result_half(D::passes);
    if (n == 0) return result;
    const Layout l = layout(n, b.temp);
    GSB_EXPECTS(l.bytes <= b.temp_bytes, "radix: temp of " + std::to_string(b.temp_bytes) + " bytes, needs " +
                                             std::to_string(l.bytes));
    const KeyCodec<Bits> codec = make_codec<Bits>(p.key_type, p.order);
    const DeviceProps& dev = current_device_props();

    GSB_CUDA_TRY(cudaMemsetAsync(b.temp, 0, l.clear_bytes, b.stream));
    auto hist = histogram_kernel<Bits, RadixBits>;
    const std::uint64_t chunk = static_cast<std::uint64_t>(histogram_threads) * histogram_items;
    int hist_per_sm = 0;  // enough resident blocks to keep the loads of every multiprocessor in flight
    GSB_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&hist_per_sm, hist, histogram_threads, 0));
    const unsigned hist_blocks = static_cast<unsigned>(std::min<std::uint64_t>(
        ceil_div(n, chunk), static_cast<std::uint64_t>(dev.sm_count) * std::max(hist_per_sm, 1)));
    hist<<<hist_blocks, histogram_threads, 0, b.stream>>>(static_cast<const Bits*>(b.keys[0]), n, codec,
                                                                    l.counts);
    GSB_CHECK_LAUNCH();
    bins_kernel<Bits, RadixBits><<<D::passes, 256, 0, b.stream>>>(l.counts, n, l.bins, l.skippable);
    GSB_CHECK_LAUNCH();

    auto pass = pass_kernel_of();
    set_dynamic_shared_bytes(pass, S::shared_bytes, "radix: digit pass");
    PassParams<Bits, VT> prm{};
    prm.keys[0] = static_cast<Bits*>(b.keys[0]);
    prm.keys[1] = static_cast<Bits*>(b.keys[1]);
    prm.values[0] = static_cast<VT*>(b.values[0]);
    prm.values[1] = static_cast<VT*>(b.values[1]);
    prm.num_passes = D::passes;
    prm.codec = codec;
    prm.skippable = l.skippable;
    {  // prefetch distance: the plan's fraction of the blocks resident on the whole device
      int per_sm = 0;
      GSB_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, pass, Threads, S::shared_bytes));
      prm.prefetch_ahead = static_cast<unsigned>(per_sm * dev.sm_count * P::prefetch_waves_per_8 / 8);
    }
    const std::uint64_t portion = portion_items();
    const std::uint64_t portions = ceil_div(n, portion);
    std::uint64_t launch = 0;
    for (int q = 0; q < D::passes; ++q) {
      for (std::uint64_t r = 0; r < portions; ++r, ++launch) {
        if (launch % stamps_per_clear == 0) GSB_CUDA_TRY(cudaMemsetAsync(l.status, 0, l.status_bytes, b.stream));
        prm.offset = r * portion;
        prm.num_items = static_cast<unsigned>(std::min(portion, n - prm.offset));
        prm.pass = q;
        prm.bins_in = l.bins + (r * D::passes + q) * D::radix;
        prm.bins_out = r + 1 < portions ? l.bins + ((r + 1) * D::passes + q) * D::radix : nullptr;
        prm.status = l.status;
        prm.stamp = static_cast<unsigned>(launch % stamps_per_clear) + 1;
        prm.tile_counter = l.tile_counters + launch;
        const unsigned tiles = static_cast<unsigned>(ceil_div<std::uint64_t>(prm.num_items, S::tile));
        pass<<<tiles, Threads, S::shared_bytes, b.stream>>>(prm, NoSegments{});
        GSB_CHECK_LAUNCH();
      }
    }
    return result;
  }
};

}  // namespace gsb::radix::onesweep

// The instantiations that the back-end uses for one key width and value type (LSD passes only; 4-byte keys are
// instantiated in onesweep_u32.cu with the hybrid path).
#define GSB_RADIX_ONESWEEP_INSTANTIATE(BITS, VALUE)                                                    \
  template <>                                                                                         \
  std::size_t temp_bytes<BITS, VALUE>(const SortProblem& p) {                                         \
    return arch::dispatch_band(policy_band(), [&](auto band) {                                        \
      return OnesweepSort<BITS, VALUE, typename PlanFor<BITS, VALUE, decltype(band)::value>::type>::temp_bytes(p); \
    });                                                                                               \
  }                                                                                                   \
  template <>                                                                                         \
  int sort<BITS, VALUE>(const SortProblem& p, const SortBuffers& b, bool) {                           \
    return arch::dispatch_band(policy_band(), [&](auto band) {                                        \
      return OnesweepSort<BITS, VALUE, typename PlanFor<BITS, VALUE, decltype(band)::value>::type>::sort(p, b);   \
    });                                                                                               \
  }

// `radix` for one key width, every value type (generated per width by backends/radix/CMakeLists.txt; 32-bit keys
// take GSB_RADIX_HYBRID_INSTANTIATE_KEY in hybrid.cuh instead).
#define GSB_RADIX_ONESWEEP_INSTANTIATE_KEY(BITS)                \
  namespace gsb::radix::onesweep {                              \
  GSB_RADIX_ONESWEEP_INSTANTIATE(BITS, NoValue)                 \
  GSB_RADIX_ONESWEEP_INSTANTIATE(BITS, std::uint32_t)           \
  GSB_RADIX_ONESWEEP_INSTANTIATE(BITS, std::uint64_t)           \
  }
