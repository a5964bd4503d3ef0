// A device-wide exclusive prefix sum of 64-bit counts, for the ladder rungs (PMPP ch. 13 assumes "a global
// exclusive scan" between kernels). Reduce-then-scan (PMPP ch. 11's hierarchical scan): one kernel sums each
// tile, the tile sums are scanned recursively, one kernel scans each tile from its offset. Three launches per
// level, no allocation: temp is sized by exclusive_scan_temp_bytes.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

namespace gsb::radix {

std::size_t exclusive_scan_temp_bytes(std::uint64_t n);
// data[i] <- sum of data[0..i) for i < n, in place, enqueued on stream.
void exclusive_scan_inplace(std::uint64_t* data, std::uint64_t n, void* temp, cudaStream_t stream);

}  // namespace gsb::radix
