#include "driver/options.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "driver/device_context.hpp"
#include "driver/output_file.hpp"
#include "driver/report.hpp"
#include "driver/sizes.hpp"
#include "driver/text.hpp"
#include "gsb/env.hpp"
#include "gsb/error.hpp"

namespace gsb {

std::string_view to_string(TimingMode m) {
  switch (m) {
    case TimingMode::device: return "device";
    case TimingMode::end_to_end: return "end-to-end";
    case TimingMode::both: return "both";
  }
  return "?";
}

namespace {

template <class T, class Parse>
std::vector<T> parse_list(const std::string& flag, const std::string& text, Parse parse, const std::string& valid) {
  std::vector<T> out;
  for (const std::string_view item : split_list(flag, text)) {
    auto v = parse(std::string(item));
    if (!v) throw UsageError(flag + ": unknown value '" + std::string(item) + "' (valid: " + valid + ")");
    if (std::find(out.begin(), out.end(), *v) == out.end()) out.push_back(*v);
  }
  return out;
}

template <class Range>
std::string join_names(const Range& r) {
  std::string s;
  for (const auto& x : r) {
    if (!s.empty()) s += ", ";
    s += std::string(to_string(x));
  }
  return s;
}

std::string backend_names() {
  std::string s;
  for (const Backend* b : Registry::instance().all()) {
    if (!s.empty()) s += ", ";
    s += b->info().name;
  }
  return s;
}

const char* size_grammar =
    "Sizes (--n): a comma list of items; an item is a size or a range.\n"
    "  size:  100000000 | 1e8 | 2.5e6 | 2^27 | 64Ki 1Mi 1Gi 1Ti (powers of 2) | 1k 1M 1G 1T (powers of 10)\n"
    "         (must come out a whole number >= 1)\n"
    "  range: START:STOP:xF  geometric, START, START*F, ... <= STOP (F > 1, e.g. 1e3:1e9:x10)\n"
    "         START:STOP:+S  arithmetic, START, START+S, ... <= STOP\n";

}  // namespace

std::string list_backends() {
  std::string s = fmt::format("{:<20} {:<9} {:<30} {:<15} {:<6} {:<5} {:<14} {}\n", "name", "family", "key types",
                              "values", "stable", "gpu", "max n", "description");
  for (const Backend* b : Registry::instance().all()) {
    const BackendInfo& i = b->info();
    std::string types = join_names(i.key_types);
    if (i.key_types.size() == std::size(all_key_types)) types = "all";
    std::string limit = i.max_n == no_n_limit ? "-" : format_size(i.max_n);
    if (i.max_n != no_n_limit && i.max_n_overridable) limit += " (--force)";
    // gpu: the oldest compute capability it runs on, or "no" for host back-ends
    const std::string gpu = i.needs_gpu ? fmt::format("{}.{}+", i.min_compute_capability / 10,
                                                      i.min_compute_capability % 10)
                                        : std::string("no");
    s += fmt::format("{:<20} {:<9} {:<30} {:<15} {:<6} {:<5} {:<14} {}\n", i.name, i.family, types,
                     join_names(i.value_modes), i.stable ? "yes" : "no", gpu, limit, i.description);
  }
  return s;
}

ParseOutcome parse_command_line(int argc, const char* const* argv, Options& opts) {
  CLI::App app{"gpusort-bench: measures, validates and compares GPU sort back-ends.", "gpusort-bench"};
  app.set_version_flag("--version", [] {
    const GitInfo g = git_info();
    std::string v = std::string("gpusort-bench ") + GSB_VERSION + " (git " +
                    (*g.sha ? std::string(g.sha) : std::string("unknown")) +
                    (g.dirty == 1 ? ", with uncommitted changes" : g.dirty == 0 ? "" : ", state unknown") + ")\n";
    return v + cuda_versions_text();
  });
  app.get_formatter()->column_width(34);
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);  // a later --n wins
  app.footer(std::string("\n") + size_grammar + "\nDistributions (--dist):\n" + distribution_help() +
             "\nExit codes: 0 all cases passed or were skipped; 1 a case failed validation or raised an error;\n"
             "2 bad command line. Examples:\n"
             "  gpusort-bench --algo radix --n 1e8\n"
             "  gpusort-bench --algo radix,cub-radix --type u32,f32 --n 2^20:2^30:x4 --json out.json\n");

  std::string device_memory;
  std::string algo = "cub-radix", n_text = "1Mi", types = "u32", values = "none", order = "asc", dist = "uniform",
              timing = "device", validate = "full";
  bool list = false;

