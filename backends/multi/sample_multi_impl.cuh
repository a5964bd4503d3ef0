// The implementation of sample-multi (see sample_multi.cuh), instantiated per key width, one generated translation
// unit each (CMakeLists.txt).
#pragma once

#include <algorithm>
#include <chrono>
#include <string>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include "gsb/device_props.hpp"
#include "gsb/cuda_raii.hpp"
#include "gsb/device_scope.hpp"
#include "gsb/error.hpp"
#include "multi/nccl_api.hpp"
#include "multi/nccl_comm.hpp"
#include "multi/sample_multi.cuh"
#include "multi/sample_multi_kernels.cuh"

namespace gsb::multi {

namespace detail {

// The local sort of one sub-range: keys (and values) from `in` to `out`, bits [0, end_bit); with temp null
// only the temp size is computed.
template <class Bits, class Value>
cudaError_t local_sort(void* temp, std::size_t& temp_bytes, const Bits* keys_in, Bits* keys_out,
                       const Value* values_in, Value* values_out, std::uint64_t n, int end_bit, cudaStream_t s) {
  const auto count = static_cast<std::int64_t>(n);
  if constexpr (has_values_v<Value>)
    return cub::DeviceRadixSort::SortPairs(temp, temp_bytes, keys_in, keys_out, values_in, values_out, count, 0,
                                           end_bit, s);
  else
    return cub::DeviceRadixSort::SortKeys(temp, temp_bytes, keys_in, keys_out, count, 0, end_bit, s);
}

template <class Bits, class Value>
std::size_t local_sort_temp_bytes(std::uint64_t n) {
  std::size_t bytes = 0;
  GSB_CUDA_TRY((local_sort<Bits, Value>(nullptr, bytes, nullptr, nullptr, nullptr, nullptr, std::max<std::uint64_t>(n, 1),
                                        8 * sizeof(Bits), nullptr)));
  return bytes;
}

// Partition blocks: enough to fill the GPU several times, each a run of consecutive elements.
inline std::uint64_t partition_blocks(std::uint64_t m, int sm_count) {
  const std::uint64_t want = std::uint64_t(sm_count) * 16;
  const std::uint64_t min_per_block = 4096;
  return std::max<std::uint64_t>(1, std::min<std::uint64_t>(want, (m + min_per_block - 1) / min_per_block));
}

}  // namespace detail

template <class Bits, class Value>
class SampleMulti final : public MultiGpuSort {
  static constexpr std::size_t kb = sizeof(Bits);
  static constexpr std::size_t vb = has_values_v<Value> ? sizeof(Value) : 0;
  using Dest = detail::BucketDest<Bits, Value>;

  struct Rank {
    int device = 0;
    ShardRange shard;
    std::uint64_t blocks = 1, per_block = 1;
    Stream main, comm;
    DeviceBuffer input_keys, input_values;  // the shard; later the sorted part
    DeviceBuffer land_keys, land_values;    // the part as it arrives
    DeviceBuffer send_keys, send_values;
    DeviceBuffer sort_temp;
    std::size_t sort_temp_bytes = 0;
    DeviceBuffer samples, samples_all, splitters, table, counts, offsets, totals, totals_all, dest, scan_temp;
    DeviceBuffer room, cursors, cursors_all;  // one pass
    std::size_t scan_temp_bytes = 0;
    PinnedBuffer totals_host, dest_host, room_host;
    Event start, splitters_done, partitioned, exchange_start, done;
    std::vector<std::unique_ptr<Event>> received, sort_start, sort_end;
    std::uint64_t part_n = 0;
    std::uint64_t sent_bytes = 0;
  };

