// merge-samples for 1-byte keys (every key type of that width, both orders; keys-only and key-value).
#include "merge/merge_samples.cuh"
#include "merge/merge_samples.hpp"

GSB_MERGE_SAMPLES_INSTANTIATE(std::uint8_t);
