// The faulty back-ends (fault_backends.cpp, linked in, so they register as any back-end does) through the
// runner's own API, Runner::run_case and Runner::run, without the binary: every fault is a failed or errored case,
// never an ok one with a throughput, whichever repetition was wrong (issue 16).
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "driver/runner.hpp"
#include "gsb/backend.hpp"

namespace gsb {
namespace {

// fault name -> what its reason must mention (warm-up 0, 3 repetitions)
const std::map<std::string, std::string> faults = {
    {"fault-alternate", "repetition 2 of 3"},
    {"fault-once", "repetition 2 of 3"},
    {"fault-early", "repetition 1 of 3"},
    {"fault-noop", "validation failed"},
    {"fault-swap", "validation failed"},
    {"fault-lose", "validation failed"},
    {"fault-lose-once", "repetition 2 of 3"},
    {"fault-unstable", "unstable"},
    {"fault-unstable-once", "repetition 2 of 3: 1 adjacent elements out of order"},
    {"fault-pairing", "validation failed"},
    {"fault-pairing-once", "repetition 2 of 3"},
    {"fault-throw", "injected failure"},
};

const Backend& backend(const std::string& name) {
  const Backend* b = Registry::instance().find(name);
  if (!b) throw std::runtime_error(name + " is not registered");
  return *b;
}

// One u32+u32 input of 1000 few-unique keys with its reference, run through Runner::run_case.
struct Input {
  SortProblem p{KeyType::u32, ValueMode::u32, Order::asc, 1000};
  HostKeys keys = generate_keys(p.key_type, Distribution::few_unique, p.n, 7);
  HostArray values = make_index_values(p.values, p.n);
  Reference ref = make_reference(keys, p.order);
  CaseResult run(const std::string& name, int warmup, int reps) const {
    CaseSettings s;
    s.warmup = warmup;
    s.reps = reps;
    const CaseInput in{&keys, &values, &ref, {}};
    return Runner::run_case(backend(name), p, Distribution::few_unique, in, s, nullptr);
  }
};

TEST(FaultsThroughRunCase, EveryFaultFailsTheCase) {
  const Input input;
  for (const auto& [name, mention] : faults) {
    SCOPED_TRACE(name);
    const CaseResult r = input.run(name, 0, 3);
    EXPECT_TRUE(r.status == CaseStatus::failed || r.status == CaseStatus::error) << to_string(r.status);
    EXPECT_NE(r.reason.find(mention), std::string::npos) << r.reason;
    if (r.status == CaseStatus::failed) {
      EXPECT_FALSE(r.validation.passed);
    }
  }
}

TEST(FaultsThroughRunCase, TheCorrectBackEndPassesEveryRepetition) {
  const CaseResult r = Input{}.run("std-sort", 1, 3);
  EXPECT_EQ(r.status, CaseStatus::ok) << r.reason;
  ASSERT_FALSE(r.validation.checks.empty());
  EXPECT_EQ(r.validation.checks.back(), "every repetition (4)");
}

TEST(FaultsThroughRun, ExitCodeOneNoThroughputAndTheGoodCaseKept) {
  Options o;
  // Back-ends wrong whatever their call count so far (the counts are per process, and the tests above called
  // every fault already): noop on every call, alternate on every other one, so on one of any 3 repetitions.
  o.backends = {&backend("std-sort"), &backend("fault-noop"), &backend("fault-alternate")};
  o.sizes = {1000};
  o.value_modes = {ValueMode::u32};
  o.distributions = {Distribution::few_unique};
  o.warmup = 0;
  o.reps = 3;
  o.quiet = true;
  Runner runner(o);
  EXPECT_EQ(runner.run(), 1);
  const auto& cases = runner.report().cases;
  ASSERT_EQ(cases.size(), 3u);
  EXPECT_EQ(cases[0].status, CaseStatus::ok);
  EXPECT_TRUE(cases[0].keys_per_s.has_value());
  for (std::size_t i = 1; i < cases.size(); ++i) {
    SCOPED_TRACE(cases[i].backend);
    EXPECT_EQ(cases[i].status, CaseStatus::failed);
    EXPECT_FALSE(cases[i].keys_per_s.has_value());
    EXPECT_FALSE(cases[i].speedup_vs_std_sort.has_value());
  }
}

}  // namespace
}  // namespace gsb

namespace gsb {
namespace {

// A case the runner's host-memory check refused is skipped with that reason even when an earlier back-end
// already made its input (the input is there, the case's own buffers are not).
TEST(RunCase, ARefusedCaseIsSkippedEvenWithItsInputMade) {
  const Input input;
  CaseSettings s;
  CaseInput in{&input.keys, &input.values, &input.ref, "needs 9.00 GiB of host memory (test); 1.00 GiB available"};
  const CaseResult r = Runner::run_case(backend("std-sort"), input.p, Distribution::few_unique, in, s, nullptr);
  EXPECT_EQ(r.status, CaseStatus::skipped);
  EXPECT_EQ(r.reason, in.unavailable);
  EXPECT_FALSE(r.timing.has_value());
}

}  // namespace
}  // namespace gsb
