// Standalone check-and-time harness for the radix family, for use before (or beside) the project driver.
//   radix_bench check [full|quick] [name]  radix back-ends against a host stable sort: key types, value modes,
//                                          orders, edge sizes, distributions (small n)
//   radix_bench sanity x [name]            a few cases per back-end, for compute-sanitizer
//   radix_bench big                        `radix` across a lookback portion boundary and beyond 2^32 keys
//   radix_bench hybrid                     `radix` (hybrid path) equal to `radix-lsd`, 4-byte keys, n to 2^27
//   radix_bench perf [n] [reps]            `radix` (and experimental tunings) against cub::DeviceRadixSort on
//                                          the same data and buffers, CUDA events, median of reps; ladder at n/10
//   radix_bench profile [n]                one run of `radix` and of CUB on u32 keys, for ncu
//   radix_bench pairs [n,n,..] [reps]      the LSD passes of pairs against their shape variants (issue 19)
//   radix_bench prefetch [n,n,..] [reps]   the kept shapes at other L2 prefetch distances (pairs get none, whatever
//                                          the variant, where the DRAM per SM is under policy.cuh's threshold)
//   radix_bench counting [n,n,..] [reps]   the counting sort of u8/u16 keys with fill_kernel's shapes
//   radix_bench small [n,n,..] [reps]      the one-block kernel at 2049-4864 keys, launched alone, digit widths
//   radix_bench segments [n,n,..] [reps]   the segment sort's block in other shapes over about n pairs, launched alone
// Not part of the library and not registered; built only on request (tests/radix/CMakeLists.txt).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <cub/device/device_radix_sort.cuh>

#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"
#include "gsb/key_codec.hpp"
#include "radix/onesweep/dispatch.cuh"
#include "radix/onesweep/segment_sort.cuh"

using namespace gsb;

namespace {

#define CK(call) GSB_CUDA_TRY(call)

int g_failures = 0;
bool g_variants = true;  // also time the experimental tunings
bool g_small = false;    // also time the one-block kernel launched directly (mode small)
bool g_prefetch = false; // also time the kept tuning with other L2 prefetch distances (mode prefetch)
bool g_digits = false;   // also time u32+u32's LSD passes with 9- to 11-bit digits (mode digits)

// A pass policy with other digits, keys per thread and blocks an SM (mode digits), the rest of it kept.
template <class P, int RadixBits, int Items, int MinBlocks>
using WithDigits = gsb::radix::onesweep::ReshapedPolicy<P, RadixBits, P::threads, Items, MinBlocks>;

// A pass policy with another L2 prefetch distance (eighths of the resident blocks; 0: none).
template <class P, int PrefetchWavesPer8>
using WithPrefetch = gsb::radix::onesweep::PassPolicy<P::radix_bits, P::threads, P::items, P::min_blocks, P::window,
                                                      P::late_values, PrefetchWavesPer8, P::band, P::look_back_step>;

struct DeviceBuffers {
  void* keys[2] = {nullptr, nullptr};
  void* values[2] = {nullptr, nullptr};
  void* temp = nullptr;
  std::size_t temp_bytes = 0;
  void release() {
    for (void* p : {keys[0], keys[1], values[0], values[1], temp})
      if (p) cudaFree(p);
    *this = DeviceBuffers{};
  }
};

// ---------------------------------------------------------------------------------------------------------
// check: host reference

std::vector<std::uint64_t> make_keys(std::size_t n, int bytes, int dist, std::mt19937_64& rng) {
  std::vector<std::uint64_t> k(n);
  const std::uint64_t mask = bytes == 8 ? ~0ull : ((1ull << (8 * bytes)) - 1);
  const std::uint64_t constant = rng();
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t x;
    switch (dist) {
      case 0: x = rng(); break;                       // uniform bits (floats: NaNs too, sorted by totalOrder)
      case 1: x = rng() & rng() & rng(); break;       // low entropy (0.544 bits per bit)
      case 2: x = constant; break;                    // every key equal: every pass skippable
      case 4: x = rng() % 16384 == 0 ? constant : rng(); break;  // uniform, one key planted n / 16384 times
      default: x = (rng() % 16) << (8 * bytes - 8); break;  // few distinct keys, differing in the top byte
    }
    k[i] = x & mask;
  }
  return k;
}

template <class Bits>
void upload_keys(const std::vector<std::uint64_t>& k, void* dst) {
  std::vector<Bits> t(k.size());
  for (std::size_t i = 0; i < k.size(); ++i) t[i] = static_cast<Bits>(k[i]);
  CK(cudaMemcpy(dst, t.data(), t.size() * sizeof(Bits), cudaMemcpyHostToDevice));
}

template <class Bits, class Value>
bool check_one(const Backend& be, const SortProblem& p, const std::vector<std::uint64_t>& raw, DeviceBuffers& d) {
  const std::size_t n = raw.size();
  upload_keys<Bits>(raw, d.keys[0]);
  CK(cudaMemset(d.keys[1], 0xA5, std::max<std::size_t>(n, 1) * sizeof(Bits)));  // poison the scratch half
  if constexpr (has_values_v<Value>) {
    std::vector<Value> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<Value>(i);
    CK(cudaMemcpy(d.values[0], v.data(), n * sizeof(Value), cudaMemcpyHostToDevice));
    CK(cudaMemset(d.values[1], 0xA5, std::max<std::size_t>(n, 1) * sizeof(Value)));
  }
  SortBuffers b;
  b.keys[0] = d.keys[0];
  b.keys[1] = d.keys[1];
  b.values[0] = has_values_v<Value> ? d.values[0] : nullptr;
  b.values[1] = has_values_v<Value> ? d.values[1] : nullptr;
  b.temp = d.temp;
  b.temp_bytes = d.temp_bytes;
  const int half = be.run(p, b);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<Bits> got(n);
  CK(cudaMemcpy(got.data(), d.keys[half], n * sizeof(Bits), cudaMemcpyDeviceToHost));
  std::vector<Value> got_v;
  if constexpr (has_values_v<Value>) {
    got_v.resize(n);
    CK(cudaMemcpy(got_v.data(), d.values[half], n * sizeof(Value), cudaMemcpyDeviceToHost));
  }
  // Reference: stable sort of the indices by encoded key.
  const KeyCodec<Bits> codec = make_codec<Bits>(p.key_type, p.order);
  std::vector<std::uint32_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = static_cast<std::uint32_t>(i);
  std::stable_sort(idx.begin(), idx.end(), [&](std::uint32_t a, std::uint32_t b2) {
    return codec.encode(static_cast<Bits>(raw[a])) < codec.encode(static_cast<Bits>(raw[b2]));
  });
  for (std::size_t i = 0; i < n; ++i) {
    const Bits want = static_cast<Bits>(raw[idx[i]]);
    bool ok = got[i] == want;
    if constexpr (has_values_v<Value>) ok = ok && got_v[i] == static_cast<Value>(idx[i]);
    if (!ok) {
      std::printf("FAIL %s %s at %zu: key %llx want %llx", be.info().name.c_str(), describe(p).c_str(), i,
                  static_cast<unsigned long long>(got[i]), static_cast<unsigned long long>(want));
      if constexpr (has_values_v<Value>)
        std::printf(" value %llu want %u", static_cast<unsigned long long>(got_v[i]), idx[i]);
      std::printf("\n");
      ++g_failures;
      return false;
    }
  }
  return true;
}

