// `std-sort-par`: the parallel CPU sort a user would pick instead of a GPU. With no TBB on the machines,
// std::execution::par has no parallel back-end; libstdc++'s parallel mode (multiway merge sort over OpenMP)
// is the real library that is there.
#include <parallel/algorithm>

#include "baselines/host_sort.hpp"

namespace gsb::baselines {
namespace {

struct GnuParallel {
  static constexpr const char* name = "std-sort-par";
  static constexpr const char* description =
      "libstdc++ parallel mode __gnu_parallel::sort (OpenMP multiway merge sort) on all host cores";
  static constexpr bool speedup_reference = false;
  template <class It, class Comp> static void sort(It f, It l, Comp c) { __gnu_parallel::sort(f, l, c); }
  template <class It, class Comp> static void stable_sort(It f, It l, Comp c) { __gnu_parallel::stable_sort(f, l, c); }
  // The multiway merge sort copies every element into a buffer of its own (parallel/multiway_mergesort.h),
  // inside its OpenMP region, for sort and stable_sort alike.
  static std::size_t workspace_bytes(std::uint64_t n, std::size_t element_bytes, bool) { return n * element_bytes; }
};

}  // namespace
GSB_REGISTER_SORT(HostSort<GnuParallel>);
}  // namespace gsb::baselines
