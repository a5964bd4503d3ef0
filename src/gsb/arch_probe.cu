// The device code the driver loaded: an empty kernel compiled with the same architectures as every other kernel
// of the library, so its attributes tell which PTX (and binary) version runs on this device.
#include <cuda_runtime_api.h>

#include "gsb/device_props.hpp"
#include "gsb/error.hpp"

namespace gsb {
namespace {
__global__ void arch_probe_kernel() {}
}  // namespace

void loaded_code_versions(int& ptx_cc, int& binary_cc) {
  cudaFuncAttributes a{};
  GSB_CUDA_TRY(cudaFuncGetAttributes(&a, arch_probe_kernel));
  ptx_cc = a.ptxVersion;
  binary_cc = a.binaryVersion;
}

void set_dynamic_shared_bytes(const void* kernel, std::size_t bytes, const std::string& what) {
  const DeviceProps& dev = current_device_props();
  cudaFuncAttributes a{};
  GSB_CUDA_TRY(cudaFuncGetAttributes(&a, kernel));
  const std::size_t need = bytes + a.sharedSizeBytes;
  if (need > static_cast<std::size_t>(dev.shared_bytes_per_block_optin))
    throw DeviceUnsupported(what + " needs " + std::to_string(need) + " bytes of shared memory per block; the device " +
                            (dev.emulated_cc != 0 ? "(held to sm_" + std::to_string(dev.emulated_cc) + " by GSB_ARCH) "
                                                  : std::string()) +
                            "allows " + std::to_string(dev.shared_bytes_per_block_optin));
  GSB_CUDA_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)));
}

}  // namespace gsb
