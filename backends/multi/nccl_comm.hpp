// The NCCL side of sample-multi: error checking, the communicator of a set of GPUs, and the one place where
// a run spanning several processes would differ from this single-process one (the unique id's broadcast).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nccl.h>

namespace gsb::multi {

[[noreturn]] void throw_nccl_error(ncclResult_t r, const char* expr, const char* file, int line);
#define GSB_NCCL_TRY(call)                                                                          \
  do {                                                                                              \
    const ncclResult_t gsb_nccl_status_ = (call);                                                   \
    if (gsb_nccl_status_ != ncclSuccess) ::gsb::multi::throw_nccl_error(gsb_nccl_status_, #call, __FILE__, __LINE__); \
  } while (0)

// The communicator of one set of GPUs: one rank per GPU. This process drives every rank it holds
// (local_ranks(); all of them in the single-node case tested here); across nodes each process would hold
// the ranks of its own GPUs and the code that posts work loops over those alone.
class Communicator {
 public:
  // Ranks 0..devices.size()-1 on the given CUDA devices, all in this process.
  explicit Communicator(const std::vector<int>& devices);
  ~Communicator();
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;

  int ranks() const { return static_cast<int>(devices_.size()); }
  const std::vector<int>& local_ranks() const { return local_; }
  int device(int rank) const { return devices_[rank]; }
  ncclComm_t comm(int rank) const { return comms_[rank]; }
  std::string describe() const;

 private:
  std::vector<int> devices_;
  std::vector<int> local_;
  std::vector<ncclComm_t> comms_;
};

// The communicator for `devices`, made on first use and kept for the process (initialising NCCL costs far
// more than a sort of conformance size). NVLink multicast (NVLS) is left to the environment: runs on the
// lent machines must carry NCCL_NVLS_ENABLE=0, and nothing here sets or overrides it.
Communicator& communicator_for(const std::vector<int>& devices);

// The NCCL unique id every rank passes to ncclCommInitRank. In one process: rank 0 makes it and the others
// read it from memory. Across processes this is the function to replace (rank 0 calls ncclGetUniqueId and
// MPI_Bcast-s the 128 bytes to every rank); nothing else changes.
ncclUniqueId bootstrap_unique_id();

}  // namespace gsb::multi
