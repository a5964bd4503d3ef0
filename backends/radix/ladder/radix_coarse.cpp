// radix-coarse (PMPP §13.6): the multibit sort with several keys per thread, so each block's local buckets are
// larger (better coalesced writes) and the bucket table to scan is smaller.
#include <string>

#include "radix/ladder/tiled_backend.hpp"

namespace gsb::radix {
namespace {
struct RadixCoarse {
  static constexpr int radix_bits = 4;
  static constexpr int items_per_thread = tiled_coarse_items;
  static std::string name() { return "radix-coarse"; }
  static std::string description() {
    return "LSD radix, 4 bits/pass, " + std::to_string(items_per_thread) + " keys/thread (PMPP 13.6)";
  }
};
}  // namespace
GSB_REGISTER_SORT(TiledLadder<RadixCoarse>);
}  // namespace gsb::radix
