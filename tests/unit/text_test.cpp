// The command-line text helpers (driver/text.hpp) and the environment knobs (gsb/env.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "driver/sizes.hpp"
#include "driver/text.hpp"
#include "gsb/env.hpp"
#include "gsb/error.hpp"

namespace gsb {
namespace {

std::vector<std::string> items(std::string_view text) {
  std::vector<std::string> out;
  for (std::string_view s : split_list("--x", text)) out.emplace_back(s);
  return out;
}

TEST(ListGrammar, ItemsAreTrimmedAndEmptyItemsRefusedEverywhere) {
  EXPECT_EQ(items("a,b"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(items(" a , b "), (std::vector<std::string>{"a", "b"}));
  for (const char* bad : {"", " ", "a,", ",a", "a,,b", "a, ,b", ","}) {
    EXPECT_THROW(split_list("--x", bad), UsageError) << "'" << bad << "'";
  }
  // --n reads the same grammar: a trailing comma is refused there as it is for --type.
  EXPECT_THROW(parse_sizes("1e3,"), UsageError);
  EXPECT_THROW(parse_sizes(",1e3"), UsageError);
  EXPECT_EQ(parse_sizes(" 1e3 , 2e3 "), (std::vector<std::uint64_t>{1000, 2000}));
}

TEST(WholeNumber, RefusesAnythingOutsideZeroToTwoToThe64MinusOne) {
  EXPECT_EQ(parse_whole_number("--seed", "0"), 0u);
  EXPECT_EQ(parse_whole_number("--seed", "18446744073709551615"), UINT64_MAX);
  for (const char* bad : {"", "-1", "+1", " 1", "1 ", "18446744073709551616", "99999999999999999999", "1e3",
                          "0x10", "abc"}) {
    try {
      parse_whole_number("--seed", bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const UsageError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("--seed: '" + std::string(bad) + "'"), std::string::npos) << what;
    }
  }
}

TEST(Sizes, LeadingZerosInExponents) {
  EXPECT_EQ(parse_size("1e0003"), 1000u);
  EXPECT_EQ(parse_size("2^0010"), 1024u);
  EXPECT_EQ(parse_size("2^00"), 1u);
  EXPECT_THROW(parse_size("2.5^3"), UsageError);
  EXPECT_THROW(parse_size("1e0000099"), UsageError);  // 1e99: too large, whatever the zeros
}

TEST(Sizes, LongRangesCostLinearTime) {
  // Four 100,000-point ranges (the quadratic duplicate check took 14.5 s); here a few milliseconds.
  const auto v = parse_sizes("1:100000:+1,200001:300000:+1,400001:500000:+1,600001:700000:+1");
  EXPECT_EQ(v.size(), 400000u);
  EXPECT_EQ(v.back(), 700000u);
  // Duplicates are still dropped, the first occurrence kept.
  EXPECT_EQ(parse_sizes("5,1:6:+1"), (std::vector<std::uint64_t>{5, 1, 2, 3, 4, 6}));
}

TEST(Printable, ControlCharactersBecomeEscapes) {
  EXPECT_EQ(printable("a\nb\rc\td"), "a\\nb\\rc\\td");
  EXPECT_EQ(printable(std::string("x\x01y\x7f", 4)), "x\\x01y\\x7f");
  EXPECT_EQ(printable("plain ümlaut"), "plain ümlaut");
}

TEST(EnvKnobs, ParsersNameTheVariableAndTheValue) {
  EXPECT_EQ(parse_env_uint("GSB_T", "42", 1, 100), 42u);
  for (const char* bad : {"", "abc", "0", "101", "-1", "4 2", "99999999999999999999999"}) {
    try {
      parse_env_uint("GSB_T", bad, 1, 100);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("GSB_T: '" + std::string(bad) + "'"), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(parse_env_choice("GSB_T", "b", {"a", "b"}), "b");
  EXPECT_THROW(parse_env_choice("GSB_T", "c", {"a", "b"}), UsageError);
}

TEST(EnvKnobs, EveryKnobOfTheProjectIsDeclaredAndChecked) {
  // The knobs the README documents are declared (beside the code that reads them), and a bad value of each is a
  // usage error from check_env_knobs, before any case.
  std::vector<std::string> names;
  for (const EnvKnob& k : env_knobs()) names.push_back(k.name);
  for (const char* name : {"GSB_ARCH", "GSB_RADIX_HYBRID_MIN_N", "GSB_RADIX_PORTION_N", "GSB_RADIX_COUNTING_MIN_N",
                           "GSB_RADIX_BUCKET_THREADS", "GSB_OOC_METHOD", "GSB_DEPENDENT_LAUNCH",
                           "GSB_CLUSTER_LAUNCH"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name << " is not declared";
    ::setenv(name, "not-a-value", 1);
    EXPECT_THROW(check_env_knobs(), UsageError) << name;
    ::unsetenv(name);
  }
  EXPECT_NO_THROW(check_env_knobs());
  ::setenv("GSB_OOC_METHOD", "host-partition", 1);
  const auto set = env_knobs_set();
  ::unsetenv("GSB_OOC_METHOD");
  ASSERT_EQ(set.size(), 1u);
  EXPECT_EQ(set[0].first, "GSB_OOC_METHOD");
  EXPECT_EQ(set[0].second, "host-partition");
}

}  // namespace
}  // namespace gsb