  const std::string sel = "Selection", data = "Input", meas = "Measurement", out = "Output";
  app.add_flag("--list", list, "List every back-end with its key types, value modes, stability and limits")->group(sel);
  app.add_option("--algo", algo, "Back-ends: comma list of names, or 'all' (see --list)")->capture_default_str()->group(sel);
  app.add_flag("--force", opts.force, "Run cases beyond a back-end's time limit (not its correctness limits)")->group(sel);
  app.add_option("--n", n_text, "Sizes: list and ranges, see the grammar below")->capture_default_str()->group(data);
  app.add_option("--type", types, "Key types: u8,u16,u32,u64,i32,i64,f32,f64 (comma list)")->capture_default_str()->group(data);
  app.add_option("--values", values, "Values: none|u32|u64 (original indices; comma list)")->capture_default_str()->group(data);
  app.add_option("--order", order, "Order: asc|desc (comma list)")->capture_default_str()->group(data);
  app.add_option("--dist", dist, "Distributions (comma list, see below)")->capture_default_str()->group(data);
  std::string seed = std::to_string(opts.seed);
  app.add_option("--seed", seed, "Seed of the counter-based generator: a whole number 0..2^64-1")->capture_default_str()->group(data);
  app.add_option("--warmup", opts.warmup, "Discarded repetitions per case")->capture_default_str()->check(CLI::Range(0, 1000))->group(meas);
  app.add_option("--reps", opts.reps, "Timed repetitions per case")->capture_default_str()->check(CLI::Range(1, 100000))->group(meas);
  app.add_option("--timing", timing, "device (CUDA events around the sort) | end-to-end (H2D+sort+D2H from pageable memory) | both")
      ->capture_default_str()->group(meas);
  auto* dev = app.add_option("--device", opts.device, "CUDA device index")->capture_default_str()->group(meas);
  app.add_option("--device-memory", device_memory,
                 "Device memory a case may use (e.g. 4Gi); larger cases are sorted out of core, in pieces")->group(meas);
  std::string gpus;
  auto* gpus_opt = app.add_option("--gpus", gpus,
                 "GPUs a multi-GPU back-end (sample-multi) spreads each array over: a whole number >= 1, or 'all' "
                 "(default: all visible GPUs; devices 0..N-1)")->group(meas);
  app.add_option("--validate", validate, "full | none")->capture_default_str()->group(meas);
  app.add_option("--json", opts.json_path, "Write results as JSON (rewritten atomically after each case)")->group(out);
  app.add_option("--csv", opts.csv_path, "Write results as CSV")->group(out);
  app.add_option("--dump-sorted", opts.dump_sorted_path, "Write the first case's sorted keys (and values) as .npy")->group(out);
  app.add_flag("-q,--quiet", opts.quiet, "No table and no progress line")->group(out);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    app.exit(e);
    return ParseOutcome::exit_ok;
  } catch (const CLI::CallForVersion& e) {
    app.exit(e);
    return ParseOutcome::exit_ok;
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    if (auto nl = what.find('\n'); nl != std::string::npos) what.resize(nl);
    throw UsageError(what);
  }
  opts.argv.assign(argv, argv + argc);
  if (list) return ParseOutcome::list;

  // Back-ends.
  opts.backends.clear();
  if (algo == "all") {
    opts.backends = Registry::instance().all();
  } else {
    for (const std::string_view item : split_list("--algo", algo)) {
      const std::string name(item);
      const Backend* b = Registry::instance().find(name);
      if (!b) throw UsageError("--algo: unknown back-end '" + name + "' (known: " + backend_names() + ")");
      if (std::find(opts.backends.begin(), opts.backends.end(), b) == opts.backends.end()) opts.backends.push_back(b);
    }
  }
  opts.seed = parse_whole_number("--seed", seed);
  opts.sizes = parse_sizes(n_text);
  opts.key_types = parse_list<KeyType>("--type", types, parse_key_type, join_names(all_key_types));
  opts.value_modes = parse_list<ValueMode>("--values", values, parse_value_mode, join_names(all_value_modes));
  opts.orders = parse_list<Order>("--order", order, parse_order, "asc, desc");
  opts.distributions = parse_list<Distribution>("--dist", dist, parse_distribution, join_names(all_distributions));
  if (timing == "device") opts.timing = TimingMode::device;
  else if (timing == "end-to-end") opts.timing = TimingMode::end_to_end;
  else if (timing == "both") opts.timing = TimingMode::both;
  else throw UsageError("--timing: unknown value '" + timing + "' (valid: device, end-to-end, both)");
  if (validate == "full") opts.validate = true;
  else if (validate == "none") opts.validate = false;
  else throw UsageError("--validate: unknown value '" + validate + "' (valid: full, none)");
  opts.device_given = dev->count() > 0;
  if (app.get_option("--device-memory")->count() > 0 && device_memory.empty())
    throw UsageError("--device-memory: empty value (give a size such as 4Gi)");
  if (!device_memory.empty()) {
    try {
      opts.device_memory_limit_bytes = parse_size(device_memory);
    } catch (const UsageError&) {
      throw UsageError("--device-memory: '" + device_memory + "' is not a size in bytes (e.g. 4Gi, 512Mi, 1e9)");
    }
  }
  if (gpus_opt->count() > 0 && gpus != "all") {
    std::size_t used = 0;
    long long g = 0;
    try {
      g = std::stoll(gpus, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != gpus.size() || g < 1 || g > 1024)
      throw UsageError("--gpus: '" + gpus + "' is not a number of GPUs (a whole number >= 1, or 'all')");
    opts.gpus = static_cast<int>(g);
  }
  if (opts.device < 0) throw UsageError("--device: " + std::to_string(opts.device) + " is not a device index");
  check_env_knobs();  // GSB_* knobs are checked with the flags (gsb/env.hpp)

  // Outputs are classified, and must be writable and distinct, before anything runs: nothing is left
  // half-written, no file the user did not name is touched, and a file is replaced only where the tool wrote it
  // (output_file.hpp). Given but empty is refused.
  auto target = [&](const char* flag, const std::string& path, const OutputFormat& format) {
    if (app.get_option(flag)->count() == 0) return OutputTarget{};
    return classify_output(flag, path, format);
  };
  opts.json = target("--json", opts.json_path, {"JSON", is_own_json});
  opts.csv = target("--csv", opts.csv_path, {"CSV", is_own_csv});
  opts.dump_sorted = target("--dump-sorted", opts.dump_sorted_path, {".npy array", is_own_npy});
  check_distinct({&opts.json, &opts.csv, &opts.dump_sorted});
  return ParseOutcome::run;
}

}  // namespace gsb
