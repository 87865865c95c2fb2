// Splitting a range of work over threads, as the table builders and verifiers do: each thread
// takes one contiguous range, so that a pass over a table reads and writes memory in order.
//
// Thread-safety: `run` is called from `threads` threads at once, on disjoint ranges.
#ifndef PUZZLE_THREAD_RANGES_H_
#define PUZZLE_THREAD_RANGES_H_

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

namespace puzzle {

// Calls run(begin, end) for `threads` contiguous ranges (the last ones may be empty) that cover
// [0, size) in order, each on its own thread, and returns when all have returned.
// REQUIRES: threads >= 1.
template <typename Run>
void RunOnThreadRanges(uint64_t size, int threads, Run run) {
  std::vector<std::thread> workers;
  const uint64_t chunk = (size + threads - 1) / threads;
  for (int t = 0; t < threads; ++t) {
    const uint64_t begin = std::min<uint64_t>(size, t * chunk);
    workers.emplace_back(run, begin, std::min<uint64_t>(size, begin + chunk));
  }
  for (std::thread& w : workers) w.join();
}

}  // namespace puzzle

#endif  // PUZZLE_THREAD_RANGES_H_
