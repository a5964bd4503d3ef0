#include "baselines/thrust/thrust_sort.cuh"

#include "baselines/native_key.hpp"
#include "gsb/sort_backend.hpp"

namespace gsb::baselines::thrust_sort {
namespace {

struct ThrustSort {
  static BackendInfo describe() {
    BackendInfo i{"thrust", "thrust::sort / sort_by_key with less/greater (dispatches to CUB radix sort)", "baseline"};
    i.stable = true;              // thrust::sort_by_key on arithmetic keys is CUB's stable radix sort
    i.signed_zeros_equal = true;  // inherited from CUB's radix sort
    return i;
  }
  // Thrust does not expose its temporary size: the alternate key/value buffers of its radix sort plus a
  // generous margin for CUB's own scratch. The bump allocator throws if this ever falls short.
  static std::size_t temp_bytes(const SortProblem& p) {
    return p.n * (p.key_size() + p.value_size()) + p.n / 8 + (std::size_t{64} << 20);
  }
  static int run(const SortProblem& p, const SortBuffers& b) {
    dispatch_native_key(p.key_type, [&](auto t) { sort<typename decltype(t)::type>(p, b); });
    return 0;
  }
};

}  // namespace
GSB_REGISTER_SORT(ThrustSort);
}  // namespace gsb::baselines::thrust_sort
