#include "baselines/cub_radix/cub_radix_impl.cuh"
template int gsb::baselines::cub_radix::sort<std::uint16_t>(const gsb::SortProblem&, const gsb::SortBuffers&, std::size_t*);
