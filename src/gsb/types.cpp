#include "gsb/types.hpp"

#include <string>

namespace gsb {

std::string_view to_string(KeyType t) {
  switch (t) {
    case KeyType::u8: return "u8";
    case KeyType::u16: return "u16";
    case KeyType::u32: return "u32";
    case KeyType::u64: return "u64";
    case KeyType::i32: return "i32";
    case KeyType::i64: return "i64";
    case KeyType::f32: return "f32";
    case KeyType::f64: return "f64";
  }
  return "?";
}

std::string_view to_string(ValueMode v) {
  switch (v) {
    case ValueMode::none: return "none";
    case ValueMode::u32: return "u32";
    case ValueMode::u64: return "u64";
  }
  return "?";
}

std::string_view to_string(Order o) { return o == Order::asc ? "asc" : "desc"; }

std::optional<KeyType> parse_key_type(std::string_view s) {
  for (KeyType t : all_key_types)
    if (to_string(t) == s) return t;
  return std::nullopt;
}

std::optional<ValueMode> parse_value_mode(std::string_view s) {
  for (ValueMode v : all_value_modes)
    if (to_string(v) == s) return v;
  return std::nullopt;
}

std::optional<Order> parse_order(std::string_view s) {
  for (Order o : all_orders)
    if (to_string(o) == s) return o;
  return std::nullopt;
}

std::string describe(const SortProblem& p) {
  std::string s{to_string(p.key_type)};
  if (p.values != ValueMode::none) s += "+" + std::string{to_string(p.values)};
  s += " ";
  s += to_string(p.order);
  s += " n=" + std::to_string(p.n);
  return s;
}

}  // namespace gsb
