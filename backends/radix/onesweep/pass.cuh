// One digit pass of the `radix` back-end: a tile is loaded, its digits counted and published, its keys ranked in
// shared memory (warp-level multisplit), its digits' global offsets found by decoupled look-back, and scattered.
// The ranking and the look-back are functions of their own, tested alone (tests/radix/onesweep_parts_test.cu).
#pragma once

#include <cstdint>
#include <type_traits>

#include "radix/onesweep/histogram.cuh"

namespace gsb::radix::onesweep {

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
  unsigned stamp;                // 1..stamps_per_clear
  unsigned* tile_counter;
  unsigned prefetch_ahead;       // L2-prefetch the tile this many numbers ahead (0: none)
};

// Launch number `launch` of one sort's digit passes: its own look-back stamp (1..stamps_per_clear) and tile counter.
// The status rows are `banks` banks of status_bytes each (0: none need clearing), taken in turn for stamps_per_clear
// launches each; a bank taken again is cleared first, so no stamp of an earlier launch is read as this one's. Every
// bank's first turn relies on the sort's first clear (which clears them all): a sort of up to banks *
// stamps_per_clear launches clears none on the way (8-byte keys' 8 passes with two banks; with one, a memset
// between the 7th and 8th pass cost about 5 us of u64 keys' 71 at 1e4, H200, NOTES.md round 24).
// Returns whether it cleared a bank (a memset is then the stream's last operation).
template <class Bits, class Value>
bool stamp_launch(PassParams<Bits, Value>& prm, std::uint64_t launch, unsigned* tile_counters, unsigned* status,
                  std::size_t status_bytes, cudaStream_t stream, int banks = 1) {
  const std::uint64_t turn = launch / stamps_per_clear;
  unsigned* bank = status + (turn % banks) * (status_bytes / sizeof(unsigned));
  const bool clear = launch % stamps_per_clear == 0 && turn >= static_cast<std::uint64_t>(banks) && status_bytes != 0;
  if (clear) GSB_CUDA_TRY(cudaMemsetAsync(bank, 0, status_bytes, stream));
  prm.status = bank;
  prm.stamp = static_cast<unsigned>(launch % stamps_per_clear) + 1;
  prm.tile_counter = tile_counters + launch;
  return clear;
}

// Segmented passes (used by hybrid.cuh): the items form segments that are sorted independently by the pass's
// digit; tiles never straddle a segment, each segment has its own look-back chain and its digit starts at
// bins_in[segment * radix]. The pass's role is given, not derived from the histograms. A separate kernel
// parameter (NoSegments for the LSD passes): three more words in PassParams made ptxas spill the u32 pass.
struct SegmentTable {
  const unsigned* tiles;       // [count + 1]: first tile of each segment, then the tile total
  const std::uint64_t* items;  // [count + 1]: first item of each segment, then n
  unsigned count;
  int src_half;
  bool first;                  // encode on the way in
  const std::uint64_t* ends = nullptr;  // [count]: where each segment ends, where they do not meet (else items[s + 1])
  bool last = false;           // decode on the way out
  bool let_next_in = false;    // let the next kernel in once every block has begun (the hybrid path's plan)
  static constexpr bool claimed = false;    // the tiles' runs of a digit in tile order (the look-back)
  static constexpr bool any_order = false;  // equal digits leave a tile in input order (the passes are stable)
};
// The hybrid path's two MSD passes of keys alone: every bit below their digit is sorted afterwards and equal keys
// cannot be told apart, so the tiles' runs of a digit need not follow tile order: a tile claims each digit's run
// with one global atomic on that digit's cursor in its segment (claims, zeroed before the pass), where the look-back
// summed its predecessors' counts, waiting for each to publish. Ranked stably within a tile (rows of few digits,
// hybrid.hpp) ...
struct ClaimedSegments : SegmentTable {
  static constexpr bool claimed = true;
  unsigned* claims = nullptr;  // [count][radix]: keys of each segment's digits claimed so far
};
// ... or, as a rule, in any order: a tile's keys of one digit leave it in any order, their ranks the places the
// counting atomics hand out (count_tile_digits with WarpPlaces), not the ballots' stable ranks (rank_in_warp).
struct AnyOrderSegments : ClaimedSegments {
  static constexpr bool any_order = true;
};
struct NoSegments {
  static constexpr bool claimed = false;
  static constexpr bool any_order = false;
};

// The segment of a table (SegmentTable::tiles, `count` segments) that tile t belongs to: the last one whose first
// tile is <= t (segments without tiles share their successor's first tile).
__device__ __forceinline__ unsigned segment_of_tile(const unsigned* tiles, unsigned count, unsigned t) {
  unsigned lo = 0, hi = count;
  while (hi - lo > 1) {
    const unsigned mid = (lo + hi) / 2;
    if (tiles[mid] <= t) lo = mid;
    else hi = mid;
  }
  return lo;
}

