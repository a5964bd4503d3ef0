#include <cmath>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "gsb/key_codec.hpp"

namespace gsb {
namespace {

template <class T>
void expect_order_preserved(KeyType type, std::vector<T> values) {
  using Bits = unsigned_of_t<sizeof(T)>;
  for (Order order : all_orders) {
    const KeyCodec<Bits> c = make_codec<Bits>(type, order);
    for (T a : values) {
      ASSERT_EQ(c.decode(c.encode(to_bits(a))), to_bits(a));
      for (T b : {values[0], values[values.size() / 2], values.back()}) {
        const bool less = order == Order::asc ? a < b : a > b;
        if (less) {
          EXPECT_LT(c.encode(to_bits(a)), c.encode(to_bits(b))) << +a << " vs " << +b;
        }
      }
    }
  }
}

TEST(KeyCodec, IntegersExhaustive8And16Bit) {
  std::vector<std::uint8_t> u8;
  for (int i = 0; i < 256; ++i) u8.push_back(static_cast<std::uint8_t>(i));
  expect_order_preserved(KeyType::u8, u8);
  std::vector<std::uint16_t> u16;
  for (int i = 0; i < 65536; i += 7) u16.push_back(static_cast<std::uint16_t>(i));
  expect_order_preserved(KeyType::u16, u16);
}

TEST(KeyCodec, SignedAndFloatRandom) {
  std::mt19937_64 rng(1);
  std::vector<std::int32_t> i32{std::numeric_limits<std::int32_t>::min(), -1, 0, 1, std::numeric_limits<std::int32_t>::max()};
  std::vector<std::int64_t> i64{std::numeric_limits<std::int64_t>::min(), -1, 0, 1, std::numeric_limits<std::int64_t>::max()};
  std::vector<float> f32{-std::numeric_limits<float>::infinity(), -1e30f, -1.f, -1e-40f, 0.f, 1e-40f, 1.f, 3e38f,
                         std::numeric_limits<float>::infinity()};
  std::vector<double> f64{-std::numeric_limits<double>::infinity(), -1.0, -5e-324, 0.0, 5e-324, 2.0, 1e308};
  for (int k = 0; k < 2000; ++k) {
    i32.push_back(static_cast<std::int32_t>(rng()));
    i64.push_back(static_cast<std::int64_t>(rng()));
    f32.push_back(std::ldexp(static_cast<float>(static_cast<std::int32_t>(rng())), int(rng() % 200) - 100));
    f64.push_back(std::ldexp(static_cast<double>(static_cast<std::int64_t>(rng())), int(rng() % 1000) - 500));
  }
  expect_order_preserved(KeyType::i32, i32);
  expect_order_preserved(KeyType::i64, i64);
  expect_order_preserved(KeyType::f32, f32);
  expect_order_preserved(KeyType::f64, f64);
}

TEST(KeyCodec, TotalOrderOfZerosAndNaN) {
  const auto c = make_codec<std::uint32_t>(KeyType::f32, Order::asc);
  EXPECT_LT(c.encode(to_bits(-0.0f)), c.encode(to_bits(0.0f)));
  EXPECT_GT(c.encode(to_bits(std::numeric_limits<float>::quiet_NaN())),
            c.encode(to_bits(std::numeric_limits<float>::infinity())));
  const auto d = make_codec<std::uint32_t>(KeyType::f32, Order::desc);
  EXPECT_GT(d.encode(to_bits(-0.0f)), d.encode(to_bits(0.0f)));
  EXPECT_TRUE((make_codec<std::uint32_t>(KeyType::u32, Order::asc).is_identity()));
  EXPECT_FALSE((make_codec<std::uint32_t>(KeyType::u32, Order::desc).is_identity()));
}

// with_encoder hands its function the cheapest form of encode for the codec (none, one XOR with a constant, or the
// XOR chosen by the top bit): whichever form it picks must equal encode on every word, for every key type and order,
// and the two cheap forms must be taken where the masks allow (they are what the radix histograms gain from).
// with_decoder likewise for decode (what the radix bucket sorts write back with).
template <class Bits>
void expect_cheapest_forms_equal_codec(KeyType type) {
  std::mt19937_64 rng(3);
  std::vector<Bits> words{0, 1, static_cast<Bits>(~Bits{0}), static_cast<Bits>(Bits{1} << (8 * sizeof(Bits) - 1)),
                          static_cast<Bits>(~Bits{0} >> 1)};
  for (int k = 0; k < 4000; ++k) words.push_back(static_cast<Bits>(rng()));
  for (Order order : all_orders) {
    const KeyCodec<Bits> c = make_codec<Bits>(type, order);
    int mismatches = 0, identity = 0, constant = 0, decode_mismatches = 0, decode_identity = 0, decode_constant = 0;
    with_encoder(c, [&](auto encode) {
      for (Bits w : words) mismatches += encode(w) != c.encode(w) ? 1 : 0;
      // The form by what the function holds: nothing, one word, or the whole codec.
      using E = std::decay_t<decltype(encode)>;
      identity = std::is_empty_v<E>;
      constant = !std::is_empty_v<E> && sizeof(E) == sizeof(Bits);
    });
    with_decoder(c, [&](auto decode) {
      for (Bits w : words) decode_mismatches += decode(w) != c.decode(w) ? 1 : 0;
      using D = std::decay_t<decltype(decode)>;
      decode_identity = std::is_empty_v<D>;
      decode_constant = !std::is_empty_v<D> && sizeof(D) == sizeof(Bits);
    });
    EXPECT_EQ(mismatches, 0) << to_string(type) << (order == Order::asc ? " asc" : " desc");
    EXPECT_EQ(decode_mismatches, 0) << to_string(type) << (order == Order::asc ? " asc" : " desc");
    const bool is_float_type = type == KeyType::f32 || type == KeyType::f64;
    EXPECT_EQ(identity != 0, c.is_identity()) << to_string(type);
    EXPECT_EQ(constant != 0, !is_float_type && !c.is_identity()) << to_string(type);
    EXPECT_EQ(decode_identity != 0, c.is_identity()) << to_string(type);
    EXPECT_EQ(decode_constant != 0, !is_float_type && !c.is_identity()) << to_string(type);
    // decode_is_xor: decoding is one XOR with decode_mask_top0 (what the radix passes apply to integer keys).
    EXPECT_EQ(c.decode_is_xor(), !is_float_type) << to_string(type);
    if (c.decode_is_xor())
      for (Bits w : words) ASSERT_EQ(c.decode(w), static_cast<Bits>(w ^ c.decode_mask_top0)) << to_string(type);
  }
}

TEST(KeyCodec, WithEncoderAndDecoderEqualEncodeAndDecode) {
  for (KeyType t : all_key_types) {
    switch (key_bytes(t)) {
      case 1: expect_cheapest_forms_equal_codec<std::uint8_t>(t); break;
      case 2: expect_cheapest_forms_equal_codec<std::uint16_t>(t); break;
      case 4: expect_cheapest_forms_equal_codec<std::uint32_t>(t); break;
      default: expect_cheapest_forms_equal_codec<std::uint64_t>(t); break;
    }
  }
}

}  // namespace
}  // namespace gsb
