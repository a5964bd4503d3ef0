#include "multi/nccl_comm.hpp"

#include <map>
#include <mutex>
#include <stdexcept>

#include <cuda_runtime_api.h>

#include "gsb/error.hpp"
#include "multi/nccl_api.hpp"

namespace gsb::multi {

void throw_nccl_error(ncclResult_t r, const char* expr, const char* file, int line) {
  throw std::runtime_error(std::string(file) + ":" + std::to_string(line) + ": " + expr + " failed: " +
                           nccl().ncclGetErrorString(r) + " (" + std::to_string(static_cast<int>(r)) + ")");
}

ncclUniqueId bootstrap_unique_id() {
  ncclUniqueId id;
  GSB_NCCL_TRY(nccl().ncclGetUniqueId(&id));
  return id;  // one process: every rank reads this; across processes: MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, ...)
}

Communicator::Communicator(const std::vector<int>& devices) : devices_(devices), comms_(devices.size(), nullptr) {
  GSB_EXPECTS(!devices.empty(), "sample-multi: a communicator of no GPU");
  for (int r = 0; r < ranks(); ++r) local_.push_back(r);
  const ncclUniqueId id = bootstrap_unique_id();
  int previous = 0;
  GSB_CUDA_TRY(cudaGetDevice(&previous));
  // One process holding several ranks: their initialisations must be one group (each would otherwise wait
  // for the others inside ncclCommInitRank).
  GSB_NCCL_TRY(nccl().ncclGroupStart());
  for (int r : local_) {
    GSB_CUDA_TRY(cudaSetDevice(devices_[r]));
    GSB_NCCL_TRY(nccl().ncclCommInitRank(&comms_[r], ranks(), id, r));
  }
  GSB_NCCL_TRY(nccl().ncclGroupEnd());
  GSB_CUDA_TRY(cudaSetDevice(previous));
}

Communicator::~Communicator() {
  for (ncclComm_t c : comms_)
    if (c) nccl().ncclCommDestroy(c);  // no throw from a destructor
}

std::string Communicator::describe() const {
  int v = 0;
  nccl().ncclGetVersion(&v);
  const int major = v / 10000, minor = (v / 100) % 100, patch = v % 100;
  return "nccl " + std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch) + ", " +
         std::to_string(ranks()) + (ranks() == 1 ? " rank" : " ranks") + " in one process";
}

Communicator& communicator_for(const std::vector<int>& devices) {
  // Made after CUDA is initialised (the caller has used the devices), so this static is destroyed before the
  // CUDA runtime's own exit handler runs.
  static std::mutex mutex;
  static std::map<std::vector<int>, std::unique_ptr<Communicator>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[devices];
  if (!slot) slot = std::make_unique<Communicator>(devices);
  return *slot;
}

}  // namespace gsb::multi