 public:
  SampleMulti(const SortProblem& p, const std::vector<int>& devices, const Knobs& knobs)
      : p_(p), cfg_(default_config(static_cast<int>(devices.size()), knobs.subranges)),
        comm_(communicator_for(devices)) {
    GSB_EXPECTS(key_bytes(p.key_type) == kb, "sample-multi: key width mismatch");
    cfg_.one_pass = knobs.one_pass;
    buckets_ = cfg_.gpus * cfg_.subranges;
    GSB_EXPECTS(buckets_ <= detail::max_buckets, "sample-multi: " + std::to_string(buckets_) + " buckets (GPUs x sub-ranges) exceed " +
                                                     std::to_string(detail::max_buckets));
    codec_ = make_codec<Bits>(p.key_type, p.order);
    cap_ = capacity(cfg_, p.n);
    samples_per_rank_ = cfg_.samples_per_gpu;
    const int G = cfg_.gpus;
    for (int g = 0; g < G; ++g) {
      DeviceScope scope(devices[g]);
      auto r = std::make_unique<Rank>();
      r->device = devices[g];
      r->shard = shard_range(p.n, G, g);
      const int sms = current_device_props().sm_count;
      r->blocks = detail::partition_blocks(r->shard.size(), sms);
      r->per_block = (r->shard.size() + r->blocks - 1) / std::max<std::uint64_t>(r->blocks, 1);
      if (r->per_block == 0) r->per_block = 1;
      const std::uint64_t land_n = cfg_.one_pass ? std::max(cap_.part_n, cap_.subrange_n * cfg_.subranges) : cap_.part_n;
      const std::uint64_t send_n = G > 1 ? send_capacity(cfg_, p.n) : 0;
      r->input_keys = DeviceBuffer(cap_.part_n * kb);
      r->land_keys = DeviceBuffer(land_n * kb);
      r->send_keys = DeviceBuffer(send_n * kb);
      if (vb) {
        r->input_values = DeviceBuffer(cap_.part_n * vb);
        r->land_values = DeviceBuffer(land_n * vb);
        r->send_values = DeviceBuffer(send_n * vb);
      }
      r->room = DeviceBuffer(buckets_ * sizeof(std::uint64_t));
      const std::size_t cursor_words = std::size_t(buckets_ + 1) * detail::cursor_stride;
      r->cursors = DeviceBuffer(cursor_words * sizeof(std::uint64_t));
      r->cursors_all = DeviceBuffer(std::size_t(G) * cursor_words * sizeof(std::uint64_t));
      r->room_host = PinnedBuffer(buckets_ * sizeof(std::uint64_t), cudaHostAllocPortable);
      r->sort_temp_bytes = detail::local_sort_temp_bytes<Bits, Value>(cap_.subrange_n);
      r->sort_temp = DeviceBuffer(r->sort_temp_bytes);
      r->samples = DeviceBuffer(samples_per_rank_ * sizeof(KeyIndex));
      r->samples_all = DeviceBuffer(samples_per_rank_ * G * sizeof(KeyIndex));
      r->splitters = DeviceBuffer(sizeof(KeyIndex) * detail::max_buckets);
      r->table = DeviceBuffer(sizeof(std::uint32_t) << detail::table_prefix_bits);
      const std::uint64_t cells = std::uint64_t(buckets_) * r->blocks;
      // CUB's DeviceScan counts items in int before CCCL 2.7 (CUDA 12.8): buckets x blocks stays far below.
      GSB_EXPECTS(cells <= 0x7fffffffull, "sample-multi: " + std::to_string(cells) + " bucket cells to scan");
      r->counts = DeviceBuffer(cells * sizeof(std::uint64_t));
      r->offsets = DeviceBuffer(cells * sizeof(std::uint64_t));
      r->totals = DeviceBuffer(buckets_ * sizeof(std::uint64_t));
      r->totals_all = DeviceBuffer(std::size_t(G) * buckets_ * sizeof(std::uint64_t));
      r->dest = DeviceBuffer(buckets_ * sizeof(Dest));
      GSB_CUDA_TRY(cub::DeviceScan::ExclusiveSum(nullptr, r->scan_temp_bytes, r->counts.template get<std::uint64_t>(),
                                                 r->offsets.template get<std::uint64_t>(), static_cast<std::int64_t>(cells)));
      r->scan_temp = DeviceBuffer(std::max<std::size_t>(r->scan_temp_bytes, 1));
      r->totals_host = PinnedBuffer(std::size_t(G) * (buckets_ + 1) * detail::cursor_stride * sizeof(std::uint64_t), cudaHostAllocPortable);
      r->dest_host = PinnedBuffer(buckets_ * sizeof(Dest), cudaHostAllocPortable);
      for (int j = 0; j < cfg_.subranges; ++j) {
        r->received.push_back(std::make_unique<Event>());
        r->sort_start.push_back(std::make_unique<Event>());
        r->sort_end.push_back(std::make_unique<Event>());
      }
      GSB_CUDA_TRY(cudaFuncSetAttribute(detail::count_kernel<Bits>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        int(detail::partition_smem_bytes())));
      GSB_CUDA_TRY(cudaFuncSetAttribute(detail::scatter_kernel<Bits, Value>,
                                        cudaFuncAttributeMaxDynamicSharedMemorySize, int(detail::partition_smem_bytes())));
      GSB_CUDA_TRY(cudaFuncSetAttribute(detail::scatter_planned_kernel<Bits, Value>,
                                        cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        int(detail::planned_smem_bytes<Bits, Value>())));
      ranks_.push_back(std::move(r));
    }
    samples_host_ = PinnedBuffer(samples_per_rank_ * G * sizeof(KeyIndex), cudaHostAllocPortable);
    splitters_host_ = PinnedBuffer(sizeof(KeyIndex) * detail::max_buckets + (sizeof(std::uint32_t) << detail::table_prefix_bits),
                                   cudaHostAllocPortable);
  }

