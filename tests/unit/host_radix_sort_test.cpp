// The reference's host radix sort (driver/host_radix_sort.hpp) against std::sort of the encoded words, and
// make_reference (driver/validate.cpp) against the same. Each risky part gets inputs that reach it:
//   - the sequential threshold; thread ranges (1, 2, 3 and 7 threads, n not a multiple of them, ranges of zero
//     or one key);
//   - the MSD choice: top bits varying, constant top bits (the MSD digit moves down and is counted again), only
//     the lowest digit varying (the MSD pass is the whole sort), all keys equal (nothing to sort, still encoded);
//   - buckets: std::sort-ed small ones, LSD-sorted ones with digits constant within them (skipped) and odd and
//     even numbers of passes (ending in out directly or by a copy), and big ones sorted by the whole team
//     (skewed keys, few distinct keys) - with the thresholds lowered so that small n reach every path, and with
//     the defaults at a larger n;
//   - both scatters (direct, combining), in place and not, with and without an encoding, and destinations off
//     the cache-line grid (combining buffers whose runs start and end mid-buffer);
//   - nothing written outside out and scratch, and the input left as it was.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <omp.h>

#include "driver/generate.hpp"
#include "driver/host_radix_sort.hpp"
#include "driver/validate.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/key_codec.hpp"

