// Tuning harness for merge-samples (built on request: cmake --build build/release --target merge_samples_tune):
// times several Policy variants of the same kernels against cub::DeviceMergeSort in one process, checks each
// result against CUB's (both stable, so outputs must be identical), and prints the per-stage split.
// Usage: merge_samples_tune [n]   (default 1e8)
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cub/device/device_merge_sort.cuh>

#include "merge/merge_samples.cuh"

using namespace gsb;

#define CK(x) GSB_CUDA_TRY(x)

struct Less {
  template <class T> __device__ bool operator()(const T& a, const T& b) const { return a < b; }
};

__global__ void fill_kernel(std::uint32_t* k, std::uint32_t* v, std::uint64_t n, std::uint64_t seed) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x) {
    std::uint64_t x = (i + seed) * 0x9E3779B97F4A7C15ull;
    x ^= x >> 31; x *= 0xBF58476D1CE4E5B9ull; x ^= x >> 29;
    k[i] = static_cast<std::uint32_t>(x >> 32);
    if (v) v[i] = static_cast<std::uint32_t>(i);
  }
}

struct Bufs {
  std::uint64_t n;
  std::uint32_t *k0, *k1, *v0, *v1, *kin, *vin, *kref, *vref;
  void* temp; std::size_t temp_bytes;
};

template <class F>
float time_median(const Bufs& b, bool values, F&& f, int reps = 9) {
  cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  std::vector<float> ts;
  for (int r = 0; r < reps + 2; ++r) {
    CK(cudaMemcpy(b.k0, b.kin, b.n * 4, cudaMemcpyDeviceToDevice));
    if (values) CK(cudaMemcpy(b.v0, b.vin, b.n * 4, cudaMemcpyDeviceToDevice));
    CK(cudaDeviceSynchronize());
    CK(cudaEventRecord(e0));
    f();
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms; CK(cudaEventElapsedTime(&ms, e0, e1));
    if (r >= 2) ts.push_back(ms);
  }
  std::sort(ts.begin(), ts.end());
  return ts[ts.size() / 2];
}

