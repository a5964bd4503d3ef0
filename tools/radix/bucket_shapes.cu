// The bucket sort's shape rule as a table: for every buffer size (4 to 26864 keys by 4, the 512-thread shapes' range
// on Hopper) and every architecture band, the shape bucket_shape_for picks, the warps it keeps resident per SM and, in
// place, the rows of the kernel it takes, one line a run of equal rows. Host only (the rule is constexpr): no GPU.
//   bucket_shapes [TYPE ...]     TYPE: u32, u32+u32, u32+u64, u64, u64+u32, u64+u64 (default: all)
// A change to the rule or to the kernels' resources shows as the difference of two builds' tables (diff), the sweep
// NOTES.md cites ("every buffer from 4 to 26864 keys on every band").
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "gsb/arch.hpp"
#include "radix/onesweep/hybrid.cuh"

namespace {

using namespace gsb;
using namespace gsb::radix::onesweep;

const char* shape_name(BucketShape s) {
  if (s == bucket_warp) return "warp";
  if (s == bucket_narrow) return "128";
  if (s == bucket_wide) return "256";
  if (s == bucket_widest) return "512";
  if (s == bucket_in_place) return "512-in-place";
  if (s == bucket_in_place_pairs_wide) return "768-in-place";
  if (s == bucket_in_place_wide) return "1024-in-place";
  return "?";
}

struct Row {
  const char* shape = nullptr;
  int warps = 0;
  int rows = 0;
  bool operator!=(const Row& o) const { return shape != o.shape || warps != o.warps || rows != o.rows; }
};

template <class Bits, class Value>
void table(const char* type) {
  constexpr unsigned first = 4, last = 26864;
  for (arch::Band b : arch::all_bands) {
    auto row_at = [b](unsigned keys) {
      const BucketShape s = bucket_shape_for<Bits, Value>(b, keys);
      return Row{shape_name(s), bucket_resident_warps<Bits, Value>(b, s, keys),
                 s == bucket_in_place              ? bucket_in_place_rows_for<Bits, Value>(keys)
                 : s == bucket_in_place_pairs_wide ? bucket_rows_pairs_two_blocks
                                                   : 0};
    };
    unsigned from = first;
    Row run = row_at(first);
    for (unsigned keys = first + 4; keys <= last + 4; keys += 4) {
      const bool end = keys > last;
      const Row r = end ? Row{} : row_at(keys);
      if (!end && !(r != run)) continue;
      std::printf("%-8s sm%d %5u-%5u %-13s warps %2d", type, static_cast<int>(b), from, keys - 4, run.shape, run.warps);
      if (run.rows != 0) std::printf(" rows %d", run.rows);
      std::printf("\n");
      from = keys;
      run = r;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  struct Type {
    const char* name;
    void (*print)(const char*);
  };
  const Type types[] = {{"u32", table<std::uint32_t, NoValue>},
                        {"u32+u32", table<std::uint32_t, std::uint32_t>},
                        {"u32+u64", table<std::uint32_t, std::uint64_t>},
                        {"u64", table<std::uint64_t, NoValue>},
                        {"u64+u32", table<std::uint64_t, std::uint32_t>},
                        {"u64+u64", table<std::uint64_t, std::uint64_t>}};
  if (argc == 1) {
    for (const Type& t : types) t.print(t.name);
    return 0;
  }
  for (int i = 1; i < argc; ++i) {
    const Type* found = nullptr;
    for (const Type& t : types)
      if (std::strcmp(argv[i], t.name) == 0) found = &t;
    if (found == nullptr) {
      std::fprintf(stderr, "bucket_shapes: error: unknown type '%s' (u32, u32+u32, u32+u64, u64, u64+u32, u64+u64)\n",
                   argv[i]);
      return 2;
    }
    found->print(found->name);
  }
  return 0;
}
