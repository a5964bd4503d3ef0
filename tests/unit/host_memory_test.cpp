// The reference's host radix sort (driver/host_radix_sort.hpp) against std::sort, and the host-memory check's
// wording (driver/host_memory.hpp).
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "gsb/host_memory.hpp"
#include "driver/host_radix_sort.hpp"

namespace gsb {
namespace {

template <class Bits>
void expect_sorts_like_std_sort(std::uint64_t n, Bits mask, std::uint64_t sequential_below) {
  std::mt19937_64 rng(n * 31 + sizeof(Bits));
  std::vector<Bits> keys(n), scratch(n);
  for (auto& k : keys) k = static_cast<Bits>(rng()) & mask;
  std::vector<Bits> expected = keys;
  std::sort(expected.begin(), expected.end());
  host_radix_sort(keys.data(), scratch.data(), n, sequential_below);
  EXPECT_EQ(keys, expected) << "n=" << n << " bytes=" << sizeof(Bits) << " mask=" << std::uint64_t(mask);
}

TEST(HostRadixSort, EveryWidthSizeAndDigitPattern) {
  for (std::uint64_t n : {0ull, 1ull, 2ull, 255ull, 256ull, 257ull, 4097ull, 100003ull}) {
    for (std::uint64_t below : {std::uint64_t{0}, std::uint64_t{1} << 16}) {  // 0: the radix passes at every n
      expect_sorts_like_std_sort<std::uint8_t>(n, 0xFF, below);
      expect_sorts_like_std_sort<std::uint16_t>(n, 0xFFFF, below);
      expect_sorts_like_std_sort<std::uint32_t>(n, 0xFFFFFFFFu, below);
      expect_sorts_like_std_sort<std::uint64_t>(n, ~std::uint64_t{0}, below);
      // Constant digits (skipped passes) with the result ending in either buffer.
      expect_sorts_like_std_sort<std::uint32_t>(n, 0x00FF00FFu, below);
      expect_sorts_like_std_sort<std::uint64_t>(n, 0xFF00000000000000ull, below);
      expect_sorts_like_std_sort<std::uint64_t>(n, 0, below);
    }
  }
}

TEST(HostMemory, ReasonNamesWhatIsNeededAndWhatThereIs) {
  const std::size_t gib_bytes = std::size_t{1} << 30;
  EXPECT_EQ(host_memory_reason(8.0 * double(gib_bytes), 10 * gib_bytes, "input"), "");
  EXPECT_EQ(host_memory_reason(9.5 * double(gib_bytes), 10 * gib_bytes, "input, reference"),
            "needs 9.50 GiB of host memory (input, reference); 10.00 GiB available");
  EXPECT_EQ(host_memory_reason(1e30, 0, "unknown availability refuses nothing"), "");
  EXPECT_GT(host_bytes_available(), 0u);  // Linux: /proc/meminfo or a cgroup limit
}

}  // namespace
}  // namespace gsb
