// Out-of-core sorting (issue 7): a case larger than the device memory (or than --device-memory) is split on
// the host into pieces that fit, by sampled splitters on the encoded keys, so that pieces are disjoint key
// ranges in order and no merge pass is needed; each piece is copied in, sorted by any in-core back-end and
// copied back straight into its final place, on several streams so that the copies and the sorts overlap
// (seed 003: device memory is the first limit; sort in pieces; streams overlap copies with kernels).
//
// Splitters are (encoded key, input index) pairs: buckets are contiguous ranges of the (key, index) order,
// so heavy duplicates split cleanly and a stable back-end's result stays stable across pieces.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "driver/runner.hpp"

namespace gsb::ooc {

// A bucket boundary: elements (k, i) with k encoded and i the input index; bucket b holds the elements with
// splitters[b-1] <= (k, i) < splitters[b].
struct Splitter {
  std::uint64_t key = 0;
  std::uint64_t index = 0;
};
inline bool operator<(const Splitter& a, const Splitter& b) {
  return a.key < b.key || (a.key == b.key && a.index < b.index);
}

// How keys are seen by the partition: the codec of (type, order); with collapse_signed_zeros, -0.0 and +0.0
// are one key (for back-ends that treat them as equal: otherwise a split between zeros would break their
// stability across pieces).
struct KeyView {
  KeyType type = KeyType::u32;
  Order order = Order::asc;
  bool collapse_signed_zeros = false;
};

// The host partition: splitters, bucket sizes and start offsets (offsets.size() == buckets + 1).
struct Partition {
  std::vector<Splitter> splitters;
  std::vector<std::uint64_t> sizes;
  std::vector<std::uint64_t> offsets;
  int attempts = 0;  // sampling rounds until every bucket fitted
};

// Largest piece m (elements) such that `slots` device pieces, each two halves of m*(element_bytes) plus
// temp(m), fit in limit_bytes; at most n. 0 when not even one element fits.
std::uint64_t piece_capacity(std::size_t limit_bytes, int slots, std::size_t element_bytes,
                             const std::function<std::size_t(std::uint64_t)>& temp_bytes, std::uint64_t n);

// Splitters for `buckets` buckets from samples_per_bucket*buckets seeded samples (every element when n is
// that small), sorted.
std::vector<Splitter> choose_splitters(const KeyView& view, const void* keys, std::uint64_t n, std::uint64_t buckets,
                                       std::uint64_t samples_per_bucket, std::uint64_t seed);

// Bucket of every element, counted per bucket (parallel).
std::vector<std::uint64_t> count_buckets(const KeyView& view, const void* keys, std::uint64_t n,
                                         const std::vector<Splitter>& splitters);

// Samples splitters and counts until every bucket holds at most `capacity` elements (more buckets each round).
// Throws LogicError if it cannot (it always can: buckets of one element fit any capacity >= 1).
Partition plan_partition(const KeyView& view, const void* keys, std::uint64_t n, std::uint64_t capacity,
                         std::uint64_t seed = 20261122);

// Stable scatter (parallel): element i goes to out[offsets[bucket] + its rank among earlier elements of its
// bucket]. values (value_bytes each) may be null.
void scatter(const KeyView& view, const void* keys, const void* values, std::size_t value_bytes, std::uint64_t n,
             const Partition& part, void* out_keys, void* out_values);

// Host memory the path needs beyond the input, values and reference that already exist: the pinned staging
// buffer, which is also the output (pieces come back to where they were sent from).
std::size_t host_bytes_needed(const SortProblem& p);
// Host memory free for the case: the memory cgroup's limit less its usage when a limit is set (cgroup v2),
// else MemAvailable from /proc/meminfo; 0 when unknown.
std::size_t host_bytes_available();

// Runs one case out of core: per repetition, partition on the host into pinned staging, then stream the
// pieces through `slots` device pieces on their own streams, sorted by `backend`, back into place. limit_bytes
// is the device memory the case may use. Fills r.timing (host clock, end to end, partition included) and
// r.out_of_core, then calls `finish` with the sorted host keys and values (valid only during the call: the
// caller validates and keeps what it needs there). Skips with a reason when no piece fits or the host lacks
// the memory.
struct OutOfCoreOutput {
  const void* keys = nullptr;
  const void* values = nullptr;
};
CaseResult run_out_of_core_case(const Backend& backend, const SortProblem& p, const CaseInput& in,
                                const CaseSettings& s, DeviceContext& dev, std::size_t limit_bytes, CaseResult r,
                                const std::function<void(CaseResult&, const OutOfCoreOutput&)>& finish);

}  // namespace gsb::ooc
