// radix-shared (PMPP §13.4): one bit per pass; each block sorts its keys locally in shared memory, counts its
// two buckets, a scan of the bucket table places them, and the writes to global memory are coalesced.
#include <string>

#include "radix/ladder/tiled_backend.hpp"

namespace gsb::radix {
namespace {
struct RadixShared {
  static constexpr int radix_bits = 1;
  static constexpr int items_per_thread = 1;
  static std::string name() { return "radix-shared"; }
  static std::string description() { return "LSD radix, 1 bit/pass, local sort in shared memory (PMPP 13.4)"; }
};
}  // namespace
GSB_REGISTER_SORT(TiledLadder<RadixShared>);
}  // namespace gsb::radix
