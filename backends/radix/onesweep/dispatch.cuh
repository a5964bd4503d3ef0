// Host dispatch of the `radix` back-end (see onesweep.hpp for the design and the paper): the LSD passes of one key
// width and value type (OnesweepSort) and its explicit instantiations. The layers below it: policy.cuh (the
// tuning per band), pass.cuh (one digit pass), histogram.cuh (the up-front histograms and the digit arithmetic).
//
// Ideas taken from Onesweep and CUB's agent_radix_sort_onesweep.cuh, written anew here:
//  - tiles are numbered in the order blocks start (an atomic counter), so a tile only ever waits for tiles that
//    are already running: the chained scan cannot deadlock whatever the block scheduler does;
//  - a tile publishes its digit counts ("partial") as soon as it has ranked its keys, before it looks back, and
//    its inclusive prefix ("inclusive") right after, so successors rarely wait;
//  - keys are ranked by warp-level multisplit: each warp finds the lanes holding the same digit with one
//    ballot per digit bit and keeps a per-warp digit histogram in shared memory (Ashkiani et al., 2017).
// Differences: the lookback words carry a launch stamp, so the table is cleared once per 7 launches rather
// than before every pass; passes whose digit is constant are skipped on the device, keeping the host free of
// any synchronisation (pass_plan.hpp explains how the result still lands in the half announced by run()).
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstdint>
#include <string>
#include <vector>

#include "gsb/dependent_launch.cuh"
#include "gsb/device_props.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"
#include "radix/onesweep/counting.cuh"
#include "radix/onesweep/onesweep.hpp"
#include "radix/onesweep/policy.cuh"
#include "radix/onesweep/small.cuh"

namespace gsb::radix::onesweep {

// ---- host dispatch -----------------------------------------------------------------------------------------

// Sizes at which a sort changes shape (sorted, distinct; tile_items), with `size` added.
inline std::vector<std::uint64_t> with_size(std::vector<std::uint64_t> sizes, std::uint64_t size) {
  const auto at = std::lower_bound(sizes.begin(), sizes.end(), size);
  if (at == sizes.end() || *at != size) sizes.insert(at, size);
  return sizes;
}

template <class Bits, class Value, class P>
struct OnesweepSort {
  static constexpr int RadixBits = P::radix_bits;
  static constexpr int Threads = P::threads;
  using D = Digits<Bits, RadixBits>;
  using VT = std::conditional_t<has_values_v<Value>, Value, NoValue>;
  using S = PassShape<Bits, VT, RadixBits, Threads, P::items, P::shared_values>;
  static_assert(S::shared_bytes <= static_cast<std::size_t>(arch::limits_of(P::band).shared_bytes_per_block_optin),
                "one block's shared memory on the policy's band");

  // Inputs of up to this many keys take the one-block path (small.cuh) instead of the passes.
  static constexpr std::uint64_t small_items =
      small_capacity<Bits, VT>(arch::limits_of(P::band).shared_bytes_per_block_optin);
  // The sizes at which the sort changes shape: the one-block path's shapes and its largest input, a pass's tile.
  static std::vector<std::uint64_t> tiles() {
    std::vector<std::uint64_t> t;
    for_small_shapes<Bits, VT>([&](auto shape) {
      if (decltype(shape)::capacity <= small_items) t.push_back(decltype(shape)::capacity);
      return false;
    });
    t.push_back(S::tile);
    std::sort(t.begin(), t.end());
    t.erase(std::unique(t.begin(), t.end()), t.end());
    return t;
  }

  static std::uint64_t portion_items() { return onesweep::portion_items(S::tile); }
  struct Layout {
    std::uint64_t* counts;            // [passes][radix]
    unsigned long long* skippable;    // one word
    unsigned* tile_counters;          // [launches]
    unsigned* status;                 // [status_banks][tiles of a portion][radix]
    std::uint64_t* bins;              // [portions][passes][radix]
    std::size_t clear_bytes;          // counts, skippable, counters and status are contiguous: one memset
    std::size_t status_bytes;         // one bank's
    std::size_t bytes;
  };
  // Two banks of status rows where one sort of a portion takes more launches than a bank's stamps (8-byte keys' 8
  // passes), so that such a sort clears none between its passes (stamp_launch).
  static constexpr int status_banks = D::passes > stamps_per_clear ? 2 : 1;

