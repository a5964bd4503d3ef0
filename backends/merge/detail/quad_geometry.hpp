// The index arithmetic of a four-way merge pass of merge-samples: groups of four sorted runs A, B, C, D of `width` keys
// merged into one run of 4 width in one pass over memory (two binary passes read and write every key twice). Kept apart
// from the kernels and __host__ __device__ so the host tests run whole passes on the CPU
// (tests/merge/quad_geometry_test.cpp).
//
// The order is the stable one: equal keys keep their runs' order (A, B, C, D), which is also the order of
// merge(merge(A, B), merge(C, D)) with the earlier run first on ties at both levels.
//
// Samples, as in the binary pass (pass_geometry.hpp): every stride-th key of each run. A sample's rank in each of the
// three other runs (after the keys of earlier runs <= it, of later runs < it) fixes where it lands in the group's
// output, out = its own position + the three ranks. The same slot arithmetic sorts the samples by landing place: the
// number of samples before a sample is its index in its run plus, for each other run, ceil(rank / stride). The four
// positions of a sample (its own and its three ranks) are the split of the group's output at out: every key before it
// in each run, none after. These are the limits.
//
// A partition point (the split at output diagonal d, for an output tile's start): out of slot j lies in
// ((j - 3) stride, j stride] (each of the three other runs adds less than a stride to the slot's product), so
// slot floor(d / stride) lands at or before d and slot floor(d / stride) + 4 after it. Among slots j .. j + 3 the last
// landing at or before d and the next one bound each run's split to less than a stride and a key (no sample of a run
// lies strictly between two samples adjacent in slot order). Within those windows the split is the merge path of two
// virtual runs, merge(A, B) and merge(C, D), each of whose keys is found by a binary merge path (quad_split).
#pragma once

#include <cstdint>

#include "merge/detail/pass_geometry.hpp"
#include "merge/merge_path.hpp"

namespace gsb::merge::samples {

// One group: run X = [base + start(X), + len[X]); short or empty runs only in the last group.
struct QuadGroup {
  std::uint64_t base = 0;
  std::uint64_t len[4] = {0, 0, 0, 0};
  // By selects, not by a variable index (which would put the group in local memory on the device).
  GSB_HD std::uint64_t start(int x) const {
    return (x > 0 ? len[0] : 0) + (x > 1 ? len[1] : 0) + (x > 2 ? len[2] : 0);
  }
  GSB_HD std::uint64_t length(int x) const { return x == 0 ? len[0] : x == 1 ? len[1] : x == 2 ? len[2] : len[3]; }
  GSB_HD std::uint64_t total() const { return len[0] + len[1] + len[2] + len[3]; }
};

// Four positions, one a run, relative to the runs' starts.
struct Quad4 {
  std::uint64_t v[4] = {0, 0, 0, 0};
  GSB_HD std::uint64_t sum() const { return v[0] + v[1] + v[2] + v[3]; }
};

// Widths and the stride are powers of two (shifts and masks, as PassGeometry).
struct QuadGeometry {
  std::uint64_t n = 0;
  int log2_width = 0;   // groups of four runs of 2^log2_width keys; width >= stride
  int log2_stride = 0;

