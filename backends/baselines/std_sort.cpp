// `std-sort`: std::sort on one host thread, the seeds' reference point.
#include <algorithm>

#include "baselines/host_sort.hpp"

namespace gsb::baselines {
namespace {

struct Sequential {
  static constexpr const char* name = "std-sort";
  static constexpr const char* description = "std::sort on one host thread (std::stable_sort for key-value)";
  static constexpr bool speedup_reference = true;
  template <class It, class Comp> static void sort(It f, It l, Comp c) { std::sort(f, l, c); }
  template <class It, class Comp> static void stable_sort(It f, It l, Comp c) { std::stable_sort(f, l, c); }
  // std::sort allocates nothing; std::stable_sort asks for a buffer of half the elements (libstdc++'s
  // __stable_sort; without it, it falls back to a slower in-place merge rather than failing).
  static std::size_t workspace_bytes(std::uint64_t n, std::size_t element_bytes, bool stable) {
    return stable ? (n + 1) / 2 * element_bytes : 0;
  }
};

}  // namespace
GSB_REGISTER_SORT(HostSort<Sequential>);
}  // namespace gsb::baselines
