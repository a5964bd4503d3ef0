// The digit pass for wide digits (11 bits: 3 passes for 32-bit keys instead of 4, 6 for 64-bit keys instead
// of 8). Included by onesweep.cuh after the 8-bit pass kernel, whose structure it follows (load, early counts,
// publish, rank into shared memory, look back, scatter). What changes with 2048 digits:
//  - per-warp digit counters would take warps x 2048 x 4 bytes; they are packed instead, two 16-bit counters
//    per word (digit d in word d mod 1024, low half for d < 1024, high half otherwise), which is exact as long
//    as a tile holds fewer than 65536 keys. Prefix sums over warps and over the block run on packed words: one
//    add serves two digits;
//  - each thread owns K consecutive counter words, that is the digits [tK, tK + K) and [1024 + tK, ...), so
//    the counter prefix, the status words (one 128-bit or 64-bit access per half) and the look-back of all of
//    its 2K digits run together: one L2 round trip per predecessor serves every digit of the thread;
//  - the packed local digit starts go to shared memory (4 KiB) rather than staying in registers across the
//    ranking, where the keys already take Items registers; the counts are differences of adjacent starts;
//  - a pass narrower than the digit (the 10-bit top pass of 32-bit keys) leaves the high halves empty and
//    skips their status words.
#pragma once

