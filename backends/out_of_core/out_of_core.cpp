#include "out_of_core/out_of_core.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>
#include <sstream>
#include <type_traits>

#include <omp.h>
#include <unistd.h>

#include <fmt/format.h>

#include "gsb/cuda_raii.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/env.hpp"
#include "gsb/error.hpp"
#include "gsb/hash.hpp"
#include "gsb/host_memory.hpp"
#include "gsb/key_codec.hpp"
#include "gsb/temp_layout.hpp"

namespace gsb::ooc {

namespace {

using Clock = std::chrono::steady_clock;
double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}


// Keys as the partition orders them: the codec's unsigned word, with the signed zeros made one key on request.
template <class Bits>
struct Encoder {
  KeyCodec<Bits> codec;
  bool collapse = false;
  explicit Encoder(const KeyView& v)
      : codec(make_codec<Bits>(v.type, v.order)), collapse(v.collapse_signed_zeros && is_float(v.type)) {}
  Bits operator()(Bits raw) const { return codec.encode(collapse ? merge_signed_zero(raw) : raw); }
};

// Bucket of (encoded key, index): the number of splitters <= it. A table over the key's top 16 bits gives
// the range of buckets a prefix can fall in; most prefixes have one, so most elements need no search.
template <class Bits>
class BucketFinder {
 public:
  explicit BucketFinder(const std::vector<Splitter>& s) : s_(s) {
    constexpr int bits = 8 * sizeof(Bits);
    const int prefix_bits = std::min(bits, 16);
    shift_ = bits - prefix_bits;
    const std::uint64_t prefixes = std::uint64_t{1} << prefix_bits;
    const std::uint64_t low_mask = shift_ ? (std::uint64_t{1} << shift_) - 1 : 0;
    range_.resize(prefixes);
    for (std::uint64_t q = 0; q < prefixes; ++q) {
      const std::uint64_t k0 = q << shift_;
      range_[q] = {count_le(Splitter{k0, 0}),
                   count_le(Splitter{k0 | low_mask, std::numeric_limits<std::uint64_t>::max()})};
    }
  }
  std::uint32_t operator()(Bits key, std::uint64_t index) const {
    const std::uint64_t q = static_cast<std::uint64_t>(key) >> shift_;
    const std::uint32_t l = range_[q].lo, h = range_[q].hi;
    if (l == h) return l;
    const Splitter x{key, index};
    return static_cast<std::uint32_t>(std::upper_bound(s_.begin() + l, s_.begin() + h, x) - s_.begin());
  }

 private:
  std::uint32_t count_le(const Splitter& x) const {
    return static_cast<std::uint32_t>(std::upper_bound(s_.begin(), s_.end(), x) - s_.begin());
  }
  const std::vector<Splitter>& s_;
  int shift_ = 0;
  struct Range {
    std::uint32_t lo, hi;  // buckets [lo, hi] are possible for the prefix; one load for both
  };
  std::vector<Range> range_;
};

// The input is cut into a fixed number of chunks (independent of the thread count, so the layout is
// deterministic); chunk c counts its elements per bucket, and the scatter gives it the slots after those of
// chunks 0..c-1 in each bucket, which keeps equal keys in input order.
std::uint64_t chunk_count(std::uint64_t n) {
  return std::clamp<std::uint64_t>(n / (std::uint64_t{1} << 16), 1, 4096);
}
std::uint64_t chunk_begin(std::uint64_t n, std::uint64_t chunks, std::uint64_t c) {
  return n / chunks * c + n % chunks * c / chunks;  // floor(n * c / chunks) without overflow
}

template <class Bits>
void count_chunks_t(const KeyView& view, const Bits* keys, std::uint64_t n, const std::vector<Splitter>& splitters,
                    std::uint64_t chunks, std::vector<std::uint64_t>& counts) {
  const Encoder<Bits> enc(view);
  const BucketFinder<Bits> find(splitters);
  const std::size_t buckets = splitters.size() + 1;
  counts.assign(chunks * buckets, 0);
#pragma omp parallel
  {
    std::vector<std::uint64_t> local(buckets);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t c = 0; c < static_cast<std::int64_t>(chunks); ++c) {
      std::fill(local.begin(), local.end(), 0);
      const std::uint64_t b0 = chunk_begin(n, chunks, c), b1 = chunk_begin(n, chunks, c + 1);
      if (buckets == 1) {
        local[0] = b1 - b0;
      } else {
        for (std::uint64_t i = b0; i < b1; ++i) ++local[find(enc(keys[i]), i)];
      }
      std::copy(local.begin(), local.end(), counts.begin() + c * buckets);
    }
  }
}

template <class Bits, class Value>
void scatter_t(const KeyView& view, const Bits* keys, const Value* values, std::uint64_t n, const Partition& part,
               const std::vector<std::uint64_t>& chunk_counts, std::uint64_t chunks, Bits* out_keys,
               Value* out_values) {
  const Encoder<Bits> enc(view);
  const BucketFinder<Bits> find(part.splitters);
  const std::size_t buckets = part.splitters.size() + 1;
  std::vector<std::uint64_t> start(chunks * buckets);
  for (std::size_t b = 0; b < buckets; ++b) {
    std::uint64_t at = part.offsets[b];
    for (std::uint64_t c = 0; c < chunks; ++c) {
      start[c * buckets + b] = at;
      at += chunk_counts[c * buckets + b];
    }
  }
#pragma omp parallel
  {
    std::vector<std::uint64_t> pos(buckets);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t c = 0; c < static_cast<std::int64_t>(chunks); ++c) {
      std::copy(start.begin() + c * buckets, start.begin() + (c + 1) * buckets, pos.begin());
      const std::uint64_t b0 = chunk_begin(n, chunks, c), b1 = chunk_begin(n, chunks, c + 1);
      for (std::uint64_t i = b0; i < b1; ++i) {
        const Bits k = keys[i];
        const std::uint64_t at = pos[buckets == 1 ? 0 : find(enc(k), i)]++;
        out_keys[at] = k;
        if constexpr (!std::is_void_v<Value>) out_values[at] = values[i];
      }
    }
  }
}