  ~SampleMulti() override {
    for (auto& r : ranks_) {  // each GPU's buffers, streams and events released with that GPU current
      int previous = 0;
      if (cudaGetDevice(&previous) != cudaSuccess) continue;
      cudaSetDevice(r->device);
      r.reset();
      cudaSetDevice(previous);
    }
  }
  SampleMulti(const SampleMulti&) = delete;
  SampleMulti& operator=(const SampleMulti&) = delete;

  DeviceSpan input(int g) const override {
    const Rank& r = *ranks_.at(g);
    return DeviceSpan{r.device, r.input_keys.get(), vb ? r.input_values.get() : nullptr, r.shard.size()};
  }
  DeviceSpan output(int g) const override {
    const Rank& r = *ranks_.at(g);
    return DeviceSpan{r.device, r.input_keys.get(), vb ? r.input_values.get() : nullptr, r.part_n};
  }
  std::string communicator() const override { return comm_.describe(); }

  MultiGpuRunInfo run() override {
    MultiGpuRunInfo info;
    const int G = cfg_.gpus;
    for (auto& r : ranks_) {
      DeviceScope scope(r->device);
      GSB_CUDA_TRY(cudaEventRecord(r->start.get(), r->main.get()));
    }
    Layout layout;
    std::vector<std::uint64_t> counts;
    std::vector<KeyIndex> splitters;
    bool placed = false;
    int attempt = 1;
    if (cfg_.one_pass) {
      // One pass: rooms planned from the samples, scatter without counting; a count beyond its room (or a
      // plan beyond the buffers) falls back to the counting path below with fresh samples.
      splitters = choose(attempt);
      const RoomPlan plan = plan_rooms(sample_counts_, samples_taken_, shard_sizes(), G, cfg_.subranges, cap_.subrange_n,
                                       send_capacity(cfg_, p_.n), cfg_.pad);
      if (plan.fits) {
        bool overflow = false;
        counts = scatter_planned(plan, &overflow);
        bool fits = false;
        layout = make_planned_layout(counts, plan, G, cfg_.subranges, &fits);
        placed = !overflow && fits && layout.max_part_n <= cap_.part_n;
      }
      if (!placed) ++attempt;
    }
    for (; !placed; ++attempt) {
      splitters = choose(attempt);
      counts = count(splitters);
      layout = make_layout(counts, G, cfg_.subranges);
      if (layout.max_part_n <= cap_.part_n && layout.max_subrange_n <= cap_.subrange_n) {
        scatter(layout);
        placed = true;
        break;
      }
      // Sampling put more in one part or sub-range than planned (a 1-in-10^9 event at the default sample
      // counts): sample again with another seed; nothing has moved yet.
      GSB_EXPECTS(attempt < 5, "sample-multi: a part of " + std::to_string(layout.max_part_n) +
                                   " or a sub-range of " + std::to_string(layout.max_subrange_n) +
                                   " exceeds the planned " + std::to_string(cap_.part_n) + " / " +
                                   std::to_string(cap_.subrange_n) + " after 4 samplings");
    }
    info.partition_attempts = attempt;
    exchange_and_sort(layout, counts, splitters);
    for (auto& r : ranks_) {
      DeviceScope scope(r->device);
      GSB_CUDA_TRY(cudaStreamSynchronize(r->main.get()));
      GSB_CUDA_TRY(cudaStreamSynchronize(r->comm.get()));
      GSB_CHECK_LAUNCH();
    }
    for (int g = 0; g < G; ++g) {
      Rank& r = *ranks_[g];
      r.part_n = layout.part_n[g];
      MultiGpuPhases ph;
      ph.splitters_ms = elapsed_ms(r.start, r.splitters_done);
      ph.partition_ms = elapsed_ms(r.splitters_done, r.partitioned);
      ph.total_ms = elapsed_ms(r.start, r.done);
      // Every round and sort records its events (empty ones too); wait = time a sort could not start for data.
      double first_sort = -1, last_sort = 0, last_recv = ph.splitters_ms + ph.partition_ms, wait = 0;
      double prev = last_recv;
      for (int j = 0; j < cfg_.subranges; ++j) {
        const double recv = G > 1 ? elapsed_ms(r.start, *r.received[j]) : prev;
        const double s0 = elapsed_ms(r.start, *r.sort_start[j]);
        const double s1 = elapsed_ms(r.start, *r.sort_end[j]);
        if (first_sort < 0) first_sort = s0;
        last_sort = std::max(last_sort, s1);
        last_recv = std::max(last_recv, recv);
        wait += std::max(0.0, recv - prev);
        prev = std::max(s1, recv);
      }
      ph.exchange_ms = G > 1 ? last_recv - elapsed_ms(r.start, r.exchange_start) : 0;
      ph.sort_ms = first_sort < 0 ? 0 : ph.total_ms - first_sort;
      ph.exchange_wait_ms = G > 1 ? wait : 0;
      info.phases.push_back(ph);
      info.part_n.push_back(r.part_n);
      info.sent_bytes.push_back(layout.send_n[g] * (kb + vb));
    }
    return info;
  }

