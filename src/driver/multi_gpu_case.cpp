#include "driver/multi_gpu_case.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>

#include <unistd.h>

#include <fmt/format.h>

#include "gsb/device_props.hpp"
#include "driver/host_memory.hpp"
#include "driver/repetition_check.hpp"
#include "driver/text.hpp"
#include "gsb/device_scope.hpp"
#include "gsb/error.hpp"

namespace gsb {

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }


}  // namespace

int visible_gpu_count() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return count;
}

CaseResult run_multi_gpu_case(const MultiGpuBackend& backend, const SortProblem& p, const CaseInput& in,
                              const CaseSettings& s, CaseResult r,
                              const std::function<void(CaseResult&, const MultiGpuOutput&)>& finish) {
  const std::size_t kb = p.key_size(), vb = p.value_size(), eb = kb + vb;
  const std::uint64_t n = p.n;
  GSB_EXPECTS(in.keys && in.keys->size() == n, "multi-GPU: input keys missing");
  GSB_EXPECTS(vb == 0 || (in.values && in.values->size() == n), "multi-GPU: input values missing");
  const int present = visible_gpu_count();
  const int G = s.gpus > 0 ? s.gpus : present;
  if (G < 1 || present < G) {
    r.status = CaseStatus::skipped;
    r.reason = fmt::format("{} needs {} GPU{}; {} present", backend.info().name, G, G == 1 ? "" : "s", present);
    return r;
  }
  std::vector<int> devices(G);
  for (int g = 0; g < G; ++g) devices[g] = g;

  // Memory, stated and checked up front: the back-end's buffers on every GPU (plus a pristine copy of the
  // shard where it fits, so that restoring the input between repetitions is a device copy), and on the host
  // the gathered output beside the input, values and reference that exist already.
  const std::vector<std::uint64_t> need = backend.device_bytes(p, G);
  GSB_EXPECTS(need.size() == static_cast<std::size_t>(G), "multi-GPU: device_bytes gave no figure per GPU");
  bool pristine = true;
  std::vector<std::uint64_t> free_bytes(G);
  for (int g = 0; g < G; ++g) {
    DeviceScope scope(devices[g]);
    std::size_t free = 0, total = 0;
    GSB_CUDA_TRY(cudaMemGetInfo(&free, &total));
    free_bytes[g] = free;
    const std::uint64_t shard_bytes = shard_range(n, G, g).size() * eb;
    if (static_cast<double>(need[g]) > 0.97 * static_cast<double>(free)) {
      r.status = CaseStatus::skipped;
      r.reason = fmt::format("{} needs {} on each of {} GPUs; GPU {} has {} free", backend.info().name,
                             gib(double(need[g])), G, devices[g], gib(double(free)));
      return r;
    }
    if (static_cast<double>(need[g] + shard_bytes) > 0.95 * static_cast<double>(free)) pristine = false;
  }
  const std::size_t gathered_bytes = n * eb;
  const std::size_t host_total = n * eb + (in.reference ? n * kb : 0) + gathered_bytes;
  const std::size_t available = host_bytes_available();
  if (available && static_cast<double>(gathered_bytes) > 0.9 * static_cast<double>(available)) {
    r.status = CaseStatus::skipped;
    r.reason = fmt::format("{} needs {} of host memory (input, values, reference and {} for the gathered output); {} "
                           "available", backend.info().name, gib(double(host_total)), gib(double(gathered_bytes)),
                           gib(double(available)));
    return r;
  }
  if (s.announce)
    print_stderr(fmt::format("{}multi-GPU: {} on {} GPU{}: {} per GPU ({} free on GPU 0){}; host {} ({} available)\n",
               ::isatty(STDERR_FILENO) ? "\r\033[K" : "", describe(p), G, G == 1 ? "" : "s", gib(double(need[0])),
               gib(double(free_bytes[0])), pristine ? " and a pristine shard copy" : "", gib(double(host_total)),
               available ? gib(double(available)) : "unknown"));

  MultiGpuInfo mg;
  mg.gpus = G;
  mg.device_bytes_per_gpu = *std::max_element(need.begin(), need.end());
  mg.host_bytes_needed = host_total;
  const auto t_setup = Clock::now();
  std::unique_ptr<MultiGpuSort> sorter = backend.prepare(p, devices);
  mg.setup_ms = ms_since(t_setup);
  mg.communicator = sorter->communicator();

  // Distribution: shard g of the host input onto GPU g (its pristine copy, or the input buffer itself).
  std::vector<DeviceBuffer> keep_keys(G), keep_values(G);
  auto upload = [&](int g, void* keys_dst, void* values_dst) {
    const ShardRange sh = shard_range(n, G, g);
    GSB_CUDA_TRY(cudaMemcpy(keys_dst, static_cast<const std::byte*>(in.keys->array.data()) + sh.begin * kb,
                            sh.size() * kb, cudaMemcpyHostToDevice));
    if (vb)
      GSB_CUDA_TRY(cudaMemcpy(values_dst, static_cast<const std::byte*>(in.values->data()) + sh.begin * vb,
                              sh.size() * vb, cudaMemcpyHostToDevice));
  };
  const auto t_dist = Clock::now();
  for (int g = 0; g < G; ++g) {
    DeviceScope scope(devices[g]);
    const DeviceSpan dst = sorter->input(g);
    GSB_EXPECTS(dst.n == shard_range(n, G, g).size(), "multi-GPU: the back-end's shard size differs from the driver's");
    if (pristine) {
      keep_keys[g] = DeviceBuffer(dst.n * kb);
      keep_values[g] = DeviceBuffer(dst.n * vb);
      upload(g, keep_keys[g].get(), keep_values[g].get());
    } else {
      upload(g, dst.keys, dst.values);
    }
  }
  for (int g = 0; g < G; ++g) {
    DeviceScope scope(devices[g]);
    GSB_CUDA_TRY(cudaDeviceSynchronize());
  }
  mg.distribute_ms = ms_since(t_dist);

  auto restore = [&](bool first) {
    for (int g = 0; g < G; ++g) {
      DeviceScope scope(devices[g]);
      const DeviceSpan dst = sorter->input(g);
      if (pristine) {
        GSB_CUDA_TRY(cudaMemcpy(dst.keys, keep_keys[g].get(), dst.n * kb, cudaMemcpyDeviceToDevice));
        if (vb) GSB_CUDA_TRY(cudaMemcpy(dst.values, keep_values[g].get(), dst.n * vb, cudaMemcpyDeviceToDevice));
      } else if (!first) {
        upload(g, dst.keys, dst.values);
      }
    }
    for (int g = 0; g < G; ++g) {
      DeviceScope scope(devices[g]);
      GSB_CUDA_TRY(cudaDeviceSynchronize());
    }
  };

  // Every repetition's output, fingerprinted part by part on its own GPU after the repetition's timed region
  // (repetition_check.hpp), the seams between parts checked on the host.
  RepetitionCheck check(validation_options(backend.info(), p), in.reference != nullptr);
  std::vector<DeviceBuffer> check_scratch(G);
  std::vector<int> sm_counts(G, 1);
  if (check.active()) {
    check.set_input([&] {
      return host_fingerprint(p, in.keys->array.data(), vb ? in.values->data() : nullptr, false, check.options());
    });
    for (int g = 0; g < G; ++g) {
      DeviceScope scope(devices[g]);
      check_scratch[g] = DeviceBuffer(3 * sizeof(std::uint64_t));
      sm_counts[g] = current_device_props().sm_count;
    }
  }
  auto output_fingerprint = [&] {
    std::vector<Fingerprint> parts;
    HostArray seam_keys(2 * std::uint64_t(G), kb), seam_values(2 * std::uint64_t(G), vb);
    std::uint64_t seams = 0;
    bool earlier = false;  // a non-empty part came before: its last element is in seam slot 2 * seams
    for (int g = 0; g < G; ++g) {
      DeviceScope scope(devices[g]);
      const DeviceSpan part = sorter->output(g);
      if (part.n == 0) continue;
      SortProblem q = p;
      q.n = part.n;
      parts.push_back(device_fingerprint(q, part.keys, part.values, true, check.options(), check_scratch[g].get(),
                                         sm_counts[g], nullptr));
      auto copy_element = [&](std::uint64_t slot, std::uint64_t i) {
        GSB_CUDA_TRY(cudaMemcpy(static_cast<std::byte*>(seam_keys.data()) + slot * kb,
                                static_cast<const std::byte*>(part.keys) + i * kb, kb, cudaMemcpyDeviceToHost));
        if (vb)
          GSB_CUDA_TRY(cudaMemcpy(static_cast<std::byte*>(seam_values.data()) + slot * vb,
                                  static_cast<const std::byte*>(part.values) + i * vb, vb, cudaMemcpyDeviceToHost));
      };
      if (earlier) copy_element(2 * seams++ + 1, 0);
      copy_element(2 * seams, part.n - 1);
      earlier = true;
    }
    return combine_parts(parts, p, seam_keys.data(), vb ? seam_values.data() : nullptr, seams, check.options());
  };

  std::vector<double> samples;
  std::vector<std::vector<MultiGpuPhases>> phases;  // [rep][gpu]
  MultiGpuRunInfo last;
  double spent = 0;
  for (int rep = 0; rep < s.warmup + s.reps; ++rep) {
    restore(rep == 0);
    const auto t0 = Clock::now();
    last = sorter->run();
    const double ms = ms_since(t0);
    GSB_EXPECTS(last.phases.size() == static_cast<std::size_t>(G) && last.part_n.size() == static_cast<std::size_t>(G),
                "multi-GPU: run() reported " + std::to_string(last.phases.size()) + " GPUs of " + std::to_string(G));
    if (check.active()) check.record(rep, s.warmup + s.reps, output_fingerprint);
    if (rep >= s.warmup) {
      samples.push_back(ms);
      phases.push_back(last.phases);
      spent += ms;
      if (time_budget_spent(spent, samples.size())) break;
    }
  }
  r.timing = make_stats(samples);
  r.timing_method = "host-clock";

  // Gather the parts in GPU order into one host array and validate it as a whole.
  std::uint64_t total_n = 0;
  for (int g = 0; g < G; ++g) total_n += sorter->output(g).n;
  GSB_EXPECTS(total_n == n, "multi-GPU: the parts hold " + std::to_string(total_n) + " elements, not " + std::to_string(n));
  HostArray out_keys(n, kb), out_values(n, vb);
  const auto t_gather = Clock::now();
  std::uint64_t at = 0;
  for (int g = 0; g < G; ++g) {
    DeviceScope scope(devices[g]);
    const DeviceSpan part = sorter->output(g);
    GSB_CUDA_TRY(cudaMemcpy(static_cast<std::byte*>(out_keys.data()) + at * kb, part.keys, part.n * kb, cudaMemcpyDeviceToHost));
    if (vb)
      GSB_CUDA_TRY(cudaMemcpy(static_cast<std::byte*>(out_values.data()) + at * vb, part.values, part.n * vb,
                              cudaMemcpyDeviceToHost));
    at += part.n;
  }
  mg.gather_ms = ms_since(t_gather);

  mg.partition_attempts = last.partition_attempts;
  std::uint64_t largest = 0;
  double slowest_exchange = 0;
  for (int g = 0; g < G; ++g) {
    MultiGpuGpu pg;
    pg.device = devices[g];
    pg.shard_n = shard_range(n, G, g).size();
    pg.part_n = last.part_n[g];
    pg.sent_bytes = g < static_cast<int>(last.sent_bytes.size()) ? last.sent_bytes[g] : 0;
    auto med = [&](double MultiGpuPhases::*field) {
      std::vector<double> v;
      for (const auto& rep : phases) v.push_back(rep[g].*field);
      return median_of(v);
    };
    pg.splitters_ms = med(&MultiGpuPhases::splitters_ms);
    pg.partition_ms = med(&MultiGpuPhases::partition_ms);
    pg.exchange_ms = med(&MultiGpuPhases::exchange_ms);
    pg.sort_ms = med(&MultiGpuPhases::sort_ms);
    pg.total_ms = med(&MultiGpuPhases::total_ms);
    pg.exchange_wait_ms = med(&MultiGpuPhases::exchange_wait_ms);
    largest = std::max(largest, pg.part_n);
    slowest_exchange = std::max(slowest_exchange, pg.exchange_ms);
    mg.per_gpu.push_back(pg);
  }
  mg.balance = n ? static_cast<double>(largest) / (static_cast<double>(n) / G) : 1.0;
  mg.exchange_share = r.timing->median_ms > 0 ? slowest_exchange / r.timing->median_ms : 0;
  r.multi_gpu = std::move(mg);
  finish(r, MultiGpuOutput{out_keys.data(), vb ? out_values.data() : nullptr});
  check.finish(r);
  for (int g = 0; g < G; ++g) {  // free each GPU's copies with that GPU current
    DeviceScope scope(devices[g]);
    keep_keys[g] = DeviceBuffer();
    keep_values[g] = DeviceBuffer();
  }
  return r;
}

}  // namespace gsb
