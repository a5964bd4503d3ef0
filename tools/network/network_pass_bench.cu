// Per-pass timing of the sorting-network back-ends (u32 keys + u32 values): which pass costs what, against a
// device-to-device copy of the same bytes. Also checks the result on the host. Not a unit test: run it by
// hand on a GPU:  network_pass_bench [log2_n=24] [extra_n...]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

#include <cuda_runtime.h>

#include "network/network_sort.cuh"

namespace {

using gsb::network::Network;

__global__ void fill(std::uint32_t* k, std::uint32_t* v, std::uint64_t n, std::uint32_t seed) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x) {
    std::uint32_t x = std::uint32_t(i) * 0x9E3779B9u ^ seed;
    x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
    k[i] = x;
    v[i] = std::uint32_t(i);
  }
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <Network Net>
void bench(std::uint64_t n, bool per_pass) {
  gsb::SortProblem p;
  p.key_type = gsb::KeyType::u32;
  p.values = gsb::ValueMode::u32;
  p.n = n;
  gsb::SortBuffers b;
  for (int h = 0; h < 2; ++h) {
    GSB_CUDA_TRY(cudaMalloc(&b.keys[h], n * 4));
    GSB_CUDA_TRY(cudaMalloc(&b.values[h], n * 4));
  }
  const gsb::network::Plan plan = gsb::network::plan_for(Net, p);
  const std::size_t np = plan.passes.size();
  std::vector<cudaEvent_t> ev(np + 1);
  for (auto& e : ev) GSB_CUDA_TRY(cudaEventCreate(&e));
  auto refill = [&](std::uint32_t seed) {
    fill<<<1024, 256>>>(static_cast<std::uint32_t*>(b.keys[0]), static_cast<std::uint32_t*>(b.values[0]), n, seed);
    GSB_CHECK_LAUNCH();
  };
  // Correctness on the host first.
  refill(1);
  std::vector<std::uint32_t> in(n), k(n), v(n);
  GSB_CUDA_TRY(cudaMemcpy(in.data(), b.keys[0], n * 4, cudaMemcpyDeviceToHost));
  int half = gsb::network::network_sort_plan<Net, std::uint32_t, std::uint32_t>(plan, p, b, [](std::size_t) {});
  GSB_CUDA_TRY(cudaDeviceSynchronize());
  GSB_CUDA_TRY(cudaMemcpy(k.data(), b.keys[half], n * 4, cudaMemcpyDeviceToHost));
  GSB_CUDA_TRY(cudaMemcpy(v.data(), b.values[half], n * 4, cudaMemcpyDeviceToHost));
  bool ok = std::is_sorted(k.begin(), k.end());
  std::vector<char> seen(n, 0);
  for (std::uint64_t i = 0; i < n && ok; ++i) {
    ok = v[i] < n && !seen[v[i]] && in[v[i]] == k[i];
    if (v[i] < n) seen[v[i]] = 1;
  }
  // Timed: events after every pass; input restored (not timed) before each repetition.
  const int reps = 10;
  std::vector<std::vector<double>> pass_ms(np);
  std::vector<double> total_ms;
  for (int r = 0; r < reps + 2; ++r) {
    refill(std::uint32_t(r + 7));
    GSB_CUDA_TRY(cudaEventRecord(ev[0]));
    gsb::network::network_sort_plan<Net, std::uint32_t, std::uint32_t>(
        plan, p, b, [&](std::size_t i) { GSB_CUDA_TRY(cudaEventRecord(ev[i + 1])); });
    GSB_CUDA_TRY(cudaEventSynchronize(ev[np]));
    if (r < 2) continue;  // warm-up
    for (std::size_t i = 0; i < np; ++i) {
      float ms = 0;
      GSB_CUDA_TRY(cudaEventElapsedTime(&ms, ev[i], ev[i + 1]));
      pass_ms[i].push_back(ms);
    }
    float ms = 0;
    GSB_CUDA_TRY(cudaEventElapsedTime(&ms, ev[0], ev[np]));
    total_ms.push_back(ms);
  }
  std::uint64_t bytes = 0;
  std::printf("%s n=%llu: %zu passes, result %s\n", Net == Network::bitonic ? "bitonic" : "odd-even-merge",
              (unsigned long long)n, np, ok ? "CORRECT" : "WRONG");
  for (std::size_t i = 0; i < np; ++i) {
    const std::uint64_t pb = gsb::network::pass_bytes(plan, plan.passes[i], 8);
    bytes += pb;
    if (per_pass)
      std::printf("  %2zu %-48s %8.1f MB %8.4f ms %7.0f GB/s\n", i, gsb::network::describe(plan.passes[i]).c_str(),
                  pb / 1e6, median(pass_ms[i]), pb / median(pass_ms[i]) / 1e6);
  }
  const double t = median(total_ms);
  std::printf("  total %.4f ms (median of %d), %.3f G pairs/s, %.2f GB moved, %.0f GB/s average\n", t, reps,
              n / t / 1e6, bytes / 1e9, bytes / t / 1e6);
  for (auto& e : ev) GSB_CUDA_TRY(cudaEventDestroy(e));
  for (int h = 0; h < 2; ++h) {
    GSB_CUDA_TRY(cudaFree(b.keys[h]));
    GSB_CUDA_TRY(cudaFree(b.values[h]));
  }
}

void copy_bandwidth(std::uint64_t bytes) {
  void *a, *c;
  GSB_CUDA_TRY(cudaMalloc(&a, bytes));
  GSB_CUDA_TRY(cudaMalloc(&c, bytes));
  GSB_CUDA_TRY(cudaMemset(a, 1, bytes));
  cudaEvent_t e0, e1;
  GSB_CUDA_TRY(cudaEventCreate(&e0));
  GSB_CUDA_TRY(cudaEventCreate(&e1));
  std::vector<double> ms;
  for (int r = 0; r < 12; ++r) {
    GSB_CUDA_TRY(cudaEventRecord(e0));
    GSB_CUDA_TRY(cudaMemcpyAsync(c, a, bytes, cudaMemcpyDeviceToDevice));
    GSB_CUDA_TRY(cudaEventRecord(e1));
    GSB_CUDA_TRY(cudaEventSynchronize(e1));
    float m = 0;
    GSB_CUDA_TRY(cudaEventElapsedTime(&m, e0, e1));
    if (r >= 2) ms.push_back(m);
  }
  std::printf("device-to-device copy of %.0f MB: %.4f ms, %.0f GB/s (read + write)\n", bytes / 1e6, median(ms),
              2 * bytes / median(ms) / 1e6);
  GSB_CUDA_TRY(cudaFree(a));
  GSB_CUDA_TRY(cudaFree(c));
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const int log2_n = argc > 1 ? std::atoi(argv[1]) : 24;
    const std::uint64_t n = std::uint64_t{1} << log2_n;
    // GSB_PASS_BENCH_OEM: 0 = bitonic only, 1 (default) = odd-even merge per pass at 2^log2_n too, 2 = also at
    // the extra sizes.
    const char* oem_env = std::getenv("GSB_PASS_BENCH_OEM");
    const int oem = oem_env ? std::atoi(oem_env) : 1;
    copy_bandwidth(n * 8);
    bench<Network::bitonic>(n, true);
    if (oem >= 1) bench<Network::odd_even_merge>(n, true);
    for (int i = 2; i < argc; ++i) {
      const std::uint64_t m = std::strtoull(argv[i], nullptr, 10);
      bench<Network::bitonic>(m, false);
      if (oem >= 2) bench<Network::odd_even_merge>(m, false);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
