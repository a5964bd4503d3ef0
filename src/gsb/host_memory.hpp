// Host memory, checked before it is touched (issue 16): a case that does not fit is skipped with what it needs
// and what there is, before gigabytes are generated, and never ends in the kernel's OOM killer or in a
// std::bad_alloc thrown inside a library's parallel region (which OpenMP turns into std::terminate).
#pragma once

#include <cstddef>
#include <string>

namespace gsb {

// Host memory this process may still take: the least of
//   - the memory cgroup's limit less its usage (cgroup v2), when a limit is set; else MemAvailable
//     (/proc/meminfo): a limit is the real bound on lent machines, where MemTotal can start far below it;
//   - RLIMIT_AS less the address space in use (VmSize) and RLIMIT_DATA less the data in use (VmData), when set
//     (`prlimit --as=10G`, `ulimit -v`).
// 0 when nothing could be read (then nothing is refused).
std::size_t host_bytes_available();

// "needs 12.00 GiB of host memory (WHAT); 9.50 GiB available" when `needed` exceeds 90% of `available`
// (the rest is left to the allocator, the libraries and the OS), else an empty string. available 0: unknown.
std::string host_memory_reason(double needed_bytes, std::size_t available, const std::string& what);

// "12.00 GiB"
std::string gib(double bytes);

}  // namespace gsb
