#include "driver/results.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <numeric>
#include <thread>

#include <sys/utsname.h>
#include <unistd.h>

namespace gsb {

Stats make_stats(std::vector<double> samples_ms) {
  Stats s;
  s.samples_ms = samples_ms;
  if (samples_ms.empty()) return s;
  std::sort(samples_ms.begin(), samples_ms.end());
  const std::size_t k = samples_ms.size();
  s.min_ms = samples_ms.front();
  s.max_ms = samples_ms.back();
  s.median_ms = median_of(samples_ms);
  s.mean_ms = std::accumulate(samples_ms.begin(), samples_ms.end(), 0.0) / double(k);
  double var = 0;
  for (double x : samples_ms) var += (x - s.mean_ms) * (x - s.mean_ms);
  s.stddev_ms = k > 1 ? std::sqrt(var / double(k - 1)) : 0.0;
  return s;
}

int DeviceInfo::effective_cc() const {
  if (emulated_cc != 0) return emulated_cc;
  const auto dot = compute_capability.find('.');
  if (dot == std::string::npos) return 0;
  return std::stoi(compute_capability.substr(0, dot)) * 10 + std::stoi(compute_capability.substr(dot + 1));
}

std::string_view to_string(CaseStatus s) {
  switch (s) {
    case CaseStatus::ok: return "ok";
    case CaseStatus::failed: return "failed";
    case CaseStatus::skipped: return "skipped";
    case CaseStatus::error: return "error";
  }
  return "?";
}

HostInfo read_host_info() {
  HostInfo h;
  std::ifstream cpu("/proc/cpuinfo");
  for (std::string line; std::getline(cpu, line);) {
    if (line.rfind("model name", 0) == 0) {
      h.cpu_model = line.substr(line.find(':') + 2);
      break;
    }
  }
  h.cores = static_cast<int>(std::thread::hardware_concurrency());
  h.memory_bytes = static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) * static_cast<std::uint64_t>(::sysconf(_SC_PAGE_SIZE));
  utsname u{};
  if (::uname(&u) == 0) h.os = std::string(u.sysname) + " " + u.release + " " + u.machine;
#if defined(__clang__)
  h.compiler = std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
  h.compiler = std::string("gcc ") + __VERSION__;
#endif
  return h;
}

std::string utc_timestamp() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace gsb
