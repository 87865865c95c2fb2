// A small seeded generator for scrambles and random-state boards: SplitMix64, fixed here so that a
// seed gives the same board on every platform and standard library (<random>'s distributions are
// not specified bit for bit).
//
// Thread-safety: one instance per thread (it is a value type with state).

#ifndef PUZZLE_SEEDED_RANDOM_H_
#define PUZZLE_SEEDED_RANDOM_H_

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace puzzle {

class SeededRandom {
 public:
  explicit SeededRandom(uint64_t seed) : state_(seed) {}

  uint64_t Next();
  // Uniform in [0, n), without modulo bias (rejection). REQUIRES: n > 0.
  uint64_t Below(uint64_t n);

  // A uniformly random order of `items` (Fisher-Yates), a std::vector or std::array.
  template <typename Container>
  void Shuffle(Container& items) {
    for (size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[Below(i)]);
  }

 private:
  uint64_t state_;
};

}  // namespace puzzle

#endif  // PUZZLE_SEEDED_RANDOM_H_
