// The reference's sort (issue 16, item 4; made faster in issue 19): a parallel radix sort of unsigned words on
// the host. Its one buffer (n words) is allocated by the caller, outside every parallel region: libstdc++'s
// parallel mode allocates inside its OpenMP region, where a std::bad_alloc cannot be caught and ends in
// std::terminate. What the sort allocates itself (counters, write-combining buffers: a few MB) is allocated
// before its one parallel region, for the same reason. Host code only: the reference stays independent of every
// GPU path it checks.
//
// A many-core host is bound by memory traffic and page faults, not by instructions, so the design counts passes
// over memory (in units of the array) and pages touched (tools/host/reference_bench.cpp times each phase):
//   1. One read (encoding the input as it goes, each thread its own range) finds which bits vary (OR and AND of
//      every word) and counts the MSD digit: the top 11 varying bits (8 below 8M keys and for 1- and 2-byte
//      words: HostRadixScatter). No encoded copy is written: the next step reads the raw input and encodes it
//      again (one XOR). Constant top bits (small keys) move the MSD down, at the price of a second counting read.
//   2. One scatter by the MSD digit, stable, from the input into `out`: R + W. With 11-bit digits it goes through
//      per-thread, per-digit write-combining buffers of 128 bytes that leave with non-temporal stores (no read of
//      the destination line before it is written, one memory transaction per line instead of one per word).
//   3. Each bucket (a run of equal MSD; 1/2048 or 1/256 of random input) is sorted where it lies by the remaining
//      digits, least significant first, by one thread, between out and that thread's own stretch of the
//      scratch, reused bucket after bucket: in cache after the bucket's one read, so the bucket costs R + W of
//      memory however many digits it has. Counting every remaining digit takes one read (one thread's counts
//      hold whatever order earlier passes leave); a digit constant within the bucket is skipped. Buckets go to
//      threads dynamically; a bucket too big for a fair share (skewed keys) is sorted by the whole team with
//      per-thread counts: a counting read and a scatter per digit, through a stretch of the scratch as long as
//      the bucket.
//   The old sort (an encoding pass, then a counting read and a scatter per byte digit) moved about 19 units for
//   4-byte keys and 35 for 8-byte ones (a plain scatter's write also reads the line first); this moves about 5.
// Pages: both arrays are fresh memory (the reference's own array and the scratch), and a 4 KiB page fault costs
// more than the data's trip through memory (~1.4 us a page a core on the 2-core development host: ~35 ms a
// 200 MB array). `out` is first touched in parallel, each thread its own range, before any pass; of the scratch
// only what buckets use is ever touched (on random keys, a few hundred KB a thread), so its pages are neither
// faulted in nor freed. Transparent huge pages (madvise) would cut the faults further where the kernel has huge
// pages at hand, but the first such allocation in a process took 450-900 ms there (a VM that hands its free
// memory back to its host) against ~70 ms in 4 KiB pages, and the runner makes each reference once: the sort
// does not ask for them (reference_bench --thp measures them).
// Every pass is a stable counting pass, so the result is bit-identical to std::sort of the encoded words.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include <omp.h>

#include "gsb/key_codec.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gsb {

// The scatter of the passes over the whole array (the MSD pass, a big bucket's) and with it the digit width:
//   combining  write-combining buffers (above), 11-bit digits for 4- and 8-byte words (2048 buckets);
//   direct     byte digits (256 buckets), each word stored straight to its place: fewer instructions a word.
// The bucket size decides (measured on the 2-core development host, 1 and 2 threads): from about 8M words,
// 2048 buckets are the ones that fit a core's cache and combining is faster (5e7 keys: 0.92x direct's time for
// 4-byte keys, 0.97x for 8-byte); at 1e6 keys its buckets hold ~500 words and direct takes 0.6-0.7x its time.
enum class HostRadixScatter { automatic, combining, direct };
constexpr std::uint64_t combining_from_n = std::uint64_t{1} << 23;  // automatic: combining from this many keys

struct HostRadixPhases;

