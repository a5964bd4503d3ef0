// The in-block merge step of merge-samples: a serial merge from (shared-memory) runs into a thread's
// registers. __host__ __device__ and independent of the memory layout (`keys` is any indexable accessor) so
// the host tests check it against std::merge (tests/merge/register_merge_test.cpp).
#pragma once

#include "gsb/key_codec.hpp"  // GSB_HD

namespace gsb::merge {

// Merge `count` (<= Items; all of them when Full) keys into key[], recording each key's source position in
// src[] (positions in the accessor's units; the values follow them). a: [a_pos, a_end), b: [b_pos, b_end).
// One read per key, the next key of whichever run was taken; reads may touch the slot just past a run
// (callers keep one spare), never used.
template <int Items, bool Full, class Keys, class Key>
GSB_HD void merge_to_registers(Keys keys, int a_pos, int a_end, int b_pos, int b_end, int count,
                               Key (&key)[Items], int (&src)[Items]) {
  Key ka = keys[a_pos];
  Key kb = keys[b_pos];
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    if (Full || i < count) {
      const bool take_a = b_pos >= b_end || (a_pos < a_end && !(kb < ka));
      key[i] = take_a ? ka : kb;
      src[i] = take_a ? a_pos : b_pos;
      a_pos += take_a;
      b_pos += !take_a;
      const Key next = keys[take_a ? a_pos : b_pos];
      ka = take_a ? next : ka;
      kb = take_a ? kb : next;
    }
  }
}

// The same for exactly Items keys, as two independent halves interleaved step by step: outputs
// [0, Items/2) start at (a_pos, b_pos), outputs [Items/2, Items) at (a_mid, b_mid), the merge-path split of
// the second half. Each step's read depends on the previous step's comparison, so one chain is a string of
// shared-memory latencies; two chains halve the string (ILP 2) for one extra merge-path search.
template <int Items, class Keys, class Key>
GSB_HD void merge_to_registers_x2(Keys keys, int a_pos, int b_pos, int a_mid, int b_mid, int a_end, int b_end,
                                  Key (&key)[Items], int (&src)[Items]) {
  static_assert(Items % 2 == 0, "two equal halves");
  constexpr int H = Items / 2;
  int a1 = a_mid, b1 = b_mid;
  Key ka0 = keys[a_pos], kb0 = keys[b_pos];
  Key ka1 = keys[a1], kb1 = keys[b1];
#pragma unroll
  for (int i = 0; i < H; ++i) {
    const bool t0 = b_pos >= b_end || (a_pos < a_end && !(kb0 < ka0));
    const bool t1 = b1 >= b_end || (a1 < a_end && !(kb1 < ka1));
    key[i] = t0 ? ka0 : kb0;
    key[H + i] = t1 ? ka1 : kb1;
    src[i] = t0 ? a_pos : b_pos;
    src[H + i] = t1 ? a1 : b1;
    a_pos += t0;
    b_pos += !t0;
    a1 += t1;
    b1 += !t1;
    const Key n0 = keys[t0 ? a_pos : b_pos];
    const Key n1 = keys[t1 ? a1 : b1];
    ka0 = t0 ? n0 : ka0;
    kb0 = t0 ? kb0 : n0;
    ka1 = t1 ? n1 : ka1;
    kb1 = t1 ? kb1 : n1;
  }
}

}  // namespace gsb::merge