// Per-chunk counts for a set of splitters (dispatch on the key width).
std::vector<std::uint64_t> chunk_counts_of(const KeyView& view, const void* keys, std::uint64_t n,
                                           const std::vector<Splitter>& splitters, std::uint64_t chunks) {
  std::vector<std::uint64_t> counts;
  dispatch_key_bits(view.type, [&](auto kb_tag) {
    using Bits = typename decltype(kb_tag)::type;
    count_chunks_t<Bits>(view, static_cast<const Bits*>(keys), n, splitters, chunks, counts);
  });
  return counts;
}

std::vector<std::uint64_t> bucket_totals(const std::vector<std::uint64_t>& chunk_counts, std::size_t buckets) {
  std::vector<std::uint64_t> sizes(buckets, 0);
  for (std::size_t i = 0; i < chunk_counts.size(); ++i) sizes[i % buckets] += chunk_counts[i];
  return sizes;
}


// One device slot: one allocation, carved into a pass's buffers, and the stream its work runs on.
struct Slot {
  DeviceBuffer memory;
  Stream stream;
};

constexpr std::size_t alignment = TempLayout::alignment;  // slots are carved by a TempLayout
std::size_t aligned(std::size_t bytes) { return (bytes + alignment - 1) / alignment * alignment; }


// A slot's bytes for sorting a piece of m (two halves of keys and values, the back-end's temp) and for
// partitioning a chunk of m (input and output keys and values, the partition's scratch, the bucket offsets).
std::size_t sort_slot_bytes(std::uint64_t m, std::size_t kb, std::size_t vb, std::size_t temp) {
  return 2 * aligned(m * kb) + 2 * aligned(m * vb) + aligned(temp);
}
std::size_t partition_slot_bytes(std::uint64_t m, std::size_t kb, std::size_t vb, std::uint64_t max_buckets) {
  return 2 * aligned(m * kb) + 2 * aligned(m * vb) + aligned(chunk_partition_scratch_bytes(m, max_buckets)) +
         aligned((max_buckets + 1) * sizeof(std::uint64_t));
}

// Parallel copy of one staging buffer's worth (a few MiB): every thread a contiguous cache-line-aligned part.
void stage_copy(void* dst, const void* src, std::size_t bytes) {
  constexpr std::size_t min_per_thread = std::size_t{256} << 10;
  const int threads = static_cast<int>(std::clamp<std::size_t>(bytes / min_per_thread, 1, omp_get_max_threads()));
#pragma omp parallel num_threads(threads)
  {
    const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
    const std::size_t per = (bytes / static_cast<std::size_t>(omp_get_num_threads()) + 63) & ~std::size_t{63};
    const std::size_t begin = std::min(bytes, t * per), end = std::min(bytes, begin + per);
    if (end > begin)
      std::memcpy(static_cast<std::byte*>(dst) + begin, static_cast<const std::byte*>(src) + begin, end - begin);
  }
}

}  // namespace

std::uint64_t piece_capacity(std::size_t limit_bytes, int slots, std::size_t element_bytes,
                             const std::function<std::size_t(std::uint64_t)>& temp_bytes, std::uint64_t n) {
  GSB_EXPECTS(slots >= 1 && element_bytes >= 1, "out of core: bad slots/element size");
  auto fits = [&](std::uint64_t m) {
    const long double need = static_cast<long double>(slots) *
                             (2.0L * static_cast<long double>(m) * static_cast<long double>(element_bytes) +
                              static_cast<long double>(temp_bytes(m)));
    return need <= static_cast<long double>(limit_bytes);
  };
  if (n == 0 || !fits(1)) return 0;
  std::uint64_t lo = 1, hi = n;  // fits(lo); find the largest m in [lo, hi] that fits
  if (fits(hi)) return hi;
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + (hi - lo) / 2;
    (fits(mid) ? lo : hi) = mid;
  }
  return lo;
}

std::vector<Splitter> sample_splitters(const KeyView& view, const void* keys, std::uint64_t n, std::uint64_t buckets,
                                       std::uint64_t samples_per_bucket, std::uint64_t seed) {
  if (buckets <= 1 || n == 0) return {};
  std::vector<Splitter> samples;
  dispatch_key_bits(view.type, [&](auto kb_tag) {
    using Bits = typename decltype(kb_tag)::type;
    const Encoder<Bits> enc(view);
    const Bits* k = static_cast<const Bits*>(keys);
    const std::uint64_t want = buckets * std::max<std::uint64_t>(samples_per_bucket, 1);
    if (want >= n) {
      samples.resize(n);
      for (std::uint64_t i = 0; i < n; ++i) samples[i] = Splitter{enc(k[i]), i};
    } else {
      samples.resize(want);
      // Random reads over gigabytes: in parallel (each sample depends only on j, so the set is deterministic).
#pragma omp parallel for schedule(static) if (want > 4096)
      for (std::int64_t sj = 0; sj < static_cast<std::int64_t>(want); ++sj) {
        const auto j = static_cast<std::uint64_t>(sj);
        const std::uint64_t i = splitmix64(seed * 0x9E3779B97F4A7C15ull + j) % n;
        samples[j] = Splitter{enc(k[i]), i};
      }
    }
  });
  return gsb::choose_splitters(std::move(samples), buckets);
}

