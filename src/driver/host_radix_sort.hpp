// The reference's sort (issue 16, item 4): a parallel LSD radix sort of unsigned words on the host. Its one
// buffer (n words) is allocated by the caller, outside every parallel region: libstdc++'s parallel mode
// allocates inside its OpenMP region, where a std::bad_alloc cannot be caught and ends in std::terminate.
// Byte digits, stable counting passes (each thread counts then scatters its own contiguous range, so equal
// digits keep their order); a pass whose digit is the same for every word is skipped. Host code only: the
// reference stays independent of every GPU path it checks.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include <omp.h>

#include "driver/host_array.hpp"  // parallel_copy

namespace gsb {

// Sorts keys[0, n) ascending; scratch holds n words. Below `sequential_below` keys, std::sort (no allocation).
template <class Bits>
void host_radix_sort(Bits* keys, Bits* scratch, std::uint64_t n, std::uint64_t sequential_below = 1 << 16) {
  if (n < sequential_below) {
    std::sort(keys, keys + n);
    return;
  }
  constexpr int radix = 256;
  const int max_threads = std::max(1, omp_get_max_threads());
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(max_threads) * radix);  // [thread][digit]
  Bits* src = keys;
  Bits* dst = scratch;
  for (unsigned shift = 0; shift < 8 * sizeof(Bits); shift += 8) {
    bool constant_digit = false;
#pragma omp parallel num_threads(max_threads)
    {
      const int threads = omp_get_num_threads(), t = omp_get_thread_num();
      const std::uint64_t begin = n * std::uint64_t(t) / std::uint64_t(threads);
      const std::uint64_t end = n * std::uint64_t(t + 1) / std::uint64_t(threads);
      std::uint64_t* mine = &counts[static_cast<std::size_t>(t) * radix];
      std::fill(mine, mine + radix, 0);
      for (std::uint64_t i = begin; i < end; ++i) ++mine[(src[i] >> shift) & 0xFF];
#pragma omp barrier
#pragma omp single
      {
        // Exclusive prefix in (digit, thread) order: thread t's digit d goes after every earlier thread's d.
        std::uint64_t at = 0;
        for (int d = 0; d < radix; ++d) {
          std::uint64_t digit_total = 0;
          for (int u = 0; u < threads; ++u) {
            std::uint64_t& c = counts[static_cast<std::size_t>(u) * radix + d];
            digit_total += c;
            const std::uint64_t here = c;
            c = at;
            at += here;
          }
          if (digit_total == n) constant_digit = true;
        }
      }  // implicit barrier
      if (!constant_digit)
        for (std::uint64_t i = begin; i < end; ++i) dst[mine[(src[i] >> shift) & 0xFF]++] = src[i];
    }
    if (!constant_digit) std::swap(src, dst);
  }
  if (src != keys) parallel_copy(keys, src, n * sizeof(Bits));
}

}  // namespace gsb
