#include "gsb/error.hpp"

#include <string>

namespace gsb {

void throw_cuda_error(cudaError_t code, const char* expr, const char* file, int line) {
  throw CudaError(code, std::string(cudaGetErrorName(code)) + " (" + cudaGetErrorString(code) + ") from " +
                            expr + " at " + file + ":" + std::to_string(line));
}

void throw_logic_error(const std::string& reason, const char* file, int line) {
  throw LogicError(reason + " (" + file + ":" + std::to_string(line) + ")");
}

}  // namespace gsb
