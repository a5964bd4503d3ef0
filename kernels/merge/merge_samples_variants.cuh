// Candidates measured beside merge-samples in one device run (4-byte keys, keys-only and u32 values only:
// what the issue's targets are stated for). Each registers under its own name; the losers are removed after
// the measurement (kernels/merge/NOTES.md keeps the numbers).
#pragma once

#include <cstdint>
#include <string>

#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"
#include "merge/merge_samples.cuh"

namespace gsb::merge::samples {

// KeysPolicy for keys-only, PairsPolicy with u32 values.
template <class KeysPolicy, class PairsPolicy>
class SamplesCandidate final : public Backend {
 public:
  SamplesCandidate(std::string name, std::string description) {
    info_.name = std::move(name);
    info_.description = std::move(description);
    info_.family = "merge";
    info_.key_types = {KeyType::u32, KeyType::i32, KeyType::f32};
    info_.value_modes = {ValueMode::none, ValueMode::u32};
    info_.stable = true;
  }
  const BackendInfo& info() const override { return info_; }
  std::size_t temp_bytes(const SortProblem& p) const override {
    return p.values == ValueMode::none ? temp_bytes_for<KeysPolicy>(p.n) : temp_bytes_for<PairsPolicy>(p.n);
  }
  int run(const SortProblem& p, const SortBuffers& b) const override {
    GSB_EXPECTS(key_bytes(p.key_type) == 4 && p.values != ValueMode::u64, info_.name + ": 4-byte keys, none/u32");
    return p.values == ValueMode::none ? sort<std::uint32_t, NoValue, KeysPolicy>(p, b)
                                       : sort<std::uint32_t, std::uint32_t, PairsPolicy>(p, b);
  }

 private:
  BackendInfo info_;
};

}  // namespace gsb::merge::samples