template <class Bits, class Value, int RadixBits, int Threads, int Items, bool SharedValues = false>
struct PassShape {
  static constexpr int radix = 1 << RadixBits;
  static constexpr int threads = Threads;
  static constexpr int warps = Threads / 32;
  static constexpr int tile = Threads * Items;
  static constexpr int bins_per_thread = (radix + Threads - 1) / Threads;  // digits owned by one thread
  static constexpr bool with_values = has_values_v<Value>;
  // The values copied into shared memory at their load positions (cp.async), each ranked slot naming its value's
  // position there (src), in place of values held in registers (pass_tile).
  static constexpr bool shared_values = SharedValues && with_values;
  static constexpr std::size_t round16(std::size_t b) { return (b + 15) / 16 * 16; }
  // Shared memory: the tile's keys and values in ranked order (shared values: at their load positions), the per-warp
  // digit counts, the digit starts in the tile, the digit offsets in the output, the tile number (shared values: each
  // ranked slot's value position). Nothing aliases, so a key is stored at its rank as soon as the rank is known and
  // no rank is kept in registers.
  static constexpr std::size_t keys_offset = 0;
  static constexpr std::size_t values_offset = round16(sizeof(Bits) * tile);
  static constexpr std::size_t hist_offset = values_offset + (with_values ? round16(sizeof(Value) * tile) : 0);
  static constexpr std::size_t local_start_offset = hist_offset + round16(sizeof(unsigned) * warps * radix);
  static constexpr std::size_t base_offset = local_start_offset + round16(sizeof(unsigned) * radix);
  static constexpr std::size_t tile_id_offset = base_offset + sizeof(std::uint64_t) * radix;
  static constexpr std::size_t src_offset = tile_id_offset + 16;
  static constexpr std::size_t shared_bytes = src_offset + (shared_values ? round16(sizeof(std::uint16_t) * tile) : 0);
  static_assert(Threads % 32 == 0, "whole warps");
  static_assert(!shared_values || tile <= 0x10000, "a tile's positions fit 16 bits");
};

// The arrays of a tile in shared memory, laid out by PassShape S from `smem` (16-B aligned).
template <class S, class Bits, class Value>
struct TileArrays {
  Bits* keys;
  Value* values;
  unsigned* hist;  // [warps][radix]
  unsigned* local_start;
  std::uint64_t* base;
  unsigned* tile;  // [4]: the tile number, its segment, whether its keys have one digit
  std::uint16_t* src;  // (S::shared_values) the load position of each ranked slot's value
  __device__ explicit TileArrays(unsigned char* smem)
      : keys(reinterpret_cast<Bits*>(smem + S::keys_offset)),
        values(reinterpret_cast<Value*>(smem + S::values_offset)),
        hist(reinterpret_cast<unsigned*>(smem + S::hist_offset)),
        local_start(reinterpret_cast<unsigned*>(smem + S::local_start_offset)),
        base(reinterpret_cast<std::uint64_t*>(smem + S::base_offset)),
        tile(reinterpret_cast<unsigned*>(smem + S::tile_id_offset)),
        src(reinterpret_cast<std::uint16_t*>(smem + S::src_offset)) {}
};

// A prefetch into L2 of the line holding p (every architecture).
__device__ __forceinline__ void prefetch_l2_line(const void* p) {
  asm volatile("prefetch.global.L2 [%0];" ::"l"(p) : "memory");
}

// One bulk prefetch of [p, p + bytes) into L2 (p rounded down to 16 bytes; bytes a multiple of 16). The
// instruction exists from sm_90 on; policies of older bands set no prefetch distance (Tuning), and this compiles
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

// One bulk prefetch into L2 of the 16-byte-aligned part of [p, p + bytes) (which never reaches past the range, as a
// bulk prefetch must stay inside the array); nothing before sm_90.
__device__ __forceinline__ void prefetch_l2_inside(const void* p, std::size_t bytes) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t first = (a + 15) & ~std::uintptr_t{15}, last = (a + bytes) & ~std::uintptr_t{15};
  if (last > first) prefetch_l2_bulk(reinterpret_cast<const void*>(first), last - first);
}

// An asynchronous copy of one 4- or 8-byte value from global to shared memory (cp.async, from sm_80 on; a load and a
// store before), waited for by wait_copies_to_shared.
template <class T>
__device__ __forceinline__ void copy_to_shared_async(T* s, const T* g) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "cp.async copies 4, 8 or 16 bytes");
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(static_cast<unsigned>(__cvta_generic_to_shared(s))),
               "l"(g), "n"(static_cast<int>(sizeof(T)))
               : "memory");
#else
  *s = *g;
