#include "gsb/staged_sort.hpp"

#include <cstring>

#include <cuda_runtime_api.h>

#include "gsb/device_scope.hpp"
#include "gsb/error.hpp"

namespace gsb {

void StagedSort::gather_parts(const std::vector<OutputPart>& parts, std::size_t key_bytes, std::size_t value_bytes,
                              void* keys, void* values) {
  std::uint64_t at = 0;
  for (const OutputPart& part : parts) {
    auto copy = [&](void* dst, const void* src, std::size_t bytes) {
      if (bytes == 0) return;
      if (part.device < 0) {
        std::memcpy(dst, src, bytes);
      } else {
        DeviceScope scope(part.device);
        GSB_CUDA_TRY(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost));
      }
    };
    copy(static_cast<std::byte*>(keys) + at * key_bytes, part.keys, part.n * key_bytes);
    if (values) copy(static_cast<std::byte*>(values) + at * value_bytes, part.values, part.n * value_bytes);
    at += part.n;
  }
}

}  // namespace gsb
