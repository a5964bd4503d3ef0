// Sorts that compose back-ends or span GPUs: out of core (pieces of an array larger than the device memory, each
// sorted by an in-core back-end) and multi-GPU (one array spread over several GPUs). The driver measures them as
// it measures every back-end, with its one repetition loop: the strategy is prepared once per case (every
// allocation, untimed), then each repetition restores its input (untimed), runs (timed with the host clock), and
// hands over its output in parts, which the driver fingerprints; after the last repetition the driver validates
// the output and the strategy fills its report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gsb/backend.hpp"

namespace gsb {

// An out-of-core case (issue 7): how it was split and when each piece crossed the link and was sorted.
struct OutOfCorePiece {
  std::string stage = "sort";  // "sort": a bucket; "partition": a pass-1 chunk (sort_ms then spans its partition)
  std::uint64_t piece = 0, offset = 0, n = 0;
  double h2d_ms[2] = {0, 0}, sort_ms[2] = {0, 0}, d2h_ms[2] = {0, 0};  // [start, end] from the case start
};
struct OutOfCoreInfo {
  std::string method;  // "gpu-partition" or "host-partition" (backends/out_of_core/out_of_core.hpp)
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

// What a staged case records beside its timing (the JSON's "out_of_core" or "multi_gpu" object).
struct StagedReport {
  std::optional<OutOfCoreInfo> out_of_core;
  std::optional<MultiGpuInfo> multi_gpu;
};

// The case's input in host memory (n elements; values null for keys-only problems).
struct StagedInput {
  const void* keys = nullptr;
  const void* values = nullptr;
  bool has_reference = false;  // a reference exists beside it (counted in the host memory the case needs)
};

// The host link of the device in use, measured by the driver (pinned copies, one direction at a time and both at
// once; what cudaHostRegister of pageable memory costs): out of core states its bound from it.
struct LinkBandwidth {
  double h2d_GBps = 0, d2h_GBps = 0, bidir_GBps = 0, register_GBps = 0;
};

struct StageSettings {
  std::size_t device_memory_bytes = 0;  // out of core: the device memory the case may use
  LinkBandwidth link;                   // out of core: the measured link
  int gpus = 0;                         // multi-GPU: how many GPUs (0: every visible one)
};

// A run of the sorted output: part i holds the elements after those of parts 0..i-1. device >= 0: memory of that
// CUDA device; -1: host memory.
struct OutputPart {
  int device = -1;
  const void* keys = nullptr;
  const void* values = nullptr;
  std::uint64_t n = 0;
};

// One prepared case. Constructed by a factory that throws CaseSkipped (gsb/error.hpp) when the case cannot run
// here (no piece fits, too little host memory, too few GPUs).
class StagedSort {
 public:
  virtual ~StagedSort() = default;
  // One line (no newline) saying how the case will run and the memory it takes, for the progress output.
  virtual std::string summary() const = 0;
  // Before every repetition, untimed: puts the input back where run() reads it.
  virtual void restore_input() {}
  // One repetition; returns when the sorted output is complete where output() points.
  virtual void run() = 0;
  // After every repetition, untimed (counted: not a warm-up; last: the final repetition).
  virtual void after_run(bool counted, bool last) {
    (void)counted;
    (void)last;
  }
  // The sorted output of the last run(), in order.
  virtual std::vector<OutputPart> output() const = 0;
  // Copies the output into one host array of n elements (values: null for keys-only problems).
  virtual void gather(void* keys, void* values) { gather_parts(output(), key_bytes(), value_bytes(), keys, values); }
  // After the last repetition: what the case records beside its timing (median_ms: the timed median).
  virtual void report(StagedReport& r, double median_ms) const = 0;

 protected:
  virtual std::size_t key_bytes() const = 0;
  virtual std::size_t value_bytes() const = 0;
  static void gather_parts(const std::vector<OutputPart>& parts, std::size_t key_bytes, std::size_t value_bytes,
                           void* keys, void* values);
};

// Out of core: sorts p in pieces that fit settings.device_memory_bytes, each sorted by `backend`
// (backends/out_of_core/). Throws CaseSkipped when it cannot.
std::unique_ptr<StagedSort> stage_out_of_core(const Backend& backend, const SortProblem& p, const StagedInput& in,
                                              const StageSettings& settings);

}  // namespace gsb
