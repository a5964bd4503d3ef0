// Vocabulary shared by the driver and every back-end: key types, value modes, sort order, the problem.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gsb {

enum class KeyType : std::uint8_t { u8, u16, u32, u64, i32, i64, f32, f64 };
enum class ValueMode : std::uint8_t { none, u32, u64 };
enum class Order : std::uint8_t { asc, desc };

inline constexpr KeyType all_key_types[] = {KeyType::u8,  KeyType::u16, KeyType::u32, KeyType::u64,
                                            KeyType::i32, KeyType::i64, KeyType::f32, KeyType::f64};
inline constexpr ValueMode all_value_modes[] = {ValueMode::none, ValueMode::u32, ValueMode::u64};
inline constexpr Order all_orders[] = {Order::asc, Order::desc};

constexpr std::size_t key_bytes(KeyType t) {
  switch (t) {
    case KeyType::u8: return 1;
    case KeyType::u16: return 2;
    case KeyType::u32: case KeyType::i32: case KeyType::f32: return 4;
    case KeyType::u64: case KeyType::i64: case KeyType::f64: return 8;
  }
  return 0;
}
constexpr std::size_t value_bytes(ValueMode v) {
  return v == ValueMode::none ? 0 : v == ValueMode::u32 ? 4 : 8;
}
constexpr bool is_float(KeyType t) { return t == KeyType::f32 || t == KeyType::f64; }
constexpr bool is_signed_int(KeyType t) { return t == KeyType::i32 || t == KeyType::i64; }

std::string_view to_string(KeyType t);
std::string_view to_string(ValueMode v);
std::string_view to_string(Order o);
std::optional<KeyType> parse_key_type(std::string_view s);
std::optional<ValueMode> parse_value_mode(std::string_view s);
std::optional<Order> parse_order(std::string_view s);

// One sort to perform: n keys of key_type (plus values) into the given order.
struct SortProblem {
  KeyType key_type = KeyType::u32;
  ValueMode values = ValueMode::none;
  Order order = Order::asc;
  std::uint64_t n = 0;

  std::size_t key_size() const { return key_bytes(key_type); }
  std::size_t value_size() const { return value_bytes(values); }
};

std::string describe(const SortProblem& p);  // "u32+u32 asc n=1000"

}  // namespace gsb
