// radix-multibit (PMPP §13.5): r bits per pass, one key per thread. The command line selects back-ends by name
// only, so each r is its own name: radix-multibit-r1 ... -r8 sweep the trade-off of §13.5 (fewer passes
// against more, smaller buckets per block and a larger table to scan); radix-multibit is r = 4.
#include <string>

#include "radix/ladder/tiled_backend.hpp"

namespace gsb::radix {
namespace {
// R = 0: the default width, under the plain name.
template <int R>
struct RadixMultibit {
  static constexpr int radix_bits = R == 0 ? 4 : R;
  static constexpr int items_per_thread = 1;
  static std::string name() { return R == 0 ? "radix-multibit" : "radix-multibit-r" + std::to_string(R); }
  static std::string description() {
    return "LSD radix, r = " + std::to_string(radix_bits) + " bits per pass, 1 key/thread (PMPP 13.5)";
  }
};
}  // namespace
GSB_REGISTER_SORT(TiledLadder<RadixMultibit<0>>);
GSB_REGISTER_SORT(TiledLadder<RadixMultibit<1>>);
GSB_REGISTER_SORT(TiledLadder<RadixMultibit<2>>);
GSB_REGISTER_SORT(TiledLadder<RadixMultibit<3>>);
GSB_REGISTER_SORT(TiledLadder<RadixMultibit<4>>);
GSB_REGISTER_SORT(TiledLadder<RadixMultibit<5>>);
GSB_REGISTER_SORT(TiledLadder<RadixMultibit<6>>);
GSB_REGISTER_SORT(TiledLadder<RadixMultibit<7>>);
GSB_REGISTER_SORT(TiledLadder<RadixMultibit<8>>);
}  // namespace gsb::radix
