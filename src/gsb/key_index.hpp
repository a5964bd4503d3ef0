// An element as sampled splitters see it: (encoded key, input index). Ordering by both splits equal keys by
// position, so heavy duplicates spread over buckets like any other key and a stable sort stays stable across
// buckets. The same 16-byte layout on the host and the device; used by out of core's buckets
// (backends/out_of_core) and sample-multi's splitters (backends/multi).
#pragma once

#include <cstdint>
#include <vector>

#include "gsb/key_codec.hpp"  // GSB_HD

namespace gsb {

struct KeyIndex {
  std::uint64_t key = 0;    // the KeyCodec-encoded key, widened
  std::uint64_t index = 0;  // position in the input
};
GSB_HD bool key_index_less(const KeyIndex& a, const KeyIndex& b) {
  return a.key < b.key || (a.key == b.key && a.index < b.index);
}
inline bool operator<(const KeyIndex& a, const KeyIndex& b) { return key_index_less(a, b); }
inline bool operator==(const KeyIndex& a, const KeyIndex& b) { return a.key == b.key && a.index == b.index; }

// Splitters from samples, the one selection every sampled partition uses: the samples of ranks j * S / buckets
// for j = 1 .. buckets - 1 (S samples; no full sort: the ranks are selected), so bucket j gets about S / buckets
// of them. None for one bucket or no samples.
std::vector<KeyIndex> choose_splitters(std::vector<KeyIndex> samples, std::uint64_t buckets);
// The same at other quantiles (ascending, in [0, 1)): ranks q * S.
std::vector<KeyIndex> choose_splitters(std::vector<KeyIndex> samples, const std::vector<double>& quantiles);

}  // namespace gsb
