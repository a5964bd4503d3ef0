// The staged form of every multi-GPU back-end (MultiGpuBackend::stage): the input is split into even shards,
// shard g put on GPU g before the timed region (and kept there as a pristine copy where it fits, so that restoring
// it between repetitions is a device copy); the back-end's run() is what the driver times, from "every shard
// resident" to "every GPU holds its sorted part"; the parts are the output, in GPU order.
#include <algorithm>
#include <chrono>
#include <cstring>

#include <fmt/format.h>

#include "gsb/cuda_raii.hpp"
#include "gsb/device_scope.hpp"
#include "gsb/error.hpp"
#include "gsb/host_memory.hpp"
#include "gsb/median.hpp"
#include "gsb/multi_gpu.hpp"
#include "gsb/staged_sort.hpp"

namespace gsb {

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

class ShardedSort final : public StagedSort {
 public:
  ShardedSort(const MultiGpuBackend& backend, const SortProblem& p, const StagedInput& in, const StageSettings& s);
  ~ShardedSort() override {
    for (int g = 0; g < G_; ++g) {  // free each GPU's copies with that GPU current
      DeviceScope scope(devices_[g]);
      keep_keys_[g] = DeviceBuffer();
      keep_values_[g] = DeviceBuffer();
    }
  }

  std::string summary() const override { return summary_; }
  void restore_input() override;
  void run() override;
  void after_run(bool counted, bool) override {
    if (counted) phases_.push_back(last_.phases);
  }
  std::vector<OutputPart> output() const override;
  void gather(void* keys, void* values) override {
    const auto t0 = Clock::now();
    StagedSort::gather(keys, values);
    mg_.gather_ms = ms_since(t0);
  }
  void report(StagedReport& r, double median_ms) const override;

 protected:
  std::size_t key_bytes() const override { return kb_; }
  std::size_t value_bytes() const override { return vb_; }

 private:
  void upload(int g, void* keys_dst, void* values_dst);

