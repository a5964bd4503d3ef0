#include "driver/validate.hpp"

#include <atomic>
#include <chrono>
#include <cstring>
#include <limits>
#include <sstream>

#include <omp.h>

#include "driver/host_radix_sort.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"
#include "gsb/key_codec.hpp"

namespace gsb {

namespace {

constexpr std::uint64_t none_found = std::numeric_limits<std::uint64_t>::max();

// Smallest i in [0, n) with bad(i), in parallel; none_found when there is none.
template <class Pred>
std::uint64_t first_failure(std::uint64_t n, Pred bad) {
  std::atomic<std::uint64_t> first{none_found};
  constexpr std::uint64_t chunk = 1 << 16;
  const auto chunks = static_cast<std::int64_t>((n + chunk - 1) / chunk);
#pragma omp parallel for schedule(dynamic, 4)
  for (std::int64_t c = 0; c < chunks; ++c) {
    const std::uint64_t begin = static_cast<std::uint64_t>(c) * chunk;
    if (begin >= first.load(std::memory_order_relaxed)) continue;
    const std::uint64_t end = std::min(n, begin + chunk);
    for (std::uint64_t i = begin; i < end; ++i) {
      if (bad(i)) {
        std::uint64_t cur = first.load();
        while (i < cur && !first.compare_exchange_weak(cur, i)) {
        }
        break;
      }
    }
  }
  return first.load();
}

template <class Bits>
Bits canonical_zero(Bits raw, KeyType t, bool zeros_equal) {
  return zeros_equal && is_float(t) ? merge_signed_zero(raw) : raw;
}

template <class Bits, class Value>
ValidationResult validate_typed(const HostKeys& input, const Reference& ref, const Bits* out,
                                const Value* values, const ValidationOptions& opts) {
  ValidationResult r;
  const std::uint64_t n = input.size();
  const KeyType t = input.type;
  const KeyCodec<Bits> codec = make_codec<Bits>(t, ref.order);
  const Bits* sorted = ref.sorted_encoded.as<Bits>();
  const Bits* in = input.array.as<Bits>();
  const bool zeq = opts.signed_zeros_equal;
  auto fail = [&](const std::string& what) {
    r.passed = false;
    r.first_mismatch = what;
    return r;
  };

  // Order + permutation of keys at once: position i must hold the i-th key of the reference.
  r.checks.push_back("order");
  r.checks.push_back("permutation");
  const std::uint64_t bad_key = first_failure(n, [&](std::uint64_t i) {
    return canonical_zero(out[i], t, zeq) != canonical_zero(codec.decode(sorted[i]), t, zeq);
  });
  if (bad_key != none_found) {
    Bits expected = codec.decode(sorted[bad_key]);
    return fail("key at index " + std::to_string(bad_key) + ": expected " + format_key(t, &expected, 0) +
                ", got " + format_key(t, out, bad_key));
  }
  if (zeq && is_float(t) && std::is_void_v<Value>) {
    // Zeros compared equal above; the multiset must still hold as many -0.0 as the input.
    constexpr Bits neg_zero = static_cast<Bits>(Bits{1} << (8 * sizeof(Bits) - 1));
    std::uint64_t in_count = 0, out_count = 0;
#pragma omp parallel for reduction(+ : in_count, out_count)
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(n); ++i) {
      in_count += in[i] == neg_zero;
      out_count += out[i] == neg_zero;
    }
    if (in_count != out_count)
      return fail("the input has " + std::to_string(in_count) + " keys -0.0, the output " +
                  std::to_string(out_count));
  }
  if constexpr (!std::is_void_v<Value>) {
    // Pairing: each value names an input element with exactly this key; each value appears once.
    r.checks.push_back("pairing");
    std::vector<std::atomic<std::uint8_t>> seen(n);
    const std::uint64_t bad_pair = first_failure(n, [&](std::uint64_t i) {
      const auto v = static_cast<std::uint64_t>(values[i]);
      if (v >= n || in[v] != out[i]) return true;
      return seen[v].exchange(1, std::memory_order_relaxed) != 0;
    });
    if (bad_pair != none_found) {
      const auto v = static_cast<std::uint64_t>(values[bad_pair]);
      if (v >= n)
        return fail("value at index " + std::to_string(bad_pair) + " is " + std::to_string(v) +
                    ", not an input index (n=" + std::to_string(n) + ")");
      if (in[v] != out[bad_pair])
        return fail("pairing broken at index " + std::to_string(bad_pair) + ": key " +
                    format_key(t, out, bad_pair) + " carries value " + std::to_string(v) +
                    " whose input key is " + format_key(t, in, v));
      return fail("value " + std::to_string(v) + " appears more than once (again at index " +
                  std::to_string(bad_pair) + ")");
    }
    if (opts.check_stability) {
      r.checks.push_back("stability");
      const std::uint64_t bad_tie = first_failure(n, [&](std::uint64_t i) {
        return i > 0 && canonical_zero(out[i - 1], t, zeq) == canonical_zero(out[i], t, zeq) &&
               values[i - 1] > values[i];
      });
      if (bad_tie != none_found)
        return fail("unstable: equal keys " + format_key(t, out, bad_tie) + " at indices " +
                    std::to_string(bad_tie - 1) + " and " + std::to_string(bad_tie) + " carry input indices " +
                    std::to_string(static_cast<std::uint64_t>(values[bad_tie - 1])) + " then " +
                    std::to_string(static_cast<std::uint64_t>(values[bad_tie])));
    }
  }
  return r;
}

template <class Bits>
ValidationResult dispatch_values_validate(const HostKeys& input, const Reference& ref, const void* out,
                                          ValueMode mode, const void* values, const ValidationOptions& o) {
  const Bits* k = static_cast<const Bits*>(out);
  switch (mode) {
    case ValueMode::none: return validate_typed<Bits, void>(input, ref, k, nullptr, o);
    case ValueMode::u32: return validate_typed<Bits, std::uint32_t>(input, ref, k, static_cast<const std::uint32_t*>(values), o);
    case ValueMode::u64: return validate_typed<Bits, std::uint64_t>(input, ref, k, static_cast<const std::uint64_t*>(values), o);
  }
  throw LogicError("validate: unknown value mode");
}

template <class Bits>
void make_reference_typed(const HostKeys& input, Reference& ref) {
  const std::uint64_t n = input.size();
  const KeyCodec<Bits> codec = make_codec<Bits>(input.type, ref.order);
  // The scratch half is allocated here, outside the sort's parallel region (host_radix_sort.hpp). The sort
  // encodes as it reads the input: no encoded copy is written and read again.
  HostArray scratch(n, sizeof(Bits));
  host_radix_sort_encoded(input.array.as<Bits>(), branch_free_encoder(codec), ref.sorted_encoded.as<Bits>(),
                          scratch.as<Bits>(), n);
}

}  // namespace

