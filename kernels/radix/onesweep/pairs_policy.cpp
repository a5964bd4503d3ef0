// GSB_RADIX_PAIRS_POLICY: which key-value plan candidate `radix` runs (onesweep.hpp, PairsPlans).
#include <cstdlib>
#include <string>

#include "gsb/error.hpp"
#include "radix/onesweep/onesweep.hpp"

namespace gsb::radix::onesweep {

const char* to_string(PairsPolicy p) {
  switch (p) {
    case PairsPolicy::regs: return "regs";
    case PairsPolicy::late: return "late";
    case PairsPolicy::late512: return "late512";
  }
  return "?";
}

// Read on every call (cheap next to a sort) so that tests and tools can switch it within one process.
PairsPolicy pairs_policy() {
  const char* e = std::getenv("GSB_RADIX_PAIRS_POLICY");
  if (e == nullptr || *e == '\0') return PairsPolicy::regs;
  for (PairsPolicy p : {PairsPolicy::regs, PairsPolicy::late, PairsPolicy::late512})
    if (std::string(to_string(p)) == e) return p;
  throw LogicError(std::string("GSB_RADIX_PAIRS_POLICY=") + e + ": expected regs, late or late512");
}

}  // namespace gsb::radix::onesweep
