// Environment knobs (GSB_*): each is declared once, beside the code that reads it, with the parse that code
// uses. Every declared knob is checked with the command line, so a bad value is a usage error (exit 2, one line
// naming the variable and the value) before any case runs, never a per-case error or a silent 0; the values of
// the knobs that are set are recorded in the JSON ("environment").
//
//   const gsb::EnvKnob my_knob = gsb::declare_env_knob("GSB_X", "what it changes",
//                                                       [](const std::string& v) { gsb::parse_env_uint("GSB_X", v, 1, 64); });
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gsb {

struct EnvKnob {
  std::string name;
  std::string help;
  std::function<void(const std::string&)> check;  // throws UsageError for a bad (non-empty) value
};

// Declares a knob (at static initialisation) and returns a copy of it for the caller to keep: a value, since GCC 13
// and 14 (-Wdangling-reference) take a reference bound to a call that has temporaries among its arguments for a
// dangling one.
EnvKnob declare_env_knob(std::string name, std::string help, std::function<void(const std::string&)> check);

// Every declared knob, in declaration order.
const std::deque<EnvKnob>& env_knobs();

// Checks every declared knob that is set; throws UsageError naming the first bad one.
void check_env_knobs();

// The knobs that are set (non-empty), as (name, value), for the record.
std::vector<std::pair<std::string, std::string>> env_knobs_set();

// The value of NAME, or nothing when it is unset or empty.
std::optional<std::string> env_value(const char* name);

// A whole number in lo..hi written in decimal digits; throws UsageError("NAME: 'v' is not ...").
std::uint64_t parse_env_uint(const char* name, const std::string& value, std::uint64_t lo, std::uint64_t hi);

// One of the choices; throws UsageError naming the valid ones.
std::string parse_env_choice(const char* name, const std::string& value, std::initializer_list<std::string_view> choices);

}  // namespace gsb