#endif
}
// Waits for this thread's copies (copy_to_shared_async); a barrier after it shows them to the block.
__device__ __forceinline__ void wait_copies_to_shared() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_all;" ::: "memory");
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
// (s_src: where the values lie at their load positions, S::shared_values, each ranked slot naming its value's;
// null where they lie in ranked order.)
template <class Bits, class Value, int Threads, int Items, bool WithValues, bool SharedValues = false>
__device__ __forceinline__ void scatter_tile(const Bits* s_keys, const Value* s_values, const std::uint64_t* s_base,
                                             int shift, int width, bool full, bool decode, int valid,
                                             const KeyCodec<Bits>& codec_out, Bits* keys_out, Value* values_out,
                                             const std::uint16_t* s_src = nullptr) {
  // One key (and value) out: decoded by the codec, or XORed with `mask` (0: as it is).
  auto one = [&](int u, bool with_decode, Bits mask) {
    const int i = u * Threads + static_cast<int>(threadIdx.x);
    const Bits k = s_keys[i];
    const std::uint64_t idx = s_base[digit_of(k, shift, width)] + static_cast<unsigned>(i);
    keys_out[idx] = with_decode ? codec_out.decode(k) : static_cast<Bits>(k ^ mask);
    if constexpr (WithValues) values_out[idx] = s_values[SharedValues ? s_src[i] : i];
  };
  if (full && !decode) {
#pragma unroll
    for (int u = 0; u < Items; ++u) one(u, false, Bits{0});
  } else if (!WithValues && full && codec_out.decode_is_xor()) {  // integer keys alone: one XOR (pass_tile's load)
    const Bits mask = codec_out.decode_mask_top0;
#pragma unroll
    for (int u = 0; u < Items; ++u) one(u, false, mask);
  } else {
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (u * Threads + static_cast<int>(threadIdx.x) < valid) one(u, decode, Bits{0});
  }
}

// The pieces of a tile's ranking, each tested on its own (tests/radix/onesweep_parts_test.cu). S is the
// pass's PassShape: S::warps warps, S::radix digits, thread t owning digits [t * S::bins_per_thread, (t + 1) *
// S::bins_per_thread); s_hist holds [warps][radix] counters, my_hist this warp's row.

// Where the counting atomics place a lane's keys among its warp's keys of the same digit, in whatever order the
// atomics are served: 16-bit halves, two keys to a register (a warp holds 32 * Items keys). Kept where the order of
// equal digits does not matter (AnyOrderSegments); NoPlaces where the stable ranking finds the ranks later.
// Same-address atomics whose returns are used are served one lane at a time: rows of keys of one or a few digits
// (sorted keys, few distinct keys) cost up to 32 rounds this way, where the stable ranking's one atomic a digit and
// warp costs one, so the hybrid path takes places only where its sample found no such rows (hybrid.cuh).
template <int Items>
struct WarpPlaces {
  static_assert(32 * Items <= 0x10000, "a warp's places fit 16 bits");
  unsigned half[(Items + 1) / 2];
  __device__ __forceinline__ void set(int u, unsigned place) {
    if (u % 2 == 0) half[u / 2] = place;
    else half[u / 2] |= place << 16;
  }
  __device__ __forceinline__ unsigned get(int u) const {
    return u % 2 == 0 ? half[u / 2] & 0xffffu : half[u / 2] >> 16;
  }
};
struct NoPlaces {};

// Counts the tile's digits per warp, then turns s_hist into each digit's exclusive prefix over warps. count[b] is
// the tile's count of this thread's b-th digit; returns their sum.
// With WarpPlaces, each of a lane's first real_items keys keeps its place (its counting atomic's return) and the
// padding after them (pad keys of the top digit, at the tile's end) takes no atomic: it is counted into the last
// warp's row, so that every real key of the top digit places before it, whichever warps hold it.
template <class S, class Bits, int Items, class Places = NoPlaces>
__device__ __forceinline__ unsigned count_tile_digits(const Bits (&keys)[Items], int shift, int width, unsigned* s_hist,
                                                      unsigned* my_hist, unsigned (&count)[S::bins_per_thread],
                                                      Places* places = nullptr, int real_items = Items,
                                                      unsigned pad = 0) {
  constexpr bool keep = !std::is_same_v<Places, NoPlaces>;
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    if constexpr (keep) {
      if (u < real_items) places->set(u, atomicAdd(&my_hist[digit_of(keys[u], shift, width)], 1u));
    } else {
      atomicAdd(&my_hist[digit_of(keys[u], shift, width)], 1u);
    }
  }
  __syncthreads();
  unsigned thread_total = 0;
#pragma unroll
  for (int b = 0; b < S::bins_per_thread; ++b) {
    const int d = threadIdx.x * S::bins_per_thread + b;
    unsigned sum = 0;
    if (d < S::radix) {
#pragma unroll
      for (int w = 0; w < S::warps; ++w) {
        const unsigned c = s_hist[w * S::radix + d] + (keep && w == S::warps - 1 && d == (1 << width) - 1 ? pad : 0u);
        s_hist[w * S::radix + d] = sum;
        sum += c;
      }
    }
    count[b] = sum;
    thread_total += sum;
  }
  return thread_total;
}