 private:
  // Step 1: samples from every GPU, all-gathered; splitters chosen on the host (once for the ranks this
  // process holds: they all have the same samples) and uploaded with the bucket table.
  std::vector<KeyIndex> choose(int attempt) {
    const int G = cfg_.gpus;
    const std::uint64_t seed = 0x5A4D504C45ull + attempt;
    for (auto& rp : ranks_) {
      Rank& r = *rp;
      DeviceScope scope(r.device);
      if (buckets_ > 1) {
        const int threads = 256;
        const int blocks = static_cast<int>(std::min<std::uint64_t>((samples_per_rank_ + threads - 1) / threads, 1024));
        detail::sample_kernel<Bits><<<blocks, threads, 0, r.main.get()>>>(
            static_cast<const Bits*>(r.input_keys.get()), r.shard.size(), samples_per_rank_, samples_per_rank_, seed,
            r.shard.begin, codec_, r.samples.template get<KeyIndex>());
        GSB_CHECK_LAUNCH();
      }
    }
    std::vector<KeyIndex> splitters;
    if (buckets_ > 1) {
      GSB_NCCL_TRY(nccl().ncclGroupStart());
      for (int g : comm_.local_ranks()) {
        Rank& r = *ranks_[g];
        GSB_NCCL_TRY(nccl().ncclAllGather(r.samples.get(), r.samples_all.get(), samples_per_rank_ * sizeof(KeyIndex), ncclUint8,
                                   comm_.comm(g), r.main.get()));
      }
      GSB_NCCL_TRY(nccl().ncclGroupEnd());
      Rank& first = *ranks_[comm_.local_ranks().front()];
      {
        DeviceScope scope(first.device);
        GSB_CUDA_TRY(cudaMemcpyAsync(samples_host_.template get<KeyIndex>(), first.samples_all.get(),
                                     samples_per_rank_ * G * sizeof(KeyIndex), cudaMemcpyDeviceToHost, first.main.get()));
        GSB_CUDA_TRY(cudaStreamSynchronize(first.main.get()));
      }
      const KeyIndex* s = samples_host_.template get<KeyIndex>();
      std::vector<KeyIndex> taken;
      taken.reserve(samples_per_rank_ * G);
      for (std::uint64_t i = 0; i < samples_per_rank_ * G; ++i)
        if (s[i].index != ~std::uint64_t{0}) taken.push_back(s[i]);
      splitters = choose_splitters(std::move(taken), splitter_quantiles(cfg_));
      splitters.resize(buckets_ - 1, KeyIndex{~std::uint64_t{0}, ~std::uint64_t{0}});  // fewer samples than buckets
    }
    table_ = make_bucket_table(splitters, 8 * kb, detail::table_prefix_bits);
    if (cfg_.one_pass) {  // each GPU's samples per bucket, for its planned rooms
      sample_counts_.assign(std::size_t(G) * buckets_, 0);
      samples_taken_.assign(G, 0);
      if (buckets_ > 1) {
        const KeyIndex* s = samples_host_.template get<KeyIndex>();
        for (std::uint64_t i = 0; i < samples_per_rank_ * G; ++i) {
          if (s[i].index == ~std::uint64_t{0}) continue;
          const std::size_t src = i / samples_per_rank_;
          ++samples_taken_[src];
          ++sample_counts_[src * buckets_ + bucket_by_table(table_, splitters, s[i])];
        }
      } else {
        for (int g = 0; g < G; ++g) sample_counts_[g] = samples_taken_[g] = ranks_[g]->shard.size();
      }
    }
    KeyIndex* hs = splitters_host_.template get<KeyIndex>();
    std::copy(splitters.begin(), splitters.end(), hs);
    auto* ht = reinterpret_cast<std::uint32_t*>(hs + detail::max_buckets);
    std::copy(table_.range.begin(), table_.range.end(), ht);
    for (auto& rp : ranks_) {
      Rank& r = *rp;
      DeviceScope scope(r.device);
      GSB_CUDA_TRY(cudaMemcpyAsync(r.splitters.get(), hs, sizeof(KeyIndex) * splitters.size(), cudaMemcpyHostToDevice, r.main.get()));
      GSB_CUDA_TRY(cudaMemcpyAsync(r.table.get(), ht, table_.range.size() * sizeof(std::uint32_t), cudaMemcpyHostToDevice, r.main.get()));
      GSB_CUDA_TRY(cudaEventRecord(r.splitters_done.get(), r.main.get()));
    }
    return splitters;
  }

