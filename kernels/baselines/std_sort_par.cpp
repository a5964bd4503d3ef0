// `std-sort-par`: the parallel CPU sort a user would pick instead of a GPU. With no TBB on the machines,
// std::execution::par has no parallel back-end; libstdc++'s parallel mode (multiway merge sort over OpenMP)
// is the real library that is there.
#include <parallel/algorithm>

#include "baselines/host_sort.hpp"

namespace gsb::baselines {
namespace {

struct GnuParallel {
  template <class It, class Comp> static void sort(It f, It l, Comp c) { __gnu_parallel::sort(f, l, c); }
  template <class It, class Comp> static void stable_sort(It f, It l, Comp c) { __gnu_parallel::stable_sort(f, l, c); }
};

class StdSortPar final : public Backend {
 public:
  const BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const SortProblem& p) const override { return host_sort_temp_bytes(p); }
  int run(const SortProblem& p, const SortBuffers& b) const override { return host_sort<GnuParallel>(p, b); }

 private:
  BackendInfo info_ = host_sort_info(
      "std-sort-par", "libstdc++ parallel mode __gnu_parallel::sort (OpenMP multiway merge sort) on all host cores");
};

}  // namespace
GSB_REGISTER_BACKEND(StdSortPar);
}  // namespace gsb::baselines
