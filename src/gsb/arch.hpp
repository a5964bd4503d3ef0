// Architectures as data (after CUB's policy per compute capability, tuning_radix_sort.cuh): every tuned kernel
// takes a policy written for one architecture *band*, the device code compiles the policy of the band it is
// compiled for, and the host picks the same band from the device code that the driver loaded (its PTX version,
// arch_probe.cu), so both sides always agree. Hardware limits come from the device's properties at run time; the
// table below gives each band's documented limits, for static checks of its policies and for GSB_ARCH, which
// holds the host to an older architecture's limits while that architecture's code runs through PTX on a newer
// GPU (README, "Architectures").
#pragma once

#include <type_traits>

#include "gsb/key_codec.hpp"  // GSB_HD

namespace gsb::arch {

// The bands policies are written for: sm75 (Turing), sm80 (A100, sm_87), sm86 (GA10x and Ada, sm_86/sm_89: less
// shared memory and fewer threads per SM than sm_80; also sm_120 and newer, consumer Blackwell, with the same
// 99 KiB a block), sm90 (Hopper and data-centre Blackwell, sm_90 to sm_110).
enum class Band : int { sm75 = 75, sm80 = 80, sm86 = 86, sm90 = 90 };
inline constexpr Band all_bands[] = {Band::sm75, Band::sm80, Band::sm86, Band::sm90};

// The lowest compute capability (x10) this project builds for: CUDA 13 dropped everything older.
inline constexpr int min_cc = 75;

GSB_HD constexpr Band band_of(int cc) {  // cc x10: 75, 80, 86, 89, 90, 100, 120, ...
  return cc >= 120 ? Band::sm86
         : cc >= 90 ? Band::sm90
         : (cc == 86 || cc == 89) ? Band::sm86
         : cc >= 80 ? Band::sm80 : Band::sm75;
}

// Documented limits of the lowest compute capability of each band (CUDA C++ Programming Guide, "Technical
// Specifications per Compute Capability"). Used for static checks of a band's policies and by GSB_ARCH; never in
// place of the device's own properties.
struct Limits {
  int shared_bytes_per_block_optin;
  int shared_bytes_per_sm;
  int max_threads_per_sm;
  int registers_per_sm;  // 32-bit registers
};
GSB_HD constexpr Limits limits_of(Band b) {
  switch (b) {
    case Band::sm75: return {64 * 1024, 64 * 1024, 1024, 64 * 1024};
    case Band::sm80: return {163 * 1024, 164 * 1024, 2048, 64 * 1024};
    case Band::sm86: return {99 * 1024, 100 * 1024, 1536, 64 * 1024};
    case Band::sm90: break;
  }
  return {227 * 1024, 228 * 1024, 2048, 64 * 1024};
}
// Shared memory the hardware reserves per resident block (1 KiB from sm_80 on, none before).
GSB_HD constexpr int reserved_shared_bytes_per_block(Band b) { return b == Band::sm75 ? 0 : 1024; }

// Resident blocks of `threads` threads and `shared_bytes` of shared memory each that one SM of band b holds by its
// shared memory and threads (registers aside), at least 1: what a policy may ask __launch_bounds__ for.
GSB_HD constexpr int blocks_that_fit(Band b, long long shared_bytes, int threads) {
  const long long by_shared = limits_of(b).shared_bytes_per_sm / (shared_bytes + reserved_shared_bytes_per_block(b));
  const long long by_threads = limits_of(b).max_threads_per_sm / threads;
  const long long fit = by_shared < by_threads ? by_shared : by_threads;
  return fit < 1 ? 1 : static_cast<int>(fit);
}

// The band of the device code being compiled (0 in the host pass).
#if defined(__CUDA_ARCH__)
inline constexpr int compiling_cc = __CUDA_ARCH__ / 10;
#else
inline constexpr int compiling_cc = 0;
#endif
// One SM's registers on the band being compiled: what register caps of kernels sharing an SM divide
// (__launch_bounds__ minimum blocks, __maxnreg__).
inline constexpr int compiling_registers_per_sm = limits_of(band_of(compiling_cc)).registers_per_sm;
// ... and its threads, which bound the blocks a __launch_bounds__ minimum may ask for (ptxas ignores more, with a
// warning, and caps no registers).
inline constexpr int compiling_max_threads_per_sm = limits_of(band_of(compiling_cc)).max_threads_per_sm;

// Whether this compilation pass builds the body of a kernel whose policy serves band B: always in the host
// pass, and in a device pass only for B's own architectures. Every other architecture gets an empty body that
// traps (the host never launches it there), so adding a band costs no compile time in the others.
template <Band B>
GSB_HD constexpr bool compiles_for() {
  return compiling_cc == 0 || band_of(compiling_cc) == B;
}

template <Band B>
using band_tag = std::integral_constant<Band, B>;

// f(band_tag<B>{}) for the run-time band b: one instantiation per band on the host.
template <class F>
decltype(auto) dispatch_band(Band b, F&& f) {
  switch (b) {
    case Band::sm75: return f(band_tag<Band::sm75>{});
    case Band::sm80: return f(band_tag<Band::sm80>{});
    case Band::sm86: return f(band_tag<Band::sm86>{});
    case Band::sm90: break;
  }
  return f(band_tag<Band::sm90>{});
}

}  // namespace gsb::arch

// A kernel body whose policy serves band B: the statement that follows is compiled only where B's device code is
// built (arch::compiles_for); elsewhere the kernel traps.
#define GSB_KERNEL_FOR_BAND(B)                         \
  if constexpr (!::gsb::arch::compiles_for<(B)>()) {   \
    __trap();                                          \
  } else
