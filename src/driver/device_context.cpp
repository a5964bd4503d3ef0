#include "driver/device_context.hpp"

#include <algorithm>
#include <vector>

#include "driver/gpu_state.hpp"
#include "driver/measure.hpp"
#include "gsb/device_props.hpp"
#include "gsb/error.hpp"

namespace gsb {


namespace {
std::string version_string(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }
}  // namespace

std::string cuda_versions_text() {
  int runtime = 0, driver = 0;
  std::string s = "CUDA runtime ";
  s += cudaRuntimeGetVersion(&runtime) == cudaSuccess ? version_string(runtime) : std::string("unknown");
  s += " (built with " + version_string(CUDART_VERSION) + "), ";
  if (cudaDriverGetVersion(&driver) == cudaSuccess && driver > 0) s += "CUDA driver " + version_string(driver);
  else s += "no CUDA driver";
  (void)cudaGetLastError();
  const std::string kernel = nvml_driver_version();
  s += kernel.empty() ? std::string(", kernel driver unknown (no NVML)") : ", kernel driver " + kernel;
  return s;
}

DeviceContext::DeviceContext(int device, bool device_given) {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    cudaGetLastError();  // clear
    requested_arch_cc();  // a malformed GSB_ARCH is a usage error with or without a device
    reason_ = "no CUDA device";
    if (device_given)
      throw UsageError("--device: " + std::to_string(device) + " is not a device (no CUDA device present)");
    return;
  }
  if (device >= count)
    throw UsageError("--device: " + std::to_string(device) + " is not a device (" + std::to_string(count) +
                     " present: 0.." + std::to_string(count - 1) + ")");
  GSB_CUDA_TRY(cudaSetDevice(device));
  cudaDeviceProp prop{};
  GSB_CUDA_TRY(cudaGetDeviceProperties(&prop, device));
  info_.index = device;
  info_.name = prop.name;
  info_.compute_capability = std::to_string(prop.major) + "." + std::to_string(prop.minor);
  info_.sm_count = prop.multiProcessorCount;
  info_.memory_bytes = prop.totalGlobalMem;
  info_.l2_bytes = static_cast<std::uint64_t>(prop.l2CacheSize);
  GSB_CUDA_TRY(cudaDeviceGetAttribute(&info_.sm_clock_khz, cudaDevAttrClockRate, device));
  GSB_CUDA_TRY(cudaDeviceGetAttribute(&info_.memory_clock_khz, cudaDevAttrMemoryClockRate, device));
  int driver = 0, runtime = 0;
  GSB_CUDA_TRY(cudaDriverGetVersion(&driver));
  GSB_CUDA_TRY(cudaRuntimeGetVersion(&runtime));
  info_.driver_version = version_string(driver);
  info_.runtime_version = version_string(runtime);
  info_.kernel_driver_version = nvml_driver_version();
  const DeviceProps& dp = current_device_props();  // checks GSB_ARCH against the loaded device code
  info_.code_ptx_cc = dp.ptx_cc;
  info_.code_binary_cc = dp.binary_cc;
  info_.policy_band = "sm" + std::to_string(static_cast<int>(dp.band));
  info_.emulated_cc = dp.emulated_cc;
  GSB_CUDA_TRY(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
  flush_ = DeviceBuffer(std::max<std::size_t>(2 * info_.l2_bytes, std::size_t{8} << 20));
  available_ = true;
}

DeviceContext::~DeviceContext() {
  if (stream_) cudaStreamDestroy(stream_);
}

std::size_t DeviceContext::free_bytes() const {
  std::size_t free = 0, total = 0;
  GSB_CUDA_TRY(cudaMemGetInfo(&free, &total));
  return free;
}

void DeviceContext::flush_l2() {
  GSB_CUDA_TRY(cudaMemsetAsync(flush_.get(), static_cast<int>(++flush_value_ & 0xFF), flush_.bytes(), stream_));
}

void DeviceContext::measure_copy_bandwidth() {
  // A copy several times the L2, large enough to reach steady state, small enough for any card.
  const std::size_t bytes = std::min<std::size_t>(std::size_t{1} << 30, free_bytes() / 4) & ~std::size_t{255};
  if (bytes < (std::size_t{64} << 20)) return;  // too little memory to measure anything meaningful
  DeviceBuffer a(bytes), b(bytes);
  GSB_CUDA_TRY(cudaMemsetAsync(a.get(), 1, bytes, stream_));
  EventTimer timer(stream_);
  const std::vector<double> ms = repeat(
      2, 10, timer, [](int) {},
      [&](int) { GSB_CUDA_TRY(cudaMemcpyAsync(b.get(), a.get(), bytes, cudaMemcpyDeviceToDevice, stream_)); },
      [](int, int, double, bool, bool) {});
  const double median_s = median_of(ms) * 1e-3;
  info_.copy_bandwidth_GBps = 2.0 * static_cast<double>(bytes) / median_s / 1e9;
}

}  // namespace gsb
