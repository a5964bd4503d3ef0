#include "driver/out_of_core.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <type_traits>

#include <unistd.h>

#include <fmt/format.h>

#include "gsb/error.hpp"
#include "gsb/key_codec.hpp"

namespace gsb::ooc {

namespace {

using Clock = std::chrono::steady_clock;
double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}
std::string gib(double bytes) { return fmt::format("{:.2f} GiB", bytes / double(1u << 30)); }

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Keys as the partition orders them: the codec's unsigned word, with the signed zeros made one key on request.
template <class Bits>
struct Encoder {
  static constexpr Bits top = static_cast<Bits>(Bits{1} << (8 * sizeof(Bits) - 1));
  KeyCodec<Bits> codec;
  bool collapse = false;
  explicit Encoder(const KeyView& v)
      : codec(make_codec<Bits>(v.type, v.order)), collapse(v.collapse_signed_zeros && is_float(v.type)) {}
  Bits operator()(Bits raw) const {
    Bits e = codec.encode(raw);
    // -0.0 and +0.0 encode to the neighbours 0x7F..F and 0x80..0 (in either order, asc or desc).
    if (collapse && e == static_cast<Bits>(top - 1)) e = top;
    return e;
  }
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

template <class F>
void by_key_width(std::size_t kb, F&& f) {
  switch (kb) {
    case 1: f(std::uint8_t{}); return;
    case 2: f(std::uint16_t{}); return;
    case 4: f(std::uint32_t{}); return;
    case 8: f(std::uint64_t{}); return;
  }
  GSB_EXPECTS(false, "out of core: unsupported key width " + std::to_string(kb));
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
  by_key_width(key_bytes(view.type), [&](auto bits) {
    using Bits = decltype(bits);
    count_chunks_t<Bits>(view, static_cast<const Bits*>(keys), n, splitters, chunks, counts);
  });
  return counts;
}

std::vector<std::uint64_t> bucket_totals(const std::vector<std::uint64_t>& chunk_counts, std::size_t buckets) {
  std::vector<std::uint64_t> sizes(buckets, 0);
  for (std::size_t i = 0; i < chunk_counts.size(); ++i) sizes[i % buckets] += chunk_counts[i];
  return sizes;
}

// RAII for the CUDA objects of one case.
class PinnedBuffer {
 public:
  explicit PinnedBuffer(std::size_t bytes) : bytes_(bytes) {
    if (bytes) GSB_CUDA_TRY(cudaHostAlloc(&ptr_, bytes, cudaHostAllocDefault));
  }
  ~PinnedBuffer() {
    if (ptr_) cudaFreeHost(ptr_);
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  void* get() const { return ptr_; }
  std::byte* bytes_at(std::size_t offset) const { return static_cast<std::byte*>(ptr_) + offset; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

class Stream {
 public:
  Stream() { GSB_CUDA_TRY(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
  ~Stream() {
    if (s_) cudaStreamDestroy(s_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return s_; }

 private:
  cudaStream_t s_ = nullptr;
};

class Event {
 public:
  Event() { GSB_CUDA_TRY(cudaEventCreate(&e_)); }
  ~Event() {
    if (e_) cudaEventDestroy(e_);
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  cudaEvent_t get() const { return e_; }

 private:
  cudaEvent_t e_ = nullptr;
};

float elapsed_ms(const Event& a, const Event& b) {
  float ms = 0;
  GSB_CUDA_TRY(cudaEventElapsedTime(&ms, a.get(), b.get()));
  return ms;
}

struct LinkBandwidth {
  double h2d_GBps = 0, d2h_GBps = 0;
};

// Pinned host <-> device copy bandwidth, one direction at a time, measured once per device and run.
LinkBandwidth pinned_bandwidth(cudaStream_t stream) {
  static std::map<int, LinkBandwidth> measured;
  int device = 0;
  GSB_CUDA_TRY(cudaGetDevice(&device));
  if (auto it = measured.find(device); it != measured.end()) return it->second;
  std::size_t free = 0, total = 0;
  GSB_CUDA_TRY(cudaMemGetInfo(&free, &total));
  const std::size_t bytes = std::min<std::size_t>(std::size_t{256} << 20, free / 4) & ~std::size_t{255};
  GSB_EXPECTS(bytes >= (std::size_t{4} << 20), "out of core: too little free device memory (" + gib(double(free)) +
                                                   ") to measure the pinned copy bandwidth");
  PinnedBuffer host(bytes);
  std::memset(host.get(), 1, bytes);
  DeviceBuffer dev(bytes);
  Event a, b;
  auto time = [&](cudaMemcpyKind kind) {
    std::vector<float> ms;
    for (int rep = 0; rep < 8; ++rep) {
      GSB_CUDA_TRY(cudaEventRecord(a.get(), stream));
      if (kind == cudaMemcpyHostToDevice)
        GSB_CUDA_TRY(cudaMemcpyAsync(dev.get(), host.get(), bytes, kind, stream));
      else
        GSB_CUDA_TRY(cudaMemcpyAsync(host.get(), dev.get(), bytes, kind, stream));
      GSB_CUDA_TRY(cudaEventRecord(b.get(), stream));
      GSB_CUDA_TRY(cudaEventSynchronize(b.get()));
      if (rep >= 2) ms.push_back(elapsed_ms(a, b));
    }
    std::sort(ms.begin(), ms.end());
    return static_cast<double>(bytes) / static_cast<double>(ms[ms.size() / 2]) / 1e6;  // GB/s
  };
  LinkBandwidth bw;
  bw.h2d_GBps = time(cudaMemcpyHostToDevice);
  bw.d2h_GBps = time(cudaMemcpyDeviceToHost);
  measured[device] = bw;
  return bw;
}

// One device piece: the two halves and the back-end's temp storage, and the stream it runs on.
struct Slot {
  DeviceBuffer keys[2], values[2], temp;
  Stream stream;
};

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

std::vector<Splitter> choose_splitters(const KeyView& view, const void* keys, std::uint64_t n, std::uint64_t buckets,
                                       std::uint64_t samples_per_bucket, std::uint64_t seed) {
  if (buckets <= 1 || n == 0) return {};
  std::vector<Splitter> samples;
  by_key_width(key_bytes(view.type), [&](auto bits) {
    using Bits = decltype(bits);
    const Encoder<Bits> enc(view);
    const Bits* k = static_cast<const Bits*>(keys);
    const std::uint64_t want = buckets * std::max<std::uint64_t>(samples_per_bucket, 1);
    if (want >= n) {
      samples.resize(n);
      for (std::uint64_t i = 0; i < n; ++i) samples[i] = Splitter{enc(k[i]), i};
    } else {
      samples.resize(want);
      for (std::uint64_t j = 0; j < want; ++j) {
        const std::uint64_t i = splitmix64(seed * 0x9E3779B97F4A7C15ull + j) % n;
        samples[j] = Splitter{enc(k[i]), i};
      }
    }
  });
  std::sort(samples.begin(), samples.end());
  std::vector<Splitter> splitters;
  splitters.reserve(buckets - 1);
  const std::uint64_t s = samples.size();
  for (std::uint64_t j = 1; j < buckets; ++j) splitters.push_back(samples[std::min(s - 1, j * s / buckets)]);
  return splitters;
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
  std::uint64_t buckets = std::max<std::uint64_t>(1, (n + capacity * 4 / 5) / std::max<std::uint64_t>(1, capacity * 4 / 5));
  if (n <= capacity) buckets = 1;
  for (int attempt = 1; attempt <= 12; ++attempt) {
    buckets = std::min<std::uint64_t>(buckets, std::max<std::uint64_t>(n, 1));
    GSB_EXPECTS(buckets < (std::uint64_t{1} << 31), "out of core: " + std::to_string(buckets) + " buckets");
    Partition& part = pp.part;
    part.splitters = choose_splitters(view, keys, n, buckets, 256, seed + attempt);
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
  by_key_width(key_bytes(view.type), [&](auto bits) {
    using Bits = decltype(bits);
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

std::size_t host_bytes_needed(const SortProblem& p) { return p.n * (p.key_size() + p.value_size()); }

namespace {
// A whole number of bytes in a cgroup file ("max" or unreadable: 0).
std::size_t read_cgroup_bytes(const char* path) {
  std::ifstream f(path);
  std::string text;
  if (!(f >> text) || text == "max") return 0;
  try {
    return static_cast<std::size_t>(std::stoull(text));
  } catch (const std::exception&) {
    return 0;
  }
}
}  // namespace

std::size_t host_bytes_available() {
  // A memory cgroup's limit, when set, is the real bound: on some lent machines /proc/meminfo starts far
  // below it and grows as memory is used (a 256 GiB limit showing MemTotal 31 GiB), so it would refuse
  // cases that fit.
  if (const std::size_t limit = read_cgroup_bytes("/sys/fs/cgroup/memory.max")) {
    const std::size_t used = read_cgroup_bytes("/sys/fs/cgroup/memory.current");
    return limit > used ? limit - used : 0;
  }
  std::ifstream f("/proc/meminfo");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("MemAvailable:", 0) == 0) {
      std::istringstream ss(line.substr(13));
      std::size_t kb = 0;
      ss >> kb;
      return kb * 1024;
    }
  }
  return 0;
}

CaseResult run_out_of_core_case(const Backend& backend, const SortProblem& p, const CaseInput& in,
                                const CaseSettings& s, DeviceContext& dev, std::size_t limit_bytes, CaseResult r,
                                const std::function<void(CaseResult&, const OutOfCoreOutput&)>& finish) {
  const BackendInfo& info = backend.info();
  const std::size_t kb = p.key_size(), vb = p.value_size(), eb = kb + vb;
  const std::uint64_t n = p.n;
  GSB_EXPECTS(in.keys && in.keys->size() == n, "out of core: input keys missing");
  GSB_EXPECTS(vb == 0 || (in.values && in.values->size() == n), "out of core: input values missing");
  const KeyView view{p.key_type, p.order, info.signed_zeros_equal};

  // Three pieces on the device at once: one arriving, one sorting, one leaving.
  constexpr int slots = 3;
  auto temp_of = [&](std::uint64_t m) {
    SortProblem q = p;
    q.n = m;
    return backend.temp_bytes(q);
  };
  const std::uint64_t capacity = piece_capacity(limit_bytes, slots, eb, temp_of, std::min(n, info.max_n));
  if (capacity == 0 || n / capacity > 100000) {
    r.status = CaseStatus::skipped;
    r.reason = "out of core: " + std::to_string(limit_bytes) + " bytes of device memory hold " +
               (capacity ? "pieces of only " + std::to_string(capacity) + " elements" : std::string("no piece"));
    return r;
  }

  // Host memory, stated up front: the input, its values and the reference exist already; the pinned staging
  // buffer (which is also the output) is what this path adds.
  const std::size_t staging_bytes = host_bytes_needed(p);
  const std::size_t host_total = n * kb + n * vb + (in.reference ? n * kb : 0) + staging_bytes;
  const std::size_t available = host_bytes_available();
  if (available && static_cast<double>(staging_bytes) > 0.9 * static_cast<double>(available)) {
    r.status = CaseStatus::skipped;
    r.reason = "out of core needs " + gib(double(host_total)) + " of host memory (input, values, reference and " +
               gib(double(staging_bytes)) + " of pinned staging); " + gib(double(available)) + " available";
    return r;
  }

  if (s.announce)
    fmt::print(stderr, "{}out of core: {} with {} of device memory: pieces of at most {} elements, {} on the device at "
               "once; host memory {} (input, values, reference and {} pinned staging), {} available\n",
               ::isatty(STDERR_FILENO) ? "\r\033[K" : "", describe(p), gib(double(limit_bytes)), capacity, slots,
               gib(double(host_total)), gib(double(staging_bytes)), available ? gib(double(available)) : "unknown");
  const LinkBandwidth bw = pinned_bandwidth(dev.stream());
  PinnedBuffer stage_keys(n * kb), stage_values(n * vb);
  const std::uint64_t m = std::min(capacity, n);
  const std::size_t slot_temp = temp_of(m);
  std::vector<std::unique_ptr<Slot>> slot;
  for (int i = 0; i < slots; ++i) {
    auto sl = std::make_unique<Slot>();
    for (int h = 0; h < 2; ++h) {
      sl->keys[h] = DeviceBuffer(m * kb);
      sl->values[h] = DeviceBuffer(m * vb);
    }
    sl->temp = DeviceBuffer(slot_temp);
    slot.push_back(std::move(sl));
  }

  OutOfCoreInfo ooc;
  ooc.slots = slots;
  ooc.piece_capacity_n = capacity;
  ooc.device_memory_limit_bytes = limit_bytes;
  ooc.device_bytes_used = slots * (2 * m * eb + slot_temp);
  ooc.host_bytes_needed = host_total;
  ooc.link_bytes = 2 * n * eb;
  ooc.pinned_h2d_GBps = bw.h2d_GBps;
  ooc.pinned_d2h_GBps = bw.d2h_GBps;
  ooc.link_bound_ms = double(n * eb) / bw.h2d_GBps / 1e6 + double(n * eb) / bw.d2h_GBps / 1e6;

  std::vector<double> samples;
  double spent = 0;
  Event start;
  std::vector<std::unique_ptr<Event>> events;  // 4 per piece: h2d start, sort start, d2h start, d2h end
  for (int rep = 0; rep < s.warmup + s.reps; ++rep) {
    for (auto& sl : slot) GSB_CUDA_TRY(cudaStreamSynchronize(sl->stream.get()));
    const auto t0 = Clock::now();
    const PlannedPartition pp = plan(view, in.keys->array.data(), n, capacity, 20261122);
    scatter_planned(view, in.keys->array.data(), vb ? in.values->data() : nullptr, vb, n, pp, stage_keys.get(),
                    stage_values.get());
    const auto t_part = Clock::now();

    // Every stream starts after the reference event, so the timeline is measured from one point.
    GSB_CUDA_TRY(cudaEventRecord(start.get(), slot[0]->stream.get()));
    for (int i = 1; i < slots; ++i) GSB_CUDA_TRY(cudaStreamWaitEvent(slot[i]->stream.get(), start.get(), 0));
    std::vector<std::size_t> piece_bucket;
    for (std::size_t b = 0; b < pp.part.sizes.size(); ++b)
      if (pp.part.sizes[b]) piece_bucket.push_back(b);
    while (events.size() < 4 * piece_bucket.size()) events.push_back(std::make_unique<Event>());

    for (std::size_t j = 0; j < piece_bucket.size(); ++j) {
      const std::size_t b = piece_bucket[j];
      Slot& sl = *slot[j % slots];
      const cudaStream_t st = sl.stream.get();
      const std::uint64_t off = pp.part.offsets[b], count = pp.part.sizes[b];
      SortProblem q = p;
      q.n = count;
      GSB_EXPECTS(backend.temp_bytes(q) <= slot_temp,
                  info.name + " needs more temp storage for a piece of " + std::to_string(count) + " than for " +
                      std::to_string(m));
      SortBuffers buf;
      for (int h = 0; h < 2; ++h) {
        buf.keys[h] = sl.keys[h].get();
        buf.values[h] = vb ? sl.values[h].get() : nullptr;
      }
      buf.temp = sl.temp.get();
      buf.temp_bytes = slot_temp;
      buf.stream = st;

      GSB_CUDA_TRY(cudaEventRecord(events[4 * j]->get(), st));
      GSB_CUDA_TRY(cudaMemcpyAsync(sl.keys[0].get(), stage_keys.bytes_at(off * kb), count * kb,
                                   cudaMemcpyHostToDevice, st));
      if (vb)
        GSB_CUDA_TRY(cudaMemcpyAsync(sl.values[0].get(), stage_values.bytes_at(off * vb), count * vb,
                                     cudaMemcpyHostToDevice, st));
      GSB_CUDA_TRY(cudaEventRecord(events[4 * j + 1]->get(), st));
      // Poison the scratch half: a piece the back-end did not write cannot pass as last repetition's result.
      GSB_CUDA_TRY(cudaMemsetAsync(sl.keys[1].get(), 0xA5, count * kb, st));
      if (vb) GSB_CUDA_TRY(cudaMemsetAsync(sl.values[1].get(), 0xA5, count * vb, st));
      const int half = backend.run(q, buf);
      GSB_CHECK_LAUNCH();
      GSB_EXPECTS(half == 0 || half == 1, info.name + " returned half " + std::to_string(half));
      GSB_CUDA_TRY(cudaEventRecord(events[4 * j + 2]->get(), st));
      // Straight back to where the piece came from: buckets are in key order, so that is its final place.
      GSB_CUDA_TRY(cudaMemcpyAsync(stage_keys.bytes_at(off * kb), sl.keys[half].get(), count * kb,
                                   cudaMemcpyDeviceToHost, st));
      if (vb)
        GSB_CUDA_TRY(cudaMemcpyAsync(stage_values.bytes_at(off * vb), sl.values[half].get(), count * vb,
                                     cudaMemcpyDeviceToHost, st));
      GSB_CUDA_TRY(cudaEventRecord(events[4 * j + 3]->get(), st));
    }
    for (auto& sl : slot) GSB_CUDA_TRY(cudaStreamSynchronize(sl->stream.get()));
    GSB_CHECK_LAUNCH();
    const auto t_end = Clock::now();
    const double total = ms_between(t0, t_end);
    if (rep >= s.warmup) {
      samples.push_back(total);
      spent += total;
    }
    const bool last = rep + 1 == s.warmup + s.reps || (spent > 30000 && samples.size() >= 3);
    if (last) {
      const double part_ms = ms_between(t0, t_part);
      ooc.partition_ms = part_ms;
      ooc.partition_attempts = pp.part.attempts;
      ooc.pieces = piece_bucket.size();
      ooc.timeline.clear();
      for (std::size_t j = 0; j < piece_bucket.size(); ++j) {
        const std::size_t b = piece_bucket[j];
        OutOfCorePiece pc;
        pc.piece = j;
        pc.offset = pp.part.offsets[b];
        pc.n = pp.part.sizes[b];
        auto at = [&](int e) { return part_ms + double(elapsed_ms(start, *events[4 * j + e])); };
        pc.h2d_ms[0] = at(0);
        pc.h2d_ms[1] = pc.sort_ms[0] = at(1);
        pc.sort_ms[1] = pc.d2h_ms[0] = at(2);
        pc.d2h_ms[1] = at(3);
        ooc.timeline.push_back(pc);
      }
      break;
    }
  }

  r.timing = make_stats(samples);
  r.timing_method = "host-clock";
  r.end_to_end.reset();
  ooc.ratio_to_link_bound = ooc.link_bound_ms > 0 ? r.timing->median_ms / ooc.link_bound_ms : 0;
  r.out_of_core = std::move(ooc);
  finish(r, OutOfCoreOutput{stage_keys.get(), vb ? stage_values.get() : nullptr});
  return r;
}

}  // namespace gsb::ooc
