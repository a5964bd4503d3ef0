#include "driver/report.hpp"

#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "driver/sizes.hpp"
#include "driver/text.hpp"

namespace gsb {

namespace {

using json = nlohmann::ordered_json;

template <class T>
json opt(const std::optional<T>& v) {
  return v ? json(*v) : json(nullptr);
}

json stats_json(const Stats& s) {
  return json{{"samples_ms", s.samples_ms}, {"min_ms", s.min_ms},   {"median_ms", s.median_ms},
              {"mean_ms", s.mean_ms},       {"max_ms", s.max_ms},   {"stddev_ms", s.stddev_ms}};
}

json case_json(const CaseResult& c) {
  json j;
  j["backend"] = c.backend;
  j["family"] = c.family;
  j["key_type"] = to_string(c.problem.key_type);
  j["values"] = to_string(c.problem.values);
  j["order"] = to_string(c.problem.order);
  j["n"] = c.problem.n;
  j["distribution"] = to_string(c.distribution);
  j["status"] = to_string(c.status);
  j["reason"] = c.reason.empty() ? json(nullptr) : json(c.reason);
  if (c.timing) {
    json t{{"method", c.timing_method}, {"host_synchronizes", c.host_synchronizes}};
    const json stats = stats_json(*c.timing);
    for (auto& [k, v] : stats.items()) t[k] = v;
    j["timing"] = t;
  } else {
    j["timing"] = nullptr;
  }
  if (c.end_to_end)
    j["end_to_end"] = json{{"h2d_ms", stats_json(c.end_to_end->h2d)}, {"sort_ms", stats_json(c.end_to_end->sort)},
                           {"d2h_ms", stats_json(c.end_to_end->d2h)}, {"total_ms", stats_json(c.end_to_end->total)}};
  else
    j["end_to_end"] = nullptr;
  if (c.keys_per_s)
    j["throughput"] = json{{"keys_per_s", *c.keys_per_s}, {"effective_GBps", opt(c.effective_GBps)},
                           {"fraction_of_copy_bandwidth", opt(c.fraction_of_copy_bandwidth)}};
  else
    j["throughput"] = nullptr;
  j["speedup_vs_std_sort"] = opt(c.speedup_vs_std_sort);
  if (c.gpu_state)
    j["gpu_state"] = json{{"sm_clock_mhz", c.gpu_state->sm_clock_mhz},
                          {"memory_clock_mhz", c.gpu_state->memory_clock_mhz},
                          {"throttle_reasons", c.gpu_state->throttle_reasons},
                          {"temperature_c", c.gpu_state->temperature_c},
                          {"power_w", c.gpu_state->power_w}};
  else
    j["gpu_state"] = nullptr;
  j["validation"] = json{{"status", !c.validation_run ? "not-run" : c.validation.passed ? "passed" : "failed"},
                         {"checks", c.validation.checks},
                         {"first_mismatch", c.validation.first_mismatch.empty() ? json(nullptr)
                                                                                : json(c.validation.first_mismatch)},
                         {"cost_ms", json{{"full", c.validation.full_ms},
                                          {"every_repetition", c.validation.repetitions_ms}}}};
  if (c.out_of_core) {  // only out-of-core cases carry the key
    const OutOfCoreInfo& o = *c.out_of_core;
    json timeline = json::array();
    for (const OutOfCorePiece& pc : o.timeline)
      timeline.push_back(json{{"stage", pc.stage},
                              {"piece", pc.piece},
                              {"offset", pc.offset},
                              {"n", pc.n},
                              {"h2d_ms", {pc.h2d_ms[0], pc.h2d_ms[1]}},
                              {"sort_ms", {pc.sort_ms[0], pc.sort_ms[1]}},
                              {"d2h_ms", {pc.d2h_ms[0], pc.d2h_ms[1]}}});
    j["out_of_core"] = json{{"method", o.method},
                            {"pieces", o.pieces},
                            {"chunks", o.chunks},
                            {"slots", o.slots},
                            {"piece_capacity_n", o.piece_capacity_n},
                            {"device_memory_limit_bytes", o.device_memory_limit_bytes},
                            {"device_bytes_used", o.device_bytes_used},
                            {"host_bytes_needed", o.host_bytes_needed},
                            {"link_bytes", o.link_bytes},
                            {"link_h2d_bytes", o.link_h2d_bytes},
                            {"link_d2h_bytes", o.link_d2h_bytes},
                            {"pinned_h2d_GBps", o.pinned_h2d_GBps},
                            {"pinned_d2h_GBps", o.pinned_d2h_GBps},
                            {"pinned_bidir_GBps", o.pinned_bidir_GBps},
                            {"host_register_GBps", o.host_register_GBps},
                            {"link_bound_ms", o.link_bound_ms},
                            {"link_bound_serial_ms", o.link_bound_serial_ms},
                            {"ratio_to_link_bound", o.ratio_to_link_bound},
                            {"partition_ms", o.partition_ms},
                            {"partition_attempts", o.partition_attempts},
                            {"host_staging_copy_ms", o.host_staging_copy_ms},
                            {"host_staging_wait_ms", o.host_staging_wait_ms},
                            {"timeline", std::move(timeline)}};
  }
  if (c.multi_gpu) {  // only multi-GPU cases carry the key
    const MultiGpuInfo& m = *c.multi_gpu;
    json per_gpu = json::array();
    for (const MultiGpuGpu& g : m.per_gpu)
      per_gpu.push_back(json{{"device", g.device},
                             {"shard_n", g.shard_n},
                             {"part_n", g.part_n},
                             {"sent_bytes", g.sent_bytes},
                             {"splitters_ms", g.splitters_ms},
                             {"partition_ms", g.partition_ms},
                             {"exchange_ms", g.exchange_ms},
                             {"exchange_wait_ms", g.exchange_wait_ms},
                             {"sort_ms", g.sort_ms},
                             {"total_ms", g.total_ms}});
    j["multi_gpu"] = json{{"gpus", m.gpus},
                          {"communicator", m.communicator},
                          {"device_bytes_per_gpu", m.device_bytes_per_gpu},
                          {"host_bytes_needed", m.host_bytes_needed},
                          {"setup_ms", m.setup_ms},
                          {"distribute_ms", m.distribute_ms},
                          {"gather_ms", m.gather_ms},
                          {"balance", m.balance},
                          {"exchange_share", m.exchange_share},
                          {"partition_attempts", m.partition_attempts},
                          {"per_gpu", std::move(per_gpu)}};
  }
  return j;
}

std::string fmt_rate(double v) {
  if (v >= 1e9) return fmt::format("{:.2f} G", v / 1e9);
  if (v >= 1e6) return fmt::format("{:.2f} M", v / 1e6);
  if (v >= 1e3) return fmt::format("{:.2f} k", v / 1e3);
  return fmt::format("{:.0f} ", v);
}

std::string csv_field(std::string s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '"') out += '"';
    out += ch;
  }
  return out + "\"";
}

}  // namespace

