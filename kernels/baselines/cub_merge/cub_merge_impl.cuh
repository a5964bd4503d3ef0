#pragma once

#include <cub/device/device_merge_sort.cuh>

#include "baselines/cub_merge/cub_merge.cuh"
#include "gsb/error.hpp"
#include "gsb/key_codec.hpp"

namespace gsb::baselines::cub_merge {

template <class Bits>
struct EncodedLess {
  KeyCodec<Bits> codec;
  __device__ __forceinline__ bool operator()(Bits a, Bits b) const { return codec.encode(a) < codec.encode(b); }
};

template <class Bits>
void sort(const SortProblem& p, const SortBuffers& b, std::size_t* temp_bytes) {
  const EncodedLess<Bits> less{make_codec<Bits>(p.key_type, p.order)};
  const auto n = static_cast<std::int64_t>(p.n);
  std::size_t bytes = b.temp_bytes;
  Bits* keys = static_cast<Bits*>(b.keys[0]);
  dispatch_values(p.values, [&](auto tag_v) {
    using V = typename decltype(tag_v)::type;
    if constexpr (std::is_same_v<V, NoValue>) {
      GSB_CUDA_TRY(cub::DeviceMergeSort::StableSortKeys(b.temp, bytes, keys, n, less, b.stream));
    } else {
      GSB_CUDA_TRY(cub::DeviceMergeSort::StableSortPairs(b.temp, bytes, keys, static_cast<V*>(b.values[0]), n,
                                                         less, b.stream));
    }
  });
  if (temp_bytes) *temp_bytes = bytes;
}

}  // namespace gsb::baselines::cub_merge
