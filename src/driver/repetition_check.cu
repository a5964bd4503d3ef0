#include "driver/repetition_check.hpp"

#include <algorithm>

#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"
#include "gsb/hash.hpp"
#include "gsb/key_codec.hpp"

namespace gsb {
namespace {

constexpr int check_threads = 256;

template <class Bits, class Value>
__global__ void __launch_bounds__(check_threads) fingerprint_kernel(detail::Element<Bits, Value> e, unsigned long long* out) {
  Fingerprint f;
  const std::uint64_t stride = std::uint64_t{gridDim.x} * check_threads;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * check_threads + threadIdx.x; i < e.n; i += stride) e.add(i, f);
  for (int d = 16; d > 0; d /= 2) {
    f.out_of_order += __shfl_down_sync(0xffffffffu, f.out_of_order, d);
    f.key_sum += __shfl_down_sync(0xffffffffu, f.key_sum, d);
    f.pair_sum += __shfl_down_sync(0xffffffffu, f.pair_sum, d);
  }
  if ((threadIdx.x & 31u) == 0) {
    atomicAdd(&out[0], static_cast<unsigned long long>(f.out_of_order));
    atomicAdd(&out[1], static_cast<unsigned long long>(f.key_sum));
    atomicAdd(&out[2], static_cast<unsigned long long>(f.pair_sum));
  }
}

}  // namespace

Fingerprint device_fingerprint(const SortProblem& p, const void* keys, const void* values, bool check_order,
                               const ValidationOptions& opts, void* scratch, int sm_count, cudaStream_t stream) {
  auto* out = static_cast<unsigned long long*>(scratch);
  GSB_CUDA_TRY(cudaMemsetAsync(out, 0, 3 * sizeof(unsigned long long), stream));
  if (p.n > 0) {
    const std::uint64_t blocks = std::clamp<std::uint64_t>((p.n + check_threads - 1) / check_threads, 1,
                                                           std::uint64_t(std::max(sm_count, 1)) * 8);
    dispatch_problem(p, [&](auto kb, auto vb) {
      using Bits = typename decltype(kb)::type;
      using Value = typename decltype(vb)::type;
      fingerprint_kernel<Bits, Value><<<static_cast<unsigned>(blocks), check_threads, 0, stream>>>(
          detail::element<Bits, Value>(p, keys, values, check_order, opts), out);
      GSB_CHECK_LAUNCH();
      return 0;
    });
  }
  unsigned long long host[3] = {0, 0, 0};
  GSB_CUDA_TRY(cudaMemcpyAsync(host, out, sizeof(host), cudaMemcpyDeviceToHost, stream));
  GSB_CUDA_TRY(cudaStreamSynchronize(stream));
  return Fingerprint{host[0], host[1], host[2]};
}

}  // namespace gsb
