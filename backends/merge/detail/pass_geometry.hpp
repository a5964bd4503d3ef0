// The index arithmetic of one merge pass of merge-samples (CUDA samples' mergeSort, seed 000_*), kept apart
// from the kernels and __host__ __device__ so the host tests can run a whole pass on the CPU.
//
// A pass merges pairs of sorted runs of `width` keys: segment s is A = [2 s width, +width) and B = the next
// width keys (either may be short or empty at the end of the array). Every stride-th key of A and of B is a
// sample. A sample's rank in the other run (generateSampleRanks) fixes where it lands in the merged segment;
// sorting all samples of a segment by that landing place (mergeRanksAndIndices) gives the limits: pairs
// (start in A, start in B) that cut the segment into elementary intervals, each holding at most `stride` keys
// of A and at most `stride` of B, which one block merges (mergeElementaryIntervals). merge-samples keeps the
// samples and limits but merges equal output tiles instead, each located by the limits (tile_window below).
//
// Differs from the samples: the samples find a sample's slot among the limits with a second binary search
// over the other run's ranks (mergeRanksAndIndices kernel). The slot is also i + ceil(rank / stride): the
// number of the other run's samples that precede it is the number of sample positions j * stride below its
// rank (for A samples: B[j stride] < A[i stride] iff j stride < rankB; for B samples likewise with <=). So one
// kernel computes ranks and writes limits directly, and a pass is two launches instead of three.
// All positions are 64-bit: runs and n may exceed 2^32.
#pragma once

#include <cstdint>

#include "merge/merge_path.hpp"

namespace gsb::merge::samples {

struct Segment {
  std::uint64_t base = 0;   // index of A's first key
  std::uint64_t len_a = 0;  // A = [base, base + len_a)
  std::uint64_t len_b = 0;  // B = [base + len_a, base + len_a + len_b)
};

// Widths and the stride are powers of two, so the per-thread index arithmetic is shifts and masks: a 64-bit
// division costs dozens of instructions, and the merge kernel is otherwise only ~30 instructions per key.
struct PassGeometry {
  std::uint64_t n = 0;
  int log2_width = 0;   // runs of width = 2^log2_width keys are merged; width >= stride
  int log2_stride = 0;  // SAMPLE_STRIDE = 2^log2_stride

  GSB_HD std::uint64_t width() const { return std::uint64_t{1} << log2_width; }
  GSB_HD std::uint64_t stride() const { return std::uint64_t{1} << log2_stride; }
  GSB_HD std::uint64_t samples_per_run() const { return std::uint64_t{1} << (log2_width - log2_stride); }
  // Limit slots per segment: a full segment has exactly this many samples (and elementary intervals).
  GSB_HD std::uint64_t slots_per_segment() const { return 2 * samples_per_run(); }
  GSB_HD int log2_slots_per_segment() const { return log2_width - log2_stride + 1; }
  GSB_HD std::uint64_t segments() const { return (n + 2 * width() - 1) >> (log2_width + 1); }
  GSB_HD std::uint64_t slots() const { return segments() << log2_slots_per_segment(); }
  GSB_HD Segment segment(std::uint64_t s) const {
    Segment g;
    g.base = s << (log2_width + 1);
    const std::uint64_t rest = n - g.base;
    g.len_a = rest < width() ? rest : width();
    g.len_b = rest - g.len_a < width() ? rest - g.len_a : width();
    return g;
  }
  GSB_HD std::uint64_t samples(std::uint64_t len) const { return (len + stride() - 1) >> log2_stride; }
};

// The exponent of a power of two (of the next one up otherwise); constexpr for the kernels' tile shapes.
GSB_HD constexpr int log2_exact(std::uint64_t x) {
  int l = 0;
  while ((std::uint64_t{1} << l) < x) ++l;
  return l;
}
// A pass over runs of `width` keys with samples every `stride` keys (both powers of two).
GSB_HD PassGeometry make_pass(std::uint64_t n, std::uint64_t width, std::uint64_t stride) {
  return PassGeometry{n, log2_exact(width), log2_exact(stride)};
}

// Binary search for place_sample and tile_split on the host (and one thread on the device): the first
// position in [0, len) where the monotone predicate (true ... true false ... false) is false, or len.
struct BinarySearch {
  template <class Pred>
  GSB_HD std::uint64_t operator()(std::uint64_t len, Pred pred) const {
    std::uint64_t lo = 0, hi = len;
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      if (pred(mid)) lo = mid + 1; else hi = mid;
    }
    return lo;
  }
};

