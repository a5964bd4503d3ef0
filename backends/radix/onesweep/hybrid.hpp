// When the `radix` back-end takes its hybrid path (hybrid.cuh) instead of LSD passes alone.
//
// 4- and 8-byte keys, with or without values: an LSD sort of 4-byte keys moves 4 B per key for the histograms and
// 8 B per key (16 B per pair with u32 values) in each of 4 digit passes, 36 B (68 B); of 8-byte keys 8 B and 16 B in
// each of 8 passes, 136 B (264 B with u64 values). The hybrid path sorts by the top 8 bits, then by the next 8
// within each top bucket (two digit passes, MSD order: chained scans with a look-back for pairs, keys alone claiming
// each tile's runs by atomics, pass.cuh ClaimedSegments), after which every key is in its 16-bit bucket and
// each bucket (n / 65536 keys on average) is sorted in one block's shared memory by its remaining bits (16 for
// 4-byte keys, 48 for 8-byte ones, 8 per round) and written back in place: 4 + 8 + 8 + 8 = 28 B per 4-byte key
// (4 + 3 x 16 = 52 B per pair), 8 + 3 x 16 = 56 B per 8-byte key (8 + 3 x 32 = 104 B with u64 values), and the
// remaining digits cost one block-local pass without a look-back. It needs every 16-bit bucket to fit one block's
// shared memory (bucket_capacity keys, from the device's shared memory, the key and the value type): the largest
// bucket is known after the histogram, and the sort falls back to the LSD passes when one does not fit (skewed
// keys), so the result is the same either way. It is tried only where uniform keys' buckets (n / 65536 on average:
// 2048 at 2^27, 4096 at 2^28, 8192 at 2^29) would keep 12 warps of the bucket sort resident per multiprocessor
// (hybrid.cuh: hybrid_tried_capacity; 512-thread blocks, with two buffers or in place, where smaller ones keep fewer,
// bucket_sort.cuh): on Hopper 4-byte keys alone to about 6.8e9 (past about 1.68e9 their buckets take 1024-thread
// blocks in place, one a multiprocessor, holding the keys' low halves; on sm80 to about 4.7e9), 1.0e9 with values and
// 8-byte keys (the in-place block's 16384 keys). A few buckets past a block (float keys' largest exponent, a mildly
// skewed input) are sorted one block each through global memory instead (large_buckets.cuh, hybrid_buckets_fit), a
// skewed input's many by segmented digit passes (large_segments.cuh: few distinct keys need none of them). The first
// pass runs portion by portion beyond one look-back portion (2^28 - 1 keys), as the LSD passes do (keys alone: every
// portion claims from the same cursors).
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

#include "radix/onesweep/onesweep.hpp"

