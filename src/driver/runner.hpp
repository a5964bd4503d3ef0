// Runs the cases an Options describes: generates each input once, computes its reference once, hands it to
// every back-end, times, validates and records. Knows no back-end by name.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>

#include "driver/device_context.hpp"
#include "driver/options.hpp"
#include "driver/results.hpp"

namespace gsb {

// One measured case, for callers that drive back-ends directly (the conformance suite).
struct CaseInput {
  const HostKeys* keys = nullptr;
  const HostArray* values = nullptr;  // original indices, or null for keys-only
  const Reference* reference = nullptr;  // null: no validation
  std::string unavailable;  // non-empty: why the case cannot run here (host memory); it is skipped with this reason
};

struct CaseSettings {
  int warmup = 0, reps = 1;
  bool end_to_end = false, device_timing = true;
  bool force = false;
  std::optional<std::uint64_t> device_memory_limit_bytes;  // --device-memory: larger cases run out of core
  bool announce = false;  // say on stderr how an out-of-core case will run (and the host memory it needs)
  int gpus = 0;           // multi-GPU back-ends: how many GPUs (0: every visible one)
};

// Sorted output of the last repetition, kept for --dump-sorted.
struct SortedOutput {
  HostArray keys, values;
};

class Runner {
 public:
  explicit Runner(const Options& opts);
  ~Runner();

  // Runs every case; returns the exit code (0 all ok/skipped, 1 any failed or errored).
  int run();
  const RunReport& report() const { return report_; }

  // Why the case cannot run here (distribution, back-end limits, value width, no device), or empty.
  // Why a GPU back-end cannot run on this device's architecture (BackendInfo::min_compute_capability against the
  // device's compute capability, or GSB_ARCH's), or an empty string.
  static std::string architecture_reason(const BackendInfo& info, const DeviceInfo& device);
  static std::string skip_reason(const Backend& backend, const SortProblem& p, Distribution dist, bool force,
                                 const DeviceContext* device);

  // Measures and validates one case (used by run() and by the tests).
  static CaseResult run_case(const Backend& backend, const SortProblem& p, Distribution dist, const CaseInput& in,
                             const CaseSettings& settings, DeviceContext* device, SortedOutput* keep = nullptr);

 private:
  void write_outputs(bool final);  // final: the end of the run (streams and standard output are written then)
  Options opts_;
  RunReport report_;
  std::chrono::steady_clock::time_point last_write_{};  // of the files rewritten during the run
  std::unique_ptr<DeviceContext> device_;
};

}  // namespace gsb
