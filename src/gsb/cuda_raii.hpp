// CUDA objects owned by C++ objects, once for the whole project (driver, out of core, multi-GPU): device memory,
// pinned host memory, streams and events. Every creation is checked (GSB_CUDA_TRY); destructors never throw (a
// failure there is reported by the next checked call). Device memory and pinned memory move; streams and events
// do not.
#pragma once

#include <cstddef>
#include <utility>

#include <cuda_runtime_api.h>

#include "gsb/error.hpp"

namespace gsb {

// Device memory, on the device current at allocation (freed from any: unified addressing).
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t bytes) : bytes_(bytes) {
    if (bytes > 0) GSB_CUDA_TRY(cudaMalloc(&ptr_, bytes));
  }
  ~DeviceBuffer() {
    if (ptr_) cudaFree(ptr_);
  }
  DeviceBuffer(DeviceBuffer&& o) noexcept : ptr_(std::exchange(o.ptr_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    std::swap(ptr_, o.ptr_);
    std::swap(bytes_, o.bytes_);
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  template <class T = void>
  T* get() const { return static_cast<T*>(ptr_); }
  std::size_t bytes() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

// Pinned (page-locked) host memory; flags as cudaHostAlloc takes them (cudaHostAllocPortable: pinned for every
// GPU of the process).
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  explicit PinnedBuffer(std::size_t bytes, unsigned flags = cudaHostAllocDefault) : bytes_(bytes) {
    if (bytes > 0) GSB_CUDA_TRY(cudaHostAlloc(&ptr_, bytes, flags));
  }
  ~PinnedBuffer() {
    if (ptr_) cudaFreeHost(ptr_);
  }
  PinnedBuffer(PinnedBuffer&& o) noexcept : ptr_(std::exchange(o.ptr_, nullptr)), bytes_(std::exchange(o.bytes_, 0)) {}
  PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
    std::swap(ptr_, o.ptr_);
    std::swap(bytes_, o.bytes_);
    return *this;
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  template <class T = void>
  T* get() const { return static_cast<T*>(ptr_); }
  std::byte* bytes_at(std::size_t offset) const { return static_cast<std::byte*>(ptr_) + offset; }
  std::size_t bytes() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

// A non-blocking stream of the device current at creation.
class Stream {
 public:
  Stream() { GSB_CUDA_TRY(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
  ~Stream() {
    if (s_) cudaStreamDestroy(s_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  cudaStream_t get() const { return s_; }

 private:
  cudaStream_t s_ = nullptr;
};

// A timing event of the device current at creation.
class Event {
 public:
  Event() { GSB_CUDA_TRY(cudaEventCreate(&e_)); }
  ~Event() {
    if (e_) cudaEventDestroy(e_);
  }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  cudaEvent_t get() const { return e_; }

 private:
  cudaEvent_t e_ = nullptr;
};

// Milliseconds from a to b (both recorded and complete).
inline float elapsed_ms(const Event& a, const Event& b) {
  float ms = 0;
  GSB_CUDA_TRY(cudaEventElapsedTime(&ms, a.get(), b.get()));
  return ms;
}

}  // namespace gsb
