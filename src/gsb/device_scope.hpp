// Makes a device current for a scope and restores the one that was current before (multi-GPU code: the driver's
// multi-GPU case and the multi-GPU back-ends).
#pragma once

#include <cuda_runtime_api.h>

#include "gsb/error.hpp"

namespace gsb {

class DeviceScope {
 public:
  explicit DeviceScope(int device) {
    GSB_CUDA_TRY(cudaGetDevice(&previous_));
    GSB_CUDA_TRY(cudaSetDevice(device));
  }
  ~DeviceScope() { cudaSetDevice(previous_); }  // a destructor must not throw; the next checked call reports
  DeviceScope(const DeviceScope&) = delete;
  DeviceScope& operator=(const DeviceScope&) = delete;

 private:
  int previous_ = 0;
};

}  // namespace gsb
