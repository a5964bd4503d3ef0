#include "driver/runner.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <numeric>

#include <unistd.h>

#include <fmt/format.h>

#include "gsb/host_memory.hpp"
#include "driver/measure.hpp"
#include "driver/output_file.hpp"
#include "driver/repetition_check.hpp"
#include "driver/report.hpp"
#include "driver/sizes.hpp"
#include "driver/text.hpp"
#include "gsb/env.hpp"
#include "gsb/error.hpp"
#include "gsb/multi_gpu.hpp"
#include "gsb/staged_sort.hpp"

namespace gsb {

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}


void finish_throughput(CaseResult& r, const SortProblem& p, const DeviceContext* device) {
  // A failed case keeps its raw samples (they show what ran) but gets no throughput: it did not sort.
  if (r.status != CaseStatus::ok || !r.timing || r.timing->median_ms <= 0 || p.n == 0) return;
  const double s = r.timing->median_ms * 1e-3;
  r.keys_per_s = static_cast<double>(p.n) / s;
  r.effective_GBps = static_cast<double>(p.n) * static_cast<double>(p.key_size() + p.value_size()) * 2.0 / s / 1e9;
  if (device && device->available() && device->info().copy_bandwidth_GBps)
    r.fraction_of_copy_bandwidth = *r.effective_GBps / *device->info().copy_bandwidth_GBps;
}

void check_half(const Backend& backend, int half) {
  GSB_EXPECTS(half == 0 || half == 1, backend.info().name + " returned half " + std::to_string(half));
}

void validate_into(CaseResult& r, const Backend& backend, const SortProblem& p, const CaseInput& in,
                   const void* keys, const void* values) {
  if (!in.reference) return;
  r.validation_run = true;
  r.validation = validate(*in.keys, *in.reference, keys, p.values, values, validation_options(backend.info(), p));
  if (!r.validation.passed) {
    r.status = CaseStatus::failed;
    r.reason = "validation failed: " + r.validation.first_mismatch;
  }
}

// Host back-ends: host buffers, a host clock.
CaseResult run_host_case(const Backend& backend, const SortProblem& p, const CaseInput& in,
                         const CaseSettings& s, CaseResult r, SortedOutput* keep) {
  const std::size_t kb = p.key_size(), vb = p.value_size();
  HostArray keys[2] = {HostArray(p.n, kb), HostArray(p.n, kb)};
  HostArray values[2] = {HostArray(p.n, vb), HostArray(p.n, vb)};
  HostArray temp(backend.temp_bytes(p), 1);
  SortBuffers b;
  for (int h = 0; h < 2; ++h) {
    b.keys[h] = keys[h].data();
    b.values[h] = vb ? values[h].data() : nullptr;
  }
  b.temp = temp.data();
  b.temp_bytes = temp.bytes();
  // The library's own buffers, taken and given back once here: a shortage is this skip, not a std::bad_alloc
  // in the library's OpenMP region, which no handler can catch (Backend::host_workspace_bytes).
  if (const std::size_t workspace = backend.host_workspace_bytes(p)) {
    try {
      HostArray reserve(workspace, 1);
    } catch (const std::bad_alloc&) {
      r.status = CaseStatus::skipped;
      r.reason = fmt::format("{} allocates {} of host memory itself; the allocation failed", backend.info().name,
                             gib(double(workspace)));
      return r;
    }
  }
  int result_half = 0;
  RepetitionCheck check(validation_options(backend.info(), p), in.reference != nullptr);
  if (check.active())
    check.set_input([&] {
      return host_fingerprint(p, in.keys->array.data(), vb ? in.values->data() : nullptr, false, check.options());
    });
  HostTimer timer;
  const std::vector<double> samples = repeat(
      s.warmup, s.reps, timer,
      [&](int) {
        parallel_copy(keys[0].data(), in.keys->array.data(), keys[0].bytes());
        if (vb) parallel_copy(values[0].data(), in.values->data(), values[0].bytes());
        // Poison the scratch half: output a back-end forgot to write cannot pass as a leftover.
        std::memset(keys[1].data(), 0xA5, keys[1].bytes());
        if (vb) std::memset(values[1].data(), 0xA5, values[1].bytes());
      },
      [&](int) { result_half = backend.run(p, b); },
      [&](int rep, int total, bool, bool) {
        check_half(backend, result_half);
        if (check.active())
          check.record(rep, total, [&] {
            return host_fingerprint(p, keys[result_half].data(), vb ? values[result_half].data() : nullptr, true,
                                    check.options());
          });
      });
  r.timing = make_stats(samples);
  r.timing_method = "host-clock";
  validate_into(r, backend, p, in, keys[result_half].data(), vb ? values[result_half].data() : nullptr);
  check.finish(r);
  if (keep) {
    keep->keys = std::move(keys[result_half]);
    keep->values = std::move(values[result_half]);
  }
  return r;
}

