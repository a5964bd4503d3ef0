// The hybrid path's small buckets one warp each (hybrid.cuh, step 5; bucket_sort.cuh launches it for the size
// classes it holds). Below 2.6e7 4-byte keys (where the path began before) a 16-bit bucket holds a few hundred keys,
// and a block per bucket costs its barriers, block-wide scans of 256 digits and a round trip to memory whatever the
// bucket's size: at 2^22 u32 keys (64 keys a bucket) bucket_sort_kernel took 202 us of the path's kernels' 350 under
// ncu (clocks at base), the path 274 us timed, where the LSD passes take 138 in all (H200, NOTES.md round 26). Here a
// warp owns a bucket from load to store: no block barrier, a warp-wide scan of its 256 digits, and the block's warps
// sort as many buckets at once, each going at its own pace (47 us there under ncu with the clocks free; the path 153
// us timed).
//
// Per warp, in shared memory: two sets of 256 digit counts (16 bits, two to a word, for 4-byte keys: add_count's
// packed form, a bucket holding fewer than 2^16 keys; 32 bits for 8-byte keys: warp_bucket_packed) and two buffers
// of the launch's largest bucket (keys, and values beside them). The rounds are bucket_sort_kernel's: 8 bits each
// from bit 0 (bucket_rounds), keys alone round 0 a counting sort in no particular order within a digit (equal keys
// are all that it may reorder: see bucket_sort.cuh), every other round stable, ranked row by row (32 keys) by
// rank_in_warp; round r counts round r + 1's digit into the other set as it places. The result ends in buffer a (an
// even number of rounds) and is written back where the bucket came from, decoded. 4-byte keys alone in small buckets
// whose runs (keys of one digit of bits 8 .. 15) are short take two steps instead: a counting sort by bits 8 .. 15,
// then each run sorted by comparison (warp_bucket_by_runs_keys, warp_bucket_run_most); so do 4-byte keys with 4-byte
// values in every bucket, each key a word of its low half over its position (warp_bucket_carry_by_runs).
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "gsb/arch.hpp"
#include "radix/onesweep/hybrid.hpp"
#include "radix/onesweep/pass.cuh"

