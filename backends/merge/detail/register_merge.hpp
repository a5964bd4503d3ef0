// The in-block merge step of merge-samples: a serial merge from (shared-memory) runs into a thread's
// registers. __host__ __device__ and independent of the memory layout (`keys` is any indexable accessor) so
// the host tests check it against std::merge (tests/merge/register_merge_test.cpp).
#pragma once

#include "gsb/key_codec.hpp"  // GSB_HD

namespace gsb::merge {

// Merge `count` (<= Items; all of them when Full) keys into key[], recording each key's source position in
// src[] (positions in the accessor's units; the values follow them). a: [a_pos, a_end), b: [b_pos, b_end).
// One read per key, the next key of whichever run was taken; reads may touch the slot just past a run
// (callers keep one spare), never used. Clamp keeps every read below b_end (b non-empty) for callers whose
// neighbours may be writing that slot (merge-samples' warp-synchronous tile-sort levels).
template <int Items, bool Full, bool Clamp = false, class Keys, class Key>
GSB_HD void merge_to_registers(Keys keys, int a_pos, int a_end, int b_pos, int b_end, int count,
                               Key (&key)[Items], int (&src)[Items]) {
  Key ka = keys[Clamp && a_pos >= b_end ? b_end - 1 : a_pos];
  Key kb = keys[Clamp && b_pos >= b_end ? b_end - 1 : b_pos];
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    if (Full || i < count) {
      const bool take_a = b_pos >= b_end || (a_pos < a_end && !(kb < ka));
      key[i] = take_a ? ka : kb;
      src[i] = take_a ? a_pos : b_pos;
      a_pos += take_a;
      b_pos += !take_a;
      int at = take_a ? a_pos : b_pos;
      if (Clamp) at = at < b_end ? at : b_end - 1;
      const Key next = keys[at];
      ka = take_a ? next : ka;
      kb = take_a ? kb : next;
    }
  }
}

// Two merges laid end to end: the thread's outputs [0, switch_at) from the merge of [a_pos, a_end) and [b_pos, b_end),
// the rest from the merge of [c_pos, c_end) and [d_pos, d_end), `count` (<= Items) in all; switch_at >= Items takes the
// first merge alone. Ties and reads as merge_to_registers (each run's slot just past it may be read, never used).
// merge-samples' four-way pass with values: a thread's outputs of merge(A, B) ++ merge(C, D) may straddle the two.
// Its step is merge_to_registers' written again on purpose: one step shared by both (by references into the register
// arrays) made every merge kernel 4-10 % slower on an H200 (backends/merge/NOTES.md, session 79 round 2).
template <int Items, class Keys, class Key>
GSB_HD void merge_two_to_registers(Keys keys, int a_pos, int a_end, int b_pos, int b_end, int c_pos, int c_end,
                                   int d_pos, int d_end, int switch_at, int count, Key (&key)[Items],
                                   int (&src)[Items]) {
  Key ka = keys[a_pos];
  Key kb = keys[b_pos];
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    if (i == switch_at) {
      a_pos = c_pos;
      a_end = c_end;
      b_pos = d_pos;
      b_end = d_end;
      ka = keys[a_pos];
      kb = keys[b_pos];
    }
    if (i < count) {
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

// Keys alone, where each run is followed by Items or more copies of the largest key (sentinels): `Items` outputs
// from a_pos and b_pos, with no bound checks. An exhausted run's head is a sentinel, which no real key precedes, so
// the other run's keys come first; a sentinel taken instead of an equal real largest key is the same bits (keys
// alone cannot tell equal keys apart). Reads stay below a_pos + Items and b_pos + Items, so never past a run's
// sentinels (a_pos is at most A's end). Not for values: a sentinel has no source.
template <int Items, class Keys, class Key>
GSB_HD void merge_to_registers_sentinel(Keys keys, int a_pos, int b_pos, Key (&key)[Items]) {
  Key ka = keys[a_pos];
  Key kb = keys[b_pos];
#pragma unroll
  for (int i = 0; i < Items; ++i) {
    const bool take_a = !(kb < ka);
    key[i] = take_a ? ka : kb;
    if (i + 1 < Items) {  // no read after the last output
      a_pos += take_a ? 1 : 0;
      b_pos += take_a ? 0 : 1;
      const Key next = keys[take_a ? a_pos : b_pos];
      ka = take_a ? next : ka;
      kb = take_a ? kb : next;
    }
  }
}

}  // namespace gsb::merge
