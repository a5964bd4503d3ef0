// The seam between the driver and the sort implementations (after NVBench's benchmark manager): a back-end
// describes itself and enqueues its sort, and the driver only ever walks the registry. A back-end is its sort
// code, a static description and one registration line in its own file: a plain struct adapted by SortBackend
// and registered with GSB_REGISTER_SORT (gsb/sort_backend.hpp). GSB_REGISTER_BACKEND registers a class that
// must be a Backend itself (a MultiGpuBackend, gsb/multi_gpu.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <cuda_runtime_api.h>

#include "gsb/types.hpp"

namespace gsb {

class StagedSort;  // gsb/staged_sort.hpp
struct StagedInput;
struct StageSettings;

inline constexpr std::uint64_t no_n_limit = std::numeric_limits<std::uint64_t>::max();

// What a back-end declares about itself. Its describe() (gsb/sort_backend.hpp) starts from
// BackendInfo{name, description, family} and sets what differs from the defaults: every later member has one.
struct BackendInfo {
  std::string name;         // command-line name, e.g. "merge-samples"
  std::string description;  // one line
  std::string family;       // "baseline", "merge", "network", "radix", ...
  // What it sorts: every key type, value mode and order unless it says otherwise.
  std::vector<KeyType> key_types{std::begin(all_key_types), std::end(all_key_types)};
  std::vector<ValueMode> value_modes{std::begin(all_value_modes), std::end(all_value_modes)};
  std::vector<Order> orders{std::begin(all_orders), std::end(all_orders)};
  bool stable = false;      // equal keys keep their input order (checked for key-value runs)
  bool needs_gpu = true;    // false: run() works on host memory and is timed with a host clock
  // The oldest GPU it runs on, as compute capability x10 (75: Turing, the floor of the build). On an older
  // device (or GSB_ARCH naming one) the driver skips it with this reason.
  int min_compute_capability = 75;
  std::uint64_t max_n = no_n_limit;  // largest n accepted
  std::string max_n_reason{};        // why max_n exists ("int indexing", "would take hours", ...)
  bool max_n_overridable = false;    // --force lifts max_n (a time limit, not a correctness limit)
  // run() waits on the host (reads results back, host-driven recursion). Events still bracket all of its
  // GPU work on the stream, so device time stays honest; the JSON records this flag beside the timing.
  bool host_synchronizes = false;
  // Treats -0.0 and +0.0 as equal keys (CUB's and Thrust's radix sorts document this) instead of the
  // total order; validation then accepts zeros of either sign in any order within their run.
  bool signed_zeros_equal = false;
  // Other back-ends' speed-ups are quoted against this one on the same input (std-sort, the seeds' reference).
  bool speedup_reference = false;
  // Sorts one array spread over several GPUs (--gpus): the driver measures stage(), never run().
  bool spans_gpus = false;
};

// The buffers the driver hands to run(). The input is in keys[0] (and values[0]); keys[1]/values[1] are
// equally large scratch halves of a double buffer (after CUB's DoubleBuffer). Both halves may be
// overwritten; run() returns the index of the half that holds the sorted output. For needs_gpu back-ends
// everything is device memory, for host back-ends host memory. values[*] are null for keys-only problems.
// temp is at least temp_bytes(problem) bytes, allocated once by the driver, outside the timed region.
struct SortBuffers {
  void* keys[2] = {nullptr, nullptr};
  void* values[2] = {nullptr, nullptr};
  void* temp = nullptr;
  std::size_t temp_bytes = 0;
  cudaStream_t stream = nullptr;
};

struct RunOptions {
  bool force = false;  // lift overridable n limits
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual const BackendInfo& info() const = 0;

  // Why this back-end cannot sort p, or an empty string when it can. The default checks the key type, value
  // mode, order and n limit declared in info(); override to add back-end-specific limits.
  virtual std::string unsupported_reason(const SortProblem& p, const RunOptions& opts) const;

  // Temporary storage (bytes) that run() needs beyond the two halves of the double buffer. Never decreases as n
  // grows (the rest of the problem fixed): out of core sizes its pieces by it. tests/conformance checks this for
  // every back-end.
  virtual std::size_t temp_bytes(const SortProblem& p) const = 0;

  // Host memory that run() allocates itself, through a library that owns it (libstdc++'s parallel mode, a
  // std::stable_sort buffer), beyond temp_bytes. The runner counts it in the case's host-memory check and
  // reserves it once before the first repetition, so that a shortage is a skip, never a std::bad_alloc inside
  // the library's parallel region.
  virtual std::size_t host_workspace_bytes(const SortProblem&) const { return 0; }

  // A back-end that is a staged sort of its own (multi-GPU: gsb/multi_gpu.hpp) returns it prepared for p, and
  // the driver measures it instead of calling run(); it throws CaseSkipped when p cannot run here. Null (the
  // default) for the back-ends that sort through run().
  virtual std::unique_ptr<StagedSort> stage(const SortProblem& p, const StagedInput& in,
                                            const StageSettings& settings) const;

  // The tile sizes of its kernels for p (items one block takes at once) under the policy of the device in use:
  // the conformance suite sorts n = t - 1, t, t + 1 and 2t + 1 for every t, where partial-tile bugs live. Empty
  // for back-ends without tiles of their own (the library baselines, the host sorts).
  virtual std::vector<std::uint64_t> tile_items(const SortProblem&) const { return {}; }

  // Enqueue the sort of p on b.stream (device back-ends) or perform it (host back-ends). No allocation, no
  // device-wide synchronisation unless info().host_synchronizes. Returns 0 or 1: the half holding the result.
  virtual int run(const SortProblem& p, const SortBuffers& b) const = 0;
};

class Registry {
 public:
  static Registry& instance();
  // Takes ownership; throws LogicError on a duplicate name.
  void add(std::unique_ptr<Backend> backend);
  // Every back-end, ordered by family then name.
  std::vector<const Backend*> all() const;
  const Backend* find(std::string_view name) const;  // nullptr when unknown

 private:
  std::vector<std::unique_ptr<Backend>> backends_;
};

namespace detail {
struct Registrar {
  explicit Registrar(std::unique_ptr<Backend> b) { Registry::instance().add(std::move(b)); }
};
}  // namespace detail

}  // namespace gsb

// One line at namespace scope in the back-end's own file registers it. The argument may be any type (qualified,
// a template specialisation with commas); __COUNTER__ names the registrar, so a file may hold several.
#define GSB_REGISTER_BACKEND(...) \
  static const ::gsb::detail::Registrar GSB_DETAIL_CONCAT(gsb_registrar_, __COUNTER__){std::make_unique<__VA_ARGS__>()}
#define GSB_DETAIL_CONCAT(a, b) GSB_DETAIL_CONCAT_IMPL(a, b)
#define GSB_DETAIL_CONCAT_IMPL(a, b) a##b
