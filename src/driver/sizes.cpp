#include "driver/sizes.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <unordered_set>

#include "driver/text.hpp"
#include "gsb/digits.hpp"
#include "gsb/error.hpp"

namespace gsb {

namespace {

constexpr std::uint64_t max_size = std::uint64_t{1} << 48;  // far beyond any memory; guards overflow

[[noreturn]] void bad(std::string_view text, const std::string& why) {
  throw UsageError("--n: '" + std::string(text) + "' " + why);
}

// A non-negative decimal number (digits, optional fraction) as a long double; sets `used` to chars consumed.
bool parse_decimal(std::string_view s, long double& value, std::size_t& used) {
  std::size_t i = 0;
  long double v = 0;
  bool any = false;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
    v = v * 10 + (s[i] - '0');
    ++i;
    any = true;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    long double scale = 0.1L;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
      v += scale * (s[i] - '0');
      scale /= 10;
      ++i;
      any = true;
    }
  }
  value = v;
  used = i;
  return any;
}

std::uint64_t to_integer(std::string_view text, long double v) {
  if (!(v >= 1)) bad(text, "is not a size >= 1");
  if (v > static_cast<long double>(max_size)) bad(text, "is too large (limit 2^48)");
  const long double r = std::round(v);
  if (std::fabs(v - r) > 1e-9L * std::max<long double>(1, v)) bad(text, "is not a whole number of elements");
  return static_cast<std::uint64_t>(r);
}

// `text` read as a size; errors name `shown` (the whole value, where text is a part of it).
long double parse_size_real(std::string_view text, std::string_view shown) {
  const std::string_view s = trim(text);
  if (s.empty()) bad(shown, "is empty");
  if (s.front() == '-') bad(shown, "is negative");
  long double mant = 0;
  std::size_t used = 0;
  if (!parse_decimal(s, mant, used))
    bad(shown, "is not a size (examples: 100000000, 1e8, 2^27, 64Ki, 1M, 2^32+17)");
  std::string_view rest = s.substr(used);
  if (rest.empty()) return mant;
  if (rest.front() == 'e' || rest.front() == 'E' || rest.front() == '^') {
    const char op = rest.front();
    rest.remove_prefix(1);
    if (rest.empty() || !std::all_of(rest.begin(), rest.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
      bad(shown, "has a malformed exponent");
    while (rest.size() > 1 && rest.front() == '0') rest.remove_prefix(1);  // 1e0003 is 1e3
    if (rest.size() > 3) bad(shown, "is too large (limit 2^48)");
    const int e = std::stoi(std::string(rest));
    if (op == '^' && s.find('.') != std::string_view::npos) bad(shown, "is malformed (2^K takes a whole base)");
    const long double base = (op == '^') ? mant : 10.0L;
    const long double scaled = (op == '^') ? std::pow(base, e) : mant * std::pow(10.0L, e);
    return scaled;
  }
  static const struct { std::string_view suffix; long double scale; } suffixes[] = {
      {"Ki", 1024.0L}, {"Mi", 1048576.0L}, {"Gi", 1073741824.0L}, {"Ti", 1099511627776.0L},
      {"k", 1e3L}, {"K", 1e3L}, {"M", 1e6L}, {"G", 1e9L}, {"T", 1e12L}};
  for (const auto& sf : suffixes)
    if (rest == sf.suffix) return mant * sf.scale;
  bad(shown, "has an unknown suffix '" + std::string(rest) + "' (use k, M, G, T, Ki, Mi, Gi, Ti)");
}

}  // namespace

// A size, or a size and a whole number of elements more or fewer: 2^32+17, 1e9-1.
std::uint64_t parse_size(std::string_view text) {
  const std::string_view s = trim(text);
  const std::size_t at = s.find_first_of("+-", 1);
  if (at == std::string_view::npos) return to_integer(text, parse_size_real(text, text));
  std::uint64_t k = 0;
  if (!parse_digits_u64(s.substr(at + 1), k))
    bad(text, "has a malformed offset (expected SIZE+K or SIZE-K with K a whole number, e.g. 2^32+17)");
  const std::uint64_t base = to_integer(text, parse_size_real(s.substr(0, at), text));
  if (s[at] == '+') {
    if (k > max_size - base) bad(text, "is too large (limit 2^48)");
    return base + k;
  }
  if (k >= base) bad(text, "is not a size >= 1");
  return base - k;
}

std::vector<std::uint64_t> parse_sizes(std::string_view text) {
  std::vector<std::uint64_t> out;
  std::unordered_set<std::uint64_t> seen;  // duplicates dropped in constant time: 100,000-point ranges are cheap
  auto push = [&](std::uint64_t n) {
    if (seen.insert(n).second) out.push_back(n);
  };
  for (const std::string_view item : split_list("--n", text)) {
    const std::size_t c1 = item.find(':');
    if (c1 == std::string_view::npos) {
      push(parse_size(item));
    } else {
      const std::size_t c2 = item.find(':', c1 + 1);
      if (c2 == std::string_view::npos || item.find(':', c2 + 1) != std::string_view::npos)
        bad(item, "is not a range (expected start:stop:xFACTOR or start:stop:+STEP)");
      const std::uint64_t lo = parse_size(item.substr(0, c1));
      const std::uint64_t hi = parse_size(item.substr(c1 + 1, c2 - c1 - 1));
      const std::string_view step = trim(item.substr(c2 + 1));
      if (hi < lo) bad(item, "is a range whose stop is below its start");
      if (step.size() < 2 || (step.front() != 'x' && step.front() != '+'))
        bad(item, "has a malformed step (expected xFACTOR or +STEP)");
      if (step.front() == 'x') {
        long double factor = 0;
        std::size_t used = 0;
        if (!parse_decimal(step.substr(1), factor, used) || used != step.size() - 1)
          bad(item, "has a malformed factor");
        if (!(factor > 1.0L)) bad(item, "has a factor that is not above 1");
        // Points lo*factor^k, rounded; the stop counts when within rounding of a point.
        for (int k = 0;; ++k) {
          const long double v = static_cast<long double>(lo) * std::pow(factor, k);
          if (v > static_cast<long double>(hi) * (1 + 1e-12L)) break;
          push(static_cast<std::uint64_t>(std::llround(v)));
          if (k > 10000) bad(item, "has too many points");
        }
      } else {
        const std::uint64_t inc = parse_size(step.substr(1));
        if ((hi - lo) / inc > 100000) bad(item, "has too many points (limit 100000)");
        for (std::uint64_t v = lo; v <= hi; v += inc) push(v);
      }
    }
  }
  return out;
}

std::string format_size(std::uint64_t n) {
  if (n >= 1024 && (n & (n - 1)) == 0) {
    int e = 0;
    while ((std::uint64_t{1} << e) != n) ++e;
    return "2^" + std::to_string(e);
  }
  for (int e = 18; e >= 3; --e) {
    std::uint64_t p = 1;
    for (int i = 0; i < e; ++i) p *= 10;
    if (n % p == 0 && n / p < 10) return std::to_string(n / p) + "e" + std::to_string(e);
  }
  return std::to_string(n);
}

}  // namespace gsb
