// merge-iterative: bottom-up merge sort as the seed 002_* turns the recursion into a loop: pass p merges
// pairs of sorted runs of width 2^p, one thread per pair, ping-ponging between the two halves of the double
// buffer; ceil(log2 n) launches in all. Each thread merges serially, so the last passes run on a handful of
// threads (the final one on a single thread): that tail, not the launches, is what bounds this design.
//
// Differences from 002_*: the thread count per pass is ceil(n / (2 width)) (002_* takes the floor and would
// drop the unpaired tail run); the first pass encodes keys as it reads them and the last decodes as it
// writes (KeyCodec), so no extra pass; no cudaDeviceSynchronize between passes (one stream orders them) and
// no final copy (run() returns the half that holds the result). 64-bit indices throughout.
#include <cstdint>
#include <string>

#include "gsb/sort_backend.hpp"
#include "merge/detail/merge_common.cuh"

namespace gsb::merge {
namespace {

constexpr int pass_threads = 256;

template <class Bits, class Value>
__global__ void merge_pass_kernel(const Bits* src, const Value* src_v, Bits* dst, Value* dst_v, std::uint64_t n,
                                  std::uint64_t width, CodecTransform<Bits> xf) {
  const std::uint64_t pair = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  const std::uint64_t left = pair * 2 * width;
  if (left >= n) return;
  const std::uint64_t mid = left + width < n ? left + width : n;
  const std::uint64_t right = mid + width < n ? mid + width : n;
  serial_merge(src + left, advance(src_v, left), mid - left, src + mid, advance(src_v, mid), right - mid,
               dst + left, advance(dst_v, left), right - left, xf);
}

struct MergeIterative : SerialMergeSort<MergeIterative> {
  // The last pass merges all n keys on one thread, the one before on two, ...: about 2n serial steps.
  // Measured on an H200 (2026-11-22): 206 ms at n = 2^20 (u32), so ~0.8 s at the limit.
  static constexpr SerialMergeInfo info{
      "merge-iterative", "bottom-up merge sort, one thread per pair of runs per pass, log2(n) launches (002_*)",
      std::uint64_t{1} << 22, "the last passes merge serially on a few threads (final pass: n keys on one thread)"};

  template <class Bits, class Value>
  static int sort_encoded(const SortProblem& p, const SortBuffers& b, const KeyCodec<Bits>& codec) {
    int cur = 0;
    for (std::uint64_t width = 1; width < p.n; width *= 2) {
      const std::uint64_t pairs = (p.n + 2 * width - 1) / (2 * width);
      const unsigned blocks = blocks_for(pairs, pass_threads, "merge-iterative");
      CodecTransform<Bits> xf{codec, width == 1, 2 * width >= p.n};
      merge_pass_kernel<Bits, Value><<<blocks, pass_threads, 0, b.stream>>>(
          static_cast<const Bits*>(b.keys[cur]), static_cast<const Value*>(b.values[cur]),
          static_cast<Bits*>(b.keys[1 - cur]), static_cast<Value*>(b.values[1 - cur]), p.n, width, xf);
      GSB_CHECK_LAUNCH();
      cur = 1 - cur;
    }
    return cur;
  }
};

}  // namespace
GSB_REGISTER_SORT(MergeIterative);
}  // namespace gsb::merge
