// merge-samples: registration. The algorithm and what differs from the CUDA samples: merge_samples.cuh.
#include <optional>
#include <string>

#include "gsb/dispatch.hpp"
#include "gsb/env.hpp"
#include "gsb/sort_backend.hpp"
#include "merge/merge_samples.hpp"

namespace gsb::merge {
namespace {

const EnvKnob large_tiles_knob = declare_env_knob(
    "GSB_MERGE_SAMPLES_LARGE", "merge-samples: 1 takes the large-n tiles at every n (tests run their passes at small n)",
    [](const std::string& v) { parse_env_choice("GSB_MERGE_SAMPLES_LARGE", v, {"0", "1"}); });

const EnvKnob presplit_knob = declare_env_knob(
    "GSB_MERGE_SAMPLES_PRESPLIT",
    "merge-samples: 1 takes the partition kernel in every pass (tests run it at small n)",
    [](const std::string& v) { parse_env_choice("GSB_MERGE_SAMPLES_PRESPLIT", v, {"0", "1"}); });

const EnvKnob quad_knob = declare_env_knob(
    "GSB_MERGE_SAMPLES_QUAD",
    "merge-samples: 1 takes four-way passes in every ranked pass they serve (tests run them at small n), 0 never "
    "(unset: where the merge blocks come in 1.5 waves or more, 0.6 to 2 with values)",
    [](const std::string& v) { parse_env_choice("GSB_MERGE_SAMPLES_QUAD", v, {"0", "1"}); });

// A test knob of this back-end set to 1.
bool knob_set(const EnvKnob& knob) { return env_value(knob.name.c_str()).value_or("0") == "1"; }

struct MergeSamples : TypedSort<MergeSamples> {
  static BackendInfo describe() {
    BackendInfo i{"merge-samples",
                  "CUDA samples' merge sort (000_*): shared-memory tiles, sample ranks bounding equal output tiles",
                  "merge"};
    i.stable = true;
    return i;
  }
  template <class Bits, class Value>
  static std::size_t sort_temp_bytes(const SortProblem& p) {
    return samples::temp_bytes_default<Bits, Value>(p.n);
  }
  template <class Bits, class Value>
  static int sort(const SortProblem& p, const SortBuffers& b) {
    return samples::sort_default<Bits, Value>(p, b);
  }
  template <class Bits, class Value>
  static std::vector<std::uint64_t> sort_tile_items() {
    return samples::tile_items_default<Bits, Value>();
  }
};

}  // namespace

bool samples::forced_large_tiles() {
  static const bool forced = knob_set(large_tiles_knob);
  return forced;
}

bool samples::forced_presplit() {
  static const bool forced = knob_set(presplit_knob);
  return forced;
}

samples::QuadMode samples::forced_quad() {
  static const QuadMode mode = [] {
    const std::optional<std::string> v = env_value(quad_knob.name.c_str());
    if (!v) return QuadMode::automatic;
    return *v == "1" ? QuadMode::always : QuadMode::never;
  }();
  return mode;
}

GSB_REGISTER_SORT(MergeSamples);
}  // namespace gsb::merge