  GSB_HD std::uint64_t width() const { return std::uint64_t{1} << log2_width; }
  GSB_HD std::uint64_t stride() const { return std::uint64_t{1} << log2_stride; }
  GSB_HD int log2_samples_per_run() const { return log2_width - log2_stride; }
  GSB_HD std::uint64_t samples_per_run() const { return std::uint64_t{1} << log2_samples_per_run(); }
  GSB_HD int log2_slots_per_group() const { return log2_samples_per_run() + 2; }
  GSB_HD std::uint64_t slots_per_group() const { return std::uint64_t{1} << log2_slots_per_group(); }
  GSB_HD std::uint64_t groups() const { return (n + 4 * width() - 1) >> (log2_width + 2); }
  GSB_HD std::uint64_t slots() const { return groups() << log2_slots_per_group(); }
  GSB_HD QuadGroup group(std::uint64_t q) const {
    QuadGroup g;
    g.base = q << (log2_width + 2);
    std::uint64_t rest = n - g.base;
    for (int x = 0; x < 4; ++x) {
      g.len[x] = rest < width() ? rest : width();
      rest -= g.len[x];
    }
    return g;
  }
  GSB_HD std::uint64_t samples(std::uint64_t len) const { return (len + stride() - 1) >> log2_stride; }
  GSB_HD std::uint64_t samples(const QuadGroup& g) const {
    return samples(g.len[0]) + samples(g.len[1]) + samples(g.len[2]) + samples(g.len[3]);
  }
};

GSB_HD QuadGeometry make_quad_pass(std::uint64_t n, std::uint64_t width, std::uint64_t stride) {
  return QuadGeometry{n, log2_exact(width), log2_exact(stride)};
}

// The sample of slot t (thread t of the rank kernel): run x, index i (the key at i stride of run x). active is false
// past a short group's samples and for t >= slots().
struct QuadSample {
  std::uint64_t q = 0;
  QuadGroup grp;
  int x = 0;
  std::uint64_t i = 0;
  bool active = false;
};
GSB_HD QuadSample quad_sample(const QuadGeometry& g, std::uint64_t t) {
  QuadSample s;
  const bool in_range = t < g.slots();
  s.q = t >> g.log2_slots_per_group();
  const std::uint64_t local = t & (g.slots_per_group() - 1);
  s.x = static_cast<int>(local >> g.log2_samples_per_run());
  s.i = local & (g.samples_per_run() - 1);
  if (in_range) s.grp = g.group(s.q);
  s.active = in_range && (s.i << g.log2_stride) < s.grp.length(s.x);
  return s;
}

// The k-th run other than x (k = 0, 1, 2).
GSB_HD int other_run(int x, int k) { return k < x ? k : k + 1; }

// The rank of `key` (of run x) in run y: the keys of y that precede it, those <= it where y is earlier, < it where
// later. len is y's length (0 where nothing is ranked); `search` (BinarySearch's contract) is called exactly once.
template <class Key, class Search = BinarySearch>
GSB_HD std::uint64_t quad_rank(const Key* run_y, std::uint64_t len, bool y_earlier, Key key, Search search = {}) {
  return search(len, [&](std::uint64_t m) { return y_earlier ? !(key < run_y[m]) : run_y[m] < key; });
}

// Where a sample lands among its group's slots, given its index and its ranks in the three other runs (in other_run
// order), and its four limits: limits + y slots() + slot holds its position in run y.
GSB_HD void quad_place(const QuadGeometry& g, const QuadSample& s, const std::uint64_t (&rank)[3],
                              std::uint64_t* limits) {
  if (!s.active) return;
  std::uint64_t slot = s.i;
  for (int k = 0; k < 3; ++k) slot += g.samples(rank[k]);
  const std::uint64_t at = (s.q << g.log2_slots_per_group()) + slot;
  const std::uint64_t per = g.slots();
  limits[std::uint64_t(s.x) * per + at] = s.i << g.log2_stride;
  for (int k = 0; k < 3; ++k) limits[std::uint64_t(other_run(s.x, k)) * per + at] = rank[k];
}

// Rank and place the sample of slot t with one search after another (the host tests; the device kernel ranks the
// three in parallel lanes). Calls `search` exactly three times whatever t is.
template <class Key, class Search = BinarySearch>
GSB_HD void place_quad_sample(const Key* src, const QuadGeometry& g, std::uint64_t t, std::uint64_t* limits,
                              Search search = {}) {
  const QuadSample s = quad_sample(g, t);
  const Key* runs = src + s.grp.base;
  const Key key = s.active ? runs[s.grp.start(s.x) + (s.i << g.log2_stride)] : Key{};
  std::uint64_t rank[3];
  for (int k = 0; k < 3; ++k) {
    const int y = other_run(s.x, k);
    rank[k] = quad_rank(runs + s.grp.start(y), s.active ? s.grp.length(y) : 0, y < s.x, key, search);
  }
  quad_place(g, s, rank, limits);
}

// The limits of slot `slot` of group q (slot < the group's samples), as four positions.
GSB_HD Quad4 quad_limit(const QuadGeometry& g, std::uint64_t q, std::uint64_t slot,
                               const std::uint64_t* limits) {
  const std::uint64_t at = (q << g.log2_slots_per_group()) + slot, per = g.slots();
  Quad4 l;
#pragma unroll
  for (int x = 0; x < 4; ++x) l.v[x] = limits[std::uint64_t(x) * per + at];
  return l;
}

// The windows of diagonal d (0 < d < grp.total()): lo, the limits of the last slot landing at or before d, and hi,
// those of the next slot (the runs' lengths past the last). Every run's split at d lies in [lo, hi].
struct QuadWindow {
  Quad4 lo, hi;
};
GSB_HD QuadWindow quad_window(const QuadGeometry& g, std::uint64_t q, const QuadGroup& grp, std::uint64_t d,
                                     const std::uint64_t* limits) {
  const std::uint64_t count = g.samples(grp);
  const std::uint64_t j = d >> g.log2_stride;  // < count: count stride >= total > d
  // Four candidates loaded at once, picked by selects (as an array they went to local memory on the device).
  const Quad4 c0 = quad_limit(g, q, j, limits);
  const Quad4 c1 = j + 1 < count ? quad_limit(g, q, j + 1, limits) : Quad4{};
  const Quad4 c2 = j + 2 < count ? quad_limit(g, q, j + 2, limits) : Quad4{};
  const Quad4 c3 = j + 3 < count ? quad_limit(g, q, j + 3, limits) : Quad4{};
  const bool in1 = j + 1 < count && c1.sum() <= d, in2 = j + 2 < count && c2.sum() <= d;
  const bool in3 = j + 3 < count && c3.sum() <= d;
  const int best = in3 ? 3 : in2 ? 2 : in1 ? 1 : 0;  // the last at or before d (slots land in order)
  QuadWindow w;
  w.lo = best == 0 ? c0 : best == 1 ? c1 : best == 2 ? c2 : c3;
  if (j + best + 1 >= count) {
#pragma unroll
    for (int x = 0; x < 4; ++x) w.hi.v[x] = grp.len[x];
  } else {
    w.hi = best == 0 ? c1 : best == 1 ? c2 : best == 2 ? c3 : quad_limit(g, q, j + 4, limits);
  }
  return w;
}

// The key at position m (< la + lb) of the stable merge of a[0, la) and b[0, lb), given i = merge_path(..., m).
template <class Key, class I>
GSB_HD Key merged_key(const Key* a, I la, const Key* b, I lb, I m, I i) {
  const I k = m - i;
  if (i >= la) return b[k];
  if (k >= lb) return a[i];
  return b[k] < a[i] ? b[k] : a[i];
}

// Two merge paths searched in lockstep, each within bounds known to hold it (merge_path's contract, the answer in
// [lo1, hi1] and [lo2, hi2]): their loads are independent, so on the device each step waits for one memory latency,
// not two.
template <class Key, class I>
GSB_HD void merge_paths2(const Key* a, I la, const Key* b, I lb, I d, I lo1, I hi1, const Key* c, I lc, const Key* e,
                         I le, I d2, I lo2, I hi2, I& i1, I& i2) {
  lo1 = d > lb && d - lb > lo1 ? d - lb : lo1;
  hi1 = d < la ? (d < hi1 ? d : hi1) : (la < hi1 ? la : hi1);
  lo2 = d2 > le && d2 - le > lo2 ? d2 - le : lo2;
  hi2 = d2 < lc ? (d2 < hi2 ? d2 : hi2) : (lc < hi2 ? lc : hi2);
  while (lo1 < hi1 || lo2 < hi2) {
    const I m1 = lo1 + (hi1 - lo1) / 2, m2 = lo2 + (hi2 - lo2) / 2;
    const bool s1 = lo1 < hi1, s2 = lo2 < hi2;
    const Key x1 = s1 ? a[m1] : Key{}, y1 = s1 ? b[d - 1 - m1] : Key{};
    const Key x2 = s2 ? c[m2] : Key{}, y2 = s2 ? e[d2 - 1 - m2] : Key{};
    if (s1) { if (!(y1 < x1)) lo1 = m1 + 1; else hi1 = m1; }
    if (s2) { if (!(y2 < x2)) lo2 = m2 + 1; else hi2 = m2; }
  }
  i1 = lo1;
  i2 = lo2;
}

// One probe of the outer search at m: whether merge(A, B)'s key at m is among the first r outputs of the windows, and
// the inner splits found on the way (ia: A's keys among merge(A, B)'s first m; ic: C's among merge(C, D)'s first
// r - 1 - m).
template <class I>
struct QuadProbe {
  bool before = false;
  I ia = 0, ic = 0;
};
// Bounds on the inner splits of every m still searched: ia in [a_lo, a_hi], ic in [c_lo, c_hi] (both monotone in m).
template <class I>
struct QuadBracket {
  I a_lo = 0, a_hi = ~I{0}, c_lo = 0, c_hi = ~I{0};
};

// The lanes of the outer search, emulated one after another on the host (the tests; QuadWarpLanes in
// merge_samples.cuh is the device's warp). more(b): whether any of the search's lanes goes on (b, here); probe(f)
// evaluates f(r, probe) for each lane r, which says whether its probe is active; count() is how many lanes' probes
// found their key before (a prefix of the lanes); at(r) is lane r's probe. I: the type of positions inside the windows.
template <int G, class I = std::uint64_t>
struct HostLanes {
  static constexpr int lanes = G;
  using index_type = I;
  bool more(bool b) const { return b; }
  QuadProbe<I> p[G];
  bool active[G] = {};
  template <class F>
  void probe(F f) {
    for (int r = 0; r < G; ++r) active[r] = f(r, p[r]);
  }
  int count() const {
    int c = 0;
    for (int r = 0; r < G; ++r) c += active[r] && p[r].before;
    return c;
  }
  QuadProbe<I> at(int r) const { return p[r]; }
};

// The split of group q's output at diagonal d (0 <= d <= total): how many keys of each run come first. Without limits
// (null) the windows are the whole runs. The split between merge(A, B) and merge(C, D) is searched by Lanes::lanes
// probes a round, each probe finding its two keys by binary merge paths in the windows, bounded by what the probes
// beside the answer found the round before (so each round's inner searches cover a lanes-th of the last round's).
// Positions inside the windows are Lanes::index_type: 32 bits on the device, where the limits bound each window to a
// stride and a key; whole runs (no limits, the tests) need 64.
template <class Key, class Lanes = HostLanes<32>>
GSB_HD Quad4 quad_split(const Key* src, const QuadGeometry& g, std::uint64_t q, const QuadGroup& grp, std::uint64_t d,
                        const std::uint64_t* limits, Lanes lanes = {}) {
  const bool inside = d > 0 && d < grp.total();
  QuadWindow w;
  if (inside && limits != nullptr) {
    w = quad_window(g, q, grp, d, limits);
  } else {
    for (int x = 0; x < 4; ++x) w.hi.v[x] = grp.len[x];
  }
  // (Scalars, not arrays: the lambda below takes them by reference, and arrays stayed in local memory on the device.)
  const Key* const base = src + grp.base;
  const Key* const run0 = base + w.lo.v[0];
  const Key* const run1 = base + grp.start(1) + w.lo.v[1];
  const Key* const run2 = base + grp.start(2) + w.lo.v[2];
  const Key* const run3 = base + grp.start(3) + w.lo.v[3];
  using I = typename Lanes::index_type;
  const I len0 = inside ? I(w.hi.v[0] - w.lo.v[0]) : 0, len1 = inside ? I(w.hi.v[1] - w.lo.v[1]) : 0;
  const I len2 = inside ? I(w.hi.v[2] - w.lo.v[2]) : 0, len3 = inside ? I(w.hi.v[3] - w.lo.v[3]) : 0;
  const I r = inside ? I(d - w.lo.sum()) : 0;
  const I lab = len0 + len1, lcd = len2 + len3;
  // Of the first r outputs of the windows, how many come from merge(A, B): the first m in [lo, hi) whose key there
  // follows merge(C, D)'s key at r - 1 - m (A and B precede C and D on ties), or hi.
  I lo = r > lcd ? r - lcd : 0;
  I hi = r < lab ? r : lab;
  QuadBracket<I> b;
  constexpr int G = Lanes::lanes;
  // (more(), probe(), count() and at() are called alike by every lane of a device warp, whose groups may finish apart.)
  while (lanes.more(lo < hi)) {
    const bool live = lo < hi;
    const I step = live ? (hi - lo + G - 1) / G : 1;
    lanes.probe([&](int lane, QuadProbe<I>& p) {
      const I m = lo + I(lane + 1) * step - 1;  // the last candidate of chunk `lane`
      if (!live || m >= hi) return false;
      const I m2 = r - 1 - m;
      merge_paths2(run0, len0, run1, len1, m, b.a_lo, b.a_hi, run2, len2, run3, len3, m2, b.c_lo,
                   b.c_hi, p.ia, p.ic);
      const Key k_ab = merged_key(run0, len0, run1, len1, m, p.ia);
      p.before = !(merged_key(run2, len2, run3, len3, m2, p.ic) < k_ab);
      return true;
    });
    const int c = lanes.count();  // chunks wholly before the answer
    const QuadProbe<I> below = lanes.at(c > 0 ? c - 1 : 0), above = lanes.at(c < G ? c : G - 1);
    if (!live) continue;
    if (c > 0) {  // the probe at lo + c step - 1 bounds ia from below and ic from above
      b.a_lo = below.ia;
      b.c_hi = below.ic;  // at diagonal r - 1 - m, where every later m's (and the answer's, r - x) is at or below
    }
    const I mc = lo + (I(c) + 1) * step - 1;
    if (c < G && mc < hi) {  // the probe at mc (not before) bounds ia from above and ic from below
      b.a_hi = above.ia;
      b.c_lo = above.ic;
      hi = mc;
    }
    lo += I(c) * step;
  }
  const I x = lo;
  Quad4 s;
  if (!inside) {
    if (d > 0)
      for (int y = 0; y < 4; ++y) s.v[y] = grp.len[y];
    return s;
  }
  I ia, ic;
  merge_paths2(run0, len0, run1, len1, x, b.a_lo, b.a_hi, run2, len2, run3, len3, I(r - x), b.c_lo, b.c_hi, ia, ic);
  s.v[0] = w.lo.v[0] + ia;
  s.v[1] = w.lo.v[1] + (x - ia);
  s.v[2] = w.lo.v[2] + ic;
  s.v[3] = w.lo.v[3] + (r - x - ic);
  return s;
}

}  // namespace gsb::merge::samples
