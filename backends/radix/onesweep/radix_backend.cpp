// `radix`: the fastest radix sort of the ladder (onesweep.hpp, hybrid.hpp): every key type through the shared
// KeyCodec, keys-only and key-value (u32, u64 values), both orders, stable, n limited only by memory.
// `radix-lsd` is the same sort with LSD passes only, so a run can show what the hybrid path gains.
// The candidates that lost on the device (11-bit digits, atomic-OR ranking, tile shapes) are recorded in
// NOTES.md and were removed.
#include <string>

#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/env.hpp"
#include "gsb/sort_backend.hpp"
#include "radix/onesweep/hybrid.hpp"
#include "radix/onesweep/onesweep.hpp"

namespace gsb::radix::onesweep {

namespace {

// A test knob counting keys: a whole number 1..most, declared with the other knobs (so a bad value is a usage
// error before any case) and read once; 0 when unset.
struct KeyCountKnob {
  const gsb::EnvKnob knob;
  std::uint64_t most;
  KeyCountKnob(const char* name, const char* help, std::uint64_t most_keys)
      : knob(gsb::declare_env_knob(name, help,
                                   [name, most_keys](const std::string& v) { gsb::parse_env_uint(name, v, 1, most_keys); })),
        most(most_keys) {}
  std::uint64_t value() const {
    const auto v = gsb::env_value(knob.name.c_str());
    return v ? gsb::parse_env_uint(knob.name.c_str(), *v, 1, most) : std::uint64_t{0};
  }
};

const KeyCountKnob hybrid_min_n_knob{"GSB_RADIX_HYBRID_MIN_N",
                                     "radix: the hybrid path from this many keys on (tests force it at small n)",
                                     max_portion_items};
const KeyCountKnob portion_n_knob{
    "GSB_RADIX_PORTION_N", "radix: digit passes in portions of at most this many keys (tests force several at small n)",
    max_portion_items};
const KeyCountKnob counting_min_n_knob{
    "GSB_RADIX_COUNTING_MIN_N",
    "radix: the counting sort of 1- and 2-byte keys from this many keys on (tests force it at small n)",
    std::uint64_t{1} << 32};

const KeyCountKnob counting_portion_n_knob{
    "GSB_RADIX_COUNTING_PORTION_N",
    "radix: the counting sort of 2-byte keys counts portions of at most this many keys (tests force several at small n)",
    std::uint64_t{1} << 31};

const KeyCountKnob large_buckets_above_knob{
    "GSB_RADIX_LARGE_BUCKETS_ABOVE",
    "radix: the hybrid path's buckets of more than this many keys sorted through global memory (tests)",
    std::uint64_t{1} << 20};

const KeyCountKnob segment_sort_min_n_knob{
    "GSB_RADIX_SEGMENT_SORT_MIN_N",
    "radix: 4-byte pairs' top-8-bit buckets one block each from this many keys on (tests force it at small n)",
    max_portion_items};

std::string segment_form_choice(const std::string& v) {
  return gsb::parse_env_choice("GSB_RADIX_SEGMENT_FORM", v, {"msd", "blocks"});
}
const gsb::EnvKnob segment_form_knob = gsb::declare_env_knob(
    "GSB_RADIX_SEGMENT_FORM",
    "radix: 4-byte pairs' top-8-bit buckets by one more MSD digit in shared memory (msd) or by the block radix sort "
    "(blocks) only, where a block holds it (tests)",
    [](const std::string& v) { segment_form_choice(v); });

std::string large_buckets_by_choice(const std::string& v) {
  return gsb::parse_env_choice("GSB_RADIX_LARGE_BUCKETS_BY", v, {"block", "passes"});
}
const gsb::EnvKnob large_buckets_by_knob = gsb::declare_env_knob(
    "GSB_RADIX_LARGE_BUCKETS_BY",
    "radix: the hybrid path's buckets past GSB_RADIX_LARGE_BUCKETS_ABOVE sorted one block each, or by segmented "
    "digit passes (tests)",
    [](const std::string& v) { large_buckets_by_choice(v); });

std::string small_runs_choice(const std::string& v) {
  return gsb::parse_env_choice("GSB_RADIX_SMALL_RUNS", v, {"never", "auto", "always"});
}
const gsb::EnvKnob small_runs_knob = gsb::declare_env_knob(
    "GSB_RADIX_SMALL_RUNS",
    "radix: the one-block path's larger shapes sort by runs never (the block radix sort), where the runs cost little "
    "(auto, the default) or always (tests)",
    [](const std::string& v) { small_runs_choice(v); });

std::string bucket_shape_choice(const std::string& v) {
  return gsb::parse_env_choice("GSB_RADIX_BUCKET_THREADS", v,
                               {"32", "128", "256", "512", "512-in-place", "512-in-place-24", "512-in-place-44",
                                "512-in-place-52", "768-in-place", "1024-in-place"});
}
const gsb::EnvKnob bucket_shape_knob = gsb::declare_env_knob(
    "GSB_RADIX_BUCKET_THREADS",
    "radix: the hybrid path's bucket sort one warp a bucket (32), in blocks of 128, 256 or 512 threads, or 512 in "
    "place (-24, -44, -52: with at least that many rows per warp), 768 in place (4-byte pairs, where their 22-row "
    "kernel sorts by runs), or 1024 in place (4-byte keys alone) (tests)",
    [](const std::string& v) { bucket_shape_choice(v); });

// GSB_RADIX_BUCKET_THREADS as chosen (checked with the command line), read once; empty when unset. Its shape and its
// rows are the two overrides below.
const std::string& bucket_shape_forced() {
  static const std::string value = [] {
    const auto v = gsb::env_value(bucket_shape_knob.name.c_str());
    return v ? bucket_shape_choice(*v) : std::string();
  }();
  return value;
}

}  // namespace

std::optional<BucketShape> bucket_shape_override() {
  const std::string& c = bucket_shape_forced();
  if (c.empty()) return std::nullopt;
  return BucketShape{std::stoi(c), c.find("in-place") != std::string::npos};
}
int bucket_in_place_rows_override() {
  const std::string& c = bucket_shape_forced();
  const std::string prefix = "512-in-place-";
  return c.rfind(prefix, 0) == 0 ? std::stoi(c.substr(prefix.size())) : 0;
}
std::uint64_t hybrid_min_items_override() {
  static const std::uint64_t value = hybrid_min_n_knob.value();
  return value;
}
std::uint64_t large_buckets_above_override() {
  static const std::uint64_t value = large_buckets_above_knob.value();
  return value;
}
LargeForce large_buckets_force_override() {
  static const LargeForce value = [] {
    if (large_buckets_above_override() == 0) return LargeForce::none;
    const auto v = gsb::env_value(large_buckets_by_knob.name.c_str());
    return v && large_buckets_by_choice(*v) == "passes" ? LargeForce::passes : LargeForce::blocks;
  }();
  return value;
}
std::uint64_t segment_sort_min_items_override() {
  static const std::uint64_t value = segment_sort_min_n_knob.value();
  return value;
}
SegmentForm segment_form_override() {
  static const SegmentForm value = [] {
    const auto v = gsb::env_value(segment_form_knob.name.c_str());
    if (!v) return SegmentForm::none;
    return segment_form_choice(*v) == "msd" ? SegmentForm::msd : SegmentForm::blocks;
  }();
  return value;
}
std::uint64_t portion_items_override() {
  static const std::uint64_t value = portion_n_knob.value();
  return value;
}
std::uint64_t counting_portion_items_override() {
  static const std::uint64_t value = counting_portion_n_knob.value();
  return value;
}
SmallRuns small_runs_override() {
  static const SmallRuns value = [] {
    const auto v = gsb::env_value(small_runs_knob.name.c_str());
    const std::string c = v ? small_runs_choice(*v) : std::string("auto");
    return c == "never" ? SmallRuns::never : c == "always" ? SmallRuns::always : SmallRuns::automatic;
  }();
  return value;
}
std::uint64_t counting_min_items_override() {
  static const std::uint64_t value = counting_min_n_knob.value();
  return value;
}

namespace {

template <bool LsdOnly>
struct Radix : TypedSort<Radix<LsdOnly>> {
  static BackendInfo describe() {
    BackendInfo i{LsdOnly ? "radix-lsd" : "radix",
                  LsdOnly ? "LSD radix after Onesweep: up-front histograms, chained-scan digit passes, "
                            "warp-level ranking, constant-digit passes skipped; a few thousand keys or fewer: one "
                            "block (cub::BlockRadixSort over the bits that differ) in one launch"
                          : "radix-lsd, with 4- and 8-byte keys (alone or with values) from 1.5e6-2^22 keys taking two "
                            "MSD passes and a shared-memory sort of each 16-bit bucket when every bucket fits a "
                            "block (the few that do not one block each through global memory, a skewed input's many "
                            "by segmented digit passes), and 1- and 2-byte keys without values a counting sort (the "
                            "output written from the histogram)",
                  "radix"};
    i.stable = true;
    // Inputs beyond one lookback portion (2^28 - 1 keys) are sorted portion by portion in each pass;
    // all offsets are 64-bit, so only memory bounds n.
    i.max_n = no_n_limit;
    // The hybrid path reads the largest bucket (and the keys past a block) back to choose between itself and the
    // LSD passes.
    i.host_synchronizes = !LsdOnly;
    return i;
  }
  template <class Bits, class Value>
  static std::size_t sort_temp_bytes(const SortProblem& p) {
    return onesweep::temp_bytes<Bits, Value>(p);
  }
  template <class Bits, class Value>
  static int sort(const SortProblem& p, const SortBuffers& b) {
    return onesweep::sort<Bits, Value>(p, b, LsdOnly);
  }
  template <class Bits, class Value>
  static std::vector<std::uint64_t> sort_tile_items() {
    return onesweep::tile_items<Bits, Value>();
  }
};

}  // namespace
GSB_REGISTER_SORT(Radix<false>);
GSB_REGISTER_SORT(Radix<true>);
}  // namespace gsb::radix::onesweep
