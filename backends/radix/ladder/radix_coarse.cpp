// radix-coarse (PMPP §13.6): the multibit sort with several keys per thread, so each block's local buckets are
// larger (better coalesced writes) and the bucket table to scan is smaller.
#include "radix/ladder/tiled_backend.hpp"

namespace {
struct RadixCoarse : gsb::radix::TiledLadderBackend {
  RadixCoarse()
      : TiledLadderBackend("radix-coarse",
                           "LSD radix, 4 bits/pass, " + std::to_string(gsb::radix::tiled_coarse_items) +
                               " keys/thread (PMPP 13.6)",
                           4, gsb::radix::tiled_coarse_items) {}
};
}  // namespace

GSB_REGISTER_BACKEND(RadixCoarse);
