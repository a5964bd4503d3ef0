#include <algorithm>
#include <string>

#include "gsb/backend.hpp"
#include "gsb/error.hpp"
#include "gsb/staged_sort.hpp"

namespace gsb {

namespace {
template <class T>
bool contains(const std::vector<T>& v, T x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}
}  // namespace

std::unique_ptr<StagedSort> Backend::stage(const SortProblem&, const StagedInput&, const StageSettings&) const {
  return nullptr;
}

std::string Backend::unsupported_reason(const SortProblem& p, const RunOptions& opts) const {
  const BackendInfo& i = info();
  if (!contains(i.key_types, p.key_type)) return "key type " + std::string(to_string(p.key_type)) + " not supported";
  if (!contains(i.value_modes, p.values))
    return "value mode " + std::string(to_string(p.values)) + " not supported";
  if (!contains(i.orders, p.order)) return "order " + std::string(to_string(p.order)) + " not supported";
  if (p.n > i.max_n && !(i.max_n_overridable && opts.force)) {
    std::string r = "n=" + std::to_string(p.n) + " exceeds limit " + std::to_string(i.max_n);
    if (!i.max_n_reason.empty()) r += " (" + i.max_n_reason + ")";
    if (i.max_n_overridable) r += "; --force runs it anyway";
    return r;
  }
  return {};
}

Registry& Registry::instance() {
  static Registry registry;
  return registry;
}

void Registry::add(std::unique_ptr<Backend> backend) {
  GSB_EXPECTS(backend != nullptr, "Registry::add: null back-end");
  GSB_EXPECTS(find(backend->info().name) == nullptr,
              "Registry::add: duplicate back-end name '" + backend->info().name + "'");
  backends_.push_back(std::move(backend));
}

std::vector<const Backend*> Registry::all() const {
  std::vector<const Backend*> out;
  for (const auto& b : backends_) out.push_back(b.get());
  std::sort(out.begin(), out.end(), [](const Backend* a, const Backend* b) {
    if (a->info().family != b->info().family) return a->info().family < b->info().family;
    return a->info().name < b->info().name;
  });
  return out;
}

const Backend* Registry::find(std::string_view name) const {
  for (const auto& b : backends_)
    if (b->info().name == name) return b.get();
  return nullptr;
}

}  // namespace gsb
