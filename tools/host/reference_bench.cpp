// The validation reference's time (issue 19): make_reference's path, timed the way the runner times it (fresh
// reference array, encode, scratch, sort, scratch freed), for
//   old        the sort before issue 19 (encoding loop, then byte-digit LSD with a counting read per pass), phases
//   new        driver/host_radix_sort.hpp as make_reference calls it (the scatter chosen by n)
//   combining  the same with the combining scatter and 11-bit digits forced
//   direct     the same with the direct scatter and byte digits forced
//   gnu-par    encoding loop, then libstdc++ parallel mode __gnu_parallel::sort (the reference before issue 16)
// on the same signed keys (the codec flips the sign bit; --dist: uniform random bits, and5 = AND of 5 random
// words, few = 64 distinct keys), every output compared with gnu-par's.
//   usage: reference_bench [--reps R] [--thp] [--dist uniform|and5|few] [--types u32,u64]
//                          [--methods old,new,combining,direct,gnu-par] N...
//   build: cmake --build build/release --target reference_bench   (or by hand:
//          g++ -O3 -fopenmp -I src tools/host/reference_bench.cpp -o /tmp/reference_bench)
// --thp asks for transparent huge pages (madvise) on the fresh arrays, to see what page faults cost.
// Host only: the figures depend on the host's cores and memory, not on any GPU. tools/host/device_run.sh is the
// run for the device host. Medians of --reps runs; a method's first run in a process can differ (fresh memory).
#include <parallel/algorithm>

#include <sys/mman.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <omp.h>

#include "driver/host_radix_sort.hpp"
#include "gsb/key_codec.hpp"

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

bool g_thp = false;
std::string g_dist = "uniform";  // uniform | and5 | few

// HostArray's allocation: new[] without (), so the pages are fresh and untouched.
template <class Bits>
std::unique_ptr<std::byte[]> fresh(std::uint64_t n) {
  std::unique_ptr<std::byte[]> p(new std::byte[n * sizeof(Bits) + 1]);
  if (g_thp) {
    const auto a = reinterpret_cast<std::uintptr_t>(p.get());
    const std::uintptr_t lo = (a + 4095) & ~std::uintptr_t{4095}, hi = (a + n * sizeof(Bits)) & ~std::uintptr_t{4095};
    if (hi > lo) madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_HUGEPAGE);
  }
  return p;
}

struct OldPhases {
  double encode_ms = 0, count_ms = 0, prefix_ms = 0, first_scatter_ms = 0, scatter_ms = 0, copy_ms = 0;
};

// The sort as it was before issue 19 (commit f59806d), with lap times: one counting read and one scatter per
// byte digit, the scatter straight to memory. (Its copy back used parallel_copy; a parallel memcpy here.)
template <class Bits>
void old_host_radix_sort(Bits* keys, Bits* scratch, std::uint64_t n, OldPhases& ph) {
  constexpr int radix = 256;
  const int max_threads = std::max(1, omp_get_max_threads());
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(max_threads) * radix);
  Bits* src = keys;
  Bits* dst = scratch;
  bool first_scatter = true;
  for (unsigned shift = 0; shift < 8 * sizeof(Bits); shift += 8) {
    bool constant_digit = false;
    Clock::time_point t0 = Clock::now();
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
        ph.count_ms += ms_since(t0);
        t0 = Clock::now();
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
        ph.prefix_ms += ms_since(t0);
        t0 = Clock::now();
      }
      if (!constant_digit)
        for (std::uint64_t i = begin; i < end; ++i) dst[mine[(src[i] >> shift) & 0xFF]++] = src[i];
    }
    if (!constant_digit) {
      (first_scatter ? ph.first_scatter_ms : ph.scatter_ms) += ms_since(t0);
      first_scatter = false;
      std::swap(src, dst);
    }
  }
  if (src != keys) {
    const Clock::time_point t0 = Clock::now();
#pragma omp parallel for schedule(static)
    for (std::int64_t c = 0; c < static_cast<std::int64_t>((n + (1 << 20) - 1) >> 20); ++c) {
      const std::uint64_t b = std::uint64_t(c) << 20, e = std::min(n, b + (1 << 20));
      std::memcpy(keys + b, src + b, (e - b) * sizeof(Bits));
    }
    ph.copy_ms += ms_since(t0);
  }
}

