// One network x key width per translation unit: the heavy kernels of the back-ends compile in parallel.
#include "bitonic/network_sort.cuh"

GSB_NETWORK_INSTANTIATE(odd_even_merge, std::uint16_t)
