// The binary searches every merge back-end shares: ranks of a key in a sorted run and the merge-path split
// (Green, McColl & Bader, "GPU Merge Path", 2012; moderngpu's merge_path), plus a serial stable merge.
// Everything is __host__ __device__ so it is unit-tested on the CPU (tests/merge/merge_path_test.cpp).
//
// Stability convention, used everywhere: when merging run A (earlier in the input) with run B (later),
// equal keys take A's first. In rank terms (the CUDA samples' binarySearchExclusive / Inclusive):
//   an A element lands after the B elements strictly less than it      -> rank_exclusive (lower bound)
//   a  B element lands after the A elements less than or equal to it   -> rank_inclusive (upper bound)
// Index is the type of lengths and positions: std::uint64_t for global memory, a 32-bit type in shared memory.
// A run is anything indexable with [] (a pointer, or a view of a padded shared-memory array).
#pragma once

#include <cstdint>
#include <type_traits>

#include "gsb/dispatch.hpp"   // NoValue, has_values_v
#include "gsb/key_codec.hpp"  // GSB_HD

namespace gsb::merge {

// Number of elements of the sorted run a[0, len) that are < key.
template <class Run, class Index, class Key>
GSB_HD Index rank_exclusive(Run a, Index len, Key key) {
  Index lo = 0, hi = len;
  while (lo < hi) {
    const Index mid = lo + (hi - lo) / 2;
    if (a[mid] < key) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// Number of elements of the sorted run a[0, len) that are <= key.
template <class Run, class Index, class Key>
GSB_HD Index rank_inclusive(Run a, Index len, Key key) {
  Index lo = 0, hi = len;
  while (lo < hi) {
    const Index mid = lo + (hi - lo) / 2;
    if (!(key < a[mid])) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// Merge path: of the first `diag` outputs of the stable merge of a[0, a_len) and b[0, b_len), how many come
// from a (the rest, diag minus that, come from b). Requires diag <= a_len + b_len. O(log min(diag, a_len)).
template <class RunA, class RunB, class Index>
GSB_HD Index merge_path(RunA a, Index a_len, RunB b, Index b_len, Index diag) {
  Index lo = diag > b_len ? diag - b_len : 0;
  Index hi = diag < a_len ? diag : a_len;
  while (lo < hi) {
    const Index mid = lo + (hi - lo) / 2;
    // a[mid] is among the first diag outputs iff it precedes b[diag - 1 - mid], i.e. a[mid] <= that key.
    if (!(b[diag - 1 - mid] < a[mid])) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// Pointer arithmetic that is a no-op for the keys-only "value" type (whose pointers are null).
template <class V, class Index>
GSB_HD V* advance(V* p, Index k) {
  if constexpr (has_values_v<std::remove_cv_t<V>>) return p + k; else return p;
}

// Key transform applied on load and on store (the KeyCodec steps, or nothing).
struct IdentityTransform {
  template <class K> GSB_HD K load(K k) const { return k; }
  template <class K> GSB_HD K store(K k) const { return k; }
};

// Serial stable merge of the first `count` outputs (count <= a_len + b_len) of a and b into out, values
// following their keys; av/bv/out_v are ignored for Value = NoValue. Keys pass through xf.load() as they are
// read (the comparison sees loaded keys) and xf.store() as they are written. One head of each run is kept in
// a register, so each step reads one new key: the loop the single-thread merges of merge-recursive,
// merge-cdp and merge-iterative spend their time in.
template <class Key, class Value, class Index, class Transform = IdentityTransform>
GSB_HD void serial_merge(const Key* a, const Value* av, Index a_len, const Key* b, const Value* bv, Index b_len,
                         Key* out, Value* out_v, Index count, Transform xf = {}) {
  Index i = 0, j = 0;
  Key ka = a_len > 0 ? xf.load(a[0]) : Key{};
  Key kb = b_len > 0 ? xf.load(b[0]) : Key{};
  for (Index k = 0; k < count; ++k) {
    const bool take_a = j >= b_len || (i < a_len && !(kb < ka));
    if (take_a) {
      out[k] = xf.store(ka);
      if constexpr (has_values_v<Value>) out_v[k] = av[i];
      ++i;
      if (i < a_len) ka = xf.load(a[i]);
    } else {
      out[k] = xf.store(kb);
      if constexpr (has_values_v<Value>) out_v[k] = bv[j];
      ++j;
      if (j < b_len) kb = xf.load(b[j]);
    }
  }
}

}  // namespace gsb::merge
