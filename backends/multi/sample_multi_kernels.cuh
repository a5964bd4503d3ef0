// sample-multi's kernels: sampling, the per-GPU bucket count and scatter (the partition), key decoding.
// The local sorts are CUB's (cub::DeviceRadixSort with an end bit per sub-range).
#pragma once

#include <cstdint>

#include <cub/block/block_scan.cuh>

#include "gsb/dispatch.hpp"
#include "gsb/key_codec.hpp"
#include "multi/sample_plan.hpp"

namespace gsb::multi::detail {

constexpr int partition_threads = 256;
// Elements per thread per step: loaded together before any is used, so that each thread keeps several loads
// in flight (one 4-byte load per thread would leave HBM3e mostly idle: ~8 KiB in flight per SM against the
// ~20 KiB that latency x bandwidth asks for).
constexpr int partition_items = 8;
constexpr int table_prefix_bits = 10;  // 1024 table entries (4 KiB of shared memory)
constexpr int max_buckets = 256;       // G * k; shared memory holds B-1 splitters, cursors, bases, pointers
// The one-pass scatter's global cursors, one per bucket, 128 bytes apart: every tile of every block reserves
// its place in each bucket with an atomic on them (256 buckets: ~1M atomics per cursor at n = 2e9 per GPU),
// and packed cursors would share a few L2 lines, so the same few L2 slices would serialise all of them.
constexpr int cursor_stride = 16;

// Samples s (encoded key, global index) pairs of a shard of m elements into out[0, s_slots); slots beyond
// min(s, m) get index ~0 (no sample), so that every GPU contributes the same count to the all-gather.
template <class Bits>
__global__ void sample_kernel(const Bits* keys, std::uint64_t m, std::uint64_t s, std::uint64_t s_slots,
                              std::uint64_t seed, std::uint64_t global_begin, KeyCodec<Bits> codec, KeyIndex* out) {
  const std::uint64_t taken = s < m ? s : m;
  for (std::uint64_t j = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; j < s_slots;
       j += std::uint64_t(gridDim.x) * blockDim.x) {
    if (j < taken) {
      const std::uint64_t i = sample_position(m, taken, j, seed);
      out[j] = KeyIndex{codec.encode(keys[i]), global_begin + i};
    } else {
      out[j] = KeyIndex{0, ~std::uint64_t{0}};
    }
  }
}

// What the partition kernels share: the bucket table and splitters, copied into shared memory per block.
struct BucketSearch {
  const std::uint32_t* table;  // 1 << table_prefix_bits entries (lo | hi << 16)
  const KeyIndex* splitters;   // B - 1
  int shift;                   // key >> shift = table prefix
  int buckets;
};

template <class Bits>
__device__ __forceinline__ int find_bucket(Bits key, std::uint64_t index, const std::uint32_t* table,
                                           const KeyIndex* spl, int shift) {
  const std::uint32_t r = table[key >> shift];
  int lo = static_cast<int>(r & 0xFFFF);
  int count = static_cast<int>(r >> 16) - lo;
  while (count > 0) {  // the number of splitters in [lo, hi) that are <= (key, index)
    const int step = count >> 1;
    const KeyIndex s = spl[lo + step];
    if (!(key < s.key || (key == s.key && index < s.index))) {
      lo += step + 1;
      count -= step + 1;
    } else {
      count = step;
    }
  }
  return lo;
}

// Loads the table and splitters into shared memory (dynamic: table, then splitters, then per-bucket words).
__device__ __forceinline__ void load_search(const BucketSearch& s, std::uint32_t* table, KeyIndex* spl) {
  for (int i = threadIdx.x; i < (1 << table_prefix_bits); i += blockDim.x) table[i] = s.table[i];
  for (int i = threadIdx.x; i < s.buckets - 1; i += blockDim.x) spl[i] = s.splitters[i];
}

// Each block takes `per_block` consecutive elements (the last block fewer) and counts them per bucket:
// counts[b * blocks + block] (bucket-major, so one exclusive scan gives every block its place in each bucket).
template <class Bits>
__global__ void __launch_bounds__(partition_threads)
    count_kernel(const Bits* keys, std::uint64_t m, std::uint64_t per_block, std::uint64_t global_begin,
                 KeyCodec<Bits> codec, BucketSearch search, std::uint64_t* counts) {
  extern __shared__ __align__(16) unsigned char smem[];
  auto* spl = reinterpret_cast<KeyIndex*>(smem);
  auto* table = reinterpret_cast<std::uint32_t*>(smem + sizeof(KeyIndex) * (max_buckets - 1));
  auto* hist = table + (1 << table_prefix_bits);
  load_search(search, table, spl);
  for (int b = threadIdx.x; b < search.buckets; b += blockDim.x) hist[b] = 0;
  __syncthreads();
  const std::uint64_t begin = blockIdx.x * per_block;
  const std::uint64_t end = begin + per_block < m ? begin + per_block : m;
  if (search.buckets == 1) {
    if (threadIdx.x == 0) hist[0] = static_cast<std::uint32_t>(end > begin ? end - begin : 0);
  } else {
    for (std::uint64_t tile = begin; tile < end; tile += std::uint64_t(partition_threads) * partition_items) {
      Bits k[partition_items];
#pragma unroll
      for (int it = 0; it < partition_items; ++it) {
        const std::uint64_t i = tile + it * partition_threads + threadIdx.x;
        if (i < end) k[it] = keys[i];
      }
#pragma unroll
      for (int it = 0; it < partition_items; ++it) {
        const std::uint64_t i = tile + it * partition_threads + threadIdx.x;
        if (i < end)
          atomicAdd(&hist[find_bucket<Bits>(codec.encode(k[it]), global_begin + i, table, spl, search.shift)], 1u);
      }
    }
  }
  __syncthreads();
  for (int b = threadIdx.x; b < search.buckets; b += blockDim.x) counts[std::uint64_t(b) * gridDim.x + blockIdx.x] = hist[b];
}

// Per-bucket totals from the exclusive scan of the block counts: total[b] = offsets[(b+1)*blocks] - offsets[b*blocks].
static __global__ void bucket_totals_kernel(const std::uint64_t* offsets, const std::uint64_t* counts, int buckets,
                                     std::uint64_t blocks, std::uint64_t* totals) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= buckets) return;
  const std::uint64_t last = std::uint64_t(b + 1) * blocks - 1;
  totals[b] = offsets[last] + counts[last] - offsets[std::uint64_t(b) * blocks];
}