std::string to_json(const RunReport& r) {
  json j;
  j["schema_version"] = schema_version;
  j["schema_minor"] = schema_minor;
  const GitInfo g = git_info();
  j["meta"] = json{{"tool", "gpusort-bench"},
                   {"version", GSB_VERSION},
                   {"git_sha", std::strlen(g.sha) ? json(g.sha) : json(nullptr)},
                   {"git_dirty", g.dirty < 0 ? json(nullptr) : json(g.dirty == 1)},
                   {"argv", r.argv},
                   {"timestamp_utc", r.timestamp_utc}};
  j["host"] = json{{"cpu_model", r.host.cpu_model}, {"cores", r.host.cores}, {"memory_bytes", r.host.memory_bytes},
                   {"os", r.host.os}, {"compiler", r.host.compiler}};
  if (r.device) {
    const DeviceInfo& d = *r.device;
    j["device"] = json{{"index", d.index},
                       {"name", d.name},
                       {"compute_capability", d.compute_capability},
                       {"sm_count", d.sm_count},
                       {"memory_bytes", d.memory_bytes},
                       {"l2_bytes", d.l2_bytes},
                       {"sm_clock_khz", d.sm_clock_khz},
                       {"memory_clock_khz", d.memory_clock_khz},
                       {"driver_version", d.driver_version},
                       {"runtime_version", d.runtime_version},
                       {"kernel_driver_version", d.kernel_driver_version.empty() ? json(nullptr)
                                                                                 : json(d.kernel_driver_version)},
                       {"copy_bandwidth_GBps", opt(d.copy_bandwidth_GBps)},
                       {"architecture", json{{"policy_band", d.policy_band},
                                             {"code_ptx", d.code_ptx_cc},
                                             {"code_binary", d.code_binary_cc},
                                             {"emulated", d.emulated_cc != 0 ? json(d.emulated_cc) : json(nullptr)}}}};
  } else {
    j["device"] = nullptr;
  }
  j["settings"] = json{{"warmup", r.warmup}, {"reps", r.reps},   {"timing", r.timing},
                       {"validate", r.validate}, {"seed", r.seed}, {"force", r.force},
                       {"device_memory_limit_bytes", opt(r.device_memory_limit_bytes)},
                       {"gpus", r.gpus > 0 ? json(r.gpus) : json("all")}};
  json env = json::object();
  for (const auto& [name, value] : r.environment) env[name] = value;
  j["settings"]["environment"] = std::move(env);
  json cases = json::array();
  for (const CaseResult& c : r.cases) cases.push_back(case_json(c));
  j["cases"] = std::move(cases);
  return j.dump(1) + "\n";
}

