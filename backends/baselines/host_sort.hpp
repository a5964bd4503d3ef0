// std::sort-family baselines on the host, sequential or parallel, sharing one implementation.
//
// Keys are sorted as their own C++ type with the comparison a user writes (std::less / std::greater), floats
// included: the inputs hold no NaN, so operator< is a strict weak order on them, in which -0.0 and +0.0 are
// equal (the back-ends declare it, as CUB's do; validation then accepts either order of the zeros). Key-value
// problems are zipped into pairs, stable-sorted by key (equal keys
// keep their input order, as the reference assumes) and unzipped: what a user of std:: algorithms would do.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>

#include "baselines/native_key.hpp"
#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/sort_backend.hpp"

namespace gsb::baselines {


// Policy provides sort(first, last, comp) and stable_sort(first, last, comp).
template <class Policy, class T, class V>
void host_sort_typed(const SortProblem& p, const SortBuffers& b) {
  T* keys = static_cast<T*>(b.keys[0]);
  const auto n = static_cast<std::ptrdiff_t>(p.n);
  auto with_comp = [&](auto&& f) {
    if (p.order == Order::asc) f(std::less<T>{});
    else f(std::greater<T>{});
  };
  if constexpr (std::is_same_v<V, NoValue>) {
    with_comp([&](auto comp) { Policy::sort(keys, keys + n, comp); });
  } else {
    V* values = static_cast<V*>(b.values[0]);
    auto* pairs = static_cast<std::pair<T, V>*>(b.temp);
    for (std::ptrdiff_t i = 0; i < n; ++i) pairs[i] = {keys[i], values[i]};
    with_comp([&](auto comp) {
      Policy::stable_sort(pairs, pairs + n, [comp](const auto& x, const auto& y) { return comp(x.first, y.first); });
    });
    for (std::ptrdiff_t i = 0; i < n; ++i) {
      keys[i] = pairs[i].first;
      values[i] = pairs[i].second;
    }
  }
}

template <class Policy>
int host_sort(const SortProblem& p, const SortBuffers& b) {
  auto with_type = [&](auto tag_v) {
    using V = typename decltype(tag_v)::type;
    dispatch_native_key(p.key_type, [&](auto tag_k) { host_sort_typed<Policy, typename decltype(tag_k)::type, V>(p, b); });
  };
  dispatch_values(p.values, with_type);
  return 0;
}

// Bytes of the elements a sort moves: keys alone, or the zipped (key, value) pairs.
inline std::size_t host_sort_element_bytes(const SortProblem& p) {
  return p.values == ValueMode::none ? p.key_size() : std::max<std::size_t>(p.key_size(), p.value_size()) * 2;
}

// Temporary storage: the zipped pairs of a key-value sort (padded to the pair's alignment).
inline std::size_t host_sort_temp_bytes(const SortProblem& p) {
  if (p.values == ValueMode::none) return 0;
  return p.n * host_sort_element_bytes(p);
}

// The back-end (gsb/sort_backend.hpp) around a Policy, which provides sort / stable_sort, the host memory they
// allocate for n elements of a given size (workspace_bytes), its name, description and whether it is the
// speed-up reference.
template <class Policy>
struct HostSort {
  static BackendInfo describe() {
    BackendInfo i{Policy::name, Policy::description, "baseline"};
    i.stable = true;  // key-value problems go through stable_sort
    i.signed_zeros_equal = true;  // std::less<float>: -0.0 == +0.0
    i.needs_gpu = false;
    i.speedup_reference = Policy::speedup_reference;
    return i;
  }
  static std::size_t temp_bytes(const SortProblem& p) { return host_sort_temp_bytes(p); }
  static std::size_t host_workspace_bytes(const SortProblem& p) {
    return Policy::workspace_bytes(p.n, host_sort_element_bytes(p), p.values != ValueMode::none);
  }
  static int run(const SortProblem& p, const SortBuffers& b) { return host_sort<Policy>(p, b); }
};

}  // namespace gsb::baselines
