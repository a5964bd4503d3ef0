// sample-multi: sample sort of one array spread over G GPUs (seed 004 §13.8), over NCCL.
//
// One run, per GPU g (rank g), shard g resident in input(g):
//   1. splitters  sample s (encoded key, global index) pairs per GPU (stratified), all-gather them, choose
//                 B-1 = G*k-1 splitters as sample quantiles on the host; upload them with a prefix table.
//   2. partition  one pass: every element into its bucket's room planned from the samples (tiles reordered
//                 by bucket in shared memory, one atomic reservation per tile and bucket), counts all-
//                 gathered; kept buckets land in the part's landing buffer, the others in a send buffer
//                 ordered by destination. A room too small falls back to counting first (per bucket and
//                 block, scan, all-gather), then scattering into the exact layout.
//   3. exchange   k rounds of ncclSend/ncclRecv in a group, round j carrying sub-range j of every part.
//   4. sort       sub-range j is sorted (CUB radix, bits [0, end_bit) from its splitters) on the main stream
//                 as soon as round j has landed, while round j+1 is on the wire: the exchange hides behind
//                 the sorts. The sub-ranges are disjoint key ranges in order, so the sorted part needs no
//                 merge. Keys travel encoded (KeyCodec) and are decoded at the end unless the codec is the
//                 identity (unsigned ascending).
// Ties are split by global index, so no GPU receives "all the equal keys". The element order inside a
// bucket after the scatter is arbitrary, so the result is not stable.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "gsb/dispatch.hpp"
#include "gsb/multi_gpu.hpp"

namespace gsb::multi {

class Communicator;

// Knobs read once per case (environment: device experiments, and tests of the counting path):
// GSB_SAMPLE_MULTI_SUBRANGES (k, sub-ranges per GPU) and GSB_SAMPLE_MULTI_ONEPASS (0 or 1).
struct Knobs {
  int subranges = 0;            // 0: the default
  bool one_pass = true;         // GSB_SAMPLE_MULTI_ONEPASS=0: count first (the one-pass fallback) instead of
                                // rooms planned from samples
};
Knobs knobs_from_env();

template <class Bits, class Value>
std::unique_ptr<MultiGpuSort> make_sample_multi(const SortProblem& p, const std::vector<int>& devices,
                                                const Knobs& knobs);
template <class Bits, class Value>
std::vector<std::uint64_t> sample_multi_device_bytes(const SortProblem& p, int gpus, const Knobs& knobs);

#define GSB_SAMPLE_MULTI_DECLARE(B, V)                                                                      \
  extern template std::unique_ptr<MultiGpuSort> make_sample_multi<B, V>(const SortProblem&, const std::vector<int>&, \
                                                                        const Knobs&);                      \
  extern template std::vector<std::uint64_t> sample_multi_device_bytes<B, V>(const SortProblem&, int, const Knobs&);
GSB_SAMPLE_MULTI_DECLARE(std::uint32_t, NoValue)
GSB_SAMPLE_MULTI_DECLARE(std::uint32_t, std::uint32_t)
GSB_SAMPLE_MULTI_DECLARE(std::uint32_t, std::uint64_t)
GSB_SAMPLE_MULTI_DECLARE(std::uint64_t, NoValue)
GSB_SAMPLE_MULTI_DECLARE(std::uint64_t, std::uint32_t)
GSB_SAMPLE_MULTI_DECLARE(std::uint64_t, std::uint64_t)
#undef GSB_SAMPLE_MULTI_DECLARE

}  // namespace gsb::multi