template <class V, class P>
void variant(const char* name, Bufs& b, float cub_ms) {
  SortProblem p; p.key_type = KeyType::u32; p.values = std::is_same_v<V, NoValue> ? ValueMode::none : ValueMode::u32; p.n = b.n;
  const bool values = !std::is_same_v<V, NoValue>;
  SortBuffers sb; sb.keys[0] = b.k0; sb.keys[1] = b.k1;
  if (values) { sb.values[0] = b.v0; sb.values[1] = b.v1; }
  sb.temp = b.temp; sb.temp_bytes = merge::samples::temp_bytes_for<std::uint32_t, V, P>(b.n);
  int half = 0;
  const float ms = time_median(b, values, [&] { half = merge::samples::sort<std::uint32_t, V, P>(p, sb); });
  // Check against CUB's (stable) result.
  std::uint32_t* outk = half ? b.k1 : b.k0;
  std::uint32_t* outv = half ? b.v1 : b.v0;
  std::vector<std::uint32_t> h(b.n), r(b.n);
  CK(cudaMemcpy(h.data(), outk, b.n * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(r.data(), b.kref, b.n * 4, cudaMemcpyDeviceToHost));
  bool ok = h == r;
  if (values) {
    CK(cudaMemcpy(h.data(), outv, b.n * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(r.data(), b.vref, b.n * 4, cudaMemcpyDeviceToHost));
    ok = ok && h == r;
  }
  // Stage split: tile sort alone.
  const float tile_ms = time_median(b, values, [&] {
    using T = typename P::Tile;
    merge::samples::tile_sort_kernel<std::uint32_t, V, T>
        <<<unsigned((b.n + T::tile - 1) / T::tile), T::tile_threads, merge::samples::tile_smem_bytes<std::uint32_t, V, T>()>>>(
            b.k0, values ? (const V*)b.v0 : nullptr, b.k1, values ? (V*)b.v1 : nullptr, b.n, make_codec<std::uint32_t>(KeyType::u32, Order::asc), false);
  }, 5);
  struct { int passes = 0, launches = 1; } pl;  // the tile sort, then a merge launch a pass (and a rank launch if ranked)
  for (std::uint64_t w = P::tile; w < b.n; w *= 2) {
    ++pl.passes;
    pl.launches += merge::samples::pass_is_ranked(w) ? 2 : 1;
  }
  const double bytes_per_key = (values ? 8.0 : 4.0) * 2 * (1 + pl.passes);
  std::printf("%-34s n=%llu %s: %8.3f ms  %6.2f Gkeys/s  ratio_vs_cub=%.3f  tile_sort=%.3f ms  passes=%d launches=%d  per_pass=%.3f ms  eff_GBps=%.0f  %s\n",
              name, (unsigned long long)b.n, values ? "kv" : "k ", ms, b.n / ms / 1e6, cub_ms / ms, tile_ms, pl.passes, pl.launches,
              (ms - tile_ms) / std::max(1, pl.passes), bytes_per_key * b.n / ms / 1e6, ok ? "OK" : "MISMATCH");
}

int main(int argc, char** argv) {
  const std::uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100000000ull;
  Bufs b{}; b.n = n;
  for (auto p : {&b.k0, &b.k1, &b.v0, &b.v1, &b.kin, &b.vin, &b.kref, &b.vref}) CK(cudaMalloc(p, n * 4));
  b.temp_bytes = 64ull << 20; CK(cudaMalloc(&b.temp, b.temp_bytes));
  fill_kernel<<<1024, 256>>>(b.kin, b.vin, n, 12345);
  CK(cudaDeviceSynchronize());
  // Copy bandwidth: read + write bytes.
  {
    cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
    std::vector<float> ts;
    for (int r = 0; r < 7; ++r) { CK(cudaEventRecord(e0)); CK(cudaMemcpy(b.k0, b.kin, n * 4, cudaMemcpyDeviceToDevice)); CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1)); float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); ts.push_back(ms); }
    std::sort(ts.begin(), ts.end());
    std::printf("copy n=%llu u32: %.3f ms = %.0f GB/s (read+write)\n", (unsigned long long)n, ts[3], 8.0 * n / ts[3] / 1e6);
  }
  // CUB keys-only and pairs.
  void* cub_temp = nullptr; std::size_t cub_bytes = 0, cub_bytes2 = 0;
  CK(cub::DeviceMergeSort::SortKeys(nullptr, cub_bytes, b.k0, (long long)n, Less{}));
  CK(cub::DeviceMergeSort::SortPairs(nullptr, cub_bytes2, b.k0, b.v0, (long long)n, Less{}));
  CK(cudaMalloc(&cub_temp, std::max(cub_bytes, cub_bytes2)));
  const float cub_k = time_median(b, false, [&] { CK(cub::DeviceMergeSort::SortKeys(cub_temp, cub_bytes, b.k0, (long long)n, Less{})); });
  CK(cudaMemcpy(b.kref, b.k0, n * 4, cudaMemcpyDeviceToDevice));
  std::printf("cub-merge SortKeys  n=%llu: %8.3f ms  %6.2f Gkeys/s\n", (unsigned long long)n, cub_k, n / cub_k / 1e6);
  using namespace merge::samples;
  const bool quick = argc > 2;  // only the defaults (for ncu)
  // Policy<tile threads, tile items, merge threads, merge items, sample stride, merge kernel min blocks/SM>.
  variant<NoValue, DefaultPolicy<std::uint32_t, NoValue>::type>("k  default", b, cub_k);
  if (!quick) {
    variant<NoValue, Policy<1024, 32, 256, 16, 8192, 1>>("k  1024x32 / 256x16 unbounded", b, cub_k);
    variant<NoValue, Policy<1024, 32, 256, 16, 8192, 6>>("k  1024x32 / 256x16 min 6", b, cub_k);
    variant<NoValue, Policy<512, 16, 256, 16, 8192, 8>>("k  512x16 / 256x16 min 8", b, cub_k);
    variant<NoValue, Policy<1024, 32, 256, 16, 4096, 8>>("k  1024x32 / 256x16 min 8 stride 4096", b, cub_k);
  }
  const float cub_kv = time_median(b, true, [&] { CK(cub::DeviceMergeSort::SortPairs(cub_temp, cub_bytes2, b.k0, b.v0, (long long)n, Less{})); });
  CK(cudaMemcpy(b.kref, b.k0, n * 4, cudaMemcpyDeviceToDevice));
  CK(cudaMemcpy(b.vref, b.v0, n * 4, cudaMemcpyDeviceToDevice));
  std::printf("cub-merge SortPairs n=%llu: %8.3f ms  %6.2f Gkeys/s\n", (unsigned long long)n, cub_kv, n / cub_kv / 1e6);
  variant<std::uint32_t, DefaultPolicy<std::uint32_t, std::uint32_t>::type>("kv default", b, cub_kv);
  if (!quick) {
    variant<std::uint32_t, Policy<512, 16, 256, 16, 8192, 1>>("kv 512x16 / 256x16 unbounded", b, cub_kv);
    variant<std::uint32_t, Policy<512, 16, 256, 16, 8192, 4>>("kv 512x16 / 256x16 min 4", b, cub_kv);
    variant<std::uint32_t, Policy<512, 16, 256, 16, 8192, 6>>("kv 512x16 / 256x16 min 6", b, cub_kv);
  }
  return 0;
}
