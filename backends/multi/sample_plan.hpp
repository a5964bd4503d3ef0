// sample-multi's planning, on the host (and the few helpers the kernels share): how many samples, which
// splitters, how buckets map to GPUs and sub-ranges, where every piece goes in the exchange, and how much
// memory one GPU needs. No CUDA and no NCCL here, so tests/multi/ checks all of it on any machine.
//
// Vocabulary. G GPUs (ranks), each split into k sub-ranges: B = G*k buckets, in key order; bucket b belongs
// to GPU b / k, sub-range b % k. An element is the pair (encoded key, global index): ties between equal keys
// are split by position, so heavy duplicates spread over the GPUs like any other key (seed 004 §13.8's
// sample sort, with the (key, index) order of the out-of-core path).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gsb/hash.hpp"
#include "gsb/key_index.hpp"
#include "gsb/key_codec.hpp"  // GSB_HD

namespace gsb::multi {

// Samples and splitters are KeyIndex (gsb/key_index.hpp): (encoded key, global index).

// The sample positions' hash (host and device agree): splitmix64 (gsb/hash.hpp).

// Stratified sampling: sample j of s from a shard of m elements lies in the j-th of s equal strata, at a
// seeded position inside it (one per stratum: less variance than independent draws, and no adversarial
// stride). With s >= m every element is taken once.
GSB_HD std::uint64_t sample_position(std::uint64_t m, std::uint64_t s, std::uint64_t j, std::uint64_t seed) {
  if (s >= m) return j;
  const std::uint64_t lo = j * (m / s) + (j * (m % s)) / s;  // floor(j*m/s) without overflow
  const std::uint64_t hi = (j + 1) * (m / s) + ((j + 1) * (m % s)) / s;
  return lo + splitmix64(seed ^ (j * 0xD1B54A32D192ED03ull)) % (hi - lo);
}

struct Config {
  int gpus = 1;
  int subranges = 1;                  // k: sub-ranges per GPU, sorted one by one as their data arrives
  std::uint64_t samples_per_gpu = 0;  // s (each GPU samples min(s, shard size))
  double part_slack = 0.10;           // part capacity: the largest shard times (1 + slack), plus pad
  double subrange_slack = 0.30;       // sub-range capacity (the local sort's scratch) over its planned size
  bool one_pass = false;              // plan bucket rooms from samples instead of counting (RoomPlan)
  double send_slack = 0.25;           // one pass: send buffer over the shard size
  std::uint64_t pad = 4096;           // absolute room on top of both (tiny n: one sample per element)
};

// The defaults for G GPUs: k = 8 when there is an exchange to hide (1 with one GPU); s = 16Ki samples per GPU,
// so a part's size is off its mean by ~sqrt((1/G)(1-1/G)/(s*G)) of n (0.28% for G = 2) and a sub-range's by
// ~2% -- far inside the slacks. `subranges_override` > 0 replaces k (environment GSB_SAMPLE_MULTI_SUBRANGES;
// at most max_subranges, and G*k at most 256 buckets, checked by the back-end).
constexpr int max_subranges = 128;
Config default_config(int gpus, int subranges_override = 0);

// The B-1 splitters' quantiles b/B, b = 1..B-1 (every sub-range of every part the same planned size).
std::vector<double> splitter_quantiles(const Config& c);

// Elements each GPU must be able to hold after the exchange, and the largest sub-range it sorts at once.
struct Capacity {
  std::uint64_t part_n = 0;
  std::uint64_t subrange_n = 0;
};
Capacity capacity(const Config& c, std::uint64_t n);

// Splitters from the samples: gsb::choose_splitters (gsb/key_index.hpp), at B equal quantiles or at the
// quantiles of splitter_quantiles. Bucket b holds the elements x with splitter[b-1] <= x < splitter[b].

// The keys bucket b can hold (b in [0, B), B - 1 = splitters.size()): every x with splitter[b-1] <= x <
// splitter[b] has lo <= x.key <= hi. A splitter (K, 0) excludes K itself from the bucket below it (hi = K - 1);
// the first and last buckets reach 0 and the largest key_bits-wide key. empty: no key fits.
struct KeyBounds {
  std::uint64_t lo = 0, hi = 0;
  bool empty = false;
};
KeyBounds bucket_key_bounds(const std::vector<KeyIndex>& splitters, int b, int key_bits);

// The reference bucket of x: the number of splitters <= x.
int bucket_of(const std::vector<KeyIndex>& splitters, const KeyIndex& x);

// A table over the top `prefix_bits` of a key_bits-wide encoded key: entry q packs (lo, hi), the range of
// buckets a key with that prefix can fall in (lo | hi << 16); the kernels search splitters only when lo != hi.
struct BucketTable {
  int prefix_bits = 0;
  int shift = 0;  // key >> shift is the prefix
  std::vector<std::uint32_t> range;
};
BucketTable make_bucket_table(const std::vector<KeyIndex>& splitters, int key_bits, int prefix_bits = 10);
// The bucket through the table (what the kernels do), for the tests to compare with bucket_of.
int bucket_by_table(const BucketTable& t, const std::vector<KeyIndex>& splitters, const KeyIndex& x);

// Bits the local sort of a sub-range must look at: every key in [lo, hi] shares the bits above the highest
// bit where lo and hi differ, so a radix sort of bits [0, end_bit) suffices (0: all keys equal).
int sort_end_bit(std::uint64_t lo, std::uint64_t hi, int key_bits);

// Where everything goes, from counts[p * B + b] = elements of GPU p in bucket b (every GPU computes the same
// from the all-gathered counts).
struct Layout {
  int gpus = 0, subranges = 0;
  std::vector<std::uint64_t> part_n;          // [g] elements GPU g holds after the exchange
  std::vector<std::uint64_t> subrange_begin;  // [g * (k+1) + j] offset of sub-range j in part g (k+1 per GPU)
  std::vector<std::uint64_t> dest;            // [p * B + b] where GPU p's scatter puts bucket b: offset in
                                              // p's landing buffer (kept) or in p's send buffer (the others)
  std::vector<std::uint64_t> land;            // [p * B + b] offset in the landing buffer of GPU b/k where
                                              // GPU p's piece of bucket b lands (kept: == dest)
  std::vector<std::uint64_t> land_begin;      // [g * (k+1) + j] where sub-range j starts in g's landing buffer
  std::vector<std::uint64_t> send_n;          // [p] elements GPU p sends
  std::uint64_t max_part_n = 0, max_subrange_n = 0;
  bool kept(int p, int b) const { return b / subranges == p; }
  std::uint64_t subrange_n(int g, int j) const {
    return subrange_begin[g * (subranges + 1) + j + 1] - subrange_begin[g * (subranges + 1) + j];
  }
};
// Inside part g, sub-range j is the concatenation, in GPU order, of every GPU p's bucket g*k+j: so GPU p's
// piece starts at subrange_begin(g, j) + sum over p' < p of counts[p'][g*k+j]. The send buffer of p holds
// its buckets for other GPUs in bucket order, so each (destination, sub-range) piece is contiguous.
Layout make_layout(const std::vector<std::uint64_t>& counts, int gpus, int subranges);
// Where GPU p's piece of sub-range j of part g lands in g's landing buffer.
inline std::uint64_t recv_offset(const Layout& l, int g, int j, int p) {
  return l.land[static_cast<std::size_t>(p) * l.gpus * l.subranges + g * l.subranges + j];
}

// The one-pass partition (GSB_SAMPLE_MULTI_ONEPASS=1): no counting pass; each (GPU, bucket) gets room planned
// from that GPU's own samples -- the estimate plus 6 standard deviations plus a pad -- and the scatter
// reserves its place in that room with one atomic per block and bucket. Kept buckets start at their
// sub-range's slot (j * stride) of the landing buffer, the others are packed in bucket order in the send
// buffer. A count beyond its room (or a sub-range beyond its slot) sends the run back to the counting path.
struct RoomPlan {
  std::uint64_t stride = 0;              // landing-buffer slot of one sub-range (its capacity)
  std::vector<std::uint64_t> room;       // [p * B + b]
  std::vector<std::uint64_t> region;     // [p * B + b] start of the region: landing (kept) or send buffer
  std::vector<std::uint64_t> send_room;  // [p] send buffer the plan needs
  bool fits = true;                      // every region inside its buffer
};
// sample_counts[p * B + b]: GPU p's samples in bucket b; taken[p]: its samples; shard_n[p]: its elements.
RoomPlan plan_rooms(const std::vector<std::uint64_t>& sample_counts, const std::vector<std::uint64_t>& taken,
                    const std::vector<std::uint64_t>& shard_n, int gpus, int subranges, std::uint64_t stride,
                    std::uint64_t send_capacity, std::uint64_t pad);
// The layout after a one-pass scatter produced `counts`: sub-range j of part g lands at j * stride, GPU g's
// kept piece first (where the scatter put it), then the other GPUs' in rank order. *fits is false when a
// count exceeded its room or a sub-range its slot.
Layout make_planned_layout(const std::vector<std::uint64_t>& counts, const RoomPlan& plan, int gpus, int subranges,
                           bool* fits);
// Where GPU p's piece for bucket b (b of another GPU) starts in p's send buffer.
inline std::uint64_t send_offset(const Layout& l, int p, int b) { return l.dest[static_cast<std::size_t>(p) * l.gpus * l.subranges + b]; }

// Largest part over its mean n/G (1.0 = perfect balance).
double balance(const Layout& l, std::uint64_t n);

// Elements the send buffer holds (0 needed with one GPU, but sized anyway by the caller's choice).
std::uint64_t send_capacity(const Config& c, std::uint64_t n);

// Device memory of one GPU, bytes. e = key + value bytes per element.
//   input  : the shard, later the sorted part (the local sorts write there): capacity part_n
//   land   : the part as it arrives (kept buckets and received pieces): capacity part_n
//   land   : one pass: k slots of a sub-range's capacity
//   send   : the buckets for other GPUs: the shard size (all of it, at worst; none with one GPU); one pass:
//            (1 + send_slack) of it, the planned rooms being larger than the counts
//   sort   : the local sort's scratch for a sub-range (CUB with separate in/out: one more copy of it)
//   small  : samples, splitters, table, block counts
struct MemoryPlan {
  std::uint64_t input_bytes = 0, land_bytes = 0, send_bytes = 0, sort_bytes = 0, small_bytes = 0;
  std::uint64_t total() const { return input_bytes + land_bytes + send_bytes + sort_bytes + small_bytes; }
};
MemoryPlan memory_plan(const Config& c, std::uint64_t n, std::size_t key_bytes, std::size_t value_bytes,
                       const std::function<std::uint64_t(std::uint64_t)>& sort_temp_bytes,
                       std::uint64_t small_bytes);

}  // namespace gsb::multi
