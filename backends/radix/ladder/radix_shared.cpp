// radix-shared (PMPP §13.4): one bit per pass; each block sorts its keys locally in shared memory, counts its
// two buckets, a scan of the bucket table places them, and the writes to global memory are coalesced.
#include "radix/ladder/tiled_backend.hpp"

namespace {
struct RadixShared : gsb::radix::TiledLadderBackend {
  RadixShared()
      : TiledLadderBackend("radix-shared", "LSD radix, 1 bit/pass, local sort in shared memory (PMPP 13.4)", 1, 1) {}
};
}  // namespace

GSB_REGISTER_BACKEND(RadixShared);