template <class Bits>
void encode_loop(const Bits* in, Bits* enc, std::uint64_t n, const gsb::KeyCodec<Bits>& codec) {
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(n); ++i) enc[i] = codec.encode(in[i]);
}

struct Result {
  double ms = 0;
  std::string phases;
};

template <class Bits>
Result run_method(const std::string& m, const Bits* in, std::uint64_t n, const gsb::KeyCodec<Bits>& codec,
                  std::unique_ptr<std::byte[]>& ref_out) {
  char buf[512];
  Result r;
  const Clock::time_point t0 = Clock::now();
  ref_out = fresh<Bits>(n);
  Bits* ref = reinterpret_cast<Bits*>(ref_out.get());
  const auto encode = gsb::branch_free_encoder(codec);  // as make_reference encodes
  if (m == "old") {
    OldPhases ph;
    Clock::time_point t = Clock::now();
    encode_loop(in, ref, n, codec);
    ph.encode_ms = ms_since(t);
    t = Clock::now();
    double alloc_ms, sort_ms, free_ms;
    {
      auto scratch = fresh<Bits>(n);
      alloc_ms = ms_since(t);
      t = Clock::now();
      old_host_radix_sort(ref, reinterpret_cast<Bits*>(scratch.get()), n, ph);
      sort_ms = ms_since(t);
      t = Clock::now();
    }
    free_ms = ms_since(t);
    (void)sort_ms;
    std::snprintf(buf, sizeof buf,
                  "encode %.0f | alloc %.1f | count %.0f | prefix %.1f | scatter#1 %.0f | scatters %.0f | copy %.0f | "
                  "free %.0f",
                  ph.encode_ms, alloc_ms, ph.count_ms, ph.prefix_ms, ph.first_scatter_ms, ph.scatter_ms, ph.copy_ms,
                  free_ms);
    r.phases = buf;
  } else if (m == "new" || m == "combining" || m == "direct") {
    const gsb::HostRadixScatter kind = m == "direct"      ? gsb::HostRadixScatter::direct
                                       : m == "combining" ? gsb::HostRadixScatter::combining
                                                          : gsb::HostRadixScatter::automatic;
    gsb::HostRadixPhases ph;
    Clock::time_point t = Clock::now();
    double free_ms;
    {
      auto scratch = fresh<Bits>(n);
      gsb::HostRadixOptions o;
      o.scatter = kind;
      o.phases = &ph;
      gsb::host_radix_sort_encoded(in, encode, ref, reinterpret_cast<Bits*>(scratch.get()), n, o);
      t = Clock::now();
    }
    free_ms = ms_since(t);
    std::snprintf(buf, sizeof buf,
                  "%s | touch %.0f | count %.0f | msd %.0f | big %.0f (%d) | buckets %.0f | %d digits | free %.0f",
                  ph.combining ? "combining" : "direct", ph.touch_ms, ph.count_ms, ph.msd_ms, ph.big_ms, ph.big_buckets,
                  ph.buckets_ms, ph.digits, free_ms);
    r.phases = buf;
  } else if (m == "gnu-par") {
    Clock::time_point t = Clock::now();
    encode_loop(in, ref, n, codec);
    const double e = ms_since(t);
    t = Clock::now();
    __gnu_parallel::sort(ref, ref + n);
    std::snprintf(buf, sizeof buf, "encode %.0f | sort %.0f", e, ms_since(t));
    r.phases = buf;
  } else {
    std::fprintf(stderr, "unknown method %s\n", m.c_str());
    std::exit(2);
  }
  r.ms = ms_since(t0);
  return r;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> v;
  std::size_t a = 0;
  while (a <= s.size()) {
    const std::size_t b = std::min(s.find(',', a), s.size());
    if (b > a) v.push_back(s.substr(a, b - a));
    a = b + 1;
  }
  return v;
}

