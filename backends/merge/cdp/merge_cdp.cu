// merge-cdp: the top-down recursion of merge-recursive moved onto the GPU with CUDA dynamic parallelism
// (CDP2): a node kernel launches its two halves as child grids (fire-and-forget, so siblings run
// concurrently) and the merge of their results into its tail-launch stream, which starts only once the
// node and all its descendants are done (CUDA Programming Guide, "Device runtime streams"). Each merge is
// the same single-thread kernel as merge-recursive's, so the two differ only in who launches.
//
// Limits, and what we chose: CDP2 allows 24 levels of nesting and by default 2048 pending device launches
// (cudaLimitDevRuntimePendingLaunchCount); a launch beyond either fails. We bound the recursion instead of
// raising the limit (which reserves device memory, outside run()'s contract): below a leaf size of
// max(4096, ceil(n / 256)) keys a node sorts its range in-block (bottom-up merge passes by one block, merge
// path per thread), so the tree has at most 256 leaves: depth <= 9, at most 3 * 256 launches in all. run()
// checks both against the device's limits and throws before launching; a device-side launch failure traps.
// Needs relocatable device code: this folder is built by its own CMake block (CUDA_SEPARABLE_COMPILATION).
#include <cstdint>
#include <string>

#include "gsb/sort_backend.hpp"
#include "merge/detail/merge_common.cuh"

namespace gsb::merge {
namespace {

constexpr int node_threads = 256;
constexpr std::uint64_t min_leaf = 4096;
constexpr std::uint64_t max_leaves = 256;

__device__ __forceinline__ void check_device_launch() {
  if (cudaGetLastError() != cudaSuccess) __trap();  // surfaces on the host as a launch failure
}

// One block sorts [lo, hi) (len keys) into dst, both halves holding the same keys on entry: bottom-up merge
// passes of width 1, 2, 4, ..., each thread producing an equal share of every pass's outputs via merge path.
// The first pass reads from whichever half makes the last pass write into dst.
template <class Bits, class Value>
__device__ void block_sort_range(Bits* dst_k, Value* dst_v, Bits* oth_k, Value* oth_v, std::uint64_t len) {
  int passes = 0;
  for (std::uint64_t w = 1; w < len; w *= 2) ++passes;
  Bits* k[2] = {dst_k, oth_k};
  Value* v[2] = {dst_v, oth_v};
  int cur = passes % 2;  // after `passes` flips this lands on 0 = dst
  const std::uint64_t begin = len * threadIdx.x / blockDim.x;
  const std::uint64_t end = len * (threadIdx.x + 1) / blockDim.x;
  for (std::uint64_t w = 1; w < len; w *= 2) {
    const Bits* src = k[cur];
    const Value* src_v = v[cur];
    for (std::uint64_t pos = begin; pos < end;) {
      const std::uint64_t pair = pos / (2 * w) * (2 * w);
      const std::uint64_t a_len = w < len - pair ? w : len - pair;
      const std::uint64_t b_len = w < len - pair - a_len ? w : len - pair - a_len;
      const std::uint64_t pair_end = pair + a_len + b_len;
      const std::uint64_t take = (end < pair_end ? end : pair_end) - pos;
      const std::uint64_t diag = pos - pair;
      const Bits* a = src + pair;
      const Bits* b = a + a_len;
      const std::uint64_t i = merge_path(a, a_len, b, b_len, diag);
      serial_merge(a + i, advance(src_v, pair + i), a_len - i, b + (diag - i),
                   advance(src_v, pair + a_len + (diag - i)), b_len - (diag - i), k[1 - cur] + pos,
                   advance(v[1 - cur], pos), take);
      pos += take;
    }
    cur = 1 - cur;
    __syncthreads();  // the pass's global writes are visible to the whole block before the next pass reads
  }
}

template <class Bits, class Value>
__global__ void cdp_sort_node(Bits* dst_k, Value* dst_v, Bits* oth_k, Value* oth_v, std::uint64_t lo,
                              std::uint64_t hi, std::uint64_t leaf) {
  if (hi - lo <= leaf) {
    block_sort_range(dst_k + lo, advance(dst_v, lo), oth_k + lo, advance(oth_v, lo), hi - lo);
    return;
  }
  if (threadIdx.x != 0) return;
  const std::uint64_t mid = lo + (hi - lo) / 2;
  // Children sort each half into `oth` (using dst as their scratch); the tail launch merges them into dst.
  cdp_sort_node<Bits, Value><<<1, node_threads, 0, cudaStreamFireAndForget>>>(oth_k, oth_v, dst_k, dst_v, lo,
                                                                               mid, leaf);
  check_device_launch();
  cdp_sort_node<Bits, Value><<<1, node_threads, 0, cudaStreamFireAndForget>>>(oth_k, oth_v, dst_k, dst_v, mid,
                                                                               hi, leaf);
  check_device_launch();
  merge_one_kernel<Bits, Value><<<1, 1, 0, cudaStreamTailLaunch>>>(oth_k + lo, advance(oth_v, lo), mid - lo,
                                                                    hi - mid, dst_k + lo, advance(dst_v, lo));
  check_device_launch();
}

struct CdpShape {
  std::uint64_t leaf = 0;
  int depth = 0;               // levels of node grids below the host-launched root
  std::uint64_t launches = 0;  // device-side launches: child nodes plus merges
};

CdpShape cdp_shape(std::uint64_t n) {
  CdpShape s;
  s.leaf = std::max(min_leaf, (n + max_leaves - 1) / max_leaves);
  std::uint64_t nodes_at_level = 1, size = n;
  while (size > s.leaf) {  // the largest node at each level has ceil(size / 2) keys
    size = (size + 1) / 2;
    nodes_at_level *= 2;
    ++s.depth;
    s.launches += nodes_at_level + nodes_at_level / 2;  // the level's nodes and their parents' merges
  }
  return s;
}

struct MergeCdp : SerialMergeSort<MergeCdp> {
  // The root merge runs n keys on one thread, its children n/2 each (concurrently), ...: about 2n steps.
  // Measured on an H200 (2026-11-22): 153 ms at n = 2^20 (u32), so ~0.6 s at the limit.
  static constexpr SerialMergeInfo info{
      "merge-cdp", "top-down merge sort recursing on the GPU (dynamic parallelism), single-thread merges",
      std::uint64_t{1} << 22, "the top-level merges run on one thread each (about 2n serial merge steps)"};