namespace gsb::radix::onesweep {

template <class Bits, class Value, int RadixBits, int Threads, int Items, int MaskBits = 0>
struct WideShape {
  static constexpr int radix = 1 << RadixBits;
  static constexpr int half = radix / 2;  // counter words per warp
  static constexpr int warps = Threads / 32;
  static constexpr int tile = Threads * Items;
  static constexpr int words_per_thread = half / Threads;  // K
  static constexpr bool with_values = has_values_v<Value>;
  static constexpr std::size_t round16(std::size_t b) { return (b + 15) / 16 * 16; }
  static constexpr std::size_t keys_offset = 0;
  static constexpr std::size_t values_offset = round16(sizeof(Bits) * tile);
  static constexpr std::size_t hist_offset = values_offset + (with_values ? round16(sizeof(Value) * tile) : 0);
  static constexpr std::size_t start_offset = hist_offset + round16(sizeof(unsigned) * warps * half);
  static constexpr std::size_t base_offset = start_offset + round16(sizeof(unsigned) * (half + 1));
  static constexpr std::size_t masks_offset = base_offset + sizeof(std::uint64_t) * radix;
  static constexpr std::size_t tile_id_offset =
      masks_offset + sizeof(unsigned) * warps * (MaskBits > 0 ? (std::size_t{1} << MaskBits) : 0);
  static constexpr std::size_t shared_bytes = tile_id_offset + 16;
  static_assert(Threads % 32 == 0, "whole warps");
  static_assert(half % Threads == 0 && (words_per_thread == 2 || words_per_thread == 4),
                "each thread owns 2 or 4 counter words (one vector access)");
  static_assert(tile < 65536, "16-bit packed counters");
};

// K consecutive 32-bit words as one vector access (K = 2 or 4; the address is K-word aligned).
template <int K>
__device__ __forceinline__ void load_words(const unsigned* p, unsigned (&w)[K]) {
  if constexpr (K == 4) {
    const uint4 v = *reinterpret_cast<const uint4*>(p);
    w[0] = v.x, w[1] = v.y, w[2] = v.z, w[3] = v.w;
  } else {
    const uint2 v = *reinterpret_cast<const uint2*>(p);
    w[0] = v.x, w[1] = v.y;
  }
}
template <int K>
__device__ __forceinline__ void store_words(unsigned* p, const unsigned (&w)[K]) {
  if constexpr (K == 4) *reinterpret_cast<uint4*>(p) = make_uint4(w[0], w[1], w[2], w[3]);
  else *reinterpret_cast<uint2*>(p) = make_uint2(w[0], w[1]);
}
// Status words: relaxed, device scope, each element single-copy atomic (a reader may see some of the K words
// of a store before others, which the look-back handles word by word).
template <int K>
__device__ __forceinline__ void load_status_words(const unsigned* p, unsigned (&w)[K]) {
  if constexpr (K == 4) {
    asm volatile("ld.relaxed.gpu.global.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3])
                 : "l"(p)
                 : "memory");
  } else {
    asm volatile("ld.relaxed.gpu.global.v2.u32 {%0, %1}, [%2];" : "=r"(w[0]), "=r"(w[1]) : "l"(p) : "memory");
  }
}
template <int K>
__device__ __forceinline__ void store_status_words(unsigned* p, const unsigned (&w)[K]) {
  if constexpr (K == 4) {
    asm volatile("st.relaxed.gpu.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(w[0]), "r"(w[1]),
                 "r"(w[2]), "r"(w[3])
                 : "memory");
  } else {
    asm volatile("st.relaxed.gpu.global.v2.u32 [%0], {%1, %2};" ::"l"(p), "r"(w[0]), "r"(w[1]) : "memory");
  }
}

template <class Bits, class Value, int RadixBits, int Threads, int Items, int MinBlocks, int MaskBits>
__global__ void __launch_bounds__(Threads, MinBlocks) wide_pass_kernel(const PassParams<Bits, Value> prm) {
  using S = WideShape<Bits, Value, RadixBits, Threads, Items, MaskBits>;
  using Peers = WarpPeers<RadixBits, MaskBits>;
  constexpr int half = S::half;
  constexpr int K = S::words_per_thread;
  constexpr int high_shift = RadixBits - 1;  // digit >> high_shift: which half of the counter word
  extern __shared__ __align__(16) unsigned char smem[];
  Bits* s_keys = reinterpret_cast<Bits*>(smem + S::keys_offset);
  Value* s_values = reinterpret_cast<Value*>(smem + S::values_offset);
  unsigned* s_hist = reinterpret_cast<unsigned*>(smem + S::hist_offset);  // [warps][half], packed pairs
  unsigned* s_start = reinterpret_cast<unsigned*>(smem + S::start_offset);  // [half + 1], packed
  std::uint64_t* s_base = reinterpret_cast<std::uint64_t*>(smem + S::base_offset);
  unsigned* s_tile = reinterpret_cast<unsigned*>(smem + S::tile_id_offset);
  unsigned* my_masks = reinterpret_cast<unsigned*>(smem + S::masks_offset) + (threadIdx.x / 32) * Peers::mask_words;

  const std::uint64_t run_set = passes_to_run(*prm.skippable, prm.num_passes);
  const PassRole role = pass_role(run_set, prm.pass);
  if (!role.run) return;
  const KeyCodec<Bits> codec_in = role.first ? prm.codec : KeyCodec<Bits>{};
  const KeyCodec<Bits> codec_out = role.last ? prm.codec : KeyCodec<Bits>{};
  const bool from1 = role.src_half == 1;
  const Bits* keys_in = (from1 ? prm.keys[1] : prm.keys[0]) + prm.offset;
  Bits* keys_out = from1 ? prm.keys[0] : prm.keys[1];
  const int shift = prm.pass * RadixBits;
  const int width = Digits<Bits, RadixBits>::width(prm.pass);
  const bool has_high = width == RadixBits;  // a narrower (top) pass uses the low halves only
  const bool encode = role.first && !prm.codec.is_identity();
  const bool decode = role.last && !prm.codec.is_identity();

  if (threadIdx.x == 0) *s_tile = atomicAdd(prm.tile_counter, 1u);
  const unsigned warp = threadIdx.x / 32;
  const unsigned lane = lane_id();
  unsigned* my_hist = s_hist + warp * half;
  for (int w = static_cast<int>(lane) * 4; w < half; w += 32 * 4) *reinterpret_cast<uint4*>(my_hist + w) = uint4{};
  for (int w = static_cast<int>(lane); w < Peers::mask_words; w += 32) my_masks[w] = 0;
  __syncthreads();
  const unsigned tile = *s_tile;
  const std::uint64_t tile_base = static_cast<std::uint64_t>(tile) * S::tile;
  const bool full = prm.num_items - tile_base >= static_cast<std::uint64_t>(S::tile);
  const int valid = full ? S::tile : static_cast<int>(prm.num_items - tile_base);

  // Warp-striped load (input order is (warp, item, lane)); a partial tile is padded with the largest key.
  const int warp_first = static_cast<int>(warp) * 32 * Items + static_cast<int>(lane);
  const Bits* warp_keys = keys_in + tile_base + warp_first;
  Bits keys[Items];
  if (full && !encode) {
#pragma unroll
    for (int u = 0; u < Items; ++u) keys[u] = warp_keys[u * 32];
  } else if (full) {
#pragma unroll
    for (int u = 0; u < Items; ++u) keys[u] = codec_in.encode(warp_keys[u * 32]);
  } else {
#pragma unroll
    for (int u = 0; u < Items; ++u)
      keys[u] = warp_first + u * 32 < valid ? codec_in.encode(warp_keys[u * 32]) : static_cast<Bits>(~Bits{0});
  }
  std::conditional_t<S::with_values, Value, char> values[Items];
  if constexpr (S::with_values) {
    const Value* warp_values = (from1 ? prm.values[1] : prm.values[0]) + prm.offset + tile_base + warp_first;
#pragma unroll
    for (int u = 0; u < Items; ++u)
      if (full || warp_first + u * 32 < valid) values[u] = warp_values[u * 32];
  }

  // Early counts into this warp's packed counters.
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const unsigned d = digit_of(keys[u], shift, width);
    atomicAdd(&my_hist[d & (half - 1)], 1u << ((d >> high_shift) * 16));
  }
  __syncthreads();

