// Research: the LSD digit histogram alone (u32 keys, 8-bit digits, 4 passes): production kernel, the same without the
// codec, and CUB's histogram agent in a kernel of ours; uniform / Zipf / entropy-0.201 at 1e8 on one GPU.
#include <cstdio>
#include <vector>
#include <cmath>
#include <cub/agent/agent_radix_sort_histogram.cuh>
#include "radix/onesweep/histogram.cuh"
using namespace gsb;
using namespace gsb::radix::onesweep;
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1);} } while (0)

__device__ unsigned long long mix(unsigned long long x) { x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33; return x; }
__global__ void gen(unsigned* k, size_t n, int dist) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    unsigned v;
    if (dist == 0) v = (unsigned)mix(i * 7 + 1);
    else if (dist == 1) { double u = (mix(i * 7 + 2) >> 11) * (1.0 / 9007199254740992.0);
      unsigned long long r = (unsigned long long)(exp(u * log(1048577.0)) - 1.0); if (r >= 1048576) r = 1048575; v = (unsigned)mix(r * 13 + 5); }
    else { unsigned long long w = ~0ull; for (int j = 0; j < 5; ++j) w &= mix(i * 11 + j + 3); v = (unsigned)w; }
    k[i] = v;
  }
}
// v1: the production kernel's loop without the codec (keys used as they are).
template <int UOuter, int Parts>
__global__ void __launch_bounds__(histogram_threads) hist_nocodec(const unsigned* keys, std::uint64_t n, std::uint64_t* counts) {
  using D = Digits<unsigned, 8>;
  __shared__ unsigned s_hist[D::passes * D::radix * Parts];
  const unsigned part = threadIdx.x % Parts;
  for (int i = threadIdx.x; i < D::passes * D::radix * Parts; i += histogram_threads) s_hist[i] = 0;
  __syncthreads();
  constexpr std::uint64_t tile = (std::uint64_t)histogram_threads * histogram_items;
  const std::uint64_t tiles = (n + tile - 1) / tile;
  for (std::uint64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const unsigned* in = keys + t * tile + threadIdx.x;
    unsigned k[histogram_items];
    const bool full = (t + 1) * tile <= n;
    if (full) {
#pragma unroll
      for (int u = 0; u < histogram_items; ++u) k[u] = in[u * histogram_threads];
    } else {
      const std::uint64_t left = n - t * tile;
#pragma unroll
      for (int u = 0; u < histogram_items; ++u) k[u] = (std::uint64_t)u * histogram_threads + threadIdx.x < left ? in[u * histogram_threads] : ~0u;
    }
    if (UOuter) {
#pragma unroll
    for (int u = 0; u < histogram_items; ++u)
#pragma unroll
      for (int p = 0; p < D::passes; ++p) atomicAdd(&s_hist[(p * D::radix + gsb::radix::digit_of(k[u], D::shift(p), D::width(p))) * Parts + part], 1u);
    } else {
#pragma unroll
    for (int p = 0; p < D::passes; ++p)
#pragma unroll
      for (int u = 0; u < histogram_items; ++u) atomicAdd(&s_hist[(p * D::radix + gsb::radix::digit_of(k[u], D::shift(p), D::width(p))) * Parts + part], 1u);
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < D::passes * D::radix; i += histogram_threads) {
    unsigned c = 0;
    for (int q = 0; q < Parts; ++q) c += s_hist[i * Parts + q];
    if (c) atomicAdd(reinterpret_cast<unsigned long long*>(&counts[i]), (unsigned long long)c);
  }
}
// v2: CUB's histogram agent (its sm90 policy: 128 x 16, one part).
using CubPol = cub::AgentRadixSortHistogramPolicy<128, 16, 1, unsigned, 8>;
using CubAgent = cub::detail::radix_sort::AgentRadixSortHistogram<CubPol, false, unsigned, unsigned long long>;
__global__ void __launch_bounds__(128) hist_cub(const unsigned* keys, unsigned long long n, unsigned long long* counts) {
  __shared__ typename CubAgent::TempStorage ts;
  CubAgent(ts, counts, keys, n, 0, 32).Process();
}
int main() {
  const size_t n = 100000000;
  unsigned* k; unsigned long long* c;
  CK(cudaMalloc(&k, n * 4)); CK(cudaMalloc(&c, 1024 * 8));
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int b[6];
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b[0], histogram_kernel<unsigned, 8>, 128, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b[1], hist_nocodec<0, 1>, 128, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b[2], hist_cub, 128, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b[3], hist_nocodec<1, 1>, 128, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b[4], hist_nocodec<0, 2>, 128, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b[5], hist_nocodec<0, 4>, 128, 0));
  printf("sms %d, blocks/sm %d %d %d %d %d %d\n", sms, b[0], b[1], b[2], b[3], b[4], b[5]);
  const char* vn[] = {"production", "no codec", "CUB agent", "no codec, u outer", "no codec, 2 parts", "no codec, 4 parts"};
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  const char* names[] = {"uniform", "zipf", "entropy-0.201"};
  KeyCodec<unsigned> id{};
  for (int d = 0; d < 3; ++d) {
    gen<<<4096, 256>>>(k, n, d); CK(cudaGetLastError());
    std::vector<unsigned long long> ref(1024), got(1024);
    for (int v = 0; v < 6; ++v) {
      std::vector<float> ms;
      for (int r = 0; r < 23; ++r) {
        CK(cudaMemset(c, 0, 1024 * 8));
        cudaEventRecord(e0);
        auto* c64 = reinterpret_cast<std::uint64_t*>(c);
        if (v == 0) histogram_kernel<unsigned, 8><<<sms * b[0], 128>>>(k, n, id, c64);
        if (v == 1) hist_nocodec<0, 1><<<sms * b[1], 128>>>(k, n, c64);
        if (v == 2) hist_cub<<<sms * b[2], 128>>>(k, n, c);
        if (v == 3) hist_nocodec<1, 1><<<sms * b[3], 128>>>(k, n, c64);
        if (v == 4) hist_nocodec<0, 2><<<sms * b[4], 128>>>(k, n, c64);
        if (v == 5) hist_nocodec<0, 4><<<sms * b[5], 128>>>(k, n, c64);
        cudaEventRecord(e1); CK(cudaEventSynchronize(e1)); CK(cudaGetLastError());
        float t; cudaEventElapsedTime(&t, e0, e1); if (r >= 3) ms.push_back(t);
      }
      CK(cudaMemcpy(got.data(), c, 1024 * 8, cudaMemcpyDeviceToHost));
      if (v == 0) ref = got;
      std::sort(ms.begin(), ms.end());
      printf("%-14s %-18s median %.1f us  min %.1f  %s\n", names[d], vn[v], ms[ms.size() / 2] * 1000, ms[0] * 1000, got == ref ? "same counts" : "COUNTS DIFFER");
    }
  }
  return 0;
}
