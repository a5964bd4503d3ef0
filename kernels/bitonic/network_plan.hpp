// Pass planner for the sorting-network back-ends (bitonic, odd-even-merge): which passes over memory sort n
// elements, and which comparator steps each pass performs. Host code only; the same plan drives the device
// launcher (network_sort.cuh) and the host emulation that the unit tests check (network_emulate.hpp).
//
// The networks. Both act on a virtual array of N = 2^L >= n elements whose tail [n, N) holds +inf, and both
// only ever use comparators (i < j) that put the minimum at i ("all comparators point the same way"). A +inf
// at j >= n therefore never moves (the swap is strict), so the tail is never stored: a comparator whose upper
// end is >= n is a no-op, and an arbitrary n costs at most what its next power of two costs, with no padding
// allocated. (The codec maps either order to ascending unsigned words, so +inf is the all-ones word.)
//
//   bitonic (Batcher 1968, in the "flip" form): stage k (k = 1..L) merges sorted blocks of 2^(k-1) into
//     sorted blocks of 2^k. Its first step (bit k-1) compares i with i ^ (2^k - 1) (the mirror image in the
//     block: this is what makes every comparator ascending, unlike the textbook form with alternating
//     directions); its later steps (bits k-2..0) are half-cleaners comparing i with i ^ 2^b.
//   odd-even merge (Batcher 1968): stage k, step on bit b compares x with x + 2^b where, with y = x mod 2^k,
//     b == k-1: bit b of y is 0;  b < k-1: bit b of y is 1 and y + 2^b < 2^k.
//
// The passes. A tile of 2^tile_log2 elements is sorted in one pass in shared memory and registers
// (block_sort); then each stage k > tile_log2 needs its steps on bits k-1..tile_log2 done across tiles, and
// its steps on bits below within tiles.
//   bitonic: bits >= tile_log2 go in global_steps passes of up to group_log2 bits each: a thread holds the
//     2^group_log2 elements of one coset of those bits in registers, so several strides cost one read and one
//     write. The bits below go in one block_merge pass per stage (registers + shared memory).
//   odd-even merge: its steps are not closed under such cosets (x + 2^b carries into higher bits), except for
//     the top steps of a stage, which act independently on each residue class modulo 2^(k-r): so the first
//     pass of each stage (global_steps, bits k-1..k-r) holds one class per thread; the middle bits go one per
//     pass (global_stride); the lowest halo_log2 bits go in one halo_merge pass that reads each output window
//     with a halo of 2^halo_log2 on each side (enough, since the strides sum to less) and writes out of place.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gsb/types.hpp"

namespace gsb::network {

enum class Network : std::uint8_t { bitonic, odd_even_merge };

enum class PassKind : std::uint8_t {
  block_sort,     // sort each tile of 2^tile_log2 (bitonic: all its stages; odd-even: up to L); in place
  block_merge,    // bitonic: stage `stage`, half-cleaner steps on bits top_bit..0, tile-local; in place
  global_steps,   // stage `stage`, steps on bits top_bit..bottom_bit from a register coset; in place
  global_stride,  // odd-even merge: stage `stage`, the one step on bit top_bit; in place
  halo_merge,     // odd-even merge: stage `stage`, steps on bits top_bit..0 in haloed windows; out of place
};

struct PlanConfig {
  int tile_log2 = 13;   // elements per block_sort / block_merge tile
  int group_log2 = 5;   // elements per thread in a global_steps pass
  int halo_log2 = 10;   // odd-even merge: halo_merge handles bits below this (its halo is 2^halo_log2)
};

struct Pass {
  PassKind kind = PassKind::block_sort;
  int stage = 0;        // k: blocks of 2^(k-1) merged into 2^k (block_sort: the last stage it performs)
  int top_bit = 0;      // steps on bits top_bit, top_bit-1, ..., bottom_bit, in that order
  int bottom_bit = 0;
  int group_lo = 0;     // global_steps: lowest index bit of the register coset (it spans group_log2 bits)
  bool encode_keys = false;  // the first pass: apply KeyCodec::encode when loading keys
  bool decode_keys = false;  // the last pass: apply KeyCodec::decode when storing keys
  bool flip() const { return top_bit == stage - 1; }  // bitonic: the first step of a stage mirrors
};

struct Plan {
  Network network = Network::bitonic;
  std::uint64_t n = 0;
  int log2_n = 0;  // L: ceil(log2(n)), the virtual power-of-two length 2^L
  PlanConfig config;
  std::vector<Pass> passes;
};

// Tuning, plain data chosen by the bytes of one element (key + value); the device kernels derive their
// template parameters from it (network_kernels.cuh), the planner its tile and group sizes.
struct Tuning {
  int block_threads_log2;  // block_sort / block_merge / halo_merge: 2^this threads
  int block_items_log2;    // ... each holding 2^this elements in registers: tile = 2^(sum)
  int group_log2;          // global_steps: 2^this elements (this many strides) per thread
};
constexpr Tuning tuning_for(int element_bytes) {
  // <= 8 bytes: 512 x 16 = 8192-element tiles (64 KiB of shared memory, 3 blocks per SM) and 32 elements per
  // thread in global passes (64 registers of data for u32+u32); wider elements halve both.
  return element_bytes <= 8 ? Tuning{9, 4, 5} : Tuning{9, 3, 4};
}
constexpr PlanConfig plan_config_for(int element_bytes) {
  const Tuning t = tuning_for(element_bytes);
  const int tile = t.block_threads_log2 + t.block_items_log2;
  return PlanConfig{tile, t.group_log2, tile - 3};
}

// The plan the back-ends follow for p.
Plan plan_for(Network network, const SortProblem& p);

int ceil_log2(std::uint64_t n);  // smallest L with 2^L >= n (0 for n <= 1)

// The passes that sort n elements. Throws LogicError on a bad configuration.
Plan make_plan(Network network, std::uint64_t n, const PlanConfig& config);

// Elements a halo_merge block writes (its window) for a given configuration: tile minus both halos.
std::uint64_t halo_window(const PlanConfig& config);

// Bytes of device memory one pass reads plus writes for n elements of `element_bytes` (key + value).
// In-place passes read and write every element once; halo_merge reads each window's halo again.
std::uint64_t pass_bytes(const Plan& plan, const Pass& pass, std::uint64_t element_bytes);

std::string to_string(PassKind kind);
std::string describe(const Pass& pass);  // "global_steps k=20 bits 19..15 (flip)"

}  // namespace gsb::network