// Where each bucket's elements go: keys and values base pointers (into the part for kept buckets, into
// the send buffer for the others), already offset by the bucket's place in the layout.
template <class Bits, class Value>
struct BucketDest {
  Bits* keys;
  Value* values;
};

// The scatter: the same blocks as count_kernel; block `blk` writes its elements of bucket b to
// dest[b] + (offsets[b*blocks + blk] - offsets[b*blocks]) + rank, rank from a shared-memory cursor (the order
// inside a block's run is arbitrary: the local sort follows). Keys are written encoded.
template <class Bits, class Value>
__global__ void __launch_bounds__(partition_threads)
    scatter_kernel(const Bits* keys, const Value* values, std::uint64_t m, std::uint64_t per_block,
                   std::uint64_t global_begin, KeyCodec<Bits> codec, BucketSearch search,
                   const std::uint64_t* offsets, const BucketDest<Bits, Value>* dest) {
  extern __shared__ __align__(16) unsigned char smem[];
  auto* spl = reinterpret_cast<KeyIndex*>(smem);
  auto* base = reinterpret_cast<std::uint64_t*>(spl + (max_buckets - 1));
  auto* out = reinterpret_cast<BucketDest<Bits, Value>*>(base + max_buckets);
  auto* table = reinterpret_cast<std::uint32_t*>(out + max_buckets);
  auto* cursor = table + (1 << table_prefix_bits);
  load_search(search, table, spl);
  for (int b = threadIdx.x; b < search.buckets; b += blockDim.x) {
    cursor[b] = 0;
    base[b] = offsets[std::uint64_t(b) * gridDim.x + blockIdx.x] - offsets[std::uint64_t(b) * gridDim.x];
    out[b] = dest[b];
  }
  __syncthreads();
  const std::uint64_t begin = blockIdx.x * per_block;
  const std::uint64_t end = begin + per_block < m ? begin + per_block : m;
  for (std::uint64_t tile = begin; tile < end; tile += std::uint64_t(partition_threads) * partition_items) {
    Bits k[partition_items];
    Value v[partition_items];
#pragma unroll
    for (int it = 0; it < partition_items; ++it) {
      const std::uint64_t i = tile + it * partition_threads + threadIdx.x;
      if (i < end) {
        k[it] = keys[i];
        if constexpr (has_values_v<Value>) v[it] = values[i];
      }
    }
#pragma unroll
    for (int it = 0; it < partition_items; ++it) {
      const std::uint64_t i = tile + it * partition_threads + threadIdx.x;
      if (i < end) {
        const Bits e = codec.encode(k[it]);
        const int b = search.buckets == 1 ? 0 : find_bucket<Bits>(e, global_begin + i, table, spl, search.shift);
        const std::uint64_t at = base[b] + atomicAdd(&cursor[b], 1u);
        out[b].keys[at] = e;
        if constexpr (has_values_v<Value>) out[b].values[at] = v[it];
      }
    }
  }
}

