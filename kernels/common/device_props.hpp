// Properties of the current device that launch configurations depend on, read once per device.
#pragma once

#include <cstdint>

namespace gsb {

struct DeviceProps {
  int device = 0;
  int sm_count = 0;
  int max_threads_per_sm = 0;
  int shared_bytes_per_block_optin = 0;  // usable after cudaFuncSetAttribute(MaxDynamicSharedMemorySize)
  int shared_bytes_per_sm = 0;
  int l2_bytes = 0;
  int cc_major = 0, cc_minor = 0;
};

// Cached per device; throws CudaError when no device is usable.
const DeviceProps& current_device_props();

template <class T>
constexpr T ceil_div(T a, T b) {
  return (a + b - 1) / b;
}

}  // namespace gsb
