#include "gsb/env.hpp"

#include <cstdint>
#include <deque>
#include <cstdlib>

#include "gsb/digits.hpp"
#include "gsb/error.hpp"

namespace gsb {

namespace {

std::deque<EnvKnob>& registry() {
  static std::deque<EnvKnob> knobs;  // function-local: knobs are declared during static initialisation
  return knobs;                      // a deque: the references env_knobs() hands out stay valid
}

}  // namespace

EnvKnob declare_env_knob(std::string name, std::string help, std::function<void(const std::string&)> check) {
  return registry().emplace_back(EnvKnob{std::move(name), std::move(help), std::move(check)});
}

const std::deque<EnvKnob>& env_knobs() { return registry(); }

std::optional<std::string> env_value(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return std::nullopt;
  return std::string(v);
}

void check_env_knobs() {
  for (const EnvKnob& k : registry())
    if (auto v = env_value(k.name.c_str())) k.check(*v);
}

std::vector<std::pair<std::string, std::string>> env_knobs_set() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const EnvKnob& k : registry())
    if (auto v = env_value(k.name.c_str())) out.emplace_back(k.name, *v);
  return out;
}

std::uint64_t parse_env_uint(const char* name, const std::string& value, std::uint64_t lo, std::uint64_t hi) {
  std::uint64_t x = 0;
  if (!parse_digits_u64(value, x) || x < lo || x > hi)
    throw UsageError(std::string(name) + ": '" + value + "' is not a whole number in " + std::to_string(lo) + ".." +
                     std::to_string(hi));
  return x;
}

std::string parse_env_choice(const char* name, const std::string& value, std::initializer_list<std::string_view> choices) {
  std::string valid;
  for (std::string_view c : choices) {
    if (value == c) return value;
    valid += (valid.empty() ? "" : ", ") + std::string(c);
  }
  throw UsageError(std::string(name) + ": '" + value + "' is not a valid value (valid: " + valid + ")");
}

}  // namespace gsb
