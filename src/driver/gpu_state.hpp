// The GPU's state as the driver's management library (NVML) reports it: the SM and memory clocks, the reasons
// the clocks are held down (power or thermal caps, slowdowns), temperature and power. Read after each GPU case's
// repetitions and stored with it, so that a regression gate can tell a slower kernel from a slower GPU
// (issue 17). libnvidia-ml.so.1 ships with the driver; it is loaded at run time (no header, no link
// dependency), and where it cannot be loaded the state is simply absent (null in the JSON).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace gsb {

struct GpuState {
  unsigned sm_clock_mhz = 0, memory_clock_mhz = 0;
  std::vector<std::string> throttle_reasons;  // "gpu-idle", "sw-power-cap", "hw-slowdown", ...; empty: none
  double temperature_c = 0, power_w = 0;
};

// The state of CUDA device `device` now, or nothing where NVML is unavailable or does not know the device.
std::optional<GpuState> read_gpu_state(int device);

// The kernel driver's version ("580.159.04"), or an empty string where NVML is unavailable.
std::string nvml_driver_version();

// The names of the throttle-reason bits NVML reports (documented in NVML's "ClocksThrottleReasons").
std::vector<std::string> throttle_reason_names(unsigned long long bits);

}  // namespace gsb
