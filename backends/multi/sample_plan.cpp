#include "multi/sample_plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "gsb/error.hpp"
#include "gsb/multi_gpu.hpp"

namespace gsb::multi {

Config default_config(int gpus, int subranges_override) {
  GSB_EXPECTS(gpus >= 1, "sample-multi: " + std::to_string(gpus) + " GPUs");
  Config c;
  c.gpus = gpus;
  c.subranges = gpus > 1 ? 8 : 1;
  if (subranges_override > 0) c.subranges = subranges_override;
  GSB_EXPECTS(c.subranges <= max_subranges, "sample-multi: " + std::to_string(c.subranges) + " sub-ranges per GPU (at most " +
                                                std::to_string(max_subranges) + ")");
  c.samples_per_gpu = std::uint64_t{16} << 10;
  return c;
}

std::vector<double> splitter_quantiles(const Config& c) {
  std::vector<double> q;
  const int B = c.gpus * c.subranges;
  for (int b = 1; b < B; ++b) q.push_back(static_cast<double>(b) / B);
  return q;
}

Capacity capacity(const Config& c, std::uint64_t n) {
  const std::uint64_t largest_shard = shard_range(n, c.gpus, 0).size();
  Capacity cap;
  cap.part_n = static_cast<std::uint64_t>(std::ceil(static_cast<double>(largest_shard) * (1.0 + c.part_slack))) + c.pad;
  const double mean_sub = static_cast<double>(n) / static_cast<double>(c.gpus) / c.subranges;
  // Slack: the fixed part plus six standard deviations of a bucket's sampled size (S/B samples per bucket:
  // 13% at the defaults, 53% with 256 buckets).
  const double per_bucket = static_cast<double>(c.samples_per_gpu) / c.subranges;  // S / B
  const double slack = c.subrange_slack + 6.0 / std::sqrt(std::max(per_bucket, 1.0));
  cap.subrange_n = c.subranges == 1 ? cap.part_n
                                    : std::min<std::uint64_t>(cap.part_n, static_cast<std::uint64_t>(std::ceil(
                                                                              mean_sub * (1.0 + slack))) +
                                                                              c.pad);
  return cap;
}

KeyBounds bucket_key_bounds(const std::vector<KeyIndex>& splitters, int b, int key_bits) {
  const std::uint64_t max_key = key_bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << key_bits) - 1;
  const int last = static_cast<int>(splitters.size());
  GSB_EXPECTS(b >= 0 && b <= last, "sample-multi: bucket " + std::to_string(b) + " of " + std::to_string(last + 1));
  KeyBounds k;
  k.lo = b == 0 ? 0 : splitters[b - 1].key;
  k.hi = max_key;
  if (b < last) {
    const KeyIndex& s = splitters[b];
    if (s.index == 0) {  // x < (K, 0) means x.key < K
      if (s.key == 0) k.empty = true;
      else k.hi = std::min(max_key, s.key - 1);
    } else {
      k.hi = std::min(max_key, s.key);
    }
  }
  if (k.lo > k.hi) k.empty = true;
  return k;
}

int bucket_of(const std::vector<KeyIndex>& splitters, const KeyIndex& x) {
  return static_cast<int>(std::upper_bound(splitters.begin(), splitters.end(), x) - splitters.begin());
}

BucketTable make_bucket_table(const std::vector<KeyIndex>& splitters, int key_bits, int prefix_bits) {
  GSB_EXPECTS(splitters.size() < 65535, "sample-multi: " + std::to_string(splitters.size()) + " splitters");
  BucketTable t;
  t.prefix_bits = std::min(prefix_bits, key_bits);
  t.shift = key_bits - t.prefix_bits;
  const std::uint64_t prefixes = std::uint64_t{1} << t.prefix_bits;
  const std::uint64_t low = t.shift ? (std::uint64_t{1} << t.shift) - 1 : 0;
  t.range.resize(prefixes);
  for (std::uint64_t q = 0; q < prefixes; ++q) {
    const auto lo = static_cast<std::uint32_t>(bucket_of(splitters, KeyIndex{q << t.shift, 0}));
    const auto hi = static_cast<std::uint32_t>(
        bucket_of(splitters, KeyIndex{(q << t.shift) | low, std::numeric_limits<std::uint64_t>::max()}));
    t.range[q] = lo | (hi << 16);
  }
  return t;
}

