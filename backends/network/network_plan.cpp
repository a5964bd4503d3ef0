#include "network/network_plan.hpp"
#include "gsb/device_props.hpp"

#include <algorithm>
#include <string>

#include "gsb/error.hpp"

namespace gsb::network {

int ceil_log2(std::uint64_t n) {
  int l = 0;
  while (l < 64 && (std::uint64_t{1} << l) < n) ++l;
  return l;
}

std::uint64_t halo_window(const PlanConfig& c) {
  return (std::uint64_t{1} << c.tile_log2) - (std::uint64_t{2} << c.halo_log2);
}

namespace {

void check_config(Network network, const PlanConfig& c) {
  GSB_EXPECTS(c.tile_log2 >= 1 && c.tile_log2 <= 20, "network plan: tile_log2=" + std::to_string(c.tile_log2));
  GSB_EXPECTS(c.row_min_log2 >= 1 && c.row_min_log2 < c.tile_log2,
              "network plan: row_min_log2=" + std::to_string(c.row_min_log2) + " leaves no strided bit in the tile");
  if (network == Network::odd_even_merge) {
    // Every stage ends with a halo pass (the one that can decode), and a window must remain once both halos
    // are taken from the tile.
    GSB_EXPECTS(c.halo_log2 >= 1 && c.halo_log2 + 2 <= c.tile_log2,
                "network plan: halo_log2=" + std::to_string(c.halo_log2) + " leaves no window in the tile");
  }
}

}  // namespace

Plan make_plan(Network network, std::uint64_t n, const PlanConfig& c) {
  check_config(network, c);
  Plan plan;
  plan.network = network;
  plan.n = n;
  plan.log2_n = ceil_log2(n);
  plan.config = c;
  if (n <= 1) return plan;
  const int L = plan.log2_n, t = c.tile_log2;

  Pass sort;
  sort.kind = PassKind::block_sort;
  // The bitonic block sort's layouts are compile-time, so it always sorts whole tiles (a short last tile's
  // +inf tail sorts to its end); odd-even merge's stops at the array's length.
  sort.stage = network == Network::bitonic ? t : std::min(L, t);
  sort.top_bit = sort.stage - 1;
  sort.encode_keys = true;
  sort.decode_keys = L <= t;
  plan.passes.push_back(sort);

  for (int k = t + 1; k <= L; ++k) {
    if (network == Network::bitonic) {
      // Bits k-1..t across tiles, in as few row passes as a tile holds, split evenly, the larger shares first.
      const int bits = k - t;
      const int per_pass = t - c.row_min_log2;
      const int count = (bits + per_pass - 1) / per_pass;
      int top = k - 1;
      for (int i = 0; i < count; ++i) {
        const int take = bits / count + (i < bits % count ? 1 : 0);
        Pass p;
        p.kind = PassKind::row_merge;
        p.stage = k;
        p.top_bit = top;
        p.bottom_bit = top - take + 1;
        plan.passes.push_back(p);
        top -= take;
      }
      Pass m;
      m.kind = PassKind::block_merge;
      m.stage = k;
      m.top_bit = t - 1;
      m.bottom_bit = 0;
      m.decode_keys = k == L;
      plan.passes.push_back(m);
    } else {
      // The top t - row_min_log2 steps (down to the halo bits at most) act on residue classes: one row pass.
      const int h = c.halo_log2;
      Pass top;
      top.kind = PassKind::row_merge;
      top.stage = k;
      top.top_bit = k - 1;
      top.bottom_bit = std::max(k - (t - c.row_min_log2), std::min(h, k - 1));
      plan.passes.push_back(top);
      for (int b = top.bottom_bit - 1; b >= h; --b) {
        Pass s;
        s.kind = PassKind::global_stride;
        s.stage = k;
        s.top_bit = b;
        s.bottom_bit = b;
        plan.passes.push_back(s);
      }
      Pass m;
      m.kind = PassKind::halo_merge;
      m.stage = k;
      m.top_bit = h - 1;  // top.bottom_bit >= h: k > t >= h + 2
      m.bottom_bit = 0;
      m.decode_keys = k == L;
      plan.passes.push_back(m);
    }
  }
  return plan;
}

std::uint64_t pass_bytes(const Plan& plan, const Pass& pass, std::uint64_t element_bytes) {
  const std::uint64_t n = plan.n;
  if (pass.kind != PassKind::halo_merge) return 2 * n * element_bytes;
  const std::uint64_t H = std::uint64_t{1} << plan.config.halo_log2, W = halo_window(plan.config);
  std::uint64_t reads = 0;
  for (std::uint64_t a = 0; a < n; a += W) {
    const std::uint64_t lo = a >= H ? a - H : 0;
    const std::uint64_t hi = std::min(n, a + W + H);
    reads += hi - lo;
  }
  return (reads + n) * element_bytes;
}

Plan plan_for(Network network, const SortProblem& p) {
  if (p.n <= (std::uint64_t{1} << small_tile_log2)) return make_plan(network, p.n, small_plan_config());
  return make_plan(network, p.n, plan_config_for(int(p.key_size() + p.value_size()), policy_band()));
}

std::string to_string(PassKind kind) {
  switch (kind) {
    case PassKind::block_sort: return "block_sort";
    case PassKind::block_merge: return "block_merge";
    case PassKind::global_stride: return "global_stride";
    case PassKind::halo_merge: return "halo_merge";
    case PassKind::row_merge: return "row_merge";
  }
  return "?";
}

std::string describe(const Pass& p) {
  std::string s = to_string(p.kind) + " k=" + std::to_string(p.stage) + " bits " + std::to_string(p.top_bit) +
                  ".." + std::to_string(p.bottom_bit);
  if (p.encode_keys) s += " encode";
  if (p.decode_keys) s += " decode";
  return s;
}

}  // namespace gsb::network
