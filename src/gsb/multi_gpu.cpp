#include "gsb/multi_gpu.hpp"

#include "gsb/error.hpp"

namespace gsb {

ShardRange shard_range(std::uint64_t n, int gpus, int g) {
  GSB_EXPECTS(gpus >= 1 && g >= 0 && g < gpus,
              "shard_range: GPU " + std::to_string(g) + " of " + std::to_string(gpus));
  const std::uint64_t G = static_cast<std::uint64_t>(gpus), q = n / G, r = n % G, i = static_cast<std::uint64_t>(g);
  const std::uint64_t begin = i * q + std::min(i, r);
  return {begin, begin + q + (i < r ? 1 : 0)};
}

std::size_t MultiGpuBackend::temp_bytes(const SortProblem&) const {
  throw LogicError(info().name + " is a multi-GPU back-end: the driver runs it through MultiGpuBackend::stage");
}

int MultiGpuBackend::run(const SortProblem&, const SortBuffers&) const {
  throw LogicError(info().name + " is a multi-GPU back-end: the driver runs it through MultiGpuBackend::stage");
}

}  // namespace gsb
