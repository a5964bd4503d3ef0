// The entry point of the sorting-network back-ends: one instantiation per network, key width and value type
// (NoValue, u32, u64), defined in network_sort.cuh and instantiated one network x key width per translation
// unit (instances/), so that the heavy kernels compile in parallel.
#pragma once

#include <cstddef>
#include <cstdint>

#include "network/network_plan.hpp"
#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"

namespace gsb::network {

// Enqueues the sort of p (keys in b.keys[0], values in b.values[0]) on b.stream; returns the half holding the
// result. Needs no temporary storage: every pass but odd-even merge's halo pass works in place.
template <Network Net, class Bits, class Value>
int network_sort(const SortProblem& p, const SortBuffers& b);
// The block tile (2^tile_log2 items) of the device's policy.
template <Network Net, class Bits, class Value>
std::uint64_t network_tile_items();

#define GSB_NETWORK_DECLARE(NET, BITS)                                                                  \
  extern template int network_sort<Network::NET, BITS, NoValue>(const SortProblem&, const SortBuffers&); \
  extern template int network_sort<Network::NET, BITS, std::uint32_t>(const SortProblem&,                \
                                                                      const SortBuffers&);               \
  extern template int network_sort<Network::NET, BITS, std::uint64_t>(const SortProblem&, const SortBuffers&); \
  extern template std::uint64_t network_tile_items<Network::NET, BITS, NoValue>();                       \
  extern template std::uint64_t network_tile_items<Network::NET, BITS, std::uint32_t>();                 \
  extern template std::uint64_t network_tile_items<Network::NET, BITS, std::uint64_t>();

GSB_NETWORK_DECLARE(bitonic, std::uint8_t)
GSB_NETWORK_DECLARE(bitonic, std::uint16_t)
GSB_NETWORK_DECLARE(bitonic, std::uint32_t)
GSB_NETWORK_DECLARE(bitonic, std::uint64_t)
GSB_NETWORK_DECLARE(odd_even_merge, std::uint8_t)
GSB_NETWORK_DECLARE(odd_even_merge, std::uint16_t)
GSB_NETWORK_DECLARE(odd_even_merge, std::uint32_t)
GSB_NETWORK_DECLARE(odd_even_merge, std::uint64_t)
#undef GSB_NETWORK_DECLARE

}  // namespace gsb::network
