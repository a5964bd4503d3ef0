// Host dispatch of the sorting-network back-ends: walks the plan (network_plan.hpp) and launches one kernel
// (network_kernels.cuh) per pass on the caller's stream. Only this layer knows grids and buffers.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include <cuda_runtime.h>

#include "network/network_kernels.cuh"
#include "network/network_plan.hpp"
#include "network/network_sort.hpp"
#include "gsb/device_props.hpp"
#include "gsb/error.hpp"

namespace gsb::network {

// The block sort pass (every stage of each tile of P << R elements; odd-even merge stops at `stage`), in place on
// keys/vals: the large tile's first pass and the small tile's only one. `dependent`: launched as a programmatic
// dependent of the kernel before it on the stream (dependent_launch.cuh; every kernel here waits for it first).
template <Network Net, class Bits, class Value, int P, int R, arch::Band B>
void launch_block_sort(Bits* keys, Value* vals, std::uint64_t n, const KeyCodec<Bits>& codec, int stage, bool decode,
                       cudaStream_t stream, bool dependent = false) {
  constexpr int pair_bytes = int(sizeof(Bits)) + (has_values_v<Value> ? int(sizeof(Value)) : 0);
  constexpr int tile_log2 = R + device::block_threads_log2(P);
  constexpr std::size_t smem = device::tile_shared_bytes(tile_log2, pair_bytes);
  static_assert(smem <= std::size_t(arch::limits_of(B).shared_bytes_per_block_optin), "a tile fits a block");
  const unsigned tiles = blocks_for(n, std::uint64_t{1} << tile_log2, "network sort");
  if constexpr (Net == Network::bitonic) {
    auto kernel = device::bitonic_block_sort<Bits, Value, P, R, B>;
    set_dynamic_shared_bytes(kernel, smem, "network sort: tile");
    launch_dependent(dependent, kernel, dim3(tiles), dim3(P), smem, stream, keys, vals, n, codec, decode);
  } else {
    auto kernel = device::odd_even_block_sort<Bits, Value, P, R, B>;
    set_dynamic_shared_bytes(kernel, smem, "network sort: tile");
    launch_dependent(dependent, kernel, dim3(tiles), dim3(P), smem, stream, keys, vals, n, codec, stage, decode);
  }
}

// Enqueues the passes of `plan` (made with Policy<Bits, Value>::plan_config()); after_pass(i), when given, is
// called on the host after pass i is enqueued (the pass benchmark records an event there). `dependent`: every pass
// after the first is launched as a programmatic dependent of the one before it, so that its launch overlaps that
// pass (dependent_launch.cuh; each kernel waits for the one before it before it reads anything, and lets the next
// in only as it ends, its blocks filling the SMs as merge-samples' do); not where after_pass records events between
// the passes.
template <Network Net, class Bits, class Value, arch::Band B = arch::Band::sm90, class AfterPass>
int network_sort_plan(const Plan& plan, const SortProblem& p, const SortBuffers& b, AfterPass&& after_pass,
                      bool dependent = false) {
  using Pol = device::Policy<Bits, Value, B>;
  constexpr int P = Pol::block_threads, R = Pol::block_items_log2;
  GSB_EXPECTS(p.key_size() == sizeof(Bits), "network sort: key width mismatch for " + describe(p));
  GSB_EXPECTS(plan.config.tile_log2 == Pol::tile_log2 && plan.n == p.n &&
                  plan.config.row_min_log2 == Pol::tuning.row_min_log2,
              "network sort: plan made for another configuration");
  const std::uint64_t n = p.n;
  if (n <= 1) return 0;  // already sorted; the codec round trip is the identity
  const KeyCodec<Bits> codec = make_codec<Bits>(p.key_type, p.order);
  Bits* keys[2] = {static_cast<Bits*>(b.keys[0]), static_cast<Bits*>(b.keys[1])};
  Value* vals[2] = {static_cast<Value*>(b.values[0]), static_cast<Value*>(b.values[1])};
  int cur = 0;
  const std::uint64_t tile = std::uint64_t{1} << Pol::tile_log2;
  const unsigned tiles = blocks_for(n, tile, "network sort");
  const std::size_t smem = Pol::tile_shared_bytes();
  cudaStream_t stream = b.stream;

  for (const Pass& ps : plan.passes) {
    const bool after = dependent && &ps != plan.passes.data();  // a kernel of this sort's before it on the stream
    switch (ps.kind) {
      case PassKind::block_sort:
        launch_block_sort<Net, Bits, Value, P, R, B>(keys[cur], vals[cur], n, codec, ps.stage, ps.decode_keys, stream,
                                                     after);
        break;
      case PassKind::block_merge:
        if constexpr (Net == Network::bitonic) {
          GSB_EXPECTS(ps.top_bit == Pol::tile_log2 - 1, "network sort: block merge of " + describe(ps));
          auto kernel = device::bitonic_block_merge<Bits, Value, P, R, B>;
          set_dynamic_shared_bytes(kernel, smem, "network sort: tile");
          launch_dependent(after, kernel, dim3(tiles), dim3(P), smem, stream, keys[cur], vals[cur], n, codec,
                           ps.decode_keys);
        } else {
          throw LogicError("network sort: block merge planned for odd-even merge");
        }
        break;
      case PassKind::row_merge: {
        // S = top - bottom + 1 strided bits at bit `bottom`, rows of 2^(tile - S) elements; one block per
        // tile of the virtual 2^L array (tiles wholly in the +inf tail return at once).
        const int S = ps.top_bit - ps.bottom_bit + 1, C = Pol::tile_log2 - S;
        GSB_EXPECTS(S >= 1 && C >= Pol::tuning.row_min_log2 && C <= ps.bottom_bit,
                    "network sort: row pass does not fit the tile: " + describe(ps));
        const unsigned blocks = blocks_for(std::uint64_t{1} << (plan.log2_n - Pol::tile_log2), 1, "network sort");
        if constexpr (Net == Network::bitonic) {
          auto kernel = device::bitonic_row_merge<Bits, Value, P, R, B>;
          set_dynamic_shared_bytes(kernel, smem, "network sort: tile");
          launch_dependent(after, kernel, dim3(blocks), dim3(P), smem, stream, keys[cur], vals[cur], n, ps.bottom_bit,
                           C, ps.flip());
        } else {
          GSB_EXPECTS(ps.top_bit + 1 == ps.stage, "network sort: odd-even row pass below the top: " + describe(ps));
          auto kernel = device::odd_even_row_merge<Bits, Value, P, R, B>;
          set_dynamic_shared_bytes(kernel, smem, "network sort: tile");
          launch_dependent(after, kernel, dim3(blocks), dim3(P), smem, stream, keys[cur], vals[cur], n, ps.bottom_bit,
                           C);
        }
        break;
      }
      case PassKind::global_stride:
        if constexpr (Net == Network::odd_even_merge) {
          constexpr int items = 4;
          const std::uint64_t comparators = (n + 1) / 2;
          launch_dependent(after, device::odd_even_global_stride<Bits, Value, items>,
                           dim3(blocks_for(comparators, 256 * items, "network sort")), dim3(256), 0, stream, keys[cur],
                           vals[cur], n, comparators, ps.stage, ps.top_bit);
        } else {
          throw LogicError("network sort: global stride pass planned for bitonic");
        }
        break;
      case PassKind::halo_merge:
        if constexpr (Net == Network::odd_even_merge) {
          auto kernel = device::odd_even_halo_merge<Bits, Value, P, R, B>;
          set_dynamic_shared_bytes(kernel, smem, "network sort: tile");
          const unsigned blocks = blocks_for(n, halo_window(plan.config), "network sort");
          launch_dependent(after, kernel, dim3(blocks), dim3(P), smem, stream, keys[cur], vals[cur], keys[1 - cur],
                           vals[1 - cur], n, codec, ps.stage, ps.top_bit, plan.config.halo_log2, ps.decode_keys);
          cur = 1 - cur;
        } else {
          throw LogicError("network sort: halo merge planned for bitonic");
        }
        break;
    }
    after_pass(std::size_t(&ps - plan.passes.data()));
  }
  return cur;
}

// Small n (network_plan.hpp's small tile): one block sort of 128 threads x 16, one launch. The block sort of the
// large tile costs its whole tile whatever n (bitonic: every stage of 8192 elements, 16 us at n = 100 on an H200;
// odd-even merge: its stages to 2^L on 512 threads). The plan is the planner's for that tile: one block_sort pass.
template <Network Net, class Bits, class Value, arch::Band B>
int network_sort_small(const SortProblem& p, const SortBuffers& b) {
  constexpr int P = 1 << small_tile_threads_log2, R = small_tile_items_log2;
  const Plan plan = make_plan(Net, p.n, small_plan_config());
  GSB_EXPECTS(plan.passes.size() == 1 && plan.passes[0].kind == PassKind::block_sort && plan.passes[0].decode_keys,
              "network sort: n=" + std::to_string(p.n) + " is more than one small tile");
  const Pass& ps = plan.passes[0];
  launch_block_sort<Net, Bits, Value, P, R, B>(static_cast<Bits*>(b.keys[0]), static_cast<Value*>(b.values[0]), p.n,
                                               make_codec<Bits>(p.key_type, p.order), ps.stage, true, b.stream);
  return 0;
}

template <Network Net, class Bits, class Value>
int network_sort(const SortProblem& p, const SortBuffers& b) {
  return arch::dispatch_band(policy_band(), [&](auto band) {
    constexpr arch::Band B = decltype(band)::value;
    if (p.n <= 1) return 0;  // already sorted; the codec round trip is the identity
    if (p.n <= (std::uint64_t{1} << small_tile_log2)) return network_sort_small<Net, Bits, Value, B>(p, b);
    const Plan plan = make_plan(Net, p.n, device::Policy<Bits, Value, B>::plan_config());
    return network_sort_plan<Net, Bits, Value, B>(plan, p, b, [](std::size_t) {}, true);
  });
}

template <Network Net, class Bits, class Value>
std::uint64_t network_tile_items() {
  return arch::dispatch_band(policy_band(), [](auto band) {
    return std::uint64_t{1} << device::Policy<Bits, Value, decltype(band)::value>::tile_log2;
  });
}

}  // namespace gsb::network

// Explicit instantiations of one network and key width for every value type.
#define GSB_NETWORK_INSTANTIATE(NET, BITS)                                                                       \
  template int gsb::network::network_sort<gsb::network::Network::NET, BITS, gsb::NoValue>(                      \
      const gsb::SortProblem&, const gsb::SortBuffers&);                                                         \
  template int gsb::network::network_sort<gsb::network::Network::NET, BITS, std::uint32_t>(                     \
      const gsb::SortProblem&, const gsb::SortBuffers&);                                                         \
  template int gsb::network::network_sort<gsb::network::Network::NET, BITS, std::uint64_t>(                     \
      const gsb::SortProblem&, const gsb::SortBuffers&);                                                         \
  template std::uint64_t gsb::network::network_tile_items<gsb::network::Network::NET, BITS, gsb::NoValue>();    \
  template std::uint64_t gsb::network::network_tile_items<gsb::network::Network::NET, BITS, std::uint32_t>();   \
  template std::uint64_t gsb::network::network_tile_items<gsb::network::Network::NET, BITS, std::uint64_t>();
