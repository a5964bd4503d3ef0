#include "radix/ladder/device_scan.hpp"

#include "gsb/device_props.hpp"
#include "gsb/error.hpp"
#include "radix/pass_plan.hpp"
#include "radix/digit_common.cuh"

namespace gsb::radix {
namespace {

constexpr int scan_threads = 256;
constexpr int scan_items = 8;  // per thread, blocked
constexpr std::uint64_t scan_tile = scan_threads * scan_items;

__global__ void __launch_bounds__(scan_threads) tile_sums_kernel(const std::uint64_t* data, std::uint64_t n,
                                                                  std::uint64_t* sums) {
  __shared__ std::uint64_t warp_sums[32];
  const std::uint64_t base = blockIdx.x * scan_tile;
  std::uint64_t s = 0;
#pragma unroll
  for (int u = 0; u < scan_items; ++u) {
    const std::uint64_t i = base + static_cast<std::uint64_t>(u) * scan_threads + threadIdx.x;
    if (i < n) s += data[i];
  }
  std::uint64_t total;
  block_exclusive_sum<std::uint64_t, scan_threads>(s, warp_sums, &total);
  if (threadIdx.x == 0) sums[blockIdx.x] = total;
}

// offsets == nullptr: a single tile, offset 0.
__global__ void __launch_bounds__(scan_threads) tile_scan_kernel(std::uint64_t* data, std::uint64_t n,
                                                                  const std::uint64_t* offsets) {
  __shared__ std::uint64_t warp_sums[32];
  const std::uint64_t base = blockIdx.x * scan_tile + static_cast<std::uint64_t>(threadIdx.x) * scan_items;
  std::uint64_t v[scan_items];
  std::uint64_t s = 0;
#pragma unroll
  for (int u = 0; u < scan_items; ++u) {
    v[u] = base + u < n ? data[base + u] : 0;
    s += v[u];
  }
  std::uint64_t total;
  std::uint64_t run = block_exclusive_sum<std::uint64_t, scan_threads>(s, warp_sums, &total);
  if (offsets != nullptr) run += offsets[blockIdx.x];
#pragma unroll
  for (int u = 0; u < scan_items; ++u) {
    if (base + u < n) data[base + u] = run;
    run += v[u];
  }
}

}  // namespace

std::size_t exclusive_scan_temp_bytes(std::uint64_t n) {
  if (n <= scan_tile) return 0;
  const std::uint64_t tiles = ceil_div(n, scan_tile);
  TempLayout layout;
  layout.take<std::uint64_t>(tiles);
  return layout.bytes() + exclusive_scan_temp_bytes(tiles);
}

void exclusive_scan_inplace(std::uint64_t* data, std::uint64_t n, void* temp, cudaStream_t stream) {
  if (n == 0) return;
  if (n <= scan_tile) {
    tile_scan_kernel<<<1, scan_threads, 0, stream>>>(data, n, nullptr);
    GSB_CHECK_LAUNCH();
    return;
  }
  const std::uint64_t tiles = ceil_div(n, scan_tile);
  GSB_EXPECTS(tiles <= max_grid_blocks, "exclusive_scan_inplace: n=" + std::to_string(n) + " needs too many blocks");
  TempLayout layout(temp);
  std::uint64_t* sums = layout.take<std::uint64_t>(tiles);
  void* rest = static_cast<unsigned char*>(temp) + layout.bytes();
  tile_sums_kernel<<<static_cast<unsigned>(tiles), scan_threads, 0, stream>>>(data, n, sums);
  GSB_CHECK_LAUNCH();
  exclusive_scan_inplace(sums, tiles, rest, stream);
  tile_scan_kernel<<<static_cast<unsigned>(tiles), scan_threads, 0, stream>>>(data, n, sums);
  GSB_CHECK_LAUNCH();
}

}  // namespace gsb::radix
