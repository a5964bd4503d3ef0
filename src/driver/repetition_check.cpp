#include "driver/repetition_check.hpp"

#include <optional>

#include "gsb/device_props.hpp"
#include "gsb/device_scope.hpp"
#include "gsb/error.hpp"

#include <fmt/format.h>

namespace gsb {

std::string fingerprint_mismatch(const Fingerprint& input, const Fingerprint& output) {
  if (output.out_of_order != 0) return fmt::format("{} adjacent elements out of order", output.out_of_order);
  if (output.key_sum != input.key_sum) return "the keys are not a permutation of the input's";
  if (output.pair_sum != input.pair_sum) return "the values are not paired with their keys";
  return {};
}

void RepetitionCheck::record_fingerprint(int rep, int total, const Fingerprint& out) {
  ++checked_;
  if (!failure_.empty()) return;
  if (std::string why = fingerprint_mismatch(input_, out); !why.empty())
    failure_ = fmt::format("repetition {} of {}: {}", rep + 1, total, why);
}

void RepetitionCheck::finish(CaseResult& r) const {
  if (!active_ || !r.validation_run) return;
  r.validation.checks.push_back(fmt::format("every repetition ({})", checked_));
  r.validation.repetitions_ms = ms_;
  if (failure_.empty() || !r.validation.passed) return;
  r.validation.passed = false;
  r.validation.first_mismatch = failure_;
  r.status = CaseStatus::failed;
  r.reason = "validation failed: " + failure_;
}

Fingerprint combine_parts(const std::vector<Fingerprint>& parts, const SortProblem& p, const void* seam_keys,
                          const void* seam_values, std::uint64_t seams, const ValidationOptions& opts) {
  Fingerprint whole;
  for (const Fingerprint& f : parts) {
    whole.out_of_order += f.out_of_order;
    whole.key_sum += f.key_sum;
    whole.pair_sum += f.pair_sum;
  }
  const std::size_t kb = p.key_size(), vb = p.value_size();
  for (std::uint64_t s = 0; s < seams; ++s) {
    SortProblem two = p;
    two.n = 2;
    whole.out_of_order += host_fingerprint(two, static_cast<const std::byte*>(seam_keys) + 2 * s * kb,
                                           vb ? static_cast<const std::byte*>(seam_values) + 2 * s * vb : nullptr,
                                           true, opts).out_of_order;
  }
  return whole;
}

Fingerprint host_fingerprint(const SortProblem& p, const void* keys, const void* values, bool check_order,
                             const ValidationOptions& opts) {
  return dispatch_problem(p, [&](auto kb, auto vb) {
    const auto e = detail::element<typename decltype(kb)::type, typename decltype(vb)::type>(p, keys, values, check_order, opts);
    std::uint64_t out_of_order = 0, key_sum = 0, pair_sum = 0;
    const auto n = static_cast<long long>(p.n);
#pragma omp parallel for schedule(static) reduction(+ : out_of_order, key_sum, pair_sum)
    for (long long i = 0; i < n; ++i) {
      Fingerprint f;
      e.add(static_cast<std::uint64_t>(i), f);
      out_of_order += f.out_of_order;
      key_sum += f.key_sum;
      pair_sum += f.pair_sum;
    }
    return Fingerprint{out_of_order, key_sum, pair_sum};
  });
}

Fingerprint PartsFingerprint::operator()(const std::vector<OutputPart>& parts) {
  const std::size_t kb = p_.key_size(), vb = p_.value_size();
  if (parts.size() == 1 && parts[0].device < 0)  // one host array: no seams
    return host_fingerprint(p_, parts[0].keys, vb ? parts[0].values : nullptr, true, opts_);
  std::vector<Fingerprint> fingerprints;
  HostArray seam_keys(2 * parts.size(), kb), seam_values(2 * parts.size(), vb);
  std::uint64_t seams = 0;
  bool earlier = false;  // a non-empty part came before: its last element is in seam slot 2 * seams
  for (const OutputPart& part : parts) {
    if (part.n == 0) continue;
    SortProblem q = p_;
    q.n = part.n;
    std::optional<DeviceScope> scope;
    if (part.device >= 0) {
      scope.emplace(part.device);
      if (!scratch_.count(part.device)) {
        scratch_.emplace(part.device, DeviceBuffer(3 * sizeof(std::uint64_t)));
        sm_count_[part.device] = current_device_props().sm_count;
      }
      fingerprints.push_back(device_fingerprint(q, part.keys, vb ? part.values : nullptr, true, opts_,
                                                scratch_.at(part.device).get(), sm_count_.at(part.device), nullptr));
    } else {
      fingerprints.push_back(host_fingerprint(q, part.keys, vb ? part.values : nullptr, true, opts_));
    }
    auto copy_element = [&](std::uint64_t slot, std::uint64_t i) {
      const auto kind = part.device >= 0 ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost;
      GSB_CUDA_TRY(cudaMemcpy(static_cast<std::byte*>(seam_keys.data()) + slot * kb,
                              static_cast<const std::byte*>(part.keys) + i * kb, kb, kind));
      if (vb)
        GSB_CUDA_TRY(cudaMemcpy(static_cast<std::byte*>(seam_values.data()) + slot * vb,
                                static_cast<const std::byte*>(part.values) + i * vb, vb, kind));
    };
    if (earlier) copy_element(2 * seams++ + 1, 0);
    copy_element(2 * seams, part.n - 1);
    earlier = true;
  }
  return combine_parts(fingerprints, p_, seam_keys.data(), vb ? seam_values.data() : nullptr, seams, opts_);
}

}  // namespace gsb
