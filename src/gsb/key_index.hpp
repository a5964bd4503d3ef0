// An element as sampled splitters see it: (encoded key, input index). Ordering by both splits equal keys by
// position, so heavy duplicates spread over buckets like any other key and a stable sort stays stable across
// buckets. The same 16-byte layout on the host and the device; used by out of core's buckets
// (backends/out_of_core) and sample-multi's splitters (backends/multi).
#pragma once

#include <cstdint>

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

}  // namespace gsb