// Device memory an in-core case takes: both halves of keys and values, and the back-end's temporary storage.
std::size_t in_core_device_bytes(const Backend& backend, const SortProblem& p) {
  return 2 * p.n * (p.key_size() + p.value_size()) + backend.temp_bytes(p);
}

CaseResult run_device_case(const Backend& backend, const SortProblem& p, const CaseInput& in,
                           const CaseSettings& s, DeviceContext& dev, CaseResult r, SortedOutput* keep) {
  const std::size_t kb = p.key_size(), vb = p.value_size();
  const std::size_t key_bytes_n = p.n * kb, value_bytes_n = p.n * vb;
  const std::size_t temp_bytes = backend.temp_bytes(p);
  const std::size_t needed = in_core_device_bytes(backend, p);
  const std::size_t free = dev.free_bytes();
  // Keep a pristine copy on the device when it fits, so restoring the input costs a D2D copy, not a PCIe trip.
  const bool pristine = static_cast<double>(needed + key_bytes_n + value_bytes_n) < 0.95 * static_cast<double>(free) &&
                       (!s.device_memory_limit_bytes || needed + key_bytes_n + value_bytes_n <= *s.device_memory_limit_bytes);
  cudaStream_t stream = dev.stream();
  DeviceBuffer keys[2] = {DeviceBuffer(key_bytes_n), DeviceBuffer(key_bytes_n)};
  DeviceBuffer values[2] = {DeviceBuffer(value_bytes_n), DeviceBuffer(value_bytes_n)};
  DeviceBuffer temp(temp_bytes);
  DeviceBuffer keys_src, values_src;
  if (pristine) {
    keys_src = DeviceBuffer(key_bytes_n);
    values_src = DeviceBuffer(value_bytes_n);
    // On the run's own stream: a plain cudaMemcpy from pageable memory may return before the DMA lands, and
    // the non-blocking stream would not wait for it.
    GSB_CUDA_TRY(cudaMemcpyAsync(keys_src.get(), in.keys->array.data(), key_bytes_n, cudaMemcpyHostToDevice, stream));
    if (vb) GSB_CUDA_TRY(cudaMemcpyAsync(values_src.get(), in.values->data(), value_bytes_n, cudaMemcpyHostToDevice, stream));
    GSB_CUDA_TRY(cudaStreamSynchronize(stream));
  }
  SortBuffers b;
  for (int h = 0; h < 2; ++h) {
    b.keys[h] = keys[h].get();
    b.values[h] = vb ? values[h].get() : nullptr;
  }
  b.temp = temp.get();
  b.temp_bytes = temp_bytes;
  b.stream = stream;

  auto restore = [&] {
    if (pristine) {
      GSB_CUDA_TRY(cudaMemcpyAsync(keys[0].get(), keys_src.get(), key_bytes_n, cudaMemcpyDeviceToDevice, stream));
      if (vb) GSB_CUDA_TRY(cudaMemcpyAsync(values[0].get(), values_src.get(), value_bytes_n, cudaMemcpyDeviceToDevice, stream));
    } else {
      GSB_CUDA_TRY(cudaMemcpyAsync(keys[0].get(), in.keys->array.data(), key_bytes_n, cudaMemcpyHostToDevice, stream));
      if (vb) GSB_CUDA_TRY(cudaMemcpyAsync(values[0].get(), in.values->data(), value_bytes_n, cudaMemcpyHostToDevice, stream));
    }
    // Poison the scratch half: output a back-end forgot to write cannot pass as a leftover of the last rep.
    GSB_CUDA_TRY(cudaMemsetAsync(keys[1].get(), 0xA5, key_bytes_n, stream));
    if (vb) GSB_CUDA_TRY(cudaMemsetAsync(values[1].get(), 0xA5, value_bytes_n, stream));
  };

  int result_half = 0;
  // Every repetition's output is fingerprinted on the device after its stop event (outside the timed region).
  RepetitionCheck check(validation_options(backend.info(), p), in.reference != nullptr);
  DeviceBuffer check_scratch(check.active() ? 3 * sizeof(std::uint64_t) : 0);
  auto fingerprint = [&](int half, bool order) {
    return device_fingerprint(p, keys[half].get(), vb ? values[half].get() : nullptr, order, check.options(),
                              check_scratch.get(), dev.info().sm_count, stream);
  };
  if (check.active()) {
    restore();
    check.set_input([&] { return fingerprint(0, false); });
  }
  const int checks_planned = (s.device_timing ? s.warmup + s.reps : 0) + (s.end_to_end ? s.warmup + s.reps : 0);
  int checked = 0;
  auto check_output = [&] {
    check_half(backend, result_half);
    if (check.active()) check.record(checked++, checks_planned, [&] { return fingerprint(result_half, true); });
  };
  if (s.device_timing) {
    EventTimer timer(stream);
    r.timing = make_stats(repeat(
        s.warmup, s.reps, timer,
        [&](int) {
          restore();
          dev.flush_l2();
        },
        [&](int) { result_half = backend.run(p, b); }, [&](int, int, bool, bool) { check_output(); }));
    r.timing_method = "cuda-events";
  }

  HostArray out_keys(p.n, kb), out_values(p.n, vb);
  if (s.end_to_end) {
    // As a user would call it: from ordinary pageable host memory, each part timed with the host clock.
    std::vector<double> h2d, sort, d2h;
    HostTimer timer;
    const std::vector<double> total = repeat(
        s.warmup, s.reps, timer,
        [&](int) {
          GSB_CUDA_TRY(cudaMemsetAsync(keys[1].get(), 0xA5, key_bytes_n, stream));
          if (vb) GSB_CUDA_TRY(cudaMemsetAsync(values[1].get(), 0xA5, value_bytes_n, stream));
          dev.flush_l2();
          GSB_CUDA_TRY(cudaStreamSynchronize(stream));
        },
        [&](int) {
          GSB_CUDA_TRY(cudaMemcpyAsync(keys[0].get(), in.keys->array.data(), key_bytes_n, cudaMemcpyHostToDevice, stream));
          if (vb) GSB_CUDA_TRY(cudaMemcpyAsync(values[0].get(), in.values->data(), value_bytes_n, cudaMemcpyHostToDevice, stream));
          GSB_CUDA_TRY(cudaStreamSynchronize(stream));
          timer.lap();
          result_half = backend.run(p, b);
          GSB_CUDA_TRY(cudaStreamSynchronize(stream));
          GSB_CHECK_LAUNCH();
          check_half(backend, result_half);
          timer.lap();
          GSB_CUDA_TRY(cudaMemcpyAsync(out_keys.data(), keys[result_half].get(), key_bytes_n, cudaMemcpyDeviceToHost, stream));
          if (vb) GSB_CUDA_TRY(cudaMemcpyAsync(out_values.data(), values[result_half].get(), value_bytes_n, cudaMemcpyDeviceToHost, stream));
          GSB_CUDA_TRY(cudaStreamSynchronize(stream));
          timer.lap();
        },
        [&](int, int, bool counted, bool) {
          check_output();
          if (!counted) return;
          h2d.push_back(timer.laps()[0]);
          sort.push_back(timer.laps()[1]);
          d2h.push_back(timer.laps()[2]);
        });
    r.end_to_end = EndToEnd{make_stats(h2d), make_stats(sort), make_stats(d2h), make_stats(total)};
  } else {
    GSB_CUDA_TRY(cudaMemcpyAsync(out_keys.data(), keys[result_half].get(), key_bytes_n, cudaMemcpyDeviceToHost, stream));
    if (vb) GSB_CUDA_TRY(cudaMemcpyAsync(out_values.data(), values[result_half].get(), value_bytes_n, cudaMemcpyDeviceToHost, stream));
    GSB_CUDA_TRY(cudaStreamSynchronize(stream));
  }
  if (!r.timing && r.end_to_end) {
    r.timing = r.end_to_end->sort;  // end-to-end only: the sort part, host-clocked, stands for the sort
    r.timing_method = "host-clock";
  }
  validate_into(r, backend, p, in, out_keys.data(), vb ? out_values.data() : nullptr);
  check.finish(r);
  if (keep) {
    keep->keys = std::move(out_keys);
    keep->values = std::move(out_values);
  }
  return r;
}

