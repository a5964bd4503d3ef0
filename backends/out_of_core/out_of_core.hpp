// Out-of-core sorting (issue 7): a case larger than the device memory (or than --device-memory) is split into
// buckets of sampled (key, index) splitters, so that buckets are disjoint key ranges in order and no merge pass
// is needed; each bucket is sorted on the device by any in-core back-end and copied back straight into its
// final place, on several streams so that copies in both directions and the sorts overlap (seed 003: device
// memory is the first limit; sort in pieces; streams overlap copies with kernels).
//
// Two methods (environment variable GSB_OOC_METHOD; the JSON records which one ran):
//   gpu-partition (default)  pass 1 streams the input up in chunks; the device partitions each chunk by
//                            bucket (backends/out_of_core/) and it comes back bucket-contiguous into a pinned
//                            intermediate buffer; pass 2 streams each bucket up (one segment per chunk), sorts
//                            it and sends it down into the pinned output. 4 n element bytes cross the link,
//                            but each pass moves them both ways at once (the link is full duplex), and the
//                            only host work is a parallel pageable-to-pinned copy hidden under the uploads.
//   host-partition           the host counts and scatters the input into pinned staging (two passes over host
//                            memory, not overlapped with any copy), then every bucket goes up, is sorted and
//                            comes back down in place: 2 n element bytes over the link.
//
// The strategy is stage_out_of_core (gsb/staged_sort.hpp: the driver measures it like any staged sort); this header
// is its host planning, tested on the CPU in tests/unit/out_of_core_test.cpp.
#pragma once

#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "gsb/staged_sort.hpp"
#include "out_of_core/chunk_partition.hpp"

namespace gsb::ooc {

enum class Method { gpu_partition, host_partition };
std::string_view to_string(Method m);
// GSB_OOC_METHOD: "gpu-partition" (also when unset or empty) or "host-partition"; anything else throws.
Method method_from_environment();

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

// Splitters for `buckets` buckets from samples_per_bucket*buckets seeded samples of the input (every element when
// n is that small), chosen by gsb::choose_splitters; in order.
std::vector<Splitter> sample_splitters(const KeyView& view, const void* keys, std::uint64_t n, std::uint64_t buckets,
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

// gpu-partition, host side (tested without a device). Pass 1 cuts the input into chunks of chunk_n elements
// (the last one shorter); chunk c comes back from the device to [chunk_begin(c), chunk_begin(c + 1)) of the
// intermediate buffer, bucket by bucket, input order within a bucket.
struct ChunkedPartition {
  std::uint64_t n = 0, chunk_n = 1, buckets = 1;
  // chunks() x (buckets + 1), as the device writes them: bucket b of chunk c is
  // [chunk_begin(c) + offsets[c * (buckets + 1) + b], chunk_begin(c) + offsets[c * (buckets + 1) + b + 1]).
  std::vector<std::uint64_t> offsets;
  std::uint64_t chunks() const { return n == 0 ? 0 : (n + chunk_n - 1) / chunk_n; }
  std::uint64_t chunk_begin(std::uint64_t c) const { return c * chunk_n; }
  std::uint64_t chunk_size(std::uint64_t c) const { return std::min(n, (c + 1) * chunk_n) - c * chunk_n; }
  std::vector<std::uint64_t> bucket_sizes() const;
};
// A run of the intermediate buffer (element offset, count).
struct Segment {
  std::uint64_t source = 0, n = 0;
};
// Bucket b's non-empty segments in chunk order: uploaded one after the other they are bucket b in input order.
std::vector<Segment> bucket_segments(const ChunkedPartition& cp, std::uint64_t b);
// Buckets to start from: pieces filled to about 80% of capacity (1 when n fits one piece).
std::uint64_t initial_buckets(std::uint64_t n, std::uint64_t capacity);
// The host's copy of what backends/out_of_core/ computes for one chunk (the tests' reference): elements
// [0, n) of keys/values, whose input indices start at first_index, stably partitioned by bucket into
// out_keys/out_values; offsets[b] (splitters.size() + 2 entries) is where bucket b starts.
void partition_chunk_host(const KeyView& view, const void* keys, const void* values, std::size_t value_bytes,
                          std::uint64_t first_index, std::uint64_t n, const std::vector<Splitter>& splitters,
                          void* out_keys, void* out_values, std::uint64_t* offsets);

// Pinned host memory a method adds beyond the input, values and reference that already exist:
// host-partition one staging buffer (also the output); gpu-partition the intermediate buffer and the output
// (staging_ring_bytes more for the pageable-to-pinned ring).
std::size_t host_bytes_needed(const SortProblem& p, Method m);
// The ring: 8 buffers of 16 MiB, about 2.4 ms of uploads at 55 GB/s that the host may run ahead of the link.
inline constexpr std::size_t staging_ring_buffers = 8;
inline constexpr std::size_t staging_ring_bytes = staging_ring_buffers * (std::size_t{16} << 20);

}  // namespace gsb::ooc
