// One network x key width per translation unit: the heavy kernels of the back-ends compile in parallel.
#include "bitonic/network_sort.cuh"

GSB_NETWORK_INSTANTIATE(bitonic, std::uint32_t)