// Staged sorts (out of core, multi-GPU: gsb/staged_sort.hpp), prepared before this call: the one repetition loop
// over the host clock; every repetition's output fingerprinted part by part; the output validated in place when it
// is one host array, else gathered into one first.
CaseResult run_staged_case(StagedSort& staged, const Backend& backend, const SortProblem& p, const CaseInput& in,
                           const CaseSettings& s, CaseResult r, SortedOutput* keep) {
  const std::size_t kb = p.key_size(), vb = p.value_size();
  if (s.announce) print_stderr(fmt::format("{}{}\n", ::isatty(STDERR_FILENO) ? "\r\033[K" : "", staged.summary()));
  RepetitionCheck check(validation_options(backend.info(), p), in.reference != nullptr);
  PartsFingerprint output_fingerprint(p, check.options());
  if (check.active())
    check.set_input([&] {
      return host_fingerprint(p, in.keys->array.data(), vb ? in.values->data() : nullptr, false, check.options());
    });
  HostTimer timer;
  r.timing = make_stats(repeat(
      s.warmup, s.reps, timer, [&](int) { staged.restore_input(); }, [&](int) { staged.run(); },
      [&](int rep, int total, bool counted, bool last) {
        if (check.active()) check.record(rep, total, [&] { return output_fingerprint(staged.output()); });
        staged.after_run(counted, last);
      }));
  r.timing_method = "host-clock";
  const std::vector<OutputPart> parts = staged.output();
  HostArray keys, values;
  const void* out_keys = nullptr;
  const void* out_values = nullptr;
  if (parts.size() == 1 && parts[0].device < 0) {  // one host array (out of core): validated where it lies
    out_keys = parts[0].keys;
    out_values = parts[0].values;
  } else {
    keys = HostArray(p.n, kb);
    values = HostArray(p.n, vb);
    staged.gather(keys.data(), vb ? values.data() : nullptr);
    out_keys = keys.data();
    out_values = values.data();
  }
  StagedReport report;
  staged.report(report, r.timing->median_ms);
  r.out_of_core = std::move(report.out_of_core);
  r.multi_gpu = std::move(report.multi_gpu);
  validate_into(r, backend, p, in, out_keys, vb ? out_values : nullptr);
  if (keep) {
    if (keys.data() != out_keys) {
      keys = HostArray(p.n, kb);
      parallel_copy(keys.data(), out_keys, keys.bytes());
      values = HostArray(p.n, vb);
      if (vb) parallel_copy(values.data(), out_values, values.bytes());
    }
    keep->keys = std::move(keys);
    keep->values = std::move(values);
  }
  check.finish(r);
  return r;
}

