#include "puzzle/thread_ranges.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace puzzle {
namespace {

// Every index of [0, size) is visited exactly once, in `threads` ranges that are contiguous and
// in order, whatever the remainder of size / threads.
TEST(ThreadRangesTest, TheRangesCoverEachIndexOnce) {
  for (uint64_t size : {0, 1, 2, 7, 10, 1000}) {
    for (int threads : {1, 2, 3, 8}) {
      std::vector<std::atomic<int>> visits(size);
      std::mutex mu;
      std::vector<std::pair<uint64_t, uint64_t>> ranges;
      RunOnThreadRanges(size, threads, [&](uint64_t begin, uint64_t end) {
        for (uint64_t i = begin; i < end; ++i) ++visits[i];
        std::lock_guard<std::mutex> lock(mu);
        ranges.emplace_back(begin, end);
      });
      ASSERT_EQ(ranges.size(), static_cast<size_t>(threads)) << size << " " << threads;
      for (uint64_t i = 0; i < size; ++i) ASSERT_EQ(visits[i].load(), 1) << size << " " << i;
      std::sort(ranges.begin(), ranges.end());
      uint64_t next = 0;
      for (const auto& [begin, end] : ranges) {
        ASSERT_LE(begin, end);
        if (begin < end) {
          EXPECT_EQ(begin, next);
          next = end;
        }
      }
      EXPECT_EQ(next, size);
    }
  }
}

}  // namespace
}  // namespace puzzle
