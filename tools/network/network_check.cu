// Device check of the sorting-network kernels pass by pass against the host emulation (network_emulate.hpp):
// reports the first pass whose device result differs. Run by hand on a GPU: network_check
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "network/network_emulate.hpp"
#include "network/network_sort.cuh"
#include "gsb/device_props.hpp"

namespace {

using namespace gsb;
using namespace gsb::network;

template <class T>
KeyType key_type_of() {
  return sizeof(T) == 1 ? KeyType::u8 : sizeof(T) == 2 ? KeyType::u16 : sizeof(T) == 4 ? KeyType::u32 : KeyType::u64;
}

template <Network Net, class Bits, class Value, arch::Band B>
bool check(std::uint64_t n, int distinct, std::uint64_t seed) {
  SortProblem p;
  p.key_type = key_type_of<Bits>();
  p.values = !has_values_v<Value> ? ValueMode::none : sizeof(Value) == 4 ? ValueMode::u32 : ValueMode::u64;
  p.n = n;
  using V = std::conditional_t<has_values_v<Value>, Value, std::uint32_t>;
  std::mt19937_64 rng(seed);
  std::vector<Bits> hk(n);
  std::vector<V> hv(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t r = rng();
    hk[i] = static_cast<Bits>(distinct ? (r % distinct) * 0x9E3779B97F4A7C15ull : r);
    hv[i] = static_cast<V>(i);
  }
  SortBuffers b;
  for (int h = 0; h < 2; ++h) {
    GSB_CUDA_TRY(cudaMalloc(&b.keys[h], n * sizeof(Bits)));
    GSB_CUDA_TRY(cudaMalloc(&b.values[h], n * sizeof(V)));
  }
  if (!has_values_v<Value>) b.values[0] = b.values[1] = nullptr;
  GSB_CUDA_TRY(cudaMemcpy(b.keys[0], hk.data(), n * sizeof(Bits), cudaMemcpyHostToDevice));
  if (b.values[0]) GSB_CUDA_TRY(cudaMemcpy(b.values[0], hv.data(), n * sizeof(V), cudaMemcpyHostToDevice));
  const Plan plan = make_plan(Net, n, device::Policy<Bits, Value, B>::plan_config());
  bool ok = true;
  std::vector<Bits> dk(n);
  std::vector<V> dv(n);
  for (std::size_t i = 0; i < plan.passes.size() && ok; ++i) {
    Plan one = plan;
    one.passes = {plan.passes[i]};
    one.passes[0].encode_keys = one.passes[0].decode_keys = false;  // unsigned ascending: identity anyway
    const int half = network_sort_plan<Net, Bits, Value, B>(one, p, b, [](std::size_t) {});
    GSB_CUDA_TRY(cudaDeviceSynchronize());
    if (half == 1) {
      GSB_CUDA_TRY(cudaMemcpy(b.keys[0], b.keys[1], n * sizeof(Bits), cudaMemcpyDeviceToDevice));
      if (b.values[0]) GSB_CUDA_TRY(cudaMemcpy(b.values[0], b.values[1], n * sizeof(V), cudaMemcpyDeviceToDevice));
    }
    emulate_plan(one, hk, has_values_v<Value> ? &hv : nullptr);
    GSB_CUDA_TRY(cudaMemcpy(dk.data(), b.keys[0], n * sizeof(Bits), cudaMemcpyDeviceToHost));
    if (b.values[0]) GSB_CUDA_TRY(cudaMemcpy(dv.data(), b.values[0], n * sizeof(V), cudaMemcpyDeviceToHost));
    std::uint64_t bad = 0, first = n;
    for (std::uint64_t j = 0; j < n; ++j) {
      if (dk[j] != hk[j] || (has_values_v<Value> && dv[j] != hv[j])) {
        if (first == n) first = j;
        ++bad;
      }
    }
    if (bad) {
      ok = false;
      std::printf("  MISMATCH %s n=%llu K%zu V%zu distinct=%d pass %zu (%s): %llu elements differ, first at %llu: "
                  "device %llu/%llu host %llu/%llu\n",
                  Net == Network::bitonic ? "bitonic" : "odd-even", (unsigned long long)n,
                  sizeof(Bits), has_values_v<Value> ? sizeof(Value) : 0, distinct, i, describe(plan.passes[i]).c_str(),
                  (unsigned long long)bad, (unsigned long long)first, (unsigned long long)dk[first],
                  (unsigned long long)dv[first], (unsigned long long)hk[first], (unsigned long long)hv[first]);
    }
  }
  if (ok)
    std::printf("  ok %s n=%llu K%zu V%zu distinct=%d (%zu passes)\n", Net == Network::bitonic ? "bitonic" : "odd-even",
                (unsigned long long)n, sizeof(Bits), has_values_v<Value> ? sizeof(Value) : 0, distinct,
                plan.passes.size());
  for (int h = 0; h < 2; ++h) {
    cudaFree(b.keys[h]);
    cudaFree(b.values[h]);
  }
  return ok;
}

template <Network Net, arch::Band B>
int check_band() {
  int bad = 0;
  // 2^18 + 3: row passes with the mirror across several tiles and a partial last tile.
  for (std::uint64_t n : {std::uint64_t{65535}, std::uint64_t{104729}, std::uint64_t{8193}, std::uint64_t{262147}})
    for (int distinct : {0, 3}) {
      bad += !check<Net, std::uint64_t, NoValue, B>(n, distinct, n + 1);
      bad += !check<Net, std::uint8_t, NoValue, B>(n, distinct, n + 2);
      bad += !check<Net, std::uint32_t, NoValue, B>(n, distinct, n + 3);
      bad += !check<Net, std::uint32_t, std::uint32_t, B>(n, distinct, n + 4);
      bad += !check<Net, std::uint32_t, std::uint64_t, B>(n, distinct, n + 5);
      bad += !check<Net, std::uint64_t, std::uint64_t, B>(n, distinct, n + 6);
    }
  return bad;
}

// Every configuration on the band the back-ends choose for this device (GSB_ARCH may hold it to an older one).
template <Network Net>
int check_all() {
  return arch::dispatch_band(policy_band(), [](auto band) { return check_band<Net, decltype(band)::value>(); });
}

}  // namespace

// network_check [all|bitonic]: both networks (default) or bitonic alone.
int main(int argc, char** argv) {
  try {
    const std::string which = argc > 1 ? argv[1] : "all";
    if (which != "all" && which != "bitonic")
      throw gsb::LogicError("network_check: expected all or bitonic, got " + which);
    int bad = check_all<Network::bitonic>();
    if (which == "all") bad += check_all<Network::odd_even_merge>();
    std::printf("network_check: %d failing configurations\n", bad);
    return bad ? 1 : 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
}