// Nothing when the case fits the device in core (its free memory, and --device-memory); otherwise the device memory
// the case may use out of core, in pieces (issue 7).
std::optional<std::size_t> out_of_core_limit(const Backend& backend, const SortProblem& p, const CaseSettings& s,
                                             const DeviceContext& dev) {
  const std::size_t needed = in_core_device_bytes(backend, p);
  const double free = static_cast<double>(dev.free_bytes());
  const bool over_limit = s.device_memory_limit_bytes && needed > *s.device_memory_limit_bytes;
  if (!over_limit && static_cast<double>(needed) <= 0.97 * free) return std::nullopt;
  double limit = 0.9 * free;
  if (s.device_memory_limit_bytes) limit = std::min(limit, static_cast<double>(*s.device_memory_limit_bytes));
  return static_cast<std::size_t>(limit);
}

// Host memory (bytes) a case allocates for itself beyond the input, values and reference: a host back-end's
// double buffer, temporary storage and library workspace; a GPU back-end's copy of the output (out of core and
// multi-GPU check their pinned buffers themselves); the validation's record of the values seen.
double case_host_bytes(const Backend& backend, const SortProblem& p, bool validating) {
  const double n = static_cast<double>(p.n), eb = static_cast<double>(p.key_size() + p.value_size());
  double bytes = validating && p.values != ValueMode::none ? n : 0;
  if (backend.info().needs_gpu) return bytes + n * eb;
  return bytes + 2 * n * eb + static_cast<double>(backend.temp_bytes(p)) +
         static_cast<double>(backend.host_workspace_bytes(p));
}

}  // namespace

