// The one order-preserving bit transform that every back-end shares.
//
// Any key type and order maps to an unsigned word of the same width whose unsigned ascending order is the
// requested order of the keys, so one instantiation per key *width* serves u32, i32, f32, ascending and
// descending alike. encode() and decode() are a single XOR with one of two masks chosen by the top bit:
//
//   unsigned        : nothing to do.
//   signed integer  : flip the sign bit.
//   IEEE float      : negative (sign set) -> flip every bit; otherwise flip the sign bit.
//   descending      : additionally flip every bit.
//
// Floats therefore follow the IEEE-754 totalOrder: -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN.
// The generators never produce NaN, so in practice -0.0 sorts before +0.0 and NaN would be placed last.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "gsb/types.hpp"

#if defined(__CUDACC__)
#define GSB_HD __host__ __device__ __forceinline__
#else
#define GSB_HD inline
#endif

namespace gsb {

template <std::size_t Bytes> struct unsigned_of;
template <> struct unsigned_of<1> { using type = std::uint8_t; };
template <> struct unsigned_of<2> { using type = std::uint16_t; };
template <> struct unsigned_of<4> { using type = std::uint32_t; };
template <> struct unsigned_of<8> { using type = std::uint64_t; };
template <std::size_t Bytes> using unsigned_of_t = typename unsigned_of<Bytes>::type;

template <class Bits>
struct KeyCodec {
  static_assert(std::is_unsigned_v<Bits>, "KeyCodec works on unsigned words");
  static constexpr int bits = 8 * sizeof(Bits);

  // Masks indexed by the top bit of the raw key (encode) and of the encoded key (decode).
  Bits encode_mask_top0 = 0, encode_mask_top1 = 0;
  Bits decode_mask_top0 = 0, decode_mask_top1 = 0;

