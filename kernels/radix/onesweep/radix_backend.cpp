// `radix`: the fastest LSD radix sort of the ladder (onesweep.hpp): every key type through the shared
// KeyCodec, keys-only and key-value (u32, u64 values), both orders, stable, n limited only by memory.
// The candidates that lost on the device (11-bit digits, atomic-OR ranking, tile shapes) are recorded in
// NOTES.md and were removed.
#include <iterator>

#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"
#include "radix/onesweep/onesweep.hpp"

namespace {

class Radix : public gsb::Backend {
 public:
  Radix() {
    info_.name = "radix";
    info_.family = "radix";
    info_.description = "LSD radix after Onesweep: up-front histograms, chained-scan digit passes, "
                        "warp-level ranking, constant-digit passes skipped";
    info_.stable = true;
    // Inputs beyond one lookback portion (2^27 - 1 keys) are sorted portion by portion in each pass;
    // all offsets are 64-bit, so only memory bounds n.
    info_.max_n = gsb::no_n_limit;
    info_.key_types.assign(std::begin(gsb::all_key_types), std::end(gsb::all_key_types));
    info_.value_modes.assign(std::begin(gsb::all_value_modes), std::end(gsb::all_value_modes));
  }
  const gsb::BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const gsb::SortProblem& p) const override {
    return gsb::dispatch_problem(p, [&](auto kb, auto vb) {
      return gsb::radix::onesweep::temp_bytes<typename decltype(kb)::type, typename decltype(vb)::type>(p);
    });
  }
  int run(const gsb::SortProblem& p, const gsb::SortBuffers& b) const override {
    return gsb::dispatch_problem(p, [&](auto kb, auto vb) {
      return gsb::radix::onesweep::sort<typename decltype(kb)::type, typename decltype(vb)::type>(p, b);
    });
  }

 private:
  gsb::BackendInfo info_;
};

}  // namespace

GSB_REGISTER_BACKEND(Radix);