std::string Runner::architecture_reason(const BackendInfo& info, const DeviceInfo& device) {
  const int need = info.min_compute_capability, have = device.effective_cc();
  if (have >= need) return {};
  return fmt::format("needs compute capability {}.{} or newer; the device is {}.{}{}", need / 10, need % 10, have / 10,
                     have % 10, device.emulated_cc != 0 ? " (GSB_ARCH)" : "");
}

std::string Runner::skip_reason(const Backend& backend, const SortProblem& p, Distribution dist, bool force,
                                const DeviceContext* device) {
  if (std::string why = distribution_unsupported_reason(dist, p.key_type); !why.empty()) return why;
  RunOptions ro;
  ro.force = force;
  if (std::string why = backend.unsupported_reason(p, ro); !why.empty()) return why;
  if (p.values == ValueMode::u32 && p.n > (std::uint64_t{1} << 32))
    return "u32 values cannot index n=" + std::to_string(p.n) + " elements";
  if (backend.info().needs_gpu && (!device || !device->available()))
    return device ? device->unavailable_reason() : "no CUDA device";
  if (backend.info().needs_gpu) return architecture_reason(backend.info(), device->info());
  return {};
}

CaseResult Runner::run_case(const Backend& backend, const SortProblem& p, Distribution dist, const CaseInput& in,
                            const CaseSettings& s, DeviceContext* device, SortedOutput* keep) {
  const BackendInfo& info = backend.info();
  CaseResult r;
  r.backend = info.name;
  r.family = info.family;
  r.problem = p;
  r.distribution = dist;
  r.host_synchronizes = info.host_synchronizes;
  r.speedup_reference = info.speedup_reference;
  if (std::string why = skip_reason(backend, p, dist, s.force, device); !why.empty()) {
    r.status = CaseStatus::skipped;
    r.reason = why;
    return r;
  }
  if (!in.keys || !in.unavailable.empty()) {  // the caller could not make the input, or the case does not fit
    r.status = CaseStatus::skipped;
    r.reason = in.unavailable.empty() ? "host allocation failed for the input" : in.unavailable;
    return r;
  }
  try {
    // In core, staged across GPUs (the back-end's own stage()), or staged out of core when it does not fit.
    const StagedInput staged_in{in.keys->array.data(), in.values ? in.values->data() : nullptr, in.reference != nullptr};
    StageSettings stage_settings;
    stage_settings.gpus = s.gpus;
    std::unique_ptr<StagedSort> staged = backend.stage(p, staged_in, stage_settings);
    if (!staged && info.needs_gpu)
      if (const auto limit = out_of_core_limit(backend, p, s, *device)) {
        stage_settings.device_memory_bytes = *limit;
        stage_settings.link = device->link_bandwidth();
        staged = stage_out_of_core(backend, p, staged_in, stage_settings);
      }
    if (staged) {
      CaseResult res = run_staged_case(*staged, backend, p, in, s, r, keep);
      staged.reset();
      if (device && device->available()) GSB_CUDA_TRY(cudaSetDevice(device->info().index));  // a multi-GPU case moved it
      return res;
    }
    if (info.needs_gpu) return run_device_case(backend, p, in, s, *device, r, keep);
    return run_host_case(backend, p, in, s, r, keep);
  } catch (const CudaError& e) {
    if (e.code == cudaErrorMemoryAllocation) {
      cudaGetLastError();
      r.status = CaseStatus::skipped;
      r.reason = std::string("device allocation failed: ") + e.what();
    } else {
      r.status = CaseStatus::error;
      r.reason = e.what();
    }
  } catch (const std::bad_alloc&) {
    r.status = CaseStatus::skipped;
    r.reason = "host allocation failed";
  } catch (const DeviceUnsupported& e) {  // thrown before the back-end enqueued work it could not run
    r.status = CaseStatus::skipped;
    r.reason = e.what();
  } catch (const CaseSkipped& e) {  // a staged sort found no plan that fits here
    r.status = CaseStatus::skipped;
    r.reason = e.what();
  } catch (const std::exception& e) {
    r.status = CaseStatus::error;
    r.reason = e.what();
  }
  r.timing.reset();
  r.end_to_end.reset();
  return r;
}

