// The host-memory check's wording (driver/host_memory.hpp). The reference's host radix sort has its own file,
// host_radix_sort_test.cpp.
#include <cstddef>

#include <gtest/gtest.h>

#include "gsb/host_memory.hpp"

namespace gsb {
namespace {

TEST(HostMemory, ReasonNamesWhatIsNeededAndWhatThereIs) {
  const std::size_t gib_bytes = std::size_t{1} << 30;
  EXPECT_EQ(host_memory_reason(8.0 * double(gib_bytes), 10 * gib_bytes, "input"), "");
  EXPECT_EQ(host_memory_reason(9.5 * double(gib_bytes), 10 * gib_bytes, "input, reference"),
            "needs 9.50 GiB of host memory (input, reference); 10.00 GiB available");
  EXPECT_EQ(host_memory_reason(1e30, 0, "unknown availability refuses nothing"), "");
  EXPECT_GT(host_bytes_available(), 0u);  // Linux: /proc/meminfo or a cgroup limit
}

}  // namespace
}  // namespace gsb