ValidationOptions validation_options(const BackendInfo& info, const SortProblem& p) {
  ValidationOptions v;
  v.check_stability = info.stable && p.values != ValueMode::none;
  v.signed_zeros_equal = info.signed_zeros_equal;
  return v;
}

Reference make_reference(const HostKeys& input, Order order) {
  Reference ref{input.type, order, HostArray(input.size(), key_bytes(input.type))};
  dispatch_key_bits(input.type, [&](auto kb) { make_reference_typed<typename decltype(kb)::type>(input, ref); });
  return ref;
}

ValidationResult validate(const HostKeys& input, const Reference& ref, const void* out_keys,
                          ValueMode mode, const void* out_values, const ValidationOptions& opts) {
  GSB_EXPECTS(ref.type == input.type && ref.sorted_encoded.size() == input.size(),
              "validate: the reference does not belong to this input");
  GSB_EXPECTS(mode == ValueMode::none || out_values != nullptr, "validate: values missing");
  const auto t0 = std::chrono::steady_clock::now();
  ValidationResult r;
  dispatch_key_bits(input.type, [&](auto kb) {
    r = dispatch_values_validate<typename decltype(kb)::type>(input, ref, out_keys, mode, out_values, opts);
  });
  r.full_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

std::string format_key(KeyType type, const void* keys, std::uint64_t i) {
  std::ostringstream s;
  s.precision(17);
  switch (type) {
    case KeyType::u8: s << +static_cast<const std::uint8_t*>(keys)[i]; break;
    case KeyType::u16: s << static_cast<const std::uint16_t*>(keys)[i]; break;
    case KeyType::u32: s << static_cast<const std::uint32_t*>(keys)[i]; break;
    case KeyType::u64: s << static_cast<const std::uint64_t*>(keys)[i]; break;
    case KeyType::i32: s << static_cast<const std::int32_t*>(keys)[i]; break;
    case KeyType::i64: s << static_cast<const std::int64_t*>(keys)[i]; break;
    case KeyType::f32: s << static_cast<const float*>(keys)[i]; break;
    case KeyType::f64: s << static_cast<const double*>(keys)[i]; break;
  }
  return s.str();
}

}  // namespace gsb
