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
#include "gsb/types.hpp"

namespace gsb {

struct Stats {
  std::vector<double> samples_ms;
  double min_ms = 0, median_ms = 0, mean_ms = 0, max_ms = 0, stddev_ms = 0;
};
Stats make_stats(std::vector<double> samples_ms);

// The median of samples (the mean of the middle two for an even count; 0 for none): the one definition that
// every time and bandwidth figure uses.
double median_of(std::vector<double> samples);

enum class CaseStatus { ok, failed, skipped, error };
std::string_view to_string(CaseStatus s);

struct EndToEnd {
  Stats h2d, sort, d2h, total;
};

// An out-of-core case (issue 7): how it was split and when each piece crossed the link and was sorted.
struct OutOfCorePiece {
  std::string stage = "sort";  // "sort": a bucket; "partition": a pass-1 chunk (sort_ms then spans its partition)
  std::uint64_t piece = 0, offset = 0, n = 0;
  double h2d_ms[2] = {0, 0}, sort_ms[2] = {0, 0}, d2h_ms[2] = {0, 0};  // [start, end] from the case start
};
struct OutOfCoreInfo {
  std::string method;  // "gpu-partition" or "host-partition" (src/driver/out_of_core.hpp)
  std::uint64_t pieces = 0, chunks = 0, slots = 0, piece_capacity_n = 0;
  std::uint64_t device_memory_limit_bytes = 0, device_bytes_used = 0, host_bytes_needed = 0;
  std::uint64_t link_bytes = 0, link_h2d_bytes = 0, link_d2h_bytes = 0;  // of one repetition
  double pinned_h2d_GBps = 0, pinned_d2h_GBps = 0;
  double pinned_bidir_GBps = 0;    // both directions at once, bytes of both directions / time
  double host_register_GBps = 0;   // cudaHostRegister of pageable memory (what registering the input would cost)
  // The least time the link needs for link_*_bytes: max(h2d bytes / h2d bandwidth, d2h bytes / d2h bandwidth,
  // all bytes / bidirectional bandwidth); link_bound_serial_ms: the two directions one after the other.
  double link_bound_ms = 0, link_bound_serial_ms = 0;
  double ratio_to_link_bound = 0;  // median end-to-end time / link_bound_ms
  double partition_ms = 0;         // until every bucket was complete on the host (last repetition)
  // gpu-partition's pass 1 on the host (last repetition): copying pageable input into the pinned ring, and
  // waiting for a ring buffer to come free (time the link, not the host, was the limit).
  double host_staging_copy_ms = 0, host_staging_wait_ms = 0;
  int partition_attempts = 0;
  std::vector<OutOfCorePiece> timeline;  // the last repetition
};

// A multi-GPU case (issue 7): the array spread over `gpus` GPUs, each phase per GPU (medians over the timed
// repetitions), and what happened outside the timed region (set-up, distribution, gathering).
struct MultiGpuGpu {
  int device = 0;
  std::uint64_t shard_n = 0, part_n = 0, sent_bytes = 0;
  double splitters_ms = 0, partition_ms = 0, exchange_ms = 0, sort_ms = 0, total_ms = 0, exchange_wait_ms = 0;
};
struct MultiGpuInfo {
  int gpus = 0;
  std::string communicator;
  std::uint64_t device_bytes_per_gpu = 0;  // what the back-end allocates on each GPU
  std::uint64_t host_bytes_needed = 0;     // input, values, reference and the gathered output
  double setup_ms = 0, distribute_ms = 0, gather_ms = 0;  // outside the timed region
  double balance = 1;          // largest part / (n / gpus)
  double exchange_share = 0;   // the slowest GPU's exchange span / timing.median_ms
  int partition_attempts = 1;
  std::vector<MultiGpuGpu> per_gpu;
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
