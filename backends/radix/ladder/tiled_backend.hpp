// The back-end class shared by the tiled ladder rungs: one sort (ladder.cuh), three rungs told apart by their
// radix width and keys per thread (PMPP §13.4: 1 bit, 1 key; §13.5: r bits; §13.6: r bits, several keys).
#pragma once

#include <string>
#include <utility>

#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"
#include "radix/ladder/ladder.hpp"

namespace gsb::radix {

class TiledLadderBackend : public Backend {
 public:
  TiledLadderBackend(std::string name, std::string description, int radix_bits, int items_per_thread)
      : radix_bits_(radix_bits), items_per_thread_(items_per_thread) {
    info_.name = std::move(name);
    info_.description = std::move(description);
    info_.family = "radix";
    info_.key_types.assign(std::begin(all_key_types), std::end(all_key_types));
    info_.value_modes.assign(std::begin(all_value_modes), std::end(all_value_modes));
    info_.stable = true;  // every 1-bit split keeps the order of equal bits
    // One block per tile and a 1-D grid; 64-bit offsets everywhere else. Temp is 8 B per bucket per block.
    info_.max_n = 0x7fffffffull * static_cast<std::uint64_t>(tiled_threads) * items_per_thread;
    info_.max_n_reason = "one block per tile in a grid of at most 2^31-1 blocks";
  }
  const BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const SortProblem& p) const override {
    return tiled_temp_bytes(p, radix_bits_, items_per_thread_);
  }
  int run(const SortProblem& p, const SortBuffers& b) const override {
    return dispatch_problem(p, [&](auto kb, auto vb) {
      using Bits = typename decltype(kb)::type;
      using Value = typename decltype(vb)::type;
      return tiled_sort<Bits, Value>(p, b, radix_bits_, items_per_thread_);
    });
  }

 private:
  BackendInfo info_;
  int radix_bits_;
  int items_per_thread_;
};

}  // namespace gsb::radix
