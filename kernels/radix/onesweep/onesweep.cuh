// Kernels and host dispatch of the `radix` back-end (see onesweep.hpp for the design and the paper).
//
// Ideas taken from Onesweep and CUB's agent_radix_sort_onesweep.cuh, written anew here:
//  - tiles are numbered in the order blocks start (an atomic counter), so a tile only ever waits for tiles that
//    are already running: the chained scan cannot deadlock whatever the block scheduler does;
//  - a tile publishes its digit counts ("partial") as soon as it has ranked its keys, before it looks back, and
//    its inclusive prefix ("inclusive") right after, so successors rarely wait;
//  - keys are ranked by warp-level multisplit: each warp finds the lanes holding the same digit with one
//    ballot per digit bit and keeps a per-warp digit histogram in shared memory (Ashkiani et al., 2017).
// Differences: the lookback words carry a launch stamp, so the table is cleared once per 15 launches rather
// than before every pass; passes whose digit is constant are skipped on the device, keeping the host free of
// any synchronisation (pass_plan.hpp explains how the result still lands in the half announced by run()).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "common/device_props.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"
#include "radix/common/pass_plan.hpp"
#include "radix/common/radix_common.cuh"
#include "radix/onesweep/onesweep.hpp"

namespace gsb::radix::onesweep {

inline constexpr unsigned status_inclusive = 1u << status_count_bits;
inline constexpr unsigned status_count_mask = status_inclusive - 1;
inline constexpr int status_stamp_shift = status_count_bits + 1;
static_assert(status_stamp_shift + 4 == 32, "4-bit stamp");

inline constexpr int histogram_threads = 256;
inline constexpr int histogram_items = 16;

template <class Bits, int RadixBits>
struct Digits {
  static constexpr int key_bits = 8 * sizeof(Bits);
  static constexpr int radix = 1 << RadixBits;
  static constexpr int passes = (key_bits + RadixBits - 1) / RadixBits;
  static_assert(passes <= 63, "pass bit sets are 64-bit");
  __host__ __device__ static constexpr int shift(int pass) { return pass * RadixBits; }
  __host__ __device__ static constexpr int width(int pass) {
    return key_bits - pass * RadixBits < RadixBits ? key_bits - pass * RadixBits : RadixBits;
  }
};

// ---- up-front histograms of every pass ---------------------------------------------------------------------

// counts[pass * radix + digit] += keys with that digit, over every pass, in one read of the keys.
template <class Bits, int RadixBits>
__global__ void __launch_bounds__(histogram_threads)
    histogram_kernel(const Bits* keys, std::uint64_t n, KeyCodec<Bits> codec, std::uint64_t* counts) {
  using D = Digits<Bits, RadixBits>;
  extern __shared__ unsigned s_hist[];  // [passes][radix]
  for (int i = threadIdx.x; i < D::passes * D::radix; i += histogram_threads) s_hist[i] = 0;
  __syncthreads();
  constexpr std::uint64_t chunk = static_cast<std::uint64_t>(histogram_threads) * histogram_items;
  for (std::uint64_t base = blockIdx.x * chunk; base < n; base += static_cast<std::uint64_t>(gridDim.x) * chunk) {
    Bits k[histogram_items];
#pragma unroll
    for (int u = 0; u < histogram_items; ++u) {
      const std::uint64_t i = base + static_cast<std::uint64_t>(u) * histogram_threads + threadIdx.x;
      k[u] = i < n ? codec.encode(keys[i]) : Bits{0};
    }
#pragma unroll
    for (int u = 0; u < histogram_items; ++u) {
      const std::uint64_t i = base + static_cast<std::uint64_t>(u) * histogram_threads + threadIdx.x;
      if (i < n) {
#pragma unroll
        for (int p = 0; p < D::passes; ++p)
          atomicAdd(&s_hist[p * D::radix + digit_of(k[u], D::shift(p), D::width(p))], 1u);
      }
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < D::passes * D::radix; i += histogram_threads) {
    const unsigned c = s_hist[i];
    if (c != 0) atomicAdd(reinterpret_cast<unsigned long long*>(&counts[i]), static_cast<unsigned long long>(c));
  }
}

// One block per pass: the exclusive sum of the pass's digit counts (the first portion's global digit starts),
// and the pass marked skippable when one digit holds every key.
template <class Bits, int RadixBits>
__global__ void __launch_bounds__(256)
    bins_kernel(const std::uint64_t* counts, std::uint64_t n, std::uint64_t* bins, unsigned long long* skippable) {
  using D = Digits<Bits, RadixBits>;
  constexpr int per_thread = (D::radix + 255) / 256;
  __shared__ std::uint64_t warp_sums[32];
  const int pass = blockIdx.x;
  std::uint64_t c[per_thread];
  std::uint64_t sum = 0;
  bool all_in_one = false;
#pragma unroll
  for (int b = 0; b < per_thread; ++b) {
    const int d = threadIdx.x * per_thread + b;
    c[b] = d < D::radix ? counts[pass * D::radix + d] : 0;
    sum += c[b];
    all_in_one |= c[b] == n;
  }
  std::uint64_t total;
  std::uint64_t run = block_exclusive_sum<std::uint64_t, 256>(sum, warp_sums, &total);
#pragma unroll
  for (int b = 0; b < per_thread; ++b) {
    const int d = threadIdx.x * per_thread + b;
    if (d < D::radix) bins[pass * D::radix + d] = run;
    run += c[b];
  }
  if (__syncthreads_or(all_in_one) && threadIdx.x == 0) atomicOr(skippable, 1ull << pass);
}

// ---- one digit pass ----------------------------------------------------------------------------------------

template <class Bits, class Value>
struct PassParams {
  Bits* keys[2];
  Value* values[2];          // unused (NoValue) for keys-only sorts
  std::uint64_t offset;      // first item of this portion
  unsigned num_items;        // items in this portion
  int pass;
  int num_passes;
  KeyCodec<Bits> codec;
  const unsigned long long* skippable;
  const std::uint64_t* bins_in;  // this portion's digit starts
  std::uint64_t* bins_out;       // next portion's digit starts (written by the last tile), or null
  unsigned* status;              // lookback table: [tile][digit]
  unsigned stamp;                // 1..15
  unsigned* tile_counter;
};

template <class Bits, class Value, int RadixBits, int Threads, int Items>
struct PassShape {
  static constexpr int radix = 1 << RadixBits;
  static constexpr int warps = Threads / 32;
  static constexpr int tile = Threads * Items;
  static constexpr int bins_per_thread = (radix + Threads - 1) / Threads;  // digits owned by one thread
  static constexpr bool with_values = has_values_v<Value>;
  static constexpr std::size_t key_bytes = sizeof(Bits) * tile;
  static constexpr std::size_t value_bytes = with_values ? sizeof(Value) * tile : 0;
  static constexpr std::size_t hist_bytes = sizeof(std::uint16_t) * warps * radix;
  static constexpr std::size_t union_bytes =
      (std::max({key_bytes, value_bytes, hist_bytes}) + 15) / 16 * 16;
  static constexpr std::size_t local_start_offset = union_bytes;
  static constexpr std::size_t base_offset = local_start_offset + (sizeof(unsigned) * radix + 15) / 16 * 16;
  static constexpr std::size_t tile_id_offset = base_offset + sizeof(std::uint64_t) * radix;
  static constexpr std::size_t shared_bytes = tile_id_offset + 16;
  static_assert(tile < 65536, "per-warp digit counts are 16-bit");
  static_assert(Threads % 32 == 0, "whole warps");
};

// The lanes of the warp whose digit equals this lane's: one ballot per digit bit (warp-level multisplit).
template <int RadixBits>
__device__ __forceinline__ unsigned same_digit_lanes(unsigned digit) {
  unsigned peers = full_warp;
#pragma unroll
  for (int b = 0; b < RadixBits; ++b) {
    const bool set = (digit >> b) & 1u;
    const unsigned ballot = __ballot_sync(full_warp, set);
    peers &= set ? ballot : ~ballot;
  }
  return peers;
}

__device__ __forceinline__ unsigned load_status(const unsigned* p) {
  unsigned v;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_status(unsigned* p, unsigned v) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

template <class Bits, class Value, int RadixBits, int Threads, int Items>
__global__ void __launch_bounds__(Threads, 2) pass_kernel(const PassParams<Bits, Value> prm) {
  using S = PassShape<Bits, Value, RadixBits, Threads, Items>;
  constexpr int radix = S::radix;
  extern __shared__ __align__(16) unsigned char smem[];
  Bits* s_keys = reinterpret_cast<Bits*>(smem);
  Value* s_values = reinterpret_cast<Value*>(smem);
  std::uint16_t* s_hist = reinterpret_cast<std::uint16_t*>(smem);  // [warps][radix]
  unsigned* s_local_start = reinterpret_cast<unsigned*>(smem + S::local_start_offset);
  std::uint64_t* s_base = reinterpret_cast<std::uint64_t*>(smem + S::base_offset);
  unsigned* s_tile = reinterpret_cast<unsigned*>(smem + S::tile_id_offset);

  // Which passes run is decided on the device from the histograms (pass_plan.hpp); the block is uniform.
  const std::uint64_t run_set = passes_to_run(*prm.skippable, prm.num_passes);
  const PassRole role = pass_role(run_set, prm.pass);
  if (!role.run) return;
  const KeyCodec<Bits> codec_in = role.first ? prm.codec : KeyCodec<Bits>{};
  const KeyCodec<Bits> codec_out = role.last ? prm.codec : KeyCodec<Bits>{};
  // Select with ?: rather than a run-time index, which would copy the parameter arrays to local memory.
  const bool from1 = role.src_half == 1;
  const Bits* keys_in = (from1 ? prm.keys[1] : prm.keys[0]) + prm.offset;
  Bits* keys_out = from1 ? prm.keys[0] : prm.keys[1];
  const int shift = prm.pass * RadixBits;
  const int width = Digits<Bits, RadixBits>::width(prm.pass);

  if (threadIdx.x == 0) *s_tile = atomicAdd(prm.tile_counter, 1u);
  const unsigned warp = threadIdx.x / 32;
  const unsigned lane = lane_id();
  // Zero this warp's digit counts while the tile number arrives.
  for (int d = lane; d < radix; d += 32) s_hist[warp * radix + d] = 0;
  __syncthreads();
  const unsigned tile = *s_tile;
  const std::uint64_t tile_base = static_cast<std::uint64_t>(tile) * S::tile;
  const int valid = prm.num_items - tile_base < static_cast<std::uint64_t>(S::tile)
                        ? static_cast<int>(prm.num_items - tile_base)
                        : S::tile;

  // Load warp-striped: warp w owns items [w * 32 * Items, (w + 1) * 32 * Items) of the tile, and lane l item
  // u * 32 + l of that range, so (warp, u, lane) is input order (stability) and each load is coalesced.
  // A partial tile is padded with the largest key: it ranks last, after every real key of the top digit.
  const int warp_first = static_cast<int>(warp) * 32 * Items + static_cast<int>(lane);
  Bits keys[Items];
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int i = warp_first + u * 32;
    keys[u] = i < valid ? codec_in.encode(keys_in[tile_base + i]) : static_cast<Bits>(~Bits{0});
  }
  std::conditional_t<S::with_values, Value, char> values[Items];
  if constexpr (S::with_values) {
    const Value* values_in = (from1 ? prm.values[1] : prm.values[0]) + prm.offset;
#pragma unroll
    for (int u = 0; u < Items; ++u) {
      const int i = warp_first + u * 32;
      if (i < valid) values[u] = values_in[tile_base + i];
    }
  }

  // Rank within the warp: peers with the same digit, in lane order, after the warp's earlier items.
  std::uint16_t* my_hist = s_hist + warp * radix;
  std::uint16_t warp_rank[Items];
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const unsigned d = digit_of(keys[u], shift, width);
    const unsigned peers = same_digit_lanes<RadixBits>(d);
    const unsigned before = my_hist[d];
    warp_rank[u] = static_cast<std::uint16_t>(before + __popc(peers & lanemask_lt()));
    __syncwarp();
    if (lane == 31u - __clz(peers)) my_hist[d] = static_cast<std::uint16_t>(before + __popc(peers));
    __syncwarp();
  }
  __syncthreads();

  // Per digit: exclusive prefix over warps (in place) and the tile's count; thread t owns digits
  // [t * bins_per_thread, (t + 1) * bins_per_thread).
  unsigned count[S::bins_per_thread];
  unsigned thread_total = 0;
#pragma unroll
  for (int b = 0; b < S::bins_per_thread; ++b) {
    const int d = threadIdx.x * S::bins_per_thread + b;
    unsigned sum = 0;
    if (d < radix) {
#pragma unroll
      for (int w = 0; w < S::warps; ++w) {
        const unsigned c = s_hist[w * radix + d];
        s_hist[w * radix + d] = static_cast<std::uint16_t>(sum);
        sum += c;
      }
    }
    count[b] = sum;
    thread_total += sum;
  }
  // Publish this tile's counts at once (padding removed from the top digit), so successors can look back
  // past us; tile 0 has no predecessor and publishes its inclusive prefix directly.
  const unsigned pad = S::tile - valid;
  const unsigned top_digit = (1u << width) - 1u;
  unsigned* my_status = prm.status + static_cast<std::uint64_t>(tile) * radix;
  const unsigned stamp = prm.stamp << status_stamp_shift;
#pragma unroll
  for (int b = 0; b < S::bins_per_thread; ++b) {
    const int d = threadIdx.x * S::bins_per_thread + b;
    if (d < radix) {
      const unsigned c = count[b] - (static_cast<unsigned>(d) == top_digit ? pad : 0u);
      store_status(my_status + d, stamp | (tile == 0 ? status_inclusive : 0u) | c);
    }
  }
  // Where each digit starts inside the tile.
  {
    __shared__ unsigned warp_sums[32];
    unsigned total;
    unsigned start = block_exclusive_sum<unsigned, Threads>(thread_total, warp_sums, &total);
#pragma unroll
    for (int b = 0; b < S::bins_per_thread; ++b) {
      const int d = threadIdx.x * S::bins_per_thread + b;
      if (d < radix) s_local_start[d] = start;
      start += count[b];
    }
  }
  // Decoupled look-back, one digit per thread and step: add predecessors' counts until one is inclusive.
#pragma unroll
  for (int b = 0; b < S::bins_per_thread; ++b) {
    const int d = threadIdx.x * S::bins_per_thread + b;
    if (d < radix) {
      const unsigned c = count[b] - (static_cast<unsigned>(d) == top_digit ? pad : 0u);
      unsigned before = 0;
      if (tile > 0) {
        for (unsigned j = tile - 1;; --j) {
          const unsigned* p = prm.status + static_cast<std::uint64_t>(j) * radix + d;
          unsigned v;
          do {
            v = load_status(p);
          } while ((v >> status_stamp_shift) != prm.stamp);
          before += v & status_count_mask;
          if (v & status_inclusive) break;
        }
        store_status(my_status + d, stamp | status_inclusive | (before + c));
      }
      const std::uint64_t start = prm.bins_in[d] + before;
      // s_base[d] + (position in the tile) is the output index (bins_in are global, across portions); the local
      // start is subtracted here, modulo 2^64.
      s_base[d] = start - s_local_start[d];
      if (prm.bins_out != nullptr && tile_base + S::tile >= prm.num_items) prm.bins_out[d] = start + c;
    }
  }
  __syncthreads();

  // Rank in the tile = digit start + earlier warps' count of the digit + rank in the warp.
  std::uint16_t rank[Items];
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const unsigned d = digit_of(keys[u], shift, width);
    rank[u] = static_cast<std::uint16_t>(s_local_start[d] + s_hist[warp * radix + d] + warp_rank[u]);
  }
  __syncthreads();  // s_hist is about to be overwritten by the keys
#pragma unroll
  for (int u = 0; u < Items; ++u) s_keys[rank[u]] = keys[u];
  __syncthreads();

