#include "driver/text.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "gsb/digits.hpp"
#include "gsb/error.hpp"

namespace gsb {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split_list(std::string_view flag, std::string_view text) {
  if (trim(text).empty()) throw UsageError(std::string(flag) + ": empty list");
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = trim(text.substr(start, comma - start));
    if (item.empty()) throw UsageError(std::string(flag) + ": '" + std::string(text) + "' has an empty list item");
    out.push_back(item);
    if (comma == text.size()) return out;
    start = comma + 1;
  }
}

std::uint64_t parse_whole_number(std::string_view flag, std::string_view text) {
  std::uint64_t x = 0;
  if (!parse_digits_u64(text, x))
    throw UsageError(std::string(flag) + ": '" + std::string(text) +
                     "' is not a whole number in 0..18446744073709551615");
  return x;
}

void print_stderr(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), stderr) == text.size()) std::fflush(stderr);
  std::clearerr(stderr);
}

void print_stdout(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
    const int e = errno;
    std::clearerr(stdout);
    throw std::runtime_error(std::string("error writing standard output: ") + std::strerror(e));
  }
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace gsb