namespace {
// The CSV's first columns (a later version may add columns after them, never before).
constexpr std::string_view csv_leading_columns = "backend,key_type,values,order,n,distribution,status,";
}  // namespace

std::string to_csv(const RunReport& r) {
  std::string s = std::string(csv_leading_columns) +
                  "median_ms,min_ms,mean_ms,max_ms,stddev_ms,reps,keys_per_s,effective_GBps,fraction_of_copy_bandwidth,"
                  "speedup_vs_std_sort,validation,reason\n";
  for (const CaseResult& c : r.cases) {
    auto num = [](const std::optional<double>& v) { return v ? fmt::format("{:.6g}", *v) : std::string(); };
    s += fmt::format("{},{},{},{},{},{},{},", csv_field(c.backend), to_string(c.problem.key_type),
                     to_string(c.problem.values), to_string(c.problem.order), c.problem.n, to_string(c.distribution),
                     to_string(c.status));
    if (c.timing)
      s += fmt::format("{:.6g},{:.6g},{:.6g},{:.6g},{:.6g},{},", c.timing->median_ms, c.timing->min_ms,
                       c.timing->mean_ms, c.timing->max_ms, c.timing->stddev_ms, c.timing->samples_ms.size());
    else
      s += ",,,,,,";
    s += fmt::format("{},{},{},{},{},{}\n", num(c.keys_per_s), num(c.effective_GBps), num(c.fraction_of_copy_bandwidth),
                     num(c.speedup_vs_std_sort),
                     !c.validation_run ? "not-run" : c.validation.passed ? "passed" : "failed", csv_field(c.reason));
  }
  return s;
}

// "code sm_90, policies sm90" or "code compute_75 PTX (JIT for sm_90), policies sm75, limits of sm_75 (GSB_ARCH)".
static std::string describe_code(const DeviceInfo& d) {
  std::string s = d.code_ptx_cc == d.code_binary_cc
                      ? fmt::format("code sm_{}", d.code_binary_cc)
                      : fmt::format("code compute_{} PTX (JIT for sm_{})", d.code_ptx_cc, d.code_binary_cc);
  s += ", policies " + d.policy_band;
  if (d.emulated_cc != 0) s += fmt::format(", limits of sm_{} (GSB_ARCH)", d.emulated_cc);
  return s;
}

