// One error idiom for the whole project (after cuCollections' CUCO_CUDA_TRY / CUCO_EXPECTS):
// failures throw typed exceptions carrying the place and the reason; only main() turns them into exit codes.
#pragma once

#include <stdexcept>
#include <string>

#include <cuda_runtime_api.h>

namespace gsb {

// A bad value given by the user (command line, file path, device number). main() exits with code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A CUDA runtime call or kernel launch failed.
struct CudaError : std::runtime_error {
  CudaError(cudaError_t code, const std::string& what) : std::runtime_error(what), code(code) {}
  cudaError_t code;
};

// The device cannot run this back-end's kernels as compiled (its shared memory per block is smaller than the
// policy of the device code needs, e.g. newer PTX JIT-compiled for a GPU with less): the case is skipped with
// this reason, like any unsupported combination.
struct DeviceUnsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A case that cannot run here (too little device or host memory for any plan, too few GPUs): reported as skipped
// with this reason.
struct CaseSkipped : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A violated precondition or internal limit (never an assert: those vanish in Release builds).
struct LogicError : std::logic_error {
  using std::logic_error::logic_error;
};

[[noreturn]] void throw_cuda_error(cudaError_t code, const char* expr, const char* file, int line);
[[noreturn]] void throw_logic_error(const std::string& reason, const char* file, int line);

}  // namespace gsb

// Check a CUDA runtime call.
#define GSB_CUDA_TRY(call)                                                        \
  do {                                                                            \
    const cudaError_t gsb_status_ = (call);                                       \
    if (gsb_status_ != cudaSuccess) ::gsb::throw_cuda_error(gsb_status_, #call, __FILE__, __LINE__); \
  } while (0)

// Check the launch that was just enqueued (configuration errors surface here, asynchronous faults later).
#define GSB_CHECK_LAUNCH() GSB_CUDA_TRY(cudaGetLastError())

// Check a precondition or limit; `reason` should name the offending value.
#define GSB_EXPECTS(cond, reason)                                                 \
  do {                                                                            \
    if (!(cond)) ::gsb::throw_logic_error((reason), __FILE__, __LINE__);         \
  } while (0)