std::vector<std::uint64_t> count_buckets(const KeyView& view, const void* keys, std::uint64_t n,
                                         const std::vector<Splitter>& splitters) {
  const std::uint64_t chunks = chunk_count(n);
  return bucket_totals(chunk_counts_of(view, keys, n, splitters, chunks), splitters.size() + 1);
}

namespace {
// plan_partition's per-chunk counts, kept for the scatter that follows (not part of the public Partition).
struct PlannedPartition {
  Partition part;
  std::vector<std::uint64_t> chunk_counts;
  std::uint64_t chunks = 1;
};

PlannedPartition plan(const KeyView& view, const void* keys, std::uint64_t n, std::uint64_t capacity,
                      std::uint64_t seed) {
  GSB_EXPECTS(capacity >= 1, "out of core: piece capacity 0");
  PlannedPartition pp;
  pp.chunks = chunk_count(n);
  // Aim at 80% of a piece: with 256 samples per bucket a bucket's size deviates by ~6%, so a retry is rare.
  std::uint64_t buckets = initial_buckets(n, capacity);
  for (int attempt = 1; attempt <= 12; ++attempt) {
    buckets = std::min<std::uint64_t>(buckets, std::max<std::uint64_t>(n, 1));
    GSB_EXPECTS(buckets < (std::uint64_t{1} << 31), "out of core: " + std::to_string(buckets) + " buckets");
    Partition& part = pp.part;
    part.splitters = sample_splitters(view, keys, n, buckets, 256, seed + attempt);
    pp.chunk_counts = chunk_counts_of(view, keys, n, part.splitters, pp.chunks);
    part.sizes = bucket_totals(pp.chunk_counts, part.splitters.size() + 1);
    part.attempts = attempt;
    const std::uint64_t largest = *std::max_element(part.sizes.begin(), part.sizes.end());
    if (largest <= capacity) {
      part.offsets.assign(part.sizes.size() + 1, 0);
      for (std::size_t b = 0; b < part.sizes.size(); ++b) part.offsets[b + 1] = part.offsets[b] + part.sizes[b];
      return pp;
    }
    buckets = buckets + buckets / 2 + 1;
  }
  GSB_EXPECTS(false, "out of core: no partition into pieces of at most " + std::to_string(capacity) +
                         " elements found for n=" + std::to_string(n));
  return pp;
}

void scatter_planned(const KeyView& view, const void* keys, const void* values, std::size_t value_bytes,
                     std::uint64_t n, const PlannedPartition& pp, void* out_keys, void* out_values) {
  GSB_EXPECTS(value_bytes == 0 || value_bytes == 4 || value_bytes == 8,
              "out of core: unsupported value size " + std::to_string(value_bytes));
  GSB_EXPECTS(value_bytes == 0 || (values && out_values), "out of core: values missing");
  dispatch_key_bits(view.type, [&](auto kb_tag) {
    using Bits = typename decltype(kb_tag)::type;
    const Bits* k = static_cast<const Bits*>(keys);
    Bits* ok = static_cast<Bits*>(out_keys);
    if (value_bytes == 0)
      scatter_t<Bits, void>(view, k, nullptr, n, pp.part, pp.chunk_counts, pp.chunks, ok, nullptr);
    else if (value_bytes == 4)
      scatter_t<Bits, std::uint32_t>(view, k, static_cast<const std::uint32_t*>(values), n, pp.part, pp.chunk_counts,
                                     pp.chunks, ok, static_cast<std::uint32_t*>(out_values));
    else
      scatter_t<Bits, std::uint64_t>(view, k, static_cast<const std::uint64_t*>(values), n, pp.part, pp.chunk_counts,
                                     pp.chunks, ok, static_cast<std::uint64_t*>(out_values));
  });
}
}  // namespace

Partition plan_partition(const KeyView& view, const void* keys, std::uint64_t n, std::uint64_t capacity,
                         std::uint64_t seed) {
  return plan(view, keys, n, capacity, seed).part;
}

void scatter(const KeyView& view, const void* keys, const void* values, std::size_t value_bytes, std::uint64_t n,
             const Partition& part, void* out_keys, void* out_values) {
  GSB_EXPECTS(part.offsets.size() == part.splitters.size() + 2, "out of core: partition without offsets");
  PlannedPartition pp;
  pp.part = part;
  pp.chunks = chunk_count(n);
  pp.chunk_counts = chunk_counts_of(view, keys, n, part.splitters, pp.chunks);
  scatter_planned(view, keys, values, value_bytes, n, pp, out_keys, out_values);
}

std::string_view to_string(Method m) { return m == Method::gpu_partition ? "gpu-partition" : "host-partition"; }

namespace {

Method parse_method(const std::string& v) {
  return parse_env_choice("GSB_OOC_METHOD", v, {"gpu-partition", "host-partition"}) == "host-partition"
             ? Method::host_partition : Method::gpu_partition;
}
const EnvKnob method_knob = declare_env_knob(
    "GSB_OOC_METHOD", "out of core: how pieces are partitioned (gpu-partition, the default, or host-partition)",
    [](const std::string& v) { parse_method(v); });

}  // namespace

Method method_from_environment() {
  const auto v = env_value(method_knob.name.c_str());
  return v ? parse_method(*v) : Method::gpu_partition;
}

std::uint64_t initial_buckets(std::uint64_t n, std::uint64_t capacity) {
  GSB_EXPECTS(capacity >= 1, "out of core: piece capacity 0");
  if (n <= capacity) return 1;
  const std::uint64_t target = std::max<std::uint64_t>(1, capacity * 4 / 5);
  return (n + target - 1) / target;
}