  // Scatter in tile order: consecutive threads write consecutive keys of a digit's run.
  unsigned digit_at[Items];
#pragma unroll
  for (int u = 0; u < Items; ++u) {
    const int i = u * Threads + threadIdx.x;
    const Bits k = s_keys[i];
    digit_at[u] = digit_of(k, shift, width);
    if (i < valid) keys_out[s_base[digit_at[u]] + i] = codec_out.decode(k);
  }
  if constexpr (S::with_values) {
    Value* values_out = from1 ? prm.values[0] : prm.values[1];
    __syncthreads();
#pragma unroll
    for (int u = 0; u < Items; ++u) s_values[rank[u]] = values[u];
    __syncthreads();
#pragma unroll
    for (int u = 0; u < Items; ++u) {
      const int i = u * Threads + threadIdx.x;
      if (i < valid) values_out[s_base[digit_at[u]] + i] = s_values[i];
    }
  } else {
    (void)values;
  }
}

// ---- tuning ------------------------------------------------------------------------------------------------

// Digit width, threads and keys per thread of the pass kernel, per key width and value type (plain data).
template <class Bits, class Value>
struct Tuning {
  static constexpr int radix_bits = 8;
  static constexpr int threads = 384;
  static constexpr int value_size = has_values_v<Value> ? static_cast<int>(sizeof(Value)) : 0;
  // Keys and values live in registers from load to scatter: fewer per thread as they widen (no spills at the
  // 80-register cap of two 384-thread blocks per multiprocessor).
  static constexpr int items = value_size == 0 ? (sizeof(Bits) <= 4 ? 20 : 16)
                               : value_size == 4 && sizeof(Bits) <= 4 ? 16
                                                                      : 12;
};