namespace gsb::radix::onesweep {

// The buckets one launch of the bucket sort (or its paired warps) visits, by slot (a warp's or a block's): every 16-bit
// bucket, slot s bucket s (list null), or the `size` buckets of a list (hybrid_plan_kernel's buckets past the first
// launch's bound, so that the launches for larger classes are as many blocks as those buckets, not one a bucket of all
// 65536: the 1/256 of finite f32 keys' buckets twice the mean took a launch of 25 us at 1e7, NOTES.md round 35).
struct BucketSlots {
  const unsigned* list;
  unsigned size;
  // Whether slot s holds a bucket, and which.
  __device__ __forceinline__ bool bucket(unsigned s, unsigned& b) const {
    if (s >= size) return false;
    b = list == nullptr ? s : __ldg(&list[s]);
    return true;
  }
};

// Warps per block of the warp kernel (each its own bucket; the block is only the unit of launch).
inline constexpr int warp_bucket_warps = 4;
static_assert(hybrid_buckets % warp_bucket_warps == 0, "whole blocks of buckets");
// The words of one of a warp's two count sets: 256 counts of 16 bits, two to a word (Packed), or of 32.
template <bool Packed>
inline constexpr int warp_bucket_set_words = Packed ? 128 : 256;
// 16-bit counts for 4-byte keys, 32-bit ones for 8-byte keys: their six rounds count three times as often, and the
// halves' shifts and masks cost more than the shared memory saved (warps resident). Measured (H200, NOTES.md round
// 26, the path forced, 16- / 32-bit counts, us): u64 keys at 2^24 692 / 671, u64+u32 at 2.6e7 1371 / 1302, u64+u64
// at 2^24 1051 / 1014; u32+u32 at 2.6e7 714 / 739, u32+u64 at 2^24 581 / 609, u32 keys at 2^22 153 / 157.
template <class Bits>
inline constexpr bool warp_bucket_packed = sizeof(Bits) == 4;
// The largest bucket a warp sorts (its 16-bit counts and starts hold the bucket and its last row's padding).
inline constexpr unsigned warp_bucket_most_keys = 4096;

// 4-byte keys alone (two rounds) are sorted by their runs -- keys of one digit of bits 8 .. 15 -- in buckets of up to
// warp_bucket_by_runs_keys keys whose longest run holds at most warp_bucket_run_most (warp_bucket_sort_kernel): each
// key is ranked by comparing it with every key of its run, and a row of 32 keys takes as long as its longest run, so
// this pays where runs are short: uniform keys' hold bucket / 256 keys on average, and their longest about 3 standard
// deviations more. Measured (H200, NOTES.md round 32, uniform u32 keys, medians of 10, us, rounds / by runs at every
// size up to 4096 keys): 1e7 (buckets of about 152 keys) 218.0 / 209.7, 2^24 (256) 308.1 / 305.2, 2.6e7 (397) 424.5 /
// 434.4, 3.6e7 (549) 560.5 / 584.3. Up to 320 keys rather than 256 (NOTES.md round 37, alternated twice, us): u32
// 2^24 288.0 / 288.2 -> 285.5 / 285.2, i32 291.2 / 290.7 -> 287.8 / 288.0, f32 293.3 / 292.9 -> 290.2 / 288.8, u32
// 2e7 326.5 / 327.0 -> 324.5 / 324.3, f32 333.4 / 334.0 -> 330.5 / 330.4; elsewhere within 1.5 us either way (384:
// no better).
inline constexpr unsigned warp_bucket_by_runs_keys = 320;
inline constexpr unsigned warp_bucket_run_most = 8;
// From warp_bucket_run_places_from keys on, sorting by runs holds each key with its place in the bucket in its low
// place_bits, and each digit's run as one 16-bit field (its start in the low place_bits, its length above), so that a
// key is ranked by one comparison a key of its run, not three; below, the fields and the places cost more than that
// saves. Measured (H200, NOTES.md round 42, uniform u32 / i32 / f32 keys, medians of 10 alternated twice, us, from
// none / 128 / 160 / every size): 2^22 (buckets of 64 keys) 106.7 / 106.6 / 106.8 / 108.2 (u32); 2^24 (256) 280.9 /
// 277.7 / 278.5 / 277.8 (u32), 281.9 / 279.2 / 279.9 / 279.5 (i32); 2e7 (305) 319.2 / 316.6 / 316.6 / 316.3 (u32),
// 322.3 / 319.3 / 318.4 / 319.5 (i32); 1e7 (153) and 6e6 (92) within 1 us of each other.
inline constexpr int warp_bucket_run_place_bits = 9;
inline constexpr unsigned warp_bucket_run_place_mask = (1u << warp_bucket_run_place_bits) - 1;
static_assert(warp_bucket_by_runs_keys <= 1u << warp_bucket_run_place_bits &&
                  warp_bucket_run_most < 1u << (16 - warp_bucket_run_place_bits),
              "a run's start and length in 16 bits");
inline constexpr unsigned warp_bucket_run_places_from = 128;
// 4-byte keys with 4-byte values are sorted by runs too (every bucket a warp takes, runs of at most
// warp_bucket_carry_run_most), each key held as a word of its low half over its input position, as bucket_sort.cuh's
// two-buffer kernel holds them (bucket_carry_by_runs): the position orders equal keys in input order, so the sort stays
// stable, and tells where the key's value is, which the store reads from there. In place of two stable rounds ranked
// by 8 ballots a key each: at 2^22 u32+u32 (64 pairs a bucket) those took 85 us of the path's 236 under ncu (clocks at
// base). H200, radix us, the rounds / by runs, alternated twice, cub-radix in every run, every case validated (session
// 71 rounds 5-6, NOTES.md round 55): u32+u32 2^22 179.4 / 161.0 (1.20x -> 1.34x cub-radix), 1e7 313.3 / 283.7 (1.28x
// -> 1.41x), 2^24 465.4 / 432.3 (1.31x -> 1.41x); i32+u32 and f32+u32 alike; sorted pairs 11-22% faster; skewed ones
// (the LSD passes after the sample) unchanged. At every size a warp takes with runs to 16 (below), rather than to 320
// keys with runs to 8 as keys alone: u32+u32 2.6e7 685.6 / 652.0, 3e7 798.9 / 764.8, 3.5e7 974.7 / 939.9 (1.27x ->
// 1.33x at 3e7); the smaller sizes within 1%. (With 8-byte values the block kernel's form lost, so they keep the rounds
// here too.)
template <class Bits, class Value>
inline constexpr bool warp_bucket_carry_by_runs = sizeof(Bits) == 4 && has_values_v<Value> && sizeof(Value) == 4;
// Those at every size a warp takes, with runs of up to this many keys (their buckets' mean run, bucket / 256, is at
// most 1.5 at the 384 keys warps take alone and 3 at the 768 of paired warps: warp_bucket_pays_most).
inline constexpr unsigned warp_bucket_carry_run_most = 16;
// Where warps take a launch's buckets of up to `keys` keys in place of blocks (bucket_shape_for): up to 1024 keys
// of 4 bytes alone, 768 where a key and its value take 8 bytes, 640 beyond. Measured (H200, NOTES.md round 26, the
// path forced, warps against the better of 64- and 128-thread blocks, buckets of uniform keys to about 560 / 740 /
// 980 keys at 2.6e7 / 3.6e7 / 5e7): u32 keys 465.5 / 556.1, 614.0 / 689.2, 839.7 / 872.6 us; u32+u32 709.2 / 826.3,
// 1022.2 / 1031.9, 1491.1 / 1399.8; u64 1019.3 / 1277.9, 1503.1 / 1577.1, 2258.0 / 2028.5; u32+u64 901.6 / 953.8,
// 1331.4 / 1264.1; u64+u32 1363.4 / 1535.8, 2030.9 / 1909.3; u64+u64 1677.2 / 1767.3, 2710.1 / 2243.9.
// 4-byte keys with 4-byte values (warp_bucket_carry_by_runs) only to 384 since 128-thread blocks sort them by runs of
// 9 digit bits (bucket_carry_digit_bits; NOTES.md round 62). H200, radix us, the rule (warps to a largest bucket of
// 768) / 128-thread blocks forced, alternated twice, cub-radix in every run (session 81 round 2, NOTES.md round 63):
// u32+u32 2^24 (largest bucket about 330) 427.9-428.0 / 448.6-453.4; 2e7 (about 380) 507.1-509.6 / 510.8-511.3; 2.6e7
// (480) 644.4-646.7 / 613.4-614.8; 3.5e7 (620) 939.9-945.4 / 784.9-787.9; 4e7 (715) 1066.1-1071.6 / 883.9-892.7;
// f32+u32 (buckets to twice the mean) 2e7 524.6 / 510.2-514.1, 2.6e7 673.4-677.2 / 620.1-624.6.
template <class Bits, class Value>
inline constexpr unsigned warp_bucket_pays_most =
    warp_bucket_carry_by_runs<Bits, Value>                      ? 384
    : sizeof(Bits) + (has_values_v<Value> ? sizeof(Value) : 0) <= 4 ? 1024
    : sizeof(Bits) + (has_values_v<Value> ? sizeof(Value) : 0) <= 8 ? 768
                                                                    : 640;
template <class Bits, class Value>
constexpr bool warp_bucket_pays(unsigned keys) {
  return keys <= warp_bucket_pays_most<Bits, Value>;
}
static_assert(warp_bucket_most_keys <= 1u << 16, "a key's position in the 16 bits below its low half");

// Sorting by runs the words of keys that carry their positions (the warps' warp_bucket_carry_by_runs and the blocks'
// bucket_carry_by_runs, bucket_sort.cuh), in two steps that each thread of Stride calls from `first` on, with one count
// a digit in `counts` (16 bits where Packed: add_count). Placing: each word src[i] (position << 16 | low half, for
// i < size) turned to low half << 16 | position and stored in dst in the run of its digit d (its top DigitBits bits)
// at the place that adding one to count d gives out (the counts: where each run starts), in no order within the run.
// (One word w of src: place_carried_word.)
template <int DigitBits, bool Packed, class Word>
__device__ __forceinline__ void place_carried_word(std::uint32_t w, Word* dst, unsigned* counts) {
  const std::uint32_t word = __funnelshift_l(w, w, 16);  // low half << 16 | position
  dst[add_count<Packed>(counts, word >> (32 - DigitBits), 1u)] = static_cast<Word>(word);
}
template <unsigned Stride, int DigitBits, bool Packed, class Word>
__device__ __forceinline__ void place_carried_words(const Word* src, Word* dst, unsigned first, unsigned size,
                                                    unsigned* counts) {
  static_assert(sizeof(Word) == 4, "a carried key: one 32-bit word");
#pragma unroll 4
  for (unsigned i = first; i < size; i += Stride)
    place_carried_word<DigitBits, Packed>(static_cast<std::uint32_t>(src[i]), dst, counts);
}
// Ranking, the counts then where each run ends (digit d's run is [count d - 1, count d), from 0 for d = 0): each word
// of dst (for i < size) ranked within its run by the run's words below it (its key's bits below the digit, then its
// position: all distinct), out(rank, word).
// (One placed word of dst: carried_word_rank.)
template <int DigitBits, bool Packed, class Word>
__device__ __forceinline__ unsigned carried_word_rank(const Word* dst, std::uint32_t word, const unsigned* counts) {
  const unsigned d = word >> (32 - DigitBits);
  const unsigned begin = d == 0 ? 0u : count_of<Packed>(counts, d - 1), end = count_of<Packed>(counts, d);
  unsigned rank = begin;
  for (unsigned j = begin; j < end; ++j) rank += static_cast<std::uint32_t>(dst[j]) < word ? 1u : 0u;
  return rank;
}
template <unsigned Stride, int DigitBits, bool Packed, int Unroll, class Word, class Out>
__device__ __forceinline__ void rank_carried_words(const Word* dst, unsigned first, unsigned size,
                                                   const unsigned* counts, Out out) {
#pragma unroll Unroll
  for (unsigned i = first; i < size; i += Stride) {
    const auto word = static_cast<std::uint32_t>(dst[i]);
    out(carried_word_rank<DigitBits, Packed>(dst, word, counts), word);
  }
}

// The blocks per SM the kernel asks __launch_bounds__ for (its register cap): for 4-byte keys alone, as many as hold
// warp_bucket_registers each (what the kernel took before it sorted by runs; ptxas 13.0 sm_90 took 40 unasked, which
// keeps 48 warps of an SM's 64 resident: u32 keys at 1e7 211.1 us against 209.7 at 32, NOTES.md round 32) or as many
// as the SM's threads hold, where those are fewer (sm75, sm86: 8 and 12 blocks, caps of 64 and 42 registers), else
// none asked.
inline constexpr int warp_bucket_registers = 32;
template <class Bits, class Value>
inline constexpr int warp_bucket_min_blocks =
    sizeof(Bits) == 4 && !has_values_v<Value>
        ? std::min(arch::compiling_registers_per_sm / (warp_bucket_warps * 32 * warp_bucket_registers),
                   arch::compiling_max_threads_per_sm / (warp_bucket_warps * 32))
        : 0;

// The keys a warp's buffers are sized for, for buckets of up to `keys` keys: whole rows of 32.
constexpr unsigned warp_bucket_stride(unsigned keys) { return (keys + 31u) / 32u * 32u; }
// Whether paired warps of a launch whose warps hold `buffer_keys` keys hold buckets of up to `paired_keys` (two warps'
// buffers, and counts within warp_bucket_most_keys).
constexpr bool warp_bucket_pairs_hold(unsigned buffer_keys, unsigned paired_keys) {
  return paired_keys <= 2 * warp_bucket_stride(buffer_keys) && paired_keys <= warp_bucket_most_keys;
}
// The blocks of a warp launch that sort `paired` listed buckets, two warps' shared memory each
// (warp_bucket_sort_kernel).
constexpr unsigned warp_bucket_paired_blocks(unsigned paired) {
  return (paired + warp_bucket_warps / 2 - 1) / (warp_bucket_warps / 2);
}
// Shared memory of one warp for buckets of up to `keys` keys: its count sets and two buffers of keys and values.
template <class Bits, class Value, bool Packed>
constexpr long long warp_bucket_warp_bytes(unsigned keys) {
  const long long item = static_cast<long long>(sizeof(Bits)) + (has_values_v<Value> ? sizeof(Value) : 0);
  return 2LL * warp_bucket_set_words<Packed> * 4 + 2LL * warp_bucket_stride(keys) * item;
}
template <class Bits, class Value>
constexpr long long warp_bucket_block_bytes(unsigned keys) {
  return warp_bucket_warps * warp_bucket_warp_bytes<Bits, Value, warp_bucket_packed<Bits>>(keys);
}

// Digit counts of one set (256, packed two to a word) -> each digit's exclusive start, within one warp: lane l owns
// words 4l .. 4l + 3 (digits 8l .. 8l + 7). Every start stays below 2^16 (the bucket and the padding of its last row).
// Returns the largest count (to every lane; 0 unless Most).
template <bool Packed, bool Most = true>
__device__ __forceinline__ unsigned warp_scan_counts(unsigned* set, unsigned lane) {
  unsigned c[8];
  if constexpr (Packed) {
    const uint4 w = reinterpret_cast<uint4*>(set)[lane];
    const unsigned words[4] = {w.x, w.y, w.z, w.w};
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      c[2 * j] = words[j] & 0xffffu;
      c[2 * j + 1] = words[j] >> 16;
    }
  } else {
    const uint4 a = reinterpret_cast<uint4*>(set)[2 * lane], b = reinterpret_cast<uint4*>(set)[2 * lane + 1];
    c[0] = a.x, c[1] = a.y, c[2] = a.z, c[3] = a.w, c[4] = b.x, c[5] = b.y, c[6] = b.z, c[7] = b.w;
  }
  unsigned sum = 0, most = 0;
#pragma unroll
  for (int j = 0; j < 8; ++j) {
    sum += c[j];
    most = max(most, c[j]);
  }
  unsigned run = warp_inclusive_sum(sum) - sum;
  unsigned s[8];
#pragma unroll
  for (int j = 0; j < 8; ++j) {
    s[j] = run;
    run += c[j];
  }
  if constexpr (Packed) {
    reinterpret_cast<uint4*>(set)[lane] = make_uint4(s[0] | s[1] << 16, s[2] | s[3] << 16, s[4] | s[5] << 16,
                                                     s[6] | s[7] << 16);
  } else {
    reinterpret_cast<uint4*>(set)[2 * lane] = make_uint4(s[0], s[1], s[2], s[3]);
    reinterpret_cast<uint4*>(set)[2 * lane + 1] = make_uint4(s[4], s[5], s[6], s[7]);
  }
  if constexpr (Most) return warp_reduce_max(most);
  return 0;
}

