// The fingerprint every repetition's output is checked with (driver/repetition_check.hpp), on the host; the device
// version runs the same per-element code (and every GPU case of the conformance suite goes through it).
#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "driver/repetition_check.hpp"

namespace gsb {
namespace {

SortProblem problem(KeyType t, ValueMode v, std::uint64_t n) {
  SortProblem p;
  p.key_type = t;
  p.values = v;
  p.n = n;
  return p;
}

std::string check(const SortProblem& p, const void* in_k, const void* in_v, const void* out_k, const void* out_v,
                  ValidationOptions o = {}) {
  return fingerprint_mismatch(host_fingerprint(p, in_k, in_v, false, o), host_fingerprint(p, out_k, out_v, true, o));
}

TEST(RepetitionCheck, SortedPermutationPasses) {
  const std::vector<std::uint32_t> in{5, 3, 5, 1}, in_v{0, 1, 2, 3};
  const std::vector<std::uint32_t> out{1, 3, 5, 5}, out_v{3, 1, 0, 2};
  const SortProblem p = problem(KeyType::u32, ValueMode::u32, 4);
  ValidationOptions stable;
  stable.check_stability = true;
  EXPECT_EQ(check(p, in.data(), in_v.data(), out.data(), out_v.data(), stable), "");
}

TEST(RepetitionCheck, EachFaultIsNamed) {
  const std::vector<std::uint32_t> in{5, 3, 5, 1}, in_v{0, 1, 2, 3};
  const SortProblem p = problem(KeyType::u32, ValueMode::u32, 4);
  const std::vector<std::uint32_t> unsorted{3, 1, 5, 5}, lost{1, 3, 3, 5}, ok{1, 3, 5, 5};
  const std::vector<std::uint32_t> ok_v{3, 1, 0, 2}, swapped_v{1, 3, 0, 2}, unstable_v{3, 1, 2, 0};
  EXPECT_EQ(check(p, in.data(), in_v.data(), unsorted.data(), ok_v.data()), "1 adjacent elements out of order");
  EXPECT_EQ(check(p, in.data(), in_v.data(), lost.data(), ok_v.data()), "the keys are not a permutation of the input's");
  EXPECT_EQ(check(p, in.data(), in_v.data(), ok.data(), swapped_v.data()), "the values are not paired with their keys");
  EXPECT_EQ(check(p, in.data(), in_v.data(), ok.data(), unstable_v.data()), "");  // not claimed stable
  ValidationOptions stable;
  stable.check_stability = true;
  EXPECT_EQ(check(p, in.data(), in_v.data(), ok.data(), unstable_v.data(), stable), "1 adjacent elements out of order");
}

TEST(RepetitionCheck, DescendingOrderAndSignedZeros) {
  const float in[] = {-0.0f, 2.0f, 0.0f, -1.0f};
  const float desc[] = {2.0f, 0.0f, -0.0f, -1.0f};
  SortProblem p = problem(KeyType::f32, ValueMode::none, 4);
  p.order = Order::desc;
  EXPECT_EQ(check(p, in, nullptr, desc, nullptr), "");
  const float zeros_swapped[] = {2.0f, -0.0f, 0.0f, -1.0f};  // total order: +0 before -0 when descending
  EXPECT_EQ(check(p, in, nullptr, zeros_swapped, nullptr), "1 adjacent elements out of order");
  ValidationOptions zeros_equal;
  zeros_equal.signed_zeros_equal = true;
  EXPECT_EQ(check(p, in, nullptr, zeros_swapped, nullptr, zeros_equal), "");
}

TEST(RepetitionCheck, EmptyAndOne) {
  const std::uint64_t k = 7;
  EXPECT_EQ(check(problem(KeyType::u64, ValueMode::none, 0), nullptr, nullptr, nullptr, nullptr), "");
  EXPECT_EQ(check(problem(KeyType::u64, ValueMode::none, 1), &k, nullptr, &k, nullptr), "");
}

}  // namespace
}  // namespace gsb