// ---- host dispatch -----------------------------------------------------------------------------------------

template <class Bits, class Value, int RadixBits, int Threads, int Items>
struct OnesweepSort {
  using D = Digits<Bits, RadixBits>;
  using S = PassShape<Bits, Value, RadixBits, Threads, Items>;
  using VT = std::conditional_t<has_values_v<Value>, Value, NoValue>;

  static std::uint64_t portion_items() { return max_portion_items / S::tile * S::tile; }

  struct Layout {
    std::uint64_t* counts;            // [passes][radix]
    unsigned long long* skippable;    // one word
    unsigned* tile_counters;          // [launches]
    std::uint64_t* bins;              // [portions][passes][radix]
    unsigned* status;                 // [tiles of a portion][radix]
    std::size_t clear_bytes;          // counts, skippable and counters are contiguous: one memset
    std::size_t status_bytes;
    std::size_t bytes;
  };

  static Layout layout(std::uint64_t n, void* temp) {
    const std::uint64_t portions = std::max<std::uint64_t>(1, ceil_div(n, portion_items()));
    const std::uint64_t tiles = ceil_div(std::min(n, portion_items()), static_cast<std::uint64_t>(S::tile));
    TempLayout t(temp);
    Layout l;
    l.counts = t.take<std::uint64_t>(static_cast<std::size_t>(D::passes) * D::radix);
    l.skippable = t.take<unsigned long long>(1);
    l.tile_counters = t.take<unsigned>(portions * D::passes);
    l.clear_bytes = t.bytes();
    l.bins = t.take<std::uint64_t>(portions * D::passes * D::radix);
    const std::size_t before_status = (t.bytes() + TempLayout::alignment - 1) / TempLayout::alignment *
                                      TempLayout::alignment;
    l.status = t.take<unsigned>(std::max<std::uint64_t>(tiles, 1) * D::radix);
    l.status_bytes = t.bytes() - before_status;
    l.bytes = t.bytes();
    return l;
  }

