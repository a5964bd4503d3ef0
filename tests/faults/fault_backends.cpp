// Faulty back-ends, for tests only (never part of the tool): a shared library that registers them like any
// back-end when it is loaded (LD_PRELOAD=libgsb_fault_backends.so gpusort-bench --algo fault-...). Host back-ends
// on u32 keys, keys-only or with u32 values, so that they run on a machine without a GPU, and one GPU back-end
// (fault-device-once) for the device paths. Each sorts correctly
// (stable) and then breaks its output as its name says, on the calls its name says: the harness must report
// every one of them FAILED (exit 1), whichever repetition was wrong.
#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "gsb/backend.hpp"
#include "gsb/key_codec.hpp"

namespace gsb::faults {
namespace {

enum class Fault { none, noop, swap, lose, unstable, pairing, throws, crash };

// What every fault back-end shares: u32 keys, keys-only or with u32 values, a claim of stability (so that breaking
// it is a failure), no temporary storage, and the calls (counted from 0, warm-ups included) on which `when` makes
// it wrong.
class FaultBackendBase : public Backend {
 public:
  const BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const SortProblem&) const override { return 0; }

 protected:
  FaultBackendBase(std::string name, std::string description, bool (*when)(int))
      : info_{std::move(name), std::move(description), "test-fault"}, when_(when) {
    info_.key_types = {KeyType::u32};
    info_.value_modes = {ValueMode::none, ValueMode::u32};
    info_.stable = true;
  }
  BackendInfo info_;
  bool (*when_)(int);
  mutable std::atomic<int> calls_{0};
};

// The stable sorting permutation of keys[0, n) in p's order.
std::vector<std::uint64_t> sorting_permutation(const std::uint32_t* keys, const SortProblem& p) {
  const KeyCodec<std::uint32_t> codec = make_codec<std::uint32_t>(p.key_type, p.order);
  std::vector<std::uint64_t> idx(p.n);
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(),
                   [&](std::uint64_t a, std::uint64_t c) { return codec.encode(keys[a]) < codec.encode(keys[c]); });
  return idx;
}

// A host back-end: fault `fault` on the calls `when` names.
class FaultBackend : public FaultBackendBase {
 public:
  FaultBackend(std::string name, std::string description, Fault fault, bool (*when)(int))
      : FaultBackendBase(std::move(name), std::move(description), when), fault_(fault) {
    info_.needs_gpu = false;
  }

  int run(const SortProblem& p, const SortBuffers& b) const override {
    const int call = calls_.fetch_add(1);
    const auto* in_k = static_cast<const std::uint32_t*>(b.keys[0]);
    const auto* in_v = static_cast<const std::uint32_t*>(b.values[0]);
    auto* out_k = static_cast<std::uint32_t*>(b.keys[1]);
    auto* out_v = static_cast<std::uint32_t*>(b.values[1]);
    const std::uint64_t n = p.n;
    const std::vector<std::uint64_t> idx = sorting_permutation(in_k, p);
    for (std::uint64_t i = 0; i < n; ++i) {
      out_k[i] = in_k[idx[i]];
      if (in_v) out_v[i] = in_v[idx[i]];
    }
    if (!when_(call) || n < 2) return 1;
    switch (fault_) {
      case Fault::none: break;
      case Fault::noop: return 0;  // "sorted" in place: the input, untouched
      case Fault::swap: std::swap(out_k[0], out_k[n - 1]); if (in_v) std::swap(out_v[0], out_v[n - 1]); break;
      case Fault::lose:  // one key lost, its predecessor twice: still in order
        for (std::uint64_t i = n / 2; i + 1 < n; ++i)
          if (out_k[i] != out_k[i + 1]) {
            out_k[i + 1] = out_k[i];
            break;
          }
        break;
      case Fault::unstable:  // equal keys' values reversed (keys still sorted)
        if (in_v)
          for (std::uint64_t i = 0; i + 1 < n; ++i)
            if (out_k[i] == out_k[i + 1] && out_v[i] < out_v[i + 1]) {
              std::swap(out_v[i], out_v[i + 1]);
              break;
            }
        break;
      case Fault::pairing: if (in_v) std::swap(out_v[0], out_v[n - 1]); break;
      case Fault::throws: throw std::runtime_error(info_.name + ": injected failure on call " + std::to_string(call));
      case Fault::crash: std::raise(SIGSEGV); break;  // as a stray pointer would: the process dies mid-run
    }
    return 1;
  }

