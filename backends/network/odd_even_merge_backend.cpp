// odd-even-merge: Batcher's odd-even merge sort (seed 004_* §13.8), on the bitonic back-end's stage machinery:
// tiles in registers + shared memory, each stage's top strides (up to 9) in one row pass, the middle
// strides one pass each, the low strides in one haloed shared-memory pass. Any n (network_plan.hpp).
#include <iterator>

#include "network/network_sort.hpp"
#include "gsb/backend.hpp"

namespace gsb::network {
namespace {

class OddEvenMerge final : public Backend {
 public:
  OddEvenMerge() {
    info_.name = "odd-even-merge";
    info_.description = "Batcher's odd-even merge sort network: register classes, haloed tile merges, any n";
    info_.family = "network";
    info_.key_types = {std::begin(all_key_types), std::end(all_key_types)};
    info_.value_modes = {std::begin(all_value_modes), std::end(all_value_modes)};
    info_.stable = false;
  }
  const BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const SortProblem&) const override { return 0; }  // halo passes ping-pong the halves
  int run(const SortProblem& p, const SortBuffers& b) const override {
    return network_sort(Network::odd_even_merge, p, b);
  }

 private:
  BackendInfo info_;
};

}  // namespace
}  // namespace gsb::network

using gsb_network_odd_even_merge = gsb::network::OddEvenMerge;
GSB_REGISTER_BACKEND(gsb_network_odd_even_merge);