std::vector<std::uint64_t> ChunkedPartition::bucket_sizes() const {
  GSB_EXPECTS(offsets.size() == chunks() * (buckets + 1), "out of core: chunk offsets of the wrong size");
  std::vector<std::uint64_t> sizes(buckets, 0);
  for (std::uint64_t c = 0; c < chunks(); ++c) {
    const std::uint64_t* o = offsets.data() + c * (buckets + 1);
    GSB_EXPECTS(o[0] == 0 && o[buckets] == chunk_size(c),
                "out of core: chunk " + std::to_string(c) + " offsets do not cover the chunk");
    for (std::uint64_t b = 0; b < buckets; ++b) {
      GSB_EXPECTS(o[b] <= o[b + 1], "out of core: chunk " + std::to_string(c) + " offsets decrease");
      sizes[b] += o[b + 1] - o[b];
    }
  }
  return sizes;
}

std::vector<Segment> bucket_segments(const ChunkedPartition& cp, std::uint64_t b) {
  GSB_EXPECTS(b < cp.buckets, "out of core: bucket " + std::to_string(b) + " of " + std::to_string(cp.buckets));
  std::vector<Segment> segs;
  for (std::uint64_t c = 0; c < cp.chunks(); ++c) {
    const std::uint64_t* o = cp.offsets.data() + c * (cp.buckets + 1);
    if (o[b + 1] > o[b]) segs.push_back(Segment{cp.chunk_begin(c) + o[b], o[b + 1] - o[b]});
  }
  return segs;
}

void partition_chunk_host(const KeyView& view, const void* keys, const void* values, std::size_t value_bytes,
                          std::uint64_t first_index, std::uint64_t n, const std::vector<Splitter>& splitters,
                          void* out_keys, void* out_values, std::uint64_t* offsets) {
  GSB_EXPECTS(value_bytes == 0 || value_bytes == 4 || value_bytes == 8,
              "out of core: unsupported value size " + std::to_string(value_bytes));
  const std::size_t buckets = splitters.size() + 1;
  dispatch_key_bits(view.type, [&](auto kb_tag) {
    using Bits = typename decltype(kb_tag)::type;
    const Encoder<Bits> enc(view);
    const BucketFinder<Bits> find(splitters);
    const Bits* k = static_cast<const Bits*>(keys);
    std::vector<std::uint32_t> bucket(n);
    std::vector<std::uint64_t> start(buckets + 1, 0);
    for (std::uint64_t i = 0; i < n; ++i) {
      bucket[i] = find(enc(k[i]), first_index + i);
      ++start[bucket[i] + 1];
    }
    for (std::size_t b = 0; b < buckets; ++b) start[b + 1] += start[b];
    std::copy(start.begin(), start.end(), offsets);
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::uint64_t at = start[bucket[i]]++;
      static_cast<Bits*>(out_keys)[at] = k[i];
      if (value_bytes)
        std::memcpy(static_cast<std::byte*>(out_values) + at * value_bytes,
                    static_cast<const std::byte*>(values) + i * value_bytes, value_bytes);
    }
  });
}

std::size_t host_bytes_needed(const SortProblem& p, Method m) {
  const std::size_t data = p.n * (p.key_size() + p.value_size());
  return m == Method::host_partition ? data : 2 * data + staging_ring_bytes;
}

namespace {

// One out-of-core case by method_from_environment() (out_of_core.hpp), through `slots` device pieces on their own
// streams, sorted by the in-core back-end. Everything is allocated and planned here; run() is one repetition.
class OutOfCoreSort final : public StagedSort {
 public:
  OutOfCoreSort(const Backend& backend, const SortProblem& p, const StagedInput& in, std::size_t limit_bytes,
                const LinkBandwidth& bw);

  std::string summary() const override { return summary_; }
  void restore_input() override { sync_all(); }  // the input stays in host memory: only the streams must be idle
  void run() override;
  void after_run(bool counted, bool last) override;
  std::vector<OutputPart> output() const override {
    return {OutputPart{-1, result_keys_, vb_ ? result_values_ : nullptr, n_}};
  }
  void report(StagedReport& r, double median_ms) const override {
    OutOfCoreInfo info = ooc_;
    info.ratio_to_link_bound = info.link_bound_ms > 0 ? median_ms / info.link_bound_ms : 0;
    r.out_of_core = std::move(info);
  }

 protected:
  std::size_t key_bytes() const override { return kb_; }
  std::size_t value_bytes() const override { return vb_; }

 private:
  // Three slots on the device at once: one arriving, one being worked on, one leaving.
  static constexpr int slots = 3;
  // Work items of one repetition (pass-1 chunks, then pieces), each bracketed by 4 events: h2d start, work
  // start, d2h start, d2h end; all read against `start_`, recorded when the repetition starts.
  struct Item {
    std::string stage;
    std::uint64_t piece, offset, n;
  };

  std::unique_ptr<Event>* item_events(std::size_t j);
  void upload_pageable(void* dst, const void* src, std::size_t bytes, cudaStream_t st);
  void chain_upload(cudaStream_t st, cudaEvent_t uploaded_event_of_this_item);
  void sort_piece(std::uint64_t piece, const std::vector<Segment>& segs, const std::byte* src_keys,
                  const std::byte* src_values, std::uint64_t dest, std::uint64_t count);
  void partition_pass(ChunkedPartition& cp, std::uint32_t splitter_count);
  void sync_all();

