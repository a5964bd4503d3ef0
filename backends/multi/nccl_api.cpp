#include "multi/nccl_api.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <vector>

#include "gsb/env.hpp"
#include "gsb/error.hpp"

namespace gsb::multi {
namespace {

const EnvKnob library_knob = declare_env_knob(
    "GSB_NCCL_LIBRARY", "sample-multi: the NCCL library to load (a file name or path)", [](const std::string&) {});

struct Loaded {
  NcclApi api{};
  std::string why;  // empty when loaded
};

template <class F>
bool bind(void* lib, const char* name, F& f, std::string& why) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  if (f == nullptr && why.empty()) why = std::string("NCCL library lacks ") + name;
  return f != nullptr;
}

Loaded load() {
  Loaded l;
  std::vector<std::string> candidates;
  if (auto v = env_value(library_knob.name.c_str())) {
    candidates.push_back(*v);
  } else {
    candidates.push_back("libnccl.so.2");
#ifdef GSB_NCCL_BUILD_LIBRARY
    candidates.push_back(GSB_NCCL_BUILD_LIBRARY);
#endif
  }
  void* lib = nullptr;
  std::string errors;
  for (const std::string& c : candidates) {
    lib = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (lib != nullptr) break;
    const char* e = dlerror();
    errors += (errors.empty() ? "" : "; ") + std::string(e != nullptr ? e : c + ": not loadable");
  }
  if (lib == nullptr) {
    l.why = "NCCL not found (" + errors + ")";
    return l;
  }
  NcclApi& a = l.api;
  bind(lib, "ncclGetErrorString", a.ncclGetErrorString, l.why);
  bind(lib, "ncclGetVersion", a.ncclGetVersion, l.why);
  bind(lib, "ncclGetUniqueId", a.ncclGetUniqueId, l.why);
  bind(lib, "ncclCommInitRank", a.ncclCommInitRank, l.why);
  bind(lib, "ncclCommDestroy", a.ncclCommDestroy, l.why);
  bind(lib, "ncclGroupStart", a.ncclGroupStart, l.why);
  bind(lib, "ncclGroupEnd", a.ncclGroupEnd, l.why);
  bind(lib, "ncclAllGather", a.ncclAllGather, l.why);
  bind(lib, "ncclSend", a.ncclSend, l.why);
  bind(lib, "ncclRecv", a.ncclRecv, l.why);
  return l;  // the library stays loaded for the process
}

const Loaded& loaded() {
  static const Loaded l = load();
  return l;
}

}  // namespace

const std::string& nccl_unavailable_reason() { return loaded().why; }

const NcclApi& nccl() {
  const Loaded& l = loaded();
  GSB_EXPECTS(l.why.empty(), "sample-multi: " + l.why);
  return l.api;
}

}  // namespace gsb::multi