  // Thread t owns counter words [tK, tK + K): packed counts of the tile, and in s_hist the exclusive prefix
  // over warps.
  const int first_word = static_cast<int>(threadIdx.x) * K;
  unsigned count[K] = {};
#pragma unroll
  for (int w = 0; w < S::warps; ++w) {
    unsigned c[K];
    load_words<K>(s_hist + w * half + first_word, c);
    store_words<K>(s_hist + w * half + first_word, count);
#pragma unroll
    for (int b = 0; b < K; ++b) count[b] += c[b];
  }
  unsigned thread_total = 0;
#pragma unroll
  for (int b = 0; b < K; ++b) thread_total += count[b];

  // Publish this tile's counts (padding removed from the top digit); tile 0 publishes its inclusive prefix.
  const unsigned pad = S::tile - valid;
  const unsigned top_digit = (1u << width) - 1u;
  unsigned* my_status = prm.status + static_cast<std::uint64_t>(tile) * S::radix;
  const unsigned stamp = prm.stamp << status_stamp_shift;
  // This tile's count of each owned digit, padding removed (packed counts: low and high digit of word w).
  auto digit_counts = [&](const unsigned (&packed)[K], unsigned (&c_lo)[K], unsigned (&c_hi)[K]) {
#pragma unroll
    for (int b = 0; b < K; ++b) {
      const unsigned d_lo = static_cast<unsigned>(first_word + b);
      c_lo[b] = (packed[b] & 0xffffu) - (d_lo == top_digit ? pad : 0u);
      c_hi[b] = (packed[b] >> 16) - (d_lo + half == top_digit ? pad : 0u);
    }
  };
  {
    const unsigned flag0 = stamp | (tile == 0 ? status_inclusive : 0u);
    unsigned c_lo[K], c_hi[K], w[K];
    digit_counts(count, c_lo, c_hi);
#pragma unroll
    for (int b = 0; b < K; ++b) w[b] = flag0 | c_lo[b];
    store_status_words<K>(my_status + first_word, w);
    if (has_high) {
#pragma unroll
      for (int b = 0; b < K; ++b) w[b] = flag0 | c_hi[b];
      store_status_words<K>(my_status + half + first_word, w);
    }
  }

  // Digit starts inside the tile: one block scan of the packed totals gives both halves' prefixes; the high
  // digits come after every low digit. Each warp's counters become its next rank per digit.
  {
    __shared__ unsigned warp_sums[32];
    unsigned total;
    const unsigned prefix = block_exclusive_sum<unsigned, Threads>(thread_total, warp_sums, &total);
    unsigned start = prefix + ((total & 0xffffu) << 16);
    unsigned local_start[K];  // packed
#pragma unroll
    for (int b = 0; b < K; ++b) {
      local_start[b] = start;
      start += count[b];
    }
    store_words<K>(s_start + first_word, local_start);
    // After the last word: the low half ends where the high half starts, the high half at the tile's end.
    if (threadIdx.x == Threads - 1) s_start[half] = (total & 0xffffu) | (static_cast<unsigned>(S::tile) << 16);
#pragma unroll
    for (int w = 0; w < S::warps; ++w) {
      unsigned c[K];
      load_words<K>(s_hist + w * half + first_word, c);
#pragma unroll
      for (int b = 0; b < K; ++b) c[b] += local_start[b];
      store_words<K>(s_hist + w * half + first_word, c);
    }
  }
  __syncthreads();