  const Backend& backend_;
  const BackendInfo& info_;
  SortProblem p_;
  StagedInput in_;
  Method method_;
  bool gpu_;
  std::size_t kb_, vb_;
  std::uint64_t n_;
  KeyView view_;
  std::uint64_t capacity_ = 0, m_ = 0, chunk_n_ = 0, chunks_ = 0, max_buckets_ = 1;
  std::size_t slot_temp_ = 0;
  std::string summary_;
  // host-partition: `stage` is the staging buffer and the output. gpu-partition: `mid` the intermediate
  // buffer, `out` the output, `ring` the pageable-to-pinned staging of pass 1.
  PinnedBuffer stage_keys_, stage_values_, mid_keys_, mid_values_, out_keys_, out_values_, ring_, offsets_pinned_;
  DeviceBuffer splitters_dev_;
  std::vector<std::unique_ptr<Slot>> slot_;
  std::byte* result_keys_ = nullptr;
  std::byte* result_values_ = nullptr;
  OutOfCoreInfo ooc_;
  std::vector<Item> items_;
  Event start_, splitters_ready_;
  std::vector<std::unique_ptr<Event>> events_;
  std::vector<std::unique_ptr<Event>> ring_free_;  // recorded after the upload that reads ring buffer i
  std::size_t ring_one_ = staging_ring_bytes / staging_ring_buffers, ring_next_ = 0;
  double staging_copy_ms_ = 0, staging_wait_ms_ = 0;
  cudaEvent_t previous_upload_ = nullptr;
  int attempts_ = 0;
};

OutOfCoreSort::OutOfCoreSort(const Backend& backend, const SortProblem& p, const StagedInput& in,
                             std::size_t limit_bytes, const LinkBandwidth& bw)
    : backend_(backend),
      info_(backend.info()),
      p_(p),
      in_(in),
      method_(method_from_environment()),
      gpu_(method_ == Method::gpu_partition),
      kb_(p.key_size()),
      vb_(p.value_size()),
      n_(p.n),
      view_{p.key_type, p.order, backend.info().signed_zeros_equal} {
  const std::size_t kb = kb_, vb = vb_, eb = kb + vb;
  const std::uint64_t n = n_;
  const bool gpu = gpu_;
  GSB_EXPECTS(in.keys, "out of core: input keys missing");
  GSB_EXPECTS(vb == 0 || in.values, "out of core: input values missing");
  auto temp_of = [&](std::uint64_t m) {
    SortProblem q = p;
    q.n = m;
    return backend.temp_bytes(q);
  };
  const std::uint64_t n_cap = std::min(n, info_.max_n);
  // gpu-partition keeps the splitters on the device: room for the buckets of a few resampling rounds (each
  // adds half), sized from a capacity certainly below the final one, reserved before the slots are sized.
  std::uint64_t m_low = piece_capacity(limit_bytes / 2, slots, eb, temp_of, n_cap);
  if (m_low == 0) m_low = piece_capacity(limit_bytes, slots, eb, temp_of, n_cap);
  max_buckets_ = m_low ? std::min<std::uint64_t>(n, 3 * initial_buckets(n, m_low) + 16) : 1;
  const std::size_t splitter_bytes = gpu ? aligned(max_buckets_ * sizeof(Splitter)) : 0;
  const std::size_t reserve = slots * 8 * alignment + splitter_bytes;  // + alignment of each slot's pieces
  capacity_ = limit_bytes > reserve ? piece_capacity(limit_bytes - reserve, slots, eb, temp_of, n_cap) : 0;
  if (capacity_ == 0 || n / capacity_ > 100000)
    throw CaseSkipped("out of core: " + std::to_string(limit_bytes) + " bytes of device memory hold " +
                      (capacity_ ? "pieces of only " + std::to_string(capacity_) + " elements" : std::string("no piece")));
  m_ = std::min(capacity_, n);
  slot_temp_ = temp_of(m_);
  const std::size_t slot_bytes = sort_slot_bytes(m_, kb, vb, slot_temp_);

  // gpu-partition's pass-1 chunk: the largest whose partition fits the same slot (< 2^31: 32-bit positions).
  if (gpu) {
    auto fits = [&](std::uint64_t x) { return partition_slot_bytes(x, kb, vb, max_buckets_) <= slot_bytes; };
    std::uint64_t lo = 0, hi = std::min<std::uint64_t>(n, (std::uint64_t{1} << 31) - 1);
    if (fits(hi)) lo = hi;
    while (hi - lo > 1) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      (fits(mid) ? lo : hi) = mid;
    }
    chunk_n_ = lo;
    if (chunk_n_ == 0)
      throw CaseSkipped("out of core (gpu-partition): a device slot of " + std::to_string(slot_bytes) +
                        " bytes cannot hold the partition of even one element");
  }
  chunks_ = gpu ? (n + chunk_n_ - 1) / chunk_n_ : 0;
  const std::size_t offsets_bytes = gpu ? chunks_ * (max_buckets_ + 1) * sizeof(std::uint64_t) : 0;

  // Host memory, stated up front: the input, its values and the reference exist already; the pinned buffers
  // are what this path adds.
  const std::size_t pinned_bytes = host_bytes_needed(p, method_) + offsets_bytes;
  const std::size_t host_total = n * kb + n * vb + (in.has_reference ? n * kb : 0) + pinned_bytes;
  const std::size_t available = host_bytes_available();
  if (available && static_cast<double>(pinned_bytes) > 0.9 * static_cast<double>(available))
    throw CaseSkipped("out of core needs " + gib(double(host_total)) + " of host memory (input, values, reference and " +
                      gib(double(pinned_bytes)) + " pinned); " + gib(double(available)) + " available");

  summary_ = fmt::format("out of core ({}): {} with {} of device memory: pieces of at most {} elements{}, {} slots "
                         "on the device; host memory {} (input, values, reference and {} pinned), {} available",
                         to_string(method_), describe(p), gib(double(limit_bytes)), capacity_,
                         gpu ? fmt::format(", pass-1 chunks of {} ({} chunks)", chunk_n_, chunks_) : std::string(),
                         slots, gib(double(host_total)), gib(double(pinned_bytes)),
                         available ? gib(double(available)) : "unknown");