template <class Bits>
int bench(std::uint64_t n, int reps, const std::vector<std::string>& methods) {
  const gsb::KeyType type = sizeof(Bits) == 4 ? gsb::KeyType::i32 : gsb::KeyType::i64;
  const auto codec = gsb::make_codec<Bits>(type, gsb::Order::asc);
  std::vector<Bits> in(n);
#pragma omp parallel
  {
    std::mt19937_64 rng(12345 + 7919 * omp_get_thread_num());
    std::mt19937_64 few(777);  // the same 64 keys in every thread
    Bits distinct[64];
    for (Bits& k : distinct) k = static_cast<Bits>(few());
#pragma omp for schedule(static)
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(n); ++i) {
      if (g_dist == "and5")  // skewed (the generator's entropy_0_201): most top digits 0, a bucket for the team
        in[i] = static_cast<Bits>(rng() & rng() & rng() & rng() & rng());
      else if (g_dist == "few")  // 64 distinct keys (few_unique): 64 buckets, most digits constant within them
        in[i] = distinct[rng() % 64];
      else
        in[i] = static_cast<Bits>(rng());
    }
  }
  // gnu-par's output is the expected one; every method's output is compared with it.
  std::unique_ptr<std::byte[]> expected;
  run_method<Bits>("gnu-par", in.data(), n, codec, expected);
  int failures = 0;
  for (const std::string& m : methods) {
    std::vector<Result> rs;
    for (int r = 0; r < reps; ++r) {
      std::unique_ptr<std::byte[]> out;
      rs.push_back(run_method<Bits>(m, in.data(), n, codec, out));
      if (std::memcmp(out.get(), expected.get(), n * sizeof(Bits)) != 0) {
        std::printf("MISMATCH %s n=%llu %zu-byte\n", m.c_str(), (unsigned long long)n, sizeof(Bits));
        ++failures;
      }
    }
    std::sort(rs.begin(), rs.end(), [](const Result& a, const Result& b) { return a.ms < b.ms; });
    const Result& med = rs[rs.size() / 2];
    std::printf("%-4s n=%-11llu %-8s median %8.1f ms  min %8.1f ms  %7.1f M keys/s  [median run: %s]\n",
                sizeof(Bits) == 4 ? "u32" : "u64", (unsigned long long)n, m.c_str(), med.ms, rs[0].ms,
                double(n) / med.ms / 1e3, med.phases.c_str());
    std::fflush(stdout);
  }
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 3;
  std::vector<std::string> types{"u32", "u64"}, methods{"old", "new", "combining", "direct", "gnu-par"};
  std::vector<std::uint64_t> sizes;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--reps" && i + 1 < argc) reps = std::atoi(argv[++i]);
    else if (a == "--thp") g_thp = true;
    else if (a == "--dist" && i + 1 < argc) g_dist = argv[++i];
    else if (a == "--types" && i + 1 < argc) types = split(argv[++i]);
    else if (a == "--methods" && i + 1 < argc) methods = split(argv[++i]);
    else sizes.push_back(static_cast<std::uint64_t>(std::strtod(a.c_str(), nullptr)));
  }
  if (sizes.empty() || reps < 1) {
    std::fprintf(stderr, "usage: reference_bench [--reps R] [--thp] [--dist uniform|and5|few] [--types u32,u64]\n"
                         "                       [--methods old,new,combining,direct,gnu-par] N...\n");
    return 2;
  }
  std::printf("threads %d, thp %s, keys %s\n", omp_get_max_threads(), g_thp ? "madvise" : "off", g_dist.c_str());
  int failures = 0;
  for (std::uint64_t n : sizes)
    for (const std::string& t : types)
      failures += t == "u32" ? bench<std::uint32_t>(n, reps, methods) : bench<std::uint64_t>(n, reps, methods);
  return failures ? 1 : 0;
}
