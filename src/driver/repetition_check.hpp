// The check of every timed repetition (issue 16): one repetition's output validated fully against the reference
// proves that repetition only, so after each repetition, outside its timed region, the output is fingerprinted
// in one read: the places out of order (with stability, for back-ends that claim it: equal keys must keep their
// values, the original indices, ascending) and order-independent sums of a hash of every key and of every
// (key, value) pair. The output is right only if nothing is out of order and both sums equal the input's: the
// sorted multiset and the pairing then agree with the input's (up to a 2^-64 collision of the sums). Computed on
// the device for GPU back-ends (no copy back, a fraction of the sort's own traffic), on the host for host ones.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include "driver/results.hpp"
#include "driver/validate.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/cuda_raii.hpp"
#include "gsb/hash.hpp"
#include "gsb/key_codec.hpp"
#include "gsb/staged_sort.hpp"
#include "gsb/types.hpp"

namespace gsb {

struct Fingerprint {
  std::uint64_t out_of_order = 0;  // adjacent pairs in the wrong order (0 for the input: not counted there)
  std::uint64_t key_sum = 0;       // sum of mix64(key bits)
  std::uint64_t pair_sum = 0;      // sum of mix64(key bits ^ mix64(value)); 0 without values
};

// What the repetition got wrong against the input's fingerprint, or an empty string.
std::string fingerprint_mismatch(const Fingerprint& input, const Fingerprint& output);

// Of n keys (and values, null without) in host memory; order checked when check_order. Parallel.
Fingerprint host_fingerprint(const SortProblem& p, const void* keys, const void* values, bool check_order,
                             const ValidationOptions& opts);

// The same of device arrays, on `stream`; scratch is 3 device words (24 bytes). Waits for the result.
Fingerprint device_fingerprint(const SortProblem& p, const void* keys, const void* values, bool check_order,
                               const ValidationOptions& opts, void* scratch, int sm_count, cudaStream_t stream);

// The fingerprints of one case's repetitions: the input's once, then each output's, compared; the first
// repetition that is wrong fails the case after its full validation, whatever the last repetition gave. Used by
// every path that repeats a sort (in core, out of core, multi-GPU). Inactive without validation.
class RepetitionCheck {
 public:
  RepetitionCheck(const ValidationOptions& opts, bool active) : opts_(opts), active_(active) {}
  bool active() const { return active_; }
  const ValidationOptions& options() const { return opts_; }
  // The input's fingerprint, from fingerprint() (timed, as every check's cost is reported).
  template <class F>
  void set_input(F&& fingerprint) {
    input_ = timed(fingerprint);
  }
  // Repetition `rep` (0-based, warm-ups included) of `total` gave the output that fingerprint() reads.
  template <class F>
  void record(int rep, int total, F&& fingerprint) {
    record_fingerprint(rep, total, timed(fingerprint));
  }
  // After the full validation of the last output (r.validation_run): names the check, and fails the case with
  // the first wrong repetition if the full validation passed.
  void finish(CaseResult& r) const;

 private:
  template <class F>
  Fingerprint timed(F& fingerprint) {
    const auto t0 = std::chrono::steady_clock::now();
    const Fingerprint f = fingerprint();
    ms_ += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return f;
  }
  void record_fingerprint(int rep, int total, const Fingerprint& out);

  ValidationOptions opts_;
  bool active_;
  Fingerprint input_;
  int checked_ = 0;
  double ms_ = 0;
  std::string failure_;
};

// The fingerprint of several sorted parts that are one output in order (multi-GPU): sums add up; the order of
// the whole is each part's plus, at every seam, the last element of one non-empty part against the first of
// the next, given as `seams` (keys and values, two elements per seam, in host memory).
// The fingerprint of an output held in parts (a staged sort's: host memory or several GPUs), each part fingerprinted
// where it lies (a device part on its device, with scratch of its own), the seams between parts checked on the
// host.
class PartsFingerprint {
 public:
  PartsFingerprint(const SortProblem& p, const ValidationOptions& opts) : p_(p), opts_(opts) {}
  Fingerprint operator()(const std::vector<OutputPart>& parts);

 private:
  SortProblem p_;
  ValidationOptions opts_;
  std::map<int, DeviceBuffer> scratch_;  // per device, 3 words
  std::map<int, int> sm_count_;
};

Fingerprint combine_parts(const std::vector<Fingerprint>& parts, const SortProblem& p, const void* seam_keys,
                          const void* seam_values, std::uint64_t seams, const ValidationOptions& opts);

namespace detail {

// One element's share of the fingerprint: i's hashes, and whether i and i + 1 are out of order.
template <class Bits, class Value>
struct Element {
  const Bits* keys;
  const Value* values;
  std::uint64_t n;
  KeyCodec<Bits> codec;
  bool zeros_equal;  // -0.0 and +0.0 compare equal (float keys of back-ends that say so)
  bool stable;
  bool check_order;

  GSB_HD Bits ordered(Bits raw) const {  // the encoded key, signed zeros made one where they are equal
    return codec.encode(zeros_equal ? merge_signed_zero(raw) : raw);
  }
  GSB_HD void add(std::uint64_t i, Fingerprint& f) const {
    const Bits k = keys[i];
    const std::uint64_t h = mix64(static_cast<std::uint64_t>(k));
    f.key_sum += h;
    if constexpr (has_values_v<Value>) f.pair_sum += mix64(h ^ mix64(static_cast<std::uint64_t>(values[i])));
    if (check_order && i + 1 < n) {
      const Bits a = ordered(k), b = ordered(keys[i + 1]);
      bool wrong = a > b;
      if constexpr (has_values_v<Value>) wrong = wrong || (stable && a == b && values[i] > values[i + 1]);
      f.out_of_order += wrong ? 1 : 0;
    }
  }
};

template <class Bits, class Value>
Element<Bits, Value> element(const SortProblem& p, const void* keys, const void* values, bool check_order,
                             const ValidationOptions& opts) {
  return Element<Bits, Value>{static_cast<const Bits*>(keys), static_cast<const Value*>(values), p.n,
                              make_codec<Bits>(p.key_type, p.order),
                              opts.signed_zeros_equal && is_float(p.key_type), opts.check_stability, check_order};
}

}  // namespace detail

}  // namespace gsb
