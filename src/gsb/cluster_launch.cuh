// Thread-block clusters (compute capability 9.0 and later): a kernel launched with launch_in_clusters() runs in
// groups of cluster_blocks blocks that are resident together and can read each other's shared memory (cluster_peer)
// between cluster_sync() calls. Where the device or the loaded code lacks them (DeviceProps::cluster_launch: compiled
// for sm_90 or later, running on such a device, GSB_CLUSTER_LAUNCH not 0) the caller launches without them, and the
// kernel sees clusters of one block (cluster_size() 1); code for older architectures holds none of these instructions.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <nv/target>

#include <string>
#include <utility>

#include "gsb/dependent_launch.cuh"
#include "gsb/device_props.hpp"
#include "gsb/error.hpp"

namespace gsb {

// The blocks of this block's cluster (1 without a cluster launch, and in code for architectures before sm_90).
__device__ __forceinline__ unsigned cluster_size() {
  NV_IF_ELSE_TARGET(NV_PROVIDES_SM_90, (return cooperative_groups::this_cluster().num_blocks();), (return 1u;))
}

// This block's place in its cluster (0 .. cluster_size() - 1).
__device__ __forceinline__ unsigned cluster_rank() {
  NV_IF_ELSE_TARGET(NV_PROVIDES_SM_90, (return cooperative_groups::this_cluster().block_rank();), (return 0u;))
}

// Every thread of every block of the cluster arrives here before any goes on (a __syncthreads() without clusters);
// shared-memory writes before it are visible to the cluster's blocks after it.
__device__ __forceinline__ void cluster_sync() {
  NV_IF_ELSE_TARGET(NV_PROVIDES_SM_90, (cooperative_groups::this_cluster().sync();), (__syncthreads();))
}

// The address of *p (in this block's shared memory) in the shared memory of the cluster's block `rank`. A block may
// read another's shared memory only while that block runs: a cluster_sync() after the last read keeps it.
template <class T>
__device__ __forceinline__ T* cluster_peer(T* p, unsigned rank) {
  NV_IF_ELSE_TARGET(NV_PROVIDES_SM_90, (return cooperative_groups::this_cluster().map_shared_rank(p, rank);),
                    ((void)rank; return p;))
}

// The attribute that launches a grid in clusters of `blocks` blocks along x.
inline cudaLaunchAttribute cluster_attribute(unsigned blocks) {
  cudaLaunchAttribute a{};
  a.id = cudaLaunchAttributeClusterDimension;
  a.val.clusterDim.x = blocks;
  a.val.clusterDim.y = 1;
  a.val.clusterDim.z = 1;
  return a;
}

// kernel<<<grid, block, shared_bytes, stream>>>(args...) in clusters of cluster_blocks blocks along x (grid.x a
// multiple of it; more than 1 only where DeviceProps::cluster_launch), as a programmatic dependent of the kernel
// before it where `after_kernel` and the device allows it (launch_dependent). The launch is checked.
template <class... Params, class... Args>
void launch_in_clusters(unsigned cluster_blocks, bool after_kernel, void (*kernel)(Params...), dim3 grid, dim3 block,
                        std::size_t shared_bytes, cudaStream_t stream, Args&&... args) {
  if (cluster_blocks <= 1) {
    launch_dependent(after_kernel, kernel, grid, block, shared_bytes, stream, std::forward<Args>(args)...);
    return;
  }
  const DeviceProps& dev = current_device_props();
  GSB_EXPECTS(dev.cluster_launch && grid.x % cluster_blocks == 0,
              "a launch in clusters of " + std::to_string(cluster_blocks) + " blocks, " + std::to_string(grid.x) +
                  " blocks, on a device " + (dev.cluster_launch ? "that allows them" : "without them"));
  cudaLaunchAttribute attributes[2] = {cluster_attribute(cluster_blocks), dependent_attribute()};
  const bool dependent = after_kernel && dev.dependent_launch;
  const cudaLaunchConfig_t config = launch_config(grid, block, shared_bytes, stream, attributes, dependent ? 2 : 1);
  GSB_CUDA_TRY(cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...));  // its own launch error
}

}  // namespace gsb
