#pragma once

#include <cub/device/device_radix_sort.cuh>

#include "baselines/cub_radix/cub_radix.cuh"
#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"

namespace gsb::baselines::cub_radix {

template <class Key>
int sort(const SortProblem& p, const SortBuffers& b, std::size_t* temp_bytes) {
  const auto n = static_cast<std::int64_t>(p.n);
  const bool query = temp_bytes != nullptr;
  std::size_t bytes = b.temp_bytes;
  cub::DoubleBuffer<Key> keys(static_cast<Key*>(b.keys[0]), static_cast<Key*>(b.keys[1]));
  int selector = 0;
  dispatch_values(p.values, [&](auto tag_v) {
    using V = typename decltype(tag_v)::type;
    if constexpr (std::is_same_v<V, NoValue>) {
      if (p.order == Order::asc)
        GSB_CUDA_TRY(cub::DeviceRadixSort::SortKeys(b.temp, bytes, keys, n, 0, int(8 * sizeof(Key)), b.stream));
      else
        GSB_CUDA_TRY(cub::DeviceRadixSort::SortKeysDescending(b.temp, bytes, keys, n, 0, int(8 * sizeof(Key)), b.stream));
    } else {
      cub::DoubleBuffer<V> values(static_cast<V*>(b.values[0]), static_cast<V*>(b.values[1]));
      if (p.order == Order::asc)
        GSB_CUDA_TRY(cub::DeviceRadixSort::SortPairs(b.temp, bytes, keys, values, n, 0, int(8 * sizeof(Key)), b.stream));
      else
        GSB_CUDA_TRY(cub::DeviceRadixSort::SortPairsDescending(b.temp, bytes, keys, values, n, 0, int(8 * sizeof(Key)), b.stream));
      if (!query && values.selector != keys.selector)
        throw LogicError("cub-radix: keys and values ended in different halves");
    }
  });
  if (query) *temp_bytes = bytes;
  else selector = keys.selector;
  return selector;
}

}  // namespace gsb::baselines::cub_radix

// One key type's instantiation (generated per type by backends/baselines/CMakeLists.txt).
#define GSB_CUB_RADIX_INSTANTIATE(T) \
  template int gsb::baselines::cub_radix::sort<T>(const gsb::SortProblem&, const gsb::SortBuffers&, std::size_t*);
