#include "puzzle/seeded_random.h"

namespace puzzle {

uint64_t SeededRandom::Next() {
  uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t SeededRandom::Below(uint64_t n) {
  // The largest multiple of n that fits: values at or above it would favour small results.
  const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t value;
  do {
    value = Next();
  } while (value >= limit);
  return value % n;
}

}  // namespace puzzle