  // Rank (warp-level multisplit over all RadixBits bits) and place in shared memory.
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const unsigned d = digit_of(keys[u], shift, width);
    Peers finder;
    const unsigned peers = finder.find(d, my_masks);
    const int leader = 31 - __clz(peers);
    const unsigned hs = (d >> high_shift) * 16;
    unsigned first = 0;
    if (static_cast<int>(lane) == leader)
      first = atomicAdd(&my_hist[d & (half - 1)], static_cast<unsigned>(__popc(peers)) << hs) >> hs;
    first = __shfl_sync(full_warp, first, leader) & 0xffffu;
    finder.release();
    const unsigned rank = first + __popc(peers & lanemask_lt());
    s_keys[rank] = keys[u];
    if constexpr (S::with_values) s_values[rank] = values[u];
  }

  // This thread's local starts and counts back from shared memory (count = next start - start, per half).
  unsigned local_start[K], c_lo[K], c_hi[K];
  {
    unsigned next[K];
    load_words<K>(s_start + first_word, local_start);
#pragma unroll
    for (int b = 0; b + 1 < K; ++b) next[b] = local_start[b + 1];
    next[K - 1] = s_start[first_word + K];
#pragma unroll
    for (int b = 0; b < K; ++b) next[b] -= local_start[b];
    digit_counts(next, c_lo, c_hi);
  }

  // Decoupled look-back for the thread's 2K digits at once: one vector load per half per predecessor; a word
  // is done when a predecessor's word carries an inclusive prefix.
  unsigned before_lo[K] = {}, before_hi[K] = {};
  if (tile > 0) {
    constexpr unsigned all = (1u << (2 * K)) - 1u;
    unsigned done = has_high ? 0u : all & ~((1u << K) - 1u);  // bits [0, K): low words, [K, 2K): high
    for (unsigned j = tile - 1;; --j) {
      const unsigned* st = prm.status + static_cast<std::uint64_t>(j) * S::radix + first_word;
      unsigned lo[K], hi[K];
      unsigned ready;
      do {
        ready = done;
        load_status_words<K>(st, lo);
        if (has_high) load_status_words<K>(st + half, hi);
#pragma unroll
        for (int b = 0; b < K; ++b) {
          ready |= ((lo[b] >> status_stamp_shift) == prm.stamp ? 1u : 0u) << b;
          if (has_high) ready |= ((hi[b] >> status_stamp_shift) == prm.stamp ? 1u : 0u) << (K + b);
        }
      } while (ready != all);
#pragma unroll
      for (int b = 0; b < K; ++b) {
        if (!((done >> b) & 1u)) {
          before_lo[b] += lo[b] & status_count_mask;
          if (lo[b] & status_inclusive) done |= 1u << b;
        }
        if (has_high && !((done >> (K + b)) & 1u)) {
          before_hi[b] += hi[b] & status_count_mask;
          if (hi[b] & status_inclusive) done |= 1u << (K + b);
        }
      }
      if (done == all) break;
    }
    unsigned w[K];
#pragma unroll
    for (int b = 0; b < K; ++b) w[b] = stamp | status_inclusive | (before_lo[b] + c_lo[b]);
    store_status_words<K>(my_status + first_word, w);
    if (has_high) {
#pragma unroll
      for (int b = 0; b < K; ++b) w[b] = stamp | status_inclusive | (before_hi[b] + c_hi[b]);
      store_status_words<K>(my_status + half + first_word, w);
    }
  }
  // Output base of each digit (set_scatter_base: s_base[d] + position in the tile = output index or address).
  const bool last_tile = prm.bins_out != nullptr && tile_base + S::tile >= prm.num_items;
#pragma unroll
  for (int b = 0; b < K; ++b) {
    const int d_lo = first_word + b;
    const std::uint64_t start_lo = prm.bins_in[d_lo] + before_lo[b];
    set_scatter_base<Bits, S::with_values>(s_base, d_lo, prm.narrow_index, keys_out,
                                           start_lo - (local_start[b] & 0xffffu));
    if (last_tile) prm.bins_out[d_lo] = start_lo + c_lo[b];
    if (has_high) {
      const int d_hi = d_lo + half;
      const std::uint64_t start_hi = prm.bins_in[d_hi] + before_hi[b];
      set_scatter_base<Bits, S::with_values>(s_base, d_hi, prm.narrow_index, keys_out,
                                             start_hi - (local_start[b] >> 16));
      if (last_tile) prm.bins_out[d_hi] = start_hi + c_hi[b];
    }
  }
  __syncthreads();

  // Scatter in tile order.
  Value* values_out = nullptr;
  if constexpr (S::with_values) values_out = from1 ? prm.values[0] : prm.values[1];
  scatter_tile<Bits, Value, Threads, Items, S::with_values>(s_keys, s_values, s_base, prm.narrow_index, shift, width,
                                                             full, decode, valid, codec_out, keys_out, values_out);
  (void)values;
}

}  // namespace gsb::radix::onesweep
