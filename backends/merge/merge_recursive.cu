// merge-recursive: top-down merge sort with the recursion on the host and one single-thread kernel launch
// per merge, as the seed 002_* ("recursive and iterative merge sort on CUDA") first writes it. It is the
// baseline that shows what launch overhead and serial merging cost: n - 1 launches, each merge on one thread.
//
// Differences from 002_*: no cudaDeviceSynchronize after each merge (launches on one stream already run in
// order), and no copy back from temp per merge: each level merges from one half of the double buffer into
// the other ("sort into dst using other", both holding the input first), so only the encode pass copies.
#include <cstdint>
#include <string>

#include "gsb/sort_backend.hpp"
#include "merge/detail/merge_common.cuh"

namespace gsb::merge {
namespace {

template <class Bits, class Value>
struct HostRecursion {
  Bits* keys[2];
  Value* values[2];
  cudaStream_t stream;

  // Sort [lo, hi) into half `dst`; both halves hold the same elements of [lo, hi) on entry.
  void sort_into(int dst, std::uint64_t lo, std::uint64_t hi) const {
    if (hi - lo <= 1) return;
    const std::uint64_t mid = lo + (hi - lo) / 2;
    sort_into(1 - dst, lo, mid);
    sort_into(1 - dst, mid, hi);
    const int src = 1 - dst;
    merge_one_kernel<Bits, Value><<<1, 1, 0, stream>>>(keys[src] + lo, advance(values[src], lo), mid - lo,
                                                        hi - mid, keys[dst] + lo, advance(values[dst], lo));
    GSB_CHECK_LAUNCH();
  }
};

struct MergeRecursive : SerialMergeSort<MergeRecursive> {
  // n - 1 launches plus n*log2(n) serial merge steps on one thread: measured on an H200 (2026-11-22),
  // 289 ms at n = 2^16 and 3.95 s at n = 2^20 (u32).
  static constexpr SerialMergeInfo info{
      "merge-recursive", "top-down merge sort, host recursion, one single-thread kernel per merge (002_*)",
      std::uint64_t{1} << 18, "one launch per merge (n-1 launches), single-thread merges: ~4 s at n=2^20 on an H200"};

  template <class Bits, class Value>
  static int sort_encoded(const SortProblem& p, const SortBuffers& b, const KeyCodec<Bits>& codec) {
    launch_encode_into_both<Bits, Value>(b, p.n, codec);
    const HostRecursion<Bits, Value> r{{static_cast<Bits*>(b.keys[0]), static_cast<Bits*>(b.keys[1])},
                                       {static_cast<Value*>(b.values[0]), static_cast<Value*>(b.values[1])},
                                       b.stream};
    r.sort_into(0, 0, p.n);
    launch_decode<Bits>(b.keys[0], p.n, codec, b.stream);
    return 0;
  }
};

}  // namespace
GSB_REGISTER_SORT(MergeRecursive);
}  // namespace gsb::merge
