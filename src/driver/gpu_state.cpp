#include "driver/gpu_state.hpp"

#include <dlfcn.h>

#include <cstring>
#include <mutex>

#include <cuda_runtime_api.h>

namespace gsb {

namespace {

// The few NVML entry points used, with their documented C signatures (nvmlReturn_t is an int, 0 = success;
// nvmlDevice_t an opaque pointer; nvmlClockType_t and nvmlTemperatureSensors_t ints).
using Device = void*;
struct Api {
  int (*init)() = nullptr;
  int (*by_pci_bus_id)(const char*, Device*) = nullptr;
  int (*clock)(Device, int, unsigned*) = nullptr;
  int (*throttle_reasons)(Device, unsigned long long*) = nullptr;
  int (*temperature)(Device, int, unsigned*) = nullptr;
  int (*power_mw)(Device, unsigned*) = nullptr;
  int (*driver_version)(char*, unsigned) = nullptr;
  bool ok = false;
};
constexpr int clock_sm = 1, clock_mem = 2, temperature_gpu = 0;

template <class F>
void bind(void* lib, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(lib, name));
}

const Api& api() {
  static Api a;
  static std::once_flag once;
  std::call_once(once, [] {
    void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) return;
    bind(lib, "nvmlInit_v2", a.init);
    bind(lib, "nvmlDeviceGetHandleByPciBusId_v2", a.by_pci_bus_id);
    bind(lib, "nvmlDeviceGetClockInfo", a.clock);
    bind(lib, "nvmlDeviceGetCurrentClocksThrottleReasons", a.throttle_reasons);
    bind(lib, "nvmlDeviceGetTemperature", a.temperature);
    bind(lib, "nvmlDeviceGetPowerUsage", a.power_mw);
    bind(lib, "nvmlSystemGetDriverVersion", a.driver_version);
    a.ok = a.init && a.by_pci_bus_id && a.clock && a.init() == 0;  // the library stays loaded for the process
  });
  return a;
}

}  // namespace

std::vector<std::string> throttle_reason_names(unsigned long long bits) {
  static const struct { unsigned long long bit; const char* name; } names[] = {
      {0x1, "gpu-idle"},          {0x2, "applications-clocks-setting"}, {0x4, "sw-power-cap"},
      {0x8, "hw-slowdown"},       {0x10, "sync-boost"},                 {0x20, "sw-thermal-slowdown"},
      {0x40, "hw-thermal-slowdown"}, {0x80, "hw-power-brake-slowdown"}, {0x100, "display-clock-setting"}};
  std::vector<std::string> out;
  unsigned long long known = 0;
  for (const auto& n : names) {
    known |= n.bit;
    if (bits & n.bit) out.emplace_back(n.name);
  }
  if (bits & ~known) out.emplace_back("other");
  return out;
}

std::optional<GpuState> read_gpu_state(int device) {
  const Api& a = api();
  if (!a.ok) return std::nullopt;
  char bus[32] = {};
  if (cudaDeviceGetPCIBusId(bus, sizeof bus, device) != cudaSuccess) {
    (void)cudaGetLastError();  // not an error of the run: the state is simply unknown
    return std::nullopt;
  }
  Device d = nullptr;
  if (a.by_pci_bus_id(bus, &d) != 0) return std::nullopt;
  GpuState s;
  if (a.clock(d, clock_sm, &s.sm_clock_mhz) != 0) return std::nullopt;
  if (a.clock(d, clock_mem, &s.memory_clock_mhz) != 0) s.memory_clock_mhz = 0;
  unsigned long long reasons = 0;
  if (a.throttle_reasons && a.throttle_reasons(d, &reasons) == 0) s.throttle_reasons = throttle_reason_names(reasons);
  unsigned t = 0, mw = 0;
  if (a.temperature && a.temperature(d, temperature_gpu, &t) == 0) s.temperature_c = t;
  if (a.power_mw && a.power_mw(d, &mw) == 0) s.power_w = mw / 1000.0;
  return s;
}

std::string nvml_driver_version() {
  const Api& a = api();
  char v[96] = {};
  if (!a.ok || !a.driver_version || a.driver_version(v, sizeof v) != 0) return {};
  return std::string(v, strnlen(v, sizeof v));
}

}  // namespace gsb