// Where each digit starts inside the tile (s_local_start; padding included: it sits at the very end), added to
// every warp's prefix, so that a warp's running count of a digit is directly the next rank for that digit.
template <class S>
__device__ __forceinline__ void start_tile_digits(unsigned thread_total, const unsigned (&count)[S::bins_per_thread],
                                                  unsigned* s_hist, unsigned* s_local_start) {
  __shared__ unsigned warp_sums[32];
  unsigned total;
  unsigned start = block_exclusive_sum<unsigned, S::threads>(thread_total, warp_sums, &total);
#pragma unroll
  for (int b = 0; b < S::bins_per_thread; ++b) {
    const int d = threadIdx.x * S::bins_per_thread + b;
    if (d < S::radix) {
      s_local_start[d] = start;
#pragma unroll
      for (int w = 0; w < S::warps; ++w) s_hist[w * S::radix + d] += start;
    }
    start += count[b];
  }
}

// Adds `by` to count `index` of an array of counts and returns what it held. Packed: counts of 16 bits, two to a
// 32-bit word (count i in the low half of word i / 2 where i is even, in the high half where odd), for counts and
// running starts that stay below 2^16 -- a block's bucket of at most 26624 keys (bucket_sort.cuh) -- so that no half
// carries into the other; they take half the shared memory.
template <bool Packed = false>
__device__ __forceinline__ unsigned add_count(unsigned* counts, unsigned index, unsigned by) {
  if constexpr (Packed) {
    const unsigned shift = (index & 1u) * 16u;
    return (atomicAdd(&counts[index >> 1], by << shift) >> shift) & 0xffffu;
  } else {
    return atomicAdd(&counts[index], by);
  }
}
// Count `index` of such an array (read, no add).
template <bool Packed = false>
__device__ __forceinline__ unsigned count_of(const unsigned* counts, unsigned index) {
  if constexpr (Packed) return (counts[index >> 1] >> ((index & 1u) * 16u)) & 0xffffu;
  return counts[index];
}

// A key's rank from its place (WarpPlaces) once start_tile_digits has turned my_hist into the warp's digit starts:
// the ranks of one digit's keys fill its run of the tile, in no particular order.
__device__ __forceinline__ unsigned placed_rank(unsigned digit, const unsigned* my_hist, unsigned place) {
  return my_hist[digit] + place;
}

// Warp-level multisplit: the lanes holding the same digit find each other; the last of them takes the digit's
// next ranks with one atomic on the warp's running count (16-bit counts where Packed: add_count) and passes the
// first to its peers by a shuffle. No item waits on the previous one's shared-memory round trip except through the
// atomic itself. Returns the rank.
template <int RadixBits, bool Packed = false>
__device__ __forceinline__ unsigned rank_in_warp(unsigned digit, unsigned* my_hist, unsigned lane) {
  const unsigned peers = same_digit_lanes<RadixBits>(digit);
  const int leader = 31 - __clz(peers);
  unsigned first = 0;
  if (static_cast<int>(lane) == leader) first = add_count<Packed>(my_hist, digit, static_cast<unsigned>(__popc(peers)));
  first = __shfl_sync(full_warp, first, leader);
  return first + __popc(peers & lanemask_lt());
}