  stage_keys_ = PinnedBuffer(gpu ? 0 : n * kb);
  stage_values_ = PinnedBuffer(gpu ? 0 : n * vb);
  mid_keys_ = PinnedBuffer(gpu ? n * kb : 0);
  mid_values_ = PinnedBuffer(gpu ? n * vb : 0);
  out_keys_ = PinnedBuffer(gpu ? n * kb : 0);
  out_values_ = PinnedBuffer(gpu ? n * vb : 0);
  ring_ = PinnedBuffer(gpu ? staging_ring_bytes : 0);
  offsets_pinned_ = PinnedBuffer(offsets_bytes);
  splitters_dev_ = DeviceBuffer(splitter_bytes);
  for (int i = 0; i < slots; ++i) {
    auto sl = std::make_unique<Slot>();
    sl->memory = DeviceBuffer(slot_bytes);
    slot_.push_back(std::move(sl));
  }
  result_keys_ = static_cast<std::byte*>(gpu ? out_keys_.get() : stage_keys_.get());
  result_values_ = static_cast<std::byte*>(gpu ? out_values_.get() : stage_values_.get());

  ooc_.method = std::string(to_string(method_));
  ooc_.slots = slots;
  ooc_.piece_capacity_n = capacity_;
  ooc_.device_memory_limit_bytes = limit_bytes;
  ooc_.device_bytes_used = slots * slot_bytes + splitter_bytes;
  ooc_.host_bytes_needed = host_total;
  // What crosses the link: host-partition each element once each way; gpu-partition twice each way (pass 1
  // up and back partitioned, pass 2 up and back sorted).
  ooc_.link_h2d_bytes = ooc_.link_d2h_bytes = (gpu ? 2 : 1) * n * eb;
  ooc_.link_bytes = ooc_.link_h2d_bytes + ooc_.link_d2h_bytes;
  ooc_.pinned_h2d_GBps = bw.h2d_GBps;
  ooc_.pinned_d2h_GBps = bw.d2h_GBps;
  ooc_.pinned_bidir_GBps = bw.bidir_GBps;
  ooc_.host_register_GBps = bw.register_GBps;
  const double h2d_ms = double(ooc_.link_h2d_bytes) / bw.h2d_GBps / 1e6;
  const double d2h_ms = double(ooc_.link_d2h_bytes) / bw.d2h_GBps / 1e6;
  ooc_.link_bound_ms = std::max({h2d_ms, d2h_ms, double(ooc_.link_bytes) / bw.bidir_GBps / 1e6});
  ooc_.link_bound_serial_ms = h2d_ms + d2h_ms;

  item_events(chunks_ + max_buckets_);  // created here, not in the timed loop (it grows only in rare retries)
  for (std::size_t i = 0; i < staging_ring_buffers; ++i) ring_free_.push_back(std::make_unique<Event>());
}

std::unique_ptr<Event>* OutOfCoreSort::item_events(std::size_t j) {
  while (events_.size() < 4 * (j + 1)) events_.push_back(std::make_unique<Event>());
  return events_.data() + 4 * j;
}

// Pageable host memory to the device through the pinned ring: the host copies the next buffer's worth while
// the copy engine uploads the previous ones (pass 1's only host work, hidden under the link).
void OutOfCoreSort::upload_pageable(void* dst, const void* src, std::size_t bytes, cudaStream_t st) {
  for (std::size_t off = 0; off < bytes; off += ring_one_) {
    const std::size_t len = std::min(ring_one_, bytes - off);
    std::byte* buf = ring_.bytes_at(ring_next_ * ring_one_);
    const auto t0 = Clock::now();
    GSB_CUDA_TRY(cudaEventSynchronize(ring_free_[ring_next_]->get()));
    const auto t1 = Clock::now();
    stage_copy(buf, static_cast<const std::byte*>(src) + off, len);
    staging_wait_ms_ += ms_between(t0, t1);
    staging_copy_ms_ += ms_between(t1, Clock::now());
    GSB_CUDA_TRY(cudaMemcpyAsync(static_cast<std::byte*>(dst) + off, buf, len, cudaMemcpyHostToDevice, st));
    GSB_CUDA_TRY(cudaEventRecord(ring_free_[ring_next_]->get(), st));
    ring_next_ = (ring_next_ + 1) % staging_ring_buffers;
  }
}

// Uploads go in issue order: each item's first upload waits for the previous item's last. The link moves
// one direction's bytes at a time anyway; without the chain the copy engines share it among the three
// slots' uploads, so the first piece to be sorted (and to go back down) would arrive up to 3x later.
void OutOfCoreSort::chain_upload(cudaStream_t st, cudaEvent_t uploaded_event_of_this_item) {
  if (previous_upload_) GSB_CUDA_TRY(cudaStreamWaitEvent(st, previous_upload_, 0));
  previous_upload_ = uploaded_event_of_this_item;
}

