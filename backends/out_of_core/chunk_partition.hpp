// Device side of the out-of-core path (issue 7, out_of_core.*): one chunk of the input, already on
// the device, stably partitioned by splitter bucket, so that it can go back to the host bucket-contiguous.
// Host-callable; the driver never sees a kernel.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

#include "gsb/key_index.hpp"
#include "gsb/types.hpp"

namespace gsb::ooc {

// A bucket boundary (gsb/key_index.hpp): bucket b holds the elements (encoded key, input index) with
// splitters[b-1] <= (k, i) < splitters[b].
using Splitter = KeyIndex;

struct ChunkPartitionArgs {
  KeyType key_type = KeyType::u32;
  Order order = Order::asc;
  bool collapse_signed_zeros = false;  // -0.0 and +0.0 one key (see out_of_core.hpp, KeyView)
  std::size_t value_bytes = 0;         // 0, 4 or 8
  std::uint64_t n = 0;                 // elements in the chunk, < 2^31
  std::uint64_t first_index = 0;       // input index of the chunk's element 0
  const void* keys = nullptr;          // device, n keys (raw, not encoded)
  const void* values = nullptr;        // device, n values or null
  void* out_keys = nullptr;            // device, n keys: the chunk, bucket by bucket, input order within
  void* out_values = nullptr;          // device, n values or null
  const Splitter* splitters = nullptr;  // device, sorted
  std::uint32_t splitter_count = 0;     // buckets - 1
  std::uint64_t* bucket_offsets = nullptr;  // device, splitter_count + 2 entries: bucket b is [o[b], o[b+1])
  void* scratch = nullptr;                  // chunk_partition_scratch_bytes(n, splitter_count + 1) bytes
  std::size_t scratch_bytes = 0;
  cudaStream_t stream = nullptr;
};

// Device scratch a chunk of n elements needs (bucket ids and positions, double-buffered, and the radix
// sort's temp storage), for any bucket count up to `buckets`.
std::size_t chunk_partition_scratch_bytes(std::uint64_t n, std::uint64_t buckets);

// Enqueues the partition of one chunk on a.stream; allocates nothing, never synchronises.
void partition_chunk(const ChunkPartitionArgs& a);

}  // namespace gsb::ooc