  detail::BucketSearch search(const Rank& r) const {
    return detail::BucketSearch{r.table.template get<std::uint32_t>(), r.splitters.template get<KeyIndex>(), table_.shift,
                                buckets_};
  }

  // Step 2a: bucket counts per block, their scan, per-bucket totals, all-gathered and read back.
  std::vector<std::uint64_t> count(const std::vector<KeyIndex>&) {
    const int G = cfg_.gpus, B = buckets_;
    for (auto& rp : ranks_) {
      Rank& r = *rp;
      DeviceScope scope(r.device);
      detail::count_kernel<Bits><<<static_cast<unsigned>(r.blocks), detail::partition_threads, detail::partition_smem_bytes(),
                                   r.main.get()>>>(static_cast<const Bits*>(r.input_keys.get()), r.shard.size(), r.per_block,
                                               r.shard.begin, codec_, search(r), r.counts.template get<std::uint64_t>());
      GSB_CHECK_LAUNCH();
      std::size_t bytes = r.scan_temp_bytes;
      GSB_CUDA_TRY(cub::DeviceScan::ExclusiveSum(r.scan_temp.get(), bytes, r.counts.template get<std::uint64_t>(),
                                                 r.offsets.template get<std::uint64_t>(),
                                                 static_cast<std::int64_t>(std::uint64_t(B) * r.blocks), r.main.get()));
      detail::bucket_totals_kernel<<<(B + 127) / 128, 128, 0, r.main.get()>>>(
          r.offsets.template get<std::uint64_t>(), r.counts.template get<std::uint64_t>(), B, r.blocks,
          r.totals.template get<std::uint64_t>());
      GSB_CHECK_LAUNCH();
    }
    GSB_NCCL_TRY(nccl().ncclGroupStart());
    for (int g : comm_.local_ranks()) {
      Rank& r = *ranks_[g];
      GSB_NCCL_TRY(nccl().ncclAllGather(r.totals.get(), r.totals_all.get(), B, ncclUint64, comm_.comm(g), r.main.get()));
    }
    GSB_NCCL_TRY(nccl().ncclGroupEnd());
    Rank& first = *ranks_[comm_.local_ranks().front()];
    std::vector<std::uint64_t> counts(std::size_t(G) * B);
    {
      DeviceScope scope(first.device);
      GSB_CUDA_TRY(cudaMemcpyAsync(first.totals_host.template get<std::uint64_t>(), first.totals_all.get(), counts.size() * sizeof(std::uint64_t),
                                   cudaMemcpyDeviceToHost, first.main.get()));
      GSB_CUDA_TRY(cudaStreamSynchronize(first.main.get()));
    }
    std::copy(first.totals_host.template get<std::uint64_t>(), first.totals_host.template get<std::uint64_t>() + counts.size(), counts.begin());
    return counts;
  }

