#include "driver/repetition_check.hpp"

#include <fmt/format.h>

namespace gsb {

std::string fingerprint_mismatch(const Fingerprint& input, const Fingerprint& output) {
  if (output.out_of_order != 0) return fmt::format("{} adjacent elements out of order", output.out_of_order);
  if (output.key_sum != input.key_sum) return "the keys are not a permutation of the input's";
  if (output.pair_sum != input.pair_sum) return "the values are not paired with their keys";
  return {};
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

}  // namespace gsb