// The one-pass scatter (no counting pass; RoomPlan in sample_plan.hpp), per tile of
// partition_threads * planned_items consecutive elements:
//   1. a shared-memory histogram gives each element its rank in its bucket;
//   2. one global atomic per bucket reserves the tile's place in the bucket's planned room (cursor[b *
//      cursor_stride] ends as bucket b's count; a reservation beyond room[b] is not written and sets
//      cursor[buckets * cursor_stride]: the run then falls back to counting);
//   3. the tile is reordered by bucket in shared memory (place = the bucket's exclusive prefix in the tile +
//      the element's rank) and written in that order, thread t taking places t, t + 256, ...: consecutive
//      threads write consecutive addresses of one bucket's run, so a warp's store touches a few 32-byte
//      sectors instead of one per element. Measured (2 x H200, 2026-11-22, u32, 1e9 over 2 GPUs): 2.28 ms
//      against 2.83 for writing each element straight from registers with 16 buckets, 3.55 against 10.20
//      with 256 (there nearly every element of the direct scatter opened its own sector).
// planned_items = 16 elements per thread: half the reservations of 8 and twice each bucket's run per tile
// (measured with 256 buckets: partition 3.28 vs 3.55 ms at 1e9, 12.9 vs 14.0 ms at 4e9); no spills
// (91 registers for u32 keys, 127 for u64 keys + u64 values).
constexpr int planned_items = 16;
template <class Bits, class Value>
__global__ void __launch_bounds__(partition_threads)
    scatter_planned_kernel(const Bits* keys, const Value* values, std::uint64_t m, std::uint64_t per_block,
                           std::uint64_t global_begin, KeyCodec<Bits> codec, BucketSearch search,
                           const std::uint64_t* room, const BucketDest<Bits, Value>* dest,
                           unsigned long long* cursor) {
  static_assert(max_buckets <= partition_threads, "one thread per bucket in the tile scan");
  using Scan = cub::BlockScan<std::uint32_t, partition_threads>;
  __shared__ typename Scan::TempStorage scan_storage;
  constexpr int tile_n = partition_threads * planned_items;
  extern __shared__ __align__(16) unsigned char smem[];
  auto* spl = reinterpret_cast<KeyIndex*>(smem);
  auto* base = reinterpret_cast<std::uint64_t*>(spl + (max_buckets - 1));
  auto* out = reinterpret_cast<BucketDest<Bits, Value>*>(base + max_buckets);
  auto* table = reinterpret_cast<std::uint32_t*>(out + max_buckets);
  auto* hist = table + (1 << table_prefix_bits);
  auto* prefix = hist + max_buckets;  // from here on: planned_smem_bytes
  auto* tile_keys = reinterpret_cast<Bits*>(prefix + max_buckets);
  auto* tile_values = reinterpret_cast<Value*>(tile_keys + tile_n);
  auto* tile_bucket = reinterpret_cast<std::uint8_t*>(tile_values + (has_values_v<Value> ? tile_n : 0));
  load_search(search, table, spl);
  for (int b = threadIdx.x; b < search.buckets; b += blockDim.x) out[b] = dest[b];
  const std::uint64_t begin = blockIdx.x * per_block;
  const std::uint64_t end = begin + per_block < m ? begin + per_block : m;
  for (std::uint64_t tile = begin; tile < end; tile += tile_n) {
    for (int b = threadIdx.x; b < search.buckets; b += blockDim.x) hist[b] = 0;
    __syncthreads();  // also orders the previous tile's reads of base[], prefix[] and the staged tile
    Bits k[planned_items];
    Value v[planned_items];
    int bucket[planned_items];
    std::uint32_t rank[planned_items];
#pragma unroll
    for (int it = 0; it < planned_items; ++it) {
      const std::uint64_t i = tile + it * partition_threads + threadIdx.x;
      if (i < end) {
        k[it] = keys[i];
        if constexpr (has_values_v<Value>) v[it] = values[i];
      }
    }
#pragma unroll
    for (int it = 0; it < planned_items; ++it) {
      const std::uint64_t i = tile + it * partition_threads + threadIdx.x;
      if (i < end) {
        k[it] = codec.encode(k[it]);
        bucket[it] = search.buckets == 1 ? 0 : find_bucket<Bits>(k[it], global_begin + i, table, spl, search.shift);
        rank[it] = atomicAdd(&hist[bucket[it]], 1u);
      }
    }
    __syncthreads();
    {
      const int b = threadIdx.x;
      const std::uint32_t h = b < search.buckets ? hist[b] : 0;
      std::uint32_t p = 0;
      Scan(scan_storage).ExclusiveSum(h, p);
      if (b < search.buckets) {
        prefix[b] = p;
        std::uint64_t at = 0;
        if (h) {
          at = atomicAdd(&cursor[std::size_t(b) * cursor_stride], static_cast<unsigned long long>(h));
          if (at + h > room[b]) {
            atomicExch(&cursor[std::size_t(search.buckets) * cursor_stride], 1ull);  // overflow: back to counting
            at = ~std::uint64_t{0};
          }
        }
        base[b] = at;
      }
    }
    __syncthreads();
#pragma unroll
    for (int it = 0; it < planned_items; ++it) {
      const std::uint64_t i = tile + it * partition_threads + threadIdx.x;
      if (i < end) {
        const std::uint32_t at = prefix[bucket[it]] + rank[it];
        tile_keys[at] = k[it];
        if constexpr (has_values_v<Value>) tile_values[at] = v[it];
        tile_bucket[at] = static_cast<std::uint8_t>(bucket[it]);
      }
    }
    __syncthreads();
    const int here = static_cast<int>(end - tile < std::uint64_t(tile_n) ? end - tile : tile_n);
    for (int at = threadIdx.x; at < here; at += partition_threads) {
      const int b = tile_bucket[at];
      if (base[b] == ~std::uint64_t{0}) continue;
      const std::uint64_t to = base[b] + (at - prefix[b]);
      out[b].keys[to] = tile_keys[at];
      if constexpr (has_values_v<Value>) out[b].values[to] = tile_values[at];
    }
  }
}

template <class Bits>
__global__ void decode_kernel(Bits* keys, std::uint64_t n, KeyCodec<Bits> codec) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    keys[i] = codec.decode(keys[i]);
}

// Dynamic shared memory of count_kernel and scatter_kernel (the larger layout, the scatter's).
inline constexpr std::size_t partition_smem_bytes() {
  return sizeof(KeyIndex) * (max_buckets - 1) + sizeof(std::uint64_t) * max_buckets +
         2 * sizeof(void*) * max_buckets + sizeof(std::uint32_t) * ((1 << table_prefix_bits) + max_buckets);
}
// scatter_planned_kernel: the above plus the tile's bucket prefixes, keys, values and bucket numbers
// (u32 keys: ~35 KiB, u64 keys and values: ~85 KiB).
template <class Bits, class Value>
inline constexpr std::size_t planned_smem_bytes() {
  static_assert(partition_smem_bytes() % 16 == 0, "the staged tile starts 16-byte aligned");
  return partition_smem_bytes() + sizeof(std::uint32_t) * max_buckets +
         std::size_t(partition_threads) * planned_items *
             (sizeof(Bits) + (has_values_v<Value> ? sizeof(Value) : 0) + sizeof(std::uint8_t));
}

}  // namespace gsb::multi::detail
