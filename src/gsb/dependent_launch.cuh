// Programmatic dependent launch (compute capability 9.0 and later): a kernel launched with launch_dependent() may
// be scheduled while the kernel before it on the stream still runs, so that its launch and its blocks' start overlap
// that kernel's last wave instead of following its completion. Every kernel launched that way calls
// wait_for_prior_grids() before it reads or writes anything an earlier operation on the stream touches: that waits
// for the kernel before it to complete and its writes to be visible (which, through that kernel's own wait, covers
// everything earlier). A kernel calls allow_dependent_grids() to let the next one be scheduled before it ends
// (otherwise its end does). Where the device or the loaded code lacks it (DeviceProps::dependent_launch: compiled
// for sm_90 or later, running on such a device, GSB_DEPENDENT_LAUNCH not 0) the launch is an ordinary one, in which
// both calls return at once; code for older architectures holds neither.
#pragma once

#include <cuda_runtime.h>
#include <nv/target>

#include <utility>

#include "gsb/device_props.hpp"
#include "gsb/error.hpp"

namespace gsb {

__device__ __forceinline__ void wait_for_prior_grids() {
  NV_IF_TARGET(NV_PROVIDES_SM_90, (asm volatile("griddepcontrol.wait;" ::: "memory");))
}

__device__ __forceinline__ void allow_dependent_grids() {
  NV_IF_TARGET(NV_PROVIDES_SM_90, (asm volatile("griddepcontrol.launch_dependents;" :::);))
}

// The configuration of a cudaLaunchKernelEx with `count` attributes (which the caller keeps alive until the launch).
inline cudaLaunchConfig_t launch_config(dim3 grid, dim3 block, std::size_t shared_bytes, cudaStream_t stream,
                                        cudaLaunchAttribute* attributes, unsigned count) {
  cudaLaunchConfig_t config{};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = shared_bytes;
  config.stream = stream;
  config.attrs = attributes;
  config.numAttrs = count;
  return config;
}

// The attribute that makes a launch a programmatic dependent of the kernel before it on the stream.
inline cudaLaunchAttribute dependent_attribute() {
  cudaLaunchAttribute a{};
  a.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  a.val.programmaticStreamSerializationAllowed = 1;
  return a;
}

// kernel<<<grid, block, shared_bytes, stream>>>(args...), as a programmatic dependent of the kernel before it on
// the stream where `after_kernel` (the stream's previous operation is a kernel: a memset or a copy in between
// takes an ordinary launch) and the device allows it. The launch is checked.
template <class... Params, class... Args>
void launch_dependent(bool after_kernel, void (*kernel)(Params...), dim3 grid, dim3 block, std::size_t shared_bytes,
                      cudaStream_t stream, Args&&... args) {
  if (!after_kernel || !current_device_props().dependent_launch) {
    kernel<<<grid, block, shared_bytes, stream>>>(std::forward<Args>(args)...);
    GSB_CHECK_LAUNCH();
    return;
  }
  cudaLaunchAttribute attribute[1] = {dependent_attribute()};
  const cudaLaunchConfig_t config = launch_config(grid, block, shared_bytes, stream, attribute, 1);
  GSB_CUDA_TRY(cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...));  // its own launch error
}

}  // namespace gsb
