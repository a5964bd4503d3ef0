// The C++ type behind a KeyType, for baselines that hand real typed keys to a library (CUB radix, Thrust),
// so that the library does its own key transform exactly as it would for a user.
#pragma once

#include <cstdint>

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

}  // namespace gsb::baselines