  GSB_HD static bool top_bit(Bits x) { return (x >> (bits - 1)) != 0; }
  GSB_HD Bits encode(Bits raw) const {
    return static_cast<Bits>(raw ^ (top_bit(raw) ? encode_mask_top1 : encode_mask_top0));
  }
  // encode() with the mask chosen by arithmetic instead of a select: a host compiler may make the select a
  // branch, taken at random on random keys (up to 1.7x slower in the reference sort's scatter,
  // driver/host_radix_sort.hpp). Equal to encode() for every word (tests/unit/host_radix_sort_test.cpp).
  GSB_HD Bits encode_branch_free(Bits raw) const {
    const Bits all_if_top = static_cast<Bits>(Bits{0} - static_cast<Bits>(raw >> (bits - 1)));
    return static_cast<Bits>(raw ^ encode_mask_top0 ^ ((encode_mask_top0 ^ encode_mask_top1) & all_if_top));
  }
  GSB_HD Bits decode(Bits ordered) const {
    return static_cast<Bits>(ordered ^ (top_bit(ordered) ? decode_mask_top1 : decode_mask_top0));
  }
  // True when encode/decode are the identity (unsigned ascending): back-ends may skip the transform.
  GSB_HD bool is_identity() const {
    return (encode_mask_top0 | encode_mask_top1 | decode_mask_top0 | decode_mask_top1) == 0;
  }
  // True when encode (decode) is one XOR with a constant, whatever the top bit (integers, either order): back-ends
  // may apply encode_mask_top0 (decode_mask_top0) alone.
  GSB_HD bool encode_is_xor() const { return encode_mask_top0 == encode_mask_top1; }
  GSB_HD bool decode_is_xor() const { return decode_mask_top0 == decode_mask_top1; }
};

// f(g) once, g the cheapest function equal to `full` (a codec's encode or decode: an XOR with mask0 or mask1 by the
// key's top bit): the keys as they are where both masks are 0, one XOR with a constant where they are equal, else
// `full` itself.
template <class Bits, class Full, class F>
GSB_HD void with_cheapest_xor(Bits mask0, Bits mask1, Full full, F&& f) {
  if (mask0 != mask1) {
    f(full);
  } else if (mask0 == 0) {
    f([](Bits k) { return k; });
  } else {
    f([mask0](Bits k) { return static_cast<Bits>(k ^ mask0); });
  }
}

// Calls f(encode) once with the cheapest function equal to codec.encode for this codec: the keys as they are
// (unsigned ascending), one XOR with a constant (signed integers, unsigned descending: both masks equal), or the
// XOR chosen by the key's top bit (floats). A kernel whose loop runs through f is then compiled once per form and
// picks one at run time (block-uniform). In the `radix` back-end's LSD digit histogram the chosen mask cost 13-16 us
// of 175-196 at 1e8 u32 keys (H200, 2026-11-28, backends/radix/NOTES.md round 17): that loop is bound by
// instruction issue, and the select takes 3 instructions a key.
template <class Bits, class F>
GSB_HD void with_encoder(const KeyCodec<Bits>& codec, F&& f) {
  with_cheapest_xor(codec.encode_mask_top0, codec.encode_mask_top1, [codec](Bits k) { return codec.encode(k); }, f);
}
// The same for codec.decode (the `radix` hybrid path's bucket sorts write their keys back decoded).
template <class Bits, class F>
GSB_HD void with_decoder(const KeyCodec<Bits>& codec, F&& f) {
  with_cheapest_xor(codec.decode_mask_top0, codec.decode_mask_top1, [codec](Bits k) { return codec.decode(k); }, f);
}

// The codec for a key type (whose width must equal sizeof(Bits)) and an order.
template <class Bits>
KeyCodec<Bits> make_codec(KeyType type, Order order) {
  constexpr Bits all = static_cast<Bits>(~Bits{0});
  constexpr Bits sign = static_cast<Bits>(Bits{1} << (KeyCodec<Bits>::bits - 1));
  KeyCodec<Bits> c;
  if (is_signed_int(type)) {
    c.encode_mask_top0 = c.encode_mask_top1 = sign;
    c.decode_mask_top0 = c.decode_mask_top1 = sign;
  } else if (is_float(type)) {
    c.encode_mask_top0 = sign;  // positive: set the sign bit so it sorts above every negative
    c.encode_mask_top1 = all;   // negative: flip everything so larger magnitudes sort lower
    c.decode_mask_top1 = sign;  // encoded top bit 1 came from a positive key
    c.decode_mask_top0 = all;
  }
  if (order == Order::desc) {
    // encode_desc(x) = ~encode_asc(x); decoding first undoes the ~, which flips the top bit it is keyed on.
    const KeyCodec<Bits> asc = c;
    c.encode_mask_top0 = static_cast<Bits>(asc.encode_mask_top0 ^ all);
    c.encode_mask_top1 = static_cast<Bits>(asc.encode_mask_top1 ^ all);
    c.decode_mask_top0 = static_cast<Bits>(asc.decode_mask_top1 ^ all);
    c.decode_mask_top1 = static_cast<Bits>(asc.decode_mask_top0 ^ all);
  }
  return c;
}

// The signed-zero rule, once: where -0.0 and +0.0 are equal keys (BackendInfo::signed_zeros_equal, float keys),
// the raw bits of -0.0 become those of +0.0 before encoding, so that both encode to one word.
template <class Bits>
GSB_HD Bits merge_signed_zero(Bits raw) {
  constexpr Bits sign = static_cast<Bits>(Bits{1} << (8 * sizeof(Bits) - 1));
  return raw == sign ? Bits{0} : raw;
}

// Reinterpret a typed key as its bits and back (host side; device code works on Bits directly).
template <class T>
inline unsigned_of_t<sizeof(T)> to_bits(T v) {
  unsigned_of_t<sizeof(T)> b;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T>
inline T from_bits(unsigned_of_t<sizeof(T)> b) {
  T v;
  std::memcpy(&v, &b, sizeof(T));
  return v;
}

}  // namespace gsb
