// Uninitialised, type-erased host arrays (keys or values) of any length.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "gsb/types.hpp"

namespace gsb {

class HostArray {
 public:
  HostArray() = default;
  HostArray(std::uint64_t n, std::size_t element_bytes)
      : n_(n), element_bytes_(element_bytes), data_(new std::byte[n * element_bytes + 1]) {}

  std::uint64_t size() const { return n_; }
  std::size_t element_bytes() const { return element_bytes_; }
  std::size_t bytes() const { return n_ * element_bytes_; }
  void* data() { return data_.get(); }
  const void* data() const { return data_.get(); }
  template <class T> T* as() { return reinterpret_cast<T*>(data_.get()); }
  template <class T> const T* as() const { return reinterpret_cast<const T*>(data_.get()); }

 private:
  std::uint64_t n_ = 0;
  std::size_t element_bytes_ = 0;
  std::unique_ptr<std::byte[]> data_;  // new[] without (): no zero-fill pass over gigabytes
};

// Keys of one type.
struct HostKeys {
  KeyType type = KeyType::u32;
  HostArray array;
  std::uint64_t size() const { return array.size(); }
};

// Parallel copy of `bytes` (OpenMP), for restoring inputs of host back-ends.
void parallel_copy(void* dst, const void* src, std::size_t bytes);

// values[i] = i as u32 or u64 (the original index: lets validation check pairing and stability).
HostArray make_index_values(ValueMode mode, std::uint64_t n);

}  // namespace gsb