  static Layout layout(std::uint64_t n, void* temp) {
    const std::uint64_t portions = std::max<std::uint64_t>(1, ceil_div(n, portion_items()));
    const std::uint64_t tiles = ceil_div(std::min(n, portion_items()), static_cast<std::uint64_t>(S::tile));
    TempLayout t(temp);
    Layout l;
    l.counts = t.take<std::uint64_t>(static_cast<std::size_t>(D::passes) * D::radix);
    l.skippable = t.take<unsigned long long>(1);
    l.tile_counters = t.take<unsigned>(portions * D::passes);
    const std::size_t before_status = (t.bytes() + TempLayout::alignment - 1) / TempLayout::alignment *
                                      TempLayout::alignment;
    l.status = t.take<unsigned>(std::max<std::uint64_t>(tiles, 1) * D::radix * status_banks);
    l.status_bytes = (t.bytes() - before_status) / status_banks;
    l.clear_bytes = t.bytes();
    l.bins = t.take<std::uint64_t>(portions * D::passes * D::radix);
    l.bytes = t.bytes();
    return l;
  }

  static std::size_t temp_bytes(const SortProblem& p) { return layout(p.n, nullptr).bytes; }

  static auto pass_kernel_of() { return pass_kernel<Bits, VT, P>; }

  static int sort(const SortProblem& p, const SortBuffers& b) {
    const std::uint64_t n = p.n;
    const int result = result_half(D::passes);
    if (n == 0) return result;
    if (small_sort<Bits, VT>(p, b, arch::limits_of(P::band).shared_bytes_per_block_optin)) return 0;
    const Layout l = layout(n, b.temp);
    GSB_EXPECTS(l.bytes <= b.temp_bytes, "radix: temp of " + std::to_string(b.temp_bytes) + " bytes, needs " +
                                             std::to_string(l.bytes));
    const KeyCodec<Bits> codec = make_codec<Bits>(p.key_type, p.order);
    const DeviceProps& dev = current_device_props();

    GSB_CUDA_TRY(cudaMemsetAsync(b.temp, 0, l.clear_bytes, b.stream));
    launch_digit_histograms<Bits, RadixBits>(static_cast<const Bits*>(b.keys[0]), n, codec, l.counts, b.stream);
    launch_dependent(true, bins_kernel<Bits, RadixBits>, dim3(D::passes), dim3(256), 0, b.stream, l.counts, n, l.bins,
                     l.skippable);

    auto pass = pass_kernel_of();
    set_dynamic_shared_bytes(pass, S::shared_bytes, "radix: digit pass");
    PassParams<Bits, VT> prm{};
    prm.keys[0] = static_cast<Bits*>(b.keys[0]);
    prm.keys[1] = static_cast<Bits*>(b.keys[1]);
    prm.values[0] = static_cast<VT*>(b.values[0]);
    prm.values[1] = static_cast<VT*>(b.values[1]);
    prm.num_passes = D::passes;
    prm.codec = codec;
    prm.skippable = l.skippable;
    prm.prefetch_ahead = prefetch_distance(resident_blocks_per_sm(pass, Threads, S::shared_bytes), dev.sm_count,
                                           P::prefetch_waves_per_8, has_values_v<Value>, dev.dram_bytes_per_s);
    const std::uint64_t portion = portion_items();
    const std::uint64_t portions = ceil_div(n, portion);
    std::uint64_t launch = 0;
    for (int q = 0; q < D::passes; ++q) {
      for (std::uint64_t r = 0; r < portions; ++r, ++launch) {
        // (the memset above clears every bank for its first turn)
        const bool cleared =
            stamp_launch(prm, launch, l.tile_counters, l.status, l.status_bytes, b.stream, status_banks);
        prm.offset = r * portion;
        prm.num_items = static_cast<unsigned>(std::min(portion, n - prm.offset));
        prm.pass = q;
        prm.bins_in = l.bins + (r * D::passes + q) * D::radix;
        prm.bins_out = r + 1 < portions ? l.bins + ((r + 1) * D::passes + q) * D::radix : nullptr;
        const unsigned tiles = static_cast<unsigned>(ceil_div<std::uint64_t>(prm.num_items, S::tile));
        // A dependent of the kernel before it (the bins kernel or the previous launch), unless a bank was cleared.
        launch_dependent(!cleared, pass, dim3(tiles), dim3(Threads), S::shared_bytes, b.stream, prm, NoSegments{});
      }
    }
    return result;
  }
};

// 1- and 2-byte keys (hybrid.cuh sorts 4- and 8-byte ones): without values they take the counting sort
// (counting.cuh) beyond the one-block path, where the band and the device hold its histogram; everything else the
// LSD passes. lsd_only (`radix-lsd`): the LSD passes always.
template <class Bits, class Value, arch::Band B>
struct KeySort {
  using Lsd = OnesweepSort<Bits, Value, typename PolicyFor<Bits, Value, B>::type>;
  static_assert(sizeof(Bits) <= 2, "4- and 8-byte keys: HybridSort (hybrid.cuh)");
  static constexpr bool counting =
      !has_values_v<Value> && counting_fits<Bits>(arch::limits_of(B).shared_bytes_per_block_optin);
  using Counting = CountingSort<Bits>;

