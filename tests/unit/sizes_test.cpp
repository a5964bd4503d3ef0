#include <gtest/gtest.h>

#include "driver/sizes.hpp"
#include "gsb/error.hpp"

namespace gsb {
namespace {

using V = std::vector<std::uint64_t>;

TEST(Sizes, SingleForms) {
  EXPECT_EQ(parse_size("100000000"), 100000000u);
  EXPECT_EQ(parse_size("1e8"), 100000000u);
  EXPECT_EQ(parse_size("2.5e6"), 2500000u);
  EXPECT_EQ(parse_size("2^27"), 1u << 27);
  EXPECT_EQ(parse_size("64Ki"), 65536u);
  EXPECT_EQ(parse_size("1Mi"), 1u << 20);
  EXPECT_EQ(parse_size("1Gi"), 1u << 30);
  EXPECT_EQ(parse_size("1k"), 1000u);
  EXPECT_EQ(parse_size("1K"), 1000u);
  EXPECT_EQ(parse_size("1M"), 1000000u);
  EXPECT_EQ(parse_size("1.5k"), 1500u);
  EXPECT_EQ(parse_size("1G"), 1000000000u);
  EXPECT_EQ(parse_size(" 7 "), 7u);
}

TEST(Sizes, BeyondTwoToThe32) {
  EXPECT_EQ(parse_size("2^33"), std::uint64_t{1} << 33);
  EXPECT_EQ(parse_size("5e9"), 5000000000ull);
  EXPECT_EQ(parse_size("8Gi"), std::uint64_t{8} << 30);
  EXPECT_EQ(parse_size("4294967297"), 4294967297ull);
  EXPECT_EQ(parse_size("2^32+17"), 4294967313ull);  // issue 19's grid point, as written there
}

TEST(Sizes, WithAnOffset) {
  EXPECT_EQ(parse_size("1e9-1"), 999999999u);
  EXPECT_EQ(parse_size("64Ki+3"), 65539u);
  EXPECT_EQ(parse_size(" 2^20+1 "), (1u << 20) + 1);
  EXPECT_EQ(parse_size("2-1"), 1u);
  EXPECT_EQ(parse_sizes("2^32+17,2^32-1"), (V{4294967313ull, 4294967295ull}));
  EXPECT_EQ(parse_sizes("2^10+1:2^10+21:+10"), (V{1025, 1035, 1045}));
  for (const char* bad : {"2^32+", "2^32+x", "2^32+1.5", "+5", "1-1", "1-2", "2^48+1", "2^+1", "1e+9", "1e-3",
                          "2^32++1", "1+1e3"}) {
    try {
      parse_size(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const UsageError& e) {  // the whole value named
      EXPECT_NE(std::string(e.what()).find(std::string("'") + bad + "'"), std::string::npos) << e.what();
    }
  }
}

TEST(Sizes, ListsAndRanges) {
  EXPECT_EQ(parse_sizes("1e3,2^10,1e3"), (V{1000, 1024}));
  EXPECT_EQ(parse_sizes("1e3:1e6:x10"), (V{1000, 10000, 100000, 1000000}));
  EXPECT_EQ(parse_sizes("2^20:2^23:x2"), (V{1 << 20, 1 << 21, 1 << 22, 1 << 23}));
  EXPECT_EQ(parse_sizes("10:40:+10"), (V{10, 20, 30, 40}));
  EXPECT_EQ(parse_sizes("100:1000:x3"), (V{100, 300, 900}));
  EXPECT_EQ(parse_sizes("1,1e3:1e4:x10"), (V{1, 1000, 10000}));
  EXPECT_EQ(parse_sizes("1e3:1e9:x10").size(), 7u);
}

TEST(Sizes, BadInputNamesTheValue) {
  for (const char* bad : {"abc", "-5", "0", "", "1.5", "1e", "2^", "5X", "0:1e3:x1", "1e3:1e2:x10", "1:10:x1",
                          "1:10", "1:10:y2", "1:10:+0", "1,,2", "1e99", "2^60", "1:2:3:4"}) {
    try {
      parse_sizes(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("--n"), std::string::npos) << e.what();
    }
  }
  try {
    parse_sizes("1e3,abc");
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("'abc'"), std::string::npos) << e.what();
  }
}

TEST(Sizes, Format) {
  EXPECT_EQ(format_size(1 << 20), "2^20");
  EXPECT_EQ(format_size(100000000), "1e8");
  EXPECT_EQ(format_size(12345), "12345");
}

}  // namespace
}  // namespace gsb
