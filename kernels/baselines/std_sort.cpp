// `std-sort`: std::sort on one host thread, the seeds' reference point.
#include <algorithm>

#include "baselines/host_sort.hpp"

namespace gsb::baselines {
namespace {

struct Sequential {
  template <class It, class Comp> static void sort(It f, It l, Comp c) { std::sort(f, l, c); }
  template <class It, class Comp> static void stable_sort(It f, It l, Comp c) { std::stable_sort(f, l, c); }
};

class StdSort final : public Backend {
 public:
  const BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const SortProblem& p) const override { return host_sort_temp_bytes(p); }
  int run(const SortProblem& p, const SortBuffers& b) const override { return host_sort<Sequential>(p, b); }

 private:
  BackendInfo info_ = [] {
    BackendInfo i = host_sort_info("std-sort", "std::sort on one host thread (std::stable_sort for key-value)");
    i.speedup_reference = true;
    return i;
  }();
};

}  // namespace
GSB_REGISTER_BACKEND(StdSort);
}  // namespace gsb::baselines
