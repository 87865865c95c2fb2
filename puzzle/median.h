// The median of a sample, as every benchmark and the load test report it: the middle value of an
// odd count, the mean of the middle two of an even count (so that a figure quoted by hand from a
// sorted list agrees with the printed one), and 0 for an empty sample.
#ifndef PUZZLE_MEDIAN_H_
#define PUZZLE_MEDIAN_H_

#include <algorithm>
#include <vector>

namespace puzzle {

// `values` in any order (taken by value: it is sorted).
template <typename T>
double Median(std::vector<T> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 == 1
             ? static_cast<double>(values[n / 2])
             : (static_cast<double>(values[n / 2 - 1]) + static_cast<double>(values[n / 2])) / 2;
}

}  // namespace puzzle

#endif  // PUZZLE_MEDIAN_H_