namespace gsb {
namespace {

// Sets the OpenMP thread count for one scope (the sort splits its work by omp_get_max_threads()).
struct Threads {
  int saved = omp_get_max_threads();
  explicit Threads(int t) { omp_set_num_threads(t); }
  ~Threads() { omp_set_num_threads(saved); }
};

constexpr std::uint64_t guard_words = 9;  // canaries either side of every buffer: nothing may be written there

template <class Bits>
Bits canary() {
  return static_cast<Bits>(0xA5A5A5A5A5A5A5A5ull);
}

// A buffer of n words at `shift` words past a 64-byte boundary, with canaries before and after.
template <class Bits>
struct Guarded {
  std::vector<Bits> raw;
  std::uint64_t at = 0, n = 0;
  Guarded(std::uint64_t n_, std::uint64_t shift) : n(n_) {
    raw.assign(n + 2 * guard_words + 64 + 16, canary<Bits>());  // shift < 16
    const auto base = reinterpret_cast<std::uintptr_t>(raw.data());
    const std::uint64_t to_line = (64 - base % 64) % 64 / sizeof(Bits);
    at = to_line + guard_words + shift;
  }
  Bits* data() { return raw.data() + at; }
  bool guards_intact() const {
    for (std::uint64_t i = 0; i < raw.size(); ++i)
      if ((i < at || i >= at + n) && raw[i] != canary<Bits>()) return false;
    return true;
  }
};

struct Encoded {  // a non-trivial, order-changing encoding: descending signed (the codec's i32/i64 desc)
  template <class Bits> Bits operator()(Bits x) const {
    constexpr Bits sign = static_cast<Bits>(Bits{1} << (8 * sizeof(Bits) - 1));
    return static_cast<Bits>(~(x ^ sign));
  }
};

struct Setup {
  HostRadixScatter scatter = HostRadixScatter::direct;
  bool small_thresholds = false;  // every path at small n: buckets of 4+ words radix-sorted, big ones from n/2T
  bool in_place = false;
  bool encoded = false;
  std::uint64_t shift = 0;  // destination words past a cache line
};

std::string describe(const Setup& s) {
  return std::string(s.scatter == HostRadixScatter::direct ? "direct" : "combining") +
         (s.small_thresholds ? " small thresholds" : "") + (s.in_place ? " in place" : " to out") +
         (s.encoded ? " encoded" : "") + " shift=" + std::to_string(s.shift) +
         " threads=" + std::to_string(omp_get_max_threads());
}

template <class Bits>
void expect_sorts(const std::vector<Bits>& keys, const Setup& setup, const std::string& what) {
  const std::uint64_t n = keys.size();
  std::vector<Bits> expected(n);
  std::transform(keys.begin(), keys.end(), expected.begin(),
                 [&](Bits x) { return setup.encoded ? Encoded{}(x) : x; });
  std::sort(expected.begin(), expected.end());

  Guarded<Bits> out(n, setup.shift), scratch(n, (setup.shift * 5 + 3) % 16);
  std::vector<Bits> input = keys;
  if (setup.in_place) std::copy(keys.begin(), keys.end(), out.data());
  const Bits* in = setup.in_place ? out.data() : input.data();
  HostRadixOptions o;
  o.sequential_below = 0;
  o.scatter = setup.scatter;
  if (setup.small_thresholds) {
    o.bucket_std_sort_below = 4;
    o.team_bucket_above = 0;
  }
  if (setup.encoded)
    host_radix_sort_encoded(in, Encoded{}, out.data(), scratch.data(), n, o);
  else
    host_radix_sort_encoded(in, host_radix_detail::Identity{}, out.data(), scratch.data(), n, o);
  const std::string where = what + " n=" + std::to_string(n) + " bytes=" + std::to_string(sizeof(Bits)) + " " +
                            describe(setup);
  ASSERT_TRUE(std::equal(expected.begin(), expected.end(), out.data())) << where;
  ASSERT_TRUE(out.guards_intact()) << "wrote outside out: " << where;
  ASSERT_TRUE(scratch.guards_intact()) << "wrote outside scratch: " << where;
  if (!setup.in_place) ASSERT_EQ(input, keys) << "changed its input: " << where;
}

template <class Bits>
using Maker = std::function<Bits(std::mt19937_64&, std::uint64_t)>;

// Key patterns. Between them they leave every number of digits from 0 up, odd and even, for both digit widths.
template <class Bits>
std::vector<std::pair<std::string, Maker<Bits>>> patterns() {
  constexpr int bits = 8 * sizeof(Bits);
  const auto masked = [](std::uint64_t mask, std::uint64_t fixed) {
    return Maker<Bits>([=](std::mt19937_64& r, std::uint64_t) { return static_cast<Bits>((r() & mask) | fixed); });
  };
  std::vector<std::pair<std::string, Maker<Bits>>> p{
      {"random", masked(~0ull, 0)},
      {"all equal", masked(0, 0x5A5A5A5A5A5A5A5Aull)},
      {"lowest 7 bits vary", masked(0x7F, ~0ull << 7)},
      {"top 2 bits vary", masked(3ull << (bits - 2), 0)},
      {"below 3000", Maker<Bits>([](std::mt19937_64& r, std::uint64_t) { return static_cast<Bits>(r() % 3000); })},
      // 9 in 10 keys in the bucket of MSD 0: a bucket the team sorts; the rest spread.
      {"skewed", Maker<Bits>([](std::mt19937_64& r, std::uint64_t i) {
         const Bits x = static_cast<Bits>(r());
         return i % 10 ? static_cast<Bits>(x >> 12) : x;
       })},
      {"5 distinct", Maker<Bits>([](std::mt19937_64& r, std::uint64_t) {
         static const std::uint64_t v[5] = {0x0123456789ABCDEFull, 0xFEDCBA9876543210ull, 0x8000000000000001ull,
                                            0x00000000FFFFFFFFull, 0x0000000000000000ull};
         return static_cast<Bits>(v[r() % 5]);
       })},
  };
  if (bits >= 32) {
    p.push_back({"ends vary, middle constant",
                 masked(0xFF00000000000FFFull | (0xFFull << (bits - 8)), 0x0000123456789000ull)});
    p.push_back({"19 low bits vary", masked(0x7FFFF, 0)});  // 11-bit digits: MSD + 1 lower; byte digits: + 2
  }
  if (bits == 64) {
    p.push_back({"upper half constant", masked(0xFFFFFFFFull, 0xDEADBEEF00000000ull)});
    p.push_back({"upper half varies", masked(0xFFFFFFFF00000000ull, 0x12345678ull)});
  }
  return p;
}

template <class Bits>
std::vector<Bits> make_keys(std::uint64_t n, const Maker<Bits>& make, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Bits> keys(n);
  for (std::uint64_t i = 0; i < n; ++i) keys[i] = make(rng, i);
  return keys;
}

template <class Bits>
void check_width(HostRadixScatter scatter) {
  std::uint64_t seed = 1;
  for (int threads : {1, 2, 3, 7}) {
    const Threads scope(threads);
    // Every thread range empty, one key, a few keys, a few buffers; not multiples of the thread count.
    for (std::uint64_t n : {0ull, 1ull, 2ull, 7ull, 8ull, 63ull, 200ull, 1001ull, 4099ull, 30011ull}) {
      for (const auto& [name, make] : patterns<Bits>()) {
        const auto keys = make_keys<Bits>(n, make, ++seed);
        for (int v = 0; v < 4; ++v) {
          Setup s;
          s.scatter = scatter;
          s.small_thresholds = v != 3;
          s.in_place = v == 1;
          s.encoded = v == 2 || v == 3;
          s.shift = (seed + v) % 16;
          expect_sorts<Bits>(keys, s, name);
          if (::testing::Test::HasFatalFailure()) return;
        }
      }
    }
  }
}

TEST(HostRadixSort, OneByteWordsDirect) { check_width<std::uint8_t>(HostRadixScatter::direct); }
TEST(HostRadixSort, OneByteWordsCombining) { check_width<std::uint8_t>(HostRadixScatter::combining); }
TEST(HostRadixSort, TwoByteWordsDirect) { check_width<std::uint16_t>(HostRadixScatter::direct); }
TEST(HostRadixSort, TwoByteWordsCombining) { check_width<std::uint16_t>(HostRadixScatter::combining); }
TEST(HostRadixSort, FourByteWordsDirect) { check_width<std::uint32_t>(HostRadixScatter::direct); }
TEST(HostRadixSort, FourByteWordsCombining) { check_width<std::uint32_t>(HostRadixScatter::combining); }
TEST(HostRadixSort, EightByteWordsDirect) { check_width<std::uint64_t>(HostRadixScatter::direct); }
TEST(HostRadixSort, EightByteWordsCombining) { check_width<std::uint64_t>(HostRadixScatter::combining); }

// The default thresholds, at an n where buckets are radix-sorted and skewed ones go to the team.
template <class Bits>
void check_defaults_large() {
  const Threads scope(3);
  const std::uint64_t n = 600011;
  std::uint64_t seed = 99;
  for (const auto& [name, make] : patterns<Bits>()) {
    if (name != "random" && name != "skewed" && name != "5 distinct" && name != "below 3000") continue;
    const auto keys = make_keys<Bits>(n, make, ++seed);
    for (HostRadixScatter scatter : {HostRadixScatter::direct, HostRadixScatter::combining}) {
      Setup s;
      s.scatter = scatter;
      s.encoded = true;
      s.shift = seed % 16;
      expect_sorts<Bits>(keys, s, name);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
}

TEST(HostRadixSort, DefaultThresholdsLargeInputs) {
  check_defaults_large<std::uint16_t>();
  check_defaults_large<std::uint32_t>();
  check_defaults_large<std::uint64_t>();
}

// Around the default sequential threshold, through host_radix_sort (in place, default scatter).
template <class Bits>
void check_threshold() {
  const std::uint64_t below = std::uint64_t{1} << 16;
  for (std::uint64_t n : {below - 1, below, below + 1, below + 13}) {
    std::mt19937_64 rng(n);
    std::vector<Bits> keys(n), scratch(n);
    for (auto& k : keys) k = static_cast<Bits>(rng());
    std::vector<Bits> expected = keys;
    std::sort(expected.begin(), expected.end());
    host_radix_sort(keys.data(), scratch.data(), n);
    ASSERT_EQ(keys, expected) << "host_radix_sort n=" << n << " bytes=" << sizeof(Bits);
  }
}

TEST(HostRadixSort, AroundTheSequentialThreshold) {
  const Threads scope(3);
  check_threshold<std::uint8_t>();
  check_threshold<std::uint16_t>();
  check_threshold<std::uint32_t>();
  check_threshold<std::uint64_t>();
}

// The branch-free encoding equals the codec's for every key type and order, on the words that decide it.
template <class Bits>
void check_encoder(KeyType type) {
  const Bits sign = static_cast<Bits>(Bits{1} << (8 * sizeof(Bits) - 1));
  const Bits words[] = {0, 1, static_cast<Bits>(sign - 1), sign, static_cast<Bits>(sign + 1),
                        static_cast<Bits>(~Bits{0}), static_cast<Bits>(0x5A5A5A5A5A5A5A5Aull)};
  for (Order order : all_orders) {
    const auto codec = make_codec<Bits>(type, order);
    const auto enc = branch_free_encoder(codec);
    for (Bits w : words) EXPECT_EQ(enc(w), codec.encode(w)) << to_string(type) << " " << to_string(order) << " " << +w;
  }
}

TEST(HostRadixSort, BranchFreeEncoderMatchesTheCodec) {
  for (KeyType type : all_key_types)
    dispatch_key_bits(type, [&](auto kb) { check_encoder<typename decltype(kb)::type>(type); });
}

// make_reference: every key type and order, the radix path (n above the threshold) and distributions that
// leave digits constant, against std::sort of the codec's words.
TEST(HostRadixSort, MakeReferenceMatchesStdSortOfTheEncodedKeys) {
  const std::uint64_t n = (std::uint64_t{1} << 16) + 4097;
  for (KeyType type : all_key_types)
    for (Distribution dist : {Distribution::uniform, Distribution::few_unique, Distribution::all_equal,
                              Distribution::entropy_0_201, Distribution::reverse})
      for (Order order : all_orders) {
        const HostKeys in = generate_keys(type, dist, n, 11);
        const Reference ref = make_reference(in, order);
        dispatch_key_bits(type, [&](auto kb) {
          using Bits = typename decltype(kb)::type;
          const auto codec = make_codec<Bits>(type, order);
          const Bits* raw = in.array.as<Bits>();
          std::vector<Bits> expected(n);
          for (std::uint64_t i = 0; i < n; ++i) expected[i] = codec.encode(raw[i]);
          std::sort(expected.begin(), expected.end());
          EXPECT_TRUE(std::equal(expected.begin(), expected.end(), ref.sorted_encoded.as<Bits>()))
              << to_string(type) << " " << to_string(order) << " distribution " << int(dist);
        });
      }
}

}  // namespace
}  // namespace gsb
