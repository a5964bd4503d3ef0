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
//   bitonic: bits >= tile_log2 go in row_merge passes of up to tile_log2 - row_min_log2 bits each: a block holds a tile of 2^tile_log2 elements in shared memory, made of 2^S rows (index bits
//     [bottom, bottom + S), the strided bits of the pass) of 2^(tile_log2 - S) contiguous elements (index bits
//     [0, tile_log2 - S), there only for coalescing), so S strides cost one read and one write. The bits below
//     tile_log2 go in one block_merge pass per stage (registers + shared memory).
//   odd-even merge: its steps are not closed under such cosets (x + 2^b carries into higher bits), except for
//     the top steps of a stage, which act independently on each residue class modulo 2^(k-r): a row_merge
//     tile holds 2^C classes of 2^(k-r) rows, r up to tile_log2 - row_min_log2 (down to the halo bits at
//     most); the middle bits go one per pass (global_stride); the lowest halo_log2 >= 1 bits go in one
//     halo_merge pass that reads each output window with a halo of 2^halo_log2 on each side (enough, since the
//     strides sum to less) and writes out of place.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gsb/arch.hpp"
#include "gsb/key_codec.hpp"  // GSB_HD
#include "gsb/types.hpp"

namespace gsb::network {

enum class Network : std::uint8_t { bitonic, odd_even_merge };

enum class PassKind : std::uint8_t {
  block_sort,     // sort each tile of 2^tile_log2 (bitonic: all its stages; odd-even: up to L); in place
  block_merge,    // bitonic: stage `stage`, half-cleaner steps on bits top_bit..0, tile-local; in place
  global_stride,  // odd-even merge: stage `stage`, the one step on bit top_bit; in place
  halo_merge,     // odd-even merge: stage `stage`, steps on bits top_bit..0 in haloed windows; out of place
  row_merge,      // stage `stage`, steps on bits top_bit..bottom_bit from a shared-memory tile of rows
};

struct PlanConfig {
  int tile_log2 = 13;   // elements per block_sort / block_merge tile
  int halo_log2 = 10;   // odd-even merge: halo_merge handles bits below this (its halo is 2^halo_log2)
  int row_min_log2 = 4; // row_merge passes: rows of at least 2^row_min_log2 contiguous elements (>= 1)
};

struct Pass {
  PassKind kind = PassKind::block_sort;
  int stage = 0;        // k: blocks of 2^(k-1) merged into 2^k (block_sort: the last stage it performs)
  int top_bit = 0;      // steps on bits top_bit, top_bit-1, ..., bottom_bit, in that order
  int bottom_bit = 0;
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

// Tuning, plain data chosen by the bytes of one element (key + value); the device kernels derive their template
// parameters from it (network_kernels.cuh), the planner its tile size. Measured on an H200 (NOTES.md):
// row passes of up to 9 strides above 2^13-element tiles beat register passes of 5 strides (2.58 against 3.21
// ms at 2^24 u32+u32, 6.01 against 6.90 for u64+u64, 1.34 against 1.45 for u32 keys), and 2^14-element tiles
// (one block per SM: block merges at 1.6-1.8 TB/s) lost to 2^13 despite 4 passes fewer.
struct Tuning {
  int block_threads_log2;  // block_sort / block_merge / halo_merge / row_merge: 2^this threads
  int block_items_log2;    // ... each holding 2^this elements in registers: tile = 2^(sum)
  int row_min_log2;        // row_merge: at least 2^this contiguous elements per row
};
// band: the architecture band (common/arch.hpp); the tunings above were measured on Hopper (sm90, also what sm_100
// runs, not measured there). sm75, NOT measured (64 KiB of shared memory per block: a padded 8192-element tile of
// 8-byte pairs needs 66 KiB): elements over 4 bytes take tiles of 256 threads, a quarter of Hopper's tile for
// 16-byte pairs and half for the others. sm80 and sm86 keep Hopper's (fits their 163 / 99 KiB; not measured).
constexpr Tuning tuning_for(int element_bytes, arch::Band band = arch::Band::sm90) {
  // <= 8 bytes: 512 x 16 = 8192-element tiles (64 KiB of shared memory for u32+u32; 64 registers a thread: 2
  // blocks per SM); wider elements halve the tile. Rows of 16 elements: 64 contiguous bytes of u32 keys (two
  // full 32-byte sectors) per row and array.
  if (band == arch::Band::sm75 && element_bytes > 4) return element_bytes <= 8 ? Tuning{8, 4, 4} : Tuning{8, 3, 4};
  return element_bytes <= 8 ? Tuning{9, 4, 4} : Tuning{9, 3, 4};
}
constexpr PlanConfig plan_config_for(int element_bytes, arch::Band band = arch::Band::sm90) {
  const Tuning t = tuning_for(element_bytes, band);
  const int tile = t.block_threads_log2 + t.block_items_log2;
  return PlanConfig{tile, tile - 3, t.row_min_log2};
}

// Small n, up to one small tile: a single block sort of 2^small_tile_log2 elements on 2^small_tile_threads_log2
// threads (network_sort.cuh), planned with this configuration (plan_for picks it).
inline constexpr int small_tile_threads_log2 = 7, small_tile_items_log2 = 4;
inline constexpr int small_tile_log2 = small_tile_threads_log2 + small_tile_items_log2;
constexpr PlanConfig small_plan_config() {
  return PlanConfig{small_tile_log2, small_tile_log2 - 3, small_tile_items_log2};
}

// The tile of a row_merge pass (host and device: the kernel uses it, the unit tests check it is a bijection
// that turns the network's comparators into tile-local ones). Tile element x (tile_log2 bits) is row x >> C
// (global index bits [lo, lo + S), S = tile_log2 - C) and column x & (2^C - 1) (global bits [0, C)); the
// block index supplies bits [C, lo) and >= lo + S. With the stage's mirror step (lo + S == stage) the
// comparator i : i ^ (2^stage - 1) also flips bits [C, lo), so the upper half of the tile (rows with bit S-1
// set) comes from the middle bits flipped: in tile order the mirror is then x : x ^ (2^tile_log2 - 1), the
// half-cleaner on global bit lo + j is x : x ^ 2^(C + j), and the tile is in ascending global order.
struct RowTile {
  std::uint64_t base;     // global index of tile element 0
  std::uint64_t base_up;  // ... of the upper half's element 0, less 2^(lo + S - 1) (== base without a mirror)
  int lo, cols_log2, tile_log2;
  GSB_HD static RowTile make(std::uint64_t block, int lo, int cols_log2, int tile_log2, bool flip) {
    RowTile t;
    const int S = tile_log2 - cols_log2, mid = lo - cols_log2;
    t.base = ((block >> mid) << (lo + S)) | ((block & ((std::uint64_t{1} << mid) - 1)) << cols_log2);
    const std::uint64_t mid_mask = ((std::uint64_t{1} << lo) - 1) & ~((std::uint64_t{1} << cols_log2) - 1);
    t.base_up = flip ? t.base ^ mid_mask : t.base;
    t.lo = lo;
    t.cols_log2 = cols_log2;
    t.tile_log2 = tile_log2;
    return t;
  }
  GSB_HD std::uint64_t index(std::uint32_t x) const {
    return ((x >> (tile_log2 - 1)) ? base_up : base) + (std::uint64_t(x >> cols_log2) << lo) +
           (x & ((1u << cols_log2) - 1));
  }
};

// The plan the back-ends follow for p (the small tile's up to 2^small_tile_log2 elements).
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
std::string describe(const Pass& pass);  // "row_merge k=20 bits 19..13"

}  // namespace gsb::network