  // Step 2b: every element to its bucket's place (kept buckets into the part, the others into send order).
  void scatter(const Layout& l) {
    const int B = buckets_;
    for (int g = 0; g < cfg_.gpus; ++g) {
      Rank& r = *ranks_[g];
      DeviceScope scope(r.device);
      Dest* d = r.dest_host.template get<Dest>();
      for (int b = 0; b < B; ++b) {
        const std::uint64_t at = l.dest[std::size_t(g) * B + b];
        const bool kept = l.kept(g, b);
        d[b].keys = static_cast<Bits*>(kept ? r.land_keys.get() : r.send_keys.get()) + at;
        if constexpr (has_values_v<Value>) d[b].values = static_cast<Value*>(kept ? r.land_values.get() : r.send_values.get()) + at;
        else d[b].values = nullptr;
      }
      GSB_CUDA_TRY(cudaMemcpyAsync(r.dest.get(), d, B * sizeof(Dest), cudaMemcpyHostToDevice, r.main.get()));
      detail::scatter_kernel<Bits, Value><<<static_cast<unsigned>(r.blocks), detail::partition_threads,
                                            detail::partition_smem_bytes(), r.main.get()>>>(
          static_cast<const Bits*>(r.input_keys.get()), static_cast<const Value*>(r.input_values.get()), r.shard.size(),
          r.per_block, r.shard.begin, codec_, search(r), r.offsets.template get<std::uint64_t>(), r.dest.template get<Dest>());
      GSB_CHECK_LAUNCH();
      GSB_CUDA_TRY(cudaEventRecord(r.partitioned.get(), r.main.get()));
    }
  }

  std::vector<std::uint64_t> shard_sizes() const {
    std::vector<std::uint64_t> v;
    for (const auto& r : ranks_) v.push_back(r->shard.size());
    return v;
  }

  // Step 2, one pass: every element into its bucket's planned room, counts from the reservations,
  // all-gathered and read back. *overflow: some reservation did not fit (nothing of it was written).
  std::vector<std::uint64_t> scatter_planned(const RoomPlan& plan, bool* overflow) {
    const int G = cfg_.gpus, B = buckets_;
    for (int g = 0; g < G; ++g) {
      Rank& r = *ranks_[g];
      DeviceScope scope(r.device);
      Dest* d = r.dest_host.template get<Dest>();
      std::uint64_t* room = r.room_host.template get<std::uint64_t>();
      for (int b = 0; b < B; ++b) {
        const std::size_t i = std::size_t(g) * B + b;
        const bool kept = b / cfg_.subranges == g;
        d[b].keys = static_cast<Bits*>(kept ? r.land_keys.get() : r.send_keys.get()) + plan.region[i];
        if constexpr (has_values_v<Value>)
          d[b].values = static_cast<Value*>(kept ? r.land_values.get() : r.send_values.get()) + plan.region[i];
        else d[b].values = nullptr;
        room[b] = plan.room[i];
      }
      GSB_CUDA_TRY(cudaMemcpyAsync(r.dest.get(), d, B * sizeof(Dest), cudaMemcpyHostToDevice, r.main.get()));
      GSB_CUDA_TRY(cudaMemcpyAsync(r.room.get(), room, B * sizeof(std::uint64_t), cudaMemcpyHostToDevice, r.main.get()));
      GSB_CUDA_TRY(cudaMemsetAsync(r.cursors.get(), 0, (B + 1) * detail::cursor_stride * sizeof(std::uint64_t), r.main.get()));
      detail::scatter_planned_kernel<Bits, Value><<<static_cast<unsigned>(r.blocks), detail::partition_threads,
                                                    detail::planned_smem_bytes<Bits, Value>(), r.main.get()>>>(
          static_cast<const Bits*>(r.input_keys.get()), static_cast<const Value*>(r.input_values.get()), r.shard.size(),
          r.per_block, r.shard.begin, codec_, search(r), r.room.template get<std::uint64_t>(), r.dest.template get<Dest>(),
          r.cursors.template get<unsigned long long>());
      GSB_CHECK_LAUNCH();
      GSB_CUDA_TRY(cudaEventRecord(r.partitioned.get(), r.main.get()));
    }
    GSB_NCCL_TRY(nccl().ncclGroupStart());
    for (int g : comm_.local_ranks()) {
      Rank& r = *ranks_[g];
      GSB_NCCL_TRY(nccl().ncclAllGather(r.cursors.get(), r.cursors_all.get(), (B + 1) * detail::cursor_stride, ncclUint64,
                                 comm_.comm(g), r.main.get()));
    }
    GSB_NCCL_TRY(nccl().ncclGroupEnd());
    Rank& first = *ranks_[comm_.local_ranks().front()];
    {
      DeviceScope scope(first.device);
      GSB_CUDA_TRY(cudaMemcpyAsync(first.totals_host.template get<std::uint64_t>(), first.cursors_all.get(),
                                   std::size_t(G) * (B + 1) * detail::cursor_stride * sizeof(std::uint64_t),
                                   cudaMemcpyDeviceToHost, first.main.get()));
      GSB_CUDA_TRY(cudaStreamSynchronize(first.main.get()));
    }
    const std::uint64_t* h = first.totals_host.template get<std::uint64_t>();
    std::vector<std::uint64_t> counts(std::size_t(G) * B);
    *overflow = false;
    const std::size_t per_gpu = std::size_t(B + 1) * detail::cursor_stride, st = detail::cursor_stride;
    for (int g = 0; g < G; ++g) {
      for (int b = 0; b < B; ++b) counts[std::size_t(g) * B + b] = h[g * per_gpu + b * st];
      if (h[g * per_gpu + B * st]) *overflow = true;
    }
    return counts;
  }

