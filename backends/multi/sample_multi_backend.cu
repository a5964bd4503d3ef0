// `sample-multi` (issue 7): one array spread over the GPUs of a node, sorted by sample sort over NCCL
// (sample_multi.cuh explains the steps). Built when the build finds nccl.h (see CMakeLists.txt); NCCL itself is
// loaded at run time (nccl_api.hpp), and where it cannot be the back-end is skipped with the loader's reason.
#include <cstdlib>
#include <string>

#include "gsb/dispatch.hpp"
#include "gsb/env.hpp"
#include "gsb/error.hpp"
#include "multi/nccl_api.hpp"
#include "multi/sample_multi.cuh"
#include "multi/sample_plan.hpp"

namespace gsb::multi {

namespace {

int parse_subranges(const std::string& v) {
  return static_cast<int>(parse_env_uint("GSB_SAMPLE_MULTI_SUBRANGES", v, 1, max_subranges));
}
bool parse_one_pass(const std::string& v) { return parse_env_choice("GSB_SAMPLE_MULTI_ONEPASS", v, {"0", "1"}) == "1"; }
const EnvKnob subranges_knob = declare_env_knob(
    "GSB_SAMPLE_MULTI_SUBRANGES", "sample-multi: sub-ranges per GPU of the exchange",
    [](const std::string& v) { parse_subranges(v); });
const EnvKnob one_pass_knob = declare_env_knob(
    "GSB_SAMPLE_MULTI_ONEPASS", "sample-multi: 1 sorts each part in one pass after the exchange",
    [](const std::string& v) { parse_one_pass(v); });

}  // namespace

Knobs knobs_from_env() {
  Knobs k;
  if (auto v = env_value(subranges_knob.name.c_str())) k.subranges = parse_subranges(*v);
  if (auto v = env_value(one_pass_knob.name.c_str())) k.one_pass = parse_one_pass(*v);
  return k;
}

namespace {

// dispatch_problem over the key widths sample-multi is built for (4 and 8 bytes: its description admits no
// other key type, so the narrower widths are never instantiated, only refused).
template <class F>
decltype(auto) dispatch(const SortProblem& p, F&& f) {
  return dispatch_problem(p, [&](auto kb, auto vb) -> decltype(f(type_tag<std::uint32_t>{}, vb)) {
    if constexpr (sizeof(typename decltype(kb)::type) >= 4) {
      return f(kb, vb);
    } else {
      throw LogicError("sample-multi: key type " + std::string(to_string(p.key_type)) + " not supported");
    }
  });
}

// Keys of 4 and 8 bytes (every such type and both orders through the KeyCodec), no values or u32/u64 values.
class SampleMultiBackend final : public MultiGpuBackend {
 public:
  SampleMultiBackend() {
    info_.name = "sample-multi";
    info_.description = "multi-GPU sample sort: splitters from samples, partition, NCCL all-to-all hidden "
                        "behind per-sub-range CUB radix sorts (--gpus)";
    info_.family = "multi";
    info_.key_types = {KeyType::u32, KeyType::i32, KeyType::f32, KeyType::u64, KeyType::i64, KeyType::f64};
    info_.value_modes.assign(std::begin(all_value_modes), std::end(all_value_modes));
    info_.stable = false;     // a bucket's elements are scattered in arbitrary order before the local sort
    info_.host_synchronizes = true;  // the host reads the samples and the bucket counts back mid-sort
    info_.spans_gpus = true;
  }
  const BackendInfo& info() const override { return info_; }
  std::string unsupported_reason(const SortProblem& p, const RunOptions& opts) const override {
    if (std::string why = MultiGpuBackend::unsupported_reason(p, opts); !why.empty()) return why;
    return nccl_unavailable_reason();  // NCCL is loaded at run time (nccl_api.hpp)
  }

  std::vector<std::uint64_t> device_bytes(const SortProblem& p, int gpus) const override {
    const Knobs k = knobs_from_env();
    return dispatch(p, [&](auto kb, auto vb) {
      return sample_multi_device_bytes<typename decltype(kb)::type, typename decltype(vb)::type>(p, gpus, k);
    });
  }
  std::unique_ptr<MultiGpuSort> prepare(const SortProblem& p, const std::vector<int>& devices) const override {
    const Knobs k = knobs_from_env();
    return dispatch(p, [&](auto kb, auto vb) {
      return make_sample_multi<typename decltype(kb)::type, typename decltype(vb)::type>(p, devices, k);
    });
  }

 private:
  BackendInfo info_;
};

}  // namespace
GSB_REGISTER_BACKEND(SampleMultiBackend);
}  // namespace gsb::multi
