// Typed dispatch for back-ends: SortProblem's run-time key width and value mode to template parameters.
// Back-ends instantiate one sort per key *width* (the KeyCodec handles type and order at run time) and per
// value type, where NoValue stands for keys-only: keys-only is the key-value sort with no value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "gsb/backend.hpp"
#include "gsb/error.hpp"
#include "gsb/key_codec.hpp"
#include "gsb/types.hpp"

namespace gsb {

struct NoValue {};
template <class T> struct type_tag { using type = T; };
template <class V> inline constexpr bool has_values_v = !std::is_same_v<V, NoValue>;

// Calls f(type_tag<Value>{}) with Value = NoValue, std::uint32_t or std::uint64_t.
template <class F>
decltype(auto) dispatch_values(ValueMode mode, F&& f) {
  switch (mode) {
    case ValueMode::none: return f(type_tag<NoValue>{});
    case ValueMode::u32: return f(type_tag<std::uint32_t>{});
    case ValueMode::u64: return f(type_tag<std::uint64_t>{});
  }
  throw LogicError("dispatch_values: unknown value mode");
}

// Calls f(type_tag<Bits>{}) with Bits the unsigned word as wide as the key type.
template <class F>
decltype(auto) dispatch_key_bits(KeyType type, F&& f) {
  switch (key_bytes(type)) {
    case 1: return f(type_tag<std::uint8_t>{});
    case 2: return f(type_tag<std::uint16_t>{});
    case 4: return f(type_tag<std::uint32_t>{});
    case 8: return f(type_tag<std::uint64_t>{});
  }
  throw LogicError("dispatch_key_bits: unknown key type");
}

// Calls f(type_tag<Bits>{}, type_tag<Value>{}) for the problem.
template <class F>
decltype(auto) dispatch_problem(const SortProblem& p, F&& f) {
  return dispatch_key_bits(p.key_type, [&](auto kb) -> decltype(auto) {
    return dispatch_values(p.values, [&](auto vb) -> decltype(auto) { return f(kb, vb); });
  });
}

namespace detail {
template <class Self, class = void>
struct has_sort_tile_items : std::false_type {};
template <class Self>
struct has_sort_tile_items<Self, std::void_t<decltype(Self::template sort_tile_items<std::uint32_t, NoValue>())>>
    : std::true_type {};
}  // namespace detail

// Base of a back-end's Sort (gsb/sort_backend.hpp) written once per key width and value type: run() and
// temp_bytes() call Self::sort<Bits, Value>(p, b) and Self::sort_temp_bytes<Bits, Value>(p) with p's key width
// and value type. A Self whose temporary size does not depend on them defines temp_bytes(p), hiding this one;
// a Self with tiles of its own declares them in sort_tile_items<Bits, Value>() (Backend::tile_items).
template <class Self>
struct TypedSort {
  static int run(const SortProblem& p, const SortBuffers& b) {
    return dispatch_problem(p, [&](auto kb, auto vb) {
      return Self::template sort<typename decltype(kb)::type, typename decltype(vb)::type>(p, b);
    });
  }
  static std::size_t temp_bytes(const SortProblem& p) {
    return dispatch_problem(p, [&](auto kb, auto vb) {
      return Self::template sort_temp_bytes<typename decltype(kb)::type, typename decltype(vb)::type>(p);
    });
  }
  // Self::sort_tile_items<Bits, Value>() where Self declares its tiles (Backend::tile_items), else none.
  static std::vector<std::uint64_t> tile_items(const SortProblem& p) {
    if constexpr (detail::has_sort_tile_items<Self>::value) {
      return dispatch_problem(p, [&](auto kb, auto vb) {
        return Self::template sort_tile_items<typename decltype(kb)::type, typename decltype(vb)::type>();
      });
    } else {
      return {};
    }
  }
};

}  // namespace gsb
