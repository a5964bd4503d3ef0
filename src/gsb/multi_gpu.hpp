// Back-ends that sort one array spread over several GPUs (issue 7). They are Backends (registered, listed,
// selected by name like any other; BackendInfo::spans_gpus) whose stage() is the staged sort the driver measures
// (gsb/staged_sort.hpp): the back-end states the device memory it needs, prepare()s one case (buffers, streams,
// communicator, all before the timed region), shard g of the input is put on GPU g, its run() is timed, and the
// sorted parts are the output in GPU order. The driver knows no algorithm by name, only this seam.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gsb/backend.hpp"
#include "gsb/staged_sort.hpp"

namespace gsb {

// The elements [begin, end) of the global array that GPU g of `gpus` holds before the sort: an even split,
// the first n % gpus shards one element larger.
struct ShardRange {
  std::uint64_t begin = 0, end = 0;
  std::uint64_t size() const { return end - begin; }
};
ShardRange shard_range(std::uint64_t n, int gpus, int g);

// Device memory on one GPU, keys and values.
struct DeviceSpan {
  int device = 0;
  void* keys = nullptr;
  void* values = nullptr;  // null for keys-only problems
  std::uint64_t n = 0;
};

// Per-GPU phase times of one run, in ms from the start of the run (CUDA events on that GPU's streams,
// referred to a host-synchronised start). Phases may overlap (the exchange runs beside the local sorts).
struct MultiGpuPhases {
  double splitters_ms = 0;  // sampling, sample exchange, splitter choice (host), bucket table upload
  double partition_ms = 0;  // the local partition into per-destination buckets
  double exchange_ms = 0;   // first send posted .. last byte received (the span of the all-to-all)
  double sort_ms = 0;       // first local sort started .. last one finished (plus key decoding)
  double total_ms = 0;      // start .. this GPU holds its sorted part
  double exchange_wait_ms = 0;  // time the local sorts waited on the exchange (the part not hidden)
};

struct MultiGpuRunInfo {
  std::vector<MultiGpuPhases> phases;         // per GPU
  std::vector<std::uint64_t> part_n;          // elements each GPU holds after the sort
  std::vector<std::uint64_t> sent_bytes;      // per GPU, keys and values sent to other GPUs
  int partition_attempts = 1;                 // scatters until every bucket fitted its planned room
};

// One prepared case. Everything it needs is allocated by prepare(); run() allocates nothing.
class MultiGpuSort {
 public:
  virtual ~MultiGpuSort() = default;
  // Where the driver writes shard g (shard_range(n, gpus, g)) before each run; contents are consumed.
  virtual DeviceSpan input(int g) const = 0;
  // Sorts the array whose shards are in input(g); returns when every GPU holds its sorted part.
  virtual MultiGpuRunInfo run() = 0;
  // After run(): GPU g's sorted part. Concatenated in GPU order they are the sorted array.
  virtual DeviceSpan output(int g) const = 0;
  // What the communicator is ("nccl 2.28.9, 2 ranks in one process").
  virtual std::string communicator() const = 0;
};

class MultiGpuBackend : public Backend {
 public:
  // Device memory prepare() allocates on each GPU (bytes; GPU g's value at index g).
  virtual std::vector<std::uint64_t> device_bytes(const SortProblem& p, int gpus) const = 0;
  // Allocates and sets up one case on `devices` (CUDA device indices, one rank each).
  virtual std::unique_ptr<MultiGpuSort> prepare(const SortProblem& p, const std::vector<int>& devices) const = 0;

  // The staged sort the driver measures: shards distributed before the timed region, prepare()'s run() timed,
  // the parts in GPU order as the output (backends/multi/sharded_sort.cpp).
  std::unique_ptr<StagedSort> stage(const SortProblem& p, const StagedInput& in, const StageSettings& s) const final;

  // The single-device entry points do not apply: the driver runs these back-ends through stage().
  std::size_t temp_bytes(const SortProblem& p) const final;
  int run(const SortProblem& p, const SortBuffers& b) const final;
};

// CUDA devices visible to this process (0 when the runtime finds none).
int visible_gpu_count();

}  // namespace gsb