std::string to_table(const RunReport& r) {
  std::string s;
  if (r.device)
    s += fmt::format("device {}: {} (cc {}, {} SMs), copy bandwidth {}; {}\n", r.device->index, r.device->name,
                     r.device->compute_capability, r.device->sm_count,
                     r.device->copy_bandwidth_GBps ? fmt::format("{:.0f} GB/s", *r.device->copy_bandwidth_GBps) : "n/a",
                     describe_code(*r.device));
  s += fmt::format("{:<18} {:<4} {:<5} {:<4} {:>8} {:<14} {:>10} {:>10} {:>9} {:>6} {:>9}  {}\n", "backend", "type",
                   "vals", "ord", "n", "dist", "median ms", "keys/s", "eff GB/s", "%copy", "vs std", "status");
  for (const CaseResult& c : r.cases) {
    std::string median = c.timing ? fmt::format("{:.3f}", c.timing->median_ms) : "-";
    std::string rate = c.keys_per_s ? fmt_rate(*c.keys_per_s) : "-";
    std::string gbs = c.effective_GBps ? fmt::format("{:.1f}", *c.effective_GBps) : "-";
    std::string frac = c.fraction_of_copy_bandwidth ? fmt::format("{:.0f}%", 100 * *c.fraction_of_copy_bandwidth) : "-";
    std::string speed = c.speedup_vs_std_sort ? fmt::format("{:.1f}x", *c.speedup_vs_std_sort) : "-";
    std::string status{to_string(c.status)};
    if (c.status == CaseStatus::failed) status = "FAILED: " + c.reason;
    else if (!c.reason.empty()) status += " (" + c.reason + ")";
    if (c.out_of_core && c.status == CaseStatus::ok)
      status += fmt::format(" (out of core, {}: {} pieces, {:.2f}x the link bound of {:.0f} ms)", c.out_of_core->method,
                            c.out_of_core->pieces,
                            c.out_of_core->ratio_to_link_bound, c.out_of_core->link_bound_ms);
    if (c.multi_gpu && c.status == CaseStatus::ok)
      status += fmt::format(" ({} GPUs, exchange {:.0f}% of the time, largest part {:.3f}x n/G)", c.multi_gpu->gpus,
                            100 * c.multi_gpu->exchange_share, c.multi_gpu->balance);
    s += fmt::format("{:<18} {:<4} {:<5} {:<4} {:>8} {:<14} {:>10} {:>10} {:>9} {:>6} {:>9}  {}\n", printable(c.backend),
                     to_string(c.problem.key_type), to_string(c.problem.values), to_string(c.problem.order),
                     format_size(c.problem.n), to_string(c.distribution), median, rate, gbs, frac, speed, printable(status));  // one row per case, whatever a reason holds
  }
  return s;
}

namespace {
// numpy's type strings of the key types (and of the value types, u32 and u64).
constexpr std::pair<std::string_view, std::string_view> npy_descrs[] = {
    {"u8", "|u1"}, {"u16", "<u2"}, {"u32", "<u4"}, {"u64", "<u8"},
    {"i32", "<i4"}, {"i64", "<i8"}, {"f32", "<f4"}, {"f64", "<f8"}};
constexpr std::string_view npy_magic{"\x93NUMPY\x01\x00", 8};  // format 1.0
constexpr std::string_view npy_header_start = "{'descr': ";
}  // namespace

std::string to_npy(KeyType type, const void* keys, ValueMode mode, const void* values, std::uint64_t n) {
  auto descr = [](std::string_view t) {
    for (const auto& [name, d] : npy_descrs)
      if (name == t) return std::string(d);
    throw std::logic_error("to_npy: no numpy type for " + std::string(t));
  };
  const std::size_t kb = key_bytes(type), vb = value_bytes(mode);
  std::string dtype = mode == ValueMode::none
                          ? "'" + descr(to_string(type)) + "'"
                          : "[('key', '" + descr(to_string(type)) + "'), ('value', '" + descr(to_string(mode)) + "')]";
  std::string header = std::string(npy_header_start) + dtype + ", 'fortran_order': False, 'shape': (" +
                       std::to_string(n) + ",), }";
  const std::size_t preamble = 10;
  std::size_t total = preamble + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out(npy_magic);
  const auto hl = static_cast<std::uint16_t>(header.size());
  out += static_cast<char>(hl & 0xFF);
  out += static_cast<char>(hl >> 8);
  out += header;
  const std::size_t body = n * (kb + vb);
  const std::size_t at = out.size();
  out.resize(at + body);
  char* dst = out.data() + at;
  if (!vb) {
    std::memcpy(dst, keys, n * kb);
  } else {
    for (std::uint64_t i = 0; i < n; ++i) {
      std::memcpy(dst + i * (kb + vb), static_cast<const char*>(keys) + i * kb, kb);
      std::memcpy(dst + i * (kb + vb) + kb, static_cast<const char*>(values) + i * vb, vb);
    }
  }
  return out;
}