// One piece: its segments of `src_*` up into slot piece % slots, sorted by the back-end, down to `dest`.
void OutOfCoreSort::sort_piece(std::uint64_t piece, const std::vector<Segment>& segs, const std::byte* src_keys,
                               const std::byte* src_values, std::uint64_t dest, std::uint64_t count) {
  const std::size_t kb = kb_, vb = vb_;
  const std::size_t j = items_.size();
  items_.push_back(Item{"sort", piece, dest, count});
  auto* ev = item_events(j);
  Slot& sl = *slot_[piece % slots];
  const cudaStream_t st = sl.stream.get();
  SortProblem q = p_;
  q.n = count;
  GSB_EXPECTS(count <= m_ && backend_.temp_bytes(q) <= slot_temp_,
              info_.name + " needs more temp storage for a piece of " + std::to_string(count) + " than for " +
                  std::to_string(m_));
  TempLayout cv(sl.memory.get());
  SortBuffers buf;
  buf.keys[0] = cv.take_bytes(m_ * kb);
  buf.keys[1] = cv.take_bytes(m_ * kb);
  buf.values[0] = cv.take_bytes(m_ * vb);
  buf.values[1] = cv.take_bytes(m_ * vb);
  buf.temp = cv.take_bytes(slot_temp_);
  buf.temp_bytes = slot_temp_;
  buf.stream = st;
  chain_upload(st, ev[1]->get());
  GSB_CUDA_TRY(cudaEventRecord(ev[0]->get(), st));
  std::uint64_t at = 0;
  for (const Segment& sg : segs) {
    GSB_CUDA_TRY(cudaMemcpyAsync(static_cast<std::byte*>(buf.keys[0]) + at * kb, src_keys + sg.source * kb,
                                 sg.n * kb, cudaMemcpyHostToDevice, st));
    if (vb)
      GSB_CUDA_TRY(cudaMemcpyAsync(static_cast<std::byte*>(buf.values[0]) + at * vb, src_values + sg.source * vb,
                                   sg.n * vb, cudaMemcpyHostToDevice, st));
    at += sg.n;
  }
  GSB_EXPECTS(at == count, "out of core: segments of piece " + std::to_string(piece) + " hold " +
                               std::to_string(at) + " elements, not " + std::to_string(count));
  GSB_CUDA_TRY(cudaEventRecord(ev[1]->get(), st));
  // Poison the scratch half: a piece the back-end did not write cannot pass as last repetition's result.
  GSB_CUDA_TRY(cudaMemsetAsync(buf.keys[1], 0xA5, count * kb, st));
  if (vb) GSB_CUDA_TRY(cudaMemsetAsync(buf.values[1], 0xA5, count * vb, st));
  const int half = backend_.run(q, buf);
  GSB_CHECK_LAUNCH();
  GSB_EXPECTS(half == 0 || half == 1, info_.name + " returned half " + std::to_string(half));
  GSB_CUDA_TRY(cudaEventRecord(ev[2]->get(), st));
  // Buckets are in key order: dest is the piece's final place.
  GSB_CUDA_TRY(cudaMemcpyAsync(result_keys_ + dest * kb, buf.keys[half], count * kb, cudaMemcpyDeviceToHost, st));
  if (vb)
    GSB_CUDA_TRY(cudaMemcpyAsync(result_values_ + dest * vb, buf.values[half], count * vb, cudaMemcpyDeviceToHost, st));
  GSB_CUDA_TRY(cudaEventRecord(ev[3]->get(), st));
}

// gpu-partition's pass 1 with the splitters on the device: every chunk up, partitioned, down into `mid`.
void OutOfCoreSort::partition_pass(ChunkedPartition& cp, std::uint32_t splitter_count) {
  const std::size_t kb = kb_, vb = vb_;
  const std::byte* keys = static_cast<const std::byte*>(in_.keys);
  const std::byte* values = vb ? static_cast<const std::byte*>(in_.values) : nullptr;
  const std::uint64_t B = cp.buckets;
  for (std::uint64_t c = 0; c < cp.chunks(); ++c) {
    const std::uint64_t begin = cp.chunk_begin(c), count = cp.chunk_size(c);
    const std::size_t j = items_.size();
    items_.push_back(Item{"partition", c, begin, count});
    auto* ev = item_events(j);
    Slot& sl = *slot_[c % slots];
    const cudaStream_t st = sl.stream.get();
    TempLayout cv(sl.memory.get());
    ChunkPartitionArgs a;
    a.key_type = p_.key_type;
    a.order = p_.order;
    a.collapse_signed_zeros = view_.collapse_signed_zeros;
    a.value_bytes = vb;
    a.n = count;
    a.first_index = begin;
    a.keys = cv.take_bytes(chunk_n_ * kb);
    a.values = cv.take_bytes(chunk_n_ * vb);
    a.out_keys = cv.take_bytes(chunk_n_ * kb);
    a.out_values = cv.take_bytes(chunk_n_ * vb);
    a.scratch_bytes = chunk_partition_scratch_bytes(chunk_n_, max_buckets_);
    a.scratch = cv.take_bytes(a.scratch_bytes);
    a.bucket_offsets = static_cast<std::uint64_t*>(cv.take_bytes((max_buckets_ + 1) * sizeof(std::uint64_t)));
    a.splitters = static_cast<const Splitter*>(splitters_dev_.get());
    a.splitter_count = splitter_count;
    a.stream = st;
    chain_upload(st, ev[1]->get());
    GSB_CUDA_TRY(cudaEventRecord(ev[0]->get(), st));
    upload_pageable(const_cast<void*>(a.keys), keys + begin * kb, count * kb, st);
    if (vb) upload_pageable(const_cast<void*>(a.values), values + begin * vb, count * vb, st);
    GSB_CUDA_TRY(cudaEventRecord(ev[1]->get(), st));
    GSB_CUDA_TRY(cudaMemsetAsync(a.out_keys, 0xA5, count * kb, st));  // poison, as for the pieces
    if (vb) GSB_CUDA_TRY(cudaMemsetAsync(a.out_values, 0xA5, count * vb, st));
    partition_chunk(a);
    GSB_CUDA_TRY(cudaEventRecord(ev[2]->get(), st));
    GSB_CUDA_TRY(cudaMemcpyAsync(mid_keys_.bytes_at(begin * kb), a.out_keys, count * kb, cudaMemcpyDeviceToHost, st));
    if (vb)
      GSB_CUDA_TRY(cudaMemcpyAsync(mid_values_.bytes_at(begin * vb), a.out_values, count * vb,
                                   cudaMemcpyDeviceToHost, st));
    GSB_CUDA_TRY(cudaMemcpyAsync(offsets_pinned_.bytes_at(c * (B + 1) * sizeof(std::uint64_t)), a.bucket_offsets,
                                 (B + 1) * sizeof(std::uint64_t), cudaMemcpyDeviceToHost, st));
    GSB_CUDA_TRY(cudaEventRecord(ev[3]->get(), st));
  }
}