  template <class Bits, class Value>
  static int sort_encoded(const SortProblem& p, const SortBuffers& b, const KeyCodec<Bits>& codec) {
    const CdpShape shape = cdp_shape(p.n);
    std::size_t pending_limit = 0;
    GSB_CUDA_TRY(cudaDeviceGetLimit(&pending_limit, cudaLimitDevRuntimePendingLaunchCount));
    GSB_EXPECTS(shape.launches <= pending_limit,
                "merge-cdp: " + std::to_string(shape.launches) + " device launches exceed the pending-launch limit " +
                    std::to_string(pending_limit));
    GSB_EXPECTS(shape.depth + 1 <= 24, "merge-cdp: nesting depth " + std::to_string(shape.depth + 1) + " > 24");
    launch_encode_into_both<Bits, Value>(b, p.n, codec);
    cdp_sort_node<Bits, Value><<<1, node_threads, 0, b.stream>>>(
        static_cast<Bits*>(b.keys[0]), static_cast<Value*>(b.values[0]), static_cast<Bits*>(b.keys[1]),
        static_cast<Value*>(b.values[1]), 0, p.n, shape.leaf);
    GSB_CHECK_LAUNCH();
    // Stream order puts this after the root's tail launch, which itself waits for the whole tree.
    launch_decode<Bits>(b.keys[0], p.n, codec, b.stream);
    return 0;
  }
};

}  // namespace
GSB_REGISTER_SORT(MergeCdp);
}  // namespace gsb::merge