  // Steps 3 and 4: round j of the exchange on the comm stream, sort of sub-range j on the main stream after it.
  void exchange_and_sort(const Layout& l, const std::vector<std::uint64_t>& counts, const std::vector<KeyIndex>& spl) {
    const int G = cfg_.gpus, k = cfg_.subranges, B = buckets_;
    auto cnt = [&](int p, int b) { return counts[std::size_t(p) * B + b]; };
    if (G > 1) {
      for (int g : comm_.local_ranks()) {
        Rank& r = *ranks_[g];
        DeviceScope scope(r.device);
        GSB_CUDA_TRY(cudaStreamWaitEvent(r.comm.get(), r.partitioned.get(), 0));
        GSB_CUDA_TRY(cudaEventRecord(r.exchange_start.get(), r.comm.get()));
      }
      for (int j = 0; j < k; ++j) {
        GSB_NCCL_TRY(nccl().ncclGroupStart());
        for (int g : comm_.local_ranks()) {
          Rank& r = *ranks_[g];
          for (int p = 0; p < G; ++p) {
            if (p == g) continue;
            const int b_out = p * k + j, b_in = g * k + j;
            if (const std::uint64_t n_out = cnt(g, b_out)) {
              const std::uint64_t at = send_offset(l, g, b_out);
              GSB_NCCL_TRY(nccl().ncclSend(static_cast<const Bits*>(r.send_keys.get()) + at, n_out * kb, ncclUint8, p,
                                    comm_.comm(g), r.comm.get()));
              if (vb)
                GSB_NCCL_TRY(nccl().ncclSend(static_cast<const std::byte*>(r.send_values.get()) + at * vb, n_out * vb,
                                      ncclUint8, p, comm_.comm(g), r.comm.get()));
            }
            if (const std::uint64_t n_in = cnt(p, b_in)) {
              const std::uint64_t at = recv_offset(l, g, j, p);
              GSB_NCCL_TRY(nccl().ncclRecv(static_cast<Bits*>(r.land_keys.get()) + at, n_in * kb, ncclUint8, p, comm_.comm(g),
                                    r.comm.get()));
              if (vb)
                GSB_NCCL_TRY(nccl().ncclRecv(static_cast<std::byte*>(r.land_values.get()) + at * vb, n_in * vb, ncclUint8, p,
                                      comm_.comm(g), r.comm.get()));
            }
          }
        }
        GSB_NCCL_TRY(nccl().ncclGroupEnd());
        for (int g : comm_.local_ranks()) {
          Rank& r = *ranks_[g];
          DeviceScope scope(r.device);
          GSB_CUDA_TRY(cudaEventRecord(r.received[j]->get(), r.comm.get()));
        }
      }
    }
    for (int g : comm_.local_ranks()) {
      Rank& r = *ranks_[g];
      DeviceScope scope(r.device);
      for (int j = 0; j < k; ++j) {
        if (G > 1) GSB_CUDA_TRY(cudaStreamWaitEvent(r.main.get(), r.received[j]->get(), 0));
        GSB_CUDA_TRY(cudaEventRecord(r.sort_start[j]->get(), r.main.get()));
        const int b = g * k + j;
        const std::uint64_t begin = l.subrange_begin[std::size_t(g) * (k + 1) + j], n = l.subrange_n(g, j);
        const std::uint64_t from = l.land_begin[std::size_t(g) * (k + 1) + j];
        if (n > 0) {
          const KeyBounds kbnd = bucket_key_bounds(spl, b, 8 * kb);  // n > 0: not empty
          const int end_bit = sort_end_bit(kbnd.lo, kbnd.hi, 8 * kb);
          std::size_t bytes = r.sort_temp_bytes;
          GSB_CUDA_TRY((detail::local_sort<Bits, Value>(
              r.sort_temp.get(), bytes, static_cast<const Bits*>(r.land_keys.get()) + from,
              static_cast<Bits*>(r.input_keys.get()) + begin, static_cast<const Value*>(r.land_values.get()) + (vb ? from : 0),
              static_cast<Value*>(r.input_values.get()) + (vb ? begin : 0), n, end_bit, r.main.get())));
        }
        GSB_CUDA_TRY(cudaEventRecord(r.sort_end[j]->get(), r.main.get()));
      }
      if (!codec_.is_identity() && l.part_n[g] > 0) {
        const unsigned blocks = grid_stride_blocks(l.part_n[g], 256, 65535);
        detail::decode_kernel<Bits><<<blocks, 256, 0, r.main.get()>>>(static_cast<Bits*>(r.input_keys.get()), l.part_n[g], codec_);
        GSB_CHECK_LAUNCH();
      }
      GSB_CUDA_TRY(cudaEventRecord(r.done.get(), r.main.get()));
    }
  }

