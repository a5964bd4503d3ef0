// `radix`: the fastest LSD radix sort of the ladder (onesweep.hpp): every key type through the shared
// KeyCodec, keys-only and key-value (u32, u64 values), both orders, stable, n limited only by memory.
// `radix-d11` is the same sort with 11-bit digits for 4- and 8-byte keys; `radix-d11-t512x12` and
// `radix-d11-t256x20m3` are shapes of it for 32-bit keys without values; `radix-aor` and `radix-d11-aor` rank
// by atomic OR (measurement rungs, NOTES.md).
#include <string>
#include <utility>

#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"
#include "radix/onesweep/onesweep.hpp"

namespace {

using gsb::radix::onesweep::Variant;

template <Variant V>
class Radix : public gsb::Backend {
 public:
  Radix() {
    info_.family = "radix";
    info_.stable = true;
    // Inputs beyond one lookback portion (2^27 - 1 keys) are sorted portion by portion in each pass;
    // all offsets are 64-bit, so only memory bounds n.
    info_.max_n = gsb::no_n_limit;
    if constexpr (V == Variant::d8 || V == Variant::d11 || V == Variant::d8_aor || V == Variant::d11_aor) {
      info_.key_types.assign(std::begin(gsb::all_key_types), std::end(gsb::all_key_types));
      info_.value_modes.assign(std::begin(gsb::all_value_modes), std::end(gsb::all_value_modes));
    } else {
      info_.key_types = {gsb::KeyType::u32, gsb::KeyType::i32, gsb::KeyType::f32};
      info_.value_modes = {gsb::ValueMode::none};
    }
    switch (V) {
      case Variant::d8:
        info_.name = "radix";
        info_.description = "LSD radix after Onesweep: up-front histograms, chained-scan digit passes, "
                            "warp-level ranking, constant-digit passes skipped";
        break;
      case Variant::d11:
        info_.name = "radix-d11";
        info_.description = "radix with 11-bit digits (3 passes for 32-bit keys), packed 16-bit counters";
        break;
      case Variant::d8_aor:
        info_.name = "radix-aor";
        info_.description = "radix, keys ranked by atomic OR on per-warp lane masks instead of digit-bit ballots";
        break;
      case Variant::d11_aor:
        info_.name = "radix-d11-aor";
        info_.description = "radix-d11, low 8 digit bits ranked by atomic OR, the top 3 by ballots";
        break;
      case Variant::d11_t512x12:
        info_.name = "radix-d11-t512x12";
        info_.description = "radix-d11, 512 threads x 12 keys per tile (32-bit keys only)";
        break;
      case Variant::d11_t256x20m3:
        info_.name = "radix-d11-t256x20m3";
        info_.description = "radix-d11, 256 threads x 20 keys, 3 blocks per SM (32-bit keys only)";
        break;
    }
  }
  const gsb::BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const gsb::SortProblem& p) const override {
    return gsb::dispatch_problem(p, [&](auto kb, auto vb) {
      return gsb::radix::onesweep::temp_bytes<typename decltype(kb)::type, typename decltype(vb)::type>(p, V);
    });
  }
  int run(const gsb::SortProblem& p, const gsb::SortBuffers& b) const override {
    return gsb::dispatch_problem(p, [&](auto kb, auto vb) {
      return gsb::radix::onesweep::sort<typename decltype(kb)::type, typename decltype(vb)::type>(p, b, V);
    });
  }

 private:
  gsb::BackendInfo info_;
};

using RadixD8 = Radix<Variant::d8>;
using RadixD11 = Radix<Variant::d11>;
using RadixD8Aor = Radix<Variant::d8_aor>;
using RadixD11Aor = Radix<Variant::d11_aor>;
using RadixD11T512x12 = Radix<Variant::d11_t512x12>;
using RadixD11T256x20m3 = Radix<Variant::d11_t256x20m3>;

}  // namespace

GSB_REGISTER_BACKEND(RadixD8);
GSB_REGISTER_BACKEND(RadixD11);
GSB_REGISTER_BACKEND(RadixD8Aor);
GSB_REGISTER_BACKEND(RadixD11Aor);
GSB_REGISTER_BACKEND(RadixD11T512x12);
GSB_REGISTER_BACKEND(RadixD11T256x20m3);