int bucket_by_table(const BucketTable& t, const std::vector<KeyIndex>& splitters, const KeyIndex& x) {
  const std::uint32_t r = t.range[x.key >> t.shift];
  int lo = static_cast<int>(r & 0xFFFF);
  const int hi = static_cast<int>(r >> 16);
  // Bucket in [lo, hi]: count the splitters lo..hi-1 that are <= x (binary search, as the kernel does).
  int count = hi - lo;
  while (count > 0) {
    const int step = count / 2;
    if (!key_index_less(x, splitters[lo + step])) {
      lo += step + 1;
      count -= step + 1;
    } else {
      count = step;
    }
  }
  return lo;
}

int sort_end_bit(std::uint64_t lo, std::uint64_t hi, int key_bits) {
  const std::uint64_t diff = lo ^ hi;
  if (diff == 0) return 0;
  int bit = 64;
  while (bit > 0 && !((diff >> (bit - 1)) & 1)) --bit;
  return std::min(bit, key_bits);
}

Layout make_layout(const std::vector<std::uint64_t>& counts, int gpus, int subranges) {
  const int B = gpus * subranges;
  GSB_EXPECTS(gpus >= 1 && subranges >= 1 && counts.size() == static_cast<std::size_t>(gpus) * B,
              "sample-multi: layout of " + std::to_string(counts.size()) + " counts for " + std::to_string(gpus) +
                  " GPUs x " + std::to_string(subranges) + " sub-ranges");
  auto cnt = [&](int p, int b) { return counts[static_cast<std::size_t>(p) * B + b]; };
  Layout l;
  l.gpus = gpus;
  l.subranges = subranges;
  l.part_n.assign(gpus, 0);
  l.subrange_begin.assign(static_cast<std::size_t>(gpus) * (subranges + 1), 0);
  l.dest.assign(static_cast<std::size_t>(gpus) * B, 0);
  l.land.assign(static_cast<std::size_t>(gpus) * B, 0);
  l.send_n.assign(gpus, 0);
  for (int g = 0; g < gpus; ++g) {
    std::uint64_t at = 0;
    for (int j = 0; j < subranges; ++j) {
      l.subrange_begin[g * (subranges + 1) + j] = at;
      const int b = g * subranges + j;
      std::uint64_t sub = 0;
      for (int p = 0; p < gpus; ++p) {
        l.land[static_cast<std::size_t>(p) * B + b] = at + sub;
        if (p == g) l.dest[static_cast<std::size_t>(p) * B + b] = at + sub;  // kept: straight into the part
        sub += cnt(p, b);
      }
      l.max_subrange_n = std::max(l.max_subrange_n, sub);
      at += sub;
    }
    l.subrange_begin[g * (subranges + 1) + subranges] = at;
    l.part_n[g] = at;
    l.max_part_n = std::max(l.max_part_n, at);
  }
  l.land_begin = l.subrange_begin;  // the landing buffer is laid out like the sorted part
  for (int p = 0; p < gpus; ++p) {
    std::uint64_t at = 0;
    for (int b = 0; b < B; ++b) {
      if (b / subranges == p) continue;
      l.dest[static_cast<std::size_t>(p) * B + b] = at;
      at += cnt(p, b);
    }
    l.send_n[p] = at;
  }
  return l;
}

