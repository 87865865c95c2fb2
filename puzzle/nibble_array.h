// Tables of 4-bit entries, two to a byte: the layout of every 4-bit section in the table files
// (puzzle/TABLE_FORMAT.md: the Rotation Game's distances, the 15-puzzle's pattern databases and
// the 3x3x3's large tier). Entry i is in byte i / 2, in its low four bits when i is even and in
// its high four bits when i is odd. One definition, so that the searches, builders and table
// views agree on it. (Two places keep their own code for it: PackCube3LargeDistances, which packs
// a byte-an-entry table in place, and the 15-puzzle's verifier, which reads the layout on its own
// as an independent check of what the builder wrote.)
//
// These functions hold no state; the caller owns the bytes.
#ifndef PUZZLE_NIBBLE_ARRAY_H_
#define PUZZLE_NIBBLE_ARRAY_H_

#include <cstdint>

namespace puzzle {

// The bytes that `entries` entries take.
inline constexpr uint64_t NibbleArrayBytes(uint64_t entries) { return (entries + 1) / 2; }

// Entry `index` (0..15). REQUIRES: index < the array's entries.
inline int NibbleAt(const uint8_t* bytes, uint64_t index) {
  return bytes[index >> 1] >> (4 * (index & 1)) & 15;
}

// The byte that holds entry `index`, to prefetch it.
inline const uint8_t* NibbleByte(const uint8_t* bytes, uint64_t index) {
  return bytes + (index >> 1);
}

// Sets entry `index` to `value`, leaving its neighbour in the byte as it was.
// REQUIRES: value <= 15; index < the array's entries.
inline void SetNibble(uint8_t* bytes, uint64_t index, unsigned value) {
  const unsigned shift = 4 * (index & 1);
  bytes[index >> 1] = static_cast<uint8_t>((bytes[index >> 1] & ~(15u << shift)) | value << shift);
}

}  // namespace puzzle

#endif  // PUZZLE_NIBBLE_ARRAY_H_
