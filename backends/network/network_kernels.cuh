// Device side of the sorting-network back-ends: the register and shared-memory machinery that performs the
// passes planned in network_plan.hpp. Keys are unsigned words already mapped by KeyCodec to ascending order
// (encode in the first pass, decode in the last); the all-ones word is +inf, and indices >= n are a virtual
// +inf tail that is never loaded or stored (see network_plan.hpp for why that is exact).
//
// Why registers first: a comparator step in shared memory costs two loads and two stores per pair, and a block
// sort of 2^13 elements has 91 steps; a thread that holds 2^R elements of one coset of R index bits does R
// steps on them with no memory traffic at all, so shared memory is touched once per R steps (re-layout), and
// global memory once per pass. Hopper has 64K registers per SM: 16-32 pairs per thread at 256-512 threads
// keeps several blocks resident, so one block's shared-memory phase overlaps another's loads.
#pragma once

#include <cstdint>
#include <cstring>

#include <cuda_runtime.h>

#include "network/network_plan.hpp"
#include "gsb/dependent_launch.cuh"
#include "gsb/dispatch.hpp"
#include "gsb/key_codec.hpp"

namespace gsb::network::device {

using u64 = std::uint64_t;

// log2 of a block kernel's thread count (128..1024; -100 for any other count, which the kernels' asserts reject).
constexpr int block_threads_log2(int p) { return p == 1024 ? 10 : p == 512 ? 9 : p == 256 ? 8 : p == 128 ? 7 : -100; }

// Shared memory of a block tile of 2^tile_log2 elements of pair_bytes each, padded a word per 32 (pad below).
constexpr std::size_t tile_shared_bytes(int tile_log2, int pair_bytes) {
  const std::size_t t = std::size_t{1} << tile_log2;
  return (t + t / 32) * std::size_t(pair_bytes);
}

// ---------------------------------------------------------------------------------------------------------
// Tuning: plain data, per key width and value type.
template <class Bits, class Value, arch::Band B = arch::Band::sm90>
struct Policy {
  static constexpr arch::Band band = B;
  static constexpr int pair_bytes = int(sizeof(Bits)) + (has_values_v<Value> ? int(sizeof(Value)) : 0);
  static constexpr Tuning tuning = tuning_for(pair_bytes, B);
  static constexpr int block_threads = 1 << tuning.block_threads_log2;
  static constexpr int block_items_log2 = tuning.block_items_log2;
  static constexpr int tile_log2 = tuning.block_threads_log2 + tuning.block_items_log2;
  static constexpr PlanConfig plan_config() { return plan_config_for(pair_bytes, B); }
  static constexpr std::size_t tile_shared_bytes() { return device::tile_shared_bytes(tile_log2, pair_bytes); }
};

// Blocks per SM that the block kernels ask __launch_bounds__ for: 2 of <= 512 threads (at most 64 registers a
// thread) while a thread's elements fit in 32 registers (every shipped tuning), else 1.
template <class Bits, class Value, int P, int R>
constexpr int block_min_blocks() {
  const int words = (1 << R) * (int(sizeof(Bits)) + (has_values_v<Value> ? int(sizeof(Value)) : 0)) / 4;
  return words > 32 || P > 512 ? 1 : 2;
}

template <class Bits>
__device__ __forceinline__ constexpr Bits infinity() {
  return static_cast<Bits>(~Bits{0});
}

// Shared-memory index with one pad word per 32: strided register layouts stay (nearly) free of bank conflicts.
__device__ __forceinline__ std::uint32_t pad(std::uint32_t i) { return i + (i >> 5); }

// ---------------------------------------------------------------------------------------------------------
// Comparators. Strict '>' so that equal keys never move: the +inf tail and real all-ones keys stay put.
template <class Bits, class Value>
__device__ __forceinline__ void compare_swap(Bits& ka, Value& va, Bits& kb, Value& vb) {
  const bool swap = ka > kb;
  const Bits k0 = swap ? kb : ka, k1 = swap ? ka : kb;
  ka = k0;
  kb = k1;
  if constexpr (has_values_v<Value>) {
    const Value v0 = swap ? vb : va, v1 = swap ? va : vb;
    va = v0;
    vb = v1;
  }
}

// The partner of element l in step (stage s, bit b) of a network on 2^R consecutive elements, or -1 when l is
// not the lower end of a comparator. Evaluated at compile time inside unrolled loops.
template <Network Net>
__host__ __device__ constexpr int partner_in_run(int s, int b, int l) {
  const int block = 1 << s, stride = 1 << b, y = l & (block - 1);
  if (Net == Network::bitonic) {
    if (l & stride) return -1;
    return b == s - 1 ? (l ^ (block - 1)) : (l ^ stride);
  }
  if (b == s - 1) return (y & stride) ? -1 : l + stride;
  return ((y & stride) && y + stride < block) ? l + stride : -1;
}

// Stages 1..stages (<= R) of the network on the 2^R consecutive elements a thread holds.
template <Network Net, int R, class Bits, class Value>
__device__ __forceinline__ void sort_run(Bits (&k)[1 << R], Value (&v)[1 << R], int stages) {
#pragma unroll
  for (int s = 1; s <= R; ++s) {
    if (s > stages) break;
#pragma unroll
    for (int b = s - 1; b >= 0; --b) {
#pragma unroll
      for (int l = 0; l < (1 << R); ++l) {
        const int u = partner_in_run<Net>(s, b, l);
        if (u >= 0) compare_swap(k[l], v[l], k[u], v[u]);
      }
    }
  }
}

// Bitonic steps on local bits jtop..jbot of a register coset (see Layout). With Flip, local bit R-1 is the
// stage's mirror step: its mask is 2^(lo+R) - 1, so it also flips every lower index bit, and for the steps
// below it the element whose index bit is 0 (the lower one) is l ^ (1 << j) when l's top local bit is set.
template <bool Flip, int R, class Bits, class Value>
__device__ __forceinline__ void bitonic_coset_steps(Bits (&k)[1 << R], Value (&v)[1 << R], int jtop, int jbot) {
#pragma unroll
  for (int j = R - 1; j >= 0; --j) {
    if (j > jtop || j < jbot) continue;
#pragma unroll
    for (int l = 0; l < (1 << R); ++l) {
      if (l & (1 << j)) continue;
      const int u = l | (1 << j);
      const bool mirrored = Flip && j < R - 1 && ((l >> (R - 1)) & 1);
      if (mirrored)
        compare_swap(k[u], v[u], k[l], v[l]);
      else
        compare_swap(k[l], v[l], k[u], v[u]);
    }
  }
}

// Odd-even merge steps on local bits R-1..jbot of a register coset at the top of its stage (lo + R == k):
// the steps of stage k on bits >= lo act on each residue class mod 2^lo alone, and within the class they are
// the odd-even merge of 2^R elements (partner l + 2^j, which never carries past the coset).
template <int R, class Bits, class Value>
__device__ __forceinline__ void odd_even_class_steps(Bits (&k)[1 << R], Value (&v)[1 << R], int jbot) {
#pragma unroll
  for (int j = R - 1; j >= 0; --j) {
    if (j < jbot) continue;
#pragma unroll
    for (int l = 0; l < (1 << R); ++l) {
      const int u = partner_in_run<Network::odd_even_merge>(R, j, l);
      if (u >= 0) compare_swap(k[l], v[l], k[u], v[u]);
    }
  }
}

// A register coset: thread `rank` holds elements base ^ f(l), l < 2^R, where base is rank with R zero bits
// inserted at bit lo, and f(l) = l << lo, except that with a mirror (flip) the top local bit's mask is
// 2^(lo+R) - 1 instead of 2^(lo+R-1). Consecutive ranks differ in their low bits: coalesced when lo >= 5.
struct Layout {
  u64 base;
  int lo;
  u64 mirror;  // extra bits flipped for elements whose top local bit is set (0: no flip)

