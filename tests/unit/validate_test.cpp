// Validation must catch planted errors, or every green conformance run means nothing.
#include <algorithm>
#include <cstring>
#include <numeric>

#include <gtest/gtest.h>

#include "driver/generate.hpp"
#include "driver/validate.hpp"
#include "gsb/key_codec.hpp"

namespace gsb {
namespace {

// A correct stable key-value sort of `in`, computed independently of make_reference.
template <class T>
void stable_sort_pairs(const HostKeys& in, Order order, std::vector<T>& keys, std::vector<std::uint32_t>& idx) {
  const T* k = in.array.as<T>();
  idx.resize(in.size());
  std::iota(idx.begin(), idx.end(), 0u);
  const auto c = make_codec<unsigned_of_t<sizeof(T)>>(in.type, order);
  std::stable_sort(idx.begin(), idx.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return c.encode(to_bits(k[a])) < c.encode(to_bits(k[b])); });
  keys.resize(in.size());
  for (std::size_t i = 0; i < idx.size(); ++i) keys[i] = k[idx[i]];
}

struct Fixture {
  HostKeys in;
  Reference ref;
  std::vector<std::uint32_t> keys, values;
  explicit Fixture(Distribution d = Distribution::few_unique, Order o = Order::asc, std::uint64_t n = 5000)
      : in(generate_keys(KeyType::u32, d, n, 4)), ref(make_reference(in, o)) {
    stable_sort_pairs(in, o, keys, values);
  }
  ValidationResult check(bool stable = true, ValueMode mode = ValueMode::u32) const {
    ValidationOptions opt;
    opt.check_stability = stable;
    return validate(in, ref, keys.data(), mode, values.data(), opt);
  }
};

TEST(Validate, AcceptsACorrectStableSort) {
  for (Order o : all_orders) {
    Fixture f(Distribution::few_unique, o);
    const ValidationResult r = f.check();
    EXPECT_TRUE(r.passed) << r.first_mismatch;
    EXPECT_EQ(r.checks, (std::vector<std::string>{"order", "permutation", "pairing", "stability"}));
    EXPECT_TRUE(f.check(false, ValueMode::none).passed);
  }
}

TEST(Validate, CatchesASwappedPair) {
  Fixture f(Distribution::uniform);
  std::swap(f.keys[100], f.keys[101]);
  std::swap(f.values[100], f.values[101]);
  const ValidationResult r = f.check();
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.first_mismatch.find("index 100"), std::string::npos) << r.first_mismatch;
}

TEST(Validate, CatchesALostElement) {
  Fixture f(Distribution::uniform);
  f.keys[2000] = f.keys[1999];  // one element duplicated over another: still sorted, not a permutation
  EXPECT_FALSE(f.check(false, ValueMode::none).passed);
}

TEST(Validate, CatchesABrokenPairing) {
  Fixture f(Distribution::uniform);
  std::swap(f.values[10], f.values[4000]);
  const ValidationResult r = f.check(false);
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.first_mismatch.find("pairing"), std::string::npos) << r.first_mismatch;
  Fixture g(Distribution::uniform);
  g.values[7] = 123456789;  // not an index at all
  EXPECT_FALSE(g.check(false).passed);
  Fixture h(Distribution::all_equal);
  h.values[7] = h.values[8];  // every key equal: pairing holds, but an index appears twice
  EXPECT_FALSE(h.check(false).passed);
}

TEST(Validate, CatchesAnUnstableTie) {
  Fixture f(Distribution::few_unique);
  std::size_t i = 1;
  while (f.keys[i] != f.keys[i - 1]) ++i;
  std::swap(f.values[i], f.values[i - 1]);
  EXPECT_TRUE(f.check(false).passed);  // not claimed: fine
  const ValidationResult r = f.check(true);
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.first_mismatch.find("unstable"), std::string::npos) << r.first_mismatch;
}

TEST(Validate, SignedZerosFollowTheTotalOrderUnlessTheBackendSaysOtherwise) {
  HostKeys in{KeyType::f32, HostArray(4, 4)};
  float* v = in.array.as<float>();
  v[0] = 0.0f; v[1] = -0.0f; v[2] = 1.0f; v[3] = -0.0f;
  const Reference ref = make_reference(in, Order::asc);
  const float total[] = {-0.0f, -0.0f, 0.0f, 1.0f};
  const float mixed[] = {0.0f, -0.0f, -0.0f, 1.0f};
  const float lost[] = {0.0f, 0.0f, -0.0f, 1.0f};
  ValidationOptions strict, relaxed;
  relaxed.signed_zeros_equal = true;
  EXPECT_TRUE(validate(in, ref, total, ValueMode::none, nullptr, strict).passed);
  EXPECT_FALSE(validate(in, ref, mixed, ValueMode::none, nullptr, strict).passed);
  EXPECT_TRUE(validate(in, ref, mixed, ValueMode::none, nullptr, relaxed).passed);
  EXPECT_FALSE(validate(in, ref, lost, ValueMode::none, nullptr, relaxed).passed);
}

TEST(Validate, EveryKeyTypeAndWidth) {
  for (KeyType t : all_key_types) {
    const HostKeys in = generate_keys(t, Distribution::entropy_0_544, 3000, 8);
    const Reference ref = make_reference(in, Order::desc);
    // The reference decoded is itself a correct output.
    HostArray out(in.size(), key_bytes(t));
    std::memcpy(out.data(), ref.sorted_encoded.data(), out.bytes());
    auto decode_all = [&](auto* p) {
      using B = std::remove_pointer_t<decltype(p)>;
      const auto c = make_codec<B>(t, Order::desc);
      for (std::uint64_t i = 0; i < in.size(); ++i) p[i] = c.decode(p[i]);
    };
    switch (key_bytes(t)) {
      case 1: decode_all(out.as<std::uint8_t>()); break;
      case 2: decode_all(out.as<std::uint16_t>()); break;
      case 4: decode_all(out.as<std::uint32_t>()); break;
      default: decode_all(out.as<std::uint64_t>()); break;
    }
    EXPECT_TRUE(validate(in, ref, out.data(), ValueMode::none, nullptr, {}).passed) << to_string(t);
    std::memcpy(out.data(), in.array.data(), out.bytes());  // the unsorted input is not
    EXPECT_FALSE(validate(in, ref, out.data(), ValueMode::none, nullptr, {}).passed) << to_string(t);
  }
}

}  // namespace
}  // namespace gsb
