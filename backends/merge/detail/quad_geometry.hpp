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
  GSB_HD std::uint64_t start(int x) const {
    std::uint64_t s = 0;
    for (int y = 0; y < x; ++y) s += len[y];
    return s;
  }
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
  s.active = in_range && (s.i << g.log2_stride) < s.grp.len[s.x];
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
    rank[k] = quad_rank(runs + s.grp.start(y), s.active ? s.grp.len[y] : 0, y < s.x, key, search);
  }
  quad_place(g, s, rank, limits);
}

// The limits of slot `slot` of group q (slot < the group's samples), as four positions.
GSB_HD Quad4 quad_limit(const QuadGeometry& g, std::uint64_t q, std::uint64_t slot,
                               const std::uint64_t* limits) {
  const std::uint64_t at = (q << g.log2_slots_per_group()) + slot, per = g.slots();
  Quad4 l;
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
  Quad4 cand[4];
  for (int k = 0; k < 4; ++k)
    if (j + k < count) cand[k] = quad_limit(g, q, j + k, limits);  // independent loads
  int best = 0;
  for (int k = 1; k < 4; ++k)
    if (j + k < count && cand[k].sum() <= d) best = k;
  QuadWindow w;
  w.lo = cand[best];
  if (j + best + 1 < count) {
    w.hi = best + 1 < 4 ? cand[best + 1] : quad_limit(g, q, j + 4, limits);
  } else {
    for (int x = 0; x < 4; ++x) w.hi.v[x] = grp.len[x];
  }
  return w;
}

// The key at position m (< la + lb) of the stable merge of a[0, la) and b[0, lb).
template <class Key>
GSB_HD Key merged_at(const Key* a, std::uint64_t la, const Key* b, std::uint64_t lb, std::uint64_t m) {
  const std::uint64_t i = merge_path(a, la, b, lb, m);
  const std::uint64_t k = m - i;
  if (i >= la) return b[k];
  if (k >= lb) return a[i];
  return b[k] < a[i] ? b[k] : a[i];
}

// The split of group q's output at diagonal d (0 <= d <= total): how many keys of each run come first. Without limits
// (null) the windows are the whole runs. `outer` searches the split between merge(A, B) and merge(C, D) (called exactly
// once; a cooperative device search may stand in), each probe finding two keys by binary merge paths in the windows.
template <class Key, class Search = BinarySearch>
GSB_HD Quad4 quad_split(const Key* src, const QuadGeometry& g, std::uint64_t q, const QuadGroup& grp, std::uint64_t d,
                        const std::uint64_t* limits, Search outer = {}) {
  const bool inside = d > 0 && d < grp.total();
  QuadWindow w;
  if (inside && limits != nullptr) {
    w = quad_window(g, q, grp, d, limits);
  } else {
    for (int x = 0; x < 4; ++x) w.hi.v[x] = grp.len[x];
  }
  const Key* run[4];
  std::uint64_t len[4];
  for (int x = 0; x < 4; ++x) {
    run[x] = src + grp.base + grp.start(x) + w.lo.v[x];
    len[x] = inside ? w.hi.v[x] - w.lo.v[x] : 0;
  }
  const std::uint64_t r = inside ? d - w.lo.sum() : 0;
  const std::uint64_t lab = len[0] + len[1], lcd = len[2] + len[3];
  const std::uint64_t lo = r > lcd ? r - lcd : 0;
  const std::uint64_t hi = r < lab ? r : lab;
  // Of the first r outputs of the windows, how many come from merge(A, B): its key at m is among them iff it does not
  // follow merge(C, D)'s key at r - 1 - m (A and B precede C and D on ties).
  const std::uint64_t x = lo + outer(hi - lo, [&](std::uint64_t k) {
    const std::uint64_t m = lo + k;
    return !(merged_at(run[2], len[2], run[3], len[3], r - 1 - m) < merged_at(run[0], len[0], run[1], len[1], m));
  });
  Quad4 s;
  if (!inside) {
    if (d > 0)
      for (int y = 0; y < 4; ++y) s.v[y] = grp.len[y];
    return s;
  }
  const std::uint64_t ia = merge_path(run[0], len[0], run[1], len[1], x);
  const std::uint64_t ic = merge_path(run[2], len[2], run[3], len[3], r - x);
  s.v[0] = w.lo.v[0] + ia;
  s.v[1] = w.lo.v[1] + (x - ia);
  s.v[2] = w.lo.v[2] + ic;
  s.v[3] = w.lo.v[3] + (r - x - ic);
  return s;
}

}  // namespace gsb::merge::samples
