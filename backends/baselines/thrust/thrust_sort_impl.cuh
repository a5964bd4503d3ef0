#pragma once

#include <new>

#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/sort.h>

#include "baselines/thrust/thrust_sort.cuh"
#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"

namespace gsb::baselines::thrust_sort {

// Hands out consecutive pieces of the driver's temp buffer; frees nothing (the buffer lives per run()).
class BumpAllocator {
 public:
  using value_type = char;
  BumpAllocator(void* base, std::size_t bytes) : base_(static_cast<char*>(base)), bytes_(bytes) {}
  char* allocate(std::ptrdiff_t n) {
    const std::size_t aligned = (used_ + 255) & ~std::size_t{255};
    if (aligned + static_cast<std::size_t>(n) > bytes_) throw std::bad_alloc();
    used_ = aligned + static_cast<std::size_t>(n);
    return base_ + aligned;
  }
  void deallocate(char*, std::size_t) {}

 private:
  char* base_;
  std::size_t bytes_;
  std::size_t used_ = 0;
};

template <class Key>
void sort(const SortProblem& p, const SortBuffers& b) {
  BumpAllocator alloc(b.temp, b.temp_bytes);
  auto policy = thrust::cuda::par_nosync(alloc).on(b.stream);
  Key* keys = static_cast<Key*>(b.keys[0]);
  const auto n = static_cast<std::int64_t>(p.n);
  dispatch_values(p.values, [&](auto tag_v) {
    using V = typename decltype(tag_v)::type;
    if constexpr (std::is_same_v<V, NoValue>) {
      if (p.order == Order::asc) thrust::sort(policy, keys, keys + n, thrust::less<Key>());
      else thrust::sort(policy, keys, keys + n, thrust::greater<Key>());
    } else {
      V* values = static_cast<V*>(b.values[0]);
      if (p.order == Order::asc) thrust::sort_by_key(policy, keys, keys + n, values, thrust::less<Key>());
      else thrust::sort_by_key(policy, keys, keys + n, values, thrust::greater<Key>());
    }
  });
  GSB_CHECK_LAUNCH();
}

}  // namespace gsb::baselines::thrust_sort

// One key type's instantiation (generated per type by backends/baselines/CMakeLists.txt).
#define GSB_THRUST_SORT_INSTANTIATE(T) \
  template void gsb::baselines::thrust_sort::sort<T>(const gsb::SortProblem&, const gsb::SortBuffers&);