// Rank the sample handled by slot `t` of the pass (thread t of the rank kernel) and write its limit pair
// (positions relative to A's and B's starts). Slots past a short segment's samples, and t >= slots(), do
// nothing. `search` is called exactly once whatever t is (with len 0 when there is nothing to rank), so a
// cooperative device search (several lanes per slot, warp ballots) can stand in for BinarySearch.
template <class Key, class Search = BinarySearch>
GSB_HD void place_sample(const Key* src, const PassGeometry& g, std::uint64_t t, std::uint64_t* limit_a,
                         std::uint64_t* limit_b, Search search = {}) {
  const std::uint64_t per_seg = g.slots_per_segment();
  const std::uint64_t s = t >> g.log2_slots_per_segment(), local = t & (per_seg - 1);
  const bool in_range = t < g.slots();
  const Segment seg = in_range ? g.segment(s) : Segment{};
  const Key* a = src + seg.base;
  const Key* b = a + seg.len_a;
  const bool from_a = local < g.samples_per_run();
  const std::uint64_t i = from_a ? local : local - g.samples_per_run();
  const std::uint64_t pos = i << g.log2_stride;
  const bool active = in_range && pos < (from_a ? seg.len_a : seg.len_b);
  std::uint64_t pos_a, pos_b, slot;
  if (from_a) {  // sample i of A: after the B keys < it
    const Key key = active ? a[pos] : Key{};
    pos_a = pos;
    pos_b = search(active ? seg.len_b : 0, [&](std::uint64_t m) { return b[m] < key; });
    slot = i + g.samples(pos_b);
  } else {       // sample i of B: after the A keys <= it
    const Key key = active ? b[pos] : Key{};
    pos_b = pos;
    pos_a = search(active ? seg.len_a : 0, [&](std::uint64_t m) { return !(key < a[m]); });
    slot = i + g.samples(pos_a);
  }
  if (!active) return;
  limit_a[s * per_seg + slot] = pos_a;
  limit_b[s * per_seg + slot] = pos_b;
}

// Equal output tiles (the choice that differs from the samples' elementary intervals; merge_samples.cuh
// says why). The limit in slot j of a segment lands at output position (j - 1) stride < out_j <= j stride:
// slot = i + ceil(rank / stride) and out = i stride + rank. So for any output diagonal d of the segment,
// with j = floor(d / stride): out_j <= j stride <= d < (j + 1) stride < out_{j+2}. The merge path crosses
// diagonal d between limits j and j + 2: a window of at most 2 stride keys of A and 2 stride of B, found
// with two loads instead of a search of the whole segment. This is how the sample ranks decide the partition.
struct Window {
  std::uint64_t a_lo = 0, a_hi = 0, b_lo = 0, b_hi = 0;  // relative to the starts of A and B
};

// The window of diagonal d (0 <= d < len_a + len_b) in segment s.
GSB_HD Window tile_window(const PassGeometry& g, std::uint64_t s, const Segment& seg, std::uint64_t d,
                          const std::uint64_t* limit_a, const std::uint64_t* limit_b) {
  const std::uint64_t count = g.samples(seg.len_a) + g.samples(seg.len_b);
  const std::uint64_t j = d >> g.log2_stride;  // < count, since count stride >= len_a + len_b > d
  const std::uint64_t slot = (s << g.log2_slots_per_segment()) + j;
  Window w;
  w.a_lo = limit_a[slot];
  w.b_lo = limit_b[slot];
  const bool inner = j + 2 < count;
  w.a_hi = inner ? limit_a[slot + 2] : seg.len_a;
  w.b_hi = inner ? limit_b[slot + 2] : seg.len_b;
  return w;
}

// How many of the first d outputs of segment s come from A (the merge path at diagonal d), searching only
// the window (the whole segment where limit_a is null). d may be 0 or the segment's length. Like place_sample,
// `search` is called exactly once.
template <class Key, class Search = BinarySearch>
GSB_HD std::uint64_t tile_split(const Key* src, const PassGeometry& g, std::uint64_t s, const Segment& seg,
                                std::uint64_t d, const std::uint64_t* limit_a, const std::uint64_t* limit_b,
                                Search search = {}) {
  const bool inside = d > 0 && d < seg.len_a + seg.len_b;
  // Without limits (null: short segments, whose pass runs no rank kernel) the window is the whole segment.
  const Window w = !inside ? Window{}
                   : limit_a != nullptr ? tile_window(g, s, seg, d, limit_a, limit_b)
                                        : Window{0, seg.len_a, 0, seg.len_b};
  const std::uint64_t diag = inside ? d - w.a_lo - w.b_lo : 0;
  const std::uint64_t len_a = w.a_hi - w.a_lo, len_b = w.b_hi - w.b_lo;
  const std::uint64_t lo = diag > len_b ? diag - len_b : 0;
  const std::uint64_t hi = diag < len_a ? diag : len_a;
  const Key* a = src + seg.base + w.a_lo;
  const Key* b = src + seg.base + seg.len_a + w.b_lo;
  // Merge path over m in [lo, hi): a[m] is among the first diag outputs iff it does not follow b[diag-1-m].
  const std::uint64_t m = lo + search(hi - lo, [&](std::uint64_t k) {
    const std::uint64_t x = lo + k;
    return !(b[diag - 1 - x] < a[x]);
  });
  if (!inside) return d == 0 ? 0 : seg.len_a;
  return w.a_lo + m;
}

}  // namespace gsb::merge::samples