 private:
  Fault fault_;
};

// A GPU back-end for the device paths (in core and out of core, where one repetition is several calls, one per
// piece): copies the keys (and values) to the host, sorts them there, breaks them on the calls `when` names and
// copies them into the other half. Synchronises with the host (declared), like thrust.
class DeviceFaultBackend : public FaultBackendBase {
 public:
  DeviceFaultBackend(std::string name, std::string description, bool (*when)(int))
      : FaultBackendBase(std::move(name), std::move(description), when) {
    info_.host_synchronizes = true;
  }

  int run(const SortProblem& p, const SortBuffers& b) const override {
    const int call = calls_.fetch_add(1);
    const std::uint64_t n = p.n;
    std::vector<std::uint32_t> k(n), v(b.values[0] ? n : 0);
    check(cudaMemcpyAsync(k.data(), b.keys[0], n * 4, cudaMemcpyDeviceToHost, b.stream));
    if (!v.empty()) check(cudaMemcpyAsync(v.data(), b.values[0], n * 4, cudaMemcpyDeviceToHost, b.stream));
    check(cudaStreamSynchronize(b.stream));
    const std::vector<std::uint64_t> idx = sorting_permutation(k.data(), p);
    std::vector<std::uint32_t> out_k(n), out_v(v.size());
    for (std::uint64_t i = 0; i < n; ++i) {
      out_k[i] = k[idx[i]];
      if (!v.empty()) out_v[i] = v[idx[i]];
    }
    if (when_(call) && n >= 2) std::swap(out_k[0], out_k[n - 1]);
    check(cudaMemcpyAsync(b.keys[1], out_k.data(), n * 4, cudaMemcpyHostToDevice, b.stream));
    if (!v.empty()) check(cudaMemcpyAsync(b.values[1], out_v.data(), n * 4, cudaMemcpyHostToDevice, b.stream));
    check(cudaStreamSynchronize(b.stream));  // the host vectors go out of scope
    return 1;
  }

 private:
  static void check(cudaError_t e) {
    if (e != cudaSuccess) throw std::runtime_error(std::string("fault back-end: ") + cudaGetErrorString(e));
  }
};

bool always(int) { return true; }
bool odd_calls(int call) { return call % 2 == 1; }
bool second_call(int call) { return call == 1; }
bool all_but_last(int call) { return call < 2; }  // --warmup 0 --reps 3: wrong twice, right on the last call

struct Registrations {
  Registrations() {
    auto add = [](const char* name, const char* what, Fault f, bool (*when)(int)) {
      Registry::instance().add(std::make_unique<FaultBackend>(name, what, f, when));
    };
    add("fault-alternate", "wrong (unsorted) on every other call", Fault::noop, odd_calls);
    add("fault-once", "wrong on the second call only", Fault::swap, second_call);
    add("fault-early", "wrong on every call but the third", Fault::swap, all_but_last);
    add("fault-noop", "never sorts", Fault::noop, always);
    add("fault-swap", "first and last elements swapped", Fault::swap, always);
    add("fault-lose", "one key lost, its neighbour twice", Fault::lose, always);
    add("fault-lose-once", "one key lost on the second call only", Fault::lose, second_call);
    add("fault-unstable", "claims stability, reverses one pair of equal keys", Fault::unstable, always);
    add("fault-unstable-once", "unstable on the second call only", Fault::unstable, second_call);
    add("fault-pairing", "two values exchanged", Fault::pairing, always);
    add("fault-pairing-once", "two values exchanged on the second call only", Fault::pairing, second_call);
    add("fault-throw", "throws on every call", Fault::throws, always);
    add("fault-crash", "kills the process with SIGSEGV on its first call", Fault::crash, always);
    Registry::instance().add(std::make_unique<DeviceFaultBackend>(
        "fault-device-once", "GPU: wrong on the second call only (out of core: a piece of the first repetition)",
        second_call));
  }
};
const Registrations registrations;

}  // namespace
}  // namespace gsb::faults
