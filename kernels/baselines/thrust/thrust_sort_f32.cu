#include "baselines/thrust/thrust_sort_impl.cuh"
template void gsb::baselines::thrust_sort::sort<float>(const gsb::SortProblem&, const gsb::SortBuffers&);
