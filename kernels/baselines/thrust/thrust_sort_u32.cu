#include "baselines/thrust/thrust_sort_impl.cuh"
template void gsb::baselines::thrust_sort::sort<std::uint32_t>(const gsb::SortProblem&, const gsb::SortBuffers&);
