// The C++ type behind a KeyType, for baselines that hand real typed keys to a library (CUB radix, Thrust),
// so that the library does its own key transform exactly as it would for a user.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gsb/backend.hpp"
#include "gsb/error.hpp"
#include "gsb/types.hpp"

namespace gsb::baselines {

template <class T> struct tag { using type = T; };

// Calls f(tag<T>{}) with T the key type's C++ type.
template <class F>
decltype(auto) dispatch_native_key(KeyType t, F&& f) {
  switch (t) {
    case KeyType::u8: return f(tag<std::uint8_t>{});
    case KeyType::u16: return f(tag<std::uint16_t>{});
    case KeyType::u32: return f(tag<std::uint32_t>{});
    case KeyType::u64: return f(tag<std::uint64_t>{});
    case KeyType::i32: return f(tag<std::int32_t>{});
    case KeyType::i64: return f(tag<std::int64_t>{});
    case KeyType::f32: return f(tag<float>{});
    case KeyType::f64: return f(tag<double>{});
  }
  throw LogicError("dispatch_native_key: unknown key type");
}

// Base of a baseline's Sort (gsb/sort_backend.hpp) over a library with CUB's two-phase interface:
// Self::sort<Key>(p, b, &bytes) with b.temp null only sizes the temporary storage; Self::sort<Key>(p, b, nullptr)
// sorts and returns the half that holds the result.
template <class Self>
struct TwoPhaseSort {
  static std::size_t temp_bytes(const SortProblem& p) {
    std::size_t bytes = 0;
    dispatch_native_key(p.key_type, [&](auto t) {
      Self::template sort<typename decltype(t)::type>(p, SortBuffers{}, &bytes);
    });
    return bytes;
  }
  static int run(const SortProblem& p, const SortBuffers& b) {
    return dispatch_native_key(p.key_type, [&](auto t) {
      return Self::template sort<typename decltype(t)::type>(p, b, nullptr);
    });
  }
};

}  // namespace gsb::baselines