// f(i) for i = lane, lane + 32, ... below size, unrolled by Unroll: WholeWarp, the whole warp taking each row of 32
// together (a lane past the end idles in the last row); else each lane its own rows. Where a bucket's size is not a
// multiple of 32 its lanes take different numbers of rows, and an unrolled loop over each lane's own runs its remainder
// and its unrolled body one after the other (3 rows and 4 ran 7 bodies: the MSD runs of bucket_sort.cuh, NOTES.md
// round 44). The warp kernel takes whole-warp rows except for 4-byte keys alone (warp_bucket_whole_rows).
template <int Unroll, bool WholeWarp, class F>
__device__ __forceinline__ void warp_rows(unsigned size, unsigned lane, F f) {
  if constexpr (WholeWarp) {
#pragma unroll Unroll
    for (unsigned base = 0; base < size; base += 32) {
      const unsigned at = base + lane;
      if (at < size) f(at);
    }
  } else {
#pragma unroll Unroll
    for (unsigned at = lane; at < size; at += 32) f(at);
  }
}
// Whether the warp kernel's loops (and its load) take whole-warp rows (warp_rows). H200, radix us, each lane's rows /
// whole-warp rows for pairs and 8-byte keys, alternated twice, 10 repetitions (session 60 round 7, NOTES.md round
// 44): u64+u64 at 2^24 988.4-988.6 / 964.3-967.3, u32+u64 542.9-544.3 / 533.0-533.2, u32+u32 467.0-468.7 /
// 460.3-460.7, u64 alone 588.8-589.0 / 578.8-578.9; at 1e7 u32+u32 307.7-307.9 / 305.6-306.4, u64 387.9-389.1 /
// 384.5. Whole-warp rows for 4-byte keys alone as well cost them 2% at 1e7 (round 5: u32 175.5-177.3 / 178.7-178.8).
template <class Bits, class Value>
inline constexpr bool warp_bucket_whole_rows = has_values_v<Value> || sizeof(Bits) == 8;