  static std::size_t temp_bytes(const SortProblem& p) { return layout(p.n, nullptr).bytes; }

  static int sort(const SortProblem& p, const SortBuffers& b) {
    const std::uint64_t n = p.n;
    const int result = result_half(D::passes);
    if (n == 0) return result;
    const Layout l = layout(n, b.temp);
    GSB_EXPECTS(l.bytes <= b.temp_bytes, "radix: temp of " + std::to_string(b.temp_bytes) + " bytes, needs " +
                                             std::to_string(l.bytes));
    const KeyCodec<Bits> codec = make_codec<Bits>(p.key_type, p.order);
    const DeviceProps& dev = current_device_props();

    GSB_CUDA_TRY(cudaMemsetAsync(b.temp, 0, l.clear_bytes, b.stream));
    const std::size_t hist_smem = sizeof(unsigned) * D::passes * D::radix;
    auto hist = histogram_kernel<Bits, RadixBits>;
    if (hist_smem > 48 * 1024)
      GSB_CUDA_TRY(cudaFuncSetAttribute(hist, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        static_cast<int>(hist_smem)));
    const std::uint64_t chunk = static_cast<std::uint64_t>(histogram_threads) * histogram_items;
    const unsigned hist_blocks = static_cast<unsigned>(
        std::min<std::uint64_t>(ceil_div(n, chunk), static_cast<std::uint64_t>(dev.sm_count) * 4));
    hist<<<hist_blocks, histogram_threads, hist_smem, b.stream>>>(static_cast<const Bits*>(b.keys[0]), n, codec,
                                                                    l.counts);
    GSB_CHECK_LAUNCH();
    bins_kernel<Bits, RadixBits><<<D::passes, 256, 0, b.stream>>>(l.counts, n, l.bins, l.skippable);
    GSB_CHECK_LAUNCH();

    auto pass = pass_kernel<Bits, VT, RadixBits, Threads, Items>;
    GSB_CUDA_TRY(cudaFuncSetAttribute(pass, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                      static_cast<int>(S::shared_bytes)));
    PassParams<Bits, VT> prm{};
    prm.keys[0] = static_cast<Bits*>(b.keys[0]);
    prm.keys[1] = static_cast<Bits*>(b.keys[1]);
    prm.values[0] = static_cast<VT*>(b.values[0]);
    prm.values[1] = static_cast<VT*>(b.values[1]);
    prm.num_passes = D::passes;
    prm.codec = codec;
    prm.skippable = l.skippable;
    const std::uint64_t portion = portion_items();
    const std::uint64_t portions = ceil_div(n, portion);
    std::uint64_t launch = 0;
    for (int q = 0; q < D::passes; ++q) {
      for (std::uint64_t r = 0; r < portions; ++r, ++launch) {
        if (launch % stamps_per_clear == 0) GSB_CUDA_TRY(cudaMemsetAsync(l.status, 0, l.status_bytes, b.stream));
        prm.offset = r * portion;
        prm.num_items = static_cast<unsigned>(std::min(portion, n - prm.offset));
        prm.pass = q;
        prm.bins_in = l.bins + (r * D::passes + q) * D::radix;
        prm.bins_out = r + 1 < portions ? l.bins + ((r + 1) * D::passes + q) * D::radix : nullptr;
        prm.status = l.status;
        prm.stamp = static_cast<unsigned>(launch % stamps_per_clear) + 1;
        prm.tile_counter = l.tile_counters + launch;
        const unsigned tiles = static_cast<unsigned>(ceil_div<std::uint64_t>(prm.num_items, S::tile));
        pass<<<tiles, Threads, S::shared_bytes, b.stream>>>(prm);
        GSB_CHECK_LAUNCH();
      }
    }
    return result;
  }
};

}  // namespace gsb::radix::onesweep

// The instantiation that the back-end uses for one key width and value type.
#define GSB_RADIX_ONESWEEP_INSTANTIATE(BITS, VALUE)                                                        \
  template <>                                                                                             \
  PassTuning pass_tuning<BITS, VALUE>() {                                                                 \
    using T = Tuning<BITS, VALUE>;                                                                        \
    return {T::radix_bits, T::threads, T::items};                                                         \
  }                                                                                                       \
  template <>                                                                                             \
  std::size_t temp_bytes<BITS, VALUE>(const SortProblem& p) {                                             \
    using T = Tuning<BITS, VALUE>;                                                                        \
    return OnesweepSort<BITS, VALUE, T::radix_bits, T::threads, T::items>::temp_bytes(p);                \
  }                                                                                                       \
  template <>                                                                                             \
  int sort<BITS, VALUE>(const SortProblem& p, const SortBuffers& b) {                                     \
    using T = Tuning<BITS, VALUE>;                                                                        \
    return OnesweepSort<BITS, VALUE, T::radix_bits, T::threads, T::items>::sort(p, b);                    \
  }
