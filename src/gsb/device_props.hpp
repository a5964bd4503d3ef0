// Properties of the current device that launch configurations depend on, read once per device, and the
// architecture band whose policies the device code uses (arch.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "gsb/arch.hpp"

namespace gsb {

struct DeviceProps {
  int device = 0;
  int sm_count = 0;
  int max_threads_per_sm = 0;
  int shared_bytes_per_block_optin = 0;  // usable after cudaFuncSetAttribute(MaxDynamicSharedMemorySize)
  int shared_bytes_per_sm = 0;
  int l2_bytes = 0;
  // Peak DRAM bandwidth in bytes/s (read + write), from the memory clock and bus width (double data rate); 0 when
  // the device does not say.
  double dram_bytes_per_s = 0;
  int cc_major = 0, cc_minor = 0;  // the device's own compute capability
  // The device code the driver loaded for this device (x10): its PTX version decides the band, its binary
  // version says what runs (equal to the device's compute capability; ptx_cc below it when older PTX was
  // JIT-compiled, as with a compute_75-only build or CUDA_FORCE_PTX_JIT=1).
  int ptx_cc = 0, binary_cc = 0;
  arch::Band band = arch::Band::sm90;
  // GSB_ARCH: the limits above are clamped to this architecture's (x10), 0 when they are the device's own.
  int emulated_cc = 0;
  // Kernels may be launched as programmatic dependents (dependent_launch.cuh): the device (9.0 or later) and the
  // loaded code (ptx_cc 90 or later, so that the kernels hold their waits) allow it, and GSB_DEPENDENT_LAUNCH is not 0.
  bool dependent_launch = false;
  // Kernels may be launched in thread-block clusters whose blocks read each other's shared memory (cluster_launch.cuh):
  // the device (9.0 or later) and the loaded code (ptx_cc 90 or later) allow it, and GSB_CLUSTER_LAUNCH is not 0.
  bool cluster_launch = false;
};

// Cached per device; throws CudaError when no device is usable and UsageError for a bad GSB_ARCH.
const DeviceProps& current_device_props();

// The band of the current device, or, without a device (host tests, planning on a CPU-only machine), the band
// of GSB_ARCH when set, else sm90.
arch::Band policy_band();

// GSB_ARCH as a compute capability x10 ("75", "7.5", "sm_75"); 0 when unset. Throws UsageError when malformed
// or below arch::min_cc.
int requested_arch_cc();

// The loaded device code's PTX and binary versions (x10) on the current device (arch_probe.cu).
void loaded_code_versions(int& ptx_cc, int& binary_cc);

// Sets kernel's dynamic shared memory to `bytes` after checking that its static plus dynamic shared memory fit
// one block on this device (emulated limits included). Throws DeviceUnsupported naming `what` and both sizes
// (the case is then skipped with that reason).
void set_dynamic_shared_bytes(const void* kernel, std::size_t bytes, const std::string& what);
template <class Kernel>
void set_dynamic_shared_bytes(Kernel* kernel, std::size_t bytes, const std::string& what) {
  set_dynamic_shared_bytes(reinterpret_cast<const void*>(kernel), bytes, what);
}
// cudaOccupancyMaxActiveBlocksPerMultiprocessor, asked once per device, kernel, block size and dynamic shared
// memory (launch paths call it before every sort; at small n its host latency would be timed).
int resident_blocks_per_sm(const void* kernel, int threads, std::size_t dynamic_bytes);
template <class Kernel>
int resident_blocks_per_sm(Kernel* kernel, int threads, std::size_t dynamic_bytes) {
  return resident_blocks_per_sm(reinterpret_cast<const void*>(kernel), threads, dynamic_bytes);
}

// cudaOccupancyMaxActiveClusters for clusters of cluster_blocks blocks of the kernel, asked once per device, kernel,
// block size, dynamic shared memory and cluster size (as resident_blocks_per_sm). Only where cluster_launch.
int resident_clusters(const void* kernel, int threads, std::size_t dynamic_bytes, int cluster_blocks);
template <class Kernel>
int resident_clusters(Kernel* kernel, int threads, std::size_t dynamic_bytes, int cluster_blocks) {
  return resident_clusters(reinterpret_cast<const void*>(kernel), threads, dynamic_bytes, cluster_blocks);
}

template <class T>
constexpr T ceil_div(T a, T b) {
  return (a + b - 1) / b;
}

// The x dimension of a grid: at most 2^31 - 1 blocks (every architecture from sm_30 on).
inline constexpr std::uint64_t max_grid_blocks = 0x7fffffff;

// Grid sizes, the project's one place for them. blocks_for: one block per `per_block` items, checked against the
// grid's x limit (2^31 - 1 blocks; callers launch nothing for no items). grid_stride_blocks: a grid-stride loop's grid, at most `cap` blocks
// (the loop covers the rest), at least 1.
unsigned blocks_for(std::uint64_t items, std::uint64_t per_block, const char* what);
inline unsigned grid_stride_blocks(std::uint64_t items, std::uint64_t per_block, std::uint64_t cap) {
  const std::uint64_t blocks = ceil_div(items, per_block);
  return static_cast<unsigned>(blocks < 1 ? 1 : blocks > cap ? cap : blocks);
}

}  // namespace gsb
