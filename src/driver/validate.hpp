// Validation of a back-end's result against a reference sort of the same input (after the CUDA samples'
// checks: order, permutation, key-value pairing, stability).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "driver/host_array.hpp"
#include "gsb/backend.hpp"
#include "gsb/types.hpp"

namespace gsb {

// The input's keys, encoded with the KeyCodec of `order` and sorted ascending (= the input in the documented
// total order). Computed once per (input, order) with a parallel sort and shared by every back-end.
struct Reference {
  KeyType type = KeyType::u32;
  Order order = Order::asc;
  HostArray sorted_encoded;
};

Reference make_reference(const HostKeys& input, Order order);

struct ValidationOptions {
  bool check_stability = false;  // the back-end claims stability and the problem has values
  // The back-end treats -0.0 and +0.0 as equal keys (CUB's and Thrust's radix sorts document this): zeros of
  // either sign may then appear in any order within their run, and stability is judged with them equal.
  bool signed_zeros_equal = false;
};

// What a back-end's output is held to: stability where it claims it and the problem has values, signed zeros
// equal where it says so.
ValidationOptions validation_options(const BackendInfo& info, const SortProblem& p);

struct ValidationResult {
  bool passed = true;
  std::vector<std::string> checks;  // what was checked: "order", "permutation", "pairing", "stability"
  std::string first_mismatch;       // empty when passed
  // What validating cost, host clock, outside every timed region: the full comparison of the last output against
  // the reference, and the fingerprints of the input and of every repetition's output (repetition_check.hpp).
  double full_ms = 0, repetitions_ms = 0;
};

// out_values may be null when mode is none. Parallel over the host's cores.
ValidationResult validate(const HostKeys& input, const Reference& ref, const void* out_keys,
                          ValueMode mode, const void* out_values, const ValidationOptions& opts);

// Key i of a typed array, printed as its type ("-0", "1.5", "4294967295").
std::string format_key(KeyType type, const void* keys, std::uint64_t i);

}  // namespace gsb