// mode: 0 full, 1 quick ladder (fewer key types), 2 sanity (few cases, for compute-sanitizer); only: one name
int run_check(int mode, const std::string& only) {
  const bool quick_ladder = mode >= 1;
  const bool sanity = mode == 2;
  std::mt19937_64 rng(12345);
  const std::vector<std::string> names = {"radix",           "radix-naive",       "radix-shared",
                                          "radix-multibit",  "radix-multibit-r1", "radix-multibit-r3",
                                          "radix-multibit-r8", "radix-coarse"};
  const std::vector<std::size_t> sizes_full = {0,    1,    2,    31,   1000, 4607,  4608,  4609,  6143,
                                               6144, 6145, 7679, 7680, 7681, 12289, 15361, 100003, 300007};
  const std::vector<std::size_t> sizes_sanity = {1, 1000, 7681, 20001};
  const std::vector<std::size_t> sizes_ladder = {1, 257, 2049, 100003};
  const std::size_t max_n = 300007;
  DeviceBuffers d;
  for (int h = 0; h < 2; ++h) {
    CK(cudaMalloc(&d.keys[h], max_n * 8));
    CK(cudaMalloc(&d.values[h], max_n * 8));
  }
  int runs = 0;
  for (const std::string& name : names) {
    if (!only.empty() && name != only) continue;
    const Backend* be = Registry::instance().find(name);
    if (!be) {
      std::printf("FAIL back-end %s not registered\n", name.c_str());
      ++g_failures;
      continue;
    }
    const bool ladder = name != "radix";
    const auto& sizes = sanity ? sizes_sanity : ladder ? sizes_ladder : sizes_full;
    const auto t0 = std::chrono::steady_clock::now();
    int fails_before = g_failures;
    for (KeyType kt : all_key_types) {
      if (sanity && !(kt == KeyType::u32 || kt == KeyType::f64)) continue;
      if (ladder && quick_ladder && !(kt == KeyType::u32 || kt == KeyType::i64 || kt == KeyType::f32 ||
                                       kt == KeyType::u8))
        continue;
      for (ValueMode vm : all_value_modes)
        for (Order o : all_orders)
          for (std::size_t n : sizes)
            for (int dist = 0; dist < 4; ++dist) {
              if ((ladder || sanity) && (dist == 1 || dist == 3)) continue;
              SortProblem p;
              p.key_type = kt;
              p.values = vm;
              p.order = o;
              p.n = n;
              const std::string why = be->unsupported_reason(p, RunOptions{});
              if (!why.empty()) {
                std::printf("FAIL %s refuses %s: %s\n", name.c_str(), describe(p).c_str(), why.c_str());
                ++g_failures;
                continue;
              }
              const std::size_t tb = be->temp_bytes(p);
              if (tb > d.temp_bytes) {
                if (d.temp) CK(cudaFree(d.temp));
                CK(cudaMalloc(&d.temp, tb));
                d.temp_bytes = tb;
              }
              const auto raw = make_keys(n, static_cast<int>(key_bytes(kt)), dist, rng);
              dispatch_problem(p, [&](auto kb, auto vb) {
                return check_one<typename decltype(kb)::type, typename decltype(vb)::type>(*be, p, raw, d);
              });
              ++runs;
            }
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("check %-18s %s (%.1f s)\n", name.c_str(), g_failures == fails_before ? "ok" : "FAILED", s);
  }
  d.release();
  std::printf("check: %d runs, %d failures\n", runs, g_failures);
  return g_failures;
}

// ---------------------------------------------------------------------------------------------------------
// device data for big and perf runs

__global__ void fill_kernel(void* out, std::uint64_t n, int bytes, int kind, std::uint64_t seed) {
  for (std::uint64_t i = blockIdx.x * static_cast<std::uint64_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::uint64_t>(gridDim.x) * blockDim.x) {
    std::uint64_t z = (i + seed) * 0x9E3779B97F4A7C15ull;  // splitmix64
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    switch (kind) {
      case 0:  // uniform bits of the key width
        if (bytes == 1) static_cast<std::uint8_t*>(out)[i] = static_cast<std::uint8_t>(z);
        else if (bytes == 2) static_cast<std::uint16_t*>(out)[i] = static_cast<std::uint16_t>(z);
        else if (bytes == 4) static_cast<std::uint32_t*>(out)[i] = static_cast<std::uint32_t>(z);
        else static_cast<std::uint64_t*>(out)[i] = z;
        break;
      case 1:  // uniform f32 in [-1e6, 1e6)
        static_cast<float*>(out)[i] = static_cast<float>((z >> 11) * 0x1.0p-53 * 2e6 - 1e6);
        break;
      case 2:  // values: the index
        if (bytes == 4) static_cast<std::uint32_t*>(out)[i] = static_cast<std::uint32_t>(i);
        else static_cast<std::uint64_t*>(out)[i] = i;
        break;
    }
  }
}

void fill(void* out, std::uint64_t n, int bytes, int kind, std::uint64_t seed) {
  fill_kernel<<<2048, 256>>>(out, n, bytes, kind, seed);
  CK(cudaGetLastError());
}

float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// ---------------------------------------------------------------------------------------------------------
// big: radix across a portion boundary (vs CUB) and n > 2^32 (sortedness + histogram)

// hybrid: `radix` (which takes its hybrid path for 4-byte keys, with or without values, hybrid.hpp)
// against `radix-lsd` (LSD passes only, checked by check and the conformance suite) on the same input: both are
// stable, so their outputs (keys, and values: each key's input index) must be equal bit for bit. Sizes from the
// path's smallest n to one look-back portion; uniform keys take the hybrid path, the skewed distributions its
// fallback.
int run_hybrid() {
  const std::vector<std::uint64_t> sizes = {65536, 65537, 104729, 1000003, 3000017, 16777259, 100000000,
                                            radix::onesweep::max_portion_items};
  const std::uint64_t max_n = sizes.back();
  const Backend* hybrid = Registry::instance().find("radix");
  const Backend* lsd = Registry::instance().find("radix-lsd");
  // Values are each key's input index, as u32 or u64; the value buffers hold either.
  std::uint32_t *in, *in_v32, *in_v64, *k[2], *l[2], *kv[2], *lv[2];
  CK(cudaMalloc(&in, max_n * 4));
  CK(cudaMalloc(&in_v32, max_n * 4));
  CK(cudaMalloc(&in_v64, max_n * 8));
  for (int h = 0; h < 2; ++h) {
    CK(cudaMalloc(&k[h], max_n * 4));
    CK(cudaMalloc(&l[h], max_n * 4));
    CK(cudaMalloc(&kv[h], max_n * 8));
    CK(cudaMalloc(&lv[h], max_n * 8));
  }
  {
    std::vector<std::uint32_t> index(max_n);
    for (std::uint64_t i = 0; i < max_n; ++i) index[i] = static_cast<std::uint32_t>(i);
    CK(cudaMemcpy(in_v32, index.data(), max_n * 4, cudaMemcpyHostToDevice));
    std::vector<std::uint64_t> index64(max_n);
    for (std::uint64_t i = 0; i < max_n; ++i) index64[i] = i | (i << 40);  // high words differ too
    CK(cudaMemcpy(in_v64, index64.data(), max_n * 8, cudaMemcpyHostToDevice));
  }
  std::mt19937_64 rng(777);
  int cases = 0;
  std::vector<std::uint32_t> a, b;
  auto differ = [&](const std::uint32_t* x, const std::uint32_t* y, std::uint64_t n) -> std::int64_t {  // n words
    a.resize(n);
    b.resize(n);
    CK(cudaMemcpy(a.data(), x, n * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(b.data(), y, n * 4, cudaMemcpyDeviceToHost));
    const auto mis = std::mismatch(a.begin(), a.end(), b.begin());
    return mis.first == a.end() ? -1 : static_cast<std::int64_t>(mis.first - a.begin());
  };
  for (std::uint64_t n : sizes) {
    // dist 4 plants one key n / 16384 times: too rare for the sample to see, but from 1e8 keys its bucket
    // outgrows a block, so the plan empties the passes and the host falls back after the read-back.
    for (int dist = 0; dist < 5; ++dist) {
      if (n > 3000017 && dist != 0 && dist != 4) continue;  // the sample's fallback sizes stay small
      const std::vector<std::uint64_t> raw = make_keys(n, 4, dist, rng);
      upload_keys<std::uint32_t>(raw, in);
      for (ValueMode vm : {ValueMode::none, ValueMode::u32, ValueMode::u64})
        for (KeyType kt : {KeyType::u32, KeyType::i32, KeyType::f32})
          for (Order o : all_orders) {
            if (vm != ValueMode::none && kt == KeyType::i32) continue;  // the codec is covered by keys-only
            const bool with_values = vm != ValueMode::none;
            const std::uint64_t value_words = vm == ValueMode::u64 ? 2 : 1;
            const std::uint32_t* in_v = vm == ValueMode::u64 ? in_v64 : in_v32;
            SortProblem p{kt, vm, o, n};
            std::uint32_t* out[2];
            std::uint32_t* out_v[2] = {nullptr, nullptr};
            for (int which = 0; which < 2; ++which) {
              const Backend* be = which == 0 ? hybrid : lsd;
              std::uint32_t** buf = which == 0 ? k : l;
              std::uint32_t** vbuf = which == 0 ? kv : lv;
              const std::size_t tb = be->temp_bytes(p);
              void* temp;
              CK(cudaMalloc(&temp, std::max<std::size_t>(tb, 1)));
              CK(cudaMemcpy(buf[0], in, n * 4, cudaMemcpyDeviceToDevice));
              if (with_values) CK(cudaMemcpy(vbuf[0], in_v, n * 4 * value_words, cudaMemcpyDeviceToDevice));
              SortBuffers sb{{buf[0], buf[1]},
                             {with_values ? vbuf[0] : nullptr, with_values ? vbuf[1] : nullptr},
                             temp,
                             tb,
                             nullptr};
              const int half = be->run(p, sb);
              CK(cudaGetLastError());
              CK(cudaDeviceSynchronize());
              CK(cudaFree(temp));
              out[which] = buf[half];
              out_v[which] = vbuf[half];
            }
            ++cases;
            const std::int64_t at = differ(out[0], out[1], n);
            const std::int64_t at_v = with_values && at < 0 ? differ(out_v[0], out_v[1], n * value_words) : -1;
            if (at >= 0 || at_v >= 0) {
              const std::size_t i = static_cast<std::size_t>(at >= 0 ? at : at_v);
              std::printf("FAIL hybrid %s %s %s n=%llu dist %d: %s at index %zu: radix %08x radix-lsd %08x\n",
                          to_string(kt).data(), to_string(vm).data(), to_string(o).data(),
                          static_cast<unsigned long long>(n), dist, at >= 0 ? "key" : "value", i, a[i], b[i]);
              ++g_failures;
            }
          }
    }
    std::printf("hybrid n=%llu: %d cases so far, %d failures\n", static_cast<unsigned long long>(n), cases, g_failures);
  }
  CK(cudaFree(in));
  CK(cudaFree(in_v32));
  CK(cudaFree(in_v64));
  for (int h = 0; h < 2; ++h) {
    CK(cudaFree(k[h]));
    CK(cudaFree(l[h]));
    CK(cudaFree(kv[h]));
    CK(cudaFree(lv[h]));
  }
  return g_failures;
}

int run_big() {
  int fails = 0;
  {
    const std::uint64_t n = (std::uint64_t{1} << 27) + 99991;  // > one lookback portion
    SortProblem p{KeyType::u32, ValueMode::u32, Order::asc, n};
    const Backend* be = Registry::instance().find("radix");
    DeviceBuffers d;
    for (int h = 0; h < 2; ++h) {
      CK(cudaMalloc(&d.keys[h], n * 4));
      CK(cudaMalloc(&d.values[h], n * 4));
    }
    d.temp_bytes = be->temp_bytes(p);
    CK(cudaMalloc(&d.temp, d.temp_bytes));
    std::uint32_t *ck[2], *cv[2];
    for (int h = 0; h < 2; ++h) {
      CK(cudaMalloc(&ck[h], n * 4));
      CK(cudaMalloc(&cv[h], n * 4));
    }
    fill(d.keys[0], n, 4, 0, 7);
    fill(d.values[0], n, 4, 2, 0);
    CK(cudaMemcpy(ck[0], d.keys[0], n * 4, cudaMemcpyDeviceToDevice));
    CK(cudaMemcpy(cv[0], d.values[0], n * 4, cudaMemcpyDeviceToDevice));
    SortBuffers b{{d.keys[0], d.keys[1]}, {d.values[0], d.values[1]}, d.temp, d.temp_bytes, nullptr};
    const int half = be->run(p, b);
    cub::DoubleBuffer<std::uint32_t> dk(ck[0], ck[1]), dv(cv[0], cv[1]);
    std::size_t cub_bytes = 0;
    CK(cub::DeviceRadixSort::SortPairs(nullptr, cub_bytes, dk, dv, static_cast<std::int64_t>(n)));
    void* cub_temp;
    CK(cudaMalloc(&cub_temp, cub_bytes));
    CK(cub::DeviceRadixSort::SortPairs(cub_temp, cub_bytes, dk, dv, static_cast<std::int64_t>(n)));
    CK(cudaDeviceSynchronize());
    std::vector<std::uint32_t> a(n), c(n);
    CK(cudaMemcpy(a.data(), d.keys[half], n * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(c.data(), dk.Current(), n * 4, cudaMemcpyDeviceToHost));
    bool ok = a == c;
    CK(cudaMemcpy(a.data(), d.values[half], n * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(c.data(), dv.Current(), n * 4, cudaMemcpyDeviceToHost));
    ok = ok && a == c;
    std::printf("big: radix u32+u32 n=%llu (2 portions) vs cub: %s\n", static_cast<unsigned long long>(n),
                ok ? "ok" : "FAILED");
    fails += !ok;
    CK(cudaFree(cub_temp));
    for (int h = 0; h < 2; ++h) {
      CK(cudaFree(ck[h]));
      CK(cudaFree(cv[h]));
    }
    d.release();
  }
  {
    const std::uint64_t n = (std::uint64_t{1} << 32) + 4097;  // beyond 32-bit indexing
    SortProblem p{KeyType::u8, ValueMode::none, Order::desc, n};
    const Backend* be = Registry::instance().find("radix");
    DeviceBuffers d;
    CK(cudaMalloc(&d.keys[0], n));
    CK(cudaMalloc(&d.keys[1], n));
    d.temp_bytes = be->temp_bytes(p);
    CK(cudaMalloc(&d.temp, d.temp_bytes));
    fill(d.keys[0], n, 1, 0, 11);
    std::vector<std::uint8_t> h(n);
    CK(cudaMemcpy(h.data(), d.keys[0], n, cudaMemcpyDeviceToHost));
    std::vector<std::uint64_t> hist_in(256, 0), hist_out(256, 0);
    for (std::uint64_t i = 0; i < n; ++i) ++hist_in[h[i]];
    SortBuffers b{{d.keys[0], d.keys[1]}, {nullptr, nullptr}, d.temp, d.temp_bytes, nullptr};
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    CK(cudaEventRecord(e0));
    const int half = be->run(p, b);
    CK(cudaEventRecord(e1));
    CK(cudaDeviceSynchronize());
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    CK(cudaMemcpy(h.data(), d.keys[half], n, cudaMemcpyDeviceToHost));
    bool ok = true;
    for (std::uint64_t i = 0; i < n; ++i) {
      ++hist_out[h[i]];
      if (i && h[i] > h[i - 1]) ok = false;
    }
    ok = ok && hist_in == hist_out;
    std::printf("big: radix u8 desc n=%llu (2^32+4097): %s, %.2f ms (cold, one run)\n",
                static_cast<unsigned long long>(n), ok ? "ok" : "FAILED", ms);
    fails += !ok;
    d.release();
  }
  g_failures += fails;
  return fails;
}

// ---------------------------------------------------------------------------------------------------------
// perf

// Times fn() reps times after one warm-up; restore() runs before each, outside the events.
template <class Restore, class Fn>
float time_median(int reps, Restore restore, Fn fn) {
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  std::vector<float> t;
  for (int r = 0; r <= reps; ++r) {
    restore();
    CK(cudaEventRecord(e0));
    fn();
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    if (r > 0) t.push_back(ms);
  }
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
  return median(t);
}

template <class K>
bool same(const K* a, const K* b, std::uint64_t n) {
  std::vector<K> x(n), y(n);
  CK(cudaMemcpy(x.data(), a, n * sizeof(K), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(y.data(), b, n * sizeof(K), cudaMemcpyDeviceToHost));
  return std::memcmp(x.data(), y.data(), n * sizeof(K)) == 0;
}

template <class K, class V, class CubK = K>
void perf_pair(const char* label, KeyType kt, std::uint64_t n, int reps, int fill_kind, double copy_gbps) {
  constexpr bool kv = !std::is_same_v<V, NoValue>;
  using VS = std::conditional_t<kv, V, std::uint32_t>;  // storage type for the (unused) value buffers
  K *in_k, *k0, *k1;
  VS *in_v = nullptr, *v0 = nullptr, *v1 = nullptr;
  CK(cudaMalloc(&in_k, n * sizeof(K)));
  CK(cudaMalloc(&k0, n * sizeof(K)));
  CK(cudaMalloc(&k1, n * sizeof(K)));
  if (kv) {
    CK(cudaMalloc(&in_v, n * sizeof(VS)));
    CK(cudaMalloc(&v0, n * sizeof(VS)));
    CK(cudaMalloc(&v1, n * sizeof(VS)));
    fill(in_v, n, sizeof(VS), 2, 0);
  }
  fill(in_k, n, sizeof(K), fill_kind, 42);
  auto restore = [&] {
    CK(cudaMemcpyAsync(k0, in_k, n * sizeof(K), cudaMemcpyDeviceToDevice));
    if (kv) CK(cudaMemcpyAsync(v0, in_v, n * sizeof(VS), cudaMemcpyDeviceToDevice));
  };
  // CUB, DoubleBuffer form (no copy back), same buffers.
  std::size_t cub_bytes = 0;
  float cub_ms;
  {
    cub::DoubleBuffer<CubK> dk(reinterpret_cast<CubK*>(k0), reinterpret_cast<CubK*>(k1));
    cub::DoubleBuffer<VS> dv(v0, v1);
    if constexpr (kv) CK(cub::DeviceRadixSort::SortPairs(nullptr, cub_bytes, dk, dv, static_cast<std::int64_t>(n)));
    else CK(cub::DeviceRadixSort::SortKeys(nullptr, cub_bytes, dk, static_cast<std::int64_t>(n)));
  }
  void* cub_temp;
  CK(cudaMalloc(&cub_temp, cub_bytes));
  int cub_sel = 0;
  cub_ms = time_median(reps, restore, [&] {
    cub::DoubleBuffer<CubK> dk(reinterpret_cast<CubK*>(k0), reinterpret_cast<CubK*>(k1));
    cub::DoubleBuffer<VS> dv(v0, v1);
    if constexpr (kv) CK(cub::DeviceRadixSort::SortPairs(cub_temp, cub_bytes, dk, dv, static_cast<std::int64_t>(n)));
    else CK(cub::DeviceRadixSort::SortKeys(cub_temp, cub_bytes, dk, static_cast<std::int64_t>(n)));
    cub_sel = dk.selector;
  });
  CK(cudaFree(cub_temp));
  // Keep CUB's output.
  K* ref_k;
  VS* ref_v = nullptr;
  CK(cudaMalloc(&ref_k, n * sizeof(K)));
  CK(cudaMemcpy(ref_k, cub_sel ? k1 : k0, n * sizeof(K), cudaMemcpyDeviceToDevice));
  if (kv) {
    CK(cudaMalloc(&ref_v, n * sizeof(VS)));
    CK(cudaMemcpy(ref_v, cub_sel ? v1 : v0, n * sizeof(VS), cudaMemcpyDeviceToDevice));
  }
  std::printf("%-22s n=%llu  cub-radix   %8.3f ms  %7.2f Gkeys/s\n", label, static_cast<unsigned long long>(n),
              cub_ms, n / cub_ms / 1e6);

  // Times sort_fn(b) (returns the half holding the result) on the problem with `temp_bytes` of temp, checks it
  // against CUB's output; bytes_per_key for the bandwidth column.
  auto run_fn = [&](const char* name, std::size_t tb, double bytes_per_key, const char* passes_note, auto sort_fn) {
    SortProblem p{kt, kv ? (sizeof(VS) == 4 ? ValueMode::u32 : ValueMode::u64) : ValueMode::none, Order::asc, n};
    void* temp = nullptr;
    if (tb) CK(cudaMalloc(&temp, tb));
    SortBuffers b{{k0, k1}, {kv ? v0 : nullptr, kv ? v1 : nullptr}, temp, tb, nullptr};
    int half = 0;
    const float ms = time_median(reps, restore, [&] { half = sort_fn(p, b); });
    CK(cudaDeviceSynchronize());
    bool ok = same(half ? k1 : k0, ref_k, n);
    if (kv) ok = ok && same(half ? v1 : v0, ref_v, n);
    const double gbps = bytes_per_key * n / (ms * 1e6);
    std::printf("%-22s n=%llu  %-11s %8.4f ms  %7.2f Gkeys/s  %.3fx cub  %s  %s  %.0f B/key  %.0f GB/s "
                "(%.0f%% of copy)\n",
                label, static_cast<unsigned long long>(n), name, ms, n / ms / 1e6, cub_ms / ms,
                ok ? "match" : "MISMATCH", passes_note, bytes_per_key, gbps, 100.0 * gbps / copy_gbps);
    if (!ok) ++g_failures;
    if (temp) CK(cudaFree(temp));
  };
  auto run_ours = [&](const char* name, auto sorter_tag) {
    using Sorter = typename decltype(sorter_tag)::type;
    SortProblem p{kt, kv ? (sizeof(VS) == 4 ? ValueMode::u32 : ValueMode::u64) : ValueMode::none, Order::asc, n};
    // Bytes: histogram read + per pass read and write of keys (and values); lookback excluded.
    const double kb = sizeof(K), vb = kv ? sizeof(VS) : 0;
    const int passes = Sorter::D::passes;
    const std::string note = std::to_string(passes) + " passes";
    run_fn(name, Sorter::temp_bytes(p), kb + passes * 2 * (kb + vb), note.c_str(),
           [](const SortProblem& q, const SortBuffers& b) { return Sorter::sort(q, b); });
  };
  using namespace gsb::radix::onesweep;
  using VT = std::conditional_t<kv, VS, NoValue>;
  run_ours("radix", type_tag<OnesweepSort<K, VT, typename PolicyFor<K, VT>::type>>{});
  // The hybrid path's pass of 4-byte pairs as round 79 had it (256 x 24, 3 blocks an SM, values through shared
  // memory; 384 x 24 at 2 since session 104) as LSD passes of 8 to 11 bits, so that ncu times one pass of each digit
  // width over the whole array: what a wider first MSD pass would cost (NOTES.md round 79: one of 10 or 11 bits would
  // leave buckets that 256 x 20 blocks sort at two an SM).
  if constexpr (std::is_same_v<K, std::uint32_t> && kv && sizeof(VS) == 4) {
    if (g_digits) {
      using P = typename PolicyFor<K, VT, gsb::arch::Band::sm90, Passes::hybrid>::type;
      using H = gsb::radix::onesweep::ReshapedPolicy<P, 8, 256, 24, 3>;
      run_ours("d8-256x24m3", type_tag<OnesweepSort<K, VT, H>>{});
      static_assert(P::radix_bits == 8 && P::threads == 384 && P::items == 24 && P::min_blocks == 2,
                    "the name below says the hybrid pass's shape");
      run_ours("d8-384x24m2", type_tag<OnesweepSort<K, VT, P>>{});
      run_ours("d9-256x24m2", type_tag<OnesweepSort<K, VT, WithDigits<H, 9, 24, 2>>>{});
      run_ours("d10-256x24m2", type_tag<OnesweepSort<K, VT, WithDigits<H, 10, 24, 2>>>{});
      run_ours("d10-256x16m2", type_tag<OnesweepSort<K, VT, WithDigits<H, 10, 16, 2>>>{});
      run_ours("d11-256x24m1", type_tag<OnesweepSort<K, VT, WithDigits<H, 11, 24, 1>>>{});
    }
  }
  if (g_variants) {
    if constexpr (std::is_same_v<K, std::uint32_t> && !kv) {
      run_ours("t384x20m3w16", type_tag<OnesweepSort<K, VT, PassPolicy<8, 384, 20, 3, 16>>>{});
      run_ours("t384x20m3w1", type_tag<OnesweepSort<K, VT, PassPolicy<8, 384, 20, 3, 1>>>{});
      run_ours("t512x16m2w8", type_tag<OnesweepSort<K, VT, PassPolicy<8, 512, 16, 2, 8>>>{});
      run_ours("t384x24m2w8", type_tag<OnesweepSort<K, VT, PassPolicy<8, 384, 24, 2, 8>>>{});
    }
    if constexpr (std::is_same_v<K, std::uint32_t> && kv && sizeof(VS) == 4) {
      run_ours("t384x16m2w8", type_tag<OnesweepSort<K, VT, PassPolicy<8, 384, 16, 2, 8>>>{});
    }
    if constexpr (std::is_same_v<K, std::uint64_t> && !kv) {
      run_ours("t384x12m3w8", type_tag<OnesweepSort<K, VT, PassPolicy<8, 384, 12, 3, 8>>>{});
    }
    // Round 2 (issue 19): the pairs still below or near 1.0x after round 1 (the kept tunings' round-1 figures are
    // in policy.cuh).
    if constexpr (std::is_same_v<K, std::uint64_t> && kv && sizeof(VS) == 8) {
      run_ours("t384x16m2L", type_tag<OnesweepSort<K, VT, PassPolicy<8, 384, 16, 2, 1, true>>>{});
      run_ours("t512x12m2L", type_tag<OnesweepSort<K, VT, PassPolicy<8, 512, 12, 2, 1, true>>>{});
      run_ours("t384x12m2L-p0", type_tag<OnesweepSort<K, VT, PassPolicy<8, 384, 12, 2, 1, true, 0>>>{});
      run_ours("t384x12m2L-p2", type_tag<OnesweepSort<K, VT, PassPolicy<8, 384, 12, 2, 1, true, 2>>>{});
    }
    if constexpr (sizeof(K) == 2 && kv && sizeof(VS) == 4) {
      run_ours("t512x16m2", type_tag<OnesweepSort<K, VT, PassPolicy<8, 512, 16, 2, 1>>>{});
      run_ours("t384x16m2L", type_tag<OnesweepSort<K, VT, PassPolicy<8, 384, 16, 2, 1, true>>>{});
      run_ours("t384x16m2w8", type_tag<OnesweepSort<K, VT, PassPolicy<8, 384, 16, 2, 8>>>{});
    }
    if constexpr (sizeof(K) == 1 && kv && sizeof(VS) == 8) {
      run_ours("t384x16m2L", type_tag<OnesweepSort<K, VT, PassPolicy<8, 384, 16, 2, 1, true>>>{});
      run_ours("t512x12m2L", type_tag<OnesweepSort<K, VT, PassPolicy<8, 512, 12, 2, 1, true>>>{});
    }
    if constexpr (sizeof(K) == 1 && kv && sizeof(VS) == 4) {
      run_ours("t512x20m2L", type_tag<OnesweepSort<K, VT, PassPolicy<8, 512, 20, 2, 1, true>>>{});
      run_ours("t512x16m2L", type_tag<OnesweepSort<K, VT, PassPolicy<8, 512, 16, 2, 1, true>>>{});
    }
  }
  if (g_prefetch) {
    using P = typename PolicyFor<K, VT>::type;
    run_ours("prefetch0", type_tag<OnesweepSort<K, VT, WithPrefetch<P, 0>>>{});
    run_ours("prefetch2", type_tag<OnesweepSort<K, VT, WithPrefetch<P, 2>>>{});
    run_ours("prefetch8", type_tag<OnesweepSort<K, VT, WithPrefetch<P, 8>>>{});
  }
  // The counting sort of 1- and 2-byte keys alone with fill_kernel's shapes: positions per thread, blocks per SM.
  if constexpr (sizeof(K) <= 2 && !kv) {
    if (g_variants) {
      auto counting = [&](const char* name, auto sorter_tag) {
        using C = typename decltype(sorter_tag)::type;
        run_fn(name, C::temp_bytes(n), 3.0 * sizeof(K), "counting",
               [](const SortProblem& q, const SortBuffers& b) { return C::sort(q, b); });
      };
      counting("count32m1", type_tag<CountingSort<K, 32, 1>>{});
      counting("count16m4", type_tag<CountingSort<K, 16, 4>>{});
      counting("count16m2", type_tag<CountingSort<K, 16, 2>>{});
      counting("count32m2", type_tag<CountingSort<K, 32, 2>>{});
    }
  }
  // The one-block path's 256 x 19 shape launched directly (no host dispatch), as kept (every bit, 6-bit digits
  // but for 1-byte keys) and with 5-, 7- and 8-bit digits. (Round 1 of 2026-11-27 timed the OR of the differing
  // bits here too: it lost at 2049-4864 keys, small.cuh.)
  if constexpr (!small_wide_items<K, VT>) {
    if (g_small && n > SmallShape2::capacity && n <= SmallShape3::capacity) {
      const KeyCodec<K> codec = make_codec<K>(kt, Order::asc);
      const double bpk = 2.0 * (sizeof(K) + (kv ? sizeof(VS) : 0));
      auto direct = [&](const char* name, auto launch) {
        run_fn(name, 0, bpk, "one block", [&](const SortProblem& q, const SortBuffers& b) {
          launch(static_cast<K*>(b.keys[0]), static_cast<VT*>(b.values[0]), q.n);
          return 0;
        });
      };
      direct("k256x19", [&](K* k, VT* v, std::uint64_t m) { launch_small_sort<K, VT, SmallShape3>(k, v, m, codec, nullptr); });
      direct("k256x19b5", [&](K* k, VT* v, std::uint64_t m) {
        launch_small_sort<K, VT, SmallShape<256, 19, false, 5>>(k, v, m, codec, nullptr);
      });
      direct("k256x19b7", [&](K* k, VT* v, std::uint64_t m) {
        launch_small_sort<K, VT, SmallShape<256, 19, false, 7>>(k, v, m, codec, nullptr);
      });
      direct("k256x19b8", [&](K* k, VT* v, std::uint64_t m) {
        launch_small_sort<K, VT, SmallShape<256, 19, false, 8>>(k, v, m, codec, nullptr);
      });
    }
  }
  CK(cudaFree(ref_k));
  if (ref_v) CK(cudaFree(ref_v));
  CK(cudaFree(in_k));
  CK(cudaFree(k0));
  CK(cudaFree(k1));
  if (kv) {
    CK(cudaFree(in_v));
    CK(cudaFree(v0));
    CK(cudaFree(v1));
  }
}

// The segment sort's block (segment_sort.cuh) in other shapes, launched alone over buckets of one size that fill
// each shape to about 97 %, u32 keys with u32 values, about `pairs` in all: how fast one block an SM (the path's 512 x
// 34) and smaller blocks at more an SM sort their buckets, in ns a pair an SM (NOTES.md, session 90: an 11-bit first
// pass would leave buckets of about 5000 pairs at 1e7). Keys of bucket b have top 8 bits b % 256, as after a first
// MSD pass; every bucket's output is checked against a stable host sort.
// distinct != 0: each bucket's keys drawn from that many values (long runs of equal keys).
template <class Shape>
void time_segment_shape(const char* name, std::uint64_t pairs, int reps, int sms, int distinct = 0) {
  using namespace gsb::radix::onesweep;
  const unsigned size = Shape::capacity * 97 / 100;
  const unsigned buckets = static_cast<unsigned>(std::max<std::uint64_t>(1, pairs / size));
  const std::uint64_t n = std::uint64_t{buckets} * size;
  std::mt19937_64 rng(20261205 + Shape::capacity);
  // Every 7th key one of 64 (some equal keys; a sub-bucket of bits 16 .. 23 then holds runs of them)
  std::uint32_t few[64];
  for (auto& f : few) f = static_cast<std::uint32_t>(rng() % (1u << 24));
  const int fewest = distinct != 0 ? std::min(distinct, 64) : 64;
  std::vector<std::uint32_t> keys(n), values(n);
  std::vector<unsigned> counts(buckets, size);
  std::vector<std::uint64_t> starts(buckets);
  for (unsigned b = 0; b < buckets; ++b) {
    starts[b] = std::uint64_t{b} * size;
    for (unsigned i = 0; i < size; ++i) {
      const std::uint64_t at = starts[b] + i;
      const bool one_of_few = distinct != 0 || i % 7 == 0;
      keys[at] = (b % 256u) << 24 | (one_of_few ? few[rng() % fewest] : static_cast<std::uint32_t>(rng() % (1u << 24)));
      values[at] = static_cast<std::uint32_t>(at);
    }
  }
  std::uint32_t *k1, *v1, *k0, *v0;
  unsigned* d_counts;
  std::uint64_t* d_starts;
  CK(cudaMalloc(&k1, n * 4));
  CK(cudaMalloc(&v1, n * 4));
  CK(cudaMalloc(&k0, n * 4));
  CK(cudaMalloc(&v0, n * 4));
  CK(cudaMalloc(&d_counts, buckets * sizeof(unsigned)));
  CK(cudaMalloc(&d_starts, buckets * sizeof(std::uint64_t)));
  CK(cudaMemcpy(k1, keys.data(), n * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(v1, values.data(), n * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_counts, counts.data(), buckets * sizeof(unsigned), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d_starts, starts.data(), buckets * sizeof(std::uint64_t), cudaMemcpyHostToDevice));
  const KeyCodec<std::uint32_t> codec = make_codec<std::uint32_t>(KeyType::u32, Order::asc);
  auto launch = [&] {
    launch_segment_sort<std::uint32_t, std::uint32_t, Shape>(k1, v1, k0, v0, d_counts, d_starts, codec, nullptr,
                                                              buckets);
  };
  const float ms = time_median(reps, [] {}, launch);
  std::vector<std::uint32_t> got_k(n), got_v(n);
  CK(cudaMemcpy(got_k.data(), k0, n * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(got_v.data(), v0, n * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  std::vector<std::uint32_t> order(size);
  for (unsigned b = 0; b < buckets && ok; ++b) {
    const std::uint64_t s0 = starts[b];
    for (unsigned i = 0; i < size; ++i) order[i] = static_cast<std::uint32_t>(s0 + i);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) { return keys[x] < keys[y]; });
    for (unsigned i = 0; i < size && ok; ++i) ok = got_k[s0 + i] == keys[order[i]] && got_v[s0 + i] == values[order[i]];
  }
  g_failures += !ok;
  cudaFuncAttributes attr{};
  const auto kernel = segment_sort_kernel_for<std::uint32_t, std::uint32_t, Shape>();
  CK(cudaFuncGetAttributes(&attr, kernel));
  int resident = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernel, Shape::threads,
                                                   segment_sort_shared_bytes<std::uint32_t, std::uint32_t, Shape>));
  std::printf("segments %-10s%s %5u buckets of %6u pairs (%llu): %8.1f us, %.2f ns a pair an SM; %d registers, %d B "
              "of stack (spills), %zu B shared, %d blocks an SM: %s\n",
              name, distinct != 0 ? " (few keys)" : "", buckets, size, static_cast<unsigned long long>(n), ms * 1e3,
              ms * 1e6 * sms / static_cast<double>(n),
              attr.numRegs, static_cast<int>(attr.localSizeBytes),
              segment_sort_shared_bytes<std::uint32_t, std::uint32_t, Shape>, resident, ok ? "ok" : "FAILED");
  for (void* p : {static_cast<void*>(k1), static_cast<void*>(v1), static_cast<void*>(k0), static_cast<void*>(v0),
                  static_cast<void*>(d_counts), static_cast<void*>(d_starts)})
    CK(cudaFree(p));
}

void time_segment_shapes(std::uint64_t pairs, int reps, int sms) {
  using namespace gsb::radix::onesweep;
  time_segment_shape<PathSegmentShape<SegmentForm::blocks>>("512x34", pairs, reps, sms);  // the blocks form
  time_segment_shape<SegmentShape<256, 20, 2>>("256x20m2", pairs, reps, sms);
  time_segment_shape<PathSegmentShape<SegmentForm::msd>>("m1024x24g", pairs, reps, sms);  // the msd form
  time_segment_shape<MsdSegmentShape<1024, 17>>("m1024x17", pairs, reps, sms);  // its values in shared memory
  // Each bucket's keys from 20 values: the msd form's sub-buckets past a warp's scratch, so the block sort
  time_segment_shape<PathSegmentShape<SegmentForm::msd>>("m1024x24g", pairs, reps, sms, 20);
  time_segment_shape<PathSegmentShape<SegmentForm::blocks>>("512x34", pairs, reps, sms, 20);
}

double measure_copy_gbps(std::uint64_t bytes) {
  void *a, *b;
  CK(cudaMalloc(&a, bytes));
  CK(cudaMalloc(&b, bytes));
  CK(cudaMemset(a, 1, bytes));
  const float ms = time_median(10, [] {}, [&] { CK(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice)); });
  CK(cudaFree(a));
  CK(cudaFree(b));
  const double gbps = 2.0 * bytes / (ms * 1e6);
  std::printf("copy: %llu MB device-to-device %.3f ms = %.0f GB/s (read + write)\n",
              static_cast<unsigned long long>(bytes >> 20), ms, gbps);
  return gbps;
}

void perf_ladder(std::uint64_t n, int reps) {
  const std::vector<std::string> names = {"radix-naive",       "radix-shared",      "radix-multibit-r1",
                                          "radix-multibit-r2", "radix-multibit-r3", "radix-multibit-r4",
                                          "radix-multibit-r5", "radix-multibit-r6", "radix-multibit-r7",
                                          "radix-multibit-r8", "radix-multibit",    "radix-coarse",
                                          "radix"};
  std::uint32_t *in, *k0, *k1;
  CK(cudaMalloc(&in, n * 4));
  CK(cudaMalloc(&k0, n * 4));
  CK(cudaMalloc(&k1, n * 4));
  fill(in, n, 4, 0, 5);
  for (const auto& name : names) {
    const Backend* be = Registry::instance().find(name);
    SortProblem p{KeyType::u32, ValueMode::none, Order::asc, n};
    const std::size_t tb = be->temp_bytes(p);
    void* temp;
    CK(cudaMalloc(&temp, tb));
    SortBuffers b{{k0, k1}, {nullptr, nullptr}, temp, tb, nullptr};
    const float ms = time_median(
        reps, [&] { CK(cudaMemcpyAsync(k0, in, n * 4, cudaMemcpyDeviceToDevice)); }, [&] { be->run(p, b); });
    std::printf("ladder u32 n=%llu  %-18s %9.3f ms  %7.3f Gkeys/s  temp %zu MB\n", static_cast<unsigned long long>(n),
                name.c_str(), ms, n / ms / 1e6, tb >> 20);
    CK(cudaFree(temp));
  }
  CK(cudaFree(in));
  CK(cudaFree(k0));
  CK(cudaFree(k1));
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::string mode = argc > 1 ? argv[1] : "check";
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    std::printf("device: %s, %d SMs, L2 %d MB\n", prop.name, prop.multiProcessorCount, prop.l2CacheSize >> 20);
    if (mode == "check" || mode == "sanity") {
      const std::string level = argc > 2 ? argv[2] : "full";
      run_check(mode == "sanity" ? 2 : level == "quick" ? 1 : 0, argc > 3 ? argv[3] : "");
    }
    if (mode == "big") run_big();
    if (mode == "hybrid") run_hybrid();
    if (mode == "perf") {
      const std::uint64_t n = argc > 2 ? static_cast<std::uint64_t>(std::atof(argv[2])) : 100000000ull;
      const int reps = argc > 3 ? std::atoi(argv[3]) : 10;
      const double copy = measure_copy_gbps(n * 8);
      perf_pair<std::uint32_t, NoValue>("u32", KeyType::u32, n, reps, 0, copy);
      perf_pair<std::uint32_t, std::uint32_t>("u32+u32", KeyType::u32, n, reps, 0, copy);
      perf_pair<std::uint64_t, NoValue>("u64", KeyType::u64, n, reps, 0, copy);
      perf_pair<std::uint32_t, NoValue, float>("f32", KeyType::f32, n, reps, 1, copy);
      perf_pair<std::uint64_t, std::uint64_t>("u64+u64", KeyType::u64, n, reps, 0, copy);
      perf_ladder(n / 10, 3);
    }
    // Tuning rounds of issue 19 (variants beside the kept tuning, each against cub-radix on the same input).
    auto sizes = [&](const char* fallback) {
      std::vector<std::uint64_t> ns;
      std::string list = argc > 2 ? argv[2] : fallback;
      for (std::size_t at = 0; at <= list.size();) {
        const std::size_t comma = std::min(list.find(',', at), list.size());
        ns.push_back(static_cast<std::uint64_t>(std::atof(list.substr(at, comma - at).c_str())));
        at = comma + 1;
      }
      return ns;
    };
    const int round_reps = argc > 3 ? std::atoi(argv[3]) : 10;
    if (mode == "pairs") {  // LSD passes of the pairs below 1.0x in the grid
      for (const std::uint64_t n : sizes("16777216,1e8,268435456")) {
        const double copy = measure_copy_gbps(n * 8);
        perf_pair<std::uint32_t, std::uint64_t>("u32+u64", KeyType::u32, n, round_reps, 0, copy);
        perf_pair<std::uint8_t, std::uint32_t>("u8+u32", KeyType::u8, n, round_reps, 0, copy);
        perf_pair<std::uint16_t, std::uint64_t>("u16+u64", KeyType::u16, n, round_reps, 0, copy);
        perf_pair<std::uint64_t, std::uint64_t>("u64+u64", KeyType::u64, n, round_reps, 0, copy);
        perf_pair<std::uint16_t, std::uint32_t>("u16+u32", KeyType::u16, n, round_reps, 0, copy);
        perf_pair<std::uint8_t, std::uint64_t>("u8+u64", KeyType::u8, n, round_reps, 0, copy);
      }
    }
    if (mode == "prefetch") {  // the kept tunings' L2 prefetch distance (an H100 lost where an H200 won)
      g_variants = false;
      g_prefetch = true;
      for (const std::uint64_t n : sizes("16777216,1e8")) {
        const double copy = measure_copy_gbps(n * 8);
        perf_pair<std::uint32_t, NoValue>("u32", KeyType::u32, n, round_reps, 0, copy);
        perf_pair<std::uint32_t, std::uint32_t>("u32+u32", KeyType::u32, n, round_reps, 0, copy);
        perf_pair<std::uint32_t, std::uint64_t>("u32+u64", KeyType::u32, n, round_reps, 0, copy);
        perf_pair<std::uint64_t, NoValue>("u64", KeyType::u64, n, round_reps, 0, copy);
        perf_pair<std::uint64_t, std::uint32_t>("u64+u32", KeyType::u64, n, round_reps, 0, copy);
        perf_pair<std::uint64_t, std::uint64_t>("u64+u64", KeyType::u64, n, round_reps, 0, copy);
        perf_pair<std::uint16_t, std::uint64_t>("u16+u64", KeyType::u16, n, round_reps, 0, copy);
      }
    }
    if (mode == "counting") {  // the counting sort's fill shapes
      for (const std::uint64_t n : sizes("1e7,1e8,268435456")) {
        const double copy = measure_copy_gbps(n * 8);
        perf_pair<std::uint16_t, NoValue>("u16", KeyType::u16, n, round_reps, 0, copy);
        perf_pair<std::uint8_t, NoValue>("u8", KeyType::u8, n, round_reps, 0, copy);
      }
    }
    if (mode == "small") {  // the one-block kernel at the top of its 256 x 19 shape
      g_variants = false;
      g_small = true;
      for (const std::uint64_t n : sizes("2100,3500,4864")) {
        perf_pair<std::uint32_t, NoValue>("u32", KeyType::u32, n, round_reps, 0, 1.0);
        perf_pair<std::uint32_t, NoValue, float>("f32", KeyType::f32, n, round_reps, 1, 1.0);
        perf_pair<std::uint32_t, std::uint32_t>("u32+u32", KeyType::u32, n, round_reps, 0, 1.0);
        perf_pair<std::uint16_t, NoValue>("u16", KeyType::u16, n, round_reps, 0, 1.0);
        perf_pair<std::uint8_t, std::uint32_t>("u8+u32", KeyType::u8, n, round_reps, 0, 1.0);
      }
    }
    if (mode == "digits") {  // u32+u32's LSD passes by digit width (run under ncu for each pass's time)
      g_variants = false;
      g_digits = true;
      for (const std::uint64_t n : sizes("4194304,1e7"))
        perf_pair<std::uint32_t, std::uint32_t>("u32+u32", KeyType::u32, n, round_reps, 0, 1.0);
    }
    if (mode == "segments") {  // the segment sort's block in other shapes, launched alone
      for (const std::uint64_t n : sizes("4194304,1e7")) time_segment_shapes(n, round_reps, prop.multiProcessorCount);
    }
    if (mode == "profile") {
      // One run each of `radix` and CUB on u32 keys, for ncu's per-kernel numbers.
      const std::uint64_t n = argc > 2 ? static_cast<std::uint64_t>(std::atof(argv[2])) : 100000000ull;
      g_variants = false;
      perf_pair<std::uint32_t, NoValue>("u32", KeyType::u32, n, 1, 0, 4000.0);
    }
    std::printf("failures: %d\n", g_failures);
    return g_failures ? 1 : 0;
  } catch (const std::exception& e) {
    std::printf("error: %s\n", e.what());
    return 2;
  }
}