namespace gsb::radix::onesweep {

inline constexpr int hybrid_buckets = 1 << 16;  // 16-bit buckets after the two MSD passes
// A band (and a device) takes the path only if a block's shared memory holds buckets of this many keys.
inline constexpr unsigned min_bucket_capacity = 4096;
// The smallest n at which the path is tried, by key and value width (value_bytes 0: keys alone). Below it the path
// loses to the LSD passes: its buckets get small, so its fixed costs (the sample, the 16-bit histogram, the plan and
// its read-back, 65536 buckets to sort) weigh more than the passes it saves, and 8-byte keys save more passes (6 of 8)
// than 4-byte ones (2 of 4). Measured with the path forced (GSB_RADIX_HYBRID_MIN_N=2) against radix-lsd in the same run
// (H200, 2026-11-30; uniform keys, median of 10, two runs, radix-lsd time / hybrid time; sessions 50 and 51, NOTES.md
// rounds 34 and 35):
//   u32 / i32 keys 3e6 1.033-1.035 / 1.032, 2^22 1.101-1.102 / 1.097-1.099, 6e6 1.12 / 1.10-1.11;
//   f32 keys 3e6 1.018-1.038, 2^22 1.053-1.062, 6e6 1.099-1.114;
//   u32+u32 / i32+u32 2^22 0.999-1.001 / 0.992-0.994, 6e6 1.045-1.046 / 1.031-1.034; f32+u32 2^22 0.953-0.967,
//   6e6 1.024-1.032; u32+u64 / i32+u64 3e6 1.003-1.018 / 1.004-1.011, 2^22 1.05 / 1.03; f32+u64 3e6 0.979-1.013,
//   2^22 1.037-1.043;
//   8-byte keys 1.5e6 0.90-0.92 alone, 0.994-1.011 with u32 values, 1.095-1.103 with u64 values; 2^21 1.04-1.06,
//   1.13-1.15, 1.20-1.21.
// Skewed keys (low entropy, Zipf) that the sample sends to the LSD passes pay for its verdict, 20-26 us: at 3e6 that
// took u32 and i32 keys below cub-radix (entropy-0.201 0.961-0.968x, Zipf 0.982-0.992x), at 2^22 they stay 1.05-1.10x
// over it (f32 keys alone 1.107x and more, with u64 values 1.086x; with u32 values at 6e6 1.044x), hence 2^22 for
// 4-byte keys alone where uniform integer ones gain from 3e6. Floats take the integers' thresholds since the bucket
// sort's later launches visit only the listed buckets (session 51): finite f32 keys put twice the mean into 1/256 of
// the buckets, whose launch over all 65536 had cost them 25 us at 1e7 and kept them on the LSD passes to 9e6.
// 4-byte keys with 4-byte values from 7e6 (6e6 before): at 6e6 skewed u32 and i32 pairs paid 23-31 us for the verdict
// over radix-lsd and came to 0.988-1.009x of cub-radix (entropy-0.544 / 0.337 / 0.201, Zipf), at 7e6 1.028-1.056x;
// the uniform ones at 6e6 lose the path's 1.21-1.25x for the LSD passes' 1.12-1.17x (session 53, NOTES.md round 37).
// Since session 71 from 2^22 as the others: sessions 61-69 made the path's pairs faster. H200, cub-radix / radix, the
// LSD passes / the path at 2^22, 5e6 and 6e6, each ratio from one run (the same build, the path by the test's override;
// NOTES.md round 55, every case validated): uniform u32+u32 1.12-1.16x -> 1.20x, i32+u32 1.13-1.16x -> 1.21x, f32+u32
// 1.17-1.20x -> 1.23-1.25x; sorted 1.00-1.17x -> 1.33-1.51x; few-unique 1.08-1.17x -> 1.32-1.49x; Zipf and the
// entropies 1.12-1.22x -> 1.01-1.11x (the sample's verdict, about 20-25 us; the lowest u32+u32 Zipf at 6e6,
// 1.011-1.014x). Handing those to the LSD row below 7e6 in place of the fallback's own lost (u32+u32 entropy-0.201 at
// 2^22 1.011x against 1.038x, two calls' runs).
constexpr std::uint64_t hybrid_min_items(int key_bytes, int value_bytes) {
  if (key_bytes == 8) return value_bytes == 8 ? 1500000 : std::uint64_t{1} << 21;
  return std::uint64_t{1} << 22;
}
// Above this the path is not tried whatever the shared memory (uniform u32 keys' buckets pass the 1024-thread block's
// capacity at about 6.8e9 on Hopper anyway). Past 2^32 keys a count of 32 bits can wrap on a skewed input (a
// top-8-bit bucket, or a 16-bit one, of 2^32 keys or more); hybrid_plan_kernel then finds that the counts do not add
// up to n and the sort takes the LSD passes. Every start is 64-bit. (It was 2^31 where the band had no pairs of
// cluster blocks to sort buckets past one block; since one block holds the keys' low halves, NOTES.md round 52, no
// band needs them.)
inline constexpr std::uint64_t hybrid_max_items = std::uint64_t{1} << 33;

// The largest 16-bit bucket that uniform keys give at n, with room to spare: the mean n / 65536 plus 8 standard
// deviations (its square root).
inline std::uint64_t uniform_bucket_bound(std::uint64_t n) {
  const double mean = static_cast<double>(n) / hybrid_buckets;
  return static_cast<std::uint64_t>(mean + 8 * std::sqrt(mean));
}

// Whether the bucket sort's 1024-thread in-place shape (4-byte keys alone, one block an SM: bucket_sort.cuh) takes
// the buckets past `below`, what the other shapes hold (hybrid.cuh: hybrid_capacity), at n: only where uniform keys'
// buckets reach past it (twice uniform_bucket_bound: floats' largest buckets hold twice the mean), from about 8.2e8
// 4-byte keys on Hopper. Below that such a bucket is one of a skewed input's few, which the large buckets' kernels sort
// with the whole GPU (and leave as it is where its remaining bits are one value, large_segments.cuh), where the
// 1024-thread kernel gave each a block and each run of bits 8 .. 15 a warp: 64 distinct u32 keys at 2^22 (buckets of
// about 65536 equal keys, each one run) took radix 442 us against cub-radix's 139 on an H100 (session 72 round 2;
// 102 us on an H200 in session 53, before that kernel held such buckets).
inline bool hybrid_widest_block_pays(std::uint64_t n, unsigned below) { return 2 * uniform_bucket_bound(n) > below; }

// The sample that abandons the path on skewed keys before the histogram (hybrid.cuh, skew_sample_kernel): sample_keys
// keys spread over the array, counted by their top sample_bin_bits bits. A bin's count c, spread over its 16 buckets,
// estimates each at c / 4 of the mean bucket (n / 65536); past sample_heavy_above(n) the bin's samples are heavy.
// Past this share of the sampled keys heavy (where their bits below the top 16 vary), the path is abandoned: the
// bucket sort is slow on buckets much larger than uniform keys give (few blocks resident) and large_segments.cuh
// sorts a skewed input's many large buckets by segmented digit passes, so the LSD passes are faster there. Measured
// (H200, 1e8, radix with the path / radix-lsd ms): Zipf u32 2.445 / 1.934, f64 6.514 / 5.505; entropy-0.811 u32 2.372
// / 2.119; a few distinct keys (whose buckets' remaining bits are one value: no passes) u32 1.074 / 1.644, f64 2.365 /
// 5.132. A wrong call either way costs only time.
inline constexpr int sample_keys = 16384;
// The sample also reads a row of 32 consecutive keys a warp (sample_keys / 32 rows) and counts the rows in which some
// MSD digit (the top 8 bits, or the next 8) is held by more than few_digit_lanes keys: rows of one or a few digits
// (sorted runs, few distinct keys, a constant digit). Past 1 / few_digit_rows_share of the rows, the MSD passes of keys
// alone rank in input order (the stable ranking) rather than by the counting atomics' places (pass.cuh, WarpPlaces),
// whose same-address atomics such rows serialise (H200, u32 keys at 1e8, ms, ranked by places / stable: uniform 1.392
// / 1.514, sorted 1.813 / 1.366, 64 distinct keys 1.239 / 1.053; NOTES.md round 31). Rows of uniform keys hold some
// digit 4 times in about one row of 470. Not caught: a few thousand distinct keys in random order (their rows' digits
// rarely repeat 4 times, but the second pass's rows, one top-8-bit bucket's keys, hold a few values each), which then
// rank by places and pay for it (at most about what 64 distinct keys paid above).
inline constexpr int few_digit_lanes = 3;
inline constexpr unsigned few_digit_rows_share = 16;  // 1 / 16
inline constexpr int sample_bin_bits = 12;
inline constexpr unsigned sample_heavy_share = 8;  // 1 / 8
// Except for 8-byte keys alone from 1e8 to 2^28 keys, which the path keeps to 3/4 of the samples heavy: there their
// large buckets' segmented passes beat the LSD passes on Zipf keys (whose samples a host model of the sample puts
// 30-43% heavy from 2^24 to 1e9) and mostly on entropy 0.811 (66-73%); lower entropies still leave (0.544: 85-93%;
// 0.337 and 0.201: 97-99%; NOTES.md round 51). H200, u64 keys alone, radix ms, the LSD passes / the sample keeping them
// (session 67 rounds 2-4; cub-radix in each run): Zipf 2^24 1.031 / 1.148, 2^26 3.753 / 3.752, 1e8 5.494 / 5.285, 2^27
// 7.37 / 6.74, 2^28 14.52 / 13.29; entropy-0.811 2^24 1.088 / 1.148, 2^26 4.030 / 4.146, 1e8 5.911 / 5.780, 2^27 7.955
// / 8.107, 2^28 15.78 / 15.10. With u64 values the passes gained at 1e8 only (Zipf 8.53 / 8.28, entropy-0.811 9.20 /
// 8.82) and lost at 2^24, 2^26, 2^27 (entropy-0.811 12.36 / 12.67) and 2^28 (Zipf 22.67 / 22.88, entropy-0.811 24.55 /
// 25.52), so pairs leave past 1/8 as before; so do u64+u32 (whose own LSD shape, policy.cuh: Passes::fallback, won:
// Zipf 6.750 / 6.934 at 1e8) and 4-byte keys (u32 Zipf 1.857 / 2.469). Past 2^28 such inputs have more buckets past a
// block than large_segments_most (the model: Zipf 6598 and entropy-0.811 7536 at 1e9), and the plan would send them to
// the LSD passes after both MSD passes.
inline constexpr unsigned sample_heavy_share_passes = 4;  // the most heavy samples: 3 / 4
inline constexpr std::uint64_t sample_heavy_passes_first_items = 100000000;
inline constexpr std::uint64_t sample_heavy_passes_last_items = std::uint64_t{1} << 28;
constexpr unsigned sample_heavy_most(int key_bytes, int value_bytes, std::uint64_t n) {
  const bool passes = key_bytes == 8 && value_bytes == 0 && n >= sample_heavy_passes_first_items &&
                      n <= sample_heavy_passes_last_items;
  return passes ? sample_keys / sample_heavy_share_passes * (sample_heavy_share_passes - 1)
                : sample_keys / sample_heavy_share;
}

// Estimates of buckets twice the size uniform keys give are heavy. With 4 samples a bin the estimate is coarse, so the
// threshold is relative to uniform keys only: about 5% of uniform keys' samples then lie in bins of 9 or more (a
// Poisson count of mean 4), at every n. Capped at a block's capacity, as it was, it judged uniform keys skewed past
// about 7e8 8-byte keys (or 4-byte pairs) and 1.0e9 4-byte keys alone, which then took the LSD passes (u32 keys at
// 2^30: about 21% of the samples heavy; NOTES.md, round 19). Buckets past a block are the plan's to find.
inline unsigned sample_heavy_above(std::uint64_t n) {
  const std::uint64_t twice = 2 * uniform_bucket_bound(n);
  return twice < 0xffffffffu ? static_cast<unsigned>(twice) : 0xffffffffu;
}

// An n beyond every n at which the bound fits `capacity` (so beyond every n the path is tried at): the mean
// m with m + 8 sqrt(m) = capacity is (sqrt(16 + capacity) - 4)^2; one bucket's worth more covers the rounding. At
// most hybrid_max_items.
inline std::uint64_t hybrid_last_items(std::uint64_t capacity) {
  const double root = std::sqrt(16.0 + static_cast<double>(capacity)) - 4.0;
  const auto last = static_cast<std::uint64_t>(root * root * hybrid_buckets) + hybrid_buckets;
  return last < hybrid_max_items ? last : hybrid_max_items;
}

// The smallest n the path is tried at for these keys: min_items where nonzero (a test's GSB_RADIX_HYBRID_MIN_N),
// else hybrid_min_items.
constexpr std::uint64_t hybrid_first_items(int key_bytes, int value_bytes, std::uint64_t min_items) {
  return min_items != 0 ? min_items : hybrid_min_items(key_bytes, value_bytes);
}

// Whether a sort of n keys tries the hybrid path (the histogram still decides), where it is tried for buckets of up
// to `capacity` keys (hybrid.cuh: hybrid_tried_capacity) and from `first_items` keys on (hybrid_first_items). (Float
// keys' largest buckets hold twice the mean: the input's NaN and infinity patterns are made the largest finite
// exponent's. Where those do not fit a block, they are few -- 1/256 of the buckets for f32, 1/2048 for f64 -- and
// sorted through global memory: hybrid_buckets_fit.)
inline bool hybrid_applies(std::uint64_t n, std::uint64_t capacity, std::uint64_t first_items) {
  return n >= first_items && n <= hybrid_max_items && uniform_bucket_bound(n) <= capacity;
}

// The 8-bit rounds that sort a 16-bit bucket of keys of type Bits by their remaining bits: 2 for 4-byte keys, 6 for
// 8-byte ones (an even number: the bucket sorts alternate between two buffers and end in the first).
template <class Bits>
inline constexpr int bucket_rounds = (8 * static_cast<int>(sizeof(Bits)) - 16) / 8;

// Buckets past a block's capacity are sorted one block each through global memory (large_buckets.cuh) where they are
// few and not too large: about a tile of a digit pass per round and per few thousand keys, serially in one block --
// each at most large_bucket_capacities times the capacity, all together at most 1 / large_bucket_share of the keys.
inline constexpr unsigned large_bucket_capacities = 4;
inline constexpr unsigned large_bucket_share = 16;
constexpr bool hybrid_buckets_fit(unsigned largest, unsigned in_large, unsigned capacity, std::uint64_t n) {
  return largest <= capacity || (largest / large_bucket_capacities <= capacity && in_large <= n / large_bucket_share);
}

// Otherwise (a skewed input: Zipf, few distinct keys, low entropy) up to large_segments_most(n) of them are sorted
// by segmented digit passes over their remaining bits, each such bucket a segment of its own, and those whose
// remaining bits are one value are left as they are (large_segments.cuh); past that many, the LSD passes. Their
// digit counts and starts take 6 KB (4-byte keys) or 18 KB (8-byte keys) per bucket, hence the bound.
constexpr unsigned large_segments_most(std::uint64_t n) {
  const std::uint64_t most = n / 16384;
  return most < 1024 ? 1024u : most > 4096 ? 4096u : static_cast<unsigned>(most);
}

// How the hybrid path sorts its buckets past a block's capacity (the plan kernel and the host decide alike, from the
// largest bucket, the keys past the capacity and the number of buckets past it): none past it; one block each;
// segmented passes; or none of them: the LSD passes instead. `force`: a test's GSB_RADIX_LARGE_BUCKETS_BY (any number
// of any size one block each, or as many as large_segments_most by passes).
enum class LargeBuckets : unsigned { none, blocks, passes, lsd };
enum class LargeForce : unsigned { none, blocks, passes };
constexpr LargeBuckets large_buckets_plan(unsigned largest, unsigned in_large, unsigned count, unsigned capacity,
                                          std::uint64_t n, LargeForce force = LargeForce::none) {
  if (largest <= capacity) return LargeBuckets::none;
  if (force == LargeForce::blocks) return LargeBuckets::blocks;
  if (force == LargeForce::none && hybrid_buckets_fit(largest, in_large, capacity, n)) return LargeBuckets::blocks;
  // (The segmented passes chain each segment's look-back: none past a look-back portion's max_portion_items keys.)
  return count <= large_segments_most(n) && largest <= max_portion_items ? LargeBuckets::passes : LargeBuckets::lsd;
}

// GSB_RADIX_LARGE_BUCKETS_ABOVE (a whole number, for tests; gsb/env.hpp): buckets of more than that many keys are
// sorted as buckets past a block (large_buckets_force_override says how) whatever their number and size, so that
// tests run those kernels at small n. 0 when unset.
std::uint64_t large_buckets_above_override();
// GSB_RADIX_LARGE_BUCKETS_BY (block or passes, for tests): how. LargeForce::blocks where only the threshold is set.
LargeForce large_buckets_force_override();

// The segment sort (segment_sort.cuh): 4-byte keys with 4-byte values whose every top-8-bit bucket holds at most the
// form's capacity of pairs have each such bucket sorted by one block once the first MSD pass has placed it, in place
// of the second pass, the plan and the bucket sort. Two forms, by what a block's shared memory holds:
// - msd (162 KiB: sm80, sm90, sm100): the block places its bucket by bits 16 .. 23 in shared memory and its warps
//   sort the 256 sub-buckets by runs. 1024 x 24 pairs (segment_msd_kernel).
// - blocks (68 KiB: sm86, sm89, sm120): cub::BlockRadixSort of the pairs in registers, four rounds of 6 bits. 512 x 34
//   pairs (segment_sort_kernel). Measured (H100, session 89 round 6, NOTES.md round 78, us, validated, alternated
//   twice in one build): u32+u32 at 2^22 177.1-177.4 -> 166.9-168.0 (1.30x -> 1.37x cub-radix), at 4.3e6 184.7-185.0
//   -> 173.3; i32+u32 and f32+u32 alike. In 1024 x 17 blocks (64 registers, spilling) it lost (209 us at 2^22); one
//   block a bucket through global memory lost by far (round 77).
// The msd form's block alone (tools/radix_bench segments, H100, NOTES.md round 84): 2.4-2.8 ns a pair an SM where the
// blocks form takes 3.0-3.2.
enum class SegmentForm { none, msd, blocks };
inline constexpr int segment_sort_threads = 512;
inline constexpr int segment_sort_items = 34;
inline constexpr unsigned segment_sort_capacity = segment_sort_threads * segment_sort_items;
inline constexpr int segment_msd_threads = 1024;
inline constexpr int segment_msd_items = 24;
inline constexpr unsigned segment_msd_capacity = segment_msd_threads * segment_msd_items;
// The msd form's smaller block, where a block's shared memory holds it (207 KB: sm90, sm100) and every bucket fits
// it (the segment histogram's verdict segment_fits_small): 1024 x 17 pairs, the values waiting in shared memory by
// position instead of read from global memory as each pair is stored (a pair in 2.29-2.39 ns an SM where the
// 1024 x 24 block takes 2.68-2.93 with some equal keys, H100, NOTES.md rounds 84-85). Its capacity is the blocks
// form's, so it ends where that window ends (about 4.32e6 uniform keys).
inline constexpr int segment_msd_small_items = 17;
inline constexpr unsigned segment_msd_small_capacity = segment_msd_threads * segment_msd_small_items;
constexpr unsigned segment_capacity(SegmentForm form) {
  return form == SegmentForm::msd ? segment_msd_capacity : form == SegmentForm::blocks ? segment_sort_capacity : 0u;
}
// The last n at which uniform keys' top-8-bit buckets fit a form: the mean plus 4 standard deviations within its
// capacity (about 6.13e6 keys for msd, 4.32e6 for blocks; the segment histogram checks the buckets' counts before
// the sort goes on, so a bucket past it takes the second pass instead).
inline std::uint64_t segment_sort_last_items(SegmentForm form) {
  const double c = segment_capacity(form);
  return static_cast<std::uint64_t>(256 * (c - 4 * std::sqrt(c)));
}
// GSB_RADIX_SEGMENT_SORT_MIN_N (a whole number 1..max_portion_items, for tests; gsb/env.hpp): the segment sort from
// that many keys on (with GSB_RADIX_HYBRID_MIN_N, at small n). 0 when unset: the path's own first n for such pairs.
std::uint64_t segment_sort_min_items_override();
// GSB_RADIX_SEGMENT_FORM (msd or blocks, for tests): only that form, where the block's shared memory holds it.
// SegmentForm::none when unset.
SegmentForm segment_form_override();
// Whether a sort of n keys of key_bytes with values of value_bytes tries the segment sort in `form`.
inline bool segment_sort_applies(std::uint64_t n, int key_bytes, int value_bytes, std::uint64_t min_items,
                                 SegmentForm form) {
  const std::uint64_t first = min_items != 0 ? min_items : hybrid_min_items(4, 4);
  return form != SegmentForm::none && key_bytes == 4 && value_bytes == 4 && n >= first &&
         n <= segment_sort_last_items(form);
}

// GSB_RADIX_HYBRID_MIN_N (a whole number 1..max_portion_items, for tests; gsb/env.hpp): the hybrid path from
// that many keys on, so that the sanitizer runs, which keep n small, exercise it. 0 when unset: hybrid_min_items of
// the keys' and values' widths.
std::uint64_t hybrid_min_items_override();

// A shape of the hybrid path's bucket sort (bucket_sort.cuh): its block's threads, and whether it sorts a bucket in
// place in one buffer of shared memory, each warp holding its rows in registers between reading and ranking them,
// or (the others) from one buffer into a second. One buffer holds twice the keys: 8-byte keys at 1e9 (16247 with 8
// standard deviations) take 254 KB in two buffers, past a block's 227 KB on Hopper, and 130 KB in one.
struct BucketShape {
  int threads;
  bool in_place;
  constexpr bool operator==(const BucketShape& o) const { return threads == o.threads && in_place == o.in_place; }
  constexpr bool operator!=(const BucketShape& o) const { return !(*this == o); }
};

// GSB_RADIX_BUCKET_THREADS (32: one warp a bucket; 128, 256, 512, 512-in-place, 512-in-place-24, 512-in-place-44,
// 512-in-place-52, 768-in-place (4-byte pairs, where their 768-thread kernel applies: bucket_in_place_pairs_wide_on),
// or 1024-in-place, for tests; gsb/env.hpp): the hybrid path's bucket sort in that shape at every size where it holds
// the bucket, so that the sanitizer runs, which keep n small, exercise every shape. Empty when
// unset: the shape by resident warps (bucket_sort.cuh: bucket_shape_for).
std::optional<BucketShape> bucket_shape_override();
// The rows of 32 keys per warp that GSB_RADIX_BUCKET_THREADS=512-in-place-24, -44 or -52 forces on the in-place kernel
// (where the key type has such a kernel: 4-byte keys with 4-byte values 24, 4-byte keys alone 44 and 52), so that its
// kernels for large buckets run at small n.
// 0 otherwise: the rows by bucket size (bucket_sort.cuh: bucket_in_place_rows_for).
int bucket_in_place_rows_override();

}  // namespace gsb::radix::onesweep