__device__ __forceinline__ unsigned load_status(const unsigned* p) {
  unsigned v;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_status(unsigned* p, unsigned v) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

// Decoupled look-back for digit d of `tile` (> first_tile): the sum of the counts its predecessors published,
// back to and including the nearest inclusive prefix (a chain's first tile publishes one). Each thread reads
// `Window` predecessors' words at once, so one L2 round trip covers that many tiles; a word is re-read until it
// carries this launch's stamp.
//
// load_window issues one window's loads (v[k]: tile j - k, none before the chain's first tile); take_window adds its
// words up to the first inclusive one and says whether it met one; look_back_from walks from tile `from` on, adding
// to `before`.
template <int Window, int Radix>
__device__ __forceinline__ void load_window(unsigned (&v)[Window], const unsigned* status, int j, int chain_first,
                                            int d) {
#pragma unroll
  for (int k = 0; k < Window; ++k)
    v[k] = j - k >= chain_first ? load_status(status + static_cast<std::uint64_t>(j - k) * Radix + d) : 0u;
}
template <int Window, int Radix>
__device__ __forceinline__ bool take_window(unsigned (&v)[Window], const unsigned* status, int j, int chain_first, int d,
                                            unsigned stamp, unsigned& before) {
  bool done = false;
#pragma unroll
  for (int k = 0; k < Window; ++k) {
    if (!done && j - k >= chain_first) {
      while ((v[k] >> status_stamp_shift) != stamp)
        v[k] = load_status(status + static_cast<std::uint64_t>(j - k) * Radix + d);
      before += v[k] & status_count_mask;
      done = (v[k] & status_inclusive) != 0;
    }
  }
  return done;
}
template <int Window, int Radix>
__device__ __forceinline__ unsigned look_back_from(const unsigned* status, int from, int chain_first, int d,
                                                   unsigned stamp, unsigned before) {
  bool done = false;
  for (int j = from; !done; j -= Window) {
    unsigned v[Window];
    load_window<Window, Radix>(v, status, j, chain_first, d);
    done = take_window<Window, Radix>(v, status, j, chain_first, d, stamp, before);
  }
  return before;
}
template <int Window, int Radix>
__device__ __forceinline__ unsigned look_back(const unsigned* status, unsigned tile, unsigned first_tile, int d,
                                              unsigned stamp) {
  return look_back_from<Window, Radix>(status, static_cast<int>(tile) - 1, static_cast<int>(first_tile), d, stamp, 0u);
}

// The same look-back as a walk that advances one round trip at a time, so that its round trips can be spread over
// other work (pass_tile begins it before the ranking and steps it between ranked keys): begin() issues the first
// window's loads; step() takes that window's words (waited for only there), adds those that carry this launch's
// stamp in order up to the first inclusive one, and re-reads the window from the first word that did not carry it,
// so a predecessor that has not yet published holds up no ranking; finish() takes the words in flight and walks on
// as look_back does.
template <int Window, int Radix>
struct LookBack {
  const unsigned* status = nullptr;
  int next = 0;         // the tile whose word v[0] holds (v[k]: tile next - k)
  int chain_first = 0;  // the chain's first tile: its word is inclusive, so no walk goes past it
  int d = 0;
  unsigned stamp = 0;
  unsigned before = 0;
  bool done = true;     // nothing to walk until begin()
  unsigned v[Window];

  __device__ __forceinline__ void load() { load_window<Window, Radix>(v, status, next, chain_first, d); }
  __device__ __forceinline__ void begin(const unsigned* status_, unsigned tile, unsigned first_tile, int digit,
                                        unsigned stamp_) {
    status = status_;
    next = static_cast<int>(tile) - 1;
    chain_first = static_cast<int>(first_tile);
    d = digit;
    stamp = stamp_;
    before = 0;
    done = false;
    load();
  }
  __device__ __forceinline__ void step() {
    if (done) return;
    int used = 0;
    bool stalled = false;
#pragma unroll
    for (int k = 0; k < Window; ++k) {
      if (!done && !stalled && next - k >= chain_first) {
        if ((v[k] >> status_stamp_shift) != stamp) {
          stalled = true;
        } else {
          before += v[k] & status_count_mask;
          done = (v[k] & status_inclusive) != 0;
          used = k + 1;
        }
      }
    }
    if (!done) {
      next -= used;
      load();
    }
  }
  __device__ __forceinline__ void finish() {
    if (done) return;
    if (!take_window<Window, Radix>(v, status, next, chain_first, d, stamp, before))
      before = look_back_from<Window, Radix>(status, next - Window, chain_first, d, stamp, before);
    done = true;
  }
};

// Lookback: each thread reads `Window` predecessors' words at once, so one L2 round trip covers that many
// tiles. With one word per round trip a walk is as long as the number of tiles that start during one L2
// latency, and grows as the sort gets faster.
//
// Values travel in one of three ways (LateValues, SharedValues):
//  - false: loaded with the keys and held in registers through counting and ranking, stored at the key's rank;
//  - true (as CUB's onesweep agent orders it): the ranks are kept in registers instead, and the values are
//    loaded only after the ranking, before the look-back (whose L2 round trips then hide their latency) and
//    stored at their ranks after it. Each key's registers die as its rank is born, so the peak register demand
//    is the keys' alone (2 x Items for 8-byte keys) instead of keys + values (3 x Items with 4-byte values),
//    which lets a tile hold more items at the same register cap (used for 8-byte keys, Tuning);
//  - shared (P::shared_values): copied into shared memory at their load positions as the keys are loaded
//    (cp.async: no register holds them, and their loads complete behind the counting and ranking), each key's
//    rank slot noting its value's position (s_src), from which the scatter reads it. The register demand is the
//    keys' alone at the tile's size, so more blocks fit an SM (Tuning).
//
// Segmented (hybrid.cuh): each segment of the input is sorted on its own by this pass's digit, so the pass can
// follow an MSD pass. Tile numbers still come from one counter; a tile finds its segment by binary search.
template <class Bits, class Value, class P, class Segments>
__device__ __forceinline__ void pass_tile(const PassParams<Bits, Value>& prm, const Segments& seg) {
  constexpr int RadixBits = P::radix_bits, Threads = P::threads, Items = P::items, Window = P::window;
  constexpr bool LateValues = P::late_values;
  constexpr bool any_order = Segments::any_order;
  constexpr bool claimed = Segments::claimed;
  // 0: the look-back walks after the ranking (and none where the runs are claimed)
  constexpr int look_back_step = claimed ? 0 : P::look_back_step;
  constexpr bool Segmented = std::is_base_of_v<SegmentTable, Segments>;
  using S = PassShape<Bits, Value, RadixBits, Threads, Items, P::shared_values>;
  constexpr bool shared_values = S::shared_values;
  static_assert(!(claimed && S::with_values), "pairs keep equal keys in input order");
  constexpr int radix = S::radix;
  extern __shared__ __align__(16) unsigned char smem[];
  const TileArrays<S, Bits, Value> arrays(smem);
  Bits* s_keys = arrays.keys;
  Value* s_values = arrays.values;
  unsigned* s_hist = arrays.hist;  // [warps][radix]
  unsigned* s_local_start = arrays.local_start;
  std::uint64_t* s_base = arrays.base;
  unsigned* s_tile = arrays.tile;

  // Which passes run is decided on the device from the histograms (pass_plan.hpp); the block is uniform.
  PassRole role;
  if constexpr (Segmented) {
    if (seg.tiles[seg.count] == 0) return;  // an emptied table (the hybrid path fell back): no tile to sort
    role.run = true;
    role.src_half = seg.src_half;
    role.first = seg.first;
    role.last = seg.last;
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

  // Segmented over 2 .. Threads segments (the second MSD pass's 256): each thread copies one segment's first tile to
  // shared memory while the tile number arrives, and every thread finds the tile's segment there after the barrier
  // below, where thread 0 searched the table in global memory, a chain of dependent loads (8 for 257 entries) that the
  // whole block waited for at that barrier (ncu: 12% of the second pass's warp samples at 1e7, NOTES.md round 41).
  // The copy lives in s_base, which resolve_digit_starts writes only after two more barriers.
  [[maybe_unused]] unsigned* s_segment_firsts = reinterpret_cast<unsigned*>(s_base);
  auto search_shared = [&] {
    if constexpr (Segmented)
      return seg.count > 1 && seg.count <= static_cast<unsigned>(Threads) && seg.count <= 2u * radix;
    return false;
  };
  if constexpr (Segmented) {
    if (search_shared() && threadIdx.x < seg.count) s_segment_firsts[threadIdx.x] = seg.tiles[threadIdx.x];
  }
  if (threadIdx.x == 0) {
    const unsigned t = atomicAdd(prm.tile_counter, 1u);
    s_tile[0] = t;
    s_tile[2] = 0;  // whether every key of the tile has one digit (set after the counts)
    if constexpr (Segmented) {
      if (!search_shared()) s_tile[1] = segment_of_tile(seg.tiles, seg.count, t);
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
    unsigned segment;
    if (search_shared()) {
      segment = segment_of_tile(s_segment_firsts, seg.count, tile);
      if (threadIdx.x == 0) s_tile[1] = segment;  // (read again only after the barriers below)
    } else {
      segment = s_tile[1];
    }
    if (tile >= seg.tiles[seg.count]) return;  // the grid is sized for the most tiles possible
    first_tile = seg.tiles[segment];
    tile_base = seg.items[segment] + static_cast<std::uint64_t>(tile - first_tile) * S::tile;
    tile_end = seg.ends != nullptr ? seg.ends[segment] : seg.items[segment + 1];
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
  } else if (!S::with_values && full && codec_in.encode_is_xor()) {
    // Integer keys alone: one XOR, not the select by the top bit (i32 at 1e8, H200: radix-lsd 5-17 us faster, most on
    // skewed keys, NOTES.md round 17). With values the same branches measured 6-86 us slower (one run each), so
    // pairs keep the select.
    const Bits mask = codec_in.encode_mask_top0;
#pragma unroll
    for (int u = 0; u < Items; ++u) keys[u] = static_cast<Bits>(warp_keys[u * 32] ^ mask);
  } else if (full) {
#pragma unroll
    for (int u = 0; u < Items; ++u) keys[u] = codec_in.encode(warp_keys[u * 32]);
  } else {
#pragma unroll
    for (int u = 0; u < Items; ++u)
      keys[u] = warp_first + u * 32 < valid ? codec_in.encode(warp_keys[u * 32]) : static_cast<Bits>(~Bits{0});
  }
  constexpr bool late = S::with_values && LateValues && !shared_values;
  std::conditional_t<S::with_values, Value, char> values[Items];
  const Value* warp_values = nullptr;
  if constexpr (S::with_values) {
    warp_values = (from1 ? prm.values[1] : prm.values[0]) + prm.offset + tile_base + warp_first;
    if constexpr (shared_values) {
#pragma unroll
      for (int u = 0; u < Items; ++u)
        if (full || warp_first + u * 32 < valid)
          copy_to_shared_async(s_values + warp_first + u * 32, warp_values + u * 32);
    } else if constexpr (!late) {
#pragma unroll
      for (int u = 0; u < Items; ++u)
        if (full || warp_first + u * 32 < valid) values[u] = warp_values[u * 32];
    }
  }

  // Early counts (as Onesweep): count the digits per warp first, so the tile's counts are published before
  // the ranking, and look back only after the ranking, when predecessors are likely done.
  // (In any order, each key keeps the place its counting atomic hands out: its rank once the starts are known.)
  const unsigned pad = S::tile - valid;
  unsigned count[S::bins_per_thread];
  std::conditional_t<any_order, WarpPlaces<Items>, NoPlaces> places;
  const int real_items = full ? Items : max(0, min(Items, (valid - warp_first + 31) / 32));
  const unsigned thread_total =
      count_tile_digits<S>(keys, shift, width, s_hist, my_hist, count, &places, real_items, pad);
  // Publish this tile's counts (padding removed from the top digit) so successors can look back past us;
  // a chain's first tile has no predecessor and publishes its inclusive prefix directly.
  const unsigned top_digit = (1u << width) - 1u;
  unsigned* my_status = prm.status + static_cast<std::uint64_t>(tile) * radix;
  const unsigned stamp = prm.stamp << status_stamp_shift;
  // Or claim the runs: in any order now, so that the atomics' round trips pass while the tile ranks its keys; ranked
  // stably, after the ranking (held through it, the claims made ptxas spill 52 bytes in the u32 kernel; 40 so).
  // (Segmented: the segment's row, s_tile[1], read after count_tile_digits' barrier.)
  auto claim_run = [&](const auto& claimed_segments, int d, unsigned c) {  // (generic: compiled where called)
    return c == 0 ? 0u : atomicAdd(claimed_segments.claims + static_cast<std::uint64_t>(s_tile[1]) * radix + d, c);
  };
  [[maybe_unused]] unsigned run_claimed[any_order ? S::bins_per_thread : 1];
#pragma unroll
  for (int b = 0; b < S::bins_per_thread; ++b) {
    const int d = threadIdx.x * S::bins_per_thread + b;
    if (d < radix) {
      const unsigned c = count[b] - (static_cast<unsigned>(d) == top_digit ? pad : 0u);
      if constexpr (any_order) {
        run_claimed[b] = claim_run(seg, d, c);
      } else if constexpr (!claimed) {
        store_status(my_status + d, stamp | (tile == first_tile ? status_inclusive : 0u) | c);
      }
    }
  }
  // Where the policy says so (look_back_step > 0), the look-back walks start now, their round trips taken between
  // the ranked keys below (one every look_back_step keys) and the rest at resolve_digit_starts; otherwise they start
  // there, after the ranking, when the predecessors are more likely done.
  LookBack<Window, radix> walks[look_back_step > 0 ? S::bins_per_thread : 1];
  if constexpr (look_back_step > 0) {
#pragma unroll
    for (int b = 0; b < S::bins_per_thread; ++b) {
      const int d = threadIdx.x * S::bins_per_thread + b;
      if (d < radix && tile > first_tile) walks[b].begin(prm.status, tile, first_tile, d, prm.stamp);
    }
  }
  auto step_walks = [&] {
#pragma unroll
    for (int b = 0; b < S::bins_per_thread; ++b) walks[b].step();
  };
  // Whether this is a full tile whose keys all have one digit (sorted runs, few distinct keys, a skewed digit).
  if (full) {
#pragma unroll
    for (int b = 0; b < S::bins_per_thread; ++b)
      if (count[b] == static_cast<unsigned>(S::tile)) s_tile[2] = 1;
  }
  start_tile_digits<S>(thread_total, count, s_hist, s_local_start);
  __syncthreads();
  const bool one_digit = s_tile[2] != 0;  // block-uniform

  // Decoupled look-back, one digit per thread: add predecessors' counts until one carries an inclusive prefix (or
  // take the run claimed above); s_base[d] + (position in the tile) is then digit d's output index.
  // (Claimed runs hand no digit starts on: their launches' bins_out are null, every portion's cursors the same.)
  auto resolve_digit_starts = [&] {
#pragma unroll
    for (int b = 0; b < S::bins_per_thread; ++b) {
      const int d = threadIdx.x * S::bins_per_thread + b;
      if (d < radix) {
        const unsigned c = count[b] - (static_cast<unsigned>(d) == top_digit ? pad : 0u);
        unsigned before = 0;
        if constexpr (any_order) {
          before = run_claimed[b];
        } else if constexpr (claimed) {
          before = claim_run(seg, d, c);
        } else if (tile > first_tile) {
          if constexpr (look_back_step == 0) {
            before = look_back<Window, radix>(prm.status, tile, first_tile, d, prm.stamp);
          } else {
            walks[b].finish();
            before = walks[b].before;
          }
          store_status(my_status + d, stamp | status_inclusive | (before + c));
        }
        // (Segmented: the segment's digit starts; the segment number is re-read here rather than held in registers.)
        const std::uint64_t* bins_in =
            Segmented ? prm.bins_in + static_cast<std::uint64_t>(s_tile[1]) * radix : prm.bins_in;
        const std::uint64_t start = bins_in[d] + before;
        // (bins_in are global, across portions; the local start is subtracted here.)
        s_base[d] = start - s_local_start[d];
        if (prm.bins_out != nullptr && tile_base + S::tile >= prm.num_items) prm.bins_out[d] = start + c;
      }
    }
  };
  Value* values_out = nullptr;
  if constexpr (S::with_values) values_out = from1 ? prm.values[0] : prm.values[1];

  // A full tile whose keys all have one digit keeps its order. With values it goes straight from registers to its
  // digit's run, load position for load position, without the ranking or shared memory (as CUB's onesweep
  // short-circuits it). Late values are loaded after the look-back, all of them before the first store (stored one
  // by one after their loads, each store waited on its load: u64+u32 few distinct keys at 1e8, radix-lsd on an
  // H200, 6.29 -> 7.61 ms), and prefetched into L2 before it (the H100, which takes no bulk prefetch for pairs:
  // u64+u32 few distinct keys 7.74 -> 7.59 ms). Keys alone go through shared memory as any tile, their ranks the
  // load positions: straight from registers u64 keys were 1-2% slower (NOTES.md round 18).
  if constexpr (S::with_values && !shared_values) {  // (shared values: through shared memory as any tile)
    if (one_digit) {
      if constexpr (late) {
#pragma unroll
        for (int u = 0; u < Items; ++u) prefetch_l2_line(warp_values + u * 32);
      }
      resolve_digit_starts();
      __syncthreads();
      const std::uint64_t out = s_base[digit_of(keys[0], shift, width)] + static_cast<unsigned>(warp_first);
#pragma unroll
      for (int u = 0; u < Items; ++u) keys_out[out + u * 32] = decode ? codec_out.decode(keys[u]) : keys[u];
      if constexpr (late) {
#pragma unroll
        for (int u = 0; u < Items; ++u) values[u] = warp_values[u * 32];
      }
#pragma unroll
      for (int u = 0; u < Items; ++u) values_out[out + u * 32] = values[u];
      return;
    }
  }

  // Rank and place in shared memory (rank_in_warp, or placed_rank in any order, the padding at its own positions at
  // the tile's end; a tile of one digit keeps its order).
  std::conditional_t<late, unsigned, char> ranks[Items];
  auto place = [&](int u, unsigned rank) {
    s_keys[rank] = keys[u];
    if constexpr (shared_values) arrays.src[rank] = static_cast<std::uint16_t>(warp_first + u * 32);
    else if constexpr (late) ranks[u] = rank;
    else if constexpr (S::with_values) s_values[rank] = values[u];
  };
  if (one_digit) {
#pragma unroll
    for (int u = 0; u < Items; ++u) place(u, static_cast<unsigned>(warp_first + u * 32));
  } else {
#pragma unroll
    for (int u = 0; u < Items; ++u) {
      const unsigned digit = digit_of(keys[u], shift, width);
      if constexpr (any_order)  // (the padding ranks at its own positions, the tile's last)
        place(u, u < real_items ? placed_rank(digit, my_hist, places.get(u))
                                : static_cast<unsigned>(warp_first + u * 32));
      else
        place(u, rank_in_warp<RadixBits>(digit, my_hist, lane));
      if constexpr (look_back_step > 0) {
        if ((u + 1) % look_back_step == 0) step_walks();
      }
    }
  }
  if constexpr (late) {
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (full || warp_first + u * 32 < valid) values[u] = warp_values[u * 32];
  }
  resolve_digit_starts();
  if constexpr (late) {
#pragma unroll
    for (int u = 0; u < Items; ++u) s_values[ranks[u]] = values[u];  // padding positions get unused values
  }
  if constexpr (shared_values) wait_copies_to_shared();  // (the barrier shows every thread's to the block)
  __syncthreads();

  scatter_tile<Bits, Value, Threads, Items, S::with_values, shared_values>(
      s_keys, s_values, s_base, shift, width, full, decode, valid, codec_out, keys_out, values_out, arrays.src);
  (void)values;
  (void)ranks;
}

// One tile of a digit pass (pass_tile), for the architecture band of policy P (arch.hpp): compiled only where that
// band's device code is built.
template <class Bits, class Value, class P, class Segments = NoSegments>
__global__ void __launch_bounds__(P::threads, arch::compiles_for<P::band>() ? P::min_blocks : 1)
    pass_kernel(const PassParams<Bits, Value> prm, const Segments seg) {
  // The LSD passes launch each pass as a dependent of the kernel before it (dispatch.cuh): nothing is read before
  // that kernel has completed. The next pass is let in only as this one's blocks end (no explicit trigger): let in
  // as soon as every block had started, u32+u32 keys on entropy inputs at 1e8 took 2% longer and u32 keys at 2^20
  // 3 us (H200, NOTES.md round 28), against no loss anywhere without the trigger. (The hybrid path's first MSD pass
  // lets in its plan, which does its work beside the pass's last wave and waits for the pass only at its end.)
  wait_for_prior_grids();
  if constexpr (std::is_base_of_v<SegmentTable, Segments>) {
    if (seg.let_next_in) allow_dependent_grids();  // (after the wait: the kernel let in relies on what it covers)
  }
  GSB_KERNEL_FOR_BAND(P::band) pass_tile<Bits, Value, P, Segments>(prm, seg);
}

}  // namespace gsb::radix::onesweep
