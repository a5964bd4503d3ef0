#include "driver/device_context.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "driver/gpu_state.hpp"
#include "driver/measure.hpp"
#include "gsb/device_props.hpp"
#include "gsb/host_memory.hpp"
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
      [](int, int, bool, bool) {});
  const double median_s = median_of(ms) * 1e-3;
  info_.copy_bandwidth_GBps = 2.0 * static_cast<double>(bytes) / median_s / 1e9;
}

const LinkBandwidth& DeviceContext::link_bandwidth() {
  if (link_) return *link_;
  const std::size_t bytes = std::min<std::size_t>(std::size_t{256} << 20, free_bytes() / 8) & ~std::size_t{255};
  GSB_EXPECTS(bytes >= (std::size_t{4} << 20), "out of core: too little free device memory (" +
                                                   gib(double(free_bytes())) + ") to measure the link bandwidth");
  PinnedBuffer up(bytes), down(bytes);
  std::memset(up.get(), 1, bytes);
  std::memset(down.get(), 2, bytes);
  DeviceBuffer dev_up(bytes), dev_down(bytes);
  Stream second;  // the other direction's copies: with a copy engine each way, the two overlap
  Event fork, join;
  EventTimer timer(stream_);
  // kinds: 1 = h2d, 2 = d2h, 3 = both at once on two streams. GB/s of all bytes moved.
  auto rate = [&](int kinds) {
    const std::vector<double> ms = repeat(
        2, 6, timer, [](int) {},
        [&](int) {
          GSB_CUDA_TRY(cudaEventRecord(fork.get(), stream_));
          GSB_CUDA_TRY(cudaStreamWaitEvent(second.get(), fork.get(), 0));
          if (kinds & 1) GSB_CUDA_TRY(cudaMemcpyAsync(dev_up.get(), up.get(), bytes, cudaMemcpyHostToDevice, stream_));
          if (kinds & 2)
            GSB_CUDA_TRY(cudaMemcpyAsync(down.get(), dev_down.get(), bytes, cudaMemcpyDeviceToHost, second.get()));
          GSB_CUDA_TRY(cudaEventRecord(join.get(), second.get()));
          GSB_CUDA_TRY(cudaStreamWaitEvent(stream_, join.get(), 0));
        },
        [](int, int, bool, bool) {});
    const int directions = (kinds & 1) + ((kinds & 2) >> 1);
    return double(directions) * static_cast<double>(bytes) / median_of(ms) / 1e6;
  };
  LinkBandwidth bw;
  bw.h2d_GBps = rate(1);
  bw.d2h_GBps = rate(2);
  bw.bidir_GBps = rate(3);
  {
    // Pinning ordinary memory: what taking the input's pages as they are would cost (the alternative to the
    // pageable-to-pinned copy of out of core's first pass). Informative only: where registering is not supported
    // the figure is 0 and the run goes on.
    std::unique_ptr<std::byte[]> pageable(new std::byte[bytes]);
    std::memset(pageable.get(), 3, bytes);
    HostTimer host;
    bool supported = true;
    std::vector<double> ms = repeat(
        0, 3, host, [](int) {},
        [&](int) {
          if (supported && cudaHostRegister(pageable.get(), bytes, cudaHostRegisterDefault) != cudaSuccess) {
            cudaGetLastError();
            supported = false;
          }
        },
        [&](int, int, bool, bool) {
          if (supported) GSB_CUDA_TRY(cudaHostUnregister(pageable.get()));
        });
    bw.register_GBps = supported ? static_cast<double>(bytes) / std::max(1e-6, median_of(ms)) / 1e6 : 0;
  }
  link_ = bw;
  return *link_;
}

}  // namespace gsb
