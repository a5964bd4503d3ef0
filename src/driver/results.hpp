// What a run measured: per-case records and the context (host, device, settings) they were measured in.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "driver/generate.hpp"
#include "driver/gpu_state.hpp"
#include "driver/validate.hpp"
#include "gsb/median.hpp"
#include "gsb/staged_sort.hpp"
#include "gsb/types.hpp"

namespace gsb {

struct Stats {
  std::vector<double> samples_ms;
  double min_ms = 0, median_ms = 0, mean_ms = 0, max_ms = 0, stddev_ms = 0;
};
Stats make_stats(std::vector<double> samples_ms);

enum class CaseStatus { ok, failed, skipped, error };
std::string_view to_string(CaseStatus s);

struct EndToEnd {
  Stats h2d, sort, d2h, total;
};

struct CaseResult {
  std::string backend, family;
  SortProblem problem;
  Distribution distribution = Distribution::uniform;
  CaseStatus status = CaseStatus::ok;
  std::string reason;  // skip reason or error message

  std::optional<Stats> timing;  // the sort alone
  std::string timing_method;    // "cuda-events" or "host-clock"
  bool host_synchronizes = false;
  std::optional<EndToEnd> end_to_end;

  std::optional<double> keys_per_s, effective_GBps, fraction_of_copy_bandwidth;
  std::optional<double> speedup_vs_std_sort;
  bool speedup_reference = false;  // this back-end is the one speed-ups are quoted against

  bool validation_run = false;
  ValidationResult validation;
  std::optional<OutOfCoreInfo> out_of_core;  // only for cases run out of core
  std::optional<MultiGpuInfo> multi_gpu;     // only for multi-GPU back-ends
  std::optional<GpuState> gpu_state;         // GPU cases, after their repetitions, where NVML can be read
};

struct HostInfo {
  std::string cpu_model, os, compiler;
  int cores = 0;
  std::uint64_t memory_bytes = 0;
};

struct DeviceInfo {
  int index = 0;
  std::string name, compute_capability, driver_version, runtime_version;
  std::string kernel_driver_version;  // NVML's ("580.159.04"); empty where NVML is unavailable
  int sm_count = 0;
  std::uint64_t memory_bytes = 0, l2_bytes = 0;
  int sm_clock_khz = 0, memory_clock_khz = 0;
  std::optional<double> copy_bandwidth_GBps;  // measured device-to-device, bytes read + written
  // The device code that runs (src/gsb/arch.hpp): its PTX and binary versions (x10), the architecture band
  // whose policies it uses, and GSB_ARCH (x10; 0 when the limits are the device's own).
  int code_ptx_cc = 0, code_binary_cc = 0;
  std::string policy_band;
  int emulated_cc = 0;
  int effective_cc() const;  // emulated_cc, else the device's compute capability (x10)
};

struct RunReport {
  std::vector<std::string> argv;
  std::string timestamp_utc;
  HostInfo host;
  std::optional<DeviceInfo> device;
  int warmup = 0, reps = 0;
  std::string timing, validate;
  std::uint64_t seed = 0;
  bool force = false;
  std::optional<std::uint64_t> device_memory_limit_bytes;  // --device-memory
  int gpus = 0;  // --gpus (0: every visible GPU), for multi-GPU back-ends
  std::vector<std::pair<std::string, std::string>> environment;  // the GSB_* knobs set (gsb/env.hpp)
  std::vector<CaseResult> cases;
};

HostInfo read_host_info();
std::string utc_timestamp();

}  // namespace gsb