  SortProblem p_;
  Config cfg_;
  Communicator& comm_;
  int buckets_ = 1;
  KeyCodec<Bits> codec_;
  Capacity cap_;
  std::uint64_t samples_per_rank_ = 0;
  BucketTable table_;
  std::vector<std::uint64_t> sample_counts_, samples_taken_;  // one pass: [g * B + b], [g]
  std::vector<std::unique_ptr<Rank>> ranks_;
  PinnedBuffer samples_host_, splitters_host_;
};

template <class Bits, class Value>
std::unique_ptr<MultiGpuSort> make_sample_multi(const SortProblem& p, const std::vector<int>& devices,
                                                const Knobs& knobs) {
  return std::make_unique<SampleMulti<Bits, Value>>(p, devices, knobs);
}

template <class Bits, class Value>
std::vector<std::uint64_t> sample_multi_device_bytes(const SortProblem& p, int gpus, const Knobs& knobs) {
  Config c = default_config(gpus, knobs.subranges);
  c.one_pass = knobs.one_pass;
  const std::uint64_t m = shard_range(p.n, gpus, 0).size();
  const std::uint64_t blocks = detail::partition_blocks(m, current_device_props().sm_count);
  const std::uint64_t B = std::uint64_t(gpus) * c.subranges;
  const std::uint64_t small = c.samples_per_gpu * sizeof(KeyIndex) * (1 + gpus) + sizeof(KeyIndex) * detail::max_buckets +
                              (sizeof(std::uint32_t) << detail::table_prefix_bits) + 2 * B * blocks * sizeof(std::uint64_t) +
                              (1 + gpus) * B * sizeof(std::uint64_t) + B * 16 + (std::uint64_t{1} << 20);
  const MemoryPlan plan = memory_plan(c, p.n, sizeof(Bits), has_values_v<Value> ? sizeof(Value) : 0,
                                      [](std::uint64_t n) { return detail::local_sort_temp_bytes<Bits, Value>(n); }, small);
  return std::vector<std::uint64_t>(gpus, plan.total());
}

}  // namespace gsb::multi

// sample-multi for one key width (32 or 64 bits: every key type of that width through the KeyCodec), keys-only
// and u32/u64 values (generated per width by backends/multi/CMakeLists.txt).
#define GSB_SAMPLE_MULTI_INSTANTIATE(B, V)                                                                  \
  template std::unique_ptr<MultiGpuSort> make_sample_multi<B, V>(const SortProblem&, const std::vector<int>&, \
                                                                 const Knobs&);                             \
  template std::vector<std::uint64_t> sample_multi_device_bytes<B, V>(const SortProblem&, int, const Knobs&);
#define GSB_SAMPLE_MULTI_INSTANTIATE_KEY(B)             \
  namespace gsb::multi {                                \
  GSB_SAMPLE_MULTI_INSTANTIATE(B, NoValue)              \
  GSB_SAMPLE_MULTI_INSTANTIATE(B, std::uint32_t)        \
  GSB_SAMPLE_MULTI_INSTANTIATE(B, std::uint64_t)        \
  }
