// Everything the command line can say, parsed and checked.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "driver/output_file.hpp"

#include "driver/generate.hpp"
#include "gsb/backend.hpp"
#include "gsb/types.hpp"

namespace gsb {

enum class TimingMode : std::uint8_t { device, end_to_end, both };
std::string_view to_string(TimingMode m);

struct Options {
  std::vector<const Backend*> backends;
  std::vector<std::uint64_t> sizes{std::uint64_t{1} << 20};
  std::vector<KeyType> key_types{KeyType::u32};
  std::vector<ValueMode> value_modes{ValueMode::none};
  std::vector<Order> orders{Order::asc};
  std::vector<Distribution> distributions{Distribution::uniform};
  std::uint64_t seed = 20261122;
  int warmup = 2;
  int reps = 10;
  TimingMode timing = TimingMode::device;
  int device = 0;
  bool device_given = false;
  std::optional<std::uint64_t> device_memory_limit_bytes;  // --device-memory: cases beyond it run out of core
  int gpus = 0;  // --gpus: GPUs a multi-GPU back-end spreads the array over (0: every visible GPU)
  bool validate = true;
  bool force = false;
  bool quiet = false;
  std::string json_path, csv_path, dump_sorted_path;
  OutputTarget json, csv, dump_sorted;  // the three paths, classified before the run (output_file.hpp)
  std::vector<std::string> argv;
};

// What main() should do after parsing.
enum class ParseOutcome { run, list, exit_ok };

// Parses argv into opts. --help/--version print and return exit_ok; --list returns list. Throws UsageError
// (one line naming the bad value) for anything malformed.
ParseOutcome parse_command_line(int argc, const char* const* argv, Options& opts);

// The back-end table printed by --list.
std::string list_backends();

}  // namespace gsb
