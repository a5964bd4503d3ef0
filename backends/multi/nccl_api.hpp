// NCCL, loaded when first needed (dlopen of libnccl.so.2) rather than linked: libgsb.so then needs no NCCL to
// load, the tool runs on machines without it, and sample-multi reports itself skipped there with the loader's
// reason. Only nccl.h is needed to build. Every NCCL call of the back-end goes through nccl().
#pragma once

#include <string>

#include <nccl.h>

namespace gsb::multi {

// The entry points sample-multi uses, named as in nccl.h.
struct NcclApi {
  decltype(&::ncclGetErrorString) ncclGetErrorString;
  decltype(&::ncclGetVersion) ncclGetVersion;
  decltype(&::ncclGetUniqueId) ncclGetUniqueId;
  decltype(&::ncclCommInitRank) ncclCommInitRank;
  decltype(&::ncclCommDestroy) ncclCommDestroy;
  decltype(&::ncclGroupStart) ncclGroupStart;
  decltype(&::ncclGroupEnd) ncclGroupEnd;
  decltype(&::ncclAllGather) ncclAllGather;
  decltype(&::ncclSend) ncclSend;
  decltype(&::ncclRecv) ncclRecv;
};

// Why NCCL cannot be used here ("libnccl.so.2: cannot open shared object file ..."), or empty when it loaded.
// Loads it on the first call. The library is GSB_NCCL_LIBRARY when set, else libnccl.so.2 from the loader's
// search path, else the one the build found (GSB_NCCL_BUILD_LIBRARY).
const std::string& nccl_unavailable_reason();

// The loaded API; throws LogicError with the reason when NCCL is unavailable.
const NcclApi& nccl();

}  // namespace gsb::multi
