#include "baselines/cub_merge/cub_merge_impl.cuh"
template void gsb::baselines::cub_merge::sort<std::uint32_t>(const gsb::SortProblem&, const gsb::SortBuffers&, std::size_t*);
