#include "puzzles/eight/eight_state.h"

namespace puzzle {

uint32_t UnrankEvenTileOrder(uint32_t rank) {
  constexpr uint32_t kWeights[6] = {2520, 360, 60, 12, 3, 1};
  uint32_t unused = 0xFFu;  // bit v set while value v is still free
  uint32_t tiles = 0;
  uint32_t digit_sum = 0;
  for (int i = 0; i < 6; ++i) {
    uint32_t digit = rank / kWeights[i];
    rank %= kWeights[i];
    digit_sum += digit;
    // The digit-th smallest unused value.
    uint32_t candidates = unused;
    for (uint32_t k = 0; k < digit; ++k) candidates &= candidates - 1;
    const uint32_t v = static_cast<uint32_t>(__builtin_ctz(candidates));
    unused &= ~(1u << v);
    tiles |= v << (4 * i);
  }
  // Two values remain; their order fixes the parity (Lehmer digit 6 is 0 ascending, 1 descending).
  const uint32_t low = static_cast<uint32_t>(__builtin_ctz(unused));
  const uint32_t high = static_cast<uint32_t>(31 - __builtin_clz(unused));
  const bool descending = (digit_sum & 1u) != 0;
  tiles |= (descending ? high : low) << 24;
  tiles |= (descending ? low : high) << 28;
  return tiles;
}

bool IsEvenTileOrder(uint32_t tiles) {
  // The Lehmer digits sum to the inversion count (see RankEvenTileOrder for the byte counts).
  constexpr uint64_t kOnes = 0x0101010101010101ull;
  uint64_t smaller_seen = 0;
  uint32_t inversions = 0;
  for (int i = 0; i < 7; ++i) {
    const uint32_t v = (tiles >> (4 * i)) & 0xFu;
    inversions += v - static_cast<uint32_t>((smaller_seen >> (8 * v)) & 0xFF);
    smaller_seen += (kOnes << (8 * v)) << 8;
  }
  return (inversions & 1u) == 0;
}

bool IsTileOrderPermutation(uint32_t tiles) {
  uint32_t seen = 0;
  for (int i = 0; i < 8; ++i) {
    const uint32_t v = (tiles >> (4 * i)) & 0xFu;
    if (v > 7) return false;
    seen |= 1u << v;
  }
  return seen == 0xFFu;
}

}  // namespace puzzle