  // Where the sort changes shape: the LSD passes' (one-block shapes, a pass's tile) and where the counting sort
  // takes over.
  static std::vector<std::uint64_t> tiles() {
    return counting ? with_size(Lsd::tiles(), counting_min_items<Bits>()) : Lsd::tiles();
  }

  static std::size_t temp_bytes(const SortProblem& p) {
    return counting ? std::max(Lsd::temp_bytes(p), Counting::temp_bytes(p.n)) : Lsd::temp_bytes(p);
  }
  static int sort(const SortProblem& p, const SortBuffers& b, bool lsd_only) {
    if constexpr (counting) {
      if (!lsd_only && p.n > Lsd::small_items && Counting::applies(p.n)) return Counting::sort(p, b);
    }
    return Lsd::sort(p, b);
  }
};

}  // namespace gsb::radix::onesweep

// The instantiations that the back-end uses for one key width and value type (4- and 8-byte keys are instantiated
// with the hybrid path, hybrid.cuh).
#define GSB_RADIX_ONESWEEP_INSTANTIATE(BITS, VALUE)                                                    \
  template <>                                                                                         \
  std::vector<std::uint64_t> tile_items<BITS, VALUE>() {                                              \
    return arch::dispatch_band(policy_band(),                                                         \
                               [](auto band) { return KeySort<BITS, VALUE, decltype(band)::value>::tiles(); }); \
  }                                                                                                   \
  template <>                                                                                         \
  std::size_t temp_bytes<BITS, VALUE>(const SortProblem& p) {                                         \
    return arch::dispatch_band(policy_band(),                                                         \
                               [&](auto band) { return KeySort<BITS, VALUE, decltype(band)::value>::temp_bytes(p); }); \
  }                                                                                                   \
  template <>                                                                                         \
  int sort<BITS, VALUE>(const SortProblem& p, const SortBuffers& b, bool lsd_only) {                  \
    return arch::dispatch_band(policy_band(), [&](auto band) {                                        \
      return KeySort<BITS, VALUE, decltype(band)::value>::sort(p, b, lsd_only);                       \
    });                                                                                               \
  }

// `radix` for one key width, every value type (generated per width by backends/radix/CMakeLists.txt; 32- and 64-bit
// keys take GSB_RADIX_HYBRID_INSTANTIATE_KEY in hybrid.cuh instead).
#define GSB_RADIX_ONESWEEP_INSTANTIATE_KEY(BITS)                \
  namespace gsb::radix::onesweep {                              \
  GSB_RADIX_ONESWEEP_INSTANTIATE(BITS, NoValue)                 \
  GSB_RADIX_ONESWEEP_INSTANTIATE(BITS, std::uint32_t)           \
  GSB_RADIX_ONESWEEP_INSTANTIATE(BITS, std::uint64_t)           \
  }
