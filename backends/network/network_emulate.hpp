// Host emulation of a network plan: every pass performs exactly the comparators, in exactly the order, that
// its device kernel performs (kernels in network_kernels.cuh), on n real elements with the virtual +inf tail
// never stored. Used by the unit tests (0-1 principle, random inputs) to check the planner and the networks;
// the device conformance suite checks the kernels.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "network/network_plan.hpp"

namespace gsb::network {

namespace detail {

// Comparator (x < y): minimum to x. A y beyond n is +inf: nothing moves (the swap is strict).
template <class Key, class Value>
void compare(std::vector<Key>& k, std::vector<Value>* v, std::uint64_t n, std::uint64_t x, std::uint64_t y) {
  if (y >= n) return;
  if (k[x] > k[y]) {
    std::swap(k[x], k[y]);
    if (v) std::swap((*v)[x], (*v)[y]);
  }
}

// Visits every comparator (x, y) of one step over indices [lo, hi) of the virtual array.
template <class F>
void for_each_comparator(Network net, int k, int b, std::uint64_t lo, std::uint64_t hi, F&& f) {
  const std::uint64_t s = std::uint64_t{1} << b, block = std::uint64_t{1} << k;
  for (std::uint64_t x = lo; x < hi; ++x) {
    const std::uint64_t y = x & (block - 1);
    if (net == Network::bitonic) {
      if (x & s) continue;
      const std::uint64_t partner = b == k - 1 ? x ^ (block - 1) : x ^ s;
      if (partner < hi) f(x, partner);
    } else {
      const bool lower = b == k - 1 ? (y & s) == 0 : (y & s) != 0 && y + s < block;
      if (lower && x + s < hi) f(x, x + s);
    }
  }
}

}  // namespace detail

// Runs the plan on keys (already in ascending-unsigned form) and optional values, in place.
template <class Key, class Value>
void emulate_plan(const Plan& plan, std::vector<Key>& keys, std::vector<Value>* values) {
  const std::uint64_t n = plan.n;
  if (plan.passes.empty()) return;
  const std::uint64_t N = std::uint64_t{1} << plan.log2_n;
  auto step_all = [&](int k, int b) {
    detail::for_each_comparator(plan.network, k, b, 0, N, [&](std::uint64_t x, std::uint64_t y) {
      detail::compare(keys, values, n, x, y);
    });
  };
  for (const Pass& p : plan.passes) {
    switch (p.kind) {
      case PassKind::block_sort:
        for (int k = 1; k <= p.stage; ++k)
          for (int b = k - 1; b >= 0; --b) step_all(k, b);
        break;
      case PassKind::block_merge:
      case PassKind::global_stride:
      case PassKind::row_merge:
        for (int b = p.top_bit; b >= p.bottom_bit; --b) step_all(p.stage, b);
        break;
      case PassKind::halo_merge: {
        // Each window computes from its own haloed copy of the input and writes only its window.
        const std::uint64_t H = std::uint64_t{1} << plan.config.halo_log2, W = halo_window(plan.config);
        std::vector<Key> out_k = keys;
        std::vector<Value> out_v = values ? *values : std::vector<Value>{};
        for (std::uint64_t a = 0; a < n; a += W) {
          const std::uint64_t lo = a >= H ? a - H : 0, hi = std::min(N, a + W + H);
          std::vector<Key> rk(keys.begin(), keys.end());
          std::vector<Value> rv = values ? *values : std::vector<Value>{};
          for (int b = p.top_bit; b >= 0; --b)
            detail::for_each_comparator(plan.network, p.stage, b, lo, hi, [&](std::uint64_t x, std::uint64_t y) {
              detail::compare(rk, values ? &rv : nullptr, n, x, y);
            });
          for (std::uint64_t i = a; i < std::min(n, a + W); ++i) {
            out_k[i] = rk[i];
            if (values) out_v[i] = rv[i];
          }
        }
        keys = std::move(out_k);
        if (values) *values = std::move(out_v);
        break;
      }
    }
  }
}

}  // namespace gsb::network