namespace {

// Reads a JSON document until its meta.tool decides (the tool writes "meta" second, "tool" first in it), so that a
// large results file is not parsed whole. keys[d]: the last key read at depth d.
class OwnJsonSax : public nlohmann::json_sax<json> {
 public:
  bool ours = false;
  bool null() override { return scalar(); }
  bool boolean(bool) override { return scalar(); }
  bool number_integer(number_integer_t) override { return scalar(); }
  bool number_unsigned(number_unsigned_t) override { return scalar(); }
  bool number_float(number_float_t, const string_t&) override { return scalar(); }
  bool binary(binary_t&) override { return scalar(); }
  bool string(string_t& s) override {
    if (at_meta_tool()) {
      ours = s == "gpusort-bench";
      return false;  // decided
    }
    return scalar();
  }
  bool start_object(std::size_t) override { return enter(true); }
  bool start_array(std::size_t) override { return enter(false); }
  bool key(string_t& k) override {
    if (depth_ <= 2) keys_[depth_] = k;
    return true;
  }
  bool end_object() override {
    if (depth_ == 2 && keys_[1] == "meta") return false;  // meta without a tool
    --depth_;
    return true;
  }
  bool end_array() override {
    --depth_;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  int depth_ = 0;
  std::string keys_[3];
  bool at_meta_tool() const { return depth_ == 2 && keys_[1] == "meta" && keys_[2] == "tool"; }
  bool scalar() const { return depth_ > 0 && !at_meta_tool(); }  // a document that is one scalar is not ours
  bool enter(bool object) {
    if (depth_ == 0 && !object) return false;  // ours is an object
    if (++depth_ <= 2) keys_[depth_].clear();
    return true;
  }
};

}  // namespace

bool is_own_json(std::istream& in) {
  OwnJsonSax sax;
  json::sax_parse(in, &sax, json::input_format_t::json, false);
  return sax.ours;
}

bool is_own_csv(std::istream& in) {
  std::string start(csv_leading_columns.size(), '\0');
  in.read(start.data(), static_cast<std::streamsize>(start.size()));
  return in.gcount() == static_cast<std::streamsize>(start.size()) && start == csv_leading_columns;
}

bool is_own_npy(std::istream& in) {
  char pre[10];
  if (!in.read(pre, sizeof pre) || std::string_view(pre, 8) != npy_magic) return false;
  const auto byte = [&](int i) { return static_cast<std::size_t>(static_cast<unsigned char>(pre[i])); };
  const std::size_t length = byte(8) | byte(9) << 8;  // little-endian
  std::string header(length, '\0');
  if (!in.read(header.data(), static_cast<std::streamsize>(length))) return false;
  if (header.rfind(npy_header_start, 0) != 0) return false;
  const std::string_view rest = std::string_view(header).substr(npy_header_start.size());
  auto quoted = [](std::string_view d) { return "'" + std::string(d) + "'"; };
  bool known = false;
  for (const auto& [name, key] : npy_descrs) {
    known = known || rest.rfind(quoted(key) + ",", 0) == 0;
    for (const auto& [value_name, value] : npy_descrs)
      known = known || ((value_name == "u32" || value_name == "u64") &&
                        rest.rfind("[('key', " + quoted(key) + "), ('value', " + quoted(value) + ")],", 0) == 0);
  }
  const auto shape = rest.find(", 'fortran_order': False, 'shape': (");
  return known && shape != std::string_view::npos && rest.find(",), }", shape) != std::string_view::npos;
}

}  // namespace gsb
