// radix-multibit (PMPP §13.5): r bits per pass, one key per thread. The command line selects back-ends by name
// only, so each r is its own name: radix-multibit-r1 ... -r8 sweep the trade-off of §13.5 (fewer passes
// against more, smaller buckets per block and a larger table to scan); radix-multibit is r = 4.
#include "radix/ladder/tiled_backend.hpp"

namespace {
template <int R>
struct RadixMultibit : gsb::radix::TiledLadderBackend {
  RadixMultibit()
      : TiledLadderBackend(R == 0 ? "radix-multibit" : "radix-multibit-r" + std::to_string(R),
                           "LSD radix, r = " + std::to_string(R == 0 ? default_bits : R) +
                               " bits per pass, 1 key/thread (PMPP 13.5)",
                           R == 0 ? default_bits : R, 1) {}
  static constexpr int default_bits = 4;
};
using RadixMultibitDefault = RadixMultibit<0>;
using RadixMultibitR1 = RadixMultibit<1>;
using RadixMultibitR2 = RadixMultibit<2>;
using RadixMultibitR3 = RadixMultibit<3>;
using RadixMultibitR4 = RadixMultibit<4>;
using RadixMultibitR5 = RadixMultibit<5>;
using RadixMultibitR6 = RadixMultibit<6>;
using RadixMultibitR7 = RadixMultibit<7>;
using RadixMultibitR8 = RadixMultibit<8>;
}  // namespace

GSB_REGISTER_BACKEND(RadixMultibitDefault);
GSB_REGISTER_BACKEND(RadixMultibitR1);
GSB_REGISTER_BACKEND(RadixMultibitR2);
GSB_REGISTER_BACKEND(RadixMultibitR3);
GSB_REGISTER_BACKEND(RadixMultibitR4);
GSB_REGISTER_BACKEND(RadixMultibitR5);
GSB_REGISTER_BACKEND(RadixMultibitR6);
GSB_REGISTER_BACKEND(RadixMultibitR7);
GSB_REGISTER_BACKEND(RadixMultibitR8);
