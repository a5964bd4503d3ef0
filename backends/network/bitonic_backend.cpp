// bitonic: Batcher's bitonic sort (seed 001_*: bitonicSortShared, Batcher's theorem), for any n.
// Tiles sorted in registers + shared memory, then per stage one or two row passes over global memory (up to 9
// strides each) and one tile-local merge pass. Arbitrary n by a virtual +inf tail (network_plan.hpp).
#include <iterator>

#include "network/network_sort.hpp"
#include "gsb/backend.hpp"

namespace gsb::network {
namespace {

class Bitonic final : public Backend {
 public:
  Bitonic() {
    info_.name = "bitonic";
    info_.description = "Bitonic sorting network (flip form): register/shared tiles, fused global stages, any n";
    info_.family = "network";
    info_.key_types = {std::begin(all_key_types), std::end(all_key_types)};
    info_.value_modes = {std::begin(all_value_modes), std::end(all_value_modes)};
    info_.stable = false;
  }
  const BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const SortProblem&) const override { return 0; }  // in place in keys[0]
  int run(const SortProblem& p, const SortBuffers& b) const override { return network_sort(Network::bitonic, p, b); }

 private:
  BackendInfo info_;
};

}  // namespace
}  // namespace gsb::network

using gsb_network_bitonic = gsb::network::Bitonic;
GSB_REGISTER_BACKEND(gsb_network_bitonic);
