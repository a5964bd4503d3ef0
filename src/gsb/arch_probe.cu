// The device code the driver loaded: an empty kernel compiled with the same architectures as every other kernel
// of the library, so its attributes tell which PTX (and binary) version runs on this device.
#include <cuda_runtime_api.h>

#include <map>
#include <mutex>
#include <tuple>
#include <utility>

#include "gsb/cluster_launch.cuh"
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

// Called before every launch of a kernel with dynamic shared memory, so it must cost next to nothing once the
// kernel is set: at small n a sort is host latency (the device idles between the timer's start event and the first
// launch while the host queries attributes). What was set is kept per device and kernel (the kernel's static
// shared memory with it): only a larger request asks the runtime again. (Nothing here resets a device, which
// would drop the attribute.)
void set_dynamic_shared_bytes(const void* kernel, std::size_t bytes, const std::string& what) {
  const DeviceProps& dev = current_device_props();
  struct Set {
    std::size_t static_bytes = 0;
    std::size_t dynamic_bytes = 0;
  };
  static std::mutex mutex;
  static std::map<std::pair<int, const void*>, Set> done;
  std::lock_guard<std::mutex> lock(mutex);
  const auto key = std::make_pair(dev.device, kernel);
  auto it = done.find(key);
  if (it != done.end() && bytes <= it->second.dynamic_bytes) return;
  std::size_t static_bytes = 0;
  if (it != done.end()) {
    static_bytes = it->second.static_bytes;
  } else {
    cudaFuncAttributes a{};
    GSB_CUDA_TRY(cudaFuncGetAttributes(&a, kernel));
    static_bytes = a.sharedSizeBytes;
  }
  const std::size_t need = bytes + static_bytes;
  if (need > static_cast<std::size_t>(dev.shared_bytes_per_block_optin))
    throw DeviceUnsupported(what + " needs " + std::to_string(need) + " bytes of shared memory per block; the device " +
                            (dev.emulated_cc != 0 ? "(held to sm_" + std::to_string(dev.emulated_cc) + " by GSB_ARCH) "
                                                  : std::string()) +
                            "allows " + std::to_string(dev.shared_bytes_per_block_optin));
  GSB_CUDA_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes)));
  done[key] = Set{static_bytes, bytes};
}

namespace {
// An occupancy answer for (the current device, kernel, block size, dynamic shared memory, cluster size: 0 for blocks
// per multiprocessor), asked of the runtime once by `ask` and kept: launch paths ask before every sort, and at small n
// the host's latency would be timed.
template <class Ask>
int occupancy_once(const void* kernel, int threads, std::size_t dynamic_bytes, int cluster_blocks, Ask ask) {
  static std::mutex mutex;
  static std::map<std::tuple<int, const void*, int, std::size_t, int>, int> done;
  const auto key = std::make_tuple(current_device_props().device, kernel, threads, dynamic_bytes, cluster_blocks);
  std::lock_guard<std::mutex> lock(mutex);
  auto it = done.find(key);
  if (it != done.end()) return it->second;
  const int answer = ask();
  done.emplace(key, answer);
  return answer;
}
}  // namespace

int resident_blocks_per_sm(const void* kernel, int threads, std::size_t dynamic_bytes) {
  return occupancy_once(kernel, threads, dynamic_bytes, 0, [&] {
    int per_sm = 0;
    GSB_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, dynamic_bytes));
    return per_sm;
  });
}

int resident_clusters(const void* kernel, int threads, std::size_t dynamic_bytes, int cluster_blocks) {
  const DeviceProps& dev = current_device_props();
  GSB_EXPECTS(dev.cluster_launch && cluster_blocks >= 1,
              "resident_clusters of " + std::to_string(cluster_blocks) + " blocks on device " +
                  std::to_string(dev.device) + (dev.cluster_launch ? "" : ", which runs without clusters"));
  return occupancy_once(kernel, threads, dynamic_bytes, cluster_blocks, [&] {
    cudaLaunchAttribute attribute[1] = {cluster_attribute(static_cast<unsigned>(cluster_blocks))};
    const cudaLaunchConfig_t config = launch_config(dim3(static_cast<unsigned>(cluster_blocks)),
                                                    dim3(static_cast<unsigned>(threads)), dynamic_bytes, nullptr,
                                                    attribute, 1);
    int clusters = 0;
    GSB_CUDA_TRY(cudaOccupancyMaxActiveClusters(&clusters, kernel, &config));
    return clusters;
  });
}

}  // namespace gsb