RoomPlan plan_rooms(const std::vector<std::uint64_t>& sample_counts, const std::vector<std::uint64_t>& taken,
                    const std::vector<std::uint64_t>& shard_n, int gpus, int subranges, std::uint64_t stride,
                    std::uint64_t send_capacity, std::uint64_t pad) {
  const int B = gpus * subranges;
  GSB_EXPECTS(sample_counts.size() == static_cast<std::size_t>(gpus) * B && taken.size() == std::size_t(gpus) &&
                  shard_n.size() == std::size_t(gpus),
              "sample-multi: room plan of mismatched sizes");
  RoomPlan r;
  r.stride = stride;
  r.room.assign(sample_counts.size(), 0);
  r.region.assign(sample_counts.size(), 0);
  r.send_room.assign(gpus, 0);
  for (int p = 0; p < gpus; ++p) {
    const double m = static_cast<double>(shard_n[p]);
    const double s = static_cast<double>(std::max<std::uint64_t>(taken[p], 1));
    std::uint64_t send_at = 0;
    for (int b = 0; b < B; ++b) {
      const std::size_t i = static_cast<std::size_t>(p) * B + b;
      std::uint64_t room = shard_n[p];
      if (taken[p] < shard_n[p]) {  // sampled: estimate plus 6 sigma (binomial; at least one sample's worth)
        const double f = std::max(static_cast<double>(sample_counts[i]), 1.0) / s;
        const double est = f * m, sigma = m * std::sqrt(f * (1 - std::min(f, 1.0)) / s);
        room = std::min<std::uint64_t>(shard_n[p], static_cast<std::uint64_t>(std::ceil(est + 6 * sigma)) + pad);
      } else {  // every element was a sample: the counts are exact
        room = sample_counts[i];
      }
      r.room[i] = room;
      if (b / subranges == p) {
        r.region[i] = static_cast<std::uint64_t>(b % subranges) * stride;
        if (room > stride) r.fits = false;
      } else {
        r.region[i] = send_at;
        send_at += room;
      }
    }
    r.send_room[p] = send_at;
    if (send_at > send_capacity) r.fits = false;
  }
  return r;
}

Layout make_planned_layout(const std::vector<std::uint64_t>& counts, const RoomPlan& plan, int gpus, int subranges,
                           bool* fits) {
  Layout l = make_layout(counts, gpus, subranges);  // part sizes, sub-range offsets in the sorted part
  const int B = gpus * subranges;
  bool ok = true;
  for (std::size_t i = 0; i < counts.size(); ++i)
    if (counts[i] > plan.room[i]) ok = false;
  l.dest = plan.region;
  for (int g = 0; g < gpus; ++g)
    for (int j = 0; j <= subranges; ++j) l.land_begin[g * (subranges + 1) + j] = static_cast<std::uint64_t>(j) * plan.stride;
  for (int g = 0; g < gpus; ++g)
    for (int j = 0; j < subranges; ++j) {
      const int b = g * subranges + j;
      std::uint64_t at = static_cast<std::uint64_t>(j) * plan.stride;
      l.land[static_cast<std::size_t>(g) * B + b] = at;  // the kept piece, where the scatter wrote it
      at += counts[static_cast<std::size_t>(g) * B + b];
      for (int p = 0; p < gpus; ++p) {
        if (p == g) continue;
        l.land[static_cast<std::size_t>(p) * B + b] = at;
        at += counts[static_cast<std::size_t>(p) * B + b];
      }
      if (at - static_cast<std::uint64_t>(j) * plan.stride > plan.stride) ok = false;
    }
  if (fits) *fits = ok;
  return l;
}

double balance(const Layout& l, std::uint64_t n) {
  if (n == 0 || l.gpus == 0) return 1.0;
  return static_cast<double>(l.max_part_n) / (static_cast<double>(n) / l.gpus);
}

std::uint64_t send_capacity(const Config& c, std::uint64_t n) {
  const std::uint64_t shard = shard_range(n, c.gpus, 0).size();
  if (!c.one_pass) return shard;
  return static_cast<std::uint64_t>(std::ceil(static_cast<double>(shard) * (1.0 + c.send_slack))) +
         static_cast<std::uint64_t>(c.gpus) * c.subranges * c.pad;
}

MemoryPlan memory_plan(const Config& c, std::uint64_t n, std::size_t key_bytes, std::size_t value_bytes,
                       const std::function<std::uint64_t(std::uint64_t)>& sort_temp_bytes,
                       std::uint64_t small_bytes) {
  const Capacity cap = capacity(c, n);
  const std::uint64_t e = key_bytes + value_bytes;
  MemoryPlan m;
  m.input_bytes = cap.part_n * e;
  m.land_bytes = (c.one_pass ? std::max(cap.part_n, cap.subrange_n * c.subranges) : cap.part_n) * e;
  m.send_bytes = c.gpus > 1 ? send_capacity(c, n) * e : 0;
  m.sort_bytes = sort_temp_bytes(cap.subrange_n);
  m.small_bytes = small_bytes;
  return m;
}

}  // namespace gsb::multi