Runner::Runner(const Options& opts) : opts_(opts) {
  report_.argv = opts.argv;
  report_.timestamp_utc = utc_timestamp();
  report_.host = read_host_info();
  report_.warmup = opts.warmup;
  report_.reps = opts.reps;
  report_.timing = std::string(to_string(opts.timing));
  report_.validate = opts.validate ? "full" : "none";
  report_.seed = opts.seed;
  report_.force = opts.force;
  report_.device_memory_limit_bytes = opts.device_memory_limit_bytes;
  report_.gpus = opts.gpus;
  report_.environment = env_knobs_set();
  const bool any_gpu = std::any_of(opts.backends.begin(), opts.backends.end(),
                                   [](const Backend* b) { return b->info().needs_gpu; });
  if (any_gpu || opts.device_given) {
    device_ = std::make_unique<DeviceContext>(opts.device, opts.device_given);
    const bool any_multi = std::any_of(opts.backends.begin(), opts.backends.end(),
                                       [](const Backend* b) { return b->info().spans_gpus; });
    if (any_multi && device_->available() && opts.gpus > visible_gpu_count())
      throw UsageError("--gpus: " + std::to_string(opts.gpus) + " GPUs asked for, " +
                       std::to_string(visible_gpu_count()) + " present");
    if (device_->available()) {
      device_->measure_copy_bandwidth();
      report_.device = device_->info();
    }
  }
}

Runner::~Runner() = default;

void Runner::write_outputs(bool final) {
  // Files are rewritten during the run at most once a second (each rewrite serialises every case so far: after
  // every case, a run of 15,000 cases spent minutes on it), and always at the end; an interrupted run keeps what
  // was measured up to its last rewrite. FIFOs, devices and standard output take the finished report once.
  constexpr double rewrite_interval_ms = 1000;
  if (!final && ms_since(last_write_) < rewrite_interval_ms) return;
  last_write_ = Clock::now();
  if (opts_.json.kind != OutputTarget::Kind::none && (final || opts_.json.rewritten_each_case()))
    write_output(opts_.json, to_json(report_));
  if (opts_.csv.kind != OutputTarget::Kind::none && (final || opts_.csv.rewritten_each_case()))
    write_output(opts_.csv, to_csv(report_));
}

