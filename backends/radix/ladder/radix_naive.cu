// radix-naive (PMPP §13.3): one bit per pass, one key per thread; each thread finds its key's destination from
// a global exclusive scan of the bits and writes it there directly (uncoalesced).
#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"
#include "radix/ladder/ladder.cuh"

namespace gsb::radix {
namespace {

class RadixNaive : public Backend {
 public:
  RadixNaive() {
    info_.name = "radix-naive";
    info_.description = "LSD radix, 1 bit/pass, global scan of the bits, direct scatter (PMPP 13.3)";
    info_.family = "radix";
    info_.key_types.assign(std::begin(all_key_types), std::end(all_key_types));
    info_.value_modes.assign(std::begin(all_value_modes), std::end(all_value_modes));
    info_.stable = true;
    info_.max_n = 0x7fffffffull * naive_threads;
    info_.max_n_reason = "one key per thread in a grid of at most 2^31-1 blocks";
  }
  const BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const SortProblem& p) const override { return naive_temp_bytes(p); }
  int run(const SortProblem& p, const SortBuffers& b) const override {
    return dispatch_problem(p, [&](auto kb, auto vb) {
      return naive_sort<typename decltype(kb)::type, typename decltype(vb)::type>(p, b);
    });
  }

 private:
  BackendInfo info_;
};

}  // namespace
}  // namespace gsb::radix

using RadixNaiveBackend = gsb::radix::RadixNaive;
GSB_REGISTER_BACKEND(RadixNaiveBackend);