  const MultiGpuBackend& backend_;
  SortProblem p_;
  StagedInput in_;
  std::size_t kb_, vb_;
  int G_ = 0;
  std::vector<int> devices_;
  bool pristine_ = true, first_restore_ = true;
  std::string summary_;
  std::unique_ptr<MultiGpuSort> sorter_;
  std::vector<DeviceBuffer> keep_keys_, keep_values_;
  MultiGpuRunInfo last_;
  std::vector<std::vector<MultiGpuPhases>> phases_;  // [timed repetition][gpu]
  MultiGpuInfo mg_;
};

ShardedSort::ShardedSort(const MultiGpuBackend& backend, const SortProblem& p, const StagedInput& in,
                         const StageSettings& s)
    : backend_(backend), p_(p), in_(in), kb_(p.key_size()), vb_(p.value_size()) {
  const std::size_t kb = kb_, vb = vb_, eb = kb + vb;
  const std::uint64_t n = p.n;
  GSB_EXPECTS(in.keys, "multi-GPU: input keys missing");
  GSB_EXPECTS(vb == 0 || in.values, "multi-GPU: input values missing");
  const int present = visible_gpu_count();
  G_ = s.gpus > 0 ? s.gpus : present;
  const int G = G_;
  if (G < 1 || present < G)
    throw CaseSkipped(fmt::format("{} needs {} GPU{}; {} present", backend.info().name, G, G == 1 ? "" : "s", present));
  devices_.resize(G);
  for (int g = 0; g < G; ++g) devices_[g] = g;

  // Memory, stated and checked up front: the back-end's buffers on every GPU (plus a pristine copy of the
  // shard where it fits, so that restoring the input between repetitions is a device copy), and on the host
  // the gathered output beside the input, values and reference that exist already.
  const std::vector<std::uint64_t> need = backend.device_bytes(p, G);
  GSB_EXPECTS(need.size() == static_cast<std::size_t>(G), "multi-GPU: device_bytes gave no figure per GPU");
  std::vector<std::uint64_t> free_bytes(G);
  for (int g = 0; g < G; ++g) {
    DeviceScope scope(devices_[g]);
    std::size_t free = 0, total = 0;
    GSB_CUDA_TRY(cudaMemGetInfo(&free, &total));
    free_bytes[g] = free;
    const std::uint64_t shard_bytes = shard_range(n, G, g).size() * eb;
    if (static_cast<double>(need[g]) > 0.97 * static_cast<double>(free))
      throw CaseSkipped(fmt::format("{} needs {} on each of {} GPUs; GPU {} has {} free", backend.info().name,
                                    gib(double(need[g])), G, devices_[g], gib(double(free))));
    if (static_cast<double>(need[g] + shard_bytes) > 0.95 * static_cast<double>(free)) pristine_ = false;
  }
  const std::size_t gathered_bytes = n * eb;
  const std::size_t host_total = n * eb + (in.has_reference ? n * kb : 0) + gathered_bytes;
  const std::size_t available = host_bytes_available();
  if (available && static_cast<double>(gathered_bytes) > 0.9 * static_cast<double>(available))
    throw CaseSkipped(fmt::format("{} needs {} of host memory (input, values, reference and {} for the gathered "
                                  "output); {} available", backend.info().name, gib(double(host_total)),
                                  gib(double(gathered_bytes)), gib(double(available))));
  summary_ = fmt::format("multi-GPU: {} on {} GPU{}: {} per GPU ({} free on GPU 0){}; host {} ({} available)",
                         describe(p), G, G == 1 ? "" : "s", gib(double(need[0])), gib(double(free_bytes[0])),
                         pristine_ ? " and a pristine shard copy" : "", gib(double(host_total)),
                         available ? gib(double(available)) : "unknown");

  mg_.gpus = G;
  mg_.device_bytes_per_gpu = *std::max_element(need.begin(), need.end());
  mg_.host_bytes_needed = host_total;
  const auto t_setup = Clock::now();
  sorter_ = backend.prepare(p, devices_);
  mg_.setup_ms = ms_since(t_setup);
  mg_.communicator = sorter_->communicator();

  // Distribution: shard g of the host input onto GPU g (its pristine copy, or the input buffer itself).
  keep_keys_.resize(G);
  keep_values_.resize(G);
  const auto t_dist = Clock::now();
  for (int g = 0; g < G; ++g) {
    DeviceScope scope(devices_[g]);
    const DeviceSpan dst = sorter_->input(g);
    GSB_EXPECTS(dst.n == shard_range(n, G, g).size(), "multi-GPU: the back-end's shard size differs from the driver's");
    if (pristine_) {
      keep_keys_[g] = DeviceBuffer(dst.n * kb);
      keep_values_[g] = DeviceBuffer(dst.n * vb);
      upload(g, keep_keys_[g].get(), keep_values_[g].get());
    } else {
      upload(g, dst.keys, dst.values);
    }
  }
  for (int g = 0; g < G; ++g) {
    DeviceScope scope(devices_[g]);
    GSB_CUDA_TRY(cudaDeviceSynchronize());
  }
  mg_.distribute_ms = ms_since(t_dist);
}

void ShardedSort::upload(int g, void* keys_dst, void* values_dst) {
  const ShardRange sh = shard_range(p_.n, G_, g);
  GSB_CUDA_TRY(cudaMemcpy(keys_dst, static_cast<const std::byte*>(in_.keys) + sh.begin * kb_, sh.size() * kb_,
                          cudaMemcpyHostToDevice));
  if (vb_)
    GSB_CUDA_TRY(cudaMemcpy(values_dst, static_cast<const std::byte*>(in_.values) + sh.begin * vb_, sh.size() * vb_,
                            cudaMemcpyHostToDevice));
}

void ShardedSort::restore_input() {
  for (int g = 0; g < G_; ++g) {
    DeviceScope scope(devices_[g]);
    const DeviceSpan dst = sorter_->input(g);
    if (pristine_) {
      GSB_CUDA_TRY(cudaMemcpy(dst.keys, keep_keys_[g].get(), dst.n * kb_, cudaMemcpyDeviceToDevice));
      if (vb_) GSB_CUDA_TRY(cudaMemcpy(dst.values, keep_values_[g].get(), dst.n * vb_, cudaMemcpyDeviceToDevice));
    } else if (!first_restore_) {  // the first repetition reads the shards the distribution put there
      upload(g, dst.keys, dst.values);
    }
  }
  for (int g = 0; g < G_; ++g) {
    DeviceScope scope(devices_[g]);
    GSB_CUDA_TRY(cudaDeviceSynchronize());
  }
  first_restore_ = false;
}

void ShardedSort::run() {
  last_ = sorter_->run();
  GSB_EXPECTS(last_.phases.size() == static_cast<std::size_t>(G_) && last_.part_n.size() == static_cast<std::size_t>(G_),
              "multi-GPU: run() reported " + std::to_string(last_.phases.size()) + " GPUs of " + std::to_string(G_));
}

std::vector<OutputPart> ShardedSort::output() const {
  std::vector<OutputPart> parts;
  std::uint64_t total_n = 0;
  for (int g = 0; g < G_; ++g) {
    const DeviceSpan part = sorter_->output(g);
    parts.push_back(OutputPart{devices_[g], part.keys, part.values, part.n});
    total_n += part.n;
  }
  GSB_EXPECTS(total_n == p_.n,
              "multi-GPU: the parts hold " + std::to_string(total_n) + " elements, not " + std::to_string(p_.n));
  return parts;
}

void ShardedSort::report(StagedReport& r, double median_ms) const {
  MultiGpuInfo mg = mg_;
  const std::uint64_t n = p_.n;
  mg.partition_attempts = last_.partition_attempts;
  std::uint64_t largest = 0;
  double slowest_exchange = 0;
  for (int g = 0; g < G_; ++g) {
    MultiGpuGpu pg;
    pg.device = devices_[g];
    pg.shard_n = shard_range(n, G_, g).size();
    pg.part_n = last_.part_n[g];
    pg.sent_bytes = g < static_cast<int>(last_.sent_bytes.size()) ? last_.sent_bytes[g] : 0;
    auto med = [&](double MultiGpuPhases::*field) {
      std::vector<double> v;
      for (const auto& rep : phases_) v.push_back(rep[g].*field);
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
  mg.balance = n ? static_cast<double>(largest) / (static_cast<double>(n) / G_) : 1.0;
  mg.exchange_share = median_ms > 0 ? slowest_exchange / median_ms : 0;
  r.multi_gpu = std::move(mg);
}

}  // namespace

int visible_gpu_count() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return count;
}

std::unique_ptr<StagedSort> MultiGpuBackend::stage(const SortProblem& p, const StagedInput& in,
                                                   const StageSettings& s) const {
  return std::make_unique<ShardedSort>(*this, p, in, s);
}

}  // namespace gsb