void OutOfCoreSort::sync_all() {
  for (auto& sl : slot_) GSB_CUDA_TRY(cudaStreamSynchronize(sl->stream.get()));
  GSB_CHECK_LAUNCH();
}

void OutOfCoreSort::run() {
  const std::size_t vb = vb_;
  const std::uint64_t n = n_;
  const auto t0 = Clock::now();
  // Every stream starts after the reference event, so the timeline is measured from one point.
  GSB_CUDA_TRY(cudaEventRecord(start_.get(), slot_[0]->stream.get()));
  for (int i = 1; i < slots; ++i) GSB_CUDA_TRY(cudaStreamWaitEvent(slot_[i]->stream.get(), start_.get(), 0));
  items_.clear();
  previous_upload_ = nullptr;
  attempts_ = 0;
  if (!gpu_) {
    const PlannedPartition pp = ooc::plan(view_, in_.keys, n, capacity_, 20261122);
    scatter_planned(view_, in_.keys, vb ? in_.values : nullptr, vb, n, pp, stage_keys_.get(), stage_values_.get());
    attempts_ = pp.part.attempts;
    ooc_.partition_ms = ms_between(t0, Clock::now());
    std::uint64_t piece = 0;
    for (std::size_t b = 0; b < pp.part.sizes.size(); ++b) {
      const std::uint64_t off = pp.part.offsets[b], count = pp.part.sizes[b];
      if (count) sort_piece(piece++, {Segment{off, count}}, stage_keys_.bytes_at(0), stage_values_.bytes_at(0), off, count);
    }
    ooc_.pieces = piece;
  } else {
    // 1024 samples per bucket: a bucket's size then deviates by about 3%, far from the 25% headroom.
    ChunkedPartition cp;
    cp.n = n;
    cp.chunk_n = chunk_n_;
    std::uint64_t buckets = initial_buckets(n, capacity_);
    std::vector<std::uint64_t> sizes;
    for (;;) {
      ++attempts_;
      GSB_EXPECTS(buckets <= max_buckets_, "out of core: no partition into pieces of at most " +
                                               std::to_string(capacity_) + " elements within " +
                                               std::to_string(max_buckets_) + " buckets for n=" + std::to_string(n));
      const std::vector<Splitter> splitters = sample_splitters(view_, in_.keys, n, buckets, 1024, 20261122 + attempts_);
      cp.buckets = splitters.size() + 1;
      if (!splitters.empty()) {
        // Pageable source: cudaMemcpyAsync returns once it has taken the bytes.
        const cudaStream_t st0 = slot_[0]->stream.get();
        GSB_CUDA_TRY(cudaMemcpyAsync(splitters_dev_.get(), splitters.data(), splitters.size() * sizeof(Splitter),
                                     cudaMemcpyHostToDevice, st0));
        GSB_CUDA_TRY(cudaEventRecord(splitters_ready_.get(), st0));
        for (int i = 1; i < slots; ++i)
          GSB_CUDA_TRY(cudaStreamWaitEvent(slot_[i]->stream.get(), splitters_ready_.get(), 0));
      }
      items_.clear();
      previous_upload_ = nullptr;
      staging_copy_ms_ = staging_wait_ms_ = 0;
      partition_pass(cp, static_cast<std::uint32_t>(splitters.size()));
      sync_all();
      const auto* o = static_cast<const std::uint64_t*>(offsets_pinned_.get());
      cp.offsets.assign(o, o + cp.chunks() * (cp.buckets + 1));
      sizes = cp.bucket_sizes();
      if (*std::max_element(sizes.begin(), sizes.end()) <= capacity_) break;
      buckets = std::min(n, buckets + buckets / 2 + 1);  // a bucket overflowed (rare): more, smaller buckets
    }
    ooc_.partition_ms = ms_between(t0, Clock::now());
    ooc_.chunks = cp.chunks();
    std::uint64_t piece = 0, dest = 0;
    for (std::uint64_t b = 0; b < cp.buckets; ++b) {
      if (sizes[b]) sort_piece(piece++, bucket_segments(cp, b), mid_keys_.bytes_at(0), mid_values_.bytes_at(0), dest, sizes[b]);
      dest += sizes[b];
    }
    ooc_.pieces = piece;
  }
  sync_all();
}

void OutOfCoreSort::after_run(bool, bool last) {
  if (!last) return;
  ooc_.partition_attempts = attempts_;
  ooc_.host_staging_copy_ms = staging_copy_ms_;
  ooc_.host_staging_wait_ms = staging_wait_ms_;
  ooc_.timeline.clear();
  for (std::size_t j = 0; j < items_.size(); ++j) {
    auto* ev = item_events(j);
    auto at = [&](int e) { return double(elapsed_ms(start_, *ev[e])); };
    OutOfCorePiece pc;
    pc.stage = items_[j].stage;
    pc.piece = items_[j].piece;
    pc.offset = items_[j].offset;
    pc.n = items_[j].n;
    pc.h2d_ms[0] = at(0);
    pc.h2d_ms[1] = pc.sort_ms[0] = at(1);
    pc.sort_ms[1] = pc.d2h_ms[0] = at(2);
    pc.d2h_ms[1] = at(3);
    ooc_.timeline.push_back(pc);
  }
}

}  // namespace

}  // namespace gsb::ooc

namespace gsb {

std::unique_ptr<StagedSort> stage_out_of_core(const Backend& backend, const SortProblem& p, const StagedInput& in,
                                              const StageSettings& settings) {
  return std::make_unique<ooc::OutOfCoreSort>(backend, p, in, settings.device_memory_bytes, settings.link);
}

}  // namespace gsb