struct HostRadixOptions {
  std::uint64_t sequential_below = 1 << 16;  // fewer keys: encode and std::sort, no allocation
  HostRadixScatter scatter = HostRadixScatter::automatic;
  // Buckets of fewer words are copied and std::sort-ed: clearing and walking the counters of every remaining
  // digit would cost more than the sort (measured: 16 too few for 11-bit digits; 64 to 256 the same).
  std::uint64_t bucket_std_sort_below = 64;
  // A bucket bigger than this and than a fair share of one thread's work (n / 2 threads) would leave the other
  // threads idle: the whole team sorts it, as it does one longer than a thread's stretch (n / threads words).
  std::uint64_t team_bucket_above = 1 << 16;
  HostRadixPhases* phases = nullptr;  // the bench's per-phase times
};

// Optional per-phase wall times of one sort (tools/host/reference_bench.cpp); the reference passes none.
struct HostRadixPhases {
  double touch_ms = 0;    // first touch of out
  double count_ms = 0;    // the encoding read: varying bits, MSD counts (and their recount, if the top is constant)
  double msd_ms = 0;      // offsets and the MSD scatter
  double big_ms = 0;      // buckets sorted by the whole team
  double buckets_ms = 0;  // buckets sorted one per thread (and the final copy or encode, when there is one)
  int digits = 0;         // the MSD and the lower digits holding a varying bit (0: all keys equal)
  int big_buckets = 0;
  bool combining = false;
};

