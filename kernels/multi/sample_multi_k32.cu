// sample-multi for 32-bit keys (u32, i32, f32 through the KeyCodec), keys-only and u32/u64 values.
#include "multi/sample_multi_impl.cuh"

namespace gsb::multi {
#define GSB_SAMPLE_MULTI_INSTANTIATE(B, V)                                                                  \
  template std::unique_ptr<MultiGpuSort> make_sample_multi<B, V>(const SortProblem&, const std::vector<int>&, \
                                                                 const Knobs&);                             \
  template std::vector<std::uint64_t> sample_multi_device_bytes<B, V>(const SortProblem&, int, const Knobs&);
GSB_SAMPLE_MULTI_INSTANTIATE(std::uint32_t, NoValue)
GSB_SAMPLE_MULTI_INSTANTIATE(std::uint32_t, std::uint32_t)
GSB_SAMPLE_MULTI_INSTANTIATE(std::uint32_t, std::uint64_t)
}  // namespace gsb::multi
