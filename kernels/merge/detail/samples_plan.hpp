// The index arithmetic of one merge pass of merge-samples (CUDA samples' mergeSort, seed 000_*), kept apart
// from the kernels and __host__ __device__ so the host tests can run a whole pass on the CPU.
//
// A pass merges pairs of sorted runs of `width` keys: segment s is A = [2 s width, +width) and B = the next
// width keys (either may be short or empty at the end of the array). Every stride-th key of A and of B is a
// sample. A sample's rank in the other run (generateSampleRanks) fixes where it lands in the merged segment;
// sorting all samples of a segment by that landing place (mergeRanksAndIndices) gives the limits: pairs
// (start in A, start in B) that cut the segment into elementary intervals, each holding at most `stride` keys
// of A and at most `stride` of B, which one block merges (mergeElementaryIntervals).
//
// Differs from the samples: the samples find a sample's slot among the limits with a second binary search
// over the other run's ranks (mergeRanksAndIndices kernel). The slot is also i + ceil(rank / stride): the
// number of the other run's samples that precede it is the number of sample positions j * stride below its
// rank (for A samples: B[j stride] < A[i stride] iff j stride < rankB; for B samples likewise with <=). So one
// kernel computes ranks and writes limits directly, and a pass is two launches instead of three.
// All positions are 64-bit: runs and n may exceed 2^32.
#pragma once

#include <cstdint>

#include "common/merge_path.hpp"

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

// A pass over runs of `width` keys with samples every `stride` keys (both powers of two).
GSB_HD int log2_exact(std::uint64_t x) {
  int l = 0;
  while ((std::uint64_t{1} << l) < x) ++l;
  return l;
}
GSB_HD PassGeometry make_pass(std::uint64_t n, std::uint64_t width, std::uint64_t stride) {
  return PassGeometry{n, log2_exact(width), log2_exact(stride)};
}

// Rank the sample handled by slot `t` of the pass (t < slots(); thread t of the rank kernel) and write its
// limit pair (positions relative to A's and B's starts). Slots past a short segment's samples do nothing.
template <class Key>
GSB_HD void place_sample(const Key* src, const PassGeometry& g, std::uint64_t t, std::uint64_t* limit_a,
                         std::uint64_t* limit_b) {
  const std::uint64_t per_seg = g.slots_per_segment();
  const std::uint64_t s = t >> g.log2_slots_per_segment(), local = t & (per_seg - 1);
  const Segment seg = g.segment(s);
  const Key* a = src + seg.base;
  const Key* b = a + seg.len_a;
  std::uint64_t pos_a, pos_b, i;
  if (local < g.samples_per_run()) {  // sample i of A: after the B keys < it
    i = local;
    pos_a = i << g.log2_stride;
    if (pos_a >= seg.len_a) return;
    pos_b = rank_exclusive(b, seg.len_b, a[pos_a]);
    i += g.samples(pos_b);
  } else {                            // sample j of B: after the A keys <= it
    i = local - g.samples_per_run();
    pos_b = i << g.log2_stride;
    if (pos_b >= seg.len_b) return;
    pos_a = rank_inclusive(a, seg.len_a, b[pos_b]);
    i += g.samples(pos_a);
  }
  limit_a[s * per_seg + i] = pos_a;
  limit_b[s * per_seg + i] = pos_b;
}

// The elementary interval of slot k: its keys of A and of B (absolute indices) and where its output starts.
struct Interval {
  std::uint64_t a_begin = 0, b_begin = 0, out_begin = 0;
  std::uint32_t a_len = 0, b_len = 0;  // each at most stride
  bool valid = false;
};

GSB_HD Interval elementary_interval(const PassGeometry& g, std::uint64_t k, const std::uint64_t* limit_a,
                                           const std::uint64_t* limit_b) {
  Interval iv;
  const std::uint64_t s = k >> g.log2_slots_per_segment(), local = k & (g.slots_per_segment() - 1);
  const Segment seg = g.segment(s);
  const std::uint64_t count = g.samples(seg.len_a) + g.samples(seg.len_b);
  if (local >= count) return iv;
  const std::uint64_t start_a = limit_a[k], start_b = limit_b[k];
  const bool last = local + 1 == count;
  const std::uint64_t end_a = last ? seg.len_a : limit_a[k + 1];
  const std::uint64_t end_b = last ? seg.len_b : limit_b[k + 1];
  iv.a_begin = seg.base + start_a;
  iv.b_begin = seg.base + seg.len_a + start_b;
  iv.out_begin = seg.base + start_a + start_b;
  iv.a_len = static_cast<std::uint32_t>(end_a - start_a);
  iv.b_len = static_cast<std::uint32_t>(end_b - start_b);
  iv.valid = true;
  return iv;
}

}  // namespace gsb::merge::samples
