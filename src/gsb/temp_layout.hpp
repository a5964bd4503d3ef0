// The project's one bump allocator: consecutive pieces of one block, each aligned to 256 bytes. Used twice with the
// same calls where a back-end sizes its temporary storage: once with base == nullptr to size the block
// (temp_bytes), once with the real pointer to place the pieces (run), so the two never disagree. Out of core
// carves its device slots with it too.
#pragma once

#include <cstddef>

namespace gsb {

class TempLayout {
 public:
  explicit TempLayout(void* base = nullptr) : base_(static_cast<unsigned char*>(base)) {}
  template <class T>
  T* take(std::size_t count) {
    offset_ = (offset_ + alignment - 1) / alignment * alignment;
    T* p = base_ ? reinterpret_cast<T*>(base_ + offset_) : nullptr;
    offset_ += count * sizeof(T);
    return p;
  }
  // Untyped bytes; null for none (a keys-only problem's value buffers stay null).
  void* take_bytes(std::size_t bytes) { return bytes ? static_cast<void*>(take<unsigned char>(bytes)) : nullptr; }
  std::size_t bytes() const { return offset_; }
  static constexpr std::size_t alignment = 256;

 private:
  unsigned char* base_ = nullptr;
  std::size_t offset_ = 0;
};

}  // namespace gsb
