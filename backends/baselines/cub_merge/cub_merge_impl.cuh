#pragma once

#include <cub/device/device_merge_sort.cuh>
#include <cuda/std/functional>

#include "baselines/cub_merge/cub_merge.cuh"
#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"

namespace gsb::baselines::cub_merge {

template <class Key, class Less>
void sort_with(const SortProblem& p, const SortBuffers& b, std::size_t& bytes, Less less) {
  Key* keys = static_cast<Key*>(b.keys[0]);
  const auto n = static_cast<std::int64_t>(p.n);
  dispatch_values(p.values, [&](auto tag_v) {
    using V = typename decltype(tag_v)::type;
    if constexpr (std::is_same_v<V, NoValue>) {
      GSB_CUDA_TRY(cub::DeviceMergeSort::StableSortKeys(b.temp, bytes, keys, n, less, b.stream));
    } else {
      GSB_CUDA_TRY(cub::DeviceMergeSort::StableSortPairs(b.temp, bytes, keys, static_cast<V*>(b.values[0]), n,
                                                         less, b.stream));
    }
  });
}

template <class Key>
void sort(const SortProblem& p, const SortBuffers& b, std::size_t* temp_bytes) {
  std::size_t bytes = b.temp_bytes;
  if (p.order == Order::asc) sort_with<Key>(p, b, bytes, cuda::std::less<Key>{});
  else sort_with<Key>(p, b, bytes, cuda::std::greater<Key>{});
  if (temp_bytes) *temp_bytes = bytes;
}

}  // namespace gsb::baselines::cub_merge

// One key type's instantiation (generated per type by backends/baselines/CMakeLists.txt).
#define GSB_CUB_MERGE_INSTANTIATE(T) \
  template void gsb::baselines::cub_merge::sort<T>(const gsb::SortProblem&, const gsb::SortBuffers&, std::size_t*);
