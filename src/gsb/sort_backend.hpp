// A back-end as a plain struct of static functions, adapted to the Backend interface by SortBackend and
// registered with one line at namespace scope, GSB_REGISTER_SORT(Sort). Sort provides
//
//   static BackendInfo describe();                                  // read once, at registration
//   static std::size_t temp_bytes(const SortProblem&);              // Backend::temp_bytes
//   static int run(const SortProblem&, const SortBuffers&);         // Backend::run
//
// and, where it needs them,
//
//   static std::string unsupported_reason(const SortProblem&, const RunOptions&);  // after the BackendInfo checks
//   static std::size_t host_workspace_bytes(const SortProblem&);                   // Backend::host_workspace_bytes
//   static std::vector<std::uint64_t> tile_items(const SortProblem&);              // Backend::tile_items
//
// A sort written once per key width and value type derives from TypedSort<Sort> (gsb/dispatch.hpp), which
// dispatches run() and temp_bytes() to its member templates.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "gsb/backend.hpp"

namespace gsb {

namespace detail {
template <class Sort, class = void>
struct has_unsupported_reason : std::false_type {};
template <class Sort>
struct has_unsupported_reason<Sort, std::void_t<decltype(Sort::unsupported_reason(
                                        std::declval<const SortProblem&>(), std::declval<const RunOptions&>()))>>
    : std::true_type {};

template <class Sort, class = void>
struct has_host_workspace_bytes : std::false_type {};
template <class Sort>
struct has_host_workspace_bytes<Sort,
                                std::void_t<decltype(Sort::host_workspace_bytes(std::declval<const SortProblem&>()))>>
    : std::true_type {};

template <class Sort, class = void>
struct has_tile_items : std::false_type {};
template <class Sort>
struct has_tile_items<Sort, std::void_t<decltype(Sort::tile_items(std::declval<const SortProblem&>()))>>
    : std::true_type {};
}  // namespace detail

template <class Sort>
class SortBackend final : public Backend {
 public:
  const BackendInfo& info() const override { return info_; }

  // The declared key types, value modes, orders and n limit come first, so Sort's own check sees only
  // problems its description admits.
  std::string unsupported_reason(const SortProblem& p, const RunOptions& opts) const override {
    std::string why = Backend::unsupported_reason(p, opts);
    if constexpr (detail::has_unsupported_reason<Sort>::value) {
      if (why.empty()) why = Sort::unsupported_reason(p, opts);
    }
    return why;
  }

  std::size_t temp_bytes(const SortProblem& p) const override { return Sort::temp_bytes(p); }

  std::size_t host_workspace_bytes(const SortProblem& p) const override {
    if constexpr (detail::has_host_workspace_bytes<Sort>::value) {
      return Sort::host_workspace_bytes(p);
    } else {
      return Backend::host_workspace_bytes(p);
    }
  }

  std::vector<std::uint64_t> tile_items(const SortProblem& p) const override {
    if constexpr (detail::has_tile_items<Sort>::value) {
      return Sort::tile_items(p);
    } else {
      return Backend::tile_items(p);
    }
  }

  int run(const SortProblem& p, const SortBuffers& b) const override { return Sort::run(p, b); }

 private:
  BackendInfo info_ = Sort::describe();
};

}  // namespace gsb

// Registers SortBackend<Sort>; Sort may be a template specialisation (the commas pass through).
#define GSB_REGISTER_SORT(...) GSB_REGISTER_BACKEND(::gsb::SortBackend<__VA_ARGS__>)
