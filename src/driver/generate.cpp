#include "driver/generate.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"
#include "gsb/hash.hpp"
#include "gsb/key_codec.hpp"

namespace gsb {

namespace {

// 128-bit products for the evenly spread keys of 8-byte types (a GCC and Clang extension, marked as one so that
// -Wpedantic accepts it).
__extension__ typedef unsigned __int128 wide_uint;

// Word k (< 8) of element i in a stream: distinct (i, k) give distinct inputs to a bijection.
inline std::uint64_t word(std::uint64_t stream, std::uint64_t i, unsigned k) {
  return mix64((i * 8 + k) + stream);
}

inline double unit_double(std::uint64_t w) { return static_cast<double>(w >> 11) * 0x1.0p-53; }

struct Names {
  Distribution d;
  std::string_view name;
  std::string_view help;
};
constexpr Names names[] = {
    {Distribution::uniform, "uniform", "uniform random bits (float NaN/inf patterns made finite)"},
    {Distribution::sorted, "sorted", "ascending, evenly spread over the type's range"},
    {Distribution::reverse, "reverse", "descending, evenly spread over the type's range"},
    {Distribution::nearly_sorted, "nearly-sorted", "sorted, then n/100 random swaps"},
    {Distribution::few_unique, "few-unique", "64 distinct random keys"},
    {Distribution::all_equal, "all-equal", "one random key repeated"},
    {Distribution::entropy_0_811, "entropy-0.811", "AND of 2 random words (0.811 bits/bit)"},
    {Distribution::entropy_0_544, "entropy-0.544", "AND of 3 random words"},
    {Distribution::entropy_0_337, "entropy-0.337", "AND of 4 random words"},
    {Distribution::entropy_0_201, "entropy-0.201", "AND of 5 random words"},
    {Distribution::zipf, "zipf", "Zipf ranks (density ~1/rank, 2^20 ranks), each a random key"},
    {Distribution::normal, "normal", "standard normal (f32, f64 only)"},
};

template <class Bits>
Bits make_finite(Bits b, KeyType t) {
  if constexpr (sizeof(Bits) < 4) {
    return b;  // no float type this narrow
  } else {
  if (!is_float(t)) return b;
  constexpr int W = 8 * sizeof(Bits);
  // Exponent field: 8 bits for f32, 11 for f64, just below the sign bit.
  constexpr int exp_bits = W == 32 ? 8 : 11;
  constexpr Bits exp_mask = static_cast<Bits>(((Bits{1} << exp_bits) - 1) << (W - 1 - exp_bits));
  constexpr Bits exp_low = static_cast<Bits>(Bits{1} << (W - 1 - exp_bits));
  if ((b & exp_mask) == exp_mask) b = static_cast<Bits>(b & ~exp_low);  // NaN/inf -> a large finite value
  return b;
  }
}

template <class Bits>
Bits random_key(std::uint64_t stream, std::uint64_t i, unsigned k, KeyType t) {
  return make_finite(static_cast<Bits>(word(stream, i, k)), t);
}

// Encoded (ascending) range of the finite keys of type t.
template <class Bits>
void encoded_range(KeyType t, Bits& lo, Bits& hi) {
  const KeyCodec<Bits> c = make_codec<Bits>(t, Order::asc);
  if (t == KeyType::f32) {
    lo = static_cast<Bits>(c.encode(static_cast<Bits>(to_bits(std::numeric_limits<float>::lowest()))));
    hi = static_cast<Bits>(c.encode(static_cast<Bits>(to_bits(std::numeric_limits<float>::max()))));
  } else if (t == KeyType::f64) {
    lo = static_cast<Bits>(c.encode(static_cast<Bits>(to_bits(std::numeric_limits<double>::lowest()))));
    hi = static_cast<Bits>(c.encode(static_cast<Bits>(to_bits(std::numeric_limits<double>::max()))));
  } else {
    lo = 0;
    hi = static_cast<Bits>(~Bits{0});
  }
}

template <class Bits>
void generate_typed(KeyType t, Distribution d, std::uint64_t n, std::uint64_t seed, Bits* out) {
  const std::uint64_t stream =
      mix64(seed ^ mix64(0x5EED0000ULL + static_cast<unsigned>(d) * 16 + static_cast<unsigned>(t)));
  const KeyCodec<Bits> codec = make_codec<Bits>(t, Order::asc);
  Bits lo = 0, hi = 0;
  encoded_range<Bits>(t, lo, hi);
  const wide_uint span = static_cast<wide_uint>(hi - lo) + 1;
  const auto spread = [&](std::uint64_t i) {  // i-th of n evenly spread keys, ascending
    const wide_uint off = static_cast<wide_uint>(i) * span / n;
    return codec.decode(static_cast<Bits>(lo + static_cast<Bits>(off)));
  };
  constexpr std::uint64_t zipf_ranks = std::uint64_t{1} << 20;
  const double log_ranks = std::log(static_cast<double>(zipf_ranks) + 1.0);
  const Bits equal_key = random_key<Bits>(stream, 0, 7, t);

#pragma omp parallel for schedule(static, 65536)
  for (std::int64_t si = 0; si < static_cast<std::int64_t>(n); ++si) {
    const auto i = static_cast<std::uint64_t>(si);
    Bits k = 0;
    switch (d) {
      case Distribution::uniform: k = random_key<Bits>(stream, i, 0, t); break;
      case Distribution::sorted:
      case Distribution::nearly_sorted: k = spread(i); break;
      case Distribution::reverse: k = spread(n - 1 - i); break;
      case Distribution::few_unique: k = random_key<Bits>(stream, word(stream, i, 1) % 64, 2, t); break;
      case Distribution::all_equal: k = equal_key; break;
      case Distribution::entropy_0_811:
      case Distribution::entropy_0_544:
      case Distribution::entropy_0_337:
      case Distribution::entropy_0_201: {
        const unsigned words = 2 + static_cast<unsigned>(d) - static_cast<unsigned>(Distribution::entropy_0_811);
        std::uint64_t w = ~std::uint64_t{0};
        for (unsigned j = 0; j < words; ++j) w &= word(stream, i, j);
        k = make_finite(static_cast<Bits>(w), t);
        break;
      }
      case Distribution::zipf: {
        // Continuous approximation of P(rank) ~ 1/(rank+1): rank = (N+1)^u - 1.
        const double u = unit_double(word(stream, i, 0));
        auto rank = static_cast<std::uint64_t>(std::exp(u * log_ranks) - 1.0);
        if (rank >= zipf_ranks) rank = zipf_ranks - 1;
        k = random_key<Bits>(stream ^ 0x21BFULL, rank, 3, t);
        break;
      }
      case Distribution::normal: {
        const double u1 = 1.0 - unit_double(word(stream, i, 0));  // (0, 1]
        const double u2 = unit_double(word(stream, i, 1));
        const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
        if constexpr (sizeof(Bits) == 4) k = static_cast<Bits>(to_bits(static_cast<float>(z)));
        else if constexpr (sizeof(Bits) == 8) k = static_cast<Bits>(to_bits(z));
        break;
      }
    }
    out[i] = k;
  }

  if (d == Distribution::nearly_sorted && n > 1) {
    // Serial so that the result is independent of the thread count; n/100 swaps cost little.
    const std::uint64_t swaps = n / 100 > 0 ? n / 100 : 1;
    for (std::uint64_t s = 0; s < swaps; ++s) {
      const std::uint64_t a = word(stream, s, 4) % n, b = word(stream, s, 5) % n;
      std::swap(out[a], out[b]);
    }
  }
}

}  // namespace

std::string_view to_string(Distribution d) {
  for (const auto& x : names)
    if (x.d == d) return x.name;
  return "?";
}

std::optional<Distribution> parse_distribution(std::string_view s) {
  for (const auto& x : names)
    if (x.name == s) return x.d;
  return std::nullopt;
}

std::string distribution_help() {
  std::string s;
  for (const auto& x : names) {
    s += "  ";
    s += x.name;
    s += std::string(16 - std::min<std::size_t>(15, x.name.size()), ' ');
    s += x.help;
    s += "\n";
  }
  return s;
}

std::string distribution_unsupported_reason(Distribution d, KeyType t) {
  if (d == Distribution::normal && !is_float(t)) return "distribution normal applies to float key types only";
  return {};
}

HostKeys generate_keys(KeyType type, Distribution dist, std::uint64_t n, std::uint64_t seed) {
  const std::string why = distribution_unsupported_reason(dist, type);
  GSB_EXPECTS(why.empty(), why);
  HostKeys keys{type, HostArray(n, key_bytes(type))};
  dispatch_key_bits(type, [&](auto kb) {
    generate_typed(type, dist, n, seed, keys.array.as<typename decltype(kb)::type>());
  });
  return keys;
}

void parallel_copy(void* dst, const void* src, std::size_t bytes) {
  constexpr std::size_t chunk = std::size_t{1} << 22;
  const auto chunks = static_cast<std::int64_t>((bytes + chunk - 1) / chunk);
#pragma omp parallel for schedule(static)
  for (std::int64_t c = 0; c < chunks; ++c) {
    const std::size_t off = static_cast<std::size_t>(c) * chunk;
    std::memcpy(static_cast<std::byte*>(dst) + off, static_cast<const std::byte*>(src) + off,
                std::min(chunk, bytes - off));
  }
}

HostArray make_index_values(ValueMode mode, std::uint64_t n) {
  HostArray a(n, value_bytes(mode));
  if (mode == ValueMode::u32) {
    GSB_EXPECTS(n <= (std::uint64_t{1} << 32), "u32 values cannot index n=" + std::to_string(n) + " elements");
    auto* v = a.as<std::uint32_t>();
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(n); ++i) v[i] = static_cast<std::uint32_t>(i);
  } else if (mode == ValueMode::u64) {
    auto* v = a.as<std::uint64_t>();
#pragma omp parallel for schedule(static)
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(n); ++i) v[i] = static_cast<std::uint64_t>(i);
  }
  return a;
}

}  // namespace gsb
