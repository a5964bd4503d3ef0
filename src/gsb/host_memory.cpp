#include "gsb/host_memory.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>

namespace gsb {

namespace {

// A whole number of bytes in a cgroup file ("max" or unreadable: 0).
std::size_t read_cgroup_bytes(const char* path) {
  std::ifstream f(path);
  std::string text;
  if (!(f >> text) || text == "max") return 0;
  try {
    return static_cast<std::size_t>(std::stoull(text));
  } catch (const std::exception&) {
    return 0;
  }
}

// A "Key:   1234 kB" line of a /proc file, in bytes; 0 when absent.
std::size_t read_proc_kib(const char* path, const std::string& key) {
  std::ifstream f(path);
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind(key + ":", 0) == 0) {
      std::istringstream ss(line.substr(key.size() + 1));
      std::size_t kib = 0;
      ss >> kib;
      return kib * 1024;
    }
  }
  return 0;
}

// What a resource limit leaves beyond `used`; SIZE_MAX when the limit is not set.
std::size_t left_under_limit(int resource, std::size_t used) {
  rlimit lim{};
  if (getrlimit(resource, &lim) != 0 || lim.rlim_cur == RLIM_INFINITY) return SIZE_MAX;
  const auto cap = static_cast<std::size_t>(lim.rlim_cur);
  return cap > used ? cap - used : 0;
}

}  // namespace

std::size_t host_bytes_available() {
  std::size_t system = 0;
  if (const std::size_t limit = read_cgroup_bytes("/sys/fs/cgroup/memory.max")) {
    const std::size_t used = read_cgroup_bytes("/sys/fs/cgroup/memory.current");
    system = limit > used ? limit - used : 1;  // 1, not 0: "nothing left" is known, not unknown
  } else {
    system = read_proc_kib("/proc/meminfo", "MemAvailable");
  }
  std::size_t process = std::min(left_under_limit(RLIMIT_AS, read_proc_kib("/proc/self/status", "VmSize")),
                                 left_under_limit(RLIMIT_DATA, read_proc_kib("/proc/self/status", "VmData")));
  if (process == 0) process = 1;
  if (system == 0) return process == SIZE_MAX ? 0 : process;
  return std::min(system, process);
}

std::string gib(double bytes) { return fmt::format("{:.2f} GiB", bytes / double(std::size_t{1} << 30)); }

std::string host_memory_reason(double needed_bytes, std::size_t available, const std::string& what) {
  if (available == 0 || needed_bytes <= 0.9 * static_cast<double>(available)) return {};
  return fmt::format("needs {} of host memory ({}); {} available", gib(needed_bytes), what, gib(double(available)));
}

}  // namespace gsb
