// Multi-GPU cases (issue 7): the driver's half of the MultiGpuBackend seam. The input is split into even
// shards, shard g is put on GPU g (outside the timed region), the back-end's run() is timed with the host
// clock from "every shard resident" to "every GPU holds its sorted part", and the parts are read back in GPU
// order and validated as one array (outside the timed region too, but measured).
#pragma once

#include <functional>

#include "driver/runner.hpp"
#include "gsb/multi_gpu.hpp"

namespace gsb {

struct MultiGpuOutput {
  const void* keys = nullptr;
  const void* values = nullptr;
};

// The GPUs a case would use (0: all visible), or a reason why it cannot run.
int visible_gpu_count();

// Runs one multi-GPU case; `finish` validates the gathered output (valid only during the call).
CaseResult run_multi_gpu_case(const MultiGpuBackend& backend, const SortProblem& p, const CaseInput& in,
                              const CaseSettings& s, CaseResult r,
                              const std::function<void(CaseResult&, const MultiGpuOutput&)>& finish);

}  // namespace gsb
