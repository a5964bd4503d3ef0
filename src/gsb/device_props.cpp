#include "gsb/device_props.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <mutex>
#include <string>

#include <cuda_runtime_api.h>

#include "gsb/env.hpp"
#include "gsb/error.hpp"

namespace gsb {

namespace {

int parse_arch(const std::string& v);
const EnvKnob arch_knob = declare_env_knob(
    "GSB_ARCH", "the architecture whose policy the host uses (for device code built as PTX of an older one)",
    [](const std::string& v) { parse_arch(v); });

const EnvKnob dependent_launch_knob = declare_env_knob(
    "GSB_DEPENDENT_LAUNCH", "0: every kernel launched after the one before it has completed (no programmatic dependent "
                            "launch; for comparisons)",
    [](const std::string& v) { parse_env_uint("GSB_DEPENDENT_LAUNCH", v, 0, 1); });

const EnvKnob cluster_launch_knob = declare_env_knob(
    "GSB_CLUSTER_LAUNCH", "0: no thread-block clusters (the 16-bit histogram's blocks flush alone; for comparisons)",
    [](const std::string& v) { parse_env_uint("GSB_CLUSTER_LAUNCH", v, 0, 1); });

int parse_arch(const std::string& v) {
  std::string s(v);
  const std::string original = s;
  if (s.rfind("sm_", 0) == 0 || s.rfind("compute_", 0) == 0) s = s.substr(s.find('_') + 1);
  if (s.size() == 3 && s[1] == '.') s.erase(1, 1);  // "7.5"
  int cc = 0;
  bool digits = !s.empty() && s.size() <= 3;
  for (char c : s) digits = digits && c >= '0' && c <= '9';
  if (digits) cc = std::stoi(s);
  if (!digits || cc < arch::min_cc)
    throw UsageError("GSB_ARCH: '" + original + "' is not a compute capability of " +
                     std::to_string(arch::min_cc / 10) + "." + std::to_string(arch::min_cc % 10) +
                     " or newer (write 75, 7.5 or sm_75)");
  return cc;
}

}  // namespace

int requested_arch_cc() {
  const auto v = env_value(arch_knob.name.c_str());
  return v ? parse_arch(*v) : 0;
}

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
    int mem_khz = 0, bus_bits = 0;
    GSB_CUDA_TRY(cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, dev));
    GSB_CUDA_TRY(cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, dev));
    p.dram_bytes_per_s = 2.0 * 1000.0 * double(mem_khz) * double(bus_bits) / 8.0;
    GSB_CUDA_TRY(cudaDeviceGetAttribute(&p.cc_major, cudaDevAttrComputeCapabilityMajor, dev));
    GSB_CUDA_TRY(cudaDeviceGetAttribute(&p.cc_minor, cudaDevAttrComputeCapabilityMinor, dev));
    loaded_code_versions(p.ptx_cc, p.binary_cc);
    p.band = arch::band_of(p.ptx_cc);
    const auto dependent = env_value(dependent_launch_knob.name.c_str());
    p.dependent_launch = p.cc_major >= 9 && p.ptx_cc >= 90 &&
                         (!dependent || parse_env_uint(dependent_launch_knob.name.c_str(), *dependent, 0, 1) != 0);
    const auto cluster = env_value(cluster_launch_knob.name.c_str());
    p.cluster_launch = p.cc_major >= 9 && p.ptx_cc >= 90 &&
                       (!cluster || parse_env_uint(cluster_launch_knob.name.c_str(), *cluster, 0, 1) != 0);
    if (const int want = requested_arch_cc(); want != 0) {
      // The policies are those of the code that runs; GSB_ARCH only brings the limits down to that
      // architecture's, so it must name an architecture of the same band.
      if (arch::band_of(want) != p.band)
        throw UsageError("GSB_ARCH: '" + std::to_string(want) + "' asks for the policies of sm_" + std::to_string(want) +
                         ", but the device code loaded on device " + std::to_string(dev) + " is compute_" +
                         std::to_string(p.ptx_cc) + " (build with -DCMAKE_CUDA_ARCHITECTURES=" + std::to_string(want) +
                         "-virtual, or run a build holding compute_" + std::to_string(want) +
                         " PTX with CUDA_FORCE_PTX_JIT=1)");
      const arch::Limits lim = arch::limits_of(arch::band_of(want));
      p.shared_bytes_per_block_optin = std::min(p.shared_bytes_per_block_optin, lim.shared_bytes_per_block_optin);
      p.shared_bytes_per_sm = std::min(p.shared_bytes_per_sm, lim.shared_bytes_per_sm);
      p.max_threads_per_sm = std::min(p.max_threads_per_sm, lim.max_threads_per_sm);
      p.emulated_cc = want;
    }
    cache[dev] = p;
    filled[dev] = true;
  }
  return cache[dev];
}

arch::Band policy_band() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    cudaGetLastError();  // clear
    const int want = requested_arch_cc();
    return want != 0 ? arch::band_of(want) : arch::Band::sm90;
  }
  return current_device_props().band;
}

unsigned blocks_for(std::uint64_t items, std::uint64_t per_block, const char* what) {
  const std::uint64_t blocks = ceil_div(items, per_block);
  GSB_EXPECTS(blocks <= max_grid_blocks, std::string(what) + ": a grid of " + std::to_string(blocks) +
                                                      " blocks (the limit is 2^31 - 1)");
  return static_cast<unsigned>(blocks);
}

}  // namespace gsb
