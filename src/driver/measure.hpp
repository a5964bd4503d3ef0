// The one repetition loop every path measures with (host back-ends, device back-ends, end to end, staged sorts:
// out of core and multi-GPU): warm-up repetitions, timed repetitions, the case's time budget, and the samples
// that become its statistics; over a timer that is either CUDA events on the case's stream or the host clock.
#pragma once

#include <chrono>
#include <cstddef>
#include <vector>

#include <cuda_runtime_api.h>

#include "gsb/cuda_raii.hpp"
#include "gsb/error.hpp"

namespace gsb {

// Every path stops timing a case once its timed repetitions have taken 30 s, keeping at least 3.
inline constexpr double case_time_budget_ms = 30000;
inline constexpr std::size_t min_timed_repetitions = 3;
inline bool time_budget_spent(double timed_ms, std::size_t timed_repetitions) {
  return timed_ms > case_time_budget_ms && timed_repetitions >= min_timed_repetitions;
}

// The host's steady clock. lap() marks the end of a part of the repetition (end to end: upload, sort,
// download); laps() are the parts' durations since start().
class HostTimer {
 public:
  void start() {
    laps_.clear();
    t0_ = last_ = Clock::now();
  }
  void lap() {
    const auto t = Clock::now();
    laps_.push_back(ms(last_, t));
    last_ = t;
  }
  double stop() { return ms(t0_, Clock::now()); }
  const std::vector<double>& laps() const { return laps_; }

 private:
  using Clock = std::chrono::steady_clock;
  static double ms(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
  }
  Clock::time_point t0_{}, last_{};
  std::vector<double> laps_;
};

// CUDA events around the work enqueued on one stream: device time, whatever the host does meanwhile. stop()
// waits for the stop event and reports a launch failure of the timed work.
class EventTimer {
 public:
  explicit EventTimer(cudaStream_t stream) : stream_(stream) {}
  void start() { GSB_CUDA_TRY(cudaEventRecord(start_.get(), stream_)); }
  double stop() {
    GSB_CUDA_TRY(cudaEventRecord(stop_.get(), stream_));
    GSB_CUDA_TRY(cudaEventSynchronize(stop_.get()));
    GSB_CHECK_LAUNCH();
    return elapsed_ms(start_, stop_);
  }

 private:
  cudaStream_t stream_;
  Event start_, stop_;
};

// Runs warmup + reps repetitions, stopping early once the budget is spent. Each repetition calls prepare(rep)
// (untimed: restore the input, poison the scratch half, flush the L2), then timer.start(), timed(rep),
// timer.stop(), then after(rep, total, counted, last), untimed: check the output, keep per-part times.
// counted is false for the warm-ups; last is true for the final repetition, whether the budget or the count
// ended the loop. Returns the timed repetitions' samples (ms).
template <class Timer, class Prepare, class Timed, class After>
std::vector<double> repeat(int warmup, int reps, Timer& timer, Prepare&& prepare, Timed&& timed, After&& after) {
  std::vector<double> samples;
  double spent = 0;
  const int total = warmup + reps;
  for (int rep = 0; rep < total; ++rep) {
    prepare(rep);
    timer.start();
    timed(rep);
    const double ms = timer.stop();
    const bool counted = rep >= warmup;
    if (counted) {
      samples.push_back(ms);
      spent += ms;
    }
    const bool last = rep + 1 == total || (counted && time_budget_spent(spent, samples.size()));
    after(rep, total, counted, last);
    if (last) break;
  }
  return samples;
}

}  // namespace gsb
