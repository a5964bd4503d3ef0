// The CUDA device a run uses: selection, properties, one stream, timing events, an L2-flush buffer and the
// copy bandwidth measured once per run. Host-only code; everything is checked.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include <cuda_runtime_api.h>

#include "driver/results.hpp"
#include "gsb/cuda_raii.hpp"

namespace gsb {

// "CUDA runtime 13.0 (built with 13.0), CUDA driver 13.0, kernel driver 580.159.04": what --version prints; needs
// no device.
std::string cuda_versions_text();

class DeviceContext {
 public:
  // Selects `device`. With no usable CUDA device, available() is false and unavailable_reason() says why;
  // asking explicitly for a device that does not exist throws UsageError.
  DeviceContext(int device, bool device_given);
  ~DeviceContext();
  DeviceContext(const DeviceContext&) = delete;
  DeviceContext& operator=(const DeviceContext&) = delete;

  bool available() const { return available_; }
  const std::string& unavailable_reason() const { return reason_; }
  const DeviceInfo& info() const { return info_; }
  cudaStream_t stream() const { return stream_; }

  std::size_t free_bytes() const;
  // Writes a buffer twice the L2's size so that the next kernel finds none of its input in L2.
  void flush_l2();
  // Measures device-to-device copy bandwidth (bytes read + written) once; stored in info().
  void measure_copy_bandwidth();
  // The host link of this device (pinned copies each way and both at once, cudaHostRegister of pageable memory),
  // measured at the first call (the first out-of-core case), then kept.
  const LinkBandwidth& link_bandwidth();

 private:
  bool available_ = false;
  std::string reason_;
  DeviceInfo info_;
  cudaStream_t stream_ = nullptr;
  std::optional<LinkBandwidth> link_;
  DeviceBuffer flush_;
  unsigned flush_value_ = 0;
};

}  // namespace gsb