namespace host_radix_detail {

constexpr std::size_t page_bytes = 4096;
// A combining buffer: two cache lines. One line measured 1.2-1.4x slower on one core (the flush branch, taken
// at random once a line, mispredicts twice as often); more than two bought little and costs cache.
constexpr std::size_t buffer_bytes = 128;

template <class Bits>
struct alignas(64) Buffer {
  Bits w[buffer_bytes / sizeof(Bits)];
};

template <class Bits, int DigitBits>
struct Layout {
  static constexpr int key_bits = 8 * static_cast<int>(sizeof(Bits));
  static constexpr int digit_bits = DigitBits < key_bits ? DigitBits : key_bits;
  static constexpr int max_digits = (key_bits + digit_bits - 1) / digit_bits;
  static constexpr std::size_t radix = std::size_t{1} << digit_bits;
  static std::size_t digit(Bits x, int shift) {
    return static_cast<std::size_t>((std::uint64_t{x} >> shift) & (radix - 1));
  }
};

// A full buffer to its aligned place in memory, past the caches.
template <class Bits>
inline void stream_buffer(Bits* dst, const Buffer<Bits>& b) {
#if defined(__SSE2__)
  const __m128i* s = reinterpret_cast<const __m128i*>(b.w);
  __m128i* d = reinterpret_cast<__m128i*>(dst);
  for (std::size_t k = 0; k < buffer_bytes / 16; ++k) _mm_stream_si128(d + k, _mm_load_si128(s + k));
#else
  std::memcpy(dst, b.w, buffer_bytes);
#endif
}

// Non-temporal stores are weakly ordered: fence them before the barrier that hands the data to other threads.
inline void store_fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

struct Identity {
  template <class Bits> Bits operator()(Bits x) const { return x; }
};

// The codec's encoding as the sort's Encode (KeyCodec::encode_branch_free: no branch in the scatter).
template <class Bits>
struct BranchFreeEncode {
  KeyCodec<Bits> codec;
  Bits operator()(Bits raw) const { return codec.encode_branch_free(raw); }
};

// Scatters enc(src[begin, end)) by the digit at `shift` to dst[pos[digit]++]: this thread's share of one stable
// pass. Combining: `starts` and `buffers` are the thread's own (radix of each).
template <class L, bool Combining, class Bits, class Enc>
void scatter(const Bits* src, std::uint64_t begin, std::uint64_t end, Enc enc, Bits* dst, int shift,
             std::uint64_t* pos, std::uint64_t* starts, Buffer<Bits>* buffers) {
  if constexpr (!Combining) {
    for (std::uint64_t i = begin; i < end; ++i) {
      const Bits x = enc(src[i]);
      dst[pos[L::digit(x, shift)]++] = x;
    }
  } else {
    constexpr std::uint64_t per_buffer = buffer_bytes / sizeof(Bits);
    // Positions count from the buffer-size boundary at or below dst ("virtual"), so that a position's slot in
    // its buffer is its low bits and a full buffer is an aligned stretch of dst.
    const std::uint64_t skew = (reinterpret_cast<std::uintptr_t>(dst) / sizeof(Bits)) % per_buffer;
    for (std::size_t d = 0; d < L::radix; ++d) starts[d] = pos[d] += skew;
    for (std::uint64_t i = begin; i < end; ++i) {
      const Bits x = enc(src[i]);
      const std::size_t d = L::digit(x, shift);
      const std::uint64_t v = pos[d]++;
      Buffer<Bits>& b = buffers[d];
      // A buffer leaves when the digit's next word arrives, not as its last word goes in: reading it right
      // after that store stalls on store-to-load forwarding (measured: about 1.2x slower).
      if (v % per_buffer == 0 && v != starts[d]) {
        const std::uint64_t full = v - per_buffer;
        if (full >= starts[d]) {
          stream_buffer(dst + (full - skew), b);
        } else {  // the run's first buffer: the stretch's head belongs to someone else
          const std::uint64_t s = starts[d];
          std::memcpy(dst + (s - skew), b.w + s % per_buffer, (v - s) * sizeof(Bits));
        }
      }
      b.w[v % per_buffer] = x;
    }
    // What is left: each run's last buffer, full or not (or its only one).
    for (std::size_t d = 0; d < L::radix; ++d) {
      const std::uint64_t v = pos[d];
      if (v != starts[d]) {
        const std::uint64_t s = std::max((v - 1) / per_buffer * per_buffer, starts[d]);
        std::memcpy(dst + (s - skew), buffers[d].w + s % per_buffer, (v - s) * sizeof(Bits));
      }
    }
    store_fence();
  }
}

// Faults in the pages of a[begin, end) (one word a page; fresh pages are zero, so the value does not matter).
template <class Bits>
void touch(Bits* a, std::uint64_t begin, std::uint64_t end) {
  for (std::uint64_t i = begin; i < end; i += page_bytes / sizeof(Bits)) a[i] = 0;
}

// Exclusive prefix over `threads` rows of counts (row u at counts + u * stride), in (digit, thread) order: thread
// t's digit d goes after every earlier thread's d.
inline void prefix_by_digit(std::uint64_t* counts, std::size_t stride, std::uint64_t threads, std::size_t radix) {
  std::uint64_t at = 0;
  for (std::size_t d = 0; d < radix; ++d)
    for (std::uint64_t u = 0; u < threads; ++u) {
      std::uint64_t& c = counts[u * stride + d];
      const std::uint64_t here = c;
      c = at;
      at += here;
    }
}

// The digits below the MSD that a bucket may still have to sort by: digit k covers bits [k * digit_bits, ...);
// those holding no bit that varies over the whole input are left out.
struct LowerDigits {
  int k[64];
  int count = 0;
};

// One thread sorts a bucket by the lower digits: the bucket is in `a` (len words), `b` is as long a stretch of
// the other buffer, and the result goes to `out`, which is one of them. hist holds max_digits * radix counters.
template <class L, class Bits>
void sort_bucket(Bits* a, Bits* b, Bits* out, std::uint64_t len, const LowerDigits& lower, std::uint64_t* hist,
                 std::uint64_t std_sort_below) {
  if (len < std_sort_below) {
    if (a != out) std::memcpy(out, a, len * sizeof(Bits));
    std::sort(out, out + len);
    return;
  }
  // One thread's counts hold whatever order earlier passes leave: one read counts every digit.
  std::fill(hist, hist + lower.count * L::radix, 0);
  for (std::uint64_t i = 0; i < len; ++i) {
    const Bits x = a[i];
    for (int j = 0; j < lower.count; ++j) ++hist[j * L::radix + L::digit(x, lower.k[j] * L::digit_bits)];
  }
  Bits* src = a;
  Bits* dst = b;
  for (int j = 0; j < lower.count; ++j) {
    std::uint64_t* pos = hist + j * L::radix;
    if (std::any_of(pos, pos + L::radix, [len](std::uint64_t c) { return c == len; })) continue;  // constant here
    prefix_by_digit(pos, 0, 1, L::radix);
    scatter<L, false>(src, 0, len, Identity{}, dst, lower.k[j] * L::digit_bits, pos, nullptr,
                      static_cast<Buffer<Bits>*>(nullptr));
    std::swap(src, dst);
  }
  if (src != out) std::memcpy(out, src, len * sizeof(Bits));
}

// What the team shares while it sorts a bucket together.
struct Team {
  std::uint64_t* counts = nullptr;  // [thread][lower digit][digit value]
  std::size_t row = 0;              // max_digits * radix
  int active[64];                   // lower digits that vary within the bucket
  int n_active = 0;
};

// The whole team sorts one bucket too big for one thread: LSD by the lower digits with per-thread counts, from
// `a` (len words) via `b`, into `out` (one of them). Called by every thread; barriers inside.
template <class L, bool Combining, class Bits>
void team_sort_bucket(Bits* a, Bits* b, Bits* out, std::uint64_t len, const LowerDigits& lower, Team& team,
                      std::uint64_t threads, std::uint64_t t, std::uint64_t* starts, Buffer<Bits>* buffers) {
  const std::uint64_t begin = len * t / threads, end = len * (t + 1) / threads;
  std::uint64_t* const mine = team.counts + t * team.row;
  touch(b, begin, end);  // where b is scratch, its first use: fault it in in parallel, not inside the scatter
  std::fill(mine, mine + lower.count * L::radix, 0);
  for (std::uint64_t i = begin; i < end; ++i) {
    const Bits x = a[i];
    for (int j = 0; j < lower.count; ++j) ++mine[j * L::radix + L::digit(x, lower.k[j] * L::digit_bits)];
  }
#pragma omp barrier
#pragma omp master
  {
    team.n_active = 0;
    for (int j = 0; j < lower.count; ++j) {
      bool constant = false;
      for (std::size_t d = 0; d < L::radix && !constant; ++d) {
        std::uint64_t total = 0;
        for (std::uint64_t u = 0; u < threads; ++u) total += team.counts[u * team.row + j * L::radix + d];
        constant = total == len;
      }
      if (!constant) team.active[team.n_active++] = j;
    }
  }
#pragma omp barrier
  const int n_active = team.n_active;
  Bits* src = a;
  Bits* dst = b;
  for (int k = 0; k < n_active; ++k) {
    const int j = team.active[k];
    const int shift = lower.k[j] * L::digit_bits;
    std::uint64_t* const pos = mine + j * L::radix;
    if (k > 0) {  // the earlier pass moved every word: count this digit again over the thread's new range
      std::fill(pos, pos + L::radix, 0);
      for (std::uint64_t i = begin; i < end; ++i) ++pos[L::digit(src[i], shift)];
#pragma omp barrier
    }
#pragma omp master
    prefix_by_digit(team.counts + j * L::radix, team.row, threads, L::radix);
#pragma omp barrier
    scatter<L, Combining>(src, begin, end, Identity{}, dst, shift, pos, starts, buffers);
#pragma omp barrier
    std::swap(src, dst);
  }
  if (src != out) std::memcpy(out + begin, src + begin, (end - begin) * sizeof(Bits));
#pragma omp barrier
}

template <class Bits, int DigitBits, bool Combining, class Encode>
void radix_sort(const Bits* in, Encode encode, Bits* out, Bits* scratch, std::uint64_t n, const HostRadixOptions& o) {
  HostRadixPhases* const phases = o.phases;
  using L = Layout<Bits, DigitBits>;
  constexpr std::size_t radix = L::radix;
  constexpr std::size_t row = L::max_digits * radix;
  // The MSD digit is the top digit_bits bits of those that vary; the count guesses the key's top bit varies.
  constexpr int top_shift = L::key_bits - L::digit_bits;

  const int max_threads = std::max(1, omp_get_max_threads());
  const auto T = static_cast<std::size_t>(max_threads);
  std::vector<std::uint64_t> counts(T * row);  // [thread][...]: MSD counts, then a bucket's
  std::vector<std::uint64_t> ors(T), ands(T);
  std::vector<std::uint64_t> bucket_start(radix + 1);
  // Combining only: [thread][digit] where the thread's run of a digit begins, and its buffer.
  std::vector<std::uint64_t> starts(Combining ? T * radix : 0);
  std::unique_ptr<Buffer<Bits>[]> buffers(Combining ? new Buffer<Bits>[T * radix] : nullptr);
  Team team;
  team.counts = counts.data();
  team.row = row;
  LowerDigits lower;
  std::uint64_t varying = 0;
  int msd_shift = top_shift;

  using Clock = std::chrono::steady_clock;
  Clock::time_point mark = Clock::now();
  const auto lap = [&](double HostRadixPhases::*field) {  // by the master thread, right after a barrier
    const Clock::time_point now = Clock::now();
    phases->*field += std::chrono::duration<double, std::milli>(now - mark).count();
    mark = now;
  };
  if (phases) phases->combining = Combining;

#pragma omp parallel num_threads(max_threads)
  {
    const auto threads = static_cast<std::uint64_t>(omp_get_num_threads());
    const auto t = static_cast<std::uint64_t>(omp_get_thread_num());
    const std::uint64_t begin = n * t / threads, end = n * (t + 1) / threads;
    std::uint64_t* const mine = &counts[t * row];
    std::uint64_t* const my_starts = Combining ? &starts[t * radix] : nullptr;
    Buffer<Bits>* const my_buffers = Combining ? &buffers[t * radix] : nullptr;

    // One word a page faults the page in (zeroed, so the value written does not matter). Sorting into a
    // separate out, only out is written whole: the scratch is touched only as far as buckets use it.
    touch(out != in ? out : scratch, begin, end);
    if (phases) {
#pragma omp barrier
#pragma omp master
      lap(&HostRadixPhases::touch_ms);
    }
    // The one read of the input before the MSD pass: which bits vary (OR and AND of every word) and the MSD
    // counts, each thread its own range. Few instructions a word: it runs near memory speed.
    std::fill(mine, mine + radix, 0);
    std::uint64_t any = 0, all = ~std::uint64_t{0};
    for (std::uint64_t i = begin; i < end; ++i) {
      const Bits x = encode(in[i]);
      any |= x;
      all &= x;
      ++mine[L::digit(x, top_shift)];
    }
    ors[t] = any;
    ands[t] = all;  // an empty range's ~0 is left out below
#pragma omp barrier
#pragma omp master
    {
      std::uint64_t o = 0, a = ~std::uint64_t{0};
      for (std::uint64_t u = 0; u < threads; ++u)
        if (n * u / threads < n * (u + 1) / threads) o |= ors[u], a &= ands[u];
      varying = n ? o ^ a : 0;
      if (varying) {
        int hb = 63;
        while (!(varying >> hb)) --hb;
        msd_shift = std::max(0, hb + 1 - L::digit_bits);
        // Digits below the MSD, only those holding a varying bit (a constant bit orders nothing).
        for (int k = 0; k * L::digit_bits < msd_shift; ++k)
          if ((varying >> (k * L::digit_bits)) & (radix - 1)) lower.k[lower.count++] = k;
      }
      if (phases) phases->digits = varying ? lower.count + 1 : 0;
    }
#pragma omp barrier
    if (varying && msd_shift != top_shift) {  // the top bits are constant: count the digit below them instead
      std::fill(mine, mine + radix, 0);
      for (std::uint64_t i = begin; i < end; ++i) ++mine[L::digit(encode(in[i]), msd_shift)];
#pragma omp barrier
    }
    if (phases) {
#pragma omp master
      lap(&HostRadixPhases::count_ms);
    }

    if (!varying) {  // all words equal (or none), but still to be encoded into out
      for (std::uint64_t i = begin; i < end; ++i) out[i] = encode(in[i]);
    } else {
      // The MSD pass writes out, and each bucket is sorted where it lies with a stretch of the scratch. In place,
      // the input is out, so the MSD pass writes the scratch and the buckets are sorted back into out.
      const bool in_place = out == in;
      Bits* const a = in_place ? scratch : out;
      Bits* const b = in_place ? out : scratch;
#pragma omp master
      {
        prefix_by_digit(counts.data(), row, threads, radix);
        std::copy(counts.data(), counts.data() + radix, bucket_start.begin());  // thread 0's = each bucket's start
        bucket_start[radix] = n;
      }
#pragma omp barrier
      scatter<L, Combining>(in, begin, end, encode, a, msd_shift, mine, my_starts, my_buffers);
#pragma omp barrier
      if (phases) {
#pragma omp master
        lap(&HostRadixPhases::msd_ms);
      }
      if (lower.count == 0) {
        if (a != out) std::memcpy(out + begin, a + begin, (end - begin) * sizeof(Bits));
      } else {
        // A bucket a thread sorts alone fits its share of the scratch (n / threads words), reused bucket after
        // bucket: it stays in that core's cache, and the rest of the scratch is never faulted in.
        const std::uint64_t share = n / threads;
        const std::uint64_t big =
            std::min(share, threads > 1 ? std::max(n / (2 * threads), o.team_bucket_above) : n);
        for (std::size_t d = 0; d < radix; ++d) {
          const std::uint64_t s = bucket_start[d], len = bucket_start[d + 1] - s;
          if (len > big) {
            team_sort_bucket<L, Combining>(a + s, b + s, out + s, len, lower, team, threads, t, my_starts,
                                           my_buffers);
            if (phases && t == 0) ++phases->big_buckets;
          }
        }
        if (phases) {
#pragma omp master
          lap(&HostRadixPhases::big_ms);
        }
#pragma omp for schedule(dynamic, 1)
        for (std::int64_t d = 0; d < static_cast<std::int64_t>(radix); ++d) {
          const std::uint64_t s = bucket_start[d], len = bucket_start[d + 1] - s;
          Bits* const other = in_place ? b + s : scratch + t * share;
          if (len <= big) sort_bucket<L>(a + s, other, out + s, len, lower, mine, o.bucket_std_sort_below);
        }
      }
    }
  }  // implicit barrier
  if (phases) lap(&HostRadixPhases::buckets_ms);
}

}  // namespace host_radix_detail