  template <int R>
  __device__ __forceinline__ static Layout make(u64 rank, int lo, bool flip) {
    Layout s;
    const u64 low = (u64{1} << lo) - 1;
    s.base = ((rank & ~low) << R) | (rank & low);
    s.lo = lo;
    s.mirror = flip ? (u64{1} << (lo + R - 1)) - 1 : 0;
    return s;
  }
  template <int R>
  __device__ __forceinline__ u64 index(int l) const {
    const u64 i = base | (u64(l) << lo);
    return ((l >> (R - 1)) & 1) ? i ^ mirror : i;
  }
};

// ---------------------------------------------------------------------------------------------------------
// Loads and stores of a thread's elements. Keys go through the codec only in the first/last pass.

template <class T, int E>
__device__ __forceinline__ void load_run(const T* p, T (&r)[E]) {
  // E consecutive elements from an address aligned to their total size: widest vector accesses (16 bytes).
  constexpr int bytes = E * int(sizeof(T));
  if constexpr (bytes % 16 == 0) {
#pragma unroll
    for (int c = 0; c < bytes / 16; ++c) {
      const uint4 w = reinterpret_cast<const uint4*>(p)[c];
      memcpy(reinterpret_cast<char*>(r) + 16 * c, &w, 16);
    }
  } else if constexpr (bytes % 8 == 0) {
#pragma unroll
    for (int c = 0; c < bytes / 8; ++c) {
      const uint2 w = reinterpret_cast<const uint2*>(p)[c];
      memcpy(reinterpret_cast<char*>(r) + 8 * c, &w, 8);
    }
  } else {
#pragma unroll
    for (int i = 0; i < E; ++i) r[i] = p[i];
  }
}

template <class T, int E>
__device__ __forceinline__ void store_run(T* p, const T (&r)[E]) {
  constexpr int bytes = E * int(sizeof(T));
  if constexpr (bytes % 16 == 0) {
#pragma unroll
    for (int c = 0; c < bytes / 16; ++c) {
      uint4 w;
      memcpy(&w, reinterpret_cast<const char*>(r) + 16 * c, 16);
      reinterpret_cast<uint4*>(p)[c] = w;
    }
  } else if constexpr (bytes % 8 == 0) {
#pragma unroll
    for (int c = 0; c < bytes / 8; ++c) {
      uint2 w;
      memcpy(&w, reinterpret_cast<const char*>(r) + 8 * c, 8);
      reinterpret_cast<uint2*>(p)[c] = w;
    }
  } else {
#pragma unroll
    for (int i = 0; i < E; ++i) p[i] = r[i];
  }
}

// The 2^R consecutive elements starting at `first` (a multiple of 2^R), tail beyond n as +inf.
template <int R, class Bits, class Value>
__device__ __forceinline__ void load_consecutive(const Bits* keys, const Value* vals, u64 first, u64 n,
                                                 bool encode, const KeyCodec<Bits>& codec, Bits (&k)[1 << R],
                                                 Value (&v)[1 << R]) {
  constexpr int E = 1 << R;
  if (first + E <= n) {
    load_run<Bits, E>(keys + first, k);
    if constexpr (has_values_v<Value>) load_run<Value, E>(vals + first, v);
  } else {
#pragma unroll
    for (int l = 0; l < E; ++l) {
      const bool in = first + l < n;
      k[l] = in ? keys[first + l] : infinity<Bits>();
      if constexpr (has_values_v<Value>) v[l] = in ? vals[first + l] : Value{};
    }
  }
  if (encode) {
#pragma unroll
    for (int l = 0; l < E; ++l)
      if (first + l < n) k[l] = codec.encode(k[l]);
  }
}

template <int R, class Bits, class Value>
__device__ __forceinline__ void store_consecutive(Bits* keys, Value* vals, u64 first, u64 n, bool decode,
                                                  const KeyCodec<Bits>& codec, Bits (&k)[1 << R],
                                                  Value (&v)[1 << R]) {
  constexpr int E = 1 << R;
  if (decode) {
#pragma unroll
    for (int l = 0; l < E; ++l) k[l] = codec.decode(k[l]);
  }
  if (first + E <= n) {
    store_run<Bits, E>(keys + first, k);
    if constexpr (has_values_v<Value>) store_run<Value, E>(vals + first, v);
  } else {
#pragma unroll
    for (int l = 0; l < E; ++l) {
      if (first + l < n) {
        keys[first + l] = k[l];
        if constexpr (has_values_v<Value>) vals[first + l] = v[l];
      }
    }
  }
}

// Shared-memory tile (keys, then values) and the coset exchanges through it.
template <class Bits, class Value>
struct Tile {
  Bits* k;
  Value* v;
  __device__ __forceinline__ Tile(unsigned char* smem, std::uint32_t tile) {
    k = reinterpret_cast<Bits*>(smem);
    v = reinterpret_cast<Value*>(smem + std::size_t(tile + tile / 32) * sizeof(Bits));
  }
  template <int R>
  __device__ __forceinline__ void put(const Layout& s, const Bits (&rk)[1 << R], const Value (&rv)[1 << R]) {
#pragma unroll
    for (int l = 0; l < (1 << R); ++l) {
      const std::uint32_t i = pad(std::uint32_t(s.index<R>(l)));
      k[i] = rk[l];
      if constexpr (has_values_v<Value>) v[i] = rv[l];
    }
  }
  template <int R>
  __device__ __forceinline__ void get(const Layout& s, Bits (&rk)[1 << R], Value (&rv)[1 << R]) const {
#pragma unroll
    for (int l = 0; l < (1 << R); ++l) {
      const std::uint32_t i = pad(std::uint32_t(s.index<R>(l)));
      rk[l] = k[i];
      if constexpr (has_values_v<Value>) rv[l] = v[i];
    }
  }
  __device__ __forceinline__ void compare(std::uint32_t a, std::uint32_t b) {
    const std::uint32_t pa = pad(a), pb = pad(b);
    Bits ka = k[pa], kb = k[pb];
    if (ka > kb) {
      k[pa] = kb;
      k[pb] = ka;
      if constexpr (has_values_v<Value>) {
        const Value t = v[pa];
        v[pa] = v[pb];
        v[pb] = t;
      }
    }
  }
};

// Elements per 16-byte vector of keys and of values (rows hold at least 16 elements: row_min_log2 >= 4).
template <class Bits, class Value>
constexpr int row_vector_elements() {
  constexpr int KE = 16 / int(sizeof(Bits));
  constexpr int VE = has_values_v<Value> ? 16 / int(sizeof(Value)) : KE;
  return KE < VE ? KE : VE;
}

// A block tile's map from tile element x to its global index: tile `first` .. first + 2^TILE - 1 in order.
struct LinearTile {
  u64 first;
  __device__ __forceinline__ u64 index(std::uint32_t x) const { return first + x; }
};

// Writes a tile (natural order in shared memory) back through its map (RowTile or LinearTile: every aligned run
// of E tile elements is E consecutive global elements) in 16-byte vectors of keys and of values, consecutive
// threads on consecutive vectors (coalesced); keys decoded when `decode`; elements at or beyond n not stored.
template <int P, int TILE, class Map, class Bits, class Value>
__device__ __forceinline__ void tile_store(const Tile<Bits, Value>& tile, const Map& map, Bits* keys, Value* vals,
                                           u64 n, bool decode, const KeyCodec<Bits>& codec) {
  constexpr int E = row_vector_elements<Bits, Value>();
  constexpr int RE = E == 16 ? 4 : E == 8 ? 3 : E == 4 ? 2 : E == 2 ? 1 : 0;
  static_assert((1 << RE) == E, "vectors of 1..16 elements");
  constexpr int CHUNKS = (1 << TILE) / (P * E);
  static_assert(CHUNKS * P * E == (1 << TILE), "tile divides into vectors");
#pragma unroll
  for (int c = 0; c < CHUNKS; ++c) {
    const std::uint32_t x = (std::uint32_t(c) * P + threadIdx.x) * E;
    Bits k[E];
    Value v[E];
#pragma unroll
    for (int e = 0; e < E; ++e) {
      k[e] = tile.k[pad(x + e)];
      if constexpr (has_values_v<Value>) v[e] = tile.v[pad(x + e)];
    }
    store_consecutive<RE>(keys, vals, map.index(x), n, decode, codec, k, v);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Kernels. P threads per block, 2^R elements per thread, tile 2^(log2 P + R).

// ---------------------------------------------------------------------------------------------------------
// Compile-time layouts for the bitonic block kernels. With the coset's low bit LO and its mirror known at
// compile time, element l sits at one of two per-thread bases plus a constant (the padding is additive because
// the base and the offset occupy disjoint bits), so every shared-memory access is a register + immediate and
// no index arithmetic runs per element: the block kernels were instruction-bound with run-time layouts.
template <int R, int LO, bool FLIP>
struct FixedLayout {
  std::uint32_t b0, b1;  // tile-local bases: b1 for elements whose top local bit is set (mirrored when FLIP)
  __device__ __forceinline__ explicit FixedLayout(std::uint32_t rank) {
    constexpr std::uint32_t low = (1u << LO) - 1;
    b0 = ((rank & ~low) << R) | (rank & low);
    b1 = FLIP ? (b0 ^ low) : b0;
  }
  static constexpr bool top(int l) { return ((l >> (R - 1)) & 1) != 0; }
  static constexpr std::uint32_t offset(int l) {
    const std::uint32_t x = std::uint32_t(l) << LO;
    return (FLIP && top(l)) ? x ^ (((1u << (R - 1)) - 1) << LO) : x;
  }
  __device__ __forceinline__ std::uint32_t base(int l) const { return (FLIP && top(l)) ? b1 : b0; }
  __device__ __forceinline__ std::uint32_t index(int l) const { return base(l) + offset(l); }
  __device__ __forceinline__ std::uint32_t padded(int l) const {
    return pad(base(l)) + offset(l) + (offset(l) >> 5);
  }
};

template <int R, int LO, bool FLIP, class Bits, class Value>
__device__ __forceinline__ void fixed_put(Tile<Bits, Value>& tile, const Bits (&k)[1 << R], const Value (&v)[1 << R]) {
  const FixedLayout<R, LO, FLIP> s(threadIdx.x);
  const std::uint32_t p0 = pad(s.b0), p1 = pad(s.b1);
#pragma unroll
  for (int l = 0; l < (1 << R); ++l) {
    const std::uint32_t i = ((FLIP && s.top(l)) ? p1 : p0) + s.offset(l) + (s.offset(l) >> 5);
    tile.k[i] = k[l];
    if constexpr (has_values_v<Value>) tile.v[i] = v[l];
  }
}

template <int R, int LO, bool FLIP, class Bits, class Value>
__device__ __forceinline__ void fixed_get(const Tile<Bits, Value>& tile, Bits (&k)[1 << R], Value (&v)[1 << R]) {
  const FixedLayout<R, LO, FLIP> s(threadIdx.x);
  const std::uint32_t p0 = pad(s.b0), p1 = pad(s.b1);
#pragma unroll
  for (int l = 0; l < (1 << R); ++l) {
    const std::uint32_t i = ((FLIP && s.top(l)) ? p1 : p0) + s.offset(l) + (s.offset(l) >> 5);
    k[l] = tile.k[i];
    if constexpr (has_values_v<Value>) v[l] = tile.v[i];
  }
}

// Bitonic steps on local bits JTOP..0 of a compile-time coset (see bitonic_coset_steps).
template <bool Flip, int R, int JTOP, class Bits, class Value>
__device__ __forceinline__ void fixed_coset_steps(Bits (&k)[1 << R], Value (&v)[1 << R]) {
#pragma unroll
  for (int j = JTOP; j >= 0; --j) {
#pragma unroll
    for (int l = 0; l < (1 << R); ++l) {
      if (l & (1 << j)) continue;
      const int u = l | (1 << j);
      if (Flip && j < R - 1 && ((l >> (R - 1)) & 1))
        compare_swap(k[u], v[u], k[l], v[l]);
      else
        compare_swap(k[l], v[l], k[u], v[u]);
    }
  }
}

// A warp shuffle of any element type (8- and 16-bit words travel as 32-bit ones).
template <class T>
__device__ __forceinline__ T shfl_xor(T x, int mask) {
  if constexpr (sizeof(T) == 8) {
    return static_cast<T>(__shfl_xor_sync(0xffffffffu, static_cast<unsigned long long>(x), mask));
  } else {
    return static_cast<T>(__shfl_xor_sync(0xffffffffu, static_cast<unsigned>(x), mask));
  }
}

// The half-cleaner on tile bit 0 for registers in the coset layout at bit 1 (FixedLayout<R, 1, PFLIP>): the
// partner of every element is the same local element of thread rank ^ 1 (lane ^ 1, same warp), so one shuffle
// per key (and value) replaces a shared-memory round trip and its barrier. Both threads of a pair take the
// same decision (swap iff the lower end's key is strictly greater), the lower end keeping the minimum.
template <int R, bool PFLIP, class Bits, class Value>
__device__ __forceinline__ void shuffle_bit0_step(Bits (&k)[1 << R], Value (&v)[1 << R]) {
  const bool odd = (threadIdx.x & 1) != 0;
#pragma unroll
  for (int l = 0; l < (1 << R); ++l) {
    // Index bit 0 of element l: the rank's bit 0, flipped for the mirrored upper half of a flip layout.
    const bool upper = odd != (PFLIP && ((l >> (R - 1)) & 1));
    const Bits pk = shfl_xor(k[l], 1);
    const bool swap = upper ? pk > k[l] : k[l] > pk;
    if constexpr (has_values_v<Value>) {
      const Value pv = shfl_xor(v[l], 1);
      if (swap) v[l] = pv;
    }
    if (swap) k[l] = pk;
  }
}

// Where the registers end after fixed_half_cleaners<R, PLO, PFLIP, TOP> (compile time): the consecutive
// layout, or the layout at bit 1 when the last step (bit 0) was left alone under it and done by shuffles.
struct LayoutId {
  int lo;
  bool flip;
};
constexpr LayoutId cleaners_final(int R, int plo, bool pflip, int top) {
  while (top >= 0) {
    if (top == 0 && plo == 1) return LayoutId{1, pflip};
    const int lo = top - R + 1 > 0 ? top - R + 1 : 0;
    plo = lo;
    pflip = false;
    top = lo - 1;
  }
  return LayoutId{plo, pflip};
}

// Half-cleaners on tile bits TOP..0, entering in layout (PLO, PFLIP), R bits per re-layout; ends in the
// consecutive layout (LO = 0), or, when bit 0 is left alone under a coset at bit 1 (u32+u32: the end of
// stages 5, 9, 13 and of every block merge), in that layout after a shuffle step (cleaners_final). One
// barrier per re-layout (every thread writes back what it read).
template <int R, int PLO, bool PFLIP, int TOP, class Bits, class Value>
__device__ __forceinline__ void fixed_half_cleaners(Tile<Bits, Value>& tile, Bits (&k)[1 << R], Value (&v)[1 << R]) {
  if constexpr (TOP >= 0) {
    if constexpr (TOP == 0 && PLO == 1) {
      shuffle_bit0_step<R, PFLIP>(k, v);
    } else {
      constexpr int LO = TOP - R + 1 > 0 ? TOP - R + 1 : 0;
      fixed_put<R, PLO, PFLIP>(tile, k, v);
      __syncthreads();
      fixed_get<R, LO, false>(tile, k, v);
      fixed_coset_steps<false, R, TOP - LO>(k, v);
      fixed_half_cleaners<R, LO, false, LO - 1>(tile, k, v);
    }
  }
}

// Stages S..TILE of the tile, entering in layout (INLO, INFLIP) (the consecutive one after sort_run): per stage
// the mirror step and the R-1 steps below it from one mirrored coset, then half-cleaners down to bit 0.
template <int R, int S, int TILE, int INLO, bool INFLIP, class Bits, class Value>
__device__ __forceinline__ void fixed_sort_stages(Tile<Bits, Value>& tile, Bits (&k)[1 << R], Value (&v)[1 << R]) {
  if constexpr (S <= TILE) {
    fixed_put<R, INLO, INFLIP>(tile, k, v);
    __syncthreads();
    fixed_get<R, S - R, true>(tile, k, v);
    fixed_coset_steps<true, R, R - 1>(k, v);
    fixed_half_cleaners<R, S - R, true, S - R - 1>(tile, k, v);
    constexpr LayoutId out = cleaners_final(R, S - R, true, S - R - 1);
    fixed_sort_stages<R, S + 1, TILE, out.lo, out.flip>(tile, k, v);
  }
}

// The tile at `offset` as the coset at bit log2 P (element l of thread t is offset + t + l * P: a warp reads 32
// consecutive elements per access), +inf beyond n; keys encoded when `encode`.
template <int P, int R, class Bits, class Value>
__device__ __forceinline__ void load_strided(const Bits* keys, const Value* vals, u64 offset, u64 n, bool encode,
                                             const KeyCodec<Bits>& codec, Bits (&k)[1 << R], Value (&v)[1 << R]) {
  constexpr std::uint32_t T = std::uint32_t(P) << R;
  const Bits* kp = keys + offset + threadIdx.x;
  const Value* vp = vals + offset + threadIdx.x;
  if (offset + T <= n) {
#pragma unroll
    for (int l = 0; l < (1 << R); ++l) {
      k[l] = kp[l * P];
      if constexpr (has_values_v<Value>) v[l] = vp[l * P];
      if (encode) k[l] = codec.encode(k[l]);
    }
  } else {
#pragma unroll
    for (int l = 0; l < (1 << R); ++l) {
      const bool in = offset + threadIdx.x + u64(l) * P < n;
      k[l] = in ? kp[l * P] : infinity<Bits>();
      if constexpr (has_values_v<Value>) v[l] = in ? vp[l * P] : Value{};
      if (encode && in) k[l] = codec.encode(k[l]);
    }
  }
}

// Global memory access of the block kernels. Each thread loads 4-byte words strided by P (a warp reads 128
// contiguous bytes per access) and the tile leaves through shared memory as 16-byte vectors, consecutive threads
// on consecutive vectors. Storing the consecutive register layout directly (16-byte vectors 64 bytes apart per
// thread, as before) made every block merge 0.111 ms at 2^24 u32+u32 on the H200; through shared memory, with
// the lone bit-0 step by shuffles, 0.077 ms, and the block sort 0.416 -> 0.373 ms (NOTES.md).

// What both block kernels do around their steps: the block's tile of T = P << R elements at blockIdx.x * T loaded as
// the coset at bit log2 P (load_strided, keys encoded where `encode`), steps(tile, k, v) leaving it in the tile in
// natural order, and the tile's store (keys decoded where `decode`).
template <int P, int R, class Bits, class Value, class Steps>
__device__ __forceinline__ void block_pass(Bits* keys, Value* vals, u64 n, const KeyCodec<Bits>& codec, bool encode,
                                           bool decode, Steps steps) {
  extern __shared__ __align__(16) unsigned char smem[];
  constexpr std::uint32_t T = std::uint32_t(P) << R;
  const u64 offset = u64(blockIdx.x) * T;
  Bits k[1 << R];
  Value v[1 << R];
  Tile<Bits, Value> tile(smem, T);
  load_strided<P, R>(keys, vals, offset, n, encode, codec, k, v);
  steps(tile, k, v);
  __syncthreads();
  tile_store<P, R + block_threads_log2(P)>(tile, LinearTile{offset}, keys, vals, n, decode, codec);
}

// Bitonic block sort: every tile sorted ascending (all its stages, also for a short last tile: its +inf tail
// sorts to the end and is not stored). The tile comes in coalesced and goes to the consecutive layout through
// shared memory (one round trip).
template <class Bits, class Value, int P, int R, arch::Band B>
__global__ void __launch_bounds__(P, arch::compiles_for<B>() ? block_min_blocks<Bits, Value, P, R>() : 1)
    bitonic_block_sort(Bits* keys, Value* vals, u64 n, KeyCodec<Bits> codec, bool decode) {
  wait_for_prior_grids();  // launched as a dependent of the pass before it (network_sort.cuh)
  GSB_KERNEL_FOR_BAND(B) {
    constexpr int tile_log2 = R + block_threads_log2(P);
    static_assert(tile_log2 > R, "block of 128..1024 threads");
    block_pass<P, R>(keys, vals, n, codec, true, decode, [&](Tile<Bits, Value>& tile, auto& k, auto& v) {
      fixed_put<R, tile_log2 - R, false>(tile, k, v);
      __syncthreads();
      fixed_get<R, 0, false>(tile, k, v);  // each thread rewrites only these slots before the next barrier
      sort_run<Network::bitonic, R>(k, v, R);
      fixed_sort_stages<R, R + 1, tile_log2, 0, false>(tile, k, v);
      constexpr LayoutId out = cleaners_final(R, tile_log2 - R, true, tile_log2 - R - 1);
      fixed_put<R, out.lo, out.flip>(tile, k, v);  // the slots this thread read last
    });
  }
}

// Bitonic block merge: half-cleaner steps on bits tile-1..0 of each tile (a stage beyond the tile). The first
// coset comes straight from global memory (coalesced).
template <class Bits, class Value, int P, int R, arch::Band B>
__global__ void __launch_bounds__(P, arch::compiles_for<B>() ? block_min_blocks<Bits, Value, P, R>() : 1)
    bitonic_block_merge(Bits* keys, Value* vals, u64 n, KeyCodec<Bits> codec, bool decode) {
  wait_for_prior_grids();  // launched as a dependent of the pass before it (network_sort.cuh)
  GSB_KERNEL_FOR_BAND(B) {
    constexpr int LO = block_threads_log2(P);
    static_assert(LO > 0, "block of 128..1024 threads");
    block_pass<P, R>(keys, vals, n, codec, false, decode, [&](Tile<Bits, Value>& tile, auto& k, auto& v) {
      fixed_coset_steps<false, R, R - 1>(k, v);
      fixed_half_cleaners<R, LO, false, LO - 1>(tile, k, v);
      constexpr LayoutId out = cleaners_final(R, LO, false, LO - 1);
      fixed_put<R, out.lo, out.flip>(tile, k, v);  // the slots this thread read last
    });
  }
}

// Half-cleaners on tile bits TOP..jbot (jbot at run time, the same in the whole block), entering in layout
// (PLO, PFLIP), R bits per re-layout; the registers end back in the tile in whichever layout came last.
template <int R, int PLO, bool PFLIP, int TOP, class Bits, class Value>
__device__ __forceinline__ void fixed_half_cleaners_to(Tile<Bits, Value>& tile, Bits (&k)[1 << R], Value (&v)[1 << R],
                                                       int jbot) {
  if constexpr (TOP >= 0) {
    if (TOP >= jbot) {
      constexpr int LO = TOP - R + 1 > 0 ? TOP - R + 1 : 0;
      fixed_put<R, PLO, PFLIP>(tile, k, v);
      __syncthreads();
      fixed_get<R, LO, false>(tile, k, v);
      bitonic_coset_steps<false, R>(k, v, TOP - LO, jbot - LO);
      fixed_half_cleaners_to<R, LO, false, LO - 1>(tile, k, v, jbot);
      return;
    }
  }
  fixed_put<R, PLO, PFLIP>(tile, k, v);
}

// The first register coset of a row tile straight from global memory (RowTile map, +inf beyond n): no shared round
// trip and no barrier before the first steps. Element l of thread t sits in column/row t + l * P (or its mirror with
// FLIP), so a warp's load covers whole 2^C-element row segments (coalesced, 4-byte accesses).
template <int R, int TILE, bool FLIP, class Bits, class Value>
__device__ __forceinline__ void load_row_coset(const RowTile& rt, const Bits* keys, const Value* vals, u64 n,
                                               Bits (&k)[1 << R], Value (&v)[1 << R]) {
  const FixedLayout<R, TILE - R, FLIP> s(threadIdx.x);
#pragma unroll
  for (int l = 0; l < (1 << R); ++l) {
    const u64 g = rt.index(s.index(l));
    const bool in = g < n;
    k[l] = in ? keys[g] : infinity<Bits>();
    if constexpr (has_values_v<Value>) v[l] = in ? vals[g] : Value{};
  }
}

// Steps on tile bits TILE-1..jbot of a row tile (with FLIP the first is the tile's mirror step, i against
// i ^ (2^TILE - 1)), the first coset from load_row_coset; the result is left in the tile (natural order).
template <int R, int TILE, bool FLIP, class Bits, class Value>
__device__ __forceinline__ void row_tile_steps(Tile<Bits, Value>& tile, const RowTile& rt, const Bits* keys,
                                               const Value* vals, u64 n, int jbot) {
  Bits k[1 << R];
  Value v[1 << R];
  load_row_coset<R, TILE, FLIP>(rt, keys, vals, n, k, v);
  bitonic_coset_steps<FLIP, R>(k, v, R - 1, jbot - (TILE - R));
  fixed_half_cleaners_to<R, TILE - R, FLIP, TILE - R - 1>(tile, k, v, jbot);
}

// What both row passes do around their steps: the block's RowTile (none where the whole tile is in the +inf tail:
// every element of it is >= base), steps(tile, rt) leaving the tile in shared memory in natural order, and the
// tile's store.
template <class Bits, class Value, int P, int TILE, class Steps>
__device__ __forceinline__ void row_pass(Bits* keys, Value* vals, u64 n, int lo, int cols_log2, bool flip,
                                         Steps steps) {
  extern __shared__ __align__(16) unsigned char smem[];
  const RowTile rt = RowTile::make(blockIdx.x, lo, cols_log2, TILE, flip);
  if (rt.base >= n) return;
  Tile<Bits, Value> tile(smem, 1u << TILE);
  steps(tile, rt);
  __syncthreads();
  tile_store<P, TILE>(tile, rt, keys, vals, n, false, KeyCodec<Bits>{});
}

// Bitonic row pass: steps on bits lo + S - 1..lo (S = TILE - C) of a stage, on a tile of 2^S rows of 2^C
// contiguous elements (RowTile, network_plan.hpp: in tile order the steps are the tile's own mirror and
// half-cleaner steps, so the block kernels' register/shared machinery runs them unchanged, stopping at bit C).
// Why rows: a register coset holds 2^5 elements (5 strides per pass, 190 registers); a shared-memory tile of
// 2^TILE elements holds TILE - C strides, and rows of 2^C >= 16 elements keep every access a full 32-byte
// sector (64 bytes of u32 keys). Loads go straight into the first register coset (4-byte accesses, a warp
// covering whole row segments); stores leave shared memory as 16-byte vectors of keys and of values (loading
// through 16-byte vectors and shared memory instead was no faster on the H200).
template <class Bits, class Value, int P, int R, arch::Band B>
__global__ void __launch_bounds__(P, arch::compiles_for<B>() ? block_min_blocks<Bits, Value, P, R>() : 1)
    bitonic_row_merge(Bits* keys, Value* vals, u64 n, int lo, int cols_log2, bool flip) {
  wait_for_prior_grids();  // launched as a dependent of the pass before it (network_sort.cuh)
  GSB_KERNEL_FOR_BAND(B) {
    constexpr int TILE = R + block_threads_log2(P);
    static_assert(TILE > R, "block of 128..1024 threads");
    row_pass<Bits, Value, P, TILE>(keys, vals, n, lo, cols_log2, flip, [&](Tile<Bits, Value>& tile, const RowTile& rt) {
      if (flip)
        row_tile_steps<R, TILE, true>(tile, rt, keys, vals, n, cols_log2);
      else
        row_tile_steps<R, TILE, false>(tile, rt, keys, vals, n, cols_log2);
    });
  }
}

// Odd-even merge row pass: the steps of stage `stage` on bits stage-1..lo (lo + S == stage, S = TILE - C) act
// on each residue class mod 2^lo alone; in a RowTile (no mirror) they are the tile's own odd-even merge steps on
// tile bits TILE-1..C (partner x + 2^b, both in the tile, since y + 2^b < 2^stage <=> x + 2^b < 2^TILE). The top
// R of them run on a class coset in registers loaded straight from global memory, the others one step at a
// time in shared memory (they are not closed under cosets: x + 2^b carries).
template <class Bits, class Value, int P, int R, arch::Band B>
__global__ void __launch_bounds__(P) odd_even_row_merge(Bits* keys, Value* vals, u64 n, int lo, int cols_log2) {
  wait_for_prior_grids();  // launched as a dependent of the pass before it (network_sort.cuh)
  GSB_KERNEL_FOR_BAND(B) {
    constexpr int TILE = R + block_threads_log2(P);
    static_assert(TILE > R, "block of 128..1024 threads");
    constexpr std::uint32_t T = 1u << TILE;
    auto steps = [&](Tile<Bits, Value>& tile, const RowTile& rt) {
      const int C = cols_log2;
      {
        Bits k[1 << R];
        Value v[1 << R];
        load_row_coset<R, TILE, false>(rt, keys, vals, n, k, v);
        odd_even_class_steps<R>(k, v, C - (TILE - R));
        fixed_put<R, TILE - R, false>(tile, k, v);
      }
      for (int b = TILE - R - 1; b >= C; --b) {
        __syncthreads();
        const std::uint32_t stride = 1u << b;
        for (std::uint32_t c = threadIdx.x; c < T / 2; c += P) {
          const std::uint32_t x = ((c >> b) << (b + 1)) | stride | (c & (stride - 1));
          if (x + stride < T) tile.compare(x, x + stride);
        }
      }
    };
    row_pass<Bits, Value, P, TILE>(keys, vals, n, lo, cols_log2, false, steps);
  }
}

// Odd-even merge, one step (stage, bit b) across memory: comparator c has lower end x = c with a 1 inserted
// at bit b, partner x + 2^b, when both lie in the same 2^stage block. Each thread takes Items comparators,
// blockDim apart (coalesced), for memory-level parallelism.
template <class Bits, class Value, int Items>
__global__ void __launch_bounds__(256) odd_even_global_stride(Bits* keys, Value* vals, u64 n, u64 comparators,
                                                              int stage, int b) {
  wait_for_prior_grids();  // launched as a dependent of the pass before it (network_sort.cuh)
  const u64 stride = u64{1} << b, block_mask = (u64{1} << stage) - 1;
  const u64 first = u64(blockIdx.x) * blockDim.x * Items + threadIdx.x;
  Bits ka[Items], kb[Items];
  Value va[Items], vb[Items];
  bool act[Items];
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const u64 c = first + u64(i) * blockDim.x;
    const u64 x = ((c >> b) << (b + 1)) | stride | (c & (stride - 1));
    act[i] = c < comparators && x + stride < n && (x & block_mask) + stride <= block_mask;
    if (act[i]) {
      ka[i] = keys[x];
      kb[i] = keys[x + stride];
      if constexpr (has_values_v<Value>) {
        va[i] = vals[x];
        vb[i] = vals[x + stride];
      }
    }
  }
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    if (!act[i] || !(ka[i] > kb[i])) continue;  // store only what moved
    const u64 c = first + u64(i) * blockDim.x;
    const u64 x = ((c >> b) << (b + 1)) | stride | (c & (stride - 1));
    keys[x] = kb[i];
    keys[x + stride] = ka[i];
    if constexpr (has_values_v<Value>) {
      vals[x] = vb[i];
      vals[x + stride] = va[i];
    }
  }
}

// Odd-even merge block sort: each thread sorts its 2^R consecutive elements in registers; then per stage the
// top R steps from a class coset in registers, and the steps below one at a time in shared memory.
template <class Bits, class Value, int P, int R, arch::Band B>
__global__ void __launch_bounds__(P) odd_even_block_sort(Bits* keys, Value* vals, u64 n, KeyCodec<Bits> codec,
                                                         int stages, bool decode) {
  wait_for_prior_grids();  // launched as a dependent of the pass before it (network_sort.cuh)
  GSB_KERNEL_FOR_BAND(B) {
    extern __shared__ __align__(16) unsigned char smem[];
    constexpr std::uint32_t T = std::uint32_t(P) << R;
    const u64 offset = u64(blockIdx.x) * T;
    Bits k[1 << R];
    Value v[1 << R];
    Layout cur = Layout::make<R>(threadIdx.x, 0, false);
    load_consecutive<R>(keys, vals, offset + cur.base, n, true, codec, k, v);
    sort_run<Network::odd_even_merge, R>(k, v, stages);
    if (stages > R) {
      Tile<Bits, Value> tile(smem, T);
      tile.template put<R>(cur, k, v);
      for (int s = R + 1; s <= stages; ++s) {
        __syncthreads();
        const Layout cls = Layout::make<R>(threadIdx.x, s - R, false);
        tile.template get<R>(cls, k, v);
        odd_even_class_steps<R>(k, v, 0);
        tile.template put<R>(cls, k, v);
        for (int b = s - R - 1; b >= 0; --b) {
          __syncthreads();
          const std::uint32_t stride = 1u << b, block_mask = (1u << s) - 1;
          for (std::uint32_t c = threadIdx.x; c < T / 2; c += P) {
            const std::uint32_t x = ((c >> b) << (b + 1)) | stride | (c & (stride - 1));
            if ((x & block_mask) + stride <= block_mask) tile.compare(x, x + stride);
          }
        }
      }
      __syncthreads();
      tile.template get<R>(cur, k, v);
    }
    store_consecutive<R>(keys, vals, offset + cur.base, n, decode, codec, k, v);
  }
}

// Odd-even merge halo pass: steps on bits top..0 of `stage` for the window [a, a + W), computed from
// [a - H, a + W + H) (H = 2^halo_log2 > the sum of the strides, so the window's results are exact); reads src,
// writes dst, since neighbouring blocks read each other's windows as halo.
template <class Bits, class Value, int P, int R, arch::Band B>
__global__ void __launch_bounds__(P) odd_even_halo_merge(const Bits* src_k, const Value* src_v, Bits* dst_k,
                                                         Value* dst_v, u64 n, KeyCodec<Bits> codec, int stage,
                                                         int top, int halo_log2, bool decode) {
  wait_for_prior_grids();  // launched as a dependent of the pass before it (network_sort.cuh)
  GSB_KERNEL_FOR_BAND(B) {
    extern __shared__ __align__(16) unsigned char smem[];
    constexpr std::uint32_t T = std::uint32_t(P) << R;
    const std::uint32_t H = 1u << halo_log2, W = T - 2 * H;
    const u64 a = u64(blockIdx.x) * W;
    Tile<Bits, Value> tile(smem, T);
    // Local i holds global a - H + i; below 0 nothing exists (no comparator reaches there).
    const std::uint32_t first = a >= H ? 0 : std::uint32_t(H - a);
    for (std::uint32_t i = threadIdx.x; i < T; i += P) {
      const u64 g = a + i - H;  // wraps for i < first; not used then
      const bool in = i >= first && g < n;
      tile.k[pad(i)] = in ? src_k[g] : infinity<Bits>();
      if constexpr (has_values_v<Value>) tile.v[pad(i)] = in ? src_v[g] : Value{};
    }
    const u64 block_mask = (u64{1} << stage) - 1;
    for (int b = top; b >= 0; --b) {
      __syncthreads();
      const std::uint32_t stride = 1u << b;
      for (std::uint32_t i = threadIdx.x + first; i + stride < T; i += P) {
        const u64 x = a + i - H;
        const u64 y = x & block_mask;
        if ((y & stride) && y + stride <= block_mask) tile.compare(i, i + stride);
      }
    }
    __syncthreads();
    for (std::uint32_t i = H + threadIdx.x; i < H + W; i += P) {
      const u64 g = a + i - H;
      if (g < n) {
        const Bits key = tile.k[pad(i)];
        dst_k[g] = decode ? codec.decode(key) : key;
        if constexpr (has_values_v<Value>) dst_v[g] = tile.v[pad(i)];
      }
    }
  }
}

}  // namespace gsb::network::device