int Runner::run() {
  const std::size_t total = opts_.sizes.size() * opts_.key_types.size() * opts_.distributions.size() *
                            opts_.value_modes.size() * opts_.orders.size() * opts_.backends.size();
  const bool progress = !opts_.quiet && total > 1;
  const bool tty = ::isatty(STDERR_FILENO);
  const auto t_start = Clock::now();
  std::size_t done = 0;
  bool dumped = false;
  CaseSettings settings;
  settings.warmup = opts_.warmup;
  settings.reps = opts_.reps;
  settings.device_timing = opts_.timing != TimingMode::end_to_end;
  settings.end_to_end = opts_.timing != TimingMode::device;
  settings.force = opts_.force;
  settings.device_memory_limit_bytes = opts_.device_memory_limit_bytes;
  settings.announce = !opts_.quiet;
  settings.gpus = opts_.gpus;

  for (std::uint64_t n : opts_.sizes)
    for (KeyType type : opts_.key_types)
      for (Distribution dist : opts_.distributions) {
        // One input per (n, type, distribution) and one reference per order, shared by every back-end.
        std::optional<HostKeys> keys;
        std::map<Order, Reference> refs;
        std::map<ValueMode, HostArray> values;
        for (ValueMode vm : opts_.value_modes)
          for (Order order : opts_.orders)
            for (const Backend* backend : opts_.backends) {
              const SortProblem p{type, vm, order, n};
              if (progress) {
                const double el = ms_since(t_start) / 1000;
                const double eta = done ? el / double(done) * double(total - done) : 0;
                print_stderr(fmt::format("{}[{}/{}] {} {} {} | elapsed {:.1f} s{}{}", tty ? "\r\033[K" : "", done + 1,
                           total, backend->info().name, describe(p), to_string(dist), el,
                           done ? fmt::format(" | ~{:.0f} s left", eta) : std::string(), tty ? "" : "\n"));
              }
              // Inputs are made only for a case that will run.
              bool runnable = skip_reason(*backend, p, dist, opts_.force, device_.get()).empty();
              CaseInput in;
              if (runnable) {
                // Host memory, before any of it is touched: what is not made yet (input, values, the reference
                // and its sort's scratch half while it runs), then the case's own buffers.
                const double n_d = static_cast<double>(n), kb = static_cast<double>(p.key_size());
                const bool new_ref = opts_.validate && !refs.count(order);
                const double inputs = (keys ? 0 : n_d * kb) +
                                      (vm != ValueMode::none && !values.count(vm) ? n_d * double(p.value_size()) : 0) +
                                      (new_ref ? n_d * kb : 0);
                const double need = inputs + std::max(new_ref ? n_d * kb : 0.0, case_host_bytes(*backend, p, opts_.validate));
                in.unavailable = host_memory_reason(need, host_bytes_available(),
                                                    fmt::format("input, {}and {}'s buffers",
                                                                opts_.validate ? "reference " : "", backend->info().name));
                runnable = in.unavailable.empty();
              }
              if (runnable) {
                try {
                  if (!keys) {
                    const auto t0 = Clock::now();
                    keys = generate_keys(type, dist, n, opts_.seed);
                    const double ms = ms_since(t0);
                    if (!opts_.quiet && ms > 500)
                      print_stderr(fmt::format("{}input {} {} n={} generated in {:.2f} s ({:.2f} G keys/s)\n",
                                 tty ? "\r\033[K" : "", to_string(type), to_string(dist), n, ms / 1000, double(n) / ms / 1e6));
                  }
                  if (vm != ValueMode::none && !values.count(vm)) values.emplace(vm, make_index_values(vm, n));
                  if (opts_.validate && !refs.count(order)) {
                    const auto t0 = Clock::now();
                    refs.emplace(order, make_reference(*keys, order));
                    const double ms = ms_since(t0);
                    if (!opts_.quiet && ms > 500)
                      print_stderr(fmt::format("{}reference sort of n={} ({}) took {:.2f} s\n", tty ? "\r\033[K" : "", n,
                                 to_string(order), ms / 1000));
                  }
                } catch (const std::bad_alloc&) {
                  keys.reset();  // run_case reports the skip
                  in.unavailable = "host allocation failed while making the input or its reference";
                }
              }
              in.keys = keys ? &*keys : nullptr;
              in.values = values.count(vm) ? &values.at(vm) : nullptr;
              in.reference = refs.count(order) ? &refs.at(order) : nullptr;
              SortedOutput kept;
              const bool keep = !opts_.dump_sorted_path.empty() && !dumped;
              CaseResult r = run_case(*backend, p, dist, in, settings, device_.get(), keep ? &kept : nullptr);
              finish_throughput(r, p, device_.get());
              if (backend->info().needs_gpu && device_ && device_->available() && r.timing)
                r.gpu_state = read_gpu_state(device_->info().index);
              if (keep && (r.status == CaseStatus::ok || r.status == CaseStatus::failed)) {
                write_output(opts_.dump_sorted,
                             to_npy(type, kept.keys.data(), vm, vm == ValueMode::none ? nullptr : kept.values.data(), n));
                dumped = true;
              }
              report_.cases.push_back(std::move(r));
              // Speed-up over std-sort of the same input, wherever both were measured. The cases of one input
              // are the last ones pushed (every back-end runs on an input before the next is made), so only
              // those are looked at: constant work per case, not quadratic in the run.
              const std::size_t first = report_.cases.size() > opts_.backends.size()
                                            ? report_.cases.size() - opts_.backends.size() : 0;
              const auto same_input = [](const CaseResult& a, const CaseResult& b) {
                return a.problem.key_type == b.problem.key_type && a.problem.values == b.problem.values &&
                       a.problem.order == b.problem.order && a.problem.n == b.problem.n &&
                       a.distribution == b.distribution;
              };
              for (std::size_t i = first; i < report_.cases.size(); ++i) {
                CaseResult& c = report_.cases[i];
                if (c.status != CaseStatus::ok || !c.timing) continue;
                for (std::size_t j = first; j < report_.cases.size(); ++j) {
                  const CaseResult& base = report_.cases[j];
                  if (base.speedup_reference && base.status == CaseStatus::ok && base.timing && same_input(base, c))
                    c.speedup_vs_std_sort = base.timing->median_ms / c.timing->median_ms;
                }
              }
              write_outputs(false);
              ++done;
            }
      }
  if (progress) print_stderr(fmt::format("{}done: {} cases in {:.1f} s\n", tty ? "\r\033[K" : "", total, ms_since(t_start) / 1000));
  // The table goes to standard error when standard output carries the JSON or CSV (--json -).
  const bool stdout_taken = opts_.json.kind == OutputTarget::Kind::standard_output ||
                            opts_.csv.kind == OutputTarget::Kind::standard_output ||
                            opts_.dump_sorted.kind == OutputTarget::Kind::standard_output;
  write_outputs(true);
  if (!opts_.quiet) {
    const std::string table = to_table(report_);
    if (stdout_taken) print_stderr(table);
    else print_stdout(table);  // results that do not reach the reader are an error (exit 1), never lost silently
  }
  if (!opts_.dump_sorted_path.empty() && !dumped)
    print_stderr(fmt::format("gpusort-bench: note: --dump-sorted: no case ran, nothing written\n"));
  const bool bad = std::any_of(report_.cases.begin(), report_.cases.end(), [](const CaseResult& c) {
    return c.status == CaseStatus::failed || c.status == CaseStatus::error;
  });
  return bad ? 1 : 0;
}

}  // namespace gsb
