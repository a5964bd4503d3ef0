// Pieces the merge back-ends share: the KeyCodec as a load/store transform for serial_merge, the copy that
// encodes the input into both halves of the double buffer, the final decode, and the single-thread merge
// kernel of the recursive back-ends.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include <cuda_runtime_api.h>

#include "gsb/device_props.hpp"
#include "merge/merge_path.hpp"
#include "gsb/backend.hpp"
#include "gsb/dispatch.hpp"
#include "gsb/error.hpp"
#include "gsb/key_codec.hpp"

namespace gsb::merge {

// KeyCodec steps as a serial_merge transform: encode keys as they are read (first pass), decode them as
// they are written (last pass); in between both flags are off and keys stay encoded.
template <class Bits>
struct CodecTransform {
  KeyCodec<Bits> codec;
  bool encode_on_load = false;
  bool decode_on_store = false;
  GSB_HD Bits load(Bits k) const { return encode_on_load ? codec.encode(k) : k; }
  GSB_HD Bits store(Bits k) const { return decode_on_store ? codec.decode(k) : k; }
};

constexpr int elementwise_threads = 256;

inline unsigned elementwise_blocks(std::uint64_t n) {
  // Grid-stride loops: 32 blocks per SM are enough to stream memory, and keep gridDim.x in range.
  const std::uint64_t blocks = (n + elementwise_threads - 1) / elementwise_threads;
  const std::uint64_t most = std::uint64_t(current_device_props().sm_count) * 32;
  return static_cast<unsigned>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(blocks, most)));
}

// keys0[i] = encode(keys0[i]); keys1[i] = keys0[i]; values1[i] = values0[i]. Afterwards both halves hold the
// same encoded input: the precondition of the top-down "sort into one half using the other" recursion.
template <class Bits, class Value>
__global__ void encode_into_both_kernel(Bits* keys0, Bits* keys1, const Value* values0, Value* values1,
                                        std::uint64_t n, KeyCodec<Bits> codec) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride) {
    const Bits k = codec.encode(keys0[i]);
    keys0[i] = k;
    keys1[i] = k;
    if constexpr (has_values_v<Value>) values1[i] = values0[i];
  }
}

template <class Bits>
__global__ void decode_kernel(Bits* keys, std::uint64_t n, KeyCodec<Bits> codec) {
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride)
    keys[i] = codec.decode(keys[i]);
}

// One merge, one thread: src[0, a_len) and src[a_len, a_len + b_len) into dst[0, a_len + b_len), as 002_*'s
// merge<<<1, 1>>>. Launched once per merge by merge-recursive (from the host) and merge-cdp (from the GPU).
template <class Bits, class Value>
__global__ void merge_one_kernel(const Bits* src, const Value* src_v, std::uint64_t a_len, std::uint64_t b_len,
                                 Bits* dst, Value* dst_v) {
  serial_merge(src, src_v, a_len, src + a_len, advance(src_v, a_len), b_len, dst, dst_v, a_len + b_len);
}

template <class Bits, class Value>
void launch_encode_into_both(const SortBuffers& b, std::uint64_t n, const KeyCodec<Bits>& codec) {
  encode_into_both_kernel<Bits, Value><<<elementwise_blocks(n), elementwise_threads, 0, b.stream>>>(
      static_cast<Bits*>(b.keys[0]), static_cast<Bits*>(b.keys[1]), static_cast<const Value*>(b.values[0]),
      static_cast<Value*>(b.values[1]), n, codec);
  GSB_CHECK_LAUNCH();
}

template <class Bits>
void launch_decode(void* keys, std::uint64_t n, const KeyCodec<Bits>& codec, cudaStream_t stream) {
  if (codec.is_identity()) return;
  decode_kernel<Bits><<<elementwise_blocks(n), elementwise_threads, 0, stream>>>(static_cast<Bits*>(keys), n, codec);
  GSB_CHECK_LAUNCH();
}

// The description of a merge sort with single-thread merges: stable, and an n limit that --force lifts (the serial
// merges bound n by time, not by correctness).
struct SerialMergeInfo {
  const char* name;
  const char* description;
  std::uint64_t max_n;
  const char* max_n_reason;
};

// What those sorts share (recursive, iterative, CDP; gsb/sort_backend.hpp): the description from Self::info, no
// memory beyond the double buffer, nothing to do for n <= 1, and the key codec made once:
// Self::sort_encoded<Bits, Value>(p, b, codec) is each one's own part.
template <class Self>
struct SerialMergeSort : TypedSort<Self> {
  static BackendInfo describe() {
    BackendInfo i{Self::info.name, Self::info.description, "merge"};
    i.stable = true;
    i.max_n = Self::info.max_n;
    i.max_n_reason = Self::info.max_n_reason;
    i.max_n_overridable = true;
    return i;
  }
  static std::size_t temp_bytes(const SortProblem&) { return 0; }
  template <class Bits, class Value>
  static int sort(const SortProblem& p, const SortBuffers& b) {
    if (p.n <= 1) return 0;
    return Self::template sort_encoded<Bits, Value>(p, b, make_codec<Bits>(p.key_type, p.order));
  }
};

}  // namespace gsb::merge