// Sorts encode(in[0, n)) ascending into out[0, n). `in` may be `out` (in place); scratch holds n words and is
// neither.
template <class Bits, class Encode>
void host_radix_sort_encoded(const Bits* in, Encode encode, Bits* out, Bits* scratch, std::uint64_t n,
                             const HostRadixOptions& o = {}) {
  if (n < o.sequential_below) {
    for (std::uint64_t i = 0; i < n; ++i) out[i] = encode(in[i]);
    std::sort(out, out + n);
    return;
  }
  const bool combining = o.scatter == HostRadixScatter::combining ||
                         (o.scatter == HostRadixScatter::automatic && n >= combining_from_n);
  if (combining)
    host_radix_detail::radix_sort<Bits, sizeof(Bits) >= 4 ? 11 : 8, true>(in, encode, out, scratch, n, o);
  else
    host_radix_detail::radix_sort<Bits, 8, false>(in, encode, out, scratch, n, o);
}

// The encoding make_reference sorts by: codec.encode(raw) for every raw word, without a branch.
template <class Bits>
host_radix_detail::BranchFreeEncode<Bits> branch_free_encoder(const KeyCodec<Bits>& codec) {
  return {codec};
}

// Sorts keys[0, n) ascending in place; scratch holds n words. Below `sequential_below` keys, std::sort.
template <class Bits>
void host_radix_sort(Bits* keys, Bits* scratch, std::uint64_t n, std::uint64_t sequential_below = 1 << 16) {
  HostRadixOptions o;
  o.sequential_below = sequential_below;
  host_radix_sort_encoded(keys, host_radix_detail::Identity{}, keys, scratch, n, o);
}

}  // namespace gsb
