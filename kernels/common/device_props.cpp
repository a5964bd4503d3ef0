#include "common/device_props.hpp"

#include <array>
#include <mutex>

#include <cuda_runtime_api.h>

#include "gsb/error.hpp"

namespace gsb {

const DeviceProps& current_device_props() {
  static std::array<DeviceProps, 64> cache;
  static std::array<bool, 64> filled{};
  static std::mutex mutex;
  int dev = 0;
  GSB_CUDA_TRY(cudaGetDevice(&dev));
  GSB_EXPECTS(dev >= 0 && dev < 64, "device index " + std::to_string(dev) + " out of range");
  std::lock_guard<std::mutex> lock(mutex);
  if (!filled[dev]) {
    DeviceProps p;
    p.device = dev;
    GSB_CUDA_TRY(cudaDeviceGetAttribute(&p.sm_count, cudaDevAttrMultiProcessorCount, dev));
    GSB_CUDA_TRY(cudaDeviceGetAttribute(&p.max_threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, dev));
    GSB_CUDA_TRY(cudaDeviceGetAttribute(&p.shared_bytes_per_block_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    GSB_CUDA_TRY(cudaDeviceGetAttribute(&p.shared_bytes_per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev));
    GSB_CUDA_TRY(cudaDeviceGetAttribute(&p.l2_bytes, cudaDevAttrL2CacheSize, dev));
    GSB_CUDA_TRY(cudaDeviceGetAttribute(&p.cc_major, cudaDevAttrComputeCapabilityMajor, dev));
    GSB_CUDA_TRY(cudaDeviceGetAttribute(&p.cc_minor, cudaDevAttrComputeCapabilityMinor, dev));
    cache[dev] = p;
    filled[dev] = true;
  }
  return cache[dev];
}

}  // namespace gsb