// Warp w of block b sorts the 16-bit bucket of slot b * warp_bucket_warps + w if it holds size_above + 1 ..
// buffer_keys keys (the host checked buffer_keys against the shared memory), in place, keys decoded. Blocks of their
// own come first (paired_blocks): in them warps 0 and 2 each sort a bucket of `paired` of buffer_keys + 1 ..
// paired_keys keys (at most twice their buffers: the host checked) with their own and the next warp's shared memory,
// so that the launch also takes the class of buckets the next would (launch_bucket_sort). Nothing here waits on
// another warp, so a warp whose bucket is not this launch's returns at once.
template <class Bits, class Value, bool Packed>
__global__ void __launch_bounds__(warp_bucket_warps * 32, warp_bucket_min_blocks<Bits, Value>)
    warp_bucket_sort_kernel(Bits* keys, Value* values, const unsigned* counts, const std::uint64_t* starts,
                            KeyCodec<Bits> codec, unsigned size_above, unsigned buffer_keys, BucketSlots visit,
                            BucketSlots paired, unsigned paired_keys) {
  constexpr int rounds = bucket_rounds<Bits>;
  constexpr bool with_values = has_values_v<Value>;
  constexpr int load_unroll = 8;
  static_assert(rounds % 2 == 0, "the rounds end in buffer a");
  static_assert(!with_values || sizeof(Value) % 4 == 0, "values of whole 4-byte words");
  extern __shared__ __align__(16) unsigned char s_warp_buffers[];
  wait_for_prior_grids();  // launched as a dependent of the kernel before it (launch_bucket_sort)
  allow_dependent_grids();
  const unsigned warp = threadIdx.x / 32;
  const unsigned lane = lane_id();
  static_assert(warp_bucket_warps % 2 == 0, "pairs of warps");
  const unsigned paired_blocks = warp_bucket_paired_blocks(paired.size);
  const bool pair = blockIdx.x < paired_blocks;
  unsigned bucket, above = size_above, most = buffer_keys;
  if (pair) {
    if (warp % 2 != 0 || !paired.bucket(blockIdx.x * (warp_bucket_warps / 2) + warp / 2, bucket)) return;
    above = buffer_keys;
    most = paired_keys;
  } else if (!visit.bucket((blockIdx.x - paired_blocks) * warp_bucket_warps + warp, bucket)) {
    return;
  }
  const unsigned size = counts[bucket];
  const std::uint64_t start = starts[bucket];
  // (The last test never holds, start <= n: the branch then waits for both loads at once.)
  if (size <= above || size > most || start > hybrid_max_items) return;
  Bits* data = keys + start;
  [[maybe_unused]] Value* vdata = nullptr;
  if constexpr (with_values) vdata = values + start;
  const bool decode = !codec.is_identity();
  if (size == 1) {
    if (lane == 0 && decode) data[0] = codec.decode(data[0]);
    return;
  }
  const unsigned stride = warp_bucket_stride(buffer_keys) * (pair ? 2u : 1u);  // a pair's region: two warps'
  constexpr int set_words = warp_bucket_set_words<Packed>;
  unsigned char* mine = s_warp_buffers + warp * warp_bucket_warp_bytes<Bits, Value, Packed>(buffer_keys);
  unsigned* sets = reinterpret_cast<unsigned*>(mine);  // [2][set_words]
  Bits* ka = reinterpret_cast<Bits*>(sets + 2 * set_words);
  Bits* kb = ka + stride;
  [[maybe_unused]] Value* va = reinterpret_cast<Value*>(kb + stride);
  [[maybe_unused]] Value* vb = va + stride;
  auto set = [&](int r) { return sets + (r % 2) * set_words; };
  auto count = [](unsigned* counts_set, unsigned digit) { add_count<Packed>(counts_set, digit, 1u); };
#pragma unroll
  for (int i = 0; i < 2 * set_words / 32; ++i) sets[i * 32 + lane] = 0;
  __syncwarp();

  // Load into a, counting round 0's digit: whole groups of rows without bounds checks, then the rest.
  // (Every load of a group is issued before the first key is counted: one round trip to memory a group.)
  // 4-byte keys alone in small buckets, and 4-byte keys with 4-byte values: by their runs where those are short
  // (below), counting the digit of bits 8 .. 15 as they load.
  // (The digit a compile-time constant in each of the two loads: chosen at run time, its shifts took 2 selects and
  // more a key, NOTES.md round 41.)
  constexpr bool carry = warp_bucket_carry_by_runs<Bits, Value>;  // 4-byte keys with 4-byte values: words by runs
  constexpr bool may_sort_by_runs = (!with_values && rounds == 2) || carry;  // 4-byte keys (alone or carrying)
  constexpr bool whole_rows = warp_bucket_whole_rows<Bits, Value>;
  static_assert(!may_sort_by_runs || Packed, "sorting by runs reads 16-bit counts, two to a word");
  const bool by_runs = may_sort_by_runs && (carry || size <= warp_bucket_by_runs_keys);
  auto load = [&](auto load_digit) {
    auto take = [&](unsigned i, Bits k) {
      // (by runs with values: the word of the key's low half over its position i, the value's in va)
      if constexpr (carry && decltype(load_digit)::value == 1) ka[i] = static_cast<Bits>(i << 16 | (k & 0xffffu));
      else ka[i] = k;
      count(set(load_digit), digit_of(k, 8 * load_digit, 8));
    };
    // Whole groups (whole for the whole warp where it takes whole rows, else for each lane: warp_rows), then the rest
    // with bounds checks.
    constexpr int rest_rows = whole_rows ? load_unroll : load_unroll - 1;
    const unsigned last = whole_rows ? 31u : lane;  // the lane whose last key of a group decides that it is whole
    unsigned base = 0;
    for (; base + last + (load_unroll - 1) * 32 < size; base += load_unroll * 32) {
      const unsigned i0 = base + lane;
      Bits k[load_unroll];
#pragma unroll
      for (int j = 0; j < load_unroll; ++j) k[j] = data[i0 + j * 32];
      if constexpr (with_values) {
        Value v[load_unroll];
#pragma unroll
        for (int j = 0; j < load_unroll; ++j) v[j] = vdata[i0 + j * 32];
#pragma unroll
        for (int j = 0; j < load_unroll; ++j) va[i0 + j * 32] = v[j];
      }
#pragma unroll
      for (int j = 0; j < load_unroll; ++j) take(i0 + j * 32, k[j]);
    }
    {
      const unsigned i0 = base + lane;
      Bits k[rest_rows];
#pragma unroll
      for (int j = 0; j < rest_rows; ++j)
        if (i0 + j * 32 < size) k[j] = data[i0 + j * 32];
      if constexpr (with_values) {
        Value v[rest_rows];
#pragma unroll
        for (int j = 0; j < rest_rows; ++j)
          if (i0 + j * 32 < size) v[j] = vdata[i0 + j * 32];
#pragma unroll
        for (int j = 0; j < rest_rows; ++j)
          if (i0 + j * 32 < size) va[i0 + j * 32] = v[j];
      }
#pragma unroll
      for (int j = 0; j < rest_rows; ++j)
        if (i0 + j * 32 < size) take(i0 + j * 32, k[j]);
    }
  };
  if constexpr (may_sort_by_runs) {
    if (by_runs) {
      load(std::integral_constant<int, 1>{});
    } else {
      load(std::integral_constant<int, 0>{});
    }
  } else {
    load(std::integral_constant<int, 0>{});
  }
  __syncwarp();
  // (Decoded by the cheapest form of the codec's: signed integer keys one XOR a key, where the select by the top bit
  // took i32 keys' kernel 2.6 us longer than u32 keys' at 1e7 under ncu, 83.4 against 80.8; NOTES.md round 41.)
  auto write_back = [&] {
    with_decoder(codec, [&](auto decoded) {
      warp_rows<4, whole_rows>(size, lane, [&](unsigned at) {
        data[at] = decoded(ka[at]);
        if constexpr (with_values) vdata[at] = va[at];
      });
    });
  };

  if (by_runs) {
    // By bits 8 .. 15 into b, each key's place in its digit's run from the atomic that counts it (no order within a
    // run: its keys are sorted next), then each run into a by comparison: a key's rank in its run is the number of
    // its keys that are smaller, or equal and before it. Equal keys are all that the first step reorders, and keys
    // alone cannot tell them apart.
    unsigned* h = set(1);
    // (every key of the bucket has its top 16 bits: the bucket's number)
    [[maybe_unused]] const auto bucket_top = static_cast<std::uint32_t>(bucket) << 16;
    if (warp_scan_counts<Packed>(h, lane) <= (carry ? warp_bucket_carry_run_most : warp_bucket_run_most)) {
      if constexpr (carry) {
        // Each word turned to low half << 16 | position and placed in b by the atomic that counts its digit (bits
        // 8 .. 15 of the key, 24 .. 31 of the word), in no order within its run; then ranked within its run by the
        // words below it (its key's low 8 bits, then its position: all distinct) and stored there, its value read
        // from its position.
        __syncwarp();
        place_carried_words<32, 8, Packed>(ka, kb, lane, size, h);
        __syncwarp();
        // h holds each digit's end now: digit d's run is [end of d - 1, end of d).
        with_decoder(codec, [&](auto decoded) {
          rank_carried_words<32, 8, Packed, 2>(kb, lane, size, h, [&](unsigned rank, std::uint32_t word) {
            data[rank] = decoded(static_cast<Bits>(bucket_top | word >> 16));
            vdata[rank] = va[word & 0xffffu];
          });
        });
        return;
      } else if (size >= warp_bucket_run_places_from) {
        // Each key held in b as key << place_bits | place: that orders a run's keys by their low 8 bits (the bits
        // above are the run's and the bucket's) and equal keys by place, so that its rank is the number of its
        // run's words below its own. Each digit's run is one field of set 0, which sorting by runs does not count
        // into: lane l's digits 8l .. 8l + 7, the starts it scanned and the next lane's first.
        constexpr int place_bits = warp_bucket_run_place_bits;
        unsigned* runs = set(0);
        {
          const uint4 w = reinterpret_cast<const uint4*>(h)[lane];
          const unsigned next = __shfl_down_sync(~0u, w.x & 0xffffu, 1);
          const unsigned s[9] = {w.x & 0xffffu, w.x >> 16, w.y & 0xffffu, w.y >> 16, w.z & 0xffffu,
                                 w.z >> 16,     w.w & 0xffffu, w.w >> 16, lane == 31 ? size : next};
          unsigned f[8];
#pragma unroll
          for (int j = 0; j < 8; ++j) f[j] = (s[j] | (s[j + 1] - s[j]) << place_bits) & 0xffffu;
          reinterpret_cast<uint4*>(runs)[lane] = make_uint4(f[0] | f[1] << 16, f[2] | f[3] << 16,
                                                            f[4] | f[5] << 16, f[6] | f[7] << 16);
        }
        const Bits top = ka[0] & ~Bits{0xffff};  // every key of the bucket has these top 16 bits
        __syncwarp();
#pragma unroll 4
        for (unsigned at = lane; at < size; at += 32) {
          const Bits k = ka[at];
          const unsigned place = add_count<Packed>(h, digit_of(k, 8, 8), 1u);
          kb[place] = static_cast<Bits>(k << place_bits | place);
        }
        __syncwarp();
#pragma unroll 2
        for (unsigned at = lane; at < size; at += 32) {
          const Bits held = kb[at];
          const unsigned run = count_of<Packed>(runs, digit_of(held, place_bits + 8, 8));
          const unsigned begin = run & warp_bucket_run_place_mask, end = begin + (run >> place_bits);
          unsigned rank = begin;
          for (unsigned q = begin; q < end; ++q) rank += kb[q] < held ? 1u : 0u;
          ka[rank] = top | (held >> place_bits & 0xffffu);
        }
      } else {
        __syncwarp();
#pragma unroll 4
        for (unsigned at = lane; at < size; at += 32) {
          const Bits k = ka[at];
          kb[add_count<Packed>(h, digit_of(k, 8, 8), 1u)] = k;
        }
        __syncwarp();
        // h holds each digit's end now: digit d's run is [end of d - 1, end of d).
#pragma unroll 2
        for (unsigned at = lane; at < size; at += 32) {
          const Bits k = kb[at];
          const unsigned d = digit_of(k, 8, 8);
          const unsigned begin = d == 0 ? 0u : count_of<Packed>(h, d - 1), end = count_of<Packed>(h, d);
          unsigned rank = begin;
          for (unsigned q = begin; q < end; ++q) {
            const Bits o = kb[q];
            rank += o < k || (o == k && q < at) ? 1u : 0u;
          }
          ka[rank] = k;
        }
      }
      __syncwarp();
      write_back();
      return;
    }
    // A long run: the rounds below, from bit 0. Round 0's digit is counted now; set 1, which round 0 counts into,
    // is cleared (after every lane's scan has written it). (With values each word becomes its key again: its
    // position is its index.)
    __syncwarp();
    if constexpr (carry) {
      warp_rows<1, whole_rows>(size, lane,
                               [&](unsigned at) { ka[at] = static_cast<Bits>(bucket_top | (ka[at] & 0xffffu)); });
    }
#pragma unroll
    for (int i = 0; i < set_words / 32; ++i) h[i * 32 + lane] = 0;
    warp_rows<1, whole_rows>(size, lane, [&](unsigned at) { count(set(0), digit_of(ka[at], 0, 8)); });
    __syncwarp();
  }

  // Round r from src to dst by bits 8r .. 8r + 7 with set r's starts, counting round r + 1's digit into the other.
  // (bucket_sort.cuh's rank_rows ranks a warp's rows the same way, full rows first; called here for the whole bucket,
  // ptxas 13.0 failed on the 8-byte-key kernels, "Register allocation failed with register count of 7", so this one
  // loop serves every row, the last row's lanes past the bucket voting digit 255.)
  auto stable_round = [&](int r, const Bits* src_k, const Value* src_v, Bits* dst_k, Value* dst_v) {
    unsigned* h = set(r);
    unsigned* next = set(r + 1);
    const int shift = 8 * r;
    const bool counts_next = r + 1 < rounds;
#pragma unroll 2
    for (unsigned base = 0; base < size; base += 32) {  // warp-uniform: every lane votes in every row
      const unsigned at = base + lane;
      const bool real = at < size;
      const Bits k = real ? src_k[at] : static_cast<Bits>(~Bits{0});  // the padding ranks last and is not stored
      const unsigned pos = rank_in_warp<8, Packed>(digit_of(k, shift, 8), h, lane);
      if (real) {
        dst_k[pos] = k;
        if constexpr (with_values) dst_v[pos] = src_v[at];
        if (counts_next) count(next, digit_of(k, shift + 8, 8));
      }
    }
  };
#pragma unroll 1
  for (int r = 0; r < rounds; ++r) {
    warp_scan_counts<Packed>(set(r), lane);
    if (r > 0) {  // the set round r - 1 ranked with takes round r + 1's counts
#pragma unroll
      for (int i = 0; i < set_words / 32; ++i) set(r + 1)[i * 32 + lane] = 0;
    }
    __syncwarp();
    const bool odd = r % 2 == 1;
    const Bits* src_k = odd ? kb : ka;
    Bits* dst_k = odd ? ka : kb;
    [[maybe_unused]] const Value* src_v = odd ? vb : va;
    [[maybe_unused]] Value* dst_v = odd ? va : vb;
    if (!with_values && r == 0) {
      // Keys alone: a counting sort, an atomic per key for its place (see above).
      unsigned* h = set(0);
      unsigned* next = set(1);
      warp_rows<4, whole_rows>(size, lane, [&](unsigned at) {
        const Bits k = ka[at];
        kb[add_count<Packed>(h, digit_of(k, 0, 8), 1u)] = k;
        if (rounds > 1) count(next, digit_of(k, 8, 8));
      });
    } else {
      stable_round(r, src_k, src_v, dst_k, dst_v);
    }
    __syncwarp();
  }
  write_back();
}

}  // namespace gsb::radix::onesweep
